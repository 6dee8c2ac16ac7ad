import CadencePixels

/// The compositor's own uses of pixel rectangles: the rows a band covers, and the pixels a
/// drawn box can touch.
extension PixelRect {
    /// The pixels of the rows of `other`, all columns (`.empty` when none).
    func rows(of other: PixelRect) -> PixelRect {
        intersection(PixelRect(minX: minX, minY: other.minY, maxX: maxX, maxY: other.maxY))
    }

    /// The pixels that meet the real box `lo … hi` (pixel coordinates) grown by `margin`
    /// on every side, within `limit`. Non-finite or huge coordinates are clamped to
    /// `limit` before any conversion to `Int`, so this never traps; a NaN box is empty.
    init(covering lo: SIMD2<Double>, _ hi: SIMD2<Double>, margin: Double, within limit: PixelRect) {
        guard !lo.x.isNaN, !lo.y.isNaN, !hi.x.isNaN, !hi.y.isNaN, !limit.isEmpty else {
            self = .empty
            return
        }
        func clamped(_ v: Double, _ low: Int, _ high: Int) -> Int {
            Int(Swift.min(Swift.max(v, Double(low)), Double(high)))
        }
        let r = PixelRect(
            minX: clamped((lo.x - margin).rounded(.down), limit.minX, limit.maxX),
            minY: clamped((lo.y - margin).rounded(.down), limit.minY, limit.maxY),
            maxX: clamped((hi.x + margin).rounded(.up), limit.minX, limit.maxX),
            maxY: clamped((hi.y + margin).rounded(.up), limit.minY, limit.maxY))
        self = r.isEmpty ? .empty : r
    }
}
