import CCadenceFeatures

extension RoundedRectSampler {
    /// The shape as `cadence_rectangle_draw` takes it — the bounds of `support` and
    /// `interior`, written as they compute them, and the lanes' constants of `sampleSpan` —
    /// when that kernel draws exactly what this sampler's spans and lanes give: an affine
    /// map with finite entries of moderate size (so no bound is NaN and no row is the
    /// whole-row fallback of a NaN) and an unrounded rectangle (no corner, so `interior` is
    /// the box inset by its margins and `support` the slabs' box), turned or skewed: an
    /// axis-aligned one stays on the Swift rows, whose steady rows copy one row's coverage
    /// (fewer instructions than solving and sampling each row). `nil` otherwise; the border
    /// ring is the caller's to rule out.
    var rectangle: cadence_rectangle? {
        let m = inverse
        guard isAffine, outer.radius == 0, outer.extent == 0, m.r1.y != 0 || m.r2.x != 0 else { return nil }
        func moderate(_ x: SIMD3<Double>) -> Bool { abs(x.x) < 1e100 && abs(x.y) < 1e100 }  // false for NaN
        guard moderate(m.r1), moderate(m.r2), moderate(m.r3),
              m.r1.x == 0 || inverseStepU.isFinite, m.r1.y == 0 || inverseStepV.isFinite,
              pixelsPerU.isFinite, pixelsPerU > 0, pixelsPerV.isFinite, pixelsPerV > 0
        else { return nil }
        let hx = Double(outer.halfWidth), hy = Double(outer.halfHeight)
        // As `support` computes its bounds.
        let lu = hx + 0.51 / Double(pixelsPerU) + 1e-5 * hx, lv = hy + 0.51 / Double(pixelsPerV) + 1e-5 * hy
        // As `interior` computes its box without corners (`r` = 0: both of its spans are this one).
        let mu = 0.501 / Double(pixelsPerU) + 1e-6 * hx, mv = 0.501 / Double(pixelsPerV) + 1e-6 * hy
        let r = Double(outer.extent)
        let iu = hx - mu, iv = hy - Swift.max(r, mv)
        guard lu.isFinite, lv.isFinite, iu.isFinite, iv.isFinite else { return nil }
        return cadence_rectangle(
            r1x: m.r1.x, r1y: m.r1.y, r2x: m.r2.x, r2y: m.r2.y, r3x: m.r3.x, r3y: m.r3.y,
            inverseStepU: inverseStepU, inverseStepV: inverseStepV,
            supportU: lu, supportV: lv, interiorU: iu, interiorV: iv,
            halfWidth: outer.halfWidth, halfHeight: outer.halfHeight, pixelsPerU: pixelsPerU, pixelsPerV: pixelsPerV,
            stepU: ux, stepV: vx)
    }
}

extension RoundedRectSampler {
    /// The shape and paints as `cadence_rounded_row` takes them — the map, the lanes'
    /// constants of `sampleSpan` and the two shapes of `coverage` — when that kernel samples
    /// exactly what `sampleSpan` does: an affine map with finite entries and four circular
    /// corners (or none), the border's inner edge likewise. `fill` and `stroke` are the
    /// background's and the border's paints (at least one), `opacity` the layer's weight.
    /// `nil` otherwise (the Swift rows draw the layer).
    func roundedRect(fill: SourceOver.Paint?, stroke: SourceOver.Paint?, opacity: Float) -> cadence_rounded_rect? {
        let m = inverse
        func finite(_ x: SIMD3<Double>) -> Bool { x.x.isFinite && x.y.isFinite }
        guard isAffine, corners == nil, outer.exponent == 2, inner.map({ $0.exponent == 2 }) ?? true,
              finite(m.r1), finite(m.r2), finite(m.r3), fill != nil || stroke != nil
        else { return nil }
        func shape(_ s: Shape) -> cadence_rounded_shape {
            cadence_rounded_shape(halfWidth: s.halfWidth, halfHeight: s.halfHeight, radius: s.radius, extent: s.extent)
        }
        return cadence_rounded_rect(
            r1x: m.r1.x, r1y: m.r1.y, r2x: m.r2.x, r2y: m.r2.y, r3x: m.r3.x, r3y: m.r3.y,
            gradients: (ux, uy, vx, vy), pixelsPerU: pixelsPerU, pixelsPerV: pixelsPerV,
            outer: shape(outer), inner: shape(inner ?? outer), hasInner: inner == nil ? 0 : 1,
            paints: (fill == nil ? 0 : 1) | (stroke == nil ? 0 : 2),
            fill: fill?.fill[0] ?? 0, stroke: stroke?.fill[0] ?? 0,
            opacity: opacity, strokeAlpha: stroke.map { Float($0.bytes[3]) / 255 } ?? 0)
    }
}
