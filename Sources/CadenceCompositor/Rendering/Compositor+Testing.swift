/// Hooks for tests and benchmarks (`@_spi(Testing)`): drawing a render list over pixels
/// that are already there, as a peer library composites onto an existing canvas.
extension Compositor {
    /// Draws `list` over the pixels of `bitmap` as they are — no clear, no allocation once
    /// the scratch memory has grown — so the kernels can be measured against a library that
    /// composites onto a canvas it keeps. Nothing is drawn when the list's pixel size is not
    /// the bitmap's or the bitmap's storage is shorter than its size says.
    @_spi(Testing)
    public func draw(_ list: RenderList, over bitmap: inout Bitmap) {
        guard list.pixelWidth == bitmap.width, list.pixelHeight == bitmap.height,
              bitmap.bytesPerRow >= 4 * bitmap.width, bitmap.pixels.count >= bitmap.bytesPerRow * bitmap.height
        else { return }
        let stride = bitmap.bytesPerRow
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            rasterizer.draw(list, into: pixels.baseAddress!, stride: stride)
        }
    }
}
