import CadenceGeometry
import CadencePixels

/// What a coverage is painted with.
enum Shader {
    /// One colour.
    case color(SourceOver.Paint)
    /// A colour per pixel: `sample(y, x0, count, out)` writes premultiplied RGBA on the
    /// 0…255 scale, 4 `Float`s a pixel, for pixels `x0 ..< x0 + count` of row `y`.
    case colors((_ y: Int, _ x0: Int, _ count: Int, _ out: UnsafeMutablePointer<Float>) -> Void)
}

extension GraphicsContext {
    /// Composites `shader` through the coverage of `set` (pixel coordinates) under `rule`,
    /// times the clip and `alpha`.
    func draw(_ set: PolygonSet, rule: FillRule, shader: Shader) {
        let correct = correctsOverlaps
        let weight = state.weight
        guard weight > 0, let box = bounds(of: set)?.intersection(state.clip), !box.isEmpty else { return }
        let stride = bitmap.bytesPerRow
        let mask = state.mask
        let rowCapacity = 4 * (box.width + 16)  // the samplers may write a few lanes past the end
        if colors.count < rowCapacity {
            colors = [Float](repeating: 0, count: rowCapacity)
            bytes = [UInt8](repeating: 0, count: rowCapacity)
        }
        var pixels = bitmap.pixels
        bitmap.pixels = []
        defer { bitmap.pixels = pixels }
        pixels.withUnsafeMutableBufferPointer { pixels in
            colors.withUnsafeMutableBufferPointer { colors in
                bytes.withUnsafeMutableBufferPointer { bytes in
                    forEachCoverageRow(set, rule: rule, in: box, correctingOverlaps: correct) { y, x0, n, w in
                        if let mask {
                            let m = mask.pixel(x0, y)
                            let k = weight / 255
                            for i in 0..<n { w[i] *= Float(m[i]) * k }
                        } else if weight != 1 {
                            for i in 0..<n { w[i] *= weight }
                        }
                        let dst = pixels.baseAddress! + y * stride + 4 * x0
                        switch shader {
                        case .color(let paint) where mask == nil && weight == 1:
                            Self.blendRuns(paint, weights: w, into: dst, count: n)
                        case .color(let paint):
                            SourceOver.blend(paint, weights: w, into: dst, count: n)
                        case .colors(let sample):
                            sample(y, x0, n, colors.baseAddress!)
                            SourceOver.quantize(colors: colors.baseAddress!, into: bytes.baseAddress!, count: n)
                            SourceOver.blend(colors: bytes.baseAddress!, weights: w, into: dst, count: n)
                        }
                    }
                }
            }
        }
    }

    /// `SourceOver.blend(paint, weights:…)`, with the runs of eight or more pixels whose
    /// weights all quantize to 255 (≥ 1 − 2⁻¹⁰) given to the uniform kernel — a span fill
    /// for an opaque paint — and those that all quantize to 0 (< 1/510) skipped: the same
    /// bytes, without quantizing a shape's interior or the gaps between its parts.
    static func blendRuns(_ paint: SourceOver.Paint, weights w: UnsafeMutablePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count n: Int) {
        let full = SIMD8<Float>(repeating: 1 - 1.0 / 1024), none = SIMD8<Float>(repeating: 0.5 / 255)
        @inline(__always) func group(_ j: Int) -> SIMD8<Float> { UnsafeRawPointer(w + j).loadUnaligned(as: SIMD8<Float>.self) }
        @inline(__always) func isFull(_ j: Int) -> Bool { !any(group(j) .< full) }
        @inline(__always) func isEmpty(_ j: Int) -> Bool { all(group(j) .< none) }
        var i = 0
        while i < n {
            var j = i
            while j + 8 <= n, isEmpty(j) { j += 8 }
            if j > i {
                i = j
                continue
            }
            while j + 8 <= n, isFull(j) { j += 8 }
            if j > i {
                SourceOver.blend(paint, weight: 1, into: dst + 4 * i, count: j - i)
                i = j
                continue
            }
            j = i + 8
            while j + 8 <= n, !isFull(j), !isEmpty(j) { j += 8 }
            j = Swift.min(j, n)
            SourceOver.blend(paint, weights: w + i, into: dst + 4 * i, count: j - i)
            i = j
        }
    }

    /// Calls `body(y, x0, count, weights)` for each row of `box` the polygons touch, with
    /// their coverage (0…1, writable) over the row's span of touched cells; in bands of at
    /// most `coverageLimit` pixels. With `correctingOverlaps`, self-overlaps are corrected
    /// (`OverlapCorrection`) in the rows where the winding passed 1 — in every row of a
    /// stroke that doubles back (`PolygonSet.mayOverlapThinly`). The coverage buffer is all
    /// zero between calls (each row's span is cleared after use), and both buffers are kept
    /// for the next call, grown only when a box needs more.
    func forEachCoverageRow(
        _ set: PolygonSet, rule: FillRule, in box: PixelRect, correctingOverlaps: Bool = true,
        _ body: (_ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafeMutablePointer<Float>) -> Void
    ) {
        guard !box.isEmpty else { return }
        let rowsPerBand = Swift.max(1, Self.coverageLimit / box.width)
        let bandRows = Swift.min(box.height, rowsPerBand)
        if coverage.count < bandRows * box.width { coverage = [Float](repeating: 0, count: bandRows * box.width) }
        if spans.count < bandRows + 1 { spans = [SIMD2<Int32>](repeating: .zero, count: bandRows + 1) }
        var cells = coverage
        coverage = []
        var rowSpans = spans
        spans = []
        defer {
            coverage = cells
            spans = rowSpans
        }
        cells.withUnsafeMutableBufferPointer { cells in
            rowSpans.withUnsafeMutableBufferPointer { rowSpans in
                let base = cells.baseAddress!, spanBase = rowSpans.baseAddress!
                var y0 = box.minY
                while y0 < box.maxY {
                    let band = PixelRect(minX: box.minX, minY: y0, maxX: box.maxX, maxY: Swift.min(box.maxY, y0 + rowsPerBand))
                    let w = band.width
                    let ok = PathCoverage.accumulate(set, into: base, rect: band, stride: w, spans: spanBase)
                    // Resolve each row's span; `spans[r].y` becomes the end of its pixels, and
                    // rows where the winding reached 2 are marked by a negated start.
                    var overlapped = false
                    for r in 0..<band.height where spanBase[r].x <= spanBase[r].y {
                        let (end, overlaps) = PathCoverage.resolve(
                            base + r * w, from: Int(spanBase[r].x), through: Int(spanBase[r].y), width: w, rule: rule)
                        spanBase[r].y = Int32(end)
                        if overlaps || set.mayOverlapThinly {
                            overlapped = true
                            spanBase[r].x = -1 - spanBase[r].x
                        }
                    }
                    // A marked row's neighbours too: an overlap's tip may lift no pixel of
                    // its own row past 1.
                    if overlapped, !set.mayOverlapThinly {
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
                        overlaps.correct(set, rule: rule, into: base, rect: band, stride: w, spans: spanBase)
                    }
                    for r in 0..<band.height where spanBase[r].x < 0 { spanBase[r].x = -1 - spanBase[r].x }
                    for r in 0..<band.height where spanBase[r].x < spanBase[r].y {
                        let lo = Int(spanBase[r].x), count = Int(spanBase[r].y) - lo
                        let row = base + r * w + lo
                        if ok { body(band.minY + r, band.minX + lo, count, row) }
                        row.update(repeating: 0, count: count)
                    }
                    y0 = band.maxY
                }
            }
        }
    }
}
