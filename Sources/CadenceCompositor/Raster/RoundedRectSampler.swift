#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CadenceGeometry
import CadenceLayers

/// Anti-aliased coverage of a layer's rounded bounds (and of its border ring) seen through
/// a plane map, one row of pixels at a time, in `SIMD8<Float>` lanes.
///
/// **Metric.** Each pixel centre `(x + 0.5, y + 0.5)` is mapped back into the layer's
/// plane, `(u, v)` measured from the rectangle's centre. For each axis the distances to
/// the two edges, in layer units, become pixel units by dividing by the length of the
/// gradient of `u` (or `v`) with respect to pixel coordinates — exact for affine maps,
/// first-order under perspective (the edge's image is a line; the error grows with the
/// square of the distance, well under 1/255 of coverage inside the half-pixel band for any
/// layer that is not nearly edge-on). The coverage along an axis is the overlap of a
/// one-pixel box with the slab between the edges,
/// `cx = max(0, sat(0.5 + dNear) + sat(0.5 + dFar) − 1)`, and of the rectangle `cx · cy`:
/// the exact area for axis-aligned edges (a pixel-aligned rectangle covers its pixels with
/// exactly 1 and its neighbours with exactly 0; a slab thinner than a pixel covers its
/// width), a box-filter approximation for rotated ones. In a corner region (both `|u|` and
/// `|v|` past the start of the rounding) the coverage is at most `sat(0.5 − d)`, `d` the
/// signed distance to the corner circle converted to pixels through the gradient of the
/// circle's distance function. A pixel whose preimage lies behind the viewer (w ≤ 0) is
/// not covered. NaN anywhere becomes coverage 0.
///
/// **Corners.** Only the corners of `maskedCorners` are rounded (a corner is picked by the
/// signs of `u` and `v`: `layerMinXMinYCorner` is u < 0, v < 0); the others are square.
/// A `.continuous` corner is the quarter superellipse `(qx/L)ⁿ + (qy/L)ⁿ = 1`, `q` measured
/// from the point `L` inside the corner along both edges: it meets the edges at
/// `L = min(continuousExtent · r, half the shorter side)` from the corner, with curvature
/// 0 there (n > 2), and its exponent `n = ln 2 / −ln(1 − (1 − 1/√2) · r/L)` puts its
/// middle (at 45°) exactly as deep as the circle's, `(1 − 1/√2) · r` in from each edge.
/// At `L = r` (a radius of half the shorter side) it is the circle (n = 2). Its distance is
/// the first-order `(N − L) / |∇N|`, `N = L·((qx/L)ⁿ + (qy/L)ⁿ)^(1/n)`, through the
/// same pixel gradients (exact for the circle, where `N = |q|`).
///
/// **Border.** The ring between the bounds and the bounds inset by `borderWidth` (the inner
/// radius `max(0, cornerRadius − borderWidth)`): `max(0, outer − inner)`.
///
/// Cost: about 30 Float operations a pixel for a rectangle, 60 with rounded corners or
/// perspective, twice that with the inner edge; a continuous corner adds five `powf` a
/// pixel in the corners' squares only; no allocation.
struct RoundedRectSampler {
    /// A rounded rectangle centred on the origin: half extents and corner radius, in
    /// layer units (radius ≤ both half extents), and the corner's curve.
    struct Shape {
        var halfWidth, halfHeight, radius: Float
        /// How far from the corner the curve meets the edges, `L`: the radius for a
        /// circular corner (see the type's doc comment).
        var extent: Float
        /// The superellipse's exponent `n`: 2 for a circle.
        var exponent: Float

        /// `nil` when the rectangle is empty.
        init?(halfWidth: Double, halfHeight: Double, radius: Double, curve: CornerCurve = .circular) {
            guard halfWidth > 0, halfHeight > 0 else { return nil }
            let limit = 1e30  // Float's range, with room for sums.
            self.halfWidth = Float(Swift.min(halfWidth, limit))
            self.halfHeight = Float(Swift.min(halfHeight, limit))
            let r = Swift.min(Swift.max(radius, 0), Swift.min(halfWidth, halfHeight, limit))
            self.radius = Float(r)
            let (extent, exponent) = Self.corner(radius: r, room: Swift.min(halfWidth, halfHeight, limit), curve: curve)
            self.extent = Float(extent)
            self.exponent = Float(exponent)
        }

        /// How far a continuous corner reaches along each edge, in radii, when there is
        /// room: 1.528, the reach of Core Animation's continuous corners.
        static let continuousExtent = 1.528

        /// The corner's reach `L` and exponent `n` for radius `r` with `room` (half the
        /// shorter side) along the edges: `(r, 2)` for a circle.
        static func corner(radius r: Double, room: Double, curve: CornerCurve) -> (extent: Double, exponent: Double) {
            guard curve == .continuous, r > 0 else { return (r, 2) }
            let extent = Swift.min(continuousExtent * r, room)
            guard extent > r else { return (r, 2) }
            // The depth at 45°, as a fraction of L: 1 − 2^(−1/n) = (1 − 1/√2) · r/L.
            let depth = (1 - 0.5.squareRoot()) * r / extent
            return (extent, log(2) / -log1p(-depth))
        }
    }

    /// Pixel coordinates to the layer's plane, recentred on the rectangle's centre
    /// (affine maps are normalised so that w = 1).
    let inverse: PlaneMap
    let isAffine: Bool
    /// d(u·w)/dx, d(u·w)/dy, … : the inverse's linear part.
    let ux, uy, vx, vy, wx, wy: Float
    /// For affine maps: pixels per layer unit across the u and v edges.
    let pixelsPerU, pixelsPerV: Float
    let outer: Shape
    let inner: Shape?
    /// The rounded corners; `nil` when all four are (no per-lane choice).
    let corners: CornerMask?
    /// Along a row (affine maps): the reciprocals of the steps of u and v per pixel and of
    /// the step's squared length, for the row spans (`interior`, `support`): infinite for
    /// a zero step, which those test first.
    let inverseStepU, inverseStepV, inverseStepSquared: Double
    /// Whether `interior` finds the rows' interiors under perspective too
    /// (`interiorInPerspective`); `false` (tests) leaves them empty there.
    var projectiveInterior = true
    /// Whether `support` finds the rows' supports under perspective too
    /// (`supportInPerspective`); `false` (tests) gives the whole row there.
    var projectiveSupport = true

    /// The sampler of `bounds` rounded by `cornerRadius` at the corners `corners` with the
    /// curve `curve` under `map` (layer space to pixels), with the border ring
    /// `borderWidth` wide when it is positive. `nil` when the rectangle is empty, the map
    /// is singular, or (affine) the layer is behind the viewer.
    init?(
        bounds: Rect, cornerRadius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular,
        borderWidth: Double = 0, map: PlaneMap
    ) {
        let b = bounds.standardized
        let cornerRadius = corners.isEmpty ? 0 : cornerRadius
        guard let shape = Shape(halfWidth: b.width / 2, halfHeight: b.height / 2, radius: cornerRadius, curve: curve),
              let inverse = map.pixelInverse(origin: b.midX, b.midY)
        else { return nil }
        self.inverse = inverse
        isAffine = inverse.isAffine
        (ux, uy, vx, vy, wx, wy) = inverse.floatGradients
        pixelsPerU = 1 / (ux * ux + uy * uy).squareRoot()
        pixelsPerV = 1 / (vx * vx + vy * vy).squareRoot()
        outer = shape
        inner = borderWidth > 0
            ? Shape(halfWidth: b.width / 2 - borderWidth, halfHeight: b.height / 2 - borderWidth,
                    radius: cornerRadius - borderWidth, curve: curve)
            : nil
        self.corners = corners == .all ? nil : corners
        let du = inverse.r1.x, dv = inverse.r1.y
        inverseStepU = 1 / du
        inverseStepV = 1 / dv
        inverseStepSquared = 1 / (du * du + dv * dv)
    }

    /// Writes the coverage of the shape for the `count` pixels `x0 ..< x0 + count` of row
    /// `y` to `outerCoverage`, and, when `borderCoverage` is given, the coverage of the
    /// border ring there. Both buffers need room for `count` rounded up to a multiple of 8.
    ///
    /// The span of the row that lies inside the shape by more than half a pixel (and off
    /// the corners' arcs) is found first, and filled with 1 (and a
    /// border coverage of 0 inside the inner edge) without sampling: the same values the
    /// lanes would give, found in constant time per row.
    func sample(
        row y: Int, from x0: Int, count: Int,
        outer outerCoverage: UnsafeMutablePointer<Float>, border borderCoverage: UnsafeMutablePointer<Float>?
    ) {
        let inside = interior(row: y, from: x0, count: count, border: borderCoverage != nil)
        sample(row: y, from: x0, pixels: 0..<count, interior: inside, outer: outerCoverage, border: borderCoverage)
    }

    /// `sample` restricted to the pixels `r` of the row (indices from `x0`, as in the
    /// buffers), given the row's `interior(row:from:count:border:)`: a pixel's value depends
    /// on where its group of eight lanes starts (to `Float`'s rounding), so it is the whole
    /// row's value bit for bit when `r` starts where the whole row's lanes would — on a
    /// multiple of 8 left of the interior, or inside it. The rasterizer starts its pieces at
    /// the row's support and at the interior's end, the same places on every row with the
    /// same spans, so what it draws does not depend on how a frame is cut into bands. Left
    /// of the interior first: its last lanes may run into the interior, which is written
    /// next. Always inlined: `drawOwn` calls it for every piece of a row.
    @inline(__always)
    func sample(
        row y: Int, from x0: Int, pixels r: Range<Int>, interior inside: Range<Int>,
        outer outerCoverage: UnsafeMutablePointer<Float>, border borderCoverage: UnsafeMutablePointer<Float>?
    ) {
        func lanes(_ s: Range<Int>) {
            guard !s.isEmpty else { return }
            sampleSpan(row: y, from: x0 + s.lowerBound, count: s.count, outer: outerCoverage + s.lowerBound,
                       border: borderCoverage.map { $0 + s.lowerBound })
        }
        guard !inside.isEmpty else { return lanes(r) }
        lanes(r.lowerBound..<Swift.max(r.lowerBound, Swift.min(r.upperBound, inside.lowerBound)))
        let m0 = Swift.max(r.lowerBound, inside.lowerBound)
        let mid = m0..<Swift.max(m0, Swift.min(r.upperBound, inside.upperBound))
        if !mid.isEmpty {
            (outerCoverage + mid.lowerBound).update(repeating: 1, count: mid.count)
            if let borderCoverage {
                (borderCoverage + mid.lowerBound).update(repeating: inner == nil ? 1 : 0, count: mid.count)
            }
        }
        lanes(Swift.min(Swift.max(r.lowerBound, inside.upperBound), r.upperBound)..<r.upperBound)
    }

    /// The real `i` with `|a + i·d| ≤ limit`, as `(low, high)`, given `inverse` = 1 / d;
    /// `low > high` when there is none.
    @inline(__always)
    private static func solve(_ a: Double, _ d: Double, _ inverse: Double, _ limit: Double) -> (Double, Double) {
        guard limit >= 0 else { return (1, 0) }
        if d == 0 { return abs(a) <= limit ? (-.infinity, .infinity) : (1, 0) }
        let p = (-limit - a) * inverse, q = (limit - a) * inverse
        return (Swift.min(p, q), Swift.max(p, q))
    }

    /// The whole indices in `lo … hi` (already within `0 … count − 1`).
    @inline(__always)
    private static func indices(_ lo: Double, _ hi: Double) -> Range<Int> {
        let first = Int(lo.rounded(.up)), last = Int(hi.rounded(.down))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The indices `i` in `0 ..< count` whose pixel `(x0 + i, y)` is fully inside the shape
    /// (inside the inner edge when `border`, where the ring is empty). With circular corners on all four (the common case), the row's span
    /// of the shape inset by a margin `m` — two rectangles and four discs of radius
    /// `r − m` whose union is convex, so the row meets it in one span; the margin is
    /// `0.501 · √(|∇u|² + |∇v|²)` layer units (the Frobenius norm of the inverse map's
    /// Jacobian: an upper bound on half a pixel's reach in any direction, about 0.71 pixel
    /// at uniform scale) and 1e-6 of the size; each disc's span is clipped to the box the
    /// discs lie in, so rows away from the corners' band get the straight sides' span
    /// exactly. Otherwise, of the cross-shaped interior (the two rectangles that
    /// avoid the corners' reach), the longer of the row's two spans, with a margin of
    /// 1e-3 pixel (and 1e-6 of the size, for Float's rounding) past half a pixel on each
    /// axis. Under perspective, see `interiorInPerspective`. Every pixel of the span has
    /// coverage exactly 1 (and ring 0 when `border`).
    func interior(row y: Int, from x0: Int, count: Int, border: Bool) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let shape = border ? (inner ?? outer) : outer
        guard isAffine else {
            return projectiveInterior ? interiorInPerspective(row: y, from: x0, count: count, shape: shape) : 0..<0
        }
        let h = inverse.homogeneous(Double(x0) + 0.5, Double(y) + 0.5)
        let hx = Double(shape.halfWidth), hy = Double(shape.halfHeight), r = Double(shape.extent)
        let unitsPerU = 1 / Double(pixelsPerU), unitsPerV = 1 / Double(pixelsPerV)
        func box(_ lu: Double, _ lv: Double) -> (Double, Double) { rectangleSpan(at: h, lu, lv) }
        func indices(_ span: (Double, Double)) -> Range<Int> {
            let lo = Swift.max(span.0, 0), hi = Swift.min(span.1, Double(count - 1))
            guard lo <= hi, !lo.isNaN, !hi.isNaN else { return 0..<0 }
            return Self.indices(lo, hi)
        }
        let m = 0.501 * (unitsPerU * unitsPerU + unitsPerV * unitsPerV).squareRoot() + 1e-6 * (hx + hy)
        if corners == nil, shape.exponent == 2, m < r, m.isFinite {
            // The union of the six spans (each may be empty: low > high). Each disc's span
            // is clipped to the box the discs lie in: the same set, but a disc's rounded
            // root can no longer reach past the straight sides' span, so the rows away from
            // the corners' band (the steady rows) get the straight sides' span exactly —
            // the same on every such row, whichever band draws it.
            let cross = crossSpan(at: h, hx - m, hy - m, corner: hx - r, hy - r)
            return indices(roundedSpan(at: h, hx - m, hy - m, corner: hx - r, hy - r, radius: r - m, cross: cross))
        }
        let mu = 0.501 / Double(pixelsPerU) + 1e-6 * hx, mv = 0.501 / Double(pixelsPerV) + 1e-6 * hy
        let wide = indices(box(hx - mu, hy - Swift.max(r, mv)))
        let tall = indices(box(hx - Swift.max(r, mu), hy - mv))
        return wide.count >= tall.count ? wide : tall
    }

    /// `interior` under perspective: of the cross-shaped interior of `shape`, the longer
    /// of the row's two spans, with margins of `0.51 · G` layer units on each axis (and
    /// 1e-5 of the size, for `Float`'s rounding through the divide), `G` an upper bound on
    /// the length of the gradient of `u` (or `v`) over the pixels of the row inside the
    /// outer bounds: `(|∇U| + h · |∇W|) / W_min`, `h` the outer half extent, `W_min` the
    /// smaller `W` at the two ends of that stretch (`W` is linear along a row; none when it
    /// is not positive there). The row's pixels map to a line in the layer's plane, so each
    /// bound `|u| ≤ l` is two linear conditions on the pixel, `±U − l·W ≤ 0`. The span ends
    /// on a multiple of 8 from `x0` (where the whole row's lanes start under perspective,
    /// its support being the whole row): the lanes right of it start where they would, so
    /// the row samples to the same bits with or without it. Constant time per row.
    private func interiorInPerspective(row y: Int, from x0: Int, count: Int, shape: Shape) -> Range<Int> {
        let h = inverse.homogeneous(Double(x0) + 0.5, Double(y) + 0.5), d = inverse.r1
        guard h.x.isFinite, h.y.isFinite, h.z.isFinite, inverse.isFinite else { return 0..<0 }
        func box(_ lu: Double, _ lv: Double) -> (Double, Double) { Self.box(h, d, lu, lv, last: Double(count - 1)) }
        let hx = Double(outer.halfWidth), hy = Double(outer.halfHeight)
        let (lo, hi) = box(hx, hy)
        guard lo <= hi else { return 0..<0 }
        let wMin = Swift.min(h.z + lo * d.z, h.z + hi * d.z)
        guard wMin > 0 else { return 0..<0 }
        let (gu, gv, _) = gradientBounds(wMin: wMin)
        let slack = 1e-5 * (hx + hy)
        let mu = 0.51 * gu + slack, mv = 0.51 * gv + slack
        let sx = Double(shape.halfWidth), sy = Double(shape.halfHeight), r = Double(shape.extent)
        func indices(_ span: (Double, Double)) -> Range<Int> {
            guard span.0 <= span.1 else { return 0..<0 }
            let found = Self.indices(span.0, span.1)
            let end = found.upperBound & ~7
            return found.lowerBound < end ? found.lowerBound..<end : 0..<0
        }
        let wide = indices(box(sx - mu, sy - Swift.max(r, mv)))
        let tall = indices(box(sx - Swift.max(r, mu), sy - mv))
        return wide.count >= tall.count ? wide : tall
    }

    /// Under an affine map, the real `i` of the row whose first pixel maps to `h` inside the
    /// rectangle `|u| ≤ a`, `|v| ≤ b`; `low > high` when there is none.
    @inline(__always)
    private func rectangleSpan(at h: SIMD3<Double>, _ a: Double, _ b: Double) -> (Double, Double) {
        let (a0, a1) = Self.solve(h.x, inverse.r1.x, inverseStepU, a), (b0, b1) = Self.solve(h.y, inverse.r1.y, inverseStepV, b)
        return (Swift.max(a0, b0), Swift.min(a1, b1))
    }

    /// Under an affine map, the smallest span of the row (as `rectangleSpan`) holding its
    /// spans through a rounded cross: the rectangles `|u| ≤ a`, `|v| ≤ oy` and `|u| ≤ ox`,
    /// `|v| ≤ b`, and the four discs of radius `radius` centred at `(±ox, ±oy)`, each cut to
    /// `|u| ≤ a`, `|v| ≤ b` (so a disc's rounded root cannot reach past the rectangles'
    /// span: rows off the corners' band get the long rectangle's span exactly). Each span
    /// may be empty (low > high).
    /// `cross` is `crossSpan(at: h, a, b, corner: ox, oy)`, passed in by a caller that
    /// has it already.
    @inline(__always)
    private func roundedSpan(
        at h: SIMD3<Double>, _ a: Double, _ b: Double, corner ox: Double, _ oy: Double, radius: Double,
        cross: (Double, Double)
    ) -> (Double, Double) {
        let du = inverse.r1.x, dv = inverse.r1.y
        let bound = rectangleSpan(at: h, a, b)
        func disc(_ x: Double, _ y: Double) -> (Double, Double) {
            let d = Self.disc(x, y, du, dv, inverseStepSquared, radius: radius)
            return (Swift.max(d.0, bound.0), Swift.min(d.1, bound.1))
        }
        var span = cross
        span = Self.union(span, disc(h.x - ox, h.y - oy))
        span = Self.union(span, disc(h.x + ox, h.y - oy))
        span = Self.union(span, disc(h.x - ox, h.y + oy))
        span = Self.union(span, disc(h.x + ox, h.y + oy))
        return span
    }

    /// The span of the rounded cross's two rectangles alone (as `roundedSpan`).
    @inline(__always)
    private func crossSpan(at h: SIMD3<Double>, _ a: Double, _ b: Double, corner ox: Double, _ oy: Double) -> (Double, Double) {
        Self.union(rectangleSpan(at: h, a, oy), rectangleSpan(at: h, ox, b))
    }

    /// The smallest span holding the spans `a` and `b` (either may be empty: low > high);
    /// the union itself when they overlap.
    @inline(__always)
    private static func union(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
        guard a.0 <= a.1 else { return b }
        guard b.0 <= b.1 else { return a }
        return (Swift.min(a.0, b.0), Swift.max(a.1, b.1))
    }

    /// The real `i` with `|(x + i·dx, y + i·dy)| ≤ radius`, as `(low, high)`, given
    /// `inverse` = 1 / (dx² + dy²); `low > high` when there is none.
    @inline(__always)
    private static func disc(
        _ x: Double, _ y: Double, _ dx: Double, _ dy: Double, _ inverse: Double, radius: Double
    ) -> (Double, Double) {
        let a = dx * dx + dy * dy, b = x * dx + y * dy, c = x * x + y * y - radius * radius
        if a == 0 { return c <= 0 ? (-.infinity, .infinity) : (1, 0) }
        let q = b * b - a * c
        guard q >= 0 else { return (1, 0) }
        let root = q.squareRoot()
        return ((-b - root) * inverse, (-b + root) * inverse)
    }

    /// A row's two spans for sampling: `inside` as `interior`, and `support` as `support`
    /// (the whole row when `whole`) widened to hold `inside`, so every pixel past `support`
    /// has coverage exactly 0 and the pixels of `inside` are taken as fully covered.
    /// Always inlined: `Rasterizer.drawOwn` asks for it on every row that is not steady (and
    /// `pushClip` on a rounded clip's rows), and out of line (the compiler's choice once
    /// `drawOwn` grew) it cost about 21 instructions a call.
    @inline(__always)
    func spans(
        row y: Int, from x0: Int, count: Int, border: Bool, whole: Bool, leavingOutCorners: Bool
    ) -> (support: Range<Int>, inside: Range<Int>) {
        let inside = interior(row: y, from: x0, count: count, border: border)
        let support = whole ? 0..<count : self.support(row: y, from: x0, count: count, leavingOutCorners: leavingOutCorners)
        guard !inside.isEmpty else { return (support, inside) }
        return (Swift.min(support.lowerBound, inside.lowerBound)..<Swift.max(support.upperBound, inside.upperBound), inside)
    }

    /// The indices `i` in `0 ..< count` whose pixel `(x0 + i, y)` may have nonzero
    /// coverage: every pixel outside has coverage (and border coverage) exactly 0, as the
    /// lanes would give. Under an affine map, the pixels whose centre lies within half a
    /// pixel of the outer edges' slabs, widened by 1e-2 pixel and 1e-5 of the size (a
    /// margin far above `Float`'s rounding), and with `leavingOutCorners` narrowed by
    /// four circular corners (`supportLeavingOutCorners`); under perspective, see
    /// `supportInPerspective`; with NaN, the whole row. Constant time per row.
    func support(row y: Int, from x0: Int, count: Int, leavingOutCorners: Bool = false) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        guard isAffine else {
            return projectiveSupport ? supportInPerspective(row: y, from: x0, count: count) : 0..<count
        }
        let h = inverse.homogeneous(Double(x0) + 0.5, Double(y) + 0.5)
        let hx = Double(outer.halfWidth), hy = Double(outer.halfHeight)
        let lu = hx + 0.51 / Double(pixelsPerU) + 1e-5 * hx, lv = hy + 0.51 / Double(pixelsPerV) + 1e-5 * hy
        let (a0, a1) = Self.solve(h.x, inverse.r1.x, inverseStepU, lu), (b0, b1) = Self.solve(h.y, inverse.r1.y, inverseStepV, lv)
        let lo = Swift.max(a0, b0, 0), hi = Swift.min(a1, b1, Double(count - 1))
        guard !lo.isNaN, !hi.isNaN, !a0.isNaN, !a1.isNaN, !b0.isNaN, !b1.isNaN, lu.isFinite, lv.isFinite else {
            return 0..<count
        }
        guard lo <= hi else { return 0..<0 }
        let found = Self.indices(lo, hi)
        guard leavingOutCorners, corners == nil, outer.exponent == 2, outer.radius > 0, !found.isEmpty else { return found }
        return supportLeavingOutCorners(found, at: h, lu: lu, lv: lv)
    }

    /// The affine support `box` (the slabs' span, `|u| ≤ lu`, `|v| ≤ lv`, on the row whose
    /// first pixel maps to `h`) narrowed to the row's span of the outer shape grown by `m`:
    /// the two rectangles of the cross, each as long as the box, and the four corner discs
    /// of radius `r + m`, each cut to the box (a circle's corner squares hold 21 % of its
    /// box, all of it at coverage 0 but the fringe). The margin: a pixel outside that set but
    /// inside the box lies past both cross rectangles, so in its corner's square, at
    /// `|q| > r + m` from the disc's centre; its distance in pixels is
    /// `(|q| − r) / |∇|q||` and `|∇|q||` is at most the Frobenius norm `F` of the map's
    /// Jacobian, so with `m = 0.51 · F` (and 1e-5 of the size, far above `Float`'s
    /// rounding) the distance exceeds 0.51 and `sat(½ − d)` is 0 — its coverage (and ring)
    /// is exactly 0. The span's start is moved down to a multiple of 8 from the box's start,
    /// where the row's lanes start, so the pixels it keeps sample to the same bits; the
    /// rows the cross alone covers get the box itself, without the discs. Only for four circular corners (the
    /// common case); the box when the margin is not finite or a bound is NaN.
    private func supportLeavingOutCorners(_ box: Range<Int>, at h: SIMD3<Double>, lu: Double, lv: Double) -> Range<Int> {
        let hx = Double(outer.halfWidth), hy = Double(outer.halfHeight), r = Double(outer.extent)
        let unitsPerU = 1 / Double(pixelsPerU), unitsPerV = 1 / Double(pixelsPerV)
        let m = 0.51 * (unitsPerU * unitsPerU + unitsPerV * unitsPerV).squareRoot() + 1e-5 * (hx + hy)
        guard m.isFinite else { return box }
        // Where the cross alone covers the box (every row of an upright card, most rows of a
        // turned one) the discs cannot change the answer: the union only grows.
        let cross = crossSpan(at: h, lu, lv, corner: hx - r, hy - r)
        if cross.0 <= Double(box.lowerBound), cross.1 >= Double(box.upperBound - 1) { return box }
        let span = roundedSpan(at: h, lu, lv, corner: hx - r, hy - r, radius: r + m, cross: cross)
        let lo = Swift.max(span.0, Double(box.lowerBound)), hi = Swift.min(span.1, Double(box.upperBound - 1))
        guard !span.0.isNaN, !span.1.isNaN, !lo.isNaN, !hi.isNaN else { return box }
        guard span.0 <= span.1, lo <= hi else { return 0..<0 }
        let found = Self.indices(lo, hi)
        guard !found.isEmpty else { return 0..<0 }
        return (box.lowerBound + ((found.lowerBound - box.lowerBound) & ~7))..<found.upperBound
    }

    /// `support` under perspective: the row's pixels with `|u| ≤ hx + Mu` and
    /// `|v| ≤ hy + Mv` (`hx`, `hy` the outer half extents), each bound two linear conditions
    /// on the pixel (`±U − l·W ≤ 0`, as in `interiorInPerspective`), its start moved down
    /// to a multiple of 8 from `x0`: under perspective the lanes of a whole row start
    /// there, so the pixels it keeps sample to the same bits.
    ///
    /// The margin. A pixel's u-slab is 0 once `|u| − hx ≥ ½ |∇u|` (its near edge's term
    /// saturates to 0). With `∇u = (∇U − u ∇W) / W`, `|∇u| ≤ (|∇U| + |u| |∇W|) / W`; where
    /// `|∇W| / W < 2` the condition's slack grows with `|u|`, so it holds for every
    /// `|u| ≥ hx + M` once it holds at `hx + M`:
    /// `M ≥ ½ (|∇U| + hx |∇W|) / W / (1 − ½ |∇W| / W)`. `W` is linear along the row; its
    /// least value `W_min` over the whole row stands in for it (the bound grows as `W`
    /// falls). `M` is that bound at `W_min` with ½ raised to 0.51, plus 1e-5 of the size,
    /// far above `Float`'s rounding of the lanes. The whole row when `W_min ≤ 0` (a lane
    /// behind the viewer: no bound on the gradient near it), when `|∇W| / W_min > 1`, or
    /// on NaN or infinities. Constant time per row.
    private func supportInPerspective(row y: Int, from x0: Int, count: Int) -> Range<Int> {
        let h = inverse.homogeneous(Double(x0) + 0.5, Double(y) + 0.5), d = inverse.r1
        guard h.x.isFinite, h.y.isFinite, h.z.isFinite, inverse.isFinite else { return 0..<count }
        let last = Double(count - 1)
        let wMin = Swift.min(h.z, h.z + last * d.z)
        guard wMin > 0 else { return 0..<count }
        let (gu, gv, gw) = gradientBounds(wMin: wMin)
        guard gw <= wMin else { return 0..<count }
        let shrink = 1 - 0.5 * gw / wMin
        let hx = Double(outer.halfWidth), hy = Double(outer.halfHeight)
        let slack = 1e-5 * (hx + hy)
        let lu = hx + 0.51 * gu / shrink + slack, lv = hy + 0.51 * gv / shrink + slack
        guard lu.isFinite, lv.isFinite else { return 0..<count }
        let (lo, hi) = Self.box(h, d, lu, lv, last: last)
        guard !lo.isNaN, !hi.isNaN else { return 0..<count }
        guard lo <= hi else { return 0..<0 }
        let found = Self.indices(lo, hi)
        return found.isEmpty ? 0..<0 : (found.lowerBound & ~7)..<found.upperBound
    }

    /// Under perspective, upper bounds on the lengths of the gradients of `u` and `v` (per
    /// pixel, over the pixels of a row inside the outer bounds, where `W ≥ wMin > 0`),
    /// `(|∇U| + h · |∇W|) / wMin` with `h` the outer half extent, and `|∇W|` itself.
    private func gradientBounds(wMin: Double) -> (u: Double, v: Double, w: Double) {
        let d = inverse.r1, r2 = inverse.r2
        let w = (d.z * d.z + r2.z * r2.z).squareRoot()
        let u = ((d.x * d.x + r2.x * r2.x).squareRoot() + Double(outer.halfWidth) * w) / wMin
        let v = ((d.y * d.y + r2.y * r2.y).squareRoot() + Double(outer.halfHeight) * w) / wMin
        return (u, v, w)
    }

    /// The real `i` in `0 … last` with `|u| ≤ lu` and `|v| ≤ lv` on the row whose pixel `i`
    /// maps to the homogeneous point `h + i·d`: each bound two linear conditions on `i`,
    /// `±U − l·W ≤ 0`. `lo > hi` when there are none (a negative bound included).
    private static func box(_ h: SIMD3<Double>, _ d: SIMD3<Double>, _ lu: Double, _ lv: Double, last: Double) -> (Double, Double) {
        var lo = 0.0, hi = last
        guard lu >= 0, lv >= 0 else { return (1, 0) }
        half(h.x - lu * h.z, d.x - lu * d.z, &lo, &hi)
        half(-h.x - lu * h.z, -d.x - lu * d.z, &lo, &hi)
        half(h.y - lv * h.z, d.y - lv * d.z, &lo, &hi)
        half(-h.y - lv * h.z, -d.y - lv * d.z, &lo, &hi)
        return (lo, hi)
    }

    /// Narrows `lo … hi` to the real `i` with `a + i·s ≤ 0`.
    @inline(__always)
    private static func half(_ a: Double, _ s: Double, _ lo: inout Double, _ hi: inout Double) {
        if s > 0 {
            hi = Swift.min(hi, -a / s)
        } else if s < 0 {
            lo = Swift.max(lo, -a / s)
        } else if !(a <= 0) {
            (lo, hi) = (1, 0)
        }
    }

    /// Whether every pixel of row `y` samples to the same coverage (and, with `border`,
    /// ring) as the pixel in its column on any other steady row: an affine map whose u
    /// depends on x alone and v on y alone (an axis-aligned layer, any scale and
    /// translation), and a row whose pixel centres lie at least half a pixel (plus 1e-2
    /// pixel and 1e-5 of the size) inside the shape's v edges — and the inner edge's, with
    /// `border` — and outside the corners' band. There the lanes' v-slab is exactly 1 and
    /// no lane is in a corner, so a pixel's coverage is its u-slab alone, which the row
    /// does not change. Constant time.
    @inline(__always)
    func isSteady(row y: Int, border: Bool) -> Bool {
        guard isAffine, inverse.r1.y == 0, inverse.r2.x == 0 else { return false }
        let v = abs(inverse.homogeneous(0.5, Double(y) + 0.5).y)
        let half = 0.51 / Double(pixelsPerV)
        func inside(_ shape: Shape) -> Bool {
            let hy = Double(shape.halfHeight)
            return v <= hy - Swift.max(Double(shape.extent), half) - 1e-5 * hy
        }
        guard inside(outer) else { return false }
        guard border, let inner else { return true }
        return inside(inner)
    }

    /// `sample` without the interior shortcut (each pixel through the lanes).
    func sampleSpan(
        row y: Int, from x0: Int, count: Int,
        outer outerCoverage: UnsafeMutablePointer<Float>, border borderCoverage: UnsafeMutablePointer<Float>?
    ) {
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let py = Double(y) + 0.5
        var i = 0
        while i < count {
            let h = inverse.homogeneous(Double(x0 + i) + 0.5, py)
            var u = SIMD8(repeating: Float(h.x)) + lanes * ux
            var v = SIMD8(repeating: Float(h.y)) + lanes * vx
            var gradient = Gradients(
                ux: SIMD8(repeating: ux), uy: SIMD8(repeating: uy), vx: SIMD8(repeating: vx), vy: SIMD8(repeating: vy),
                pixelsPerU: SIMD8(repeating: pixelsPerU), pixelsPerV: SIMD8(repeating: pixelsPerV))
            var valid = SIMDMask<SIMD8<Float>.MaskStorage>(repeating: true)
            if !isAffine {
                let w = SIMD8(repeating: Float(h.z)) + lanes * wx
                valid = w .> 0
                let r = 1 / w
                u *= r
                v *= r
                // d(U/W)/dx = (dU/dx − (U/W) dW/dx) / W.
                gradient.ux = (ux - u * wx) * r
                gradient.uy = (uy - u * wy) * r
                gradient.vx = (vx - v * wx) * r
                gradient.vy = (vy - v * wy) * r
                gradient.pixelsPerU = 1 / (gradient.ux * gradient.ux + gradient.uy * gradient.uy).squareRoot()
                gradient.pixelsPerV = 1 / (gradient.vx * gradient.vx + gradient.vy * gradient.vy).squareRoot()
            }
            let au = u.replacing(with: -u, where: u .< 0), av = v.replacing(with: -v, where: v .< 0)
            // sign(u) · sign(v): the corner's distance gradient combines ±∇u and ±∇v.
            gradient.sign = SIMD8(repeating: 1).replacing(with: -1, where: (u .< 0) .^ (v .< 0))
            if let corners { gradient.rounded = Self.lanes(rounded: corners, u: u, v: v) }
            var c = Self.coverage(of: outer, au: au, av: av, gradient)
            c.replace(with: 0, where: .!valid)
            UnsafeMutableRawPointer(outerCoverage + i).storeBytes(of: c, as: SIMD8<Float>.self)
            if let borderCoverage {
                var ring = c
                if let inner {
                    let ci = Self.coverage(of: inner, au: au, av: av, gradient)
                    ring = c - ci
                    ring.replace(with: 0, where: .!(ring .> 0))
                    ring.replace(with: 0, where: .!valid)
                }
                UnsafeMutableRawPointer(borderCoverage + i).storeBytes(of: ring, as: SIMD8<Float>.self)
            }
            i += 8
        }
    }

    /// The gradients of u and v with respect to pixel x and y, their reciprocal lengths,
    /// sign(u)·sign(v), and the lanes whose corner is rounded.
    struct Gradients {
        var ux, uy, vx, vy, pixelsPerU, pixelsPerV: SIMD8<Float>
        var sign = SIMD8<Float>(repeating: 1)
        var rounded = SIMDMask<SIMD8<Float>.MaskStorage>(repeating: true)
    }

    /// The lanes at `(u, v)` whose quadrant's corner is in `corners` (minX: u < 0; minY:
    /// v < 0).
    @inline(__always)
    static func lanes(rounded corners: CornerMask, u: SIMD8<Float>, v: SIMD8<Float>) -> SIMDMask<SIMD8<Float>.MaskStorage> {
        let left = u .< 0, low = v .< 0
        var m = SIMDMask<SIMD8<Float>.MaskStorage>(repeating: false)
        if corners.contains(.layerMinXMinYCorner) { m .|= left .& low }
        if corners.contains(.layerMaxXMinYCorner) { m .|= .!left .& low }
        if corners.contains(.layerMinXMaxYCorner) { m .|= left .& .!low }
        if corners.contains(.layerMaxXMaxYCorner) { m .|= .!left .& .!low }
        return m
    }

    /// The coverage of `shape` at the points `(±au, ±av)` (see the type's doc comment).
    @inline(__always)
    static func coverage(of shape: Shape, au: SIMD8<Float>, av: SIMD8<Float>, _ g: Gradients) -> SIMD8<Float> {
        let cx = slab(halfWidth: shape.halfWidth, au, g.pixelsPerU)
        let cy = slab(halfWidth: shape.halfHeight, av, g.pixelsPerV)
        var c = cx * cy
        guard shape.radius > 0 else { return c }
        let qx = au - (shape.halfWidth - shape.extent)
        let qy = av - (shape.halfHeight - shape.extent)
        let corner = (qx .> 0) .& (qy .> 0) .& g.rounded
        guard any(corner) else { return c }
        let distance: SIMD8<Float>
        if shape.exponent == 2 {
            let length = (qx * qx + qy * qy).squareRoot()
            // ∇(|q| − r) in pixel space is (qx ∇|u| + qy ∇|v|) / |q|.
            let nx = qx * g.ux + g.sign * qy * g.vx
            let ny = qx * g.uy + g.sign * qy * g.vy
            distance = (length - shape.radius) * length / (nx * nx + ny * ny).squareRoot()
        } else {
            distance = superellipseDistance(shape, qx: qx, qy: qy, corner: corner, g)
        }
        let cc = saturate(0.5 - distance)
        c.replace(with: cc, where: corner .& (cc .< c))
        return c
    }

    /// `(N − L) / |∇N|` in pixels for a continuous corner (see the type's doc comment), in
    /// the `corner` lanes (the others are not used).
    @inline(never)
    static func superellipseDistance(
        _ shape: Shape, qx: SIMD8<Float>, qy: SIMD8<Float>, corner: SIMDMask<SIMD8<Float>.MaskStorage>, _ g: Gradients
    ) -> SIMD8<Float> {
        let n = shape.exponent, l = shape.extent
        var tx = qx / l, ty = qy / l
        tx.replace(with: 0, where: .!corner)
        ty.replace(with: 1, where: .!corner)
        var norm = SIMD8<Float>(), gx = SIMD8<Float>(), gy = SIMD8<Float>()
        for i in 0..<8 {
            let sum = powf(tx[i], n) + powf(ty[i], n)
            let nn = powf(sum, 1 / n)
            norm[i] = nn
            // ∂N/∂qx = (tx/N)^(n−1), and likewise for y.
            gx[i] = powf(tx[i] / nn, n - 1)
            gy[i] = powf(ty[i] / nn, n - 1)
        }
        let nx = gx * g.ux + g.sign * gy * g.vx
        let ny = gx * g.uy + g.sign * gy * g.vy
        return (norm - 1) * l / (nx * nx + ny * ny).squareRoot()
    }

    /// The overlap of a one-pixel box with the slab `−h … h` at distance `a` from its
    /// middle, `scale` pixels per unit.
    @inline(__always)
    static func slab(halfWidth h: Float, _ a: SIMD8<Float>, _ scale: SIMD8<Float>) -> SIMD8<Float> {
        let near = saturate(0.5 + (h - a) * scale)
        let far = saturate(0.5 + (h + a) * scale)
        let c = near + far - 1
        return c.replacing(with: 0, where: c .< 0)
    }

    /// `x` clamped to 0…1, NaN to 0.
    @inline(__always)
    static func saturate(_ x: SIMD8<Float>) -> SIMD8<Float> {
        x.replacing(with: 0, where: .!(x .> 0)).replacing(with: 1, where: x .> 1)
    }
}
