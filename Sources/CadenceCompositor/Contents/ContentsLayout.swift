import CadenceGeometry
import CadenceLayers

/// Where a layer's contents image lands in its bounds, and which point of the image each
/// layer point shows: `contentsGravity`, `contentsRect`, `contentsCenter` and
/// `contentsScale` resolved once per layer per frame (`docs/compositor.md` § 9).
///
/// **Destination.** `destination` (`D`, layer coordinates) is the bounds for `resize`, the
/// aspect fit or fill for `resizeAspect`/`resizeAspectFill` (centred; the fill overflows),
/// else the natural size `N = (|cr.width| · W, |cr.height| · H) / contentsScale` placed by
/// the gravity, `top` meaning the maximum y (Core Animation's y-up names).
///
/// **Mapping.** A layer point is first clamped to `D` (pixels just outside `D`, which its
/// anti-aliased edge covers partly, show `D`'s edge, not what lies beyond the
/// `contentsRect`), then mapped along each axis independently by a map of three linear
/// pieces — the nine-part grid of `contentsCenter` — to the unit square of the contents,
/// through `contentsRect` (a negative size mirrors), to image coordinates: `x · W`, and
/// `y · H` when `rowZeroAtUnitYZero` (the layer's y axis points down on the canvas), else
/// `(1 − y) · H`. Texel `i` covers `[i, i + 1)`. Under positioning gravities the grid is
/// ignored (the image is not scaled, so it would be the identity anyway).
///
/// **Sanitising.** `contentsScale` not finite or ≤ 0 reads as 1; a `contentsRect` or
/// `contentsCenter` with a non-finite field reads as the unit square; `contentsCenter` is
/// standardised and clamped to the unit square, and a zero width or height becomes one
/// source pixel centred there (Apple's documented rule). `nil` — nothing is drawn — for an
/// image without pixels (or a non-finite size), a degenerate `N` (zero or not finite), a
/// resize gravity on bounds of zero area, or a result that overflows `Double`.
///
/// Cost: constant (a few dozen operations) to build; per point two 3-piece maps.
struct ContentsLayout: Hashable, Sendable {
    /// One axis of the mapping: layer offset `t` from `D`'s minimum (0 … `length`) to an
    /// image coordinate, in three linear pieces `[0, start)`, `[start, end)`,
    /// `[end, length]`. A piece of zero length takes a neighbour's slope (its value is never
    /// used, but a point clamped onto `D`'s edge reports the slope of the part it shows);
    /// the map jumps at `start == end` when shrinking margins squeezed the centre part out.
    struct Axis: Hashable, Sendable {
        /// `D`'s extent along the axis, in layer units (> 0).
        var length: Double
        /// The breakpoints, `0 ≤ start ≤ end ≤ length`.
        var start, end: Double
        /// The image coordinate at `start` (from the left or centre piece) and at `end`
        /// (from the right piece).
        var startValue, endValue: Double
        /// Image units per layer unit in each piece.
        var slopes: SIMD3<Double>

        /// The image coordinate at offset `t`, clamped to `0 … length` first (NaN reads
        /// as 0).
        func image(at t: Double) -> Double {
            let c = clamp(t)
            if c < start { return startValue + slopes[0] * (c - start) }
            if c < end { return startValue + slopes[1] * (c - start) }
            return endValue + slopes[2] * (c - end)
        }

        /// The slope of the piece containing `t` (clamped as in `image(at:)`).
        func slope(at t: Double) -> Double {
            let c = clamp(t)
            return c < start ? slopes[0] : c < end ? slopes[1] : slopes[2]
        }

        func clamp(_ t: Double) -> Double { t > 0 ? Swift.min(t, length) : 0 }

        /// Whether the whole axis is one linear piece (`image(at:)` = `linearValue +
        /// linearSlope · t` on `0 … length`): every piece of positive length has the same
        /// slope and the map does not jump.
        var isLinear: Bool {
            let s = linearSlope
            return (start == 0 || slopes[0] == s) && (end == start || slopes[1] == s) && (end == length || slopes[2] == s)
                && (end > start || startValue == endValue)
        }

        /// The slope of a linear axis (of its first piece of positive length).
        var linearSlope: Double { start > 0 ? slopes[0] : end > start ? slopes[1] : slopes[2] }
        /// The image coordinate at `t = 0` of a linear axis.
        var linearValue: Double { image(at: 0) }

        /// The image coordinates at the two ends of `D`, lowest first.
        var range: ClosedRange<Double> {
            let a = image(at: 0), b = image(at: length)
            return Swift.min(a, b)...Swift.max(a, b)
        }
    }

    /// `D`, standardised, in layer coordinates.
    let destination: Rect
    /// `N`, the contents' natural size in points.
    let naturalSize: Size
    /// The image's size in pixels.
    let imageWidth, imageHeight: Double
    let x, y: Axis

    /// The layout of an image of `imageSize` pixels in `bounds` (see the type's comment).
    init?(
        bounds: Rect, imageSize: Size, gravity: ContentsGravity, contentsRect: Rect, contentsCenter: Rect,
        contentsScale: Double, rowZeroAtUnitYZero: Bool
    ) {
        let w = imageSize.width, h = imageSize.height
        let cr = Self.finite(contentsRect) ? contentsRect : Rect(x: 0, y: 0, width: 1, height: 1)
        guard let n = ContentsGravity.naturalSize(imageSize: imageSize, contentsScale: contentsScale, contentsRect: cr),
              let d = gravity.destination(in: bounds, naturalSize: n)
        else { return nil }

        // The nine-part grid, in the contents' unit square.
        let center = Self.sanitizedCenter(contentsCenter, pixels: SIMD2(abs(cr.size.width) * w, abs(cr.size.height) * h))
        let grid: Rect
        switch gravity {
        case .resize, .resizeAspect, .resizeAspectFill: grid = center
        default: grid = Rect(x: 0, y: 0, width: 1, height: 1)
        }
        // Unit coordinate u of the contents → image: origin + u · size, per axis.
        let xImage = (origin: w * cr.origin.x, size: w * cr.size.width)
        let yImage = rowZeroAtUnitYZero
            ? (origin: h * cr.origin.y, size: h * cr.size.height)
            : (origin: h * (1 - cr.origin.y), size: -h * cr.size.height)
        let ax = Self.axis(length: d.width, natural: n.width, low: grid.minX, high: grid.maxX,
                           origin: xImage.origin, size: xImage.size)
        let ay = Self.axis(length: d.height, natural: n.height, low: grid.minY, high: grid.maxY,
                           origin: yImage.origin, size: yImage.size)
        guard let ax, let ay else { return nil }
        destination = d
        naturalSize = n
        imageWidth = w
        imageHeight = h
        x = ax
        y = ay
    }

    /// The image coordinates of the layer point `p` (clamped to `D` first). `Double`: the
    /// reference the sampler's `Float` lanes are tested against.
    func imagePoint(_ p: Point) -> Point {
        Point(x: x.image(at: p.x - destination.minX), y: y.image(at: p.y - destination.minY))
    }

    // MARK: Building

    static func finite(_ r: Rect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }

    /// `contentsCenter` sanitised: non-finite → unit square; standardised; clamped to the
    /// unit square; a zero width or height widened to one source pixel (`1 / pixels`)
    /// centred on it, clamped again.
    static func sanitizedCenter(_ c: Rect, pixels: SIMD2<Double>) -> Rect {
        guard finite(c) else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        func unit(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), 1) }
        var lo = SIMD2(unit(c.minX), unit(c.minY)), hi = SIMD2(unit(c.maxX), unit(c.maxY))
        for k in 0..<2 where hi[k] == lo[k] {
            let half = 0.5 / pixels[k]
            let mid = lo[k]
            lo[k] = unit(mid - half)
            hi[k] = unit(mid + half)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// One axis: `D`'s `length`, the natural extent, the grid's `low … high` in the unit
    /// square of the contents, and the contents' unit → image map `origin + u · size`.
    static func axis(length: Double, natural: Double, low: Double, high: Double, origin: Double, size: Double) -> Axis? {
        var margin0 = low * natural, margin1 = (1 - high) * natural
        if margin0 + margin1 > length {
            // Both margins shrink by the same factor to fit.
            let k = length / (margin0 + margin1)
            margin0 *= k
            margin1 *= k
            if margin0 + margin1 > length { margin1 = Swift.max(0, length - margin0) }
        }
        let start = margin0, end = Swift.max(start, length - margin1)
        func slope(_ du: Double, _ dt: Double) -> Double? { dt > 0 ? du * size / dt : nil }
        // An empty piece takes its neighbour's slope: its value is never used, but a point
        // clamped onto its end still reports the footprint of the part it shows.
        let s1 = slope(high - low, end - start)
        let s0 = slope(low, start) ?? s1 ?? slope(1 - high, length - end) ?? 0
        let s2 = slope(1 - high, length - end) ?? s1 ?? s0
        let axis = Axis(
            length: length, start: start, end: end,
            startValue: origin + low * size, endValue: origin + high * size,
            slopes: SIMD3(s0, s1 ?? s0, s2))
        let sum = axis.length + axis.start + axis.end + axis.startValue + axis.endValue + axis.slopes.sum()
        guard sum.isFinite else { return nil }  // every field finite (and no overflow)
        return axis
    }
}
