import CadenceGeometry
import CadenceLayers

/// The colours of a gradient layer at pixel centres (`docs/compositor.md` § 18): each
/// pixel centre is mapped back into the layer's plane, then into the unit square of the
/// bounds (`u = (x − minX) / width`, `v = (y − minY) / height`), where the gradient's
/// parameter `t` is found; the colour is the ramp's at `t` (`Gradient`: stops sorted,
/// clamped to the first and last colour outside them).
///
/// - Axial: `t = (p − s)·(e − s) / |e − s|²`, in unit coordinates — so the lines of equal
///   colour are perpendicular to the axis in the unit square and are stretched with the
///   bounds (from (0, 0) to (1, 1) on a wide layer they run along the other diagonal).
///   `s == e` (no axis): the first colour everywhere.
/// - Radial: an ellipse centred on `s` with radii `|e.x − s.x|` and `|e.y − s.y|` (unit
///   coordinates, so in points `width · |e.x − s.x|` and `height · |e.y − s.y|`):
///   `t = √((Δu / rx)² + (Δv / ry)²)`. A zero radius on either axis: `t = ∞` (the last
///   colour) everywhere.
/// - Conic: `t` is the angle about `s`, from the direction of `e` (in unit coordinates),
///   turning from +x towards +y (clockwise on a y-down screen), over one full turn, in
///   `0 ..< 1`. `s == e`: the angle is measured from +x.
/// - NaN anywhere (a singular map, a point behind the viewer) gives transparent black.
///
/// Accuracy: `Double` throughout but for the final colour (`Float`); the row sampler agrees
/// with a slow, independent twin (`GradientLayerRenderingTests`, one point at a time through
/// the full homography, its own stop search) within 1e-3 on the 0…255 scale. Cost per pixel: a few multiply-adds (axial), a square
/// root (radial), an `atan2` (conic), plus the ramp's stop search.
struct LayerGradientSampler {
    let ramp: GradientRamp
    let type: GradientType
    /// The pixel-to-unit-square map (row vectors; `w` the homogeneous divisor).
    let inverse: PlaneMap
    let start: SIMD2<Double>
    /// Axial: the axis divided by its squared length. Radial: (1/rx, 1/ry). Conic: the
    /// reference angle.
    let axis: SIMD2<Double>
    let referenceAngle: Double

    /// The sampler of `drawing` over `bounds` seen through `map` (layer space to pixels);
    /// `nil` when the gradient has no usable stop, the bounds have no area or the map is
    /// singular.
    init?(_ drawing: RenderList.GradientDrawing, bounds: Rect, map: PlaneMap) {
        let stops = drawing.gradient.stops()
        let b = bounds.standardized
        guard !stops.isEmpty, b.width > 0, b.height > 0, let toPixels = map.inverse else { return nil }
        // Pixels → layer → unit square.
        let unit = PlaneMap(
            rows: SIMD3(1 / b.width, 0, 0), SIMD3(0, 1 / b.height, 0), SIMD3(-b.minX / b.width, -b.minY / b.height, 1))
        inverse = toPixels.concatenating(unit)
        guard inverse.isFinite else { return nil }
        ramp = GradientRamp(stops: stops)
        type = drawing.type
        start = SIMD2(drawing.startPoint.x, drawing.startPoint.y)
        let d = SIMD2(drawing.endPoint.x, drawing.endPoint.y) - start
        switch drawing.type {
        case .axial:
            let l2 = (d * d).sum()
            axis = l2 > 0 && l2.isFinite ? d / l2 : .zero
            referenceAngle = 0
        case .radial:
            axis = SIMD2(1 / Swift.abs(d.x), 1 / Swift.abs(d.y))
            referenceAngle = 0
        case .conic:
            axis = .zero
            referenceAngle = d == .zero ? 0 : atan2(d.y, d.x)
        }
    }

    /// The gradient parameter at the unit-square point `p`.
    @inline(__always)
    func parameter(_ p: SIMD2<Double>) -> Double {
        let q = p - start
        switch type {
        case .axial:
            // No axis: every point is before the start.
            return axis == .zero ? -.infinity : (q * axis).sum()
        case .radial:
            guard axis.x.isFinite, axis.y.isFinite else { return .infinity }
            let r = q * axis
            return (r * r).sum().squareRoot()
        case .conic:
            var a = (atan2(q.y, q.x) - referenceAngle) / (2 * .pi)
            a -= a.rounded(.down)
            return a >= 1 ? 0 : a
        }
    }

    /// Writes the premultiplied colours (0…255, 4 `Float`s a pixel) of the pixels
    /// `x0 ..< x0 + count` of row `y` to `out`. Under an affine map the unit-square point
    /// moves by a constant step per pixel.
    func sampleRow(_ y: Int, from x0: Int, count: Int, into out: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5
        let m = inverse
        if m.isAffine, m.r3.z != 0 {
            let k = 1 / m.r3.z
            let step = SIMD2(m.r1.x, m.r1.y) * k
            let origin = (SIMD2(m.r2.x, m.r2.y) * py + SIMD2(m.r3.x, m.r3.y)) * k
            if type == .axial {
                // t itself is linear in x.
                let t0 = ((origin - start) * axis).sum(), dt = (step * axis).sum()
                let flat = axis == .zero
                for i in 0..<count {
                    let t = flat ? -.infinity : t0 + dt * (Double(x0 + i) + 0.5)
                    store(ramp.color(at: t), out + 4 * i)
                }
                return
            }
            for i in 0..<count {
                let p = origin + step * (Double(x0 + i) + 0.5)
                store(color(atUnit: p), out + 4 * i)
            }
            return
        }
        for i in 0..<count {
            store(color(atPixel: SIMD2(Double(x0 + i) + 0.5, py)), out + 4 * i)
        }
    }

    /// The colour at the unit-square point `p`: transparent black for NaN.
    @inline(__always)
    func color(atUnit p: SIMD2<Double>) -> SIMD4<Float> {
        let t = parameter(p)
        return t.isNaN ? .zero : ramp.color(at: t)
    }

    /// The colour at pixel point `p` through the full homography, one pixel at a time (what
    /// a perspective row uses). Behind the viewer (`w ≤ 0`):
    /// transparent black.
    func color(atPixel p: SIMD2<Double>) -> SIMD4<Float> {
        let h = inverse.homogeneous(p.x, p.y)
        guard h.z > 0 else { return .zero }
        return color(atUnit: SIMD2(h.x, h.y) / h.z)
    }

    @inline(__always)
    private func store(_ c: SIMD4<Float>, _ out: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(out).storeBytes(of: c, as: SIMD4<Float>.self)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
