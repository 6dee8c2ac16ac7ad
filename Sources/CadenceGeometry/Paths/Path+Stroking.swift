#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The stroker: a path and a `StrokeStyle` to the outline a fill with the non-zero rule
// paints (Core Graphics' `CGPath.copy(strokingWithWidth:…)`).
//
// Method. Each subpath is flattened to a polyline — curves cut into `n` equal steps of
// their parameter, `n` from Wang's formula so that no chord is farther than `tolerance`
// from its curve — with points closer than 1e-9 of their magnitude to the previous point
// merged (zero-length segments vanish; a subpath that is only such segments is a dot).
// Dashes cut the polyline by arc length. Each open piece becomes one closed polygon: the
// left offset forward, the end cap, the left offset of the reversed polyline (the right
// side, backwards), the start cap. A closed subpath becomes two polygons, one per side,
// which run opposite ways (a ring under the non-zero rule). At each corner the outer side
// gets its join — a miter point, an arc, or nothing for a bevel — and the inner side turns
// where the two offset lines meet when that is within half of each segment, else runs
// through the corner point itself (Skia's inner join), which keeps every edge inside the
// stroke however short the segments are. Arcs (round joins and caps) are chords no farther
// than `tolerance` from the circle, at most `maxArcStepsPerTurn` per full turn. A round join
// that turns so little that the offset lines meet within `tolerance` of its arc is that
// meeting point (one outline point, where the arc's ends would be two): a flattened curve's
// corners, which are most of a smooth stroke's outline.
//
// A 180° turn (a polyline that doubles back) has no inner or outer side: the forward pass
// treats it as outer (a round join is a half disc, a miter past any limit a bevel) and the
// backward pass as inner.

extension Path {
    /// The most points a stroke outline may have (2²³, 128 MiB of coordinates); past it
    /// `stroked(_:tolerance:)` throws `StrokeError.tooComplex`. A path of 10⁶ segments
    /// with miter joins needs about 4 · 10⁶.
    public static let maxStrokePoints = 1 << 23

    /// The most chords a round join or cap uses per full turn (1024): exact to the tolerance
    /// 1/128 up to a half width of about 1,700 units; wider arcs are coarser (a chord's
    /// distance from the circle is `r · (1 − cos(π/1024))`).
    public static let maxArcStepsPerTurn = 1024

    /// The outline of the path stroked with `style`, as closed polygons to fill with the
    /// non-zero rule (`CGPath.copy(strokingWithWidth:lineCap:lineJoin:miterLimit:)`, with
    /// dashes as `copy(dashingWithPhase:lengths:)` then stroking would give).
    ///
    /// - `tolerance`: the largest distance (path units) between the outline and the exact
    ///   one, from flattening curves and arcs. Default 1/128.
    /// - Bad input: an empty path, a path with a NaN or infinite coordinate, or a style
    ///   whose width is not finite and positive give the empty path (nothing is stroked:
    ///   the path is refused whole, not partly). A move-to alone draws nothing; a subpath of
    ///   zero length (a line to its own start, `move` then `close`) draws a dot with round
    ///   caps, an axis-aligned square with square caps, nothing with butt caps (cairo's
    ///   rule). Huge coordinates are stroked in `Double`; outline points that overflow are
    ///   the rasterizer's to refuse.
    /// - Throws: `StrokeError.invalidTolerance` for a tolerance that is not finite and
    ///   positive; `StrokeError.tooComplex` when the outline would need more than
    ///   `maxStrokePoints` points or the dashes more than a quarter of that many pieces —
    ///   the work is capped, whatever the path or pattern.
    /// - Cost: O(flattened points + dashes + arc chords), one allocation per growing buffer.
    public func stroked(_ style: StrokeStyle, tolerance: Double = 1.0 / 128) throws(StrokeError) -> Path {
        var out = PolygonSet()
        try strokeOutline(style, tolerance: tolerance, into: &out)
        return out.path
    }

    /// The outline of `stroked(_:tolerance:)` as polygons in `out` (cleared first).
    package func strokeOutline(_ style: StrokeStyle, tolerance: Double, into out: inout PolygonSet) throws(StrokeError) {
        out.removeAll()
        guard tolerance > 0, tolerance.isFinite else { throw .invalidTolerance(tolerance) }
        guard style.drawsAnything, !isEmpty, isFinite else { return }
        var stroker = Stroker(style: style, tolerance: tolerance, reference: Self.referenceSidesForTests)
        try stroker.run(self, into: &out)
    }

    /// Each side of a stroke measures its own segments and corners, as the stroker did
    /// before the sides shared them: the reference twin of the shared measures, for tests,
    /// which must give the same outline. Set only while no other thread strokes.
    nonisolated(unsafe) package static var referenceSidesForTests = false

    /// The points of the path's subpaths flattened to within `tolerance`: `body` gets each
    /// subpath's points (consecutive near-duplicates merged), whether it was closed, and
    /// whether it had a segment at all. Curves are cut into at most 2¹⁶ steps.
    package func forEachFlattenedSubpath(
        tolerance: Double, _ body: (_ points: [SIMD2<Double>], _ closed: Bool, _ hasSegment: Bool) throws(StrokeError) -> Void
    ) throws(StrokeError) {
        var points: [SIMD2<Double>] = []
        var hasSegment = false
        var start = SIMD2<Double>(0, 0)
        func add(_ p: SIMD2<Double>) {
            hasSegment = true
            if let last = points.last {
                let d = p - last
                let scale = Swift.max(Swift.abs(p.x), Swift.abs(p.y), 1) * 1e-9
                if Swift.abs(d.x) <= scale && Swift.abs(d.y) <= scale { return }
            }
            points.append(p)
        }
        func steps(_ dd: Double, _ k: Double) -> Int {
            let x = (k * dd / tolerance).squareRoot().rounded(.up)
            return x.isFinite ? Swift.max(1, Int(Swift.min(x, 65_536))) : 65_536
        }
        func v(_ p: Point) -> SIMD2<Double> { SIMD2(p.x, p.y) }
        func length(_ a: SIMD2<Double>) -> Double { (a * a).sum().squareRoot() }
        for element in elements {
            switch element {
            case .moveTo(let p):
                if !points.isEmpty { try body(points, false, hasSegment) }
                points.removeAll(keepingCapacity: true)
                hasSegment = false
                start = v(p)
                points.append(start)
            case .lineTo(let p):
                add(v(p))
            case .quadCurveTo(let c, let p):
                let p0 = points.last ?? start, p1 = v(c), p2 = v(p)
                let n = steps(length(p0 - 2 * p1 + p2), 0.25)
                for i in 1..<n {
                    let t = Double(i) / Double(n), s = 1 - t
                    add(s * s * p0 + 2 * s * t * p1 + t * t * p2)
                }
                add(p2)
            case .curveTo(let c1, let c2, let p):
                let p0 = points.last ?? start, p1 = v(c1), p2 = v(c2), p3 = v(p)
                let n = steps(Swift.max(length(p0 - 2 * p1 + p2), length(p1 - 2 * p2 + p3)), 0.75)
                for i in 1..<n {
                    let t = Double(i) / Double(n), s = 1 - t
                    add(s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3)
                }
                add(p3)
            case .closeSubpath:
                hasSegment = true
                try body(points, true, hasSegment)
                points.removeAll(keepingCapacity: true)
                hasSegment = false
                points.append(start)
            }
        }
        if points.count > 1 || hasSegment { try body(points, false, hasSegment) }
    }
}

/// One stroking pass (see the comment at the top of the file).
private struct Stroker {
    let style: StrokeStyle
    let tolerance: Double
    let half: Double
    /// The angle of one chord of an arc of radius `half`.
    let arcStep: Double
    /// A round join whose directions' dot product is above this turns by less than one
    /// chord (`cos(arcStep)`, less a margin for rounding): it adds no point, and needs no
    /// angle.
    let withinOneChord: Double
    /// A round join whose directions' dot product is above this turns so little that the
    /// meeting point of its offset lines (the miter point, `half · (sec(θ/2) − 1)` outside
    /// the arc) is within `tolerance` of the arc: `2 · (half / (half + tolerance))² − 1`,
    /// at least 0 (a turn under 90°), less a margin for rounding.
    let miterWithinTolerance: Double
    let dashes: [Double]?
    /// Each side measures its own segments and corners (`side`, the twin of the shared
    /// measures), for tests.
    let reference: Bool
    var piece: [SIMD2<Double>] = []
    var dashCount = 0

    init(style: StrokeStyle, tolerance: Double, reference: Bool = false) {
        self.style = style
        self.tolerance = tolerance
        self.reference = reference
        half = style.lineWidth / 2
        let chord = 2 * acos(Swift.max(-1, 1 - tolerance / half))
        arcStep = Swift.max(chord.isNaN ? .pi : chord, 2 * .pi / Double(Path.maxArcStepsPerTurn))
        withinOneChord = cos(arcStep) + 1e-12
        let ratio = half / (half + tolerance)
        miterWithinTolerance = Swift.max(0, 2 * ratio * ratio - 1) + 1e-12
        dashes = style.effectiveDashPattern
    }

    mutating func run(_ path: Path, into out: inout PolygonSet) throws(StrokeError) {
        // The measures' buffers are the outline's, kept from its last stroke: grown when a
        // polyline needs more, never allocated or cleared again for one of the same size.
        var measures = Measures()
        swap(&measures, &out.strokeMeasures)
        defer { swap(&measures, &out.strokeMeasures) }
        try path.forEachFlattenedSubpath(tolerance: tolerance) { (points, closed, hasSegment) throws(StrokeError) in
            var pts = points
            if closed, pts.count > 1, pts.last == pts.first { pts.removeLast() }
            if pts.count == 1 {
                if hasSegment { try cap(dot: pts[0], direction: SIMD2(1, 0), into: &out) }
                return
            }
            if let dashes {
                // Capped dashes closer than a width apart overlap one another.
                if style.lineCap != .butt, stride(from: 1, to: dashes.count, by: 2).contains(where: { dashes[$0] < style.lineWidth }) {
                    out.mayOverlapThinly = true
                }
                try dash(pts, closed: closed, pattern: dashes, &measures, into: &out)
                // Dashes of a polyline that folds back overlap one another along it, far
                // from the corner's disc.
                if !out.folds.isEmpty { out.mayOverlapThinly = true }
            } else if closed {
                try side(pts, forward: true, closed: true, &measures, into: &out)
                out.closePolygon()
                try side(pts, forward: false, closed: true, &measures, into: &out)
                out.closePolygon()
            } else {
                try open(pts, direction: SIMD2(1, 0), &measures, into: &out)
            }
        }
    }

    // MARK: Pieces

    /// An open polyline (or a dot with `direction` when it has one point) as one polygon.
    func open(_ pts: [SIMD2<Double>], direction: SIMD2<Double>, _ m: inout Measures, into out: inout PolygonSet) throws(StrokeError) {
        guard pts.count > 1 else {
            try cap(dot: pts[0], direction: direction, into: &out)
            return
        }
        let n = pts.count
        try side(pts, forward: true, closed: false, &m, into: &out)
        endCap(pts[n - 1], Self.unit(pts[n - 1] - pts[n - 2]), into: &out)
        try side(pts, forward: false, closed: false, &m, into: &out)
        endCap(pts[0], Self.unit(pts[0] - pts[1]), into: &out)
        out.closePolygon()
    }

    /// One side of the polyline, its left offset forward or backward with its joins; the
    /// forward side first. The forward side measures the polyline into `m` (segments and
    /// corners), which the backward side reads (unless `reference`: each side measures its
    /// own, `side(_:forward:closed:into:)`).
    func side(
        _ pts: [SIMD2<Double>], forward: Bool, closed: Bool, _ m: inout Measures, into out: inout PolygonSet
    ) throws(StrokeError) {
        if reference {
            try side(pts, forward: forward, closed: closed, into: &out)
        } else if forward {
            m.measure(pts, closed: closed)
            try forwardSide(pts, closed: closed, &m, into: &out)
        } else {
            try backwardSide(pts, closed: closed, &m, into: &out)
        }
    }

    /// A zero-length piece: a disc (round caps) or a square along `d` (square caps).
    func cap(dot p: SIMD2<Double>, direction d: SIMD2<Double>, into out: inout PolygonSet) throws(StrokeError) {
        switch style.lineCap {
        case .butt: return
        case .square:
            let n = Self.normal(d)
            for q in [p + half * (n - d), p + half * (n + d), p + half * (d - n), p - half * (n + d)] { out.points.append(q) }
        case .round:
            out.points.append(p + half * Self.normal(d))
            arc(around: p, from: Self.normal(d), angle: .pi, into: &out)
            out.points.append(p - half * Self.normal(d))
            arc(around: p, from: -Self.normal(d), angle: .pi, into: &out)
        }
        out.closePolygon()
        try check(out)
    }

    /// The cap at the end `p` of a side going along `d`: from `p + half·n(d)` round to
    /// `p − half·n(d)` (both ends are the sides' own points).
    func endCap(_ p: SIMD2<Double>, _ d: SIMD2<Double>, into out: inout PolygonSet) {
        let n = Self.normal(d)
        switch style.lineCap {
        case .butt: break
        case .square:
            out.points.append(p + half * (n + d))
            out.points.append(p + half * (d - n))
        case .round:
            arc(around: p, from: n, angle: .pi, into: &out)
        }
    }

    /// The left offset of the polyline going forward, with its joins, from the measured
    /// segments. A round join both of whose sides are the offset lines' meeting point (the
    /// outer side turning so little that the point is within `tolerance` of the arc, the
    /// inner side's lines meeting within `room`: every corner of a flattened curve) is
    /// decided here, for both sides; its offset is kept in the segment after the corner for
    /// the backward side. The other corners go through `join`. The same points as
    /// `side(_:forward:closed:into:)`.
    func forwardSide(_ pts: [SIMD2<Double>], closed: Bool, _ m: inout Measures, into out: inout PolygonSet) throws(StrokeError) {
        let n = pts.count
        let round = style.lineJoin == .round
        var staging = m.takeStaging()
        defer { m.staging = staging }
        m.segments.withUnsafeMutableBufferPointer { segments in staging.write(into: &out) { staged, out in
            let first = closed ? n - 1 : 0
            var u0 = segments[first].unit, l0 = segments[first].length
            if !closed { staged.add(pts[0] + half * Self.normal(u0)) }
            for i in (closed ? 0 : 1)..<(closed ? n : n - 1) {
                let u1 = segments[i].unit, l1 = segments[i].length
                let room = Swift.min(l0, l1) / 2
                let cross = u0.x * u1.y - u0.y * u1.x, dot = (u0 * u1).sum()
                // `join`'s slight outer turn (cross > 0) and inner meeting point (cross < 0),
                // with the same tests and the same arithmetic, on either side.
                if round, cross != 0, dot > miterWithinTolerance, half * ((1 - dot) / (1 + dot)).squareRoot() <= room {
                    let meet = half * (Self.normal(u0) + Self.normal(u1)) / (1 + dot)
                    segments[i].meet = meet
                    staged.add(pts[i] + meet)
                } else {
                    staged.flush(into: &out)
                    join(pts[i], u0, u1, tieOuter: true, room: room, extent: Swift.max(l0, l1), into: &out)
                }
                u0 = u1
                l0 = l1
            }
            if !closed { staged.add(pts[n - 1] + half * Self.normal(u0)) }
        } }
        try check(out)
    }

    /// The left offset of the polyline going backward, with its joins: the forward side's
    /// segments negated, corners from the last to the first, a corner `forwardSide` decided
    /// at its point less the kept offset (the backward side's normals are the forward
    /// side's negated and swapped, so its meeting point's offset is the forward one's
    /// negated, to the bit).
    func backwardSide(_ pts: [SIMD2<Double>], closed: Bool, _ m: inout Measures, into out: inout PolygonSet) throws(StrokeError) {
        let n = pts.count
        var staging = m.takeStaging()
        defer { m.staging = staging }
        m.segments.withUnsafeBufferPointer { segments in staging.write(into: &out) { staged, out in
            let last = closed ? n - 1 : n - 2
            var u0 = -segments[last].unit, l0 = segments[last].length
            if !closed { staged.add(pts[n - 1] + half * Self.normal(u0)) }
            // The corner at `pts[c]` runs from segment `c` backward to segment `c − 1` backward.
            for c in stride(from: last, through: closed ? 0 : 1, by: -1) {
                let k = c == 0 ? n - 1 : c - 1
                let u1 = -segments[k].unit, l1 = segments[k].length
                let meet = segments[c].meet
                if !meet.x.isNaN {
                    staged.add(pts[c] - meet)
                } else {
                    staged.flush(into: &out)
                    join(pts[c], u0, u1, tieOuter: false, room: Swift.min(l0, l1) / 2, extent: Swift.max(l0, l1), into: &out)
                }
                u0 = u1
                l0 = l1
            }
            if !closed { staged.add(pts[0] + half * Self.normal(u0)) }
        } }
        try check(out)
    }

    /// The left offset (`normal`) of the polyline, forward or backward, with its joins, each
    /// segment and corner measured on its own: the reference twin of `forwardSide` and
    /// `backwardSide`.
    func side(_ pts: [SIMD2<Double>], forward: Bool, closed: Bool, into out: inout PolygonSet) throws(StrokeError) {
        let n = pts.count
        @inline(__always) func at(_ i: Int) -> SIMD2<Double> { forward ? pts[i] : pts[n - 1 - i] }
        @inline(__always) func vector(_ i: Int) -> SIMD2<Double> { at((i + 1) % n) - at(i) }
        @inline(__always) func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
        // Each segment's direction and length, found once and handed on to the next corner.
        let first = closed ? n - 1 : 0
        let v0 = vector(first)
        var u0 = Self.unit(v0), l0 = length(v0)
        if !closed { out.points.append(at(0) + half * Self.normal(u0)) }
        for i in (closed ? 0 : 1)..<(closed ? n : n - 1) {
            let v1 = vector(i), u1 = Self.unit(v1), l1 = length(v1)
            join(at(i), u0, u1, tieOuter: forward, room: Swift.min(l0, l1) / 2, extent: Swift.max(l0, l1), into: &out)
            u0 = u1
            l0 = l1
        }
        if !closed { out.points.append(at(n - 1) + half * Self.normal(u0)) }
        try check(out)
    }

    /// The corner at `p` from direction `d0` to `d1`, on the left side. On the inner side,
    /// when the two offset lines meet within `room` (half the shorter segment) of the
    /// corner along each, the side turns at their meeting point; otherwise it runs through
    /// the corner itself, a small loop inside the stroke. A corner that may fold (a turn
    /// past 90°, or through the corner) is listed in `out.folds` with the radius `half +
    /// extent` (`extent` the longer segment), which holds both segments' pieces.
    func join(
        _ p: SIMD2<Double>, _ d0: SIMD2<Double>, _ d1: SIMD2<Double>, tieOuter: Bool, room: Double, extent: Double,
        into out: inout PolygonSet
    ) {
        let n0 = Self.normal(d0), n1 = Self.normal(d1)
        let cross = d0.x * d1.y - d0.y * d1.x, dot = (d0 * d1).sum()
        let a = p + half * n0, b = p + half * n1
        if cross == 0 && dot > 0 {
            out.points.append(a)
            return
        }
        let outer = cross > 0 || (cross == 0 && tieOuter)
        let fold = SIMD3(p.x, p.y, half + extent)
        if !outer, 1 + dot > 1e-9 {
            // The offset lines meet `half · tan(θ/2)` from the corner along each segment.
            let reach = half * ((1 - dot) / (1 + dot)).squareRoot()
            if reach <= room {
                if dot < 0 { out.folds.append(fold) }
                out.points.append(p + half * (n0 + n1) / (1 + dot))
                return
            }
        }
        if outer, style.lineJoin == .round, cross > 0, dot > miterWithinTolerance {
            // A slight turn: the offset lines' meeting point is within `tolerance` of the arc.
            out.points.append(p + half * (n0 + n1) / (1 + dot))
            return
        }
        // Through the corner: the stroke folds over itself on the inner side.
        if dot < 0 || !outer { out.folds.append(fold) }
        out.points.append(a)
        if !outer {
            out.points.append(p)
        } else {
            switch style.lineJoin {
            case .bevel:
                break
            case .miter:
                let limit = style.miterLimit
                if 2 <= limit * limit * (1 + dot) {
                    out.points.append(p + half * (n0 + n1) / (1 + dot))
                }
            case .round:
                if cross > 0, dot > withinOneChord { break }
                let angle = cross == 0 ? Double.pi : atan2(cross, dot)
                arc(around: p, from: n0, angle: angle, into: &out)
            }
        }
        out.points.append(b)
    }

    /// The inner points of the arc of radius `half` around `c` from direction `u`, turning
    /// by `angle` (positive: from the normal towards the direction of travel).
    func arc(around c: SIMD2<Double>, from u: SIMD2<Double>, angle: Double, into out: inout PolygonSet) {
        let m = Swift.max(1, Int((Swift.abs(angle) / arcStep).rounded(.up)))
        guard m > 1 else { return }
        let step = angle / Double(m)
        let cs = cos(step), sn = sin(step)
        var v = u
        for _ in 1..<m {
            v = SIMD2(v.x * cs - v.y * sn, v.x * sn + v.y * cs)
            out.points.append(c + half * v)
        }
    }

    // MARK: Dashes

    /// Cuts the polyline into dashes by arc length and strokes each as an open piece; on a
    /// closed polyline a dash running through the start joins the last dash to the first.
    mutating func dash(
        _ pts: [SIMD2<Double>], closed: Bool, pattern: [Double], _ m: inout Measures, into out: inout PolygonSet
    ) throws(StrokeError) {
        let period = pattern.reduce(0, +)
        var phase = style.dashPhase.isFinite ? style.dashPhase.truncatingRemainder(dividingBy: period) : 0
        if phase < 0 { phase += period }
        var index = 0
        while phase >= pattern[index] && phase > 0 {
            phase -= pattern[index]
            index = (index + 1) % pattern.count
        }
        var remaining = pattern[index] - phase
        var on = index % 2 == 0
        let startsOn = on
        // The first dash of a closed polyline that starts on: kept to join the last dash.
        var firstPending = closed && startsOn
        var first: [SIMD2<Double>]? = nil
        var firstDirection = SIMD2<Double>(1, 0)
        var pieceDirection = SIMD2<Double>(1, 0)
        piece.removeAll(keepingCapacity: true)
        let count = closed ? pts.count : pts.count - 1
        let maxDashes = Path.maxStrokePoints / 4
        for k in 0..<count {
            let a = pts[k], b = pts[(k + 1) % pts.count]
            let length = ((b - a) * (b - a)).sum().squareRoot()
            let d = (b - a) / length
            var position = 0.0
            while true {
                let step = Swift.min(remaining, length - position)
                if on {
                    if piece.isEmpty {
                        piece.append(position == 0 ? a : a + d * position)
                        pieceDirection = d
                    }
                    let end = position + step
                    piece.append(end >= length ? b : a + d * end)
                }
                position += step
                remaining -= step
                guard remaining <= 0 else { break }
                // The dash or gap ends here.
                if on {
                    if firstPending {
                        firstPending = false
                        first = piece
                        firstDirection = pieceDirection
                    } else {
                        try emit(pieceDirection, &m, into: &out)
                    }
                    piece.removeAll(keepingCapacity: true)
                }
                dashCount += 1
                if dashCount > maxDashes { throw .tooComplex(limit: Path.maxStrokePoints) }
                index = (index + 1) % pattern.count
                remaining = pattern[index]
                on.toggle()
                if position >= length && remaining > 0 { break }
            }
        }
        if on && !piece.isEmpty {
            if let head = first {
                piece.append(contentsOf: head.dropFirst())
                first = nil
            }
            try emit(pieceDirection, &m, into: &out)
        }
        if let head = first {
            piece = head
            try emit(firstDirection, &m, into: &out)
        }
    }

    /// Strokes `piece` (duplicate points merged) as an open polyline.
    mutating func emit(_ direction: SIMD2<Double>, _ m: inout Measures, into out: inout PolygonSet) throws(StrokeError) {
        var w = 1
        for i in 1..<Swift.max(1, piece.count) where piece[i] != piece[w - 1] {
            piece[w] = piece[i]
            w += 1
        }
        piece.removeSubrange(Swift.min(w, piece.count)...)
        try open(piece, direction: direction, &m, into: &out)
    }

    // MARK: Helpers

    typealias Measures = StrokeMeasures

    func check(_ out: PolygonSet) throws(StrokeError) {
        if out.points.count > Path.maxStrokePoints { throw .tooComplex(limit: Path.maxStrokePoints) }
    }

    /// `v / |v|` (the zero vector for a zero `v`, which merged points never give).
    @inline(__always)
    static func unit(_ v: SIMD2<Double>) -> SIMD2<Double> {
        let l = (v * v).sum().squareRoot()
        return l > 0 && l.isFinite ? v / l : (l > 0 ? PathSegment._normalized(v) : .zero)
    }

    /// The left normal of direction `d` (y down: left of travel), `(d.y, −d.x)`.
    @inline(__always)
    static func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(d.y, -d.x) }
}

/// One polyline's measures, shared by its two sides of a stroke, and the room its sides'
/// points are staged in. A `PolygonSet` keeps them between strokes (`strokeMeasures`), so
/// that an outline drawn again strokes without allocating them or writing them zero first.
package struct StrokeMeasures: Sendable {
    /// Segment `k` runs from point `k` to the next (a closed polyline's last back to the
    /// first).
    struct Segment {
        /// The unit direction (`unit`); the backward side's is this negated, to the bit
        /// (a difference, its length and the division by it all change sign exactly).
        var unit: SIMD2<Double>
        /// The offset from the corner at the segment's start to where the forward
        /// side's offset lines meet, when both sides are that one point; NaN otherwise.
        /// Written by the forward side, read by the backward side.
        var meet: SIMD2<Double>
        var length: Double
    }

    /// At least as many as the polyline's segments (only those are read); it grows,
    /// never shrinks, and is never cleared.
    var segments: [Segment] = []
    /// Room for a side's points, at least two more than the polyline's.
    var staging = Staging()

    package init() {}

    /// Measures the segments of `pts`, reusing the buffers.
    mutating func measure(_ pts: [SIMD2<Double>], closed: Bool) {
        let n = pts.count, count = closed ? n : n - 1
        if segments.count < count {
            segments.append(contentsOf: repeatElement(Segment(unit: .zero, meet: .zero, length: 0), count: count - segments.count))
        }
        staging.reserve(n + 2)
        segments.withUnsafeMutableBufferPointer { segments in
            for k in 0..<count {
                let v = pts[k + 1 == n ? 0 : k + 1] - pts[k]
                segments[k] = Segment(unit: Stroker.unit(v), meet: SIMD2(.nan, .nan), length: (v * v).sum().squareRoot())
            }
        }
    }

    /// The staging buffer, out of the measures while a side writes it (which then
    /// reads the segments).
    mutating func takeStaging() -> Staging {
        var taken = Staging()
        swap(&taken, &staging)
        return taken
    }
}

extension StrokeMeasures {
    /// A side's points on their way into the outline: the meeting points are written here
    /// without `append`'s uniqueness test and capacity check each, and go into the outline
    /// as one run before `join` writes there, and at the side's end.
    struct Staging {
        private var points: [SIMD2<Double>] = []

        /// Makes room for `capacity` points between flushes (grows, never shrinks).
        mutating func reserve(_ capacity: Int) {
            if points.count < capacity { points.append(contentsOf: repeatElement(.zero, count: capacity - points.count)) }
        }

        /// Runs `body` with a writer into the buffer; what it added since its last flush
        /// goes into `out` at the end.
        mutating func write(into out: inout PolygonSet, _ body: (inout Writer, inout PolygonSet) -> Void) {
            points.withUnsafeMutableBufferPointer { buffer in
                var writer = Writer(base: buffer.baseAddress.unsafelyUnwrapped)
                body(&writer, &out)
                writer.flush(into: &out)
            }
        }

        struct Writer {
            let base: UnsafeMutablePointer<SIMD2<Double>>
            var count = 0

            /// Adds `p` (at most `reserve`'s capacity between flushes).
            @inline(__always)
            mutating func add(_ p: SIMD2<Double>) {
                base[count] = p
                count += 1
            }

            /// Appends the points added since the last flush to `out`.
            mutating func flush(into out: inout PolygonSet) {
                guard count > 0 else { return }
                out.points.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
                count = 0
            }
        }
    }
}
