import CadenceGeometry
import CadenceLayers
import CadencePixels

extension GraphicsContext {
    /// Draws `image` stretched over `rect` (user space; `CGContextDrawImage`), row 0 at the
    /// rectangle's minimum y (upright in Cadence's y-down user space; a transform that
    /// flips y flips the image, as in Core Graphics), with `alpha` and the clip. Sampled by
    /// the compositor's contents sampler (`docs/compositor.md` § 9): `filter` when
    /// magnifying and when minifying (trilinear builds the image's mipmaps, once per call),
    /// edges clamped; the rectangle's edges anti-aliased by exact area. A rectangle of zero
    /// area, non-finite fields, or a singular transform draw nothing. Cost: about 4 texel
    /// loads a pixel of the rectangle within the clip (bilinear), plus the mip chain when
    /// minifying with `.trilinear`.
    public func draw(_ image: Bitmap, in rect: Rect, filter: ContentsFilter = .linear) {
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        let map = state.map
        guard let layout = ContentsLayout(
                bounds: rect, imageSize: image.pixelSize, gravity: .resize, contentsRect: unit, contentsCenter: unit,
                contentsScale: 1, rowZeroAtUnitYZero: true),
              flatten(Path(rect: rect), into: &polygons)
        else { return }
        let mipmapped = ContentsSampler.needsMipmaps(layout: layout, map: map, minification: filter, bias: 0)
        guard let sampler = ContentsSampler(
            image: ContentsImage(image, mipmapped: mipmapped), layout: layout, map: map, magnification: filter,
            minification: filter, bias: 0)
        else { return }
        draw(polygons, rule: .nonZero, shader: .colors { y, x0, count, out in
            sampler.sampleRow(y, from: x0, count: count, into: out)
        })
    }
}
