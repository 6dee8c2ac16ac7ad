import CadenceGeometry
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The constant-run kernels (`SourceOver.ConstantBlend`) and the sampler's support span
/// against the general paths they replace: bit for bit.
final class ConstantBlendTests: XCTestCase {
    /// Every destination byte in every channel (plus random pixels), run lengths 1…40 (the
    /// 8-pixel body and the tail): a constant run equals the general kernel with a row of
    /// equal weights, for one paint and for two (the second at weight 0, as inside a
    /// border's inner edge). Paints and weights edge-biased (0, 1, opaque, transparent).
    func testConstantRunMatchesGeneralKernel() {
        var g = SeededGenerator(seed: 0xC0_57A)
        var kinds = [String: Int]()
        for trial in 0..<300 {
            let color = Color(red: g.edgeBiased(), green: g.edgeBiased(), blue: g.edgeBiased(), alpha: g.edgeBiased())
            let under = Color(red: g.edgeBiased(), green: g.edgeBiased(), blue: g.edgeBiased(), alpha: g.edgeBiased())
            let weight = trial % 5 == 0 ? 1 : Float(g.edgeBiased())
            let f = SourceOver.Paint(color), s = SourceOver.Paint(under)
            let two = trial % 3 == 0
            let constant = SourceOver.ConstantBlend(f, weight: weight, beneath: two ? s : nil)
            kinds["\(constant.kind)".prefix(while: { $0 != "(" }).description, default: 0] += 1
            // All 256 values of every channel, then random pixels in runs of 1…40.
            var pixels: [UInt8] = []
            for d in 0..<256 {
                pixels += [UInt8(d), UInt8(255 - d), UInt8((d * 7) & 255), UInt8(d)]
            }
            for _ in 0..<(4 * 40) { pixels.append(UInt8(truncatingIfNeeded: g.next())) }
            var runs: [Int] = [pixels.count / 4]
            for _ in 0..<8 { runs.append(1 + Int(g.next() % 40)) }
            for count in runs {
                let choices = UInt64(pixels.count / 4 - count + 1)
                let start = Int(g.next() % choices)
                var fast = Array(pixels[(4 * start)..<(4 * (start + count))]), slow = fast
                fast.withUnsafeMutableBufferPointer { constant.apply(to: $0.baseAddress!, count: count) }
                slow.withUnsafeMutableBufferPointer { p in
                    let w = [Float](repeating: weight, count: count + 16), z = [Float](repeating: 0, count: count + 16)
                    if two {
                        SourceOver.blend(f, weights: w, s, weights: z, into: p.baseAddress!, count: count)
                    } else {
                        SourceOver.blend(f, weights: w, into: p.baseAddress!, count: count)
                    }
                }
                if fast != slow {
                    let i = fast.indices.first { fast[$0] != slow[$0] }!
                    XCTFail("seed \(g.seed) trial \(trial) \(constant.kind) count \(count) byte \(i): \(fast[i]) vs \(slow[i])")
                    return
                }
            }
        }
        // Each form is exercised.
        XCTAssertGreaterThan(kinds["fill", default: 0], 0, "\(kinds)")
        XCTAssertGreaterThan(kinds["integer", default: 0], 0, "\(kinds)")
        XCTAssertGreaterThan(kinds["identity", default: 0], 0, "\(kinds)")
    }

    /// Outside the support span every pixel's sampled coverage (outer and border) is
    /// exactly 0: rotated, scaled and sheared rectangles, rounded or not, with borders.
    func testSupportExcludesOnlyZeroCoverage() {
        var g = SeededGenerator(seed: 0x5_0990)
        for trial in 0..<80 {
            let map = randomPlaneMap(&g, centre: 32, minScale: 0.5, scaleSpread: 1.5)
            let bounds = Rect(x: -g.unit() * 20, y: -g.unit() * 20, width: g.edgeBiased(in: 0.2...40), height: g.edgeBiased(in: 0.2...40))
            let radius = [0, g.unit() * 10, 100][trial % 3]
            let border = [0, 1, g.unit() * 6, 50][trial % 4]
            let sampler = RoundedRectSampler(bounds: bounds, cornerRadius: radius, borderWidth: border, map: map)!
            var outer = [Float](repeating: -1, count: 96), ring = outer
            for y in -4..<68 {
                let x0 = -4 + Int(g.next() % 8), n = 64 + Int(g.next() % 8)
                outer.withUnsafeMutableBufferPointer { o in
                    ring.withUnsafeMutableBufferPointer { r in
                        sampler.sampleSpan(row: y, from: x0, count: n, outer: o.baseAddress!, border: r.baseAddress!)
                    }
                }
                let support = sampler.support(row: y, from: x0, count: n)
                for i in 0..<n where !support.contains(i) && (outer[i] != 0 || ring[i] != 0) {
                    XCTFail("seed \(g.seed) trial \(trial) row \(y) pixel \(i) outside \(support): outer \(outer[i]) ring \(ring[i])")
                    return
                }
            }
        }
    }
}
