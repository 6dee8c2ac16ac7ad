import CadenceGeometry
import CadencePixels

extension GraphicsContext {
    /// Fills the clip with `gradient` along the axis from `start` to `end` (user space;
    /// `CGContextDrawLinearGradient`): a point's parameter is its projection on the axis,
    /// `t = (p − start)·(end − start) / |end − start|²`. Points with `t < 0` or `t > 1` are
    /// painted only with the matching `options`. Sampled at pixel centres through the inverse
    /// transform; times `alpha`. A degenerate axis (`start == end`), a singular transform
    /// or non-finite points draw nothing. Colours come from a table of the ramp
    /// (`GradientTable`: within 1 of the exact ramp per channel for stops at least 1/16 of
    /// the axis apart). Cost: the table (256–4096 entries) plus, per pixel of the clip, a
    /// multiply-add, a table load and the blend, eight pixels at a time.
    public func drawLinearGradient(
        _ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions = []
    ) {
        let axis = SIMD2(end.x - start.x, end.y - start.y)
        let length2 = (axis * axis).sum()
        guard length2 > 0, length2.isFinite, start.x.isFinite, start.y.isFinite, let m = state.ctm.inverse else { return }
        let origin = SIMD2(start.x, start.y), k = axis / length2
        // t is affine in the pixel centre (px, py): t = cx·px + cy·py + c0.
        let cx = k.x * m.a + k.y * m.b, cy = k.x * m.c + k.y * m.d
        let c0 = k.x * (m.tx - origin.x) + k.y * (m.ty - origin.y)
        guard cx.isFinite, cy.isFinite, c0.isFinite else { return }
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7), step = Float(cx)
        fillClip(gradient, options: options) { y, x0, count, t in
            let row = cy * (Double(y) + 0.5) + c0
            var i = 0
            while i < count {
                let first = Float(row + cx * (Double(x0 + i) + 0.5))
                UnsafeMutableRawPointer(t + i).storeBytes(of: first + step * lanes, as: SIMD8<Float>.self)
                i += 8
            }
        }
    }

    /// Fills the clip with `gradient` between two circles (`CGContextDrawRadialGradient`):
    /// the circle of parameter `t` has centre `startCenter + t·(endCenter − startCenter)` and
    /// radius `startRadius + t·(endRadius − startRadius)`; a point takes the largest `t`
    /// whose circle passes through it with a radius ≥ 0, and is painted when that `t` is in
    /// 0…1 or extended by `options` (then the smaller root if the larger is refused). Negative
    /// or non-finite radii or centres draw nothing. Colours come from the ramp's table, as
    /// for `drawLinearGradient(_:start:end:options:)`; cost per pixel: a square root more.
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientDrawingOptions = []
    ) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard values.allSatisfy({ $0.isFinite }), startRadius >= 0, endRadius >= 0, let m = state.ctm.inverse else { return }
        let c0 = SIMD2(startCenter.x, startCenter.y), cd = SIMD2(endCenter.x, endCenter.y) - c0
        let r0 = startRadius, dr = endRadius - startRadius
        let a = (cd * cd).sum() - dr * dr
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        func accepts(_ t: Double) -> Bool {
            t.isFinite && r0 + t * dr >= 0 && (t >= 0 || before) && (t <= 1 || after)
        }
        func parameter(_ p: SIMD2<Double>) -> Double {
            let pd = p - c0
            let b = (pd * cd).sum() + r0 * dr, c = (pd * pd).sum() - r0 * r0
            if Swift.abs(a) < 1e-12 * Swift.max(1, (cd * cd).sum()) {
                guard b != 0 else { return .nan }
                let t = c / (2 * b)
                return accepts(t) ? t : .nan
            }
            let disc = b * b - a * c
            guard disc >= 0 else { return .nan }
            let root = disc.squareRoot()
            let t1 = (b + root) / a, t2 = (b - root) / a
            let (hi, lo) = t1 > t2 ? (t1, t2) : (t2, t1)
            return accepts(hi) ? hi : accepts(lo) ? lo : .nan
        }
        // Refused parameters are NaN, so the table extends both ends.
        fillClip(gradient, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]) { y, x0, count, t in
            let py = Double(y) + 0.5
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                t[i] = Float(parameter(SIMD2(m.a * px + m.c * py + m.tx, m.b * px + m.d * py + m.ty)))
            }
        }
    }

    /// Paints the clip with `gradient` at the parameters `parameters(y, x0, count, t)`
    /// writes for the pixel centres `x0 ..< x0 + count` of row `y` (`t` has room for
    /// `count` rounded up to a multiple of 8); NaN, or a parameter outside 0…1 that
    /// `options` do not extend, leaves the pixel alone. Rows are blended eight pixels at a
    /// time straight from the table (`SourceOver.blendSample`), weighted by the clip's mask
    /// and `alpha`.
    private func fillClip(
        _ gradient: Gradient, options: GradientDrawingOptions,
        parameters: (_ y: Int, _ x0: Int, _ count: Int, _ t: UnsafeMutablePointer<Float>) -> Void
    ) {
        let stops = gradient.stops()
        let c = state.clip, weight = state.weight
        guard !stops.isEmpty, !c.isEmpty, weight > 0 else { return }
        // The last table's buffer, taken out so that the new table holds its only reference.
        var storage: [UInt32] = []
        swap(&storage, &gradientWords)
        let table = GradientTable(
            stops: stops, before: options.contains(.drawsBeforeStartLocation), after: options.contains(.drawsAfterEndLocation),
            reusing: consume storage)
        defer { gradientWords = table.words }
        let n = c.width, rounded = (n + 7) & ~7
        if colors.count < 2 * rounded { colors = [Float](repeating: 0, count: 2 * rounded) }
        let stride = bitmap.bytesPerRow, mask = state.mask
        let uniform = PixelLanes.quantize(SIMD8(repeating: weight)), k = weight / 255
        var pixels = bitmap.pixels
        bitmap.pixels = []
        defer { bitmap.pixels = pixels }
        pixels.withUnsafeMutableBufferPointer { pixels in
            colors.withUnsafeMutableBufferPointer { buffer in
                table.words.withUnsafeBufferPointer { words in
                    let t = buffer.baseAddress!, w = t + rounded, entries = words.baseAddress!
                    for y in c.minY..<c.maxY {
                        parameters(y, c.minX, n, t)
                        if let mask {
                            let m = mask.pixel(c.minX, y)
                            for i in 0..<n { w[i] = Float(m[i]) * k }
                        }
                        PixelLanes.forEachGroup(pixels.baseAddress! + y * stride + 4 * c.minX, count: n) { p, first, count in
                            let q = mask == nil ? uniform : PixelLanes.quantize(PixelLanes.floats(w, first, count))
                            if PixelLanes.isZero(q) { return }
                            let colors = table.lookup(PixelLanes.floats(t, first, count), in: entries)
                            let (sl, sh) = PixelLanes.split(unsafeBitCast(colors, to: PixelLanes.Lanes.self))
                            SourceOver.blendSample(sl, sh, weights: q, into: p)
                        }
                    }
                }
            }
        }
    }
}
