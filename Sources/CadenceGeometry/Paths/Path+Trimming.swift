// Trimming a path by arc length: the part between two fractions of its length, as
// `CAShapeLayer`'s `strokeStart` and `strokeEnd` choose the part of the path stroked.

extension Path {
    /// The part of the path from fraction `start` to fraction `end` of its length
    /// (`Path.length`, move-tos adding nothing), as Core Animation's `strokeStart` and
    /// `strokeEnd` trim a shape layer's stroke.
    ///
    /// - Range: both are clamped to 0…1; a NaN `start` reads 0 and a NaN `end` reads 1.
    ///   `start ≥ end` gives the empty path. `start = 0, end = 1` gives the path itself,
    ///   unchanged (closed subpaths stay closed, so their first corner is joined).
    /// - Pieces: each segment the interval reaches contributes the part of it between the
    ///   two distances (curves cut by de Casteljau at the parameters of those arc
    ///   lengths); pieces of one subpath follow each other, and a new subpath starts at
    ///   each move-to. A closed subpath that lies wholly inside the interval stays closed;
    ///   one that is cut is open, its closing line trimmed like any line. Zero-length
    ///   segments (and lone dots) are kept when they lie inside the interval.
    /// - Bad input: a path whose length is not finite (a NaN or infinite coordinate) gives
    ///   the empty path unless the whole is asked for; a path of length 0 (dots only) is
    ///   kept whole when `start < end`.
    /// - Accuracy: the cut points are within the arc-length inversion's 1e-14 relative of
    ///   the exact distances (`PathSegment.parameter(atLength:)`).
    /// - Cost: two measurements of every segment up to the cut (a quadrature per curve: the
    ///   total, then the walk), plus one inversion per cut segment; one new path.
    public func trimmed(from start: Double, to end: Double) -> Path {
        let a = start.isNaN ? 0 : Swift.min(Swift.max(start, 0), 1)
        let b = end.isNaN ? 1 : Swift.min(Swift.max(end, 0), 1)
        if a <= 0 && b >= 1 { return self }
        guard a < b else { return Path() }
        let total = length
        guard total.isFinite else { return Path() }
        if total == 0 { return self }
        let lo = a * total, hi = b * total
        var out = Path()
        var distance = 0.0
        var subpathStart = Point.zero, current = Point.zero
        // Where the current subpath began along the path, and whether the output's pen is
        // down on it (the last point emitted is where the next piece continues).
        var subpathDistance = 0.0
        var penDown = false

        func emit(_ segment: PathSegment, length l: Double) {
            let from = Swift.max(lo - distance, 0), to = Swift.min(hi - distance, l)
            let reached = l > 0 ? distance + l > lo && distance < hi : lo <= distance && distance <= hi
            guard reached, from <= to else { return }
            let t0 = from <= 0 ? 0 : segment.parameter(atLength: from)
            let t1 = to >= l ? 1 : segment.parameter(atLength: to)
            let piece = segment.portion(from: t0, to: t1)
            if !penDown {
                out.move(to: piece.start)
                penDown = true
            }
            switch piece {
            case .line(_, let p): out.addLine(to: p)
            case .quadCurve(_, let c, let p): out.addQuadCurve(to: p, control: c)
            case .cubicCurve(_, let c1, let c2, let p): out.addCurve(to: p, control1: c1, control2: c2)
            }
        }

        for element in elements {
            guard distance <= hi else { break }
            let segment: PathSegment
            switch element {
            case .moveTo(let p):
                subpathStart = p
                current = p
                subpathDistance = distance
                penDown = false
                continue
            case .lineTo(let p): segment = .line(from: current, to: p)
            case .quadCurveTo(let c, let p): segment = .quadCurve(from: current, control: c, to: p)
            case .curveTo(let c1, let c2, let p): segment = .cubicCurve(from: current, control1: c1, control2: c2, to: p)
            case .closeSubpath:
                let closing = PathSegment.line(from: current, to: subpathStart)
                let l = current == subpathStart ? 0 : closing.length
                if subpathDistance >= lo && distance + l <= hi && penDown {
                    out.closeSubpath()
                } else if l > 0 {
                    emit(closing, length: l)
                }
                distance += l
                current = subpathStart
                penDown = false
                continue
            }
            let l = segment.length
            emit(segment, length: l)
            distance += l
            current = segment.end
        }
        return out
    }
}

extension PathSegment {
    /// The piece of the segment between Bézier parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1),
    /// of the same kind, by de Casteljau's construction; its ends are `point(at: t0)` and
    /// `point(at: t1)` (exactly `start`/`end` at 0 and 1).
    public func portion(from t0: Double, to t1: Double) -> PathSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        // The part before t1, then the part of that after t0 / t1.
        let left = t1 >= 1 ? self : split(at: t1).0
        let u = t1 > 0 ? t0 / t1 : 0
        return u <= 0 ? left : left.split(at: u).1
    }

    /// The two halves of the segment at parameter `t` (de Casteljau).
    func split(at t: Double) -> (PathSegment, PathSegment) {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        switch self {
        case .line(let p0, let p1):
            let m = lerp(p0, p1)
            return (.line(from: p0, to: m), .line(from: m, to: p1))
        case .quadCurve(let p0, let p1, let p2):
            let a = lerp(p0, p1), b = lerp(p1, p2), m = lerp(a, b)
            return (.quadCurve(from: p0, control: a, to: m), .quadCurve(from: m, control: b, to: p2))
        case .cubicCurve(let p0, let p1, let p2, let p3):
            let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
            let d = lerp(a, b), e = lerp(b, c), m = lerp(d, e)
            return (.cubicCurve(from: p0, control1: a, control2: d, to: m), .cubicCurve(from: m, control1: e, control2: c, to: p3))
        }
    }
}
