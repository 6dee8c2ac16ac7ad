import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// Gradient layers in the compositor (`docs/compositor.md` § 16): the fast row sampler
/// against a slow twin, the three types, and bad colours and locations.
final class GradientLayerRenderingTests: XCTestCase {
    /// The slow twin: the colour at pixel point `p`, written from the documented rules alone
    /// — preimage by Cramer's rule on the matrix's plane map, unit square,
    /// `t` by type, stops sorted with an insertion sort, a linear search — in `Double`.
    static func referenceColor(
        _ drawing: RenderList.GradientDrawing, bounds b: Rect, matrix: Transform3D, pixel p: SIMD2<Double>
    ) -> SIMD4<Double>? {
        // The plane map of the matrix (rows x, y, w), inverted by Cramer's rule.
        let a = [[matrix.m11, matrix.m12, matrix.m14], [matrix.m21, matrix.m22, matrix.m24],
                 [matrix.m41, matrix.m42, matrix.m44]]
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        // [x y 1]·A = [X Y W] with [X Y W] ∝ [p.x p.y 1]: solve [x y 1]·A = s·[p.x p.y 1].
        // Columns: x·a0j + y·a1j + a2j = s·qj.
        let q = [p.x, p.y, 1.0]
        // Unknowns (x, y, s): M · (x, y, s) = −a2.
        let m = (0..<3).map { j in [a[0][j], a[1][j], -q[j]] }
        let rhs = (0..<3).map { -a[2][$0] }
        let d = det(m)
        guard d != 0 else { return nil }
        func replaced(_ k: Int) -> [[Double]] { (0..<3).map { j in (0..<3).map { $0 == k ? rhs[j] : m[j][$0] } } }
        let x = det(replaced(0)) / d, y = det(replaced(1)) / d, s = det(replaced(2)) / d
        guard s > 0 else { return SIMD4(0, 0, 0, 0) }
        let u = (x - b.minX) / b.width, v = (y - b.minY) / b.height
        let sx = drawing.startPoint.x, sy = drawing.startPoint.y
        let ex = drawing.endPoint.x, ey = drawing.endPoint.y
        let t: Double
        switch drawing.type {
        case .axial:
            let l2 = (ex - sx) * (ex - sx) + (ey - sy) * (ey - sy)
            t = l2 == 0 ? -.infinity : ((u - sx) * (ex - sx) + (v - sy) * (ey - sy)) / l2
        case .radial:
            let rx = abs(ex - sx), ry = abs(ey - sy)
            t = rx == 0 || ry == 0 ? .infinity : (pow((u - sx) / rx, 2) + pow((v - sy) / ry, 2)).squareRoot()
        case .conic:
            let reference = ex == sx && ey == sy ? 0 : atan2(ey - sy, ex - sx)
            var turn = (atan2(v - sy, u - sx) - reference) / (2 * .pi)
            while turn < 0 { turn += 1 }
            while turn >= 1 { turn -= 1 }
            t = turn
        }
        // Stops: locations (even when missing or mismatched), finite only, sorted stably;
        // unpremultiplied, interpolated, then premultiplied.
        let colors = drawing.gradient.colors, n = colors.count
        var locations = drawing.gradient.locations ?? []
        if locations.count != n { locations = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) } }
        var stops: [(Double, SIMD4<Double>)] = []
        for k in 0..<n where locations[k].isFinite {
            let c = colors[k]
            func unit(_ x: Double) -> Double { Swift.min(Swift.max(x.isNaN ? 0 : x, 0), 1) }
            let alpha = unit(c.alpha)
            let stop = (locations[k], SIMD4(unit(c.red), unit(c.green), unit(c.blue), alpha) * 255)
            var i = stops.count
            while i > 0 && stops[i - 1].0 > stop.0 { i -= 1 }
            stops.insert(stop, at: i)
        }
        guard let first = stops.first, let last = stops.last else { return nil }
        func premultiplied(_ c: SIMD4<Double>) -> SIMD4<Double> { SIMD4(c.x * c.w / 255, c.y * c.w / 255, c.z * c.w / 255, c.w) }
        if !(t > first.0) { return premultiplied(first.1) }
        if t >= last.0 { return premultiplied(last.1) }
        for k in 1..<stops.count where stops[k].0 > t {
            let (l0, c0) = stops[k - 1], (l1, c1) = stops[k]
            return premultiplied(c0 + (c1 - c0) * ((t - l0) / (l1 - l0)))
        }
        return premultiplied(last.1)
    }

    /// Seeded: the row sampler (incremental under affine maps, per pixel under perspective)
    /// agrees with the twin within 1e-3 on the 0…255 scale (both `Double`; the sampler's
    /// `Float` colours and the stepping add at most that).
    func testSamplerMatchesReference() {
        var g = SeededGenerator(seed: 0x6_4AD)
        for trial in 0..<300 {
            let type = GradientType.allCases[trial % 3]
            let n = Int.random(in: 1...5, using: &g)
            let colors = (0..<n).map { _ in
                Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g),
                      blue: .random(in: 0...1, using: &g), alpha: [1, 0.5, 0, 0.2][Int.random(in: 0..<4, using: &g)])
            }
            var locations: [Double]? = (0..<n).map { _ in [0, 1, 0.5, .random(in: -0.5...1.5, using: &g)][Int.random(in: 0..<4, using: &g)] }
            if Bool.random(using: &g) { locations = nil }
            func point() -> Point {
                Point(x: [0, 0.5, 1, .random(in: -1...2, using: &g)][Int.random(in: 0..<4, using: &g)],
                      y: [0, 0.5, 1, .random(in: -1...2, using: &g)][Int.random(in: 0..<4, using: &g)])
            }
            let drawing = RenderList.GradientDrawing(
                gradient: Gradient(colors: colors, locations: locations), type: type, startPoint: point(), endPoint: point())
            let bounds = Rect(x: .random(in: -20...20, using: &g), y: .random(in: -20...20, using: &g),
                              width: .random(in: 1...80, using: &g), height: .random(in: 1...80, using: &g))
            var matrix = Transform3D(rotationAngle: .random(in: -3...3, using: &g), x: 0, y: 0, z: 1)
                .concatenating(Transform3D(scaleX: .random(in: 0.3...3, using: &g), y: .random(in: 0.3...3, using: &g), z: 1))
                .concatenating(Transform3D(translationX: 60, y: 50, z: 0))
            if trial % 4 == 3 {
                var perspective = Transform3D.identity
                perspective.m34 = -1 / 300
                matrix = Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0).concatenating(perspective).concatenating(matrix)
            }
            let map = PlaneMap(matrix)
            guard let sampler = LayerGradientSampler(drawing, bounds: bounds, map: map) else {
                XCTFail("trial \(trial): no sampler")
                continue
            }
            let row = UnsafeMutablePointer<Float>.allocate(capacity: 4 * 64)
            defer { row.deallocate() }
            for y in stride(from: 0, to: 100, by: 7) {
                let x0 = Int.random(in: 0...60, using: &g)
                sampler.sampleRow(y, from: x0, count: 64, into: row)
                for i in 0..<64 {
                    let p = SIMD2(Double(x0 + i) + 0.5, Double(y) + 0.5)
                    guard let want = Self.referenceColor(drawing, bounds: bounds, matrix: matrix, pixel: p) else { continue }
                    for k in 0..<4 where abs(Double(row[4 * i + k]) - want[k]) > 1e-3 {
                        XCTFail("trial \(trial) \(type) pixel \(p) channel \(k): \(row[4 * i + k]) vs \(want[k]), seed 0x6_4AD")
                        return
                    }
                }
            }
        }
    }

    private func gradientLayer(_ colors: [Color]?, locations: [Double]? = nil) -> GradientLayer {
        let layer = GradientLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 40, height: 10)
        layer.anchorPoint = Point(x: 0, y: 0)
        layer.colors = colors
        layer.locations = locations
        layer.startPoint = Point(x: 0, y: 0.5)
        layer.endPoint = Point(x: 1, y: 0.5)
        return layer
    }

    /// Core Animation interpolates a gradient layer's colours unpremultiplied (the grey
    /// fringe of `clearColor` next to white): halfway, 50 % grey at alpha 0.5, premultiplied
    /// (64, 64, 64, 128) — not the (128, 128, 128, 128) of premultiplied interpolation.
    func testColorsAreInterpolatedUnpremultiplied() throws {
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0), white = Color(red: 1, green: 1, blue: 1, alpha: 1)
        let layer = gradientLayer([clear, white])
        layer.bounds = Rect(x: 0, y: 0, width: 41, height: 10)
        let bitmap = try render([layer], width: 41, height: 10)
        let middle = SIMD4<Int>(truncatingIfNeeded: bitmap[20, 5])
        XCTAssertEqual(middle[3], 128, accuracy: 1)
        XCTAssertEqual(middle[0], 64, accuracy: 1, "grey at half alpha, not white: \(middle)")
    }

    func testAxialEndsAndClamping() throws {
        let bitmap = try render([gradientLayer([red, blue])], width: 40, height: 10)
        XCTAssertEqual(bitmap[0, 5][0], 252, "t = 0.5/40 from red")
        XCTAssertEqual(bitmap[39, 5][2], 252)
        // Locations 0.25…0.75: flat outside.
        let inner = try render([gradientLayer([red, blue], locations: [0.25, 0.75])], width: 40, height: 10)
        XCTAssertEqual(inner[5, 5], opaqueRed)
        XCTAssertEqual(inner[35, 5], opaqueBlue)
    }

    /// Out of order: sorted (stably); mismatched count: even spread; a non-finite location:
    /// that stop dropped; no colours: nothing; one colour: a solid.
    func testBadLocationsAndColors() throws {
        let sorted = try render([gradientLayer([red, green, blue], locations: [0, 1, 0.5])], width: 40, height: 10)
        XCTAssertEqual(sorted, try render([gradientLayer([red, blue, green], locations: [0, 0.5, 1])], width: 40, height: 10))
        let even = try render([gradientLayer([red, green, blue])], width: 40, height: 10)
        XCTAssertEqual(try render([gradientLayer([red, green, blue], locations: [0.9])], width: 40, height: 10), even)
        let nothing = try Bitmap(width: 40, height: 10)
        XCTAssertEqual(try render([gradientLayer(nil)], width: 40, height: 10), nothing)
        XCTAssertEqual(try render([gradientLayer([])], width: 40, height: 10), nothing)
        assertRect(try render([gradientLayer([green])], width: 40, height: 10), PixelRect(width: 40, height: 10),
                   is: opaqueGreen, elsewhere: transparent)
        // NaN components read as 0: transparent black is a colour like any other.
        XCTAssertEqual(try render([gradientLayer([Color(red: .nan, green: 1, blue: 0, alpha: .nan), red])], width: 40, height: 10),
                       try render([gradientLayer([Color(red: 0, green: 1, blue: 0, alpha: 0), red])], width: 40, height: 10))
        let drawing = RenderList.GradientDrawing(
            gradient: Gradient(colors: [red, green, blue], locations: [0, .nan, 1]), type: .axial,
            startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0))
        XCTAssertEqual(drawing.gradient.stops().count, 2, "the NaN stop is dropped")
    }

    func testRadialAndConicDegenerate() throws {
        let radial = gradientLayer([red, blue])
        radial.type = .radial
        radial.startPoint = Point(x: 0.5, y: 0.5)
        radial.endPoint = Point(x: 1, y: 0.5)  // ry = 0: the last colour everywhere
        assertRect(try render([radial], width: 40, height: 10), PixelRect(width: 40, height: 10),
                   is: opaqueBlue, elsewhere: transparent)
        let conic = gradientLayer([red, blue])
        conic.type = .conic
        conic.startPoint = Point(x: 0.5, y: 0.5)
        conic.endPoint = Point(x: 0.5, y: 0.5)  // measured from +x
        let bitmap = try render([conic], width: 40, height: 10)
        XCTAssertGreaterThan(bitmap[39, 5][0], 240, "just below +x, the turn starts: red")
        let axial = gradientLayer([red, blue])
        axial.endPoint = axial.startPoint  // no axis: the first colour
        assertRect(try render([axial], width: 40, height: 10), PixelRect(width: 40, height: 10),
                   is: opaqueRed, elsewhere: transparent)
    }
}
