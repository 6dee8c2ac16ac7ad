import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The rasterizer's small row kernels against plain scalar twins, bit for bit.
final class RasterizerTests: XCTestCase {
    /// `maskBytes` against `UInt8(c · 255 + 0.5)` per value: every byte's boundaries
    /// `(k ± ½) / 255` and `k / 255` with their neighbours a few ulps apart, 0 and 1, and
    /// seeded uniform values, at every count 0…40 (whole groups of eight and tails).
    func testMaskBytesMatchTheScalarRounding() {
        var values: [Float] = [0, 1, .leastNonzeroMagnitude, 1 - .ulpOfOne / 2]
        for k in 0...255 {
            for centre in [Float(k) / 255, (Float(k) + 0.5) / 255, (Float(k) - 0.5) / 255] where centre >= 0 && centre <= 1 {
                var x = centre
                for _ in 0..<3 { x = x.nextDown }
                for _ in 0..<7 {
                    if x >= 0 && x <= 1 { values.append(x) }
                    x = x.nextUp
                }
            }
        }
        var g = SeededGenerator(seed: 0x3A5C_B7E5)
        for _ in 0..<20_000 { values.append(Float(g.unit())) }
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: values.count + 8)
        defer { out.deallocate() }
        values.withUnsafeBufferPointer { v in
            Rasterizer.maskBytes(v.baseAddress!, into: out, count: v.count)
            for j in v.indices where out[j] != UInt8(v[j] * 255 + 0.5) {
                XCTFail("coverage \(v[j]) (bits \(String(v[j].bitPattern, radix: 16))): \(out[j]), expected \(UInt8(v[j] * 255 + 0.5))")
                return
            }
            for count in 0...40 {
                out.initialize(repeating: 0xAB, count: 48)
                Rasterizer.maskBytes(v.baseAddress! + 700, into: out, count: count)
                for j in 0..<count { XCTAssertEqual(out[j], UInt8(v[700 + j] * 255 + 0.5), "count \(count), index \(j)") }
                XCTAssertEqual(out[count], 0xAB, "count \(count): nothing written past the end")
            }
        }
    }

    /// `fullRun` against a byte-by-byte scan: the first run of 255s inside the span, empty
    /// at the span's start when there is none. Seeded masks of runs of 0, 255 and values
    /// between, spans at every offset and length, so the eight-byte steps meet every
    /// alignment and every kind of boundary.
    func testFullRunFindsTheFirstRunOfFullCoverage() {
        var g = SeededGenerator(seed: 0xF0_11_2A)
        var mask = [UInt8](repeating: 0, count: 96)
        for trial in 0..<400 {
            var i = 0
            while i < mask.count {
                let length = 1 + Int(g.next() % 24)
                let byte: UInt8 = [0, 255, 255, 254, 1, 128][Int(g.next() % 6)]
                for j in i..<min(i + length, mask.count) { mask[j] = byte }
                i += length
            }
            mask.withUnsafeBufferPointer { m in
                for lower in stride(from: 0, to: 40, by: 3) {
                    for upper in lower...(lower + 56) {
                        var start = lower
                        while start < upper && m[start] != 255 { start += 1 }
                        var end = start
                        while end < upper && m[end] == 255 { end += 1 }
                        let expected = start < upper ? start..<end : lower..<lower
                        let got = Rasterizer.fullRun(m.baseAddress!, in: lower..<upper)
                        if got != expected {
                            XCTFail("trial \(trial), span \(lower)..<\(upper): \(got), expected \(expected)")
                            return
                        }
                    }
                }
            }
        }
    }
}
