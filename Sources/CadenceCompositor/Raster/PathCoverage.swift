import CCadenceFeatures
import CadenceGeometry
import CadencePixels

/// Anti-aliased coverage of a filled `Path` seen through a plane map, with the non-zero
/// winding rule: what `shadowPath` casts.
///
/// **Method.** Each subpath is closed (filling closes it, as Core Graphics does) and
/// flattened: curves (a quadratic is raised to a cubic) are split in halves until the
/// images of both inner control points lie within `tolerance` (1/128 pixel) of the image of
/// the chord, at most `maxDepth` (16) times — with an explicit stack, never recursion;
/// under an affine map a quadratic is cut instead into the equal parameter steps that keep
/// each piece within `tolerance` (`flattenQuadratic`). Under
/// perspective the curve is split in homogeneous pixel coordinates (the image of a Bézier
/// under a homography is the rational curve of the mapped control points), and the
/// flattened polygon is cut to the half-plane `w ≥ 1e-9 · max w` (what is behind the viewer
/// is not drawn; the cut runs along the horizon's image, far outside). The edges are then
/// accumulated as scanline font rasterisers do (font-rs, stb_truetype): each edge adds, in
/// every pixel row it crosses, its signed exact area to the cells it passes and its
/// remaining cover to the cell after; a running sum along the row gives each pixel the
/// signed area of winding under it.
///
/// **Rule.** Coverage is `min(1, |signed winding area|)`: the exact covered area in every
/// pixel whose winding numbers are 0 and one of ±1, or all non-zero and of one sign — so
/// everywhere for a simple shape, a self-overlapping star (filled in the middle, where the
/// winding is 2), or shapes drawn the same way round (two overlapping squares give their
/// union); drawn opposite ways, the overlap has winding 0 and is a hole. A pixel holding
/// windings of both signs, or 2 beside 0 — only where edges cross inside it — gets
/// `min(1, |mean winding|)` instead (half +1 and half −1 reads 0; half 2 and half 0 reads
/// 1): the classic approximation of accumulation rasterisers.
///
/// **Clipping.** Only the rectangle's pixels are written, but the whole path counts: parts
/// left of the rectangle still add their winding (their edges collapse onto its left
/// side), parts above, below or to the right add nothing; curves entirely outside are not
/// subdivided.
///
/// **Bad input.** A path with a non-finite coordinate, a non-finite map, an empty path, a
/// map that sends the path to infinity (an overflow), and an affine map that puts the plane
/// behind the viewer all give coverage 0 everywhere.
///
/// **Cost.** O(flattened edges + pixel rows crossed + pixels between an edge's ends in a
/// row) to accumulate, then one pass over the rows the path touches (from its leftmost
/// pixel to the rectangle's right side); no allocation once the `Workspace` has grown.
enum PathCoverage {
    /// The largest distance (pixels) between a curve and its flattening: 1/128, so the
    /// flattening moves no pixel's coverage by more than about 2/255, and loses under 0.1 %
    /// of a circle's area from a radius of 10 px (inscribed chords always lose a little).
    static let tolerance = 1.0 / 128
    /// The most times a curve is halved (2¹⁶ pieces at most).
    static let maxDepth = 16
    /// Points with `w` below this fraction of the path's largest `w` are behind the viewer.
    static let behindLimit = 1e-9

    /// Reusable memory for `fill`: the current subpath's flattened points and the
    /// subdivision stack. Keep one and pass it to every call. Not thread-safe.
    final class Workspace {
        // Unchecked exclusivity: one caller at a time (not thread-safe), and the flattening
        // loops append to these arrays once a point, where the runtime's access tracking cost
        // a twentieth of a glyph-heavy fill.
        @exclusivity(unchecked) fileprivate var points: [SIMD3<Double>] = []
        @exclusivity(unchecked) fileprivate var clipped: [SIMD3<Double>] = []
        @exclusivity(unchecked) fileprivate var projected: [SIMD2<Double>] = []
        @exclusivity(unchecked) fileprivate var stack: [Cubic] = []

        init() {}
    }

    /// Writes the coverage of `path` (layer coordinates) under `map` (layer space to
    /// pixels, row vectors, possibly perspective) to the pixels of `rect`: pixel `(x, y)` at
    /// `out + (y − rect.minY) · stride + (x − rect.minX)`, `stride ≥ rect.width`. Every
    /// pixel of `rect` is written (0 where the path does not reach); values are in 0…1.
    /// Returns the rectangle (within `rect`) outside which every pixel is 0 — `.empty` when
    /// all are. See the type's doc comment for the method, rule, and bad input.
    ///
    /// With `rows` (within `rect`'s), only those rows are written, `out` pointing at the
    /// first of them (pixel `(x, y)` at `out + (y − rows.lowerBound) · stride + (x −
    /// rect.minX)`): the same bits as those rows of the whole rectangle's fill — the path is
    /// flattened and its edges cut relative to `rect`, every edge counts towards where the
    /// rows' resolve starts, and only the writes outside `rows` are left out — so a band of
    /// a frame fills only the rows it needs of a plane whose corner is the whole frame's.
    /// The returned rectangle is then within `rows` too. Cost: the edges, plus `rows`' pixels
    /// (not `rect`'s).
    @discardableResult
    static func fill(
        _ path: Path, map: PlaneMap, into out: UnsafeMutablePointer<Float>, rect: PixelRect, rows: Range<Int>? = nil,
        stride: Int, workspace: Workspace
    ) -> PixelRect {
        accumulate(into: out, rect: rect, rows: rows ?? rect.minY..<rect.maxY, stride: stride) { cells in
            forEachPolygon(path, map: map, rect: rect, workspace) { cells.addPolygon($0) }
        }
    }

    /// Accumulates the signed-area cells of `polygons` (closed, already flattened, in pixel
    /// coordinates of the whole plane) into the pixels of `rect` at `out` (rows `stride`
    /// apart), which must be all zero, and records in `spans[row]` the first and last cell
    /// each row touched (`lo > hi`: none). Returns `false` (cells possibly written: the
    /// caller zeroes the spans) when a point is not finite. Sparse: only the cells edges
    /// cross are written, so a thin shape costs its edges, not its bounding box;
    /// `resolve(_:from:through:width:rule:)` turns a row's span into coverage.
    ///
    /// With `blocks` (all zero, `TouchedBlocks.words(width:)` words a row), also sets the
    /// bit of every block of 8 cells (counted from the row's start) that an edge wrote in
    /// each row: what `resolveSparse` skips over and `TouchedBlocks.forEachRun` hands out.
    static func accumulate(
        _ polygons: PolygonSet, into out: UnsafeMutablePointer<Float>, rect: PixelRect, stride: Int,
        spans: UnsafeMutablePointer<SIMD2<Int32>>, blocks: UnsafeMutablePointer<UInt64>? = nil
    ) -> Bool {
        guard !rect.isEmpty else { return true }
        spans.update(repeating: SIMD2(Int32.max, -1), count: rect.height)
        let offset = SIMD2(Double(rect.minX), Double(rect.minY))
        var cells = Accumulator(base: out, width: rect.width, height: rect.height, stride: stride)
        cells.spans = spans
        cells.blocks = blocks
        polygons.forEach { cells.addPolygon($0, offset: offset) }
        return cells.isValid
    }

    /// The coverage of one row of cells that `accumulate` wrote, from cell `lo` through
    /// `hi` (its span), under `rule`: the running sum from `lo` (past `hi` the winding is 0;
    /// a shape reaching past the right side has its span run to the last cell). Returns the
    /// end of the pixels written, and whether the winding reached 2 in the row.
    static func resolve(
        _ row: UnsafeMutablePointer<Float>, from lo: Int, through hi: Int, width: Int, rule: FillRule
    ) -> (end: Int, overlaps: Bool) {
        let last = Swift.min(hi + 1, width)
        switch rule {
        case .nonZero: return (last, resolve(row + lo, count: last - lo))
        case .evenOdd: return (last, resolveEvenOdd(row + lo, count: last - lo))
        }
    }

    /// Zeroes the pixels of `rows` (absolute rows, within `rect`'s; `out` at the first),
    /// lets `feed` add edges (`false`: ignore the path), and resolves the touched rows among
    /// them (non-zero: the compositor's shapes) from the leftmost cell any row touched.
    private static func accumulate(
        into out: UnsafeMutablePointer<Float>, rect: PixelRect, rows: Range<Int>, stride: Int,
        _ feed: (inout Accumulator) -> Bool
    ) -> PixelRect {
        let lo = Swift.max(rows.lowerBound, rect.minY) - rect.minY, hi = Swift.min(rows.upperBound, rect.maxY) - rect.minY
        guard !rect.isEmpty, lo < hi else { return .empty }
        let w = rect.width
        for y in 0..<(hi - lo) { (out + y * stride).update(repeating: 0, count: w) }
        // Row r of the plane at `base + r · stride`: only rows `lo ..< hi` are touched.
        let base = out - lo * stride
        var cells = Accumulator(base: base, width: w, height: rect.height, stride: stride, rows: lo..<hi)
        let ok = feed(&cells)
        let first = Swift.max(cells.minRow, lo), last = Swift.min(cells.maxRow, hi - 1)
        guard ok, cells.isValid, first <= last else {
            if first <= last {
                for y in first...last { (base + y * stride).update(repeating: 0, count: w) }
            }
            return .empty
        }
        for y in first...last {
            resolve(base + y * stride + cells.minCell, count: w - cells.minCell)
        }
        return PixelRect(minX: rect.minX + cells.minCell, minY: rect.minY + first,
                         maxX: rect.maxX, maxY: rect.minY + last + 1)
    }

    /// The flattened, clipped polygons of `path` in pixel coordinates relative to
    /// `rect.minX, rect.minY` (what `fill` accumulates); empty for a path `fill` ignores.
    /// For tests.
    static func polygons(_ path: Path, map: PlaneMap, rect: PixelRect, workspace: Workspace) -> [[SIMD2<Double>]] {
        var result: [[SIMD2<Double>]] = []
        let ok = forEachPolygon(path, map: map, rect: rect, workspace) { result.append(Array($0)) }
        return ok ? result : []
    }

    /// The running sum of a row's cells, replaced by `min(1, |sum|)`, in `SIMD8` lanes (a
    /// log-step prefix sum within each vector, carried across).
    /// Returns whether any running sum passed `1 + overlapThreshold` in magnitude: the
    /// row holds winding 2 or more somewhere (a shape overlapping itself).
    @inline(__always) @discardableResult
    static func resolve(_ row: UnsafeMutablePointer<Float>, count: Int) -> Bool {
        var carry: Float = 0
        var largest = SIMD8<Float>()
        var i = 0
        while i + 8 <= count {
            let p = UnsafeMutableRawPointer(row + i)
            resolveGroup(p, carry: &carry, largest: &largest)
            i += 8
        }
        return resolveTail(row + i, count: count - i, carry: carry, largest: largest)
    }

    /// Eight cells of a row: their running sums from `carry` (a log-step prefix sum), replaced
    /// by `min(1, |sum|)`; `carry` becomes the last sum, `largest` the lanes' largest `|sum|`.
    @inline(__always)
    static func resolveGroup(_ p: UnsafeMutableRawPointer, carry: inout Float, largest: inout SIMD8<Float>) {
        var v = p.loadUnaligned(as: SIMD8<Float>.self)
        v += SIMD8(0, v[0], v[1], v[2], v[3], v[4], v[5], v[6])
        v += SIMD8(0, 0, v[0], v[1], v[2], v[3], v[4], v[5])
        v += SIMD8(0, 0, 0, 0, v[0], v[1], v[2], v[3])
        v += carry
        carry = v[7]
        let a = v.replacing(with: -v, where: v .< 0)
        largest = largest.replacing(with: a, where: a .> largest)
        p.storeBytes(of: a.replacing(with: 1, where: a .> 1), as: SIMD8<Float>.self)
    }

    /// The last `count` (< 8) cells of a row, one at a time; returns whether a running sum,
    /// or `largest`, passed `1 + overlapThreshold`.
    @inline(__always)
    static func resolveTail(_ row: UnsafeMutablePointer<Float>, count: Int, carry: Float, largest: SIMD8<Float>) -> Bool {
        var carry = carry, tail: Float = 0
        for i in 0..<count {
            carry += row[i]
            tail = Swift.max(tail, Swift.abs(carry))
            row[i] = Swift.min(1, Swift.abs(carry))
        }
        return passesOverlap(largest) || tail > 1 + overlapThreshold
    }

    /// `resolve(row + lo, count:)` over the cells `lo ..< lo + count` of a row whose blocks
    /// `accumulate` marked in `blocks`, in groups of 8 aligned with the blocks (from `lo`
    /// rounded down to a multiple of 8; the cells before `lo` are 0), skipping what it can:
    /// an untouched block holds zeros, so its running sums are the carry — written as such
    /// (and the block marked) where the carry is not near 0, left alone where `|carry| ≤
    /// residue` (the winding is back to 0 between two crossings). So the coverage is
    /// `resolve`'s — within `Float` rounding of the sums, whose order the alignment may
    /// change — except in the cells left alone, which stay 0 instead of at most `residue`
    /// (a weight that quantizes to 0 either way). Cost: the touched blocks and the filled
    /// runs; a skipped run is a bit scan. The reference twin of `cadence_resolve_sparse`
    /// (`resolveSparseRow` with `vector`).
    @inline(__always) @discardableResult
    static func resolveSparse(
        _ row: UnsafeMutablePointer<Float>, from lo: Int, count: Int, blocks: UnsafeMutablePointer<UInt64>
    ) -> Bool {
        var carry: Float = 0
        var largest = SIMD8<Float>()
        let end = lo + count, limit = (end + 7) >> 3
        var c = lo & ~7
        while c + 8 <= end {
            let b = c >> 3
            if TouchedBlocks.isSet(blocks, b) {
                resolveGroup(UnsafeMutableRawPointer(row + c), carry: &carry, largest: &largest)
                c += 8
                continue
            }
            let a = Swift.abs(carry)
            if a <= residue {
                c = Swift.max(c + 8, TouchedBlocks.next(blocks, from: b + 1, limit: limit) << 3)
                continue
            }
            let v = SIMD8<Float>(repeating: a)
            largest = largest.replacing(with: v, where: v .> largest)
            UnsafeMutableRawPointer(row + c).storeBytes(of: v.replacing(with: 1, where: v .> 1), as: SIMD8<Float>.self)
            TouchedBlocks.mark(blocks, from: c, through: c + 7)
            c += 8
        }
        guard c < end else { return passesOverlap(largest) }
        TouchedBlocks.mark(blocks, from: c, through: end - 1)
        return resolveTail(row + c, count: end - c, carry: carry, largest: largest)
    }

    /// `resolveSparse`, by the AVX2 row kernel `cadence_resolve_sparse` when `vector`
    /// (`usesVectorResolve`): the same cells to the bit, the same blocks marked and the same
    /// answer — its prefix sums are the same additions in the same order, each in one full-width
    /// permutation and a blend where the Swift lanes compile to loads at offsets and mended
    /// lanes — in about a third of the instructions a touched group. One call a row.
    @inline(__always) @discardableResult
    static func resolveSparseRow(
        _ row: UnsafeMutablePointer<Float>, from lo: Int, count: Int, blocks: UnsafeMutablePointer<UInt64>, vector: Bool
    ) -> Bool {
        guard vector else { return resolveSparse(row, from: lo, count: count, blocks: blocks) }
        return cadence_resolve_sparse(row, lo, count, blocks, residue, 1 + overlapThreshold) != 0
    }

    /// Whether `resolveSparseRow` may take the AVX2 kernel: the CPU has AVX2 (asked once, at
    /// run time: a baseline x86-64 build still runs everywhere) and `referenceResolveForTests`
    /// is off.
    static var usesVectorResolve: Bool {
        !referenceResolveForTests && cadence_coverage_avx2_available() != 0
    }

    /// Whether `resolveSparseRow` keeps to the Swift reference twin. For tests; set it only
    /// where no other thread draws.
    nonisolated(unsafe) static var referenceResolveForTests = false

    /// Whether a lane of `largest` passed `1 + overlapThreshold`: `largest.max() > 1 +
    /// overlapThreshold` by halving the vector (the generic `max()` was a call a row). The
    /// lanes are never NaN (`resolveGroup` keeps a lane only where it compares greater).
    @inline(__always)
    static func passesOverlap(_ largest: SIMD8<Float>) -> Bool {
        let (l4, h4) = (largest.lowHalf, largest.highHalf)
        let m4 = l4.replacing(with: h4, where: h4 .> l4)
        let (l2, h2) = (m4.lowHalf, m4.highHalf)
        let m2 = l2.replacing(with: h2, where: h2 .> l2)
        return Swift.max(m2[0], m2[1]) > 1 + overlapThreshold
    }

    /// The largest running sum `resolveSparse` treats as a winding of 0 (2⁻¹², far below
    /// the 1/510 that quantizes to a weight of 0; `Float` rounding of a row's areas leaves
    /// about 10⁻⁶).
    static let residue: Float = 1.0 / 4096

    /// How far past 1 a running sum may drift by `Float` rounding before it counts as a
    /// winding of 2 (`resolve`'s report).
    static let overlapThreshold: Float = 1e-3

    /// The running sum of a row's cells, `a`, replaced by the even-odd fold `1 − |1 − (|a|
    /// mod 2)|`. Returns whether a running sum passed 1 as `resolve` does.
    @discardableResult
    static func resolveEvenOdd(_ row: UnsafeMutablePointer<Float>, count: Int) -> Bool {
        var carry: Float = 0, largest: Float = 0
        for i in 0..<count {
            carry += row[i]
            var a = Swift.abs(carry)
            largest = Swift.max(largest, a)
            a -= 2 * (a * 0.5).rounded(.down)
            row[i] = 1 - Swift.abs(1 - a)
        }
        return largest > 1 + overlapThreshold
    }

    // MARK: Flattening

    /// A cubic in homogeneous pixel coordinates, and how many halvings made it.
    struct Cubic {
        var p0, p1, p2, p3: SIMD3<Double>
        var depth: Int

        /// The two halves (de Casteljau at t = 1/2).
        @inline(__always)
        func split() -> (Cubic, Cubic) {
            let a = (p0 + p1) * 0.5, b = (p1 + p2) * 0.5, c = (p2 + p3) * 0.5
            let ab = (a + b) * 0.5, bc = (b + c) * 0.5, mid = (ab + bc) * 0.5
            return (Cubic(p0: p0, p1: a, p2: ab, p3: mid, depth: depth + 1),
                    Cubic(p0: mid, p1: bc, p2: c, p3: p3, depth: depth + 1))
        }
    }

    /// Calls `body` with each closed, flattened polygon of `path` (pixel coordinates
    /// relative to the rectangle's corner, the closing edge implied). `false` when the path
    /// is to be ignored (non-finite input, an overflow, nothing in front of the viewer).
    static func forEachPolygon(
        _ path: Path, map: PlaneMap, rect: PixelRect, _ ws: Workspace,
        _ body: (UnsafeBufferPointer<SIMD2<Double>>) -> Void
    ) -> Bool {
        guard !path.isEmpty, path.isFinite, map.isFinite else { return false }
        var m = map.concatenating(.translation(-Double(rect.minX), -Double(rect.minY)))
        let affine = m.isAffine
        if affine {
            guard m.r3.z > 0 else { return false }
            let k = 1 / m.r3.z
            m = PlaneMap(rows: m.r1 * k, m.r2 * k, SIMD3(m.r3.x * k, m.r3.y * k, 1))
        }
        // The plane w ≥ epsilon is in front of the viewer.
        var epsilon = 0.0
        if !affine {
            var largest = -Double.infinity
            for element in path.elements {
                switch element {
                case .moveTo(let p), .lineTo(let p):
                    largest = Swift.max(largest, m.homogeneous(p.x, p.y).z)
                case .quadCurveTo(let c, let p):
                    largest = Swift.max(largest, m.homogeneous(c.x, c.y).z, m.homogeneous(p.x, p.y).z)
                case .curveTo(let c1, let c2, let p):
                    largest = Swift.max(largest, m.homogeneous(c1.x, c1.y).z, m.homogeneous(c2.x, c2.y).z,
                                        m.homogeneous(p.x, p.y).z)
                case .closeSubpath:
                    break
                }
            }
            guard largest > 0, largest.isFinite else { return false }
            epsilon = behindLimit * largest
        }
        let bounds = SIMD2(Double(rect.width), Double(rect.height))
        var ok = true

        func finish() {
            defer { ws.points.removeAll(keepingCapacity: true) }
            guard ws.points.count > 2 else { return }
            if affine {
                project(ws.points)
            } else {
                clip(ws.points, above: epsilon, into: &ws.clipped)
                if ws.clipped.count > 2 { project(ws.clipped) }
            }
        }
        func project(_ source: [SIMD3<Double>]) {
            ws.projected.removeAll(keepingCapacity: true)
            for h in source {
                let p = SIMD2(h.x, h.y) / h.z
                guard p.x.isFinite, p.y.isFinite else {
                    ok = false
                    return
                }
                ws.projected.append(p)
            }
            ws.projected.withUnsafeBufferPointer(body)
        }
        var start = SIMD3<Double>(), current = SIMD3<Double>()
        for element in path.elements {
            switch element {
            case .moveTo(let p):
                finish()
                start = m.homogeneous(p.x, p.y)
                current = start
                ws.points.append(start)
            case .lineTo(let p):
                current = m.homogeneous(p.x, p.y)
                ws.points.append(current)
            case .quadCurveTo(let c, let p):
                let p0 = current, q = m.homogeneous(c.x, c.y), p3 = m.homogeneous(p.x, p.y)
                if affine {
                    flattenQuadratic(p0, q, p3, bounds: bounds, ws)
                } else {
                    // Raised to a cubic in layer space (exact), then mapped.
                    let c1 = p0 + (q - p0) * (2.0 / 3.0), c2 = p3 + (q - p3) * (2.0 / 3.0)
                    flatten(Cubic(p0: p0, p1: c1, p2: c2, p3: p3, depth: 0), epsilon: epsilon, bounds: bounds, ws)
                }
                current = p3
            case .curveTo(let c1, let c2, let p):
                let p3 = m.homogeneous(p.x, p.y)
                flatten(Cubic(p0: current, p1: m.homogeneous(c1.x, c1.y), p2: m.homogeneous(c2.x, c2.y), p3: p3, depth: 0),
                        epsilon: epsilon, bounds: bounds, ws)
                current = p3
            case .closeSubpath:
                finish()
                current = start
                ws.points.append(start)
            }
            if !ok { break }
        }
        if ok { finish() }
        return ok
    }

    /// Appends the flattening of `curve` after its start (which is already there) to
    /// `ws.points`: halves until flat (see the type's doc comment), depth first, left half
    /// first, on an explicit stack of at most `maxDepth + 1` entries.
    static func flatten(_ curve: Cubic, epsilon: Double, bounds: SIMD2<Double>, _ ws: Workspace) {
        ws.stack.removeAll(keepingCapacity: true)
        ws.stack.append(curve)
        while let c = ws.stack.popLast() {
            if c.depth >= maxDepth || isFlat(c, epsilon: epsilon, bounds: bounds) {
                ws.points.append(c.p3)
            } else {
                let (left, right) = c.split()
                ws.stack.append(right)
                ws.stack.append(left)
            }
        }
    }

    /// Appends the flattening of the quadratic `p0 q p2` after `p0` (already there) under an
    /// affine map (`w` = 1): `n` equal steps of its parameter, `n = ⌈√(|p0 − 2q + p2| / (4 ·
    /// tolerance))⌉` (at most 2^`maxDepth`), each point on the curve. A quadratic strays
    /// from its chord by `t(1 − t)(2q − p0 − p2)`, at most a quarter of that second
    /// difference, and each step's second difference is the whole's over `n²`: so every
    /// piece is within `tolerance`. A curve whose control box is above, below, left or right
    /// of the rectangle is its chord (as `isFlat`). Fewer pieces than halving a raised cubic
    /// (whose test is a third of the second difference, rounded up to a power of two), no
    /// divisions and no stack: glyph outlines are quadratics.
    @inline(__always)
    static func flattenQuadratic(
        _ p0: SIMD3<Double>, _ q: SIMD3<Double>, _ p2: SIMD3<Double>, bounds: SIMD2<Double>, _ ws: Workspace
    ) {
        let a = SIMD2(p0.x, p0.y), b = SIMD2(q.x, q.y), c = SIMD2(p2.x, p2.y)
        let lo = pointwiseMin(pointwiseMin(a, b), c), hi = pointwiseMax(pointwiseMax(a, b), c)
        let second = a - b * 2 + c
        let pieces = (((second * second).sum()).squareRoot() / (4 * tolerance)).squareRoot().rounded(.up)
        if hi.y <= 0 || lo.y >= bounds.y || hi.x <= 0 || lo.x >= bounds.x || !(pieces > 1) {
            ws.points.append(p2)
            return
        }
        let n = Int(Swift.min(pieces, Double(1 << maxDepth)))
        let step = 1 / Double(n)
        let first = (b - a) * 2
        for i in 1..<n {
            let t = Double(i) * step
            let p = (second * t + first) * t + a
            ws.points.append(SIMD3(p.x, p.y, 1))
        }
        ws.points.append(p2)
    }

    /// Whether `c` may be replaced by its chord: entirely behind the viewer (the cut
    /// removes it), its image entirely above, below, left or right of the rectangle
    /// (`bounds` is its size; a chord adds the same winding there), or its inner control
    /// points' images within `tolerance` of the chord's image. A curve that crosses the
    /// plane `w = epsilon` is never flat (it is halved down to `maxDepth`). NaN is not flat.
    @inline(__always)
    static func isFlat(_ c: Cubic, epsilon: Double, bounds: SIMD2<Double>) -> Bool {
        let ws = SIMD4(c.p0.z, c.p1.z, c.p2.z, c.p3.z)
        if ws.max() <= epsilon { return true }
        guard ws.min() > epsilon else { return false }
        let a = SIMD2(c.p0.x, c.p0.y) / c.p0.z, b = SIMD2(c.p1.x, c.p1.y) / c.p1.z
        let d = SIMD2(c.p2.x, c.p2.y) / c.p2.z, e = SIMD2(c.p3.x, c.p3.y) / c.p3.z
        let lo = pointwiseMin(pointwiseMin(a, b), pointwiseMin(d, e))
        let hi = pointwiseMax(pointwiseMax(a, b), pointwiseMax(d, e))
        if hi.y <= 0 || lo.y >= bounds.y || hi.x <= 0 || lo.x >= bounds.x { return true }
        let t = tolerance * tolerance
        return squaredDistance(b, a, e) <= t && squaredDistance(d, a, e) <= t
    }

    /// The squared distance from `p` to the segment `a b`.
    @inline(__always)
    static func squaredDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a, ap = p - a
        let length = (ab * ab).sum()
        var u = length > 0 ? (ap * ab).sum() / length : 0
        u = Swift.min(Swift.max(u, 0), 1)
        let q = ap - ab * u
        return (q * q).sum()
    }

    /// The closed polygon `points` cut to `w ≥ epsilon` (Sutherland–Hodgman; homogeneous
    /// interpolation is the layer-space line's).
    static func clip(_ points: [SIMD3<Double>], above epsilon: Double, into out: inout [SIMD3<Double>]) {
        out.removeAll(keepingCapacity: true)
        guard var previous = points.last else { return }
        for p in points {
            let pin = p.z >= epsilon, qin = previous.z >= epsilon
            if pin != qin {
                let t = (epsilon - previous.z) / (p.z - previous.z)
                var x = previous + (p - previous) * t
                x.z = epsilon
                out.append(x)
            }
            if pin { out.append(p) }
            previous = p
        }
    }

    // MARK: Accumulation

    /// The signed-area cells of a plane (the output, zeroed first): `base + row · stride +
    /// cell`, `width × height` pixels, of which only the rows of `window` are written (the
    /// edges are still cut and measured against the whole plane, so those rows get the
    /// same bits as when all are written; the touched rows and cells count every edge).
    struct Accumulator {
        let base: UnsafeMutablePointer<Float>
        let width, height, stride: Int
        let size: SIMD2<Double>
        /// The rows written (`0 ..< height` unless made with fewer), and whether that is
        /// fewer than all.
        let window: Range<Int>
        let isWindowed: Bool
        /// The rows and leftmost cell touched (`minRow > maxRow`: none).
        var minRow: Int, maxRow = -1, minCell: Int
        var isValid = true
        /// When set, each row's first and last cell touched.
        var spans: UnsafeMutablePointer<SIMD2<Int32>>?
        /// When set, each row's blocks of 8 cells touched (`TouchedBlocks`).
        var blocks: UnsafeMutablePointer<UInt64>?
        /// Inside pieces go through `addPiece` (`referenceForTests` when made).
        let usesReference: Bool
        /// A polygon's usual edges go through `cadence_accumulate_edges`: the CPU has AVX2
        /// and BMI2 (asked once, at run time) and `referenceRowsForTests` was off when made.
        let usesVectorEdges: Bool

        /// `rows`: the plane's rows written (`nil`: all); the others' cells may lie outside
        /// the memory (`base` is never read or written there). Not with `spans` or `blocks`.
        init(base: UnsafeMutablePointer<Float>, width: Int, height: Int, stride: Int, rows: Range<Int>? = nil) {
            usesReference = Self.referenceForTests
            usesVectorEdges = !Self.referenceForTests && !Self.referenceRowsForTests
                && cadence_accumulate_edges_available() != 0
            self.base = base
            self.width = width
            self.height = height
            self.stride = stride
            window = rows ?? 0..<height
            isWindowed = window != 0..<height
            size = SIMD2(Double(width), Double(height))
            minRow = height
            minCell = width
        }

        /// The edges of the closed polygon, each point less `offset`.
        ///
        /// With `usesVectorEdges`, spans and blocks kept and no window (a coverage row's
        /// plane), the edges go through `cadence_accumulate_edges`, one call a polygon: it
        /// does `addEdge` and `addInside` for each usual edge (inside the plane, its blocks
        /// in one word of a row or two) with the same operations in the same order, and hands back
        /// the first other edge, which `addEdge` takes before the kernel goes on from the
        /// next. So the edges are added in their order and the cells, spans and blocks are
        /// the same bits as `addEdge`'s one at a time (`testVectorEdgeRowsMatchTheReference`).
        mutating func addPolygon(_ polygon: UnsafeBufferPointer<SIMD2<Double>>, offset: SIMD2<Double> = .zero) {
            if usesVectorEdges, !isWindowed, let spans, let blocks, let points = polygon.baseAddress {
                return addPolygon(points, count: polygon.count, offset: offset, spans: spans, blocks: blocks)
            }
            guard var previous = polygon.last.map({ $0 - offset }) else { return }
            for p in polygon {
                let q = p - offset
                addEdge(previous, q)
                previous = q
            }
        }

        /// `addPolygon` through `cadence_accumulate_edges`, `addEdge` for the edges it hands back.
        private mutating func addPolygon(
            _ points: UnsafePointer<SIMD2<Double>>, count: Int, offset: SIMD2<Double>,
            spans: UnsafeMutablePointer<SIMD2<Int32>>, blocks: UnsafeMutablePointer<UInt64>
        ) {
            let coordinates = UnsafeRawPointer(points).assumingMemoryBound(to: Double.self)
            var plane = cadence_coverage_plane(
                base: base, stride: stride, width: width, height: height,
                spans: UnsafeMutableRawPointer(spans).assumingMemoryBound(to: Int32.self), blocks: blocks,
                min_row: minRow, max_row: maxRow, min_cell: minCell)
            var next = 0
            while true {
                next = cadence_accumulate_edges(&plane, coordinates, count, next, offset.x, offset.y)
                guard next < count else { break }
                (minRow, maxRow, minCell) = (plane.min_row, plane.max_row, plane.min_cell)
                addEdge(points[next == 0 ? count - 1 : next - 1] - offset, points[next] - offset)
                (plane.min_row, plane.max_row, plane.min_cell) = (minRow, maxRow, minCell)
                next += 1
            }
            (minRow, maxRow, minCell) = (plane.min_row, plane.max_row, plane.min_cell)
        }

        /// One edge, cut to the rows `0 … height` and split where it crosses x = 0 and x =
        /// width: pieces left of the plane collapse onto x = 0 (their winding still counts),
        /// pieces right of it are dropped.
        @inline(__always)
        mutating func addEdge(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            guard a.y != b.y else { return }
            let sign: Double = a.y < b.y ? 1 : -1
            var p = a.y < b.y ? a : b, q = a.y < b.y ? b : a
            guard q.y > 0, p.y < size.y else { return }
            let dxdy = (q.x - p.x) / (q.y - p.y)
            if p.y >= 0, q.y <= size.y, Swift.min(p.x, q.x) >= 0, Swift.max(p.x, q.x) < size.x {
                // Inside the plane (the usual case): no cut at its sides or rows.
                if usesReference {
                    addPiece(p, q, dxdy: dxdy, sign: sign)
                } else {
                    addInside(p, q, dxdy: dxdy, sign: sign)
                }
                return
            }
            let origin = p
            if p.y < 0 { p = SIMD2(origin.x + dxdy * (0 - origin.y), 0) }
            if q.y > size.y { q = SIMD2(origin.x + dxdy * (size.y - origin.y), size.y) }
            guard p.x.isFinite, q.x.isFinite else {
                isValid = false
                return
            }
            // Split at the crossings of x = 0 and x = width (the y where they happen).
            var cut0 = Double.infinity, cut1 = Double.infinity
            if dxdy != 0 {
                if p.x * q.x < 0 { cut0 = origin.y + (0 - origin.x) / dxdy }
                if (p.x - size.x) * (q.x - size.x) < 0 { cut1 = origin.y + (size.x - origin.x) / dxdy }
            }
            if cut0 > cut1 { swap(&cut0, &cut1) }
            var from = p
            if cut0 > from.y && cut0 < q.y { from = addClamped(from, cut0, origin, dxdy, sign) }
            if cut1 > from.y && cut1 < q.y { from = addClamped(from, cut1, origin, dxdy, sign) }
            if q.y > from.y { addClamped(from, q, sign) }
        }

        /// The piece from `from` down to the point of the edge at `y`; returns that point.
        @inline(__always)
        mutating func addClamped(
            _ from: SIMD2<Double>, _ y: Double, _ origin: SIMD2<Double>, _ dxdy: Double, _ sign: Double
        ) -> SIMD2<Double> {
            let to = SIMD2(origin.x + dxdy * (y - origin.y), y)
            addClamped(from, to, sign)
            return to
        }

        /// A piece that lies on one side of x = 0 and of x = width: dropped when right of
        /// the plane, collapsed onto x = 0 when left of it.
        @inline(__always)
        mutating func addClamped(_ from: SIMD2<Double>, _ to: SIMD2<Double>, _ sign: Double) {
            guard (from.x + to.x) * 0.5 < size.x else {
                // Dropped: the winding it closes runs on to the right side, so the rows
                // it crosses are resolved through their last cell.
                if let spans {
                    let first = Swift.max(window.lowerBound, Int(from.y.rounded(.down)))
                    let end = Swift.min(window.upperBound, Int(to.y.rounded(.up)))
                    let last = Int32(width - 1)
                    if first < end { for row in first..<end { spans[row] = SIMD2(Swift.min(spans[row].x, last), last) } }
                }
                return
            }
            let lo = Swift.min(Swift.max(from.x, 0), size.x), hi = Swift.min(Swift.max(to.x, 0), size.x)
            addPiece(SIMD2(lo, from.y), SIMD2(hi, to.y), sign: sign)
        }

        /// A piece going down from `p` to `q` (`p.y < q.y`), inside `0 … width × 0 …
        /// height`: per row, the exact area right of the piece in each cell it crosses, as
        /// differences along the row (font-rs's accumulation).
        @inline(__always)
        mutating func addPiece(_ p: SIMD2<Double>, _ q: SIMD2<Double>, sign: Double) {
            addPiece(p, q, dxdy: (q.x - p.x) / (q.y - p.y), sign: sign)
        }

        /// `addPiece(_:_:sign:)` with the piece's slope `dxdy` given. Each row's top point
        /// is the row above's bottom point (the same product), so a row costs one
        /// multiplication for its crossing; the row's span and touched blocks are kept in
        /// the same pass. The plane's fields are read once into locals (a cell's store could
        /// otherwise alias them), and a row's cells are found from its crossings clamped to
        /// `0 … width` (NaN to 0) without a trapping conversion.
        @inline(__always)
        mutating func addPiece(_ p: SIMD2<Double>, _ q: SIMD2<Double>, dxdy: Double, sign: Double) {
            let base = self.base, stride = self.stride, width = self.width, right = size.x
            let spans = self.spans, blocks = self.blocks, words = TouchedBlocks.words(width: width)
            @inline(__always) func clamp(_ x: Double) -> Double { x > 0 ? Swift.min(x, right) : 0 }
            let firstRow = Self.index((p.y > 0 ? Swift.min(p.y, size.y) : 0).rounded(.down))
            let endRow = Self.index((q.y > 0 ? Swift.min(q.y, size.y) : 0).rounded(.up))
            guard firstRow < endRow else { return }
            minRow = Swift.min(minRow, firstRow)
            maxRow = Swift.max(maxRow, endRow - 1)
            let firstCell = Swift.min(width - 1, Self.index(clamp(Swift.min(p.x, q.x)).rounded(.down)))
            minCell = Swift.min(minCell, firstCell)
            let lastCell = Int32(truncatingIfNeeded: Swift.min(width - 1, Self.index(clamp(Swift.max(p.x, q.x)).rounded(.up))))
            let firstCell32 = Int32(truncatingIfNeeded: firstCell)
            @inline(__always) func add(_ line: UnsafeMutablePointer<Float>, _ x: Int, _ value: Double) {
                if x < width { line[x] += Float(value) }
            }
            // The rows written: those of the window. A later start row's top is its own
            // top (`p.y` lies above it), its crossing the same product as the row above's
            // bottom crossing: the same bits as the loop from `firstRow`.
            let startRow = Swift.max(firstRow, window.lowerBound), stopRow = Swift.min(endRow, window.upperBound)
            guard startRow < stopRow else { return }
            var top = Swift.max(Double(startRow), p.y)
            var xt = top == p.y ? p.x : p.x + dxdy * (top - p.y)
            var rowBottom = Double(startRow)
            for row in startRow..<stopRow {
                if let spans {
                    let span = spans[row]
                    spans[row] = SIMD2(Swift.min(span.x, firstCell32), Swift.max(span.y, lastCell))
                }
                rowBottom += 1
                let bottom = Swift.min(rowBottom, q.y)
                let xb = bottom == q.y ? q.x : p.x + dxdy * (bottom - p.y)
                defer {
                    top = bottom
                    xt = xb
                }
                guard bottom > top else { continue }
                let cover = sign * (bottom - top)
                let line = base + row &* stride
                let x0 = clamp(Swift.min(xt, xb)), x1 = clamp(Swift.max(xt, xb))
                let f0 = x0.rounded(.down), i0 = Self.index(f0)
                let c1 = x1.rounded(.up), i1 = Self.index(c1)
                if let blocks {
                    TouchedBlocks.mark(blocks + row &* words, from: i0, through: Swift.min(Swift.max(i1, i0 + 1), width - 1))
                }
                if i1 <= i0 + 1 {
                    // Within one cell: the area right of the piece is (1 − mean offset) · dy.
                    let mean = (x0 + x1) * 0.5 - f0
                    add(line, i0, cover * (1 - mean))
                    add(line, i0 + 1, cover * mean)
                } else {
                    // Across cells: a triangle in the first, trapezoids of slope s after.
                    let s = 1 / (x1 - x0)
                    let g0 = x0 - f0
                    let first = 0.5 * s * (1 - g0) * (1 - g0)
                    let g1 = x1 - c1 + 1
                    let last = 0.5 * s * g1 * g1
                    add(line, i0, cover * first)
                    if i1 == i0 + 2 {
                        add(line, i0 + 1, cover * (1 - first - last))
                    } else {
                        let second = s * (1.5 - g0)
                        add(line, i0 + 1, cover * (second - first))
                        let step = Float(cover * s)
                        for x in (i0 + 2)..<Swift.min(i1 - 1, width) { line[x] += step }
                        let beforeLast = second + Double(i1 - i0 - 3) * s
                        add(line, i1 - 1, cover * (1 - beforeLast - last))
                    }
                    add(line, i1, cover * last)
                }
            }
        }

        /// `addPiece(_:_:dxdy:sign:)` for a piece that lies inside the plane (`0 ≤ x <
        /// width`, `0 ≤ y ≤ height`: what `addEdge` checked), with no clamps, and with the
        /// piece's area slope found once: where a row's piece crosses cells, its area grows
        /// by `|dy / dx|` a cell whatever the row's height (the row's `cover / (x1 − x0)`),
        /// so a row costs no division. The same areas as `addPiece` up to `Double` rounding
        /// (a relative 10⁻¹⁵, far below the cells' `Float`s): `testInsidePiecesMatchTheReference`
        /// compares the two cell by cell on random and near-degenerate pieces.
        ///
        /// The first and last rows are taken out of the loop over rows: only they can be cut
        /// short by the piece's ends, so the rows between need no `min` against its end, no
        /// choice of its last crossing and no height (their cover is `sign`: a whole row),
        /// and the loop keeps more of its values in registers; and the rows are compiled
        /// twice, once for the usual edge (spans and blocks kept, its blocks in one word of
        /// a row) without testing for those a row. The same operations on the same operands
        /// as one loop over all rows would do, so the same cells to the bit.
        ///
        /// The usual edge of a polygon is usually not added here but by the C kernel
        /// `cadence_accumulate_edges` (`addPolygon`), whose set-up and rows are these in
        /// the same order; this stays its reference twin and the path without AVX2.
        @inline(__always)
        mutating func addInside(_ p: SIMD2<Double>, _ q: SIMD2<Double>, dxdy: Double, sign: Double) {
            let base = self.base, stride = self.stride, width = self.width, right = size.x
            let spans = self.spans, blocks = self.blocks, words = TouchedBlocks.words(width: width)
            let firstRow = Self.index(p.y.rounded(.down))
            let endRow = Self.index(q.y.rounded(.up))
            guard firstRow < endRow else { return }
            minRow = Swift.min(minRow, firstRow)
            maxRow = Swift.max(maxRow, endRow - 1)
            let firstCell = Self.index(Swift.min(p.x, q.x).rounded(.down))
            minCell = Swift.min(minCell, firstCell)
            let lastCell = Int32(truncatingIfNeeded: Swift.min(width - 1, Self.index(Swift.max(p.x, q.x).rounded(.up))))
            let cells = SIMD2(Int32(truncatingIfNeeded: firstCell), lastCell)
            // When every block the rows may touch (a block of margin each side, for crossings
            // an ulp past the ends) lies in one word of a row, its bits are set from masks.
            let oneWord = firstCell >= 8 && (firstCell - 8) >> 9 == (Int(lastCell) + 8) >> 9
            let blockWord = firstCell >> 9
            // The area a cell gains per unit of x, signed: `sign · |dy/dx|` (infinite for a
            // vertical piece, which never crosses a cell boundary inside a row).
            let slope = sign / Swift.abs(dxdy)
            let halfSlope = 0.5 * slope
            let step = Float(slope)
            /// The row's piece from crossing `xt` at its top to `xb` at its bottom, `cover`
            /// its signed height. `usual` (a constant where it is called): the spans and the
            /// blocks are kept and the blocks lie in one word, so none of that is tested.
            @inline(__always) func addRow(_ row: Int, _ cover: Double, _ xt: Double, _ xb: Double, usual: Bool) {
                // A row outside the window is not written (its crossings are computed all the
                // same: the rows in it get the same bits). The usual edge has no window.
                if !usual, isWindowed, !window.contains(row) { return }
                if usual || spans != nil {
                    let spans = spans.unsafelyUnwrapped
                    let span = spans[row]
                    spans[row] = SIMD2(pointwiseMin(span, cells).x, pointwiseMax(span, cells).y)
                }
                let line = base + row &* stride
                // (Clamped all the same: a crossing between the ends may round an ulp past them.)
                let x0 = Swift.max(Swift.min(xt, xb), 0), x1 = Swift.min(Swift.max(xt, xb), right)
                let f0 = x0.rounded(.down), i0 = Self.index(f0)
                let c1 = x1.rounded(.up), i1 = Self.index(c1)
                if usual || blocks != nil {
                    let blocks = blocks.unsafelyUnwrapped
                    let last = Swift.min(Swift.max(i1, i0 + 1), width - 1)
                    if usual || oneWord {
                        blocks[row &* words &+ blockWord] |= TouchedBlocks.bits(from: i0 >> 3, through: last >> 3)
                    } else {
                        TouchedBlocks.mark(blocks + row &* words, from: i0, through: last)
                    }
                }
                if i1 <= i0 + 1 {
                    // Within one cell: the area right of the piece is (1 − mean offset) · dy.
                    let mean = (x0 + x1) * 0.5 - f0
                    line[i0] += Float(cover * (1 - mean))
                    if i0 + 1 < width { line[i0 + 1] += Float(cover * mean) }
                } else {
                    // Across cells: a triangle in the first, trapezoids growing by `slope` after.
                    let g0 = 1 - (x0 - f0), g1 = x1 - c1 + 1
                    let first = halfSlope * g0 * g0
                    let last = halfSlope * g1 * g1
                    line[i0] += Float(first)
                    if i1 == i0 + 2 {
                        line[i0 + 1] += Float(cover - first - last)
                    } else {
                        let second = slope * (g0 + 0.5)
                        line[i0 + 1] += Float(second - first)
                        for x in (i0 + 2)..<(i1 - 1) { line[x] += step }
                        let beforeLast = second + Double(i1 - i0 - 3) * slope
                        line[i1 - 1] += Float(cover - beforeLast - last)
                    }
                    if i1 < width { line[i1] += Float(last) }
                }
            }
            // A row's crossing is `p.x + dxdy · (its bottom − p.y)`; the last row ends at `q`.
            @inline(__always) func addRows(usual: Bool) {
                let lastRow = endRow - 1
                guard firstRow < lastRow else {
                    addRow(lastRow, sign * (q.y - p.y), p.x, q.x, usual: usual)
                    return
                }
                var rowBottom = Double(firstRow) + 1
                var xt = p.x + dxdy * (rowBottom - p.y)
                addRow(firstRow, sign * (rowBottom - p.y), p.x, xt, usual: usual)
                for row in (firstRow + 1)..<lastRow {
                    // A whole row: `sign · (rowBottom − (rowBottom − 1))` is `sign`.
                    rowBottom += 1
                    let xb = p.x + dxdy * (rowBottom - p.y)
                    addRow(row, sign, xt, xb, usual: usual)
                    xt = xb
                }
                addRow(lastRow, sign * (q.y - rowBottom), xt, q.x, usual: usual)
            }
            guard spans != nil, blocks != nil, oneWord else { return addRows(usual: false) }
            addRows(usual: true)
        }

        /// Whether new accumulators send inside pieces through `addPiece` (the reference
        /// twin) instead of `addInside`. For tests; set it only where no other thread draws.
        nonisolated(unsafe) static var referenceForTests = false

        /// Whether new accumulators keep a polygon's usual edges in Swift (the twin of
        /// `cadence_accumulate_edges`). For tests; set it only where no other thread draws.
        nonisolated(unsafe) static var referenceRowsForTests = false

        /// The `Int` of a whole number `f` in `0 … 2⁵²` (a cell index), through the 2⁵²
        /// bias: no range check, which the clamps before it make unnecessary.
        @inline(__always)
        static func index(_ f: Double) -> Int {
            Int(truncatingIfNeeded: (f + 4_503_599_627_370_496).bitPattern & 0x000F_FFFF_FFFF_FFFF)
        }

    }
}
