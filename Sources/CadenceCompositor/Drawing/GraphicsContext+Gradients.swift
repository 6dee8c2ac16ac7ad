import CadenceGeometry
import CadencePixels

extension GraphicsContext {
    /// Fills the clip with `gradient` along the axis from `start` to `end` (user space;
    /// `CGContextDrawLinearGradient`): a point's parameter is its projection on the axis,
    /// `t = (p − start)·(end − start) / |end − start|²`. Points with `t < 0` or `t > 1` are
    /// painted only with the matching `options`. Sampled at pixel centres through the inverse
    /// transform; times `alpha`. A degenerate axis (`start == end`), a singular transform
    /// or non-finite points draw nothing. Cost: one stop search per pixel of the clip.
    public func drawLinearGradient(
        _ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions = []
    ) {
        let axis = SIMD2(end.x - start.x, end.y - start.y)
        let length2 = (axis * axis).sum()
        guard length2 > 0, length2.isFinite, start.x.isFinite, start.y.isFinite else { return }
        let origin = SIMD2(start.x, start.y), k = axis / length2
        fillClip(gradient, options: options) { p in ((p - origin) * k).sum() }
    }

    /// Fills the clip with `gradient` between two circles (`CGContextDrawRadialGradient`):
    /// the circle of parameter `t` has centre `startCenter + t·(endCenter − startCenter)` and
    /// radius `startRadius + t·(endRadius − startRadius)`; a point takes the largest `t`
    /// whose circle passes through it with a radius ≥ 0, and is painted when that `t` is in
    /// 0…1 or extended by `options` (then the smaller root if the larger is refused). Negative
    /// or non-finite radii or centres draw nothing.
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientDrawingOptions = []
    ) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard values.allSatisfy({ $0.isFinite }), startRadius >= 0, endRadius >= 0 else { return }
        let c0 = SIMD2(startCenter.x, startCenter.y), cd = SIMD2(endCenter.x, endCenter.y) - c0
        let r0 = startRadius, dr = endRadius - startRadius
        let a = (cd * cd).sum() - dr * dr
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        func accepts(_ t: Double) -> Bool {
            t.isFinite && r0 + t * dr >= 0 && (t >= 0 || before) && (t <= 1 || after)
        }
        fillClip(gradient, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]) { p in
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
    }

    /// Paints the clip with `gradient` at the parameter `parameter(p)` of each pixel centre
    /// `p` (user space); NaN, or a parameter outside 0…1 that `options` do not extend,
    /// leaves the pixel alone.
    private func fillClip(
        _ gradient: Gradient, options: GradientDrawingOptions, parameter: @escaping (SIMD2<Double>) -> Double
    ) {
        let stops = gradient.stops()
        guard !stops.isEmpty, let inverse = state.ctm.inverse, !state.clip.isEmpty else { return }
        let ramp = GradientRamp(stops: stops)
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        let c = state.clip
        polygons.removeAll()
        for (x, y) in [(c.minX, c.minY), (c.maxX, c.minY), (c.maxX, c.maxY), (c.minX, c.maxY)] {
            polygons.points.append(SIMD2(Double(x), Double(y)))
        }
        polygons.closePolygon()
        let m = inverse
        draw(polygons, rule: .nonZero, shader: .colors { y, x0, count, out in
            let py = Double(y) + 0.5
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let u = SIMD2(m.a * px + m.c * py + m.tx, m.b * px + m.d * py + m.ty)
                let t = parameter(u)
                let color: SIMD4<Float>
                if t.isNaN || (t < 0 && !before) || (t > 1 && !after) {
                    color = .zero
                } else {
                    color = ramp.color(at: t)
                }
                for k in 0..<4 { out[4 * i + k] = color[k] }
            }
        })
    }
}
