import CadenceGeometry
import CadenceLayers
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `maskedCorners` and the continuous corner curve in the coverage kernel: against the
/// metric written out in `Double` and against the supersampled area of the shape (the
/// interior shortcut and support span with them: `RoundedRectSamplerTests`).
final class RoundedRectSamplerCornersTests: XCTestCase {
    private func randomCorners(_ g: inout SeededGenerator) -> CornerMask {
        [CornerMask.all, [], CornerMask(rawValue: UInt(g.next() % 16))][Int(g.next() % 3)]
    }

    /// The SIMD kernel computes the metric with masks and both curves: within 2e-3 of the
    /// `Double` twin (the circle as before; the continuous corner's `powf` adds a few
    /// Float ulps of the normalised coordinates, amplified by perspective's divide).
    func testMatchesReference() {
        var g = SeededGenerator(seed: 0xC0_27E5)
        for trial in 0..<60 {
            let map = randomPlaneMap(&g, centre: 24, minScale: 0.5, scaleSpread: 1.5, perspective: trial % 3 == 0 ? 0.02 : 0)
            let bounds = Rect(x: -g.unit() * 20, y: -g.unit() * 20, width: 1 + g.unit() * 30, height: 1 + g.unit() * 30)
            let radius = [g.unit() * 4, g.unit() * 10, 100][trial % 3]
            let corners = randomCorners(&g)
            let curve: CornerCurve = trial % 2 == 0 ? .continuous : .circular
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: radius, corners: corners, curve: curve, map: map)!
            for y in stride(from: 0, to: 48, by: 3) {
                var row = [Float](repeating: 0, count: 56)
                row.withUnsafeMutableBufferPointer { sampler.sample(row: y, from: 0, count: 48, outer: $0.baseAddress!, border: nil) }
                for x in 0..<48 {
                    let expected = referenceMetric(
                        map: map, bounds: bounds, radius: radius, corners: corners, curve: curve, x: x, y: y)
                    XCTAssertEqual(Double(row[x]), expected, accuracy: 2e-3,
                                   "seed \(g.seed) trial \(trial) \(curve) \(corners) (\(x), \(y))")
                }
            }
        }
    }

    /// The continuous corner's metric approximates its covered area as the circle's does
    /// (the same bounds as the circular kernel's test: worst 0.2, mean 0.03 over edge
    /// pixels).
    func testContinuousCoverageApproximatesTheArea() {
        var g = SeededGenerator(seed: 0xC0_A2EA)
        var areaErrors = CoverageAreaErrors()
        for trial in 0..<20 {
            let map = randomPlaneMap(&g, centre: 24, minScale: 0.5, scaleSpread: 1.5, perspective: trial % 2 == 0 ? 0.02 : 0)
            let bounds = Rect(x: -10, y: -8, width: 12 + g.unit() * 10, height: 10 + g.unit() * 10)
            let radius = 1 + g.unit() * 8
            let corners = randomCorners(&g)
            let sampler = RoundedRectSampler(
                bounds: bounds, cornerRadius: radius, corners: corners, curve: .continuous, map: map)!
            areaErrors.add(sampler) { x, y in
                supersampledArea(map: map, bounds: bounds, radius: radius, corners: corners, curve: .continuous, x: x, y: y)
            }
        }
        XCTAssertLessThan(areaErrors.worst, 0.2, "worst error (seed \(g.seed))")
        XCTAssertLessThan(areaErrors.mean, 0.03, "mean error over \(areaErrors.count) edge pixels (seed \(g.seed))")
    }

    /// The continuous corner's construction: L = 1.528 r with room, n ≈ 3.26 there, the
    /// circle (L = r, n = 2) when the radius is half the shorter side, and its middle as deep
    /// as the circle's.
    func testContinuousCornerConstruction() {
        let roomy = RoundedRectSampler.Shape(halfWidth: 50, halfHeight: 50, radius: 10, curve: .continuous)!
        XCTAssertEqual(roomy.extent, 15.28, accuracy: 1e-5)
        XCTAssertEqual(Double(roomy.exponent), log(2) / -log(1 - (1 - 1 / 2.0.squareRoot()) / 1.528), accuracy: 1e-5)
        XCTAssertEqual(roomy.exponent, 3.2575, accuracy: 1e-3)
        let depth = Double(roomy.extent) * (1 - pow(0.5, 1 / Double(roomy.exponent)))
        XCTAssertEqual(depth, 10 * (1 - 1 / 2.0.squareRoot()), accuracy: 1e-5, "as deep at 45° as the circle")
        let capsule = RoundedRectSampler.Shape(halfWidth: 50, halfHeight: 10, radius: 10, curve: .continuous)!
        XCTAssertEqual(capsule.extent, 10)
        XCTAssertEqual(capsule.exponent, 2)
        let between = RoundedRectSampler.Shape(halfWidth: 50, halfHeight: 12, radius: 10, curve: .continuous)!
        XCTAssertEqual(between.extent, 12, "limited by the room")
        XCTAssertGreaterThan(between.exponent, 2)
        XCTAssertLessThan(between.exponent, roomy.exponent)
    }
}

// MARK: The references, written out independently of the kernel

/// A corner written out independently: its reach `L` and exponent `n` (1.528 r within
/// the room, the circle's depth at 45°; a circle at L = r).
func referenceCorner(radius r: Double, hx: Double, hy: Double, curve: CornerCurve) -> (l: Double, n: Double) {
    guard curve == .continuous, r > 0 else { return (r, 2) }
    let l = min(1.528 * r, hx, hy)
    guard l > r else { return (r, 2) }
    return (l, log(2) / -log(1 - (1 - 1 / 2.0.squareRoot()) * r / l))
}

/// Whether the corner at `(u, v)` (from the middle) is rounded.
func isRounded(_ corners: CornerMask, u: Double, v: Double) -> Bool {
    switch (u < 0, v < 0) {
    case (true, true): corners.contains(.layerMinXMinYCorner)
    case (false, true): corners.contains(.layerMaxXMinYCorner)
    case (true, false): corners.contains(.layerMinXMaxYCorner)
    case (false, false): corners.contains(.layerMaxXMaxYCorner)
    }
}

/// The metric of `RoundedRectSampler` per pixel, written out in `Double` (the slow twin): the slabs, then in a rounded corner's
/// square `sat(0.5 − (N − L)/|∇N|)`, `N` the superellipse norm of `q`.
func referenceMetric(
    map: PlaneMap, bounds: Rect, radius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular, x: Int, y: Int
) -> Double {
    let inv = map.inverse!
    let h = inv.homogeneous(Double(x) + 0.5, Double(y) + 0.5)
    guard h.z > 0 else { return 0 }
    let lx = h.x / h.z, ly = h.y / h.z
    let u = lx - bounds.midX, v = ly - bounds.midY
    let gu = SIMD2(inv.r1.x - lx * inv.r1.z, inv.r2.x - lx * inv.r2.z) / h.z
    let gv = SIMD2(inv.r1.y - ly * inv.r1.z, inv.r2.y - ly * inv.r2.z) / h.z
    func sat(_ t: Double) -> Double { min(max(t, 0), 1) }
    func slab(_ half: Double, _ a: Double, _ scale: Double) -> Double {
        max(0, sat(0.5 + (half - a) * scale) + sat(0.5 + (half + a) * scale) - 1)
    }
    let hx = bounds.width / 2, hy = bounds.height / 2
    let r = corners.isEmpty ? 0 : min(radius, hx, hy)
    let (l, n) = referenceCorner(radius: r, hx: hx, hy: hy, curve: curve)
    var c = slab(hx, abs(u), 1 / (gu * gu).sum().squareRoot()) * slab(hy, abs(v), 1 / (gv * gv).sum().squareRoot())
    let qx = abs(u) - (hx - l), qy = abs(v) - (hy - l)
    if r > 0, qx > 0, qy > 0, isRounded(corners, u: u, v: v) {
        let norm = l * pow(pow(qx / l, n) + pow(qy / l, n), 1 / n)
        let gradient = pow(qx / norm, n - 1) * (u < 0 ? -gu : gu) + pow(qy / norm, n - 1) * (v < 0 ? -gv : gv)
        c = min(c, sat(0.5 - (norm - l) / (gradient * gradient).sum().squareRoot()))
    }
    return c
}

/// The area of the pixel inside the shape, by 16 × 16 samples.
func supersampledArea(
    map: PlaneMap, bounds: Rect, radius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular, x: Int, y: Int
) -> Double {
    let inv = map.inverse!
    let hx = bounds.width / 2, hy = bounds.height / 2, r = min(radius, hx, hy)
    let (l, n) = referenceCorner(radius: r, hx: hx, hy: hy, curve: curve)
    var inside = 0
    for j in 0..<16 {
        for i in 0..<16 {
            let h = inv.homogeneous(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16)
            guard h.z > 0 else { continue }
            let su = h.x / h.z - bounds.midX, sv = h.y / h.z - bounds.midY
            let u = abs(su), v = abs(sv)
            guard u <= hx, v <= hy else { continue }
            let qx = u - (hx - l), qy = v - (hy - l)
            if r > 0, qx > 0, qy > 0, isRounded(corners, u: su, v: sv), pow(qx / l, n) + pow(qy / l, n) > 1 { continue }
            inside += 1
        }
    }
    return Double(inside) / 256
}
