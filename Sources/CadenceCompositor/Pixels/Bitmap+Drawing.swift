import CadenceGeometry
import CadencePixels

/// Anti-aliased strokes and discs, for plots and diagnostics (not the layer compositor).
///
/// Coordinates are in pixels: pixel (x, y) covers `x..<x+1` × `y..<y+1`, so its centre is
/// at (x + 0.5, y + 0.5). A pixel's coverage is estimated from the distance `d` of its
/// centre to the shape's centre line: `clamp(w/2 + 0.5 − d, 0, min(1, w))` for a stroke of
/// width `w` (a box filter across the edge; exact for straight edges at any angle to
/// within the filter's approximation, about 0.1 coverage at corners). Every pixel of one
/// call is blended once with its largest coverage, so joints of a polyline are not darker
/// than its segments. Points that are NaN or infinite are skipped; shapes may extend past
/// the bitmap (they are clipped), though coordinates beyond about 1e15 pixels lose the
/// precision to place them (never a trap). Cost: proportional to the pixels near the
/// shape, within the bitmap.
extension Bitmap {
    /// Strokes the polyline through `points` with round joins and caps, `width` pixels
    /// wide, in premultiplied `color`. One point draws a disc of diameter `width`.
    public mutating func strokePolyline(_ points: [Point], width: Double, color: SIMD4<UInt8>) {
        let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
        guard !finite.isEmpty, width > 0, width.isFinite else { return }
        let half = width / 2
        let peak = Swift.min(1, width)
        // The bounding box of the shape, one pixel wider for the soft edge, clipped.
        let reach = half + 1
        let minX = clampedPixel(finite.map(\.x).min()! - reach, limit: self.width)
        let maxX = clampedPixel(finite.map(\.x).max()! + reach, limit: self.width)
        let minY = clampedPixel(finite.map(\.y).min()! - reach, limit: height)
        let maxY = clampedPixel(finite.map(\.y).max()! + reach, limit: height)
        guard minX < maxX, minY < maxY else { return }
        let boxWidth = maxX - minX
        var coverage = [Float](repeating: 0, count: boxWidth * (maxY - minY))
        let segments = finite.count == 1 ? [(finite[0], finite[0])] : Array(zip(finite, finite.dropFirst()))
        for (a, b) in segments {
            let x0 = Swift.max(minX, clampedPixel(Swift.min(a.x, b.x) - reach, limit: self.width))
            let x1 = Swift.min(maxX, clampedPixel(Swift.max(a.x, b.x) + reach, limit: self.width))
            let y0 = Swift.max(minY, clampedPixel(Swift.min(a.y, b.y) - reach, limit: height))
            let y1 = Swift.min(maxY, clampedPixel(Swift.max(a.y, b.y) + reach, limit: height))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let d = Self.distance(from: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), toSegment: a, b)
                    let c = Float(Swift.min(Swift.max(half + 0.5 - d, 0), peak))
                    let i = (y - minY) * boxWidth + (x - minX)
                    if c > coverage[i] { coverage[i] = c }
                }
            }
        }
        for y in minY..<maxY {
            for x in minX..<maxX {
                let c = coverage[(y - minY) * boxWidth + (x - minX)]
                if c > 0 { blend(x: x, y: y, color: color, coverage: Double(c)) }
            }
        }
    }

    /// Composites `color` (premultiplied RGBA, 0…255) with `coverage` (0…1) over pixel
    /// (x, y), source-over, rounding to nearest; pixels outside the bitmap are ignored.
    public mutating func blend(x: Int, y: Int, color: SIMD4<UInt8>, coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let c = Swift.min(coverage, 1)
        let source = SIMD4<Double>(color) * c
        let destination = SIMD4<Double>(self[x, y])
        let result = source + destination * (1 - source[3] / 255)
        self[x, y] = SIMD4<UInt8>((result.rounded(.toNearestOrAwayFromZero)).clamped(
            lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
    }

    /// Strokes the segment from `start` to `end` with round caps.
    public mutating func strokeLine(from start: Point, to end: Point, width: Double, color: SIMD4<UInt8>) {
        strokePolyline([start, end], width: width, color: color)
    }

    /// Fills the disc of `radius` pixels around `center`.
    public mutating func fillDisc(center: Point, radius: Double, color: SIMD4<UInt8>) {
        strokePolyline([center], width: 2 * radius, color: color)
    }

    /// The distance from `p` to the segment `a`–`b` (to `a` when the two coincide).
    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 {
            t = Swift.min(Swift.max(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0), 1)
        }
        let ex = p.x - (a.x + t * dx), ey = p.y - (a.y + t * dy)
        return (ex * ex + ey * ey).squareRoot()
    }

    /// `value` rounded down to a pixel index and clamped into `0...limit` (safe for huge
    /// values, which `Int(_:)` would trap on).
    private func clampedPixel(_ value: Double, limit: Int) -> Int {
        Int(Swift.min(Swift.max(value.rounded(.down), 0), Double(limit)))
    }
}
