import CCadenceFeatures
import CadenceGeometry
import CadencePixels

/// Anti-aliased coverage of flattened polygons, row by row: the one coverage path of the
/// drawing context (`GraphicsContext`) and of the shape layers the rasterizer draws.
///
/// The polygons' edges are accumulated as signed areas (`PathCoverage.accumulate`) into a
/// band of cells, each row resolved over the span of cells its edges touched under the fill
/// rule, self-overlaps corrected where the winding passed 1 (`OverlapCorrection`), and each
/// row handed to the caller, then cleared — or, for one colour (`blend`), blended from the
/// cells and cleared as it is read. `docs/compositor.md` § 15 states the metric.
///
/// **Bands.** At most `limit` pixels (default 2²⁰) are held at once: taller boxes are cut
/// into bands of whole rows (at most `bandRows`, `limit ÷ width`), counted from the box's
/// top. Each row's cells are padded to a multiple of 16 (`cellStride`), so the cells take
/// up to `limit × cellStride ÷ width` `Float`s plus 15: 4 MiB for widths that are multiples
/// of 16, at most about ×1.23 of it (5.2 MB, a box 65 wide: 80 cells a row). A band is always
/// accumulated whole — where an edge is cut at a band's top or bottom changes its cells'
/// last bits — so when only some rows are wanted (a compositor
/// band) the bands that hold them are accumulated, and a row's coverage does not depend
/// on which rows were asked for. (Overlap marks do not cross a band's edge.)
///
/// Not thread-safe; the buffers are kept from call to call, grown only when a box needs
/// more.
final class CoverageRows {
    private var coverage: [Float] = []
    private var spans: [SIMD2<Int32>] = []
    /// Each row's blocks of 8 cells touched (`TouchedBlocks`), all zero between calls.
    private var blocks: [UInt64] = []
    /// The band's rows where the outline may fold over itself in slivers.
    private var thinRows: [Bool] = []
    private var overlaps = OverlapCorrection()

    /// The most pixels whose coverage is held at once (2²⁰).
    static let defaultLimit = 1 << 20
    /// The rows of a band when the compositor draws (64): a compositor band accumulates
    /// the coverage bands it meets, so at most 63 rows beyond its own at each end.
    static let compositorBandRows = 64

    /// Calls `body(y, x0, count, weights)` for each row of `box` within `rows` (all when
    /// `nil`) that the polygons touch, with their coverage (0…1, writable) over the row's
    /// span of touched cells. With `correctingOverlaps`, self-overlaps are corrected in the
    /// rows where the winding passed 1 and their neighbours, and in the rows within reach of
    /// the corners where a stroke may fold over itself (`PolygonSet.folds`; every row when
    /// `PolygonSet.mayOverlapThinly`). The coverage buffer is all zero between
    /// calls (each row's span is cleared after use).
    func forEachRow(
        _ set: PolygonSet, rule: FillRule, in box: PixelRect, rows: Range<Int>? = nil, correctingOverlaps: Bool = true,
        limit: Int = CoverageRows.defaultLimit, bandRows: Int = .max,
        _ body: (_ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafeMutablePointer<Float>) -> Void
    ) {
        run(set, rule: rule, in: box, rows: rows, correctingOverlaps: correctingOverlaps, limit: limit, bandRows: bandRows,
            target: nil, body)
    }

    /// Composites `paint` through the coverage of `set` over `box` into the pixels at
    /// `pixels` (premultiplied RGBA8, rows `stride` bytes apart, pixel `(x, y)` at
    /// `pixels + y · stride + 4x`): the bytes `forEachRow` handing each run to
    /// `SourceOver.blend(_:weights:into:count:)` gives, with each group of eight cells
    /// quantized, blended and cleared in one step (no row of weights in between, no
    /// separate clearing pass). Under non-zero only the touched blocks and the runs where
    /// the winding is not 0 are visited.
    func blend(
        _ set: PolygonSet, rule: FillRule, in box: PixelRect, correctingOverlaps: Bool = true,
        paint: SourceOver.Paint, into pixels: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        run(set, rule: rule, in: box, rows: nil, correctingOverlaps: correctingOverlaps, limit: Self.defaultLimit,
            bandRows: .max, target: Target(paint: paint, pixels: pixels, stride: stride)) { _, _, _, _ in }
    }

    /// Where `blend` paints.
    private struct Target {
        let paint: SourceOver.Paint
        let pixels: UnsafeMutablePointer<UInt8>
        let stride: Int
    }

    /// The cells from one row of a band to the next, for a box `width` pixels wide: the width
    /// rounded up to 16 cells (64 bytes). With the band's first cell at a line's start
    /// (`lineStart`), every row starts at one too, and each block of 8 cells (`TouchedBlocks`)
    /// lies in one cache line. Rows `width` cells apart start anywhere in a line, and an odd
    /// width puts 7 blocks in 16 across two lines: the 1,000-segment spiral stroke then
    /// brings about a quarter more lines from beyond a 512 KB L2 a stroke (simulated).
    static func cellStride(width: Int) -> Int { (width + 15) & ~15 }

    /// The first 64-byte boundary at or after `cells` (at most 15 cells on: `cells` is a
    /// `Float`'s, 4 bytes aligned).
    static func lineStart(_ cells: UnsafeMutablePointer<Float>) -> UnsafeMutablePointer<Float> {
        cells + Int((64 - (UInt(bitPattern: cells) & 63)) & 63) / 4
    }

    private func run(
        _ set: PolygonSet, rule: FillRule, in box: PixelRect, rows: Range<Int>?, correctingOverlaps: Bool,
        limit: Int, bandRows: Int, target: Target?,
        _ body: (_ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafeMutablePointer<Float>) -> Void
    ) {
        guard !box.isEmpty else { return }
        let wanted = rows.map { Swift.max($0.lowerBound, box.minY)..<Swift.max(Swift.min($0.upperBound, box.maxY), box.minY) }
            ?? box.minY..<box.maxY
        guard !wanted.isEmpty else { return }
        let rowsPerBand = Swift.max(1, Swift.min(limit / box.width, bandRows))
        let bandRows = Swift.min(box.height, rowsPerBand)
        // 15 cells more, for the move of the band's first cell to a line's start (below).
        let cellCount = bandRows * Self.cellStride(width: box.width) + 15
        if coverage.count < cellCount { coverage = [Float](repeating: 0, count: cellCount) }
        if spans.count < bandRows + 1 { spans = [SIMD2<Int32>](repeating: .zero, count: bandRows + 1) }
        let words = TouchedBlocks.words(width: box.width)
        if blocks.count < bandRows * words { blocks = [UInt64](repeating: 0, count: bandRows * words) }
        var cells = coverage
        coverage = []
        var rowSpans = spans
        spans = []
        var rowBlocks = blocks
        blocks = []
        defer {
            coverage = cells
            spans = rowSpans
            blocks = rowBlocks
        }
        cells.withUnsafeMutableBufferPointer { cells in
            rowSpans.withUnsafeMutableBufferPointer { rowSpans in
              rowBlocks.withUnsafeMutableBufferPointer { rowBlocks in
                let base = Self.lineStart(cells.baseAddress!), spanBase = rowSpans.baseAddress!
                let blockBase = rowBlocks.baseAddress!
                var y0 = box.minY + (wanted.lowerBound - box.minY) / rowsPerBand * rowsPerBand
                while y0 < wanted.upperBound {
                    let band = PixelRect(minX: box.minX, minY: y0, maxX: box.maxX, maxY: Swift.min(box.maxY, y0 + rowsPerBand))
                    y0 = band.maxY
                    resolveBand(set, rule: rule, band: band, base: base, spans: spanBase, blocks: blockBase,
                                correctingOverlaps: correctingOverlaps, target: target) { y, x0, n, w in
                        if wanted.contains(y) { body(y, x0, n, w) }
                    }
                }
              }
            }
        }
    }

    /// One band: accumulate, resolve, mark and correct overlaps, hand out and clear rows.
    /// Under the non-zero rule a row is resolved and handed out in runs: the blocks its
    /// edges touched and the stretches between them where the winding is not 0
    /// (`PathCoverage.resolveSparse`); a row whose overlaps are corrected, or any row under
    /// even-odd, is handed out over its whole span. With AVX2 the sparse rows are resolved
    /// by one C call a band (`cadence_resolve_sparse_band`), and for one colour the rows not
    /// marked blended in the same pass (`cadence_resolve_blend_sparse_band`: 32 KB of cells
    /// resolved, then blended from L1): the Swift loops' steps, the same bytes, without a call
    /// and a row's set-up in Swift for each row.
    private func resolveBand(
        _ set: PolygonSet, rule: FillRule, band: PixelRect, base: UnsafeMutablePointer<Float>,
        spans spanBase: UnsafeMutablePointer<SIMD2<Int32>>, blocks blockBase: UnsafeMutablePointer<UInt64>,
        correctingOverlaps: Bool, target: Target?,
        _ body: (_ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafeMutablePointer<Float>) -> Void
    ) {
        let w = band.width, words = TouchedBlocks.words(width: w), stride = Self.cellStride(width: w)
        // Touched blocks are only read under non-zero (sparse rows); even-odd rows go whole.
        let sparse = rule == .nonZero
        let ok = PathCoverage.accumulate(
            set, into: base, rect: band, stride: stride, spans: spanBase, blocks: sparse ? blockBase : nil)
        // Rows within a fold's disc (and one more each way) may hold slivers of overlap.
        if thinRows.count < band.height { thinRows = [Bool](repeating: false, count: band.height) }
        for r in 0..<band.height { thinRows[r] = set.mayOverlapThinly }
        if !set.mayOverlapThinly {
            let top = Double(band.minY), rows = Double(band.height)
            for f in set.folds {
                let first = Swift.max(0, (f.y - f.z - top).rounded(.down) - 1)
                let last = Swift.min(rows - 1, (f.y + f.z - top).rounded(.up) + 1)
                // (A NaN fold gives the whole band: `max`/`min` pass over NaN. Safe, only slower.)
                guard first <= last else { continue }
                for r in Int(first)...Int(last) { thinRows[r] = true }
            }
        }
        // Resolve each row's span; `spans[r].y` becomes the end of its pixels, and rows
        // where the winding reached 2 are marked by a negated start.
        var overlapped = false
        let vectorResolve = sparse && PathCoverage.usesVectorResolve
        let vectorBlend = target != nil && Self.usesVectorBlend
        // For one colour, the rows not marked are blended in the same C call as the resolve,
        // which applies the neighbour rule below too; the loops then take the marked rows.
        let bandBlended = ok && vectorResolve && vectorBlend
        let spanWords = UnsafeMutableRawPointer(spanBase).assumingMemoryBound(to: Int32.self)
        if vectorResolve {
            // The loop below (which then does nothing), one C call a band; without AVX2, or
            // with the twins under test, the loops are the kernels' reference twins.
            overlapped = thinRows.withUnsafeBufferPointer { thin in
                if bandBlended, let target {
                    cadence_resolve_blend_sparse_band(
                        target.paint.fill[0], base, w, stride, band.height, spanWords, blockBase, thin.baseAddress!,
                        PathCoverage.residue, 1 + PathCoverage.overlapThreshold, set.mayOverlapThinly ? 0 : 1,
                        target.pixels + band.minY * target.stride + 4 * band.minX, target.stride)
                } else {
                    cadence_resolve_sparse_band(base, w, stride, band.height, spanWords, blockBase, thin.baseAddress!,
                                                PathCoverage.residue, 1 + PathCoverage.overlapThreshold)
                }
            } != 0
        }
        for r in 0..<band.height where !vectorResolve && spanBase[r].x <= spanBase[r].y {
            let end: Int, overlaps: Bool
            if sparse {
                let lo = Int(spanBase[r].x)
                end = Swift.min(Int(spanBase[r].y) + 1, w)
                overlaps = PathCoverage.resolveSparseRow(
                    base + r * stride, from: lo, count: end - lo, blocks: blockBase + r * words, vector: vectorResolve)
            } else {
                (end, overlaps) = PathCoverage.resolve(
                    base + r * stride, from: Int(spanBase[r].x), through: Int(spanBase[r].y), width: w, rule: rule)
            }
            spanBase[r].y = Int32(end)
            if overlaps || thinRows[r] {
                overlapped = true
                spanBase[r].x = -1 - spanBase[r].x
            }
        }
        // A marked row's neighbours too: an overlap's tip may lift no pixel of its own row
        // past 1.
        if overlapped, !set.mayOverlapThinly, !bandBlended {
            var previousMarked = false
            for r in 0..<band.height {
                let marked = spanBase[r].x < 0
                let nextMarked = r + 1 < band.height && spanBase[r + 1].x < 0
                if !marked, previousMarked || nextMarked, spanBase[r].x < spanBase[r].y {
                    spanBase[r].x = -1 - spanBase[r].x
                }
                previousMarked = marked
            }
        }
        if ok, correctingOverlaps, overlapped {
            overlaps.correct(set, rule: rule, into: base, rect: band, stride: stride, spans: spanBase)
        }
        if bandBlended, !overlapped { return }
        for r in 0..<band.height {
            let marked = spanBase[r].x < 0
            if bandBlended, !marked { continue }
            let lo = Int(marked ? -1 - spanBase[r].x : spanBase[r].x), end = Int(spanBase[r].y)
            guard lo < end else { continue }
            let whole = marked || !sparse
            let rowBlocks = blockBase + r * words
            if ok, let target {
                let row = base + r * stride
                let dst = target.pixels + (band.minY + r) * target.stride + 4 * band.minX
                if whole {
                    Self.blend(target.paint, cells: row, from: lo, to: end, width: w, into: dst)
                } else {
                    Self.blend(target.paint, cells: row, blocks: rowBlocks, from: lo, to: end, width: w, into: dst,
                               vector: vectorBlend)
                }
            } else {
                func handOut(_ start: Int, _ stop: Int) {
                    let row = base + r * stride + start
                    if ok { body(band.minY + r, band.minX + start, stop - start, row) }
                    row.update(repeating: 0, count: stop - start)
                }
                if whole { handOut(lo, end) } else { TouchedBlocks.forEachRun(rowBlocks, in: lo, end, handOut) }
            }
            if sparse { TouchedBlocks.clear(rowBlocks, width: w) }
        }
    }
}

extension CoverageRows {
    /// `paint` over the pixels of cells `start ..< stop` of a resolved row of `width` cells
    /// (`dst` is the pixel of cell 0), in groups of eight cells aligned with the row's
    /// blocks, each group's weights cleared to 0 as they are read. The cells of those groups
    /// outside `start ..< stop` must hold 0 (a run's block outside its span), so they leave
    /// their pixels as they are; a group past the row's end is cut to it.
    @inline(__always)
    fileprivate static func blend(
        _ paint: SourceOver.Paint, cells row: UnsafeMutablePointer<Float>, from start: Int, to stop: Int, width: Int,
        into dst: UnsafeMutablePointer<UInt8>
    ) {
        var c = start & ~7
        while c < stop {
            blendGroup(paint, cells: row, at: c, width: width, into: dst)
            c += 8
        }
    }

    /// `paint` over the pixels of the touched blocks (`TouchedBlocks`, row `blocks`) of a
    /// resolved row of `width` cells that meet cells `start ..< stop`, a group of eight cells
    /// a block, cleared as they are read: the bytes `blend(_:cells:from:to:width:into:)`
    /// gives over each run of set blocks cut to `start ..< stop` (each run's groups are its
    /// blocks), without the set-up of a call a run. The cells of those blocks outside
    /// `start ..< stop` must hold 0. Cost: one bit scan a block, one test a word.
    ///
    /// With `vector` (`usesVectorBlend`) the blocks wholly inside the row go to the AVX2
    /// kernel `cadence_blend_blocks` in one call: the same integer lanes, so the same bytes,
    /// in about two thirds of the instructions; a last block cut by the row's end stays here.
    /// Without it, this is that kernel's reference twin.
    @inline(__always)
    fileprivate static func blend(
        _ paint: SourceOver.Paint, cells row: UnsafeMutablePointer<Float>, blocks: UnsafeMutablePointer<UInt64>,
        from start: Int, to stop: Int, width: Int, into dst: UnsafeMutablePointer<UInt8>, vector: Bool
    ) {
        guard vector else {
            TouchedBlocks.forEachBlock(blocks, in: start, stop) { b in
                blendGroup(paint, cells: row, at: b << 3, width: width, into: dst)
            }
            return
        }
        let whole = width & ~7
        cadence_blend_blocks(paint.fill[0], row, blocks, start, Swift.min(stop, whole), dst)
        if Swift.max(start, whole) < stop, TouchedBlocks.isSet(blocks, whole >> 3) {
            blendGroup(paint, cells: row, at: whole, width: width, into: dst)
        }
    }

    /// Whether sparse rows are blended by `cadence_blend_blocks`: the CPU has AVX2 (asked
    /// once, at run time) and `referenceBlendForTests` is off.
    static var usesVectorBlend: Bool {
        !referenceBlendForTests && cadence_coverage_avx2_available() != 0
    }

    /// Whether the blend of sparse rows keeps to its Swift reference twin. For tests; set it
    /// only where no other thread draws.
    nonisolated(unsafe) static var referenceBlendForTests = false

    /// `paint` over the pixels of the eight cells from `c` (a multiple of 8) of a resolved
    /// row of `width` cells, cut to the row's end, the cells cleared as they are read.
    @inline(__always)
    private static func blendGroup(
        _ paint: SourceOver.Paint, cells row: UnsafeMutablePointer<Float>, at c: Int, width: Int,
        into dst: UnsafeMutablePointer<UInt8>
    ) {
        // Weights at or above `PixelLanes.fullWeight` all quantize to 255: a shape's
        // interior, for an opaque paint, is stored without quantizing.
        let full = SIMD8<Float>(repeating: PixelLanes.fullWeight)
        let cells = UnsafeMutableRawPointer(row + c)
        if c + 8 <= width {
            let v = cells.loadUnaligned(as: SIMD8<Float>.self)
            cells.storeBytes(of: SIMD8<Float>(), as: SIMD8<Float>.self)
            let pixels = UnsafeMutableRawPointer(dst + 4 * c)
            if paint.isOpaque, !any(v .< full) {
                pixels.storeBytes(of: paint.fill, as: SIMD8<UInt32>.self)
            } else {
                SourceOver.blend(paint, weights: PixelLanes.quantize(v), into: pixels)
            }
        } else {
            let n = width - c
            SourceOver.blend(paint, weights: row + c, into: dst + 4 * c, count: n)
            (row + c).update(repeating: 0, count: n)
        }
    }
}

extension PolygonSet {
    /// The pixels the polygons (pixel coordinates) may touch: their bounding box rounded
    /// out, clamped to ±10⁹ before any `Int` conversion; `nil` when there are no points or
    /// a coordinate is infinite, or every point's x or every point's y is NaN (a NaN
    /// coordinate gives way to a number, as in `pointwiseMin`). One pass of
    /// `cadence_point_bounds`.
    var pixelBox: PixelRect? {
        guard !points.isEmpty else { return nil }
        var lo = SIMD2<Double>(), hi = SIMD2<Double>()
        points.withUnsafeBufferPointer { cadence_point_bounds($0.baseAddress!, $0.count, &lo, &hi) }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
        func pixel(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -1e9), 1e9)) }
        return PixelRect(minX: pixel(lo.x.rounded(.down)), minY: pixel(lo.y.rounded(.down)),
                         maxX: pixel(hi.x.rounded(.up)), maxY: pixel(hi.y.rounded(.up)))
    }
}
