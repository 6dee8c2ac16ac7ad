import CadenceGeometry
import CadenceLayers
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The coverage kernel against its two references: the same metric in scalar `Double`
/// (the slow twin, `referenceMetric`), and the true covered area by supersampling
/// (`supersampledArea`; both in `RoundedRectSampler+CornersTests.swift`).
final class RoundedRectSamplerTests: XCTestCase {
    /// A random layer-to-pixel map around the middle of a 48×48 area: rotation, scale,
    /// shear, and optionally perspective.
    private func randomMap(_ g: inout SeededGenerator, perspective: Bool) -> PlaneMap {
        randomPlaneMap(&g, centre: 24, minScale: 0.5, scaleSpread: 1.5, perspective: perspective ? 0.02 : 0)
    }

    private func sampled(_ sampler: RoundedRectSampler, row y: Int, count: Int = 48) -> [Float] {
        var out = [Float](repeating: 0, count: count + 8)
        out.withUnsafeMutableBufferPointer { sampler.sample(row: y, from: 0, count: count, outer: $0.baseAddress!, border: nil) }
        return Array(out.prefix(count))
    }

    /// The SIMD kernel computes the metric: within 1e-3 of the `Double` twin (Float's
    /// 24-bit significand on coordinates up to ~50, amplified by perspective's divide).
    func testMatchesReference() {
        var g = SeededGenerator(seed: 0x5A_3D1E)
        for trial in 0..<60 {
            let map = randomMap(&g, perspective: trial % 3 == 0)
            let bounds = Rect(x: -g.unit() * 20, y: -g.unit() * 20, width: 1 + g.unit() * 30, height: 1 + g.unit() * 30)
            let radius = [0, g.unit() * 10, 100][trial % 3]
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: radius, map: map)!
            for y in stride(from: 0, to: 48, by: 3) {
                let row = sampled(sampler, row: y)
                for x in 0..<48 {
                    let expected = referenceMetric(map: map, bounds: bounds, radius: radius, x: x, y: y)
                    XCTAssertEqual(Double(row[x]), expected, accuracy: 1e-3, "seed \(g.seed) trial \(trial) (\(x), \(y))")
                }
            }
        }
    }

    /// Axis-aligned rectangles at any fractional position and scale: the exact area.
    func testAxisAlignedCoverageIsTheArea() {
        var g = SeededGenerator(seed: 0xA11_6ED)
        for trial in 0..<100 {
            let scale = SIMD2(0.25 + g.unit() * 3, 0.25 + g.unit() * 3)
            let map = PlaneMap(rows: SIMD3(scale.x, 0, 0), SIMD3(0, scale.y, 0), SIMD3(g.unit() * 10, g.unit() * 10, 1))
            let bounds = Rect(x: g.unit() * 4, y: g.unit() * 4, width: g.edgeBiased(in: 0.01...12), height: g.edgeBiased(in: 0.01...12))
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: 0, map: map)!
            let lo = SIMD2(bounds.minX, bounds.minY) * scale + SIMD2(map.r3.x, map.r3.y)
            let hi = SIMD2(bounds.maxX, bounds.maxY) * scale + SIMD2(map.r3.x, map.r3.y)
            for y in 0..<48 {
                let row = sampled(sampler, row: y)
                for x in 0..<48 {
                    let ox = max(0, min(Double(x + 1), hi.x) - max(Double(x), lo.x))
                    let oy = max(0, min(Double(y + 1), hi.y) - max(Double(y), lo.y))
                    XCTAssertEqual(Double(row[x]), ox * oy, accuracy: 1e-5, "seed \(g.seed) trial \(trial) (\(x), \(y))")
                }
            }
        }
    }

    /// Rotated, sheared, perspective and rounded shapes: the metric approximates the
    /// covered area — the box filter across a tilted edge is off by at most 1/8 in theory
    /// (a 45° edge), more at sharp corners; a few hundredths on average over edge pixels.
    func testCoverageApproximatesTheArea() {
        var g = SeededGenerator(seed: 0xAE_EA)
        var areaErrors = CoverageAreaErrors()
        for trial in 0..<20 {
            let map = randomMap(&g, perspective: trial % 2 == 0)
            let bounds = Rect(x: -10, y: -8, width: 12 + g.unit() * 10, height: 10 + g.unit() * 10)
            let radius = trial % 3 == 0 ? 0 : g.unit() * 8
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: radius, map: map)!
            areaErrors.add(sampler) { x, y in supersampledArea(map: map, bounds: bounds, radius: radius, x: x, y: y) }
        }
        XCTAssertLessThan(areaErrors.worst, 0.2, "worst error (seed \(g.seed))")
        XCTAssertLessThan(areaErrors.mean, 0.03, "mean error over \(areaErrors.count) edge pixels (seed \(g.seed))")
    }

    /// The border ring is the outer coverage less the inner; a pixel-aligned one-pixel
    /// border covers exactly its ring.
    func testBorderRing() {
        let map = PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(10, 10, 1))
        let sampler = RoundedRectSampler(bounds: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0, borderWidth: 1, map: map)!
        for y in 8..<22 {
            var outer = [Float](repeating: 0, count: 32), ring = [Float](repeating: 0, count: 32)
            outer.withUnsafeMutableBufferPointer { o in
                ring.withUnsafeMutableBufferPointer { r in
                    sampler.sample(row: y, from: 0, count: 24, outer: o.baseAddress!, border: r.baseAddress!)
                }
            }
            for x in 8..<22 {
                let inOuter = (10..<20).contains(x) && (10..<20).contains(y)
                let inInner = (11..<19).contains(x) && (11..<19).contains(y)
                XCTAssertEqual(outer[x], inOuter ? 1 : 0, "(\(x), \(y))")
                XCTAssertEqual(ring[x], inOuter && !inInner ? 1 : 0, "(\(x), \(y))")
            }
        }
    }

    /// A sampler of a random rounded rectangle on `map`: origin within 20 of 0, sides up to
    /// `largest`; the radius, the border, every corner mask and both curves cycling with
    /// `trial` (the interior avoids the continuous corners' reach).
    private func randomSampler(_ g: inout SeededGenerator, trial: Int, largest: Double, map: PlaneMap)
        -> (sampler: RoundedRectSampler?, radius: Double, border: Double, bounds: Rect) {
        let bounds = Rect(x: -g.unit() * 20, y: -g.unit() * 20,
                          width: g.edgeBiased(in: 0.2...largest), height: g.edgeBiased(in: 0.2...largest))
        let radius = [0, g.unit() * 10, 100][trial % 3]
        let border = [0, 1, g.unit() * 6, 50][trial % 4]
        let corners = CornerMask(rawValue: UInt(trial % 16)), curve: CornerCurve = trial % 5 < 2 ? .continuous : .circular
        let sampler = RoundedRectSampler(
            bounds: bounds, cornerRadius: radius, corners: corners, curve: curve, borderWidth: border, map: map)
        return (sampler, radius, border, bounds)
    }

    /// Row `y` of `sampler`, `n` pixels from `x0`, outer and border: with the interior
    /// shortcut (`sample`) into the first two buffers, every pixel through the lanes
    /// (`sampleSpan`) into the last two.
    private func sampleBothWays(
        _ sampler: RoundedRectSampler, row y: Int, from x0: Int, count n: Int,
        _ fastOuter: inout [Float], _ fastRing: inout [Float], _ slowOuter: inout [Float], _ slowRing: inout [Float]
    ) {
        fastOuter.withUnsafeMutableBufferPointer { o in
            fastRing.withUnsafeMutableBufferPointer { r in
                sampler.sample(row: y, from: x0, count: n, outer: o.baseAddress!, border: r.baseAddress!)
            }
        }
        slowOuter.withUnsafeMutableBufferPointer { o in
            slowRing.withUnsafeMutableBufferPointer { r in
                sampler.sampleSpan(row: y, from: x0, count: n, outer: o.baseAddress!, border: r.baseAddress!)
            }
        }
    }

    /// Row `y` of `sampler`, `n` pixels from `x0`, through the lanes (`sampleSpan`) into
    /// `outer` and `ring`, and the row's support; a failure, and `nil`, when a pixel outside
    /// the support is not exactly 0 (outer or ring).
    private func supportHoldsOnlyZeros(
        _ sampler: RoundedRectSampler, row y: Int, from x0: Int, count n: Int,
        _ outer: inout [Float], _ ring: inout [Float], leavingOutCorners: Bool = false, _ context: @autoclosure () -> String
    ) -> Range<Int>? {
        outer.withUnsafeMutableBufferPointer { o in
            ring.withUnsafeMutableBufferPointer { r in
                sampler.sampleSpan(row: y, from: x0, count: n, outer: o.baseAddress!, border: r.baseAddress!)
            }
        }
        let support = sampler.support(row: y, from: x0, count: n, leavingOutCorners: leavingOutCorners)
        for i in 0..<n where !support.contains(i) && (outer[i] != 0 || ring[i] != 0) {
            XCTFail("\(context()) row \(y) pixel \(i) outside \(support): outer \(outer[i]) ring \(ring[i])")
            return nil
        }
        return support
    }

    /// The interior shortcut writes what sampling every pixel writes (outer and border; any
    /// corner mask, either curve):
    /// exactly inside the interior, to Float's rounding elsewhere. A row sampled in two
    /// pieces, as the rasterizer cuts it (from a multiple of 8 left of the interior, then
    /// from a pixel inside it), gives the whole row's values exactly.
    func testInteriorSpanMatchesSampling() {
        var g = SeededGenerator(seed: 0x1_4E7)
        var interiorPixels = 0
        for trial in 0..<60 {
            let map = randomMap(&g, perspective: false)
            let (sampler, radius, border, bounds) = randomSampler(&g, trial: trial, largest: 40, map: map)
            guard let sampler else { return XCTFail("trial \(trial): no sampler") }
            var fastOuter = [Float](repeating: -1, count: 64), fastRing = fastOuter, slowOuter = fastOuter, slowRing = fastOuter
            for y in 0..<48 {
                let x0 = Int(g.next() % 8), n = 40 + Int(g.next() % 8)
                sampleBothWays(sampler, row: y, from: x0, count: n, &fastOuter, &fastRing, &slowOuter, &slowRing)
                let inside = sampler.interior(row: y, from: x0, count: n, border: true)
                if !inside.isEmpty {
                    interiorPixels += inside.count
                    let a = 8 * Int(g.next() % UInt64(inside.lowerBound / 8 + 1))
                    let m = inside.lowerBound + Int(g.next() % UInt64(inside.count))
                    var pieceOuter = [Float](repeating: -1, count: 64), pieceRing = pieceOuter
                    for r in [a..<m, m..<n] {
                        pieceOuter.withUnsafeMutableBufferPointer { o in
                            pieceRing.withUnsafeMutableBufferPointer { b in
                                sampler.sample(row: y, from: x0, pixels: r, interior: inside, outer: o.baseAddress!,
                                               border: b.baseAddress!)
                            }
                        }
                    }
                    for i in a..<n where pieceOuter[i] != fastOuter[i] || pieceRing[i] != fastRing[i] {
                        XCTFail("seed \(g.seed) trial \(trial) row \(y) pixel \(i), pieces \(a)..<\(m)..<\(n): outer \(pieceOuter[i]) vs \(fastOuter[i]), ring \(pieceRing[i]) vs \(fastRing[i])")
                        break
                    }
                }
                // Outside the interior the lanes start at other pixels: Float rounding apart.
                for i in 0..<n where abs(fastOuter[i] - slowOuter[i]) > 1e-4 || abs(fastRing[i] - slowRing[i]) > 1e-4
                    || inside.contains(i) && (fastOuter[i] != slowOuter[i] || fastRing[i] != slowRing[i]) {
                    XCTFail("seed \(g.seed) trial \(trial) row \(y) pixel \(i) inside \(inside): outer \(fastOuter[i]) vs \(slowOuter[i]), ring \(fastRing[i]) vs \(slowRing[i]) r \(radius) b \(border) \(bounds)")
                }
            }
        }
        XCTAssertGreaterThan(interiorPixels, 1000, "the shortcut is exercised")
    }

    /// Under perspective the interior shortcut (`interiorInPerspective`) changes no bit of
    /// a row: sampling it from its first pixel writes what sampling every pixel writes,
    /// outer and border, any corner mask and curve, borders thin and wider than the radius
    /// — the span ends on a multiple of 8, so the lanes after it start where the whole
    /// row's do — and the span is found on most rows through such a layer.
    func testInteriorInPerspectiveMatchesSampling() {
        var g = SeededGenerator(seed: 0x9E75)
        var interiorPixels = 0, rows = 0
        for trial in 0..<80 {
            var map = randomPlaneMap(&g, centre: 40, minScale: 0.8, scaleSpread: 1.5, perspective: 0.03)
            if trial % 4 == 0 { map.r1.z *= 8 }  // strong: w near 0 within the row
            guard let sampler = randomSampler(&g, trial: trial, largest: 50, map: map).sampler else { continue }
            XCTAssertFalse(sampler.isAffine)
            var fastOuter = [Float](repeating: -1, count: 96), fastRing = fastOuter, slowOuter = fastOuter, slowRing = fastOuter
            for y in 0..<80 {
                let x0 = Int(g.next() % 8), n = 72 + Int(g.next() % 16)
                sampleBothWays(sampler, row: y, from: x0, count: n, &fastOuter, &fastRing, &slowOuter, &slowRing)
                let inside = sampler.interior(row: y, from: x0, count: n, border: true)
                if !inside.isEmpty {
                    interiorPixels += inside.count
                    rows += 1
                    XCTAssertEqual(inside.upperBound % 8, 0, "seed \(g.seed) trial \(trial) row \(y)")
                }
                for i in 0..<n where fastOuter[i] != slowOuter[i] || fastRing[i] != slowRing[i] {
                    XCTFail("seed \(g.seed) trial \(trial) row \(y) pixel \(i) inside \(inside): outer \(fastOuter[i]) vs \(slowOuter[i]), ring \(fastRing[i]) vs \(slowRing[i])")
                    break
                }
            }
            var off = sampler
            off.projectiveInterior = false
            XCTAssertEqual(off.interior(row: 40, from: 0, count: 80, border: false), 0..<0)
        }
        XCTAssertGreaterThan(interiorPixels, 20_000, "the shortcut is exercised")
        XCTAssertGreaterThan(rows, 1000)
    }

    /// With circular corners on all four, a row through the corners' band is interior up
    /// to the inset arc, not only between the arcs' starts: a 100 × 60 rectangle of radius
    /// 20 at scale 1, row 5 (centre 5.5, 14.5 above the corners' centres): the margin is
    /// 0.501·√2 = 0.7085, the inset arc reaches √((20 − 0.7085)² − 14.5²) = 12.72 from the
    /// centres, so pixels 7 ..< 93 (centres 7.5 … 92.5); the cross alone gave 20 ..< 80.
    /// Every pixel of it samples to exactly 1 (as `testInteriorSpanMatchesSampling` checks
    /// on random maps).
    func testInteriorReachesIntoTheCorners() {
        let map = PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))
        let sampler = RoundedRectSampler(bounds: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 20, map: map)!
        XCTAssertEqual(sampler.interior(row: 5, from: 0, count: 100, border: false), 7..<93)
        XCTAssertEqual(sampler.interior(row: 30, from: 0, count: 100, border: false), 1..<99)
        XCTAssertEqual(sampler.interior(row: 0, from: 0, count: 100, border: false), 0..<0)
        var row = [Float](repeating: -1, count: 104)
        row.withUnsafeMutableBufferPointer { sampler.sampleSpan(row: 5, from: 0, count: 100, outer: $0.baseAddress!, border: nil) }
        XCTAssertEqual(row[7..<93].filter { $0 != 1 }.count, 0)
        XCTAssertLessThan(row[6], 1)
        XCTAssertLessThan(row[93], 1)
        // One rounded corner: the cross, as though all four were rounded.
        let mixed = RoundedRectSampler(
            bounds: Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 20, corners: [.layerMinXMinYCorner], map: map)!
        XCTAssertEqual(mixed.interior(row: 5, from: 0, count: 100, border: false), 20..<80)
    }

    /// Steady rows sample alike: axis-aligned maps (any scale, flips, fractional
    /// translation), rounded or square rectangles with and without borders — every steady
    /// row's coverage and ring equal the first steady row's bit for bit, steady rows exist,
    /// and a row through a corner's band or an edge is not steady. A rotated, sheared or
    /// perspective map has no steady row.
    func testSteadyRowsSampleAlike() {
        var g = SeededGenerator(seed: 0x57_EAD7)
        var steadyRows = 0
        for trial in 0..<60 {
            let sx = (0.4 + g.unit() * 2) * (trial % 4 == 0 ? -1 : 1), sy = (0.4 + g.unit() * 2) * (trial % 5 == 0 ? -1 : 1)
            let map = PlaneMap(rows: SIMD3(sx, 0, 0), SIMD3(0, sy, 0), SIMD3(32 + g.unit(), 32 + g.unit(), 1))
            let bounds = Rect(x: -g.unit() * 20, y: -g.unit() * 20, width: g.edgeBiased(in: 0.2...40), height: g.edgeBiased(in: 0.2...40))
            let radius = [0, g.unit() * 10, 100][trial % 3], border = [0, 1, g.unit() * 6][trial % 3]
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: radius, borderWidth: border, map: map)!
            var first: ([Float], [Float])?
            for y in 0..<64 {
                var outer = [Float](repeating: -1, count: 72), ring = outer
                outer.withUnsafeMutableBufferPointer { o in
                    ring.withUnsafeMutableBufferPointer { r in
                        sampler.sample(row: y, from: 0, count: 64, outer: o.baseAddress!, border: r.baseAddress!)
                    }
                }
                let row = (Array(outer.prefix(64)), Array(ring.prefix(64)))
                guard sampler.isSteady(row: y, border: true) else { continue }
                steadyRows += 1
                // v at the row's centres, from the rectangle's centre, in pixels: far from the
                // edges and past the corners' band.
                let v = abs((Double(y) + 0.5 - map.r3.y) / sy - bounds.midY)
                XCTAssertLessThanOrEqual(v, bounds.height / 2 - min(radius, bounds.width / 2, bounds.height / 2) + 1e-9, "seed \(g.seed) trial \(trial) row \(y)")
                XCTAssertLessThanOrEqual((v + 0.5 / abs(sy)) * abs(sy), bounds.height / 2 * abs(sy) + 1e-9, "seed \(g.seed) trial \(trial) row \(y)")
                if let first {
                    XCTAssertEqual(row.0, first.0, "seed \(g.seed) trial \(trial) row \(y)")
                    XCTAssertEqual(row.1, first.1, "seed \(g.seed) trial \(trial) row \(y)")
                } else {
                    first = row
                }
            }
            let turned = randomPlaneMap(&g, centre: 32, minScale: 0.5, scaleSpread: 1.5, perspective: trial % 2 == 0 ? 0.02 : 0)
            let tilted = RoundedRectSampler(bounds: bounds, cornerRadius: radius, borderWidth: border, map: turned)!
            XCTAssertFalse((0..<64).contains { tilted.isSteady(row: $0, border: true) }, "seed \(g.seed) trial \(trial)")
        }
        XCTAssertGreaterThan(steadyRows, 500, "steady rows are exercised")
    }

    /// Outside the support span every pixel's sampled coverage (outer and border) is
    /// exactly 0: rotated, scaled and sheared rectangles, rounded or not (any corners,
    /// either curve), with borders.
    func testSupportExcludesOnlyZeroCoverage() {
        var g = SeededGenerator(seed: 0x5_0990)
        for trial in 0..<80 {
            let map = randomPlaneMap(&g, centre: 32, minScale: 0.5, scaleSpread: 1.5)
            let bounds = Rect(x: -g.unit() * 20, y: -g.unit() * 20, width: g.edgeBiased(in: 0.2...40), height: g.edgeBiased(in: 0.2...40))
            let radius = [0, g.unit() * 10, 100][trial % 3]
            let border = [0, 1, g.unit() * 6, 50][trial % 4]
            // Every corner mask and both curves (the interior avoids the continuous corners' reach).
            let corners = CornerMask(rawValue: UInt(trial % 16)), curve: CornerCurve = trial % 5 < 2 ? .continuous : .circular
            let sampler = RoundedRectSampler(
                bounds: bounds, cornerRadius: radius, corners: corners, curve: curve, borderWidth: border, map: map)!
            var outer = [Float](repeating: -1, count: 96), ring = outer
            for y in -4..<68 {
                let x0 = -4 + Int(g.next() % 8), n = 64 + Int(g.next() % 8)
                guard supportHoldsOnlyZeros(sampler, row: y, from: x0, count: n, &outer, &ring, "seed \(g.seed) trial \(trial)")
                    != nil else { return }
            }
        }
    }

    /// With four circular corners, the support that leaves out the corners' squares past
    /// the grown discs (`leavingOutCorners`) holds every pixel of nonzero coverage (outer
    /// and border), starts a multiple of 8 after the slabs' support (where the row's lanes
    /// start), equals it off the corners' band, and leaves pixels out: rotated, scaled and
    /// sheared rectangles and circles (radius half the shorter side), with borders up to
    /// wider than the radius, at fractional places.
    func testSupportLeavingOutCornersExcludesOnlyZeroCoverage() {
        var g = SeededGenerator(seed: 0x5_0992)
        var leftOut = 0, steadyRows = 0
        for trial in 0..<120 {
            // A fifth axis-aligned, whose rows off the corners' band are steady.
            let map = trial % 5 == 0
                ? PlaneMap(rows: SIMD3(0.5 + g.unit(), 0, 0), SIMD3(0, 0.5 + g.unit(), 0), SIMD3(40.3, 39.7, 1))
                : randomPlaneMap(&g, centre: 40, minScale: 0.5, scaleSpread: 1.5)
            let width = g.edgeBiased(in: 0.2...60), height = trial % 3 == 0 ? width : g.edgeBiased(in: 0.2...60)
            let bounds = Rect(x: -g.unit() * 30, y: -g.unit() * 30, width: width, height: height)
            let radius = [g.unit() * 10, min(width, height) / 2, 100, 0.3][trial % 4]
            let border = [0, 1, g.unit() * 6, 50][trial / 4 % 4]
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: radius, borderWidth: border, map: map)!
            var outer = [Float](repeating: -1, count: 112), ring = outer
            for y in -8..<88 {
                let x0 = -8 + Int(g.next() % 8), n = 96 + Int(g.next() % 8)
                guard let support = supportHoldsOnlyZeros(
                    sampler, row: y, from: x0, count: n, &outer, &ring, leavingOutCorners: true, "seed \(g.seed) trial \(trial)")
                else { return }
                let box = sampler.support(row: y, from: x0, count: n)
                if support.isEmpty { leftOut += box.count; continue }
                XCTAssertTrue(box.contains(support.lowerBound) && support.upperBound <= box.upperBound,
                              "seed \(g.seed) trial \(trial) row \(y): \(support) outside \(box)")
                XCTAssertEqual((support.lowerBound - box.lowerBound) % 8, 0, "seed \(g.seed) trial \(trial) row \(y)")
                leftOut += box.count - support.count
                if sampler.isSteady(row: y, border: true) {
                    steadyRows += 1
                    XCTAssertEqual(support, box, "seed \(g.seed) trial \(trial) row \(y)")
                }
            }
        }
        XCTAssertGreaterThan(leftOut, 5_000, "the corners are left out")
        XCTAssertGreaterThan(steadyRows, 100, "steady rows are exercised")
    }

    /// Under perspective too, every pixel outside the support samples to exactly 0 (outer
    /// and border) and the support starts on a multiple of 8 from the row's first pixel, so
    /// the lanes keep their places: strong perspectives (lanes behind the viewer within the
    /// row give the whole row), any corner mask and curve, borders; and the support leaves
    /// pixels out on most rows, and all of a row now and then.
    func testSupportInPerspectiveExcludesOnlyZeroCoverage() {
        var g = SeededGenerator(seed: 0x5_0991)
        var leftOut = 0, rows = 0, emptyRows = 0
        for trial in 0..<120 {
            var map = randomPlaneMap(&g, centre: 40, minScale: 0.5, scaleSpread: 1.5, perspective: 0.03)
            if trial % 4 == 0 { map.r1.z *= 8 }  // strong: w near 0 within the row
            guard let sampler = randomSampler(&g, trial: trial, largest: 50, map: map).sampler else { continue }
            XCTAssertFalse(sampler.isAffine)
            var outer = [Float](repeating: -1, count: 104), ring = outer
            for y in -8..<88 {
                let x0 = -8 + Int(g.next() % 8), n = 88 + Int(g.next() % 8)
                guard let support = supportHoldsOnlyZeros(
                    sampler, row: y, from: x0, count: n, &outer, &ring, "seed \(g.seed) trial \(trial)") else { return }
                rows += 1
                leftOut += n - support.count
                if support.isEmpty { emptyRows += 1 }
                XCTAssertEqual(support.lowerBound % 8, 0, "seed \(g.seed) trial \(trial) row \(y)")
            }
            var off = sampler
            off.projectiveSupport = false
            XCTAssertEqual(off.support(row: 40, from: 0, count: 80), 0..<80)
        }
        XCTAssertGreaterThan(leftOut, rows * 30, "the support is exercised")
        XCTAssertGreaterThan(emptyRows, 100)
    }
}

/// How far a sampler's coverage is from a shape's covered area over the 48 × 48 pixels
/// (every other row): the worst difference, and the mean over edge pixels (those whose
/// area or coverage is strictly between 0 and 1).
struct CoverageAreaErrors {
    var worst = 0.0, total = 0.0, count = 0
    var mean: Double { total / Double(max(count, 1)) }

    mutating func add(_ sampler: RoundedRectSampler, area: (_ x: Int, _ y: Int) -> Double) {
        for y in stride(from: 0, to: 48, by: 2) {
            var row = [Float](repeating: 0, count: 56)
            row.withUnsafeMutableBufferPointer { sampler.sample(row: y, from: 0, count: 48, outer: $0.baseAddress!, border: nil) }
            for x in 0..<48 {
                let a = area(x, y)
                let error = abs(Double(row[x]) - a)
                worst = max(worst, error)
                if a > 0 && a < 1 || row[x] > 0 && row[x] < 1 {
                    total += error
                    count += 1
                }
            }
        }
    }
}
