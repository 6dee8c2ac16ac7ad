import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `SourceOver.blend(colors:weights:into:count:)`, the kernel that composites a contents
/// image's samples, against a `Double` reference and the rounding rules of § 4.
final class ContentsBlendTests: XCTestCase {
    private func blended(_ colors: [SIMD4<Float>], _ weights: [Float], over destination: [SIMD4<UInt8>]) -> [SIMD4<UInt8>] {
        var bytes = destination.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
        let flat = colors.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
        flat.withUnsafeBufferPointer { c in
            weights.withUnsafeBufferPointer { w in
                bytes.withUnsafeMutableBufferPointer { b in
                    SourceOver.blend(colors: c.baseAddress!, weights: w.baseAddress!, into: b.baseAddress!, count: destination.count)
                }
            }
        }
        return stride(from: 0, to: bytes.count, by: 4).map { SIMD4(bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3]) }
    }

    /// `S · w + D · (1 − S_a · w / 255)` in `Double`, before rounding.
    private func exact(_ s: SIMD4<Float>, _ w: Float, _ d: SIMD4<UInt8>) -> SIMD4<Double> {
        let sw = SIMD4<Double>(s) * Double(w)
        return sw + SIMD4<Double>(d) * (1 - sw[3] / 255)
    }

    /// Seeded premultiplied colours (unrounded, edge-biased: 0, opaque, tiny), weights
    /// (0, 1, in between) and destinations, every run length 1…13 (the four-pixel body
    /// and the tail): rounded to nearest as the reference, except where the unrounded
    /// value is within 1e-3 of a half (`Float` and `Double` may round apart there); colour
    /// ≤ alpha in every result.
    func testMatchesReference() {
        var g = SeededGenerator(seed: 0xC0_10B5)
        var compared = 0
        for trial in 0..<600 {
            let count = 1 + trial % 13
            let colors = (0..<count).map { _ -> SIMD4<Float> in
                let a = Float(g.edgeBiased(in: 0...255))
                return SIMD4(Float(g.unit()) * a, Float(g.edgeBiased()) * a, Float(g.unit()) * a, a)
            }
            let weights = (0..<count).map { _ in Float(g.edgeBiased()) }
            let destination = (0..<count).map { _ -> SIMD4<UInt8> in
                let a = UInt8(g.next() % 4 == 0 ? 255 : g.next() % 256), r = UInt64(a) + 1
                return SIMD4(UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a)
            }
            let got = blended(colors, weights, over: destination)
            for i in 0..<count {
                let p = got[i]
                XCTAssertTrue(p[0] <= p[3] && p[1] <= p[3] && p[2] <= p[3], "seed \(g.seed) trial \(trial): \(p)")
                let x = exact(colors[i], weights[i], destination[i])
                if (0..<4).contains(where: { abs(x[$0] - x[$0].rounded(.down) - 0.5) < 1e-3 }) { continue }
                compared += 1
                let expected = SIMD4<UInt8>(x.rounded(.toNearestOrAwayFromZero).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
                XCTAssertEqual(p, expected, "seed \(g.seed) trial \(trial) pixel \(i): \(colors[i]) · \(weights[i]) over \(destination[i])")
            }
        }
        XCTAssertGreaterThan(compared, 3000)
    }

    /// Weight 0 (or NaN, or negative) leaves a pixel exactly, whatever the colour (even NaN);
    /// an opaque colour at weight 1 writes itself rounded, however often; weights past 1
    /// read as 1; colours are clamped to 0…alpha and alphas to 0…255 first.
    func testRoundingRulesAndSanitising() {
        let destination: [SIMD4<UInt8>] = [SIMD4(10, 200, 30, 255), SIMD4(0, 0, 0, 0), SIMD4(1, 2, 3, 4), SIMD4(255, 255, 255, 255), SIMD4(7, 7, 7, 9)]
        let wild = [SIMD4<Float>(.nan, 1, 2, 3), SIMD4(300, 300, 300, 300), SIMD4(-1, 5, 9, 2), SIMD4(.infinity, 0, 0, 255), SIMD4(1, 1, 1, .nan)]
        XCTAssertEqual(blended(wild, [0, 0, .nan, -1, 0], over: destination), destination)
        let opaque = [SIMD4<Float>](repeating: SIMD4(76.5, 153.2, 229.49, 255), count: 5)
        var pixels = destination
        for _ in 0..<50 { pixels = blended(opaque, [1, 1, 1, 1, 1], over: pixels) }
        XCTAssertEqual(Set(pixels), [SIMD4(77, 153, 229, 255)])
        XCTAssertEqual(blended(opaque, [2, 7, 1e30, .infinity, 1], over: destination), [SIMD4<UInt8>](repeating: SIMD4(77, 153, 229, 255), count: 5))
        // Colour above alpha is clamped to it; alpha above 255 to 255; NaN colour to 0.
        // Six pixels: the four-pixel body and the tail.
        let bad: [SIMD4<Float>] = [SIMD4(200, 10, .nan, 100), SIMD4(300, 0, 0, 400), SIMD4(-5, 0, 0, -1)]
        let clamped = blended(bad + bad, [Float](repeating: 1, count: 6), over: [SIMD4<UInt8>](repeating: .zero, count: 6))
        let expected: [SIMD4<UInt8>] = [SIMD4(100, 10, 0, 100), SIMD4(255, 0, 0, 255), .zero]
        XCTAssertEqual(clamped, expected + expected)
        // A transparent colour changes nothing.
        XCTAssertEqual(blended([SIMD4<Float>](repeating: .zero, count: 5), [1, 0.5, 1, 0.3, 1], over: destination), destination)
    }
}
