import CadenceGeometry
import CadencePixels

/// Corrects the exact-area coverage of a shape that overlaps itself (a stroke crossing or
/// doubling back on itself, dashes meeting at a corner), where the accumulation rule of
/// `PathCoverage` errs: a pixel half at winding 2 and half at winding 0 reads 1, not ½
/// (non-zero), or 1, not 0 (even-odd).
///
/// **Which rows.** Rows where the accumulated winding passed 1 somewhere
/// (`PathCoverage.resolve` reports it), and the rows of the stroker's fold discs
/// (`PolygonSet.folds`: around each corner turning past 90° or running through its point,
/// where a stroke doubling back overlaps itself in slivers that may never lift a pixel's
/// sum past 1; every row under `PolygonSet.mayOverlapThinly`). A stroke that does not
/// overlap itself costs nothing here. Elsewhere
/// an overlap too thin to lift a pixel's sum past 1 — where two strokes narrower than a
/// pixel cross, or two subpaths of a fill touch along a sliver — is not seen, and keeps the
/// accumulation's over-coverage in those few pixels.
///
/// **Method.** Each marked pixel row is sampled along `subrows` (4) horizontal lines through the
/// centres of equal sub-rows. On each line the edges' crossings are sorted and walked with
/// their winding; spans inside under the fill rule add their exact horizontal extent, times the
/// sub-row's height, to a second coverage row (point-sampled in y, exact in x: cairo's
/// scan converter does the same with 15 sub-rows). Pixels where any line saw a winding of
/// magnitude 2 or more take this second coverage (the sum, per sample line, of the inside
/// spans' overlap with the pixel); every other pixel keeps its exact area,
/// which is correct wherever the winding stays within 0…1. So a stroke that does not
/// overlap itself is exact; where it does, coverage is within `1 / (2 · subrows)` of the
/// truth along horizontal edges (exact along vertical ones). An overlap thinner than a
/// sub-row and between two sample lines is not seen (the exact area then over-covers, by
/// at most that sliver's area).
///
/// **Cost.** Edges are counted into rows by their top once per band (not sorted within a
/// row: a sampled row takes in all of its row's edges at once, and those starting below a
/// sample line sort after the line's crossings); each sample line walks the active edges
/// (insertion sort of their crossings): about `subrows` × (active edges) per row, plus
/// (inside spans of the row) per corrected pixel — the overlaps' area, not the shape's.
/// No allocation once the buffers have grown.
struct OverlapCorrection {
    /// Sample lines per pixel row.
    static let subrows = 4

    struct Edge {
        var top, bottom, x, dxdy: Double
        var direction: Float
        /// Where the edge crosses the current sample line.
        var current = 0.0
    }

    private var edges: [Edge] = []
    private var sorted: [Edge] = []
    private var rowStarts: [Int] = []
    private var active: [Edge] = []
    /// The row's spans inside under the rule, on all its sample lines, and the pixel
    /// ranges to correct.
    private var inside: [SIMD2<Double>] = []
    private var flagged: [SIMD2<Int>] = []
    /// A row of coverage differences, for rows with many spans.
    private var row: [Double] = []

    /// Replaces, in the coverage of `set` over `rect` (at `out`, rows `stride` apart, as
    /// resolved under `rule`, row `r` holding pixels `spans[r].x ..< spans[r].y`), the pixels
    /// where the shape overlaps itself, in the rows marked by a negated start
    /// (`−1 − spans[r].x`: the accumulated winding passed 1 there); nothing outside the
    /// spans is written.
    mutating func correct(
        _ set: PolygonSet, rule: FillRule, into out: UnsafeMutablePointer<Float>, rect: PixelRect, stride: Int,
        spans: UnsafePointer<SIMD2<Int32>>
    ) {
        guard !rect.isEmpty else { return }
        let origin = SIMD2(Double(rect.minX), Double(rect.minY))
        let height = Double(rect.height)
        edges.removeAll(keepingCapacity: true)
        set.forEach { polygon in
            guard var previous = polygon.last.map({ $0 - origin }) else { return }
            for p in polygon {
                let q = p - origin
                defer { previous = q }
                guard previous.y != q.y else { continue }
                let (a, b, d): (SIMD2<Double>, SIMD2<Double>, Float) = previous.y < q.y ? (previous, q, 1) : (q, previous, -1)
                guard b.y > 0, a.y < height else { continue }
                edges.append(Edge(top: a.y, bottom: b.y, x: a.x, dxdy: (b.x - a.x) / (b.y - a.y), direction: d))
            }
        }
        guard !edges.isEmpty else { return }
        sortByTop(rows: rect.height)
        active.removeAll(keepingCapacity: true)
        var next = 0
        let h = 1 / Double(Self.subrows)
        for y in 0..<rect.height {
            // Every edge starting in this row (the rows' edges are not sorted by their tops).
            let bottom = Double(y + 1)
            while next < edges.count, edges[next].top < bottom {
                active.append(edges[next])
                next += 1
            }
            // Only rows marked (a negated start) are sampled; the others just take in their
            // edges (the expired ones are dropped at the next marked row).
            guard spans[y].x < 0 else { continue }
            let lo = Int(-1 - spans[y].x), end = Int(spans[y].y)
            inside.removeAll(keepingCapacity: true)
            flagged.removeAll(keepingCapacity: true)
            for s in 0..<Self.subrows {
                let line = Double(y) + (Double(s) + 0.5) * h
                // One pass: the edges ending above the line dropped, the others' crossings
                // found. The active edges stay sorted by where they cross the line: nearly in
                // order from one line to the next, so an insertion sort is about linear. Edges
                // that start below the line sort last, out of the walk.
                var kept = 0, live = 0
                active.withUnsafeMutableBufferPointer { a in
                    for i in a.indices where a[i].bottom > line {
                        var e = a[i]
                        if e.top <= line {
                            e.current = Swift.min(Swift.max(e.x + (line - e.top) * e.dxdy, Double(lo)), Double(end))
                            live += 1
                        } else {
                            e.current = .infinity
                        }
                        a[kept] = e
                        kept += 1
                    }
                }
                active.removeSubrange(kept...)
                guard lo < end, live > 1 else { continue }
                active.withUnsafeMutableBufferPointer { a in
                    for i in 1..<a.count {
                        let e = a[i]
                        var j = i - 1
                        while j >= 0, a[j].current > e.current {
                            a[j + 1] = a[j]
                            j -= 1
                        }
                        a[j + 1] = e
                    }
                }
                // `active` is sorted by where the edges cross this line.
                active.withUnsafeBufferPointer { a in
                    var winding: Float = 0
                    for j in 0..<(live - 1) {
                        winding += a[j].direction
                        let x0 = a[j].current, x1 = a[j + 1].current
                        guard winding != 0, x1 > x0 else { continue }
                        if rule == .nonZero || Int(winding) % 2 != 0 { inside.append(SIMD2(x0, x1)) }
                        if Swift.abs(winding) >= 2 {
                            flagged.append(SIMD2(Int(x0.rounded(.down)), Swift.min(end - 1, Int(x1.rounded(.up)) - 1)))
                        }
                    }
                }
            }
            guard !flagged.isEmpty else { continue }
            let target = out + y * stride
            let pixels = flagged.reduce(0) { $0 + Swift.max(0, $1.y - $1.x + 1) }
            if pixels * inside.count > 4 * (end - lo + inside.count) {
                // Many spans: their coverage as differences along the row, then a running sum.
                if row.count < end + 2 { row = [Double](repeating: 0, count: end + 2) }
                for k in lo...end + 1 { row[k] = 0 }
                func add(_ x: Double, _ sign: Double) {
                    let f = x.rounded(.down), i = Int(f)
                    row[i] += sign * (1 - (x - f))
                    row[i + 1] += sign * (x - f)
                }
                for span in inside {
                    add(span.x, 1)
                    add(span.y, -1)
                }
                var sum = 0.0
                for k in lo..<end {
                    sum += row[k]
                    row[k] = sum
                }
                for range in flagged where range.x <= range.y {
                    for k in range.x...range.y { target[k] = Float(Swift.min(1, Swift.max(0, row[k] * h))) }
                }
                continue
            }
            for range in flagged where range.x <= range.y {
                for k in range.x...range.y {
                    var c = 0.0
                    let l = Double(k), r = l + 1
                    for span in inside where span.y > l && span.x < r {
                        c += Swift.min(span.y, r) - Swift.max(span.x, l)
                    }
                    target[k] = Float(Swift.min(1, c * h))
                }
            }
        }
    }

    /// Orders `edges` by the pixel row of their top (`rows` of them; tops above the
    /// rectangle in row 0): a counting sort, stable, O(edges + rows). Within a row the edges
    /// keep their order (`correct` takes a row's edges in at once).
    private mutating func sortByTop(rows: Int) {
        if rowStarts.count < rows + 1 { rowStarts = [Int](repeating: 0, count: rows + 1) }
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: edges)
        @inline(__always) func row(_ top: Double) -> Int { Int(Swift.min(Swift.max(top, 0), Double(rows - 1))) }
        edges.withUnsafeBufferPointer { edges in
            sorted.withUnsafeMutableBufferPointer { sorted in
                rowStarts.withUnsafeMutableBufferPointer { starts in
                    for r in 0...rows { starts[r] = 0 }
                    for e in edges { starts[row(e.top) + 1] += 1 }
                    for r in 0..<rows { starts[r + 1] += starts[r] }
                    for e in edges {
                        let r = row(e.top)
                        sorted[starts[r]] = e
                        starts[r] += 1
                    }
                }
            }
        }
        swap(&edges, &sorted)
    }
}
