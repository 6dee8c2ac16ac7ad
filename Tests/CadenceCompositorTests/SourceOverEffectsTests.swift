import CadenceGeometry
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The kernels of shadows, masks and cross-fades against `Double` references on seeded
/// random premultiplied pixels (lengths 1…13, so the four-pixel chunks, their fast paths
/// and the tails all run): equal except where the unrounded value is within 1e-3 of a half.
final class SourceOverEffectsTests: XCTestCase {
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

    /// Checks `actual` against the unrounded `expected`, skipping values near a half.
    private func check(_ actual: SIMD4<UInt8>, _ expected: SIMD4<Double>, _ message: String) -> Int {
        var compared = 0
        for k in 0..<4 {
            let e = Swift.min(Swift.max(expected[k], 0), 255)
            if abs(e - e.rounded(.down) - 0.5) < 1e-3 { continue }
            XCTAssertEqual(Double(actual[k]), e.rounded(.toNearestOrAwayFromZero), message)
            compared += 1
        }
        return compared
    }

    func testKernelsMatchDoubleReferences() {
        var g = SeededGenerator(seed: 0xEFF_EC75)
        var compared = 0
        for round in 0..<600 {
            let n = Int.random(in: 1...13, using: &g)
            let a = (0..<n).map { _ in pixel(&g) }, b = (0..<n).map { _ in pixel(&g) }
            let weights = (0..<n).map { _ in Float.random(in: 0..<4, using: &g) < 1 ? 0 : Float.random(in: 0...1, using: &g) }
            let color = Color(
                red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g),
                alpha: .random(in: 0...1, using: &g))
            let paint = SourceOver.Paint(color)
            let t = Float.random(in: 0...1, using: &g)
            var under = a.flatMap { [$0[0], $0[1], $0[2], $0[3]] }, multiplied = under, mixed = under
            let other = b.flatMap { [$0[0], $0[1], $0[2], $0[3]] }
            weights.withUnsafeBufferPointer { SourceOver.under(paint, weights: $0.baseAddress!, into: &under, count: n) }
            other.withUnsafeBufferPointer { SourceOver.multiply(&multiplied, byAlphaOf: $0.baseAddress!, count: n) }
            other.withUnsafeBufferPointer { SourceOver.mix($0.baseAddress!, into: &mixed, amount: t, count: n) }
            for i in 0..<n {
                let d = SIMD4<Double>(a[i]), o = SIMD4<Double>(b[i])
                let s = SIMD4<Double>(paint.color) * Double(weights[i])
                func at(_ bytes: [UInt8]) -> SIMD4<UInt8> { SIMD4(bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]) }
                compared += check(at(under), d + s * (1 - d[3] / 255), "under, round \(round) pixel \(i)")
                compared += check(at(multiplied), d * (o[3] / 255), "multiply, round \(round) pixel \(i)")
                compared += check(at(mixed), o * (1 - Double(t)) + d * Double(t), "mix, round \(round) pixel \(i)")
            }
        }
        XCTAssertGreaterThan(compared, 40_000)
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
        var target = [UInt8](repeating: 9, count: 20)
        SourceOver.composite(before, opacity: 1, into: &target, count: 5)
        XCTAssertEqual(target, before, "an opaque group at opacity 1 replaces")
    }
}
