import CadencePixels

/// Hooks for tests and benchmarks (`@_spi(Testing)`): drawing a render list over pixels
/// that are already there, as a peer library composites onto an existing canvas.
extension Compositor {
    /// Draws `list` over the pixels of `bitmap` as they are — no clear, no allocation once
    /// the scratch memory has grown — so the kernels can be measured against a library that
    /// composites onto a canvas it keeps. Nothing is drawn when the list's pixel size is not
    /// the bitmap's or the bitmap's storage is shorter than its size says.
    @_spi(Testing)
    public func draw(_ list: RenderList, over bitmap: inout Bitmap) {
        prepareBands(for: list)
        drawChecked(list, over: &bitmap, rows: nil)
    }

    /// Draws the rows `rows` of `list` over `bitmap` as a band of a frame drawn in bands
    /// does (the first worker's scratch memory, on the calling thread), for a per-band
    /// profile: what each band costs when the frame is cut into `n`, with what the bands
    /// share as the last `prepareBands(for:)` found it: call that for `list` first (a band
    /// handed another list's occluders would leave the wrong parts of its root unfilled).
    /// Nothing is drawn when the sizes differ as for `draw(_:over:)`.
    @_spi(Testing)
    public func drawBand(_ list: RenderList, rows: Range<Int>, over bitmap: inout Bitmap) {
        drawChecked(list, over: &bitmap, rows: rows)
    }

    /// The rows of each band when `list` is drawn with `threads` threads (bands of at most
    /// `Compositor.bandByteLimit` bytes).
    @_spi(Testing)
    public static func bandRows(for list: RenderList, threads: Int) -> [Range<Int>] {
        bands(for: list, threads: threads, byteLimit: bandByteLimit)
    }

    private func drawChecked(_ list: RenderList, over bitmap: inout Bitmap, rows: Range<Int>?) {
        guard list.pixelWidth == bitmap.width, list.pixelHeight == bitmap.height,
              bitmap.bytesPerRow >= 4 * bitmap.width, bitmap.pixels.count >= bitmap.bytesPerRow * bitmap.height
        else { return }
        let stride = bitmap.bytesPerRow
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            rasterizer.draw(list, into: pixels.baseAddress!, stride: stride, rows: rows, occluders: occluders)
        }
    }
}
