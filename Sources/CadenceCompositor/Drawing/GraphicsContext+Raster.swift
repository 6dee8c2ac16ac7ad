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
    /// times the clip and `alpha`. One colour with no clip mask at full weight is blended
    /// straight from the coverage cells (`CoverageRows.blend`, the same bytes).
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
        if case .color(let paint) = shader, mask == nil, weight == 1 {
            // One colour at full weight: blended straight from the coverage cells.
            pixels.withUnsafeMutableBufferPointer { pixels in
                coverageRows.blend(set, rule: rule, in: box, correctingOverlaps: correct, paint: paint,
                                   into: pixels.baseAddress!, stride: stride)
            }
            return
        }
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
    /// weights all quantize to 255 (≥ `PixelLanes.fullWeight`) given to the uniform kernel — a span fill
    /// for an opaque paint — and those that all quantize to 0 (< 1/510) skipped: the same
    /// bytes, without quantizing a shape's interior or the gaps between its parts.
    static func blendRuns(_ paint: SourceOver.Paint, weights w: UnsafeMutablePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count n: Int) {
        let full = SIMD8<Float>(repeating: PixelLanes.fullWeight), none = SIMD8<Float>(repeating: 0.5 / 255)
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
    /// their coverage (0…1, writable) over the row's span of touched cells: `CoverageRows`
    /// with the context's buffers.
    func forEachCoverageRow(
        _ set: PolygonSet, rule: FillRule, in box: PixelRect, correctingOverlaps: Bool = true,
        _ body: (_ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafeMutablePointer<Float>) -> Void
    ) {
        coverageRows.forEachRow(set, rule: rule, in: box, correctingOverlaps: correctingOverlaps, body)
    }
}
