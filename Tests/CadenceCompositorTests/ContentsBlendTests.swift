import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `SourceOver.blend(colors:weights:uniform:into:count:)`, the kernel that composites a
/// contents image's samples, and `SourceOver.quantize(colors:into:count:)`, which rounds
/// the float path's samples to bytes, against their twins (`KernelReference`).
final class ContentsBlendTests: XCTestCase {
    private func blended(_ colors: [SIMD4<UInt8>], _ weights: [Float]?, uniform: Float = 1, over destination: [SIMD4<UInt8>]) -> [SIMD4<UInt8>] {
        var bytes = flatten(destination)
        let flat = flatten(colors)
        flat.withUnsafeBufferPointer { c in
            bytes.withUnsafeMutableBufferPointer { b in
                if let weights {
                    weights.withUnsafeBufferPointer { w in
                        SourceOver.blend(colors: c.baseAddress!, weights: w.baseAddress!, into: b.baseAddress!, count: destination.count)
                    }
                } else {
                    SourceOver.blend(colors: c.baseAddress!, weights: nil, uniform: uniform, into: b.baseAddress!, count: destination.count)
                }
            }
        }
        return unflatten(bytes)
    }

    /// Every sample (colour, alpha) with colour ≤ alpha, three to a pixel, over
    /// destinations cycling through every byte, at the representative weights, per pixel
    /// and uniform; then samples whose colour exceeds their alpha (clamped to it).
    func testMatchesTwinExhaustively() {
        var samples: [SIMD4<UInt8>] = []
        for a in 0..<256 {
            for c in stride(from: 0, through: a, by: 3) {
                samples.append(SIMD4(UInt8(c), UInt8(Swift.min(c + 1, a)), UInt8(Swift.min(c + 2, a)), UInt8(a)))
            }
        }
        for a in stride(from: 0, to: 256, by: 5) {
            samples.append(SIMD4(255, UInt8(a), UInt8(Swift.min(2 * a, 255)), UInt8(a)))
        }
        for (k, w) in SourceOverTests.weights.enumerated() {
            let destination = samples.indices.map { i -> SIMD4<UInt8> in
                let d = UInt8((i * 37 + k * 59) & 255)
                return SIMD4(d, d &+ 100, d &+ 200, d &* 3)
            }
            let expected = samples.indices.map { KernelReference.blend(sample: samples[$0], weight: w, over: destination[$0]) }
            let perPixel = blended(samples, [Float](repeating: Float(w) / 255, count: samples.count), over: destination)
            let uniform = blended(samples, nil, uniform: Float(w) / 255, over: destination)
            for i in samples.indices where perPixel[i] != expected[i] || uniform[i] != expected[i] {
                XCTFail("weight \(w): \(samples[i]) over \(destination[i]): \(perPixel[i]) / \(uniform[i]), twin \(expected[i])")
                return
            }
        }
    }

    /// Seeded samples and weights (mixed within each group of eight: opaque and not, full
    /// and not, zero), runs of 1…40 pixels.
    func testMatchesTwinOnRandomRuns() {
        var g = SeededGenerator(seed: 0xC0_10B5)
        for trial in 0..<500 {
            let count = 1 + trial % 40
            let colors = (0..<count).map { _ -> SIMD4<UInt8> in
                let a = g.next() % 3 == 0 ? 255 : UInt8(g.next() % 256)
                return SIMD4(UInt8(g.next() % 256), UInt8(g.next() % (UInt64(a) + 1)), UInt8(g.next() % (UInt64(a) + 1)), a)
            }
            let weights = (0..<count).map { _ in g.next() % 3 == 0 ? 1 : Float(g.edgeBiased()) }
            let destination = (0..<count).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
            let got = blended(colors, weights, over: destination)
            for i in 0..<count {
                XCTAssertEqual(got[i], KernelReference.blend(sample: colors[i], weight: KernelReference.weight(weights[i]), over: destination[i]),
                               "seed \(g.seed) trial \(trial) pixel \(i)")
            }
        }
    }

    /// Runs with whole groups of eight transparent samples (their colour channels garbage,
    /// clamped to 0), which the blend skips, among visible ones: the twin's pixels, the
    /// destination unchanged under the transparent groups.
    func testTransparentGroupsLeaveTheDestination() {
        var g = SeededGenerator(seed: 0x7A_0B5)
        for trial in 0..<200 {
            let count = 8 + trial % 33
            let colors = (0..<count).map { i -> SIMD4<UInt8> in
                let transparent = (i / 8) % 2 == trial % 2
                let a = transparent ? 0 : UInt8(g.next() % 256)
                return SIMD4(UInt8(g.next() % 256), UInt8(g.next() % 256), UInt8(g.next() % (UInt64(a) + 1)), a)
            }
            let weights = (0..<count).map { _ in g.next() % 2 == 0 ? 1 : Float(g.edgeBiased()) }
            let destination = (0..<count).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
            let got = blended(colors, weights, over: destination)
            for i in 0..<count {
                let expected = KernelReference.blend(sample: colors[i], weight: KernelReference.weight(weights[i]), over: destination[i])
                XCTAssertEqual(got[i], expected, "seed \(g.seed) trial \(trial) pixel \(i)")
                if colors[i][3] == 0 { XCTAssertEqual(got[i], destination[i]) }
            }
        }
    }

    /// Float samples: clamped (alpha to 0…255, colour to 0…alpha, NaN to 0) and rounded to
    /// nearest, ties to even, in the body of four pixels and the tail.
    func testQuantizeMatchesTwin() {
        var g = SeededGenerator(seed: 0x0_C010)
        var colors: [SIMD4<Float>] = [SIMD4(.nan, 1, 2, 3), SIMD4(300, 300, 300, 300), SIMD4(-1, 5, 9, 2), SIMD4(.infinity, 0, 0, 255),
                                      SIMD4(1, 1, 1, .nan), SIMD4(76.5, 77.5, 0.5, 254.5), SIMD4(200, 10, .nan, 100)]
        for _ in 0..<400 {
            let a = Float(g.edgeBiased(in: -10...270))
            colors.append(SIMD4(Float(g.edgeBiased(in: -5...300)), Float(g.unit()) * a, Float(g.next() % 256) + 0.5, a))
        }
        let flat = colors.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
        var out = [UInt8](repeating: 0, count: flat.count)
        for count in [colors.count, 1, 2, 3, 5, 7] {
            flat.withUnsafeBufferPointer { c in
                out.withUnsafeMutableBufferPointer { SourceOver.quantize(colors: c.baseAddress!, into: $0.baseAddress!, count: count) }
            }
            let got = unflatten(out)
            for i in 0..<count { XCTAssertEqual(got[i], KernelReference.quantize(colors[i]), "\(colors[i])") }
        }
    }

    /// Weight 0 (or NaN, or negative) leaves a pixel exactly, whatever the colour; an
    /// opaque colour at weight 1 writes itself, however often; weights past 1 read as 1.
    func testRoundingRules() {
        let destination: [SIMD4<UInt8>] = [SIMD4(10, 200, 30, 255), SIMD4(0, 0, 0, 0), SIMD4(1, 2, 3, 4), SIMD4(255, 255, 255, 255), SIMD4(7, 7, 7, 9)]
        let wild: [SIMD4<UInt8>] = [SIMD4(255, 1, 2, 3), SIMD4(200, 200, 200, 200), SIMD4(0, 5, 9, 2), SIMD4(255, 0, 0, 255), SIMD4(1, 1, 1, 0)]
        XCTAssertEqual(blended(wild, [0, 0, .nan, -1, 0], over: destination), destination)
        let opaque = [SIMD4<UInt8>](repeating: SIMD4(77, 153, 229, 255), count: 5)
        var pixels = destination
        for _ in 0..<50 { pixels = blended(opaque, [1, 1, 1, 1, 1], over: pixels) }
        XCTAssertEqual(Set(pixels), [SIMD4(77, 153, 229, 255)])
        XCTAssertEqual(blended(opaque, [2, 7, 1e30, .infinity, 1], over: destination), opaque)
        XCTAssertEqual(blended([SIMD4<UInt8>](repeating: .zero, count: 5), [1, 0.5, 1, 0.3, 1], over: destination), destination)
    }
}
