import CadenceGeometry
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The source-over kernels against the `Double` reference (`referenceOver`) and the
/// rounding rules.
final class SourceOverTests: XCTestCase {
    /// Runs the one-paint kernel on `destination` with `weights`.
    private func blended(_ color: Color, _ weights: [Float], over destination: [SIMD4<UInt8>]) -> [SIMD4<UInt8>] {
        var bytes = destination.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
        var w = weights + [Float](repeating: 0, count: 8)
        w.withUnsafeMutableBufferPointer { wp in
            bytes.withUnsafeMutableBufferPointer { bp in
                SourceOver.blend(SourceOver.Paint(color), weights: wp.baseAddress!, into: bp.baseAddress!, count: destination.count)
            }
        }
        return stride(from: 0, to: bytes.count, by: 4).map { SIMD4(bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3]) }
    }

    private func premultiplied(_ c: Color) -> SIMD4<Double> {
        SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha) * 255
    }

    /// Whether `x` (0…255 scale) is within 1e-3 of a rounding tie, where Float and Double
    /// may round apart.
    private func nearTie(_ x: SIMD4<Double>) -> Bool {
        (0..<4).contains { abs(x[$0] - x[$0].rounded(.down) - 0.5) < 1e-3 }
    }

    /// Random colours, weights and destinations (edge-biased: 0, 1, opaque, transparent),
    /// every run length 1…13 (the four-pixel body and the tail): the kernel rounds as the
    /// reference does, except at exact ties of the unrounded value.
    func testBlendMatchesReference() {
        var g = SeededGenerator(seed: 0xB1_E4D)
        for trial in 0..<400 {
            let color = Color(red: g.edgeBiased(), green: g.edgeBiased(), blue: g.edgeBiased(), alpha: g.edgeBiased())
            let count = 1 + trial % 13
            let weights = (0..<count).map { _ in Float(g.edgeBiased()) }
            let destination = (0..<count).map { _ -> SIMD4<UInt8> in
                let a = UInt8(g.next() % 256)
                return SIMD4(UInt8(g.next() % (UInt64(a) + 1)), UInt8(g.next() % (UInt64(a) + 1)), UInt8(g.next() % (UInt64(a) + 1)), a)
            }
            let got = blended(color, weights, over: destination)
            for i in 0..<count {
                let s = premultiplied(color) * Double(weights[i])
                let exact = s + SIMD4<Double>(destination[i]) * (1 - s[3] / 255)
                if nearTie(exact) { continue }
                XCTAssertEqual(got[i], referenceOver(premultiplied(color), weight: Double(weights[i]), destination[i]),
                               "seed \(g.seed) trial \(trial) pixel \(i)")
                XCTAssertTrue(got[i][0] <= got[i][3] && got[i][1] <= got[i][3] && got[i][2] <= got[i][3], "premultiplied")
            }
        }
    }

    /// Weight 0 leaves the destination; opaque at weight 1 replaces it exactly, however
    /// often; an opaque destination stays opaque; a transparent colour changes nothing.
    func testRoundingRules() {
        let destination = [SIMD4<UInt8>(10, 200, 30, 255), SIMD4(0, 0, 0, 0), SIMD4(1, 2, 3, 4), SIMD4(255, 255, 255, 255), SIMD4(7, 7, 7, 9)]
        let color = Color(red: 0.3, green: 0.6, blue: 0.9)
        XCTAssertEqual(blended(color, [0, 0, 0, 0, 0], over: destination), destination)
        XCTAssertEqual(blended(.clear, [1, 0.5, 1, 0.3, 1], over: destination), destination)
        var pixels = destination
        for _ in 0..<100 { pixels = blended(color, [1, 1, 1, 1, 1], over: pixels) }
        XCTAssertEqual(Set(pixels), [SIMD4(77, 153, 230, 255)], "0.3·255 = 76.5 → 77; no drift")
        var opaque = [SIMD4<UInt8>](repeating: SIMD4(255, 255, 255, 255), count: 5)
        for k in 0..<50 {
            opaque = blended(Color(red: 0, green: 0, blue: 0, alpha: 0.01 * Double(k)), [0.3, 0.7, 1, 0.01, 0.99], over: opaque)
        }
        XCTAssertTrue(opaque.allSatisfy { $0[3] == 255 }, "255 stays 255")
        let black = blended(.black, [1, 1, 1, 1, 1], over: destination)
        XCTAssertEqual(black, [SIMD4<UInt8>](repeating: SIMD4(0, 0, 0, 255), count: 5))
    }

    /// The two-paint kernel is one source-over of the combined premultiplied source.
    func testTwoPaintBlendMatchesReference() {
        var g = SeededGenerator(seed: 0x2B_A1)
        for trial in 0..<300 {
            let a = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
            let b = Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased())
            let count = 1 + trial % 9
            let cb = (0..<count).map { _ in g.edgeBiased() }
            let ca = (0..<count).map { i in g.edgeBiased() * (1 - b.alpha * cb[i]) }
            let destination = (0..<count).map { _ in SIMD4<UInt8>(9, 50, 120, 200) }
            var bytes = destination.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
            var wa = ca.map(Float.init) + [Float](repeating: 0, count: 8), wb = cb.map(Float.init) + [Float](repeating: 0, count: 8)
            wa.withUnsafeMutableBufferPointer { pa in
                wb.withUnsafeMutableBufferPointer { pb in
                    bytes.withUnsafeMutableBufferPointer { p in
                        SourceOver.blend(SourceOver.Paint(a), weights: pa.baseAddress!, SourceOver.Paint(b), weights: pb.baseAddress!,
                                         into: p.baseAddress!, count: count)
                    }
                }
            }
            for i in 0..<count {
                let source = premultiplied(a) * ca[i] + premultiplied(b) * cb[i]
                let exact = source + SIMD4<Double>(destination[i]) * (1 - source[3] / 255)
                if nearTie(exact) { continue }
                let got = SIMD4(bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3])
                XCTAssertEqual(got, referenceOver(source, weight: 1, destination[i]), "seed \(g.seed) trial \(trial) pixel \(i)")
            }
        }
    }

    /// Compositing a group: `source · opacity` over the destination, rounded once; opacity
    /// 1 of an opaque source copies it.
    func testCompositeMatchesReference() {
        var g = SeededGenerator(seed: 0xC0_3B)
        for trial in 0..<300 {
            let count = 1 + trial % 11
            let opacity = Float(g.edgeBiased())
            let source = (0..<count).map { _ -> SIMD4<UInt8> in
                let a = UInt8(g.next() % 256)
                return SIMD4(UInt8(g.next() % (UInt64(a) + 1)), 0, a / 2, a)
            }
            let destination = (0..<count).map { _ in SIMD4<UInt8>(UInt8(g.next() % 256), 30, 40, 255) }
            let src = source.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
            var dst = destination.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
            src.withUnsafeBufferPointer { s in
                dst.withUnsafeMutableBufferPointer { d in
                    SourceOver.composite(s.baseAddress!, opacity: opacity, into: d.baseAddress!, count: count)
                }
            }
            for i in 0..<count {
                let s = SIMD4<Double>(source[i]) * Double(opacity)
                if nearTie(s + SIMD4<Double>(destination[i]) * (1 - s[3] / 255)) { continue }
                let got = SIMD4(dst[4 * i], dst[4 * i + 1], dst[4 * i + 2], dst[4 * i + 3])
                XCTAssertEqual(got, referenceOver(SIMD4<Double>(source[i]), weight: Double(opacity), destination[i]),
                               "seed \(g.seed) trial \(trial) pixel \(i)")
                if opacity == 1 && source[i][3] == 255 { XCTAssertEqual(got, source[i]) }
            }
        }
    }
}
