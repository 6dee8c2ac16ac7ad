import CadenceGeometry
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The kernels of shadows, masks and cross-fades against their integer twins
/// (`KernelReference`), bit for bit: exhaustively over the bytes that matter, then on
/// seeded random runs of 1…40 pixels (whole groups of eight, their fast paths, the tail).
final class SourceOverEffectsTests: XCTestCase {
    /// `under`: every paint alpha (colours at 0, half and alpha) and every destination
    /// alpha (colour at 0, half and alpha), at the representative weights.
    func testUnderMatchesTwinExhaustively() {
        var destination: [SIMD4<UInt8>] = []
        for a in 0..<256 { destination.append(SIMD4(0, UInt8(a / 2), UInt8(a), UInt8(a))) }
        for pa in 0..<256 {
            let paint = SIMD4(UInt8(pa), UInt8(pa / 2), 0, UInt8(pa))
            for w in SourceOverTests.weights {
                var bytes = flatten(destination)
                let weights = [Float](repeating: Float(w) / 255, count: destination.count)
                weights.withUnsafeBufferPointer { SourceOver.under(SourceOver.Paint(bytes: paint), weights: $0.baseAddress!, into: &bytes, count: destination.count) }
                let got = unflatten(bytes)
                for i in destination.indices where got[i] != KernelReference.under(paint, weight: w, destination[i]) {
                    XCTFail("paint \(paint) weight \(w) under \(destination[i]): \(got[i])")
                    return
                }
            }
        }
    }

    /// `multiply` and `mix`: every mask alpha (or amount) against destinations holding
    /// every byte.
    func testMultiplyAndMixMatchTwinsExhaustively() {
        let destination = unflatten(SourceOverTests.everyByte)
        for m in 0..<256 {
            var bytes = flatten(destination)
            let mask = flatten([SIMD4<UInt8>](repeating: SIMD4(1, 2, 3, UInt8(m)), count: 256))
            mask.withUnsafeBufferPointer { SourceOver.multiply(&bytes, byAlphaOf: $0.baseAddress!, count: 256) }
            XCTAssertEqual(unflatten(bytes), destination.map { KernelReference.multiply($0, by: m) }, "mask alpha \(m)")
        }
        let previous = destination.reversed().map { $0 &+ SIMD4(3, 5, 7, 11) }
        for t in 0..<256 {
            var bytes = flatten(destination)
            flatten(previous).withUnsafeBufferPointer { SourceOver.mix($0.baseAddress!, into: &bytes, amount: Float(t) / 255, count: 256) }
            XCTAssertEqual(unflatten(bytes), zip(previous, destination).map { KernelReference.mix($0, $1, t: t) }, "amount \(t)")
        }
    }

    /// A premultiplied pixel: often transparent or opaque, else random with colour ≤ alpha.
    private func pixel(_ g: inout SeededGenerator) -> SIMD4<UInt8> {
        switch Int.random(in: 0..<4, using: &g) {
        case 0: return .zero
        case 1: return SIMD4(UInt8.random(in: 0...255, using: &g), UInt8.random(in: 0...255, using: &g), 0, 255)
        default:
            let a = UInt8.random(in: 0...255, using: &g)
            return SIMD4(UInt8.random(in: 0...a, using: &g), UInt8.random(in: 0...a, using: &g), UInt8.random(in: 0...a, using: &g), a)
        }
    }

    func testKernelsMatchTwinsOnRandomRuns() {
        var g = SeededGenerator(seed: 0xEFF_EC75)
        for round in 0..<600 {
            let n = Int.random(in: 1...40, using: &g)
            let a = (0..<n).map { _ in pixel(&g) }, b = (0..<n).map { _ in pixel(&g) }
            let weights = (0..<n).map { _ in Float.random(in: 0..<4, using: &g) < 1 ? 0 : Float.random(in: 0...1, using: &g) }
            let color = Color(
                red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g),
                alpha: .random(in: 0...1, using: &g))
            let paint = SourceOver.Paint(color)
            let t = Float.random(in: 0...1, using: &g)
            var under = flatten(a), multiplied = under, mixed = under
            let other = flatten(b)
            weights.withUnsafeBufferPointer { SourceOver.under(paint, weights: $0.baseAddress!, into: &under, count: n) }
            other.withUnsafeBufferPointer { SourceOver.multiply(&multiplied, byAlphaOf: $0.baseAddress!, count: n) }
            other.withUnsafeBufferPointer { SourceOver.mix($0.baseAddress!, into: &mixed, amount: t, count: n) }
            for i in 0..<n {
                let message = "seed \(g.seed) round \(round) pixel \(i)"
                XCTAssertEqual(unflatten(under)[i], KernelReference.under(paint.bytes, weight: KernelReference.weight(weights[i]), a[i]), message)
                XCTAssertEqual(unflatten(multiplied)[i], KernelReference.multiply(a[i], by: Int(b[i][3])), message)
                XCTAssertEqual(unflatten(mixed)[i], KernelReference.mix(b[i], a[i], t: KernelReference.weight(t)), message)
            }
        }
    }

    /// The exact identities the fast paths rely on.
    func testIdentities() {
        var opaque: [UInt8] = [10, 20, 30, 255, 1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 11, 12, 13, 255]
        let before = opaque
        let full = [Float](repeating: 1, count: 5)
        SourceOver.under(SourceOver.Paint(Color(red: 1, green: 0, blue: 0)), weights: full, into: &opaque, count: 5)
        XCTAssertEqual(opaque, before, "nothing shows under opaque pixels")
        var clear = [UInt8](repeating: 0, count: 20)
        SourceOver.under(SourceOver.Paint(Color(red: 1, green: 0, blue: 0)), weights: full, into: &clear, count: 5)
        XCTAssertEqual(clear, Array([[UInt8]](repeating: [255, 0, 0, 255], count: 5).joined()))
    }
}
