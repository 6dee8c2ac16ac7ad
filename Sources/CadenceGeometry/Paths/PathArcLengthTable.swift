/// A place on a path: the index of a segment in `Path.segments` and a Bézier parameter
/// `t` in 0…1 on it.
public struct PathLocation: Hashable, Sendable {
    /// The index into `Path.segments` (not into `Path.elements`).
    public var segmentIndex: Int
    /// The Bézier parameter on that segment, 0…1.
    public var t: Double

    @inlinable
    public init(segmentIndex: Int, t: Double) {
        self.segmentIndex = segmentIndex
        self.t = t
    }
}

/// A path measured once for many arc-length queries: the segments, their cumulative
/// lengths, and the quadrature panels of every curve, so that a query costs a binary
/// search and a few Newton steps inside one panel.
///
/// Paced keyframe animations along a path build one per animation and query it every
/// frame.
///
/// - Distances: in points along the path, from the start of its first segment. Move-tos
///   between subpaths add nothing (the path jumps).
/// - Agreement: `length` is bit for bit `Path.length`, and a location is bit for bit
///   `PathSegment.parameter(atLength:)` of the distance within its segment (the same
///   panels, summed in the same order), except exactly on a segment's end, where it is
///   `t = 1` whatever the rounding of that difference.
/// - Cost: building measures every segment (as `Path.length` does) and stores about 3
///   doubles per panel (a smooth cubic has 2–8 panels). A query allocates nothing:
///   O(log segments + log panels), then usually 2–4 Newton steps of one 21-point rule.
/// - Invariants (`_invariantViolations()`, checked in `init` when the package is built
///   with `-D CADENCE_CHECK_INVARIANTS`): cumulative lengths never decrease, panel edges
///   ascend within 0…1 in every segment, and each segment's panels add up to its length.
public struct PathArcLengthTable: Sendable {
    /// The measured segments (`Path.segments`).
    public let segments: [PathSegment]
    /// Per segment, its speed function.
    @usableFromInline let integrands: [_ArcLengthIntegrand]
    /// Per segment, the distance along the path at its end.
    @usableFromInline let segmentEnds: [Double]
    /// Per segment `i`, its panels are `panelStarts[i] ..< panelStarts[i + 1]`.
    @usableFromInline let panelStarts: [Int]
    /// Per panel, its parameter interval.
    @usableFromInline let panelA: [Double], panelB: [Double]
    /// Per panel, its scaled length and the scaled length of its segment up to its end.
    @usableFromInline let panelLength: [Double], panelEnd: [Double]

    /// The total length of the path in points (equal to `Path.length`). Zero for a path
    /// with no segments; NaN or +∞ if a coordinate is.
    public let length: Double

    /// Measures `path`. See the type's documentation for the cost.
    public init(_ path: Path) {
        let segments = path.segments
        var integrands: [_ArcLengthIntegrand] = []
        var segmentEnds: [Double] = []
        var panelStarts: [Int] = [0]
        var panelA: [Double] = []
        var panelB: [Double] = []
        var panelLength: [Double] = []
        var panelEnd: [Double] = []
        integrands.reserveCapacity(segments.count)
        segmentEnds.reserveCapacity(segments.count)
        panelStarts.reserveCapacity(segments.count + 1)
        var total = 0.0
        for segment in segments {
            let f = _ArcLengthIntegrand(segment)
            integrands.append(f)
            switch f.kind {
            case .exact(let length):
                total += length
            case .curve:
                var sum = 0.0
                _ = f.forEachPanel { a, b, value in
                    sum += value
                    panelA.append(a)
                    panelB.append(b)
                    panelLength.append(value)
                    panelEnd.append(sum)
                    return true
                }
                total += f.unscaled(sum)
            }
            segmentEnds.append(total)
            panelStarts.append(panelA.count)
        }
        self.segments = segments
        self.integrands = integrands
        self.segmentEnds = segmentEnds
        self.panelStarts = panelStarts
        self.panelA = panelA
        self.panelB = panelB
        self.panelLength = panelLength
        self.panelEnd = panelEnd
        length = total
        #if CADENCE_CHECK_INVARIANTS
            precondition(_invariantViolations().isEmpty, "\(_invariantViolations())")
        #endif
    }

    /// The distance along the path at the end of segment `index`; `nil` outside
    /// `segments.indices`. The end of the last segment is `length`.
    public func distance(toEndOfSegment index: Int) -> Double? {
        segmentEnds.indices.contains(index) ? segmentEnds[index] : nil
    }

    /// The distance along the path from its start to `location` (`segmentIndex` outside
    /// the segments gives `nil`; `t` is clamped to 0…1).
    public func distance(to location: PathLocation) -> Double? {
        guard segments.indices.contains(location.segmentIndex) else { return nil }
        let before = location.segmentIndex == 0 ? 0 : segmentEnds[location.segmentIndex - 1]
        return before + integrands[location.segmentIndex].length(to: location.t)
    }

    /// The location `distance` points along the path.
    ///
    /// - Range: `distance` is clamped to 0…`length`; NaN reads as 0. The answer is in the
    ///   first segment whose end is at or beyond `distance`, so a distance on a boundary
    ///   gives the end (exactly `t = 1`) of the earlier segment, and zero-length segments
    ///   are reached only at distance 0 or when nothing before them has length.
    /// - `nil` when the path has no segments. When `length` is NaN or infinite, the start
    ///   (segment 0, `t = 0`).
    /// - Accuracy: as `PathSegment.parameter(atLength:)`: the arc length to the answer is
    ///   within 1e-14 (relative) of the asked distance, within the quadrature's 1e-12.
    /// - Cost: two binary searches and a few Newton steps; no allocation.
    public func location(atDistance distance: Double) -> PathLocation? {
        guard !segments.isEmpty else { return nil }
        guard length.isFinite else { return PathLocation(segmentIndex: 0, t: 0) }
        let d = distance.isNaN ? 0 : Swift.min(Swift.max(distance, 0), length)
        guard d > 0 else { return PathLocation(segmentIndex: 0, t: 0) }
        let i = Self.firstIndex(in: segmentEnds, 0..<segmentEnds.count, notBelow: d) ?? segmentEnds.count - 1
        // On a segment's end exactly (the path's end included): t = 1, without the
        // rounding of `d − before`.
        if d == segmentEnds[i] { return PathLocation(segmentIndex: i, t: 1) }
        let before = i == 0 ? 0 : segmentEnds[i - 1]
        let f = integrands[i]
        switch f.kind {
        case .exact:
            return PathLocation(segmentIndex: i, t: f.parameter(atLength: d - before))
        case .curve:
            let target = f.scaled(d - before)
            let panels = panelStarts[i]..<panelStarts[i + 1]
            guard let p = Self.firstIndex(in: panelEnd, panels, notBelow: target) else {
                return PathLocation(segmentIndex: i, t: 1)
            }
            let panelBefore = p == panels.lowerBound ? 0 : panelEnd[p - 1]
            let t = f.solve(
                in: panelA[p], panelB[p], panelLength: panelLength[p], before: panelBefore, target: target)
            return PathLocation(segmentIndex: i, t: t)
        }
    }

    /// The point `distance` points along the path (see `location(atDistance:)`); `nil`
    /// when the path has no segments.
    public func point(atDistance distance: Double) -> Point? {
        location(atDistance: distance).map { segments[$0.segmentIndex].point(at: $0.t) }
    }

    /// The unit tangent `distance` points along the path (see `location(atDistance:)` and
    /// `PathSegment.tangent(at:)`); `nil` when the path has no segments.
    public func tangent(atDistance distance: Double) -> Point? {
        location(atDistance: distance).map { segments[$0.segmentIndex].tangent(at: $0.t) }
    }

    /// The first index in `range` whose value is ≥ `value` (the values ascend), or `nil`.
    @usableFromInline
    static func firstIndex(in values: [Double], _ range: Range<Int>, notBelow value: Double) -> Int? {
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if values[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < range.upperBound ? lo : nil
    }

    /// Broken invariants, described; empty when the table is sound. Not meaningful for a
    /// path with non-finite coordinates.
    func _invariantViolations() -> [String] {
        var problems: [String] = []
        var previous = 0.0
        for (i, end) in segmentEnds.enumerated() {
            if end < previous { problems.append("segmentEnds[\(i)] = \(end) < \(previous)") }
            previous = end
            let panels = panelStarts[i]..<panelStarts[i + 1]
            var edge = 0.0
            var sum = 0.0
            for p in panels {
                if panelA[p] != edge { problems.append("segment \(i): panel \(p) starts at \(panelA[p]), not \(edge)") }
                if !(panelB[p] > panelA[p]) { problems.append("segment \(i): panel \(p) is empty") }
                edge = panelB[p]
                sum += panelLength[p]
                if panelEnd[p] != sum { problems.append("segment \(i): panelEnd[\(p)] = \(panelEnd[p]), not \(sum)") }
            }
            if !panels.isEmpty && edge != 1 { problems.append("segment \(i): panels end at \(edge), not 1") }
            let segmentLength = integrands[i].length
            if case .curve = integrands[i].kind, integrands[i].unscaled(sum) != segmentLength {
                problems.append("segment \(i): panels add up to \(integrands[i].unscaled(sum)), not \(segmentLength)")
            }
        }
        return problems
    }
}
