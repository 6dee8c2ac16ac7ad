/// Closed polygons in one buffer: polygon `k` is `points[ends[k − 1] ..< ends[k]]` (from
/// 0 for the first), its closing edge implied. What the stroker produces and the
/// rasterizer accumulates, with no `Path` in between. Package-internal.
package struct PolygonSet: Sendable {
    package var points: [SIMD2<Double>] = []
    package var ends: [Int] = []
    /// Set by the stroker when the outline may overlap itself anywhere: capped dashes
    /// closer than a width. Corners that may fold (a turn past 90°, an inner corner whose
    /// segments are too short for the offset lines to meet) are listed in `folds` instead.
    /// The overlaps may be slivers thinner than a pixel, which the rasterizer cannot see
    /// from accumulated areas alone.
    package var mayOverlapThinly = false
    /// Discs `(x, y, radius)` around the corners where the outline may fold over itself in
    /// slivers (a turn past 90°, an inner corner whose segments are too short for the offset
    /// lines to meet): every such overlap between a corner's two segments lies in its disc
    /// (the corner, plus the longer segment and half the width). Where `mayOverlapThinly`
    /// is not set, thin overlaps are only in these discs.
    package var folds: [SIMD3<Double>] = []
    /// The stroker's buffers for the polylines it strokes into this set, kept from stroke
    /// to stroke (`StrokeMeasures`); not part of the polygons.
    var strokeMeasures = StrokeMeasures()

    package init() {}

    package mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        mayOverlapThinly = false
        folds.removeAll(keepingCapacity: true)
    }

    /// Ends the polygon begun after the previous end (dropped when it has fewer than 3
    /// points: it encloses nothing).
    package mutating func closePolygon() {
        let start = ends.last ?? 0
        if points.count - start >= 3 {
            ends.append(points.count)
        } else {
            points.removeSubrange(start...)
        }
    }

    /// Calls `body` with each polygon.
    package func forEach(_ body: (UnsafeBufferPointer<SIMD2<Double>>) -> Void) {
        points.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                body(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    /// The polygons as a path of lines, each subpath closed.
    package var path: Path {
        var p = Path()
        var start = 0
        for end in ends {
            p.move(to: Point(x: points[start].x, y: points[start].y))
            for q in points[(start + 1)..<end] { p.addLine(to: Point(x: q.x, y: q.y)) }
            p.closeSubpath()
            start = end
        }
        return p
    }
}
