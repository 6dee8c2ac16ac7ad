import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceImageIO

/// The PNG encoder's lane kernels (`PNGEncoder+Filters.swift`) against their scalar twins,
/// and its levels against one another: every level decodes to the same image.
final class PNGEncoderFilterTests: XCTestCase {
    /// Bytes biased to the values where the filters' arithmetic turns: 0, 1, 127, 128,
    /// 254, 255.
    private func byte(_ g: inout SeededGenerator) -> UInt8 {
        let edges: [UInt8] = [0, 1, 2, 127, 128, 129, 253, 254, 255]
        return g.next() % 3 == 0 ? edges[Int(g.next() % UInt64(edges.count))] : UInt8(truncatingIfNeeded: g.next())
    }

    /// Paeth in lanes is the scalar Paeth for every (a, b, c) on a grid of edge values and
    /// on seeded random triples.
    func testPaethLanesMatchTheTwin() {
        var g = SeededGenerator(seed: 0x9AE7)
        var triples: [(UInt8, UInt8, UInt8)] = []
        let grid: [UInt8] = [0, 1, 2, 63, 64, 127, 128, 129, 191, 200, 253, 254, 255]
        for a in grid { for b in grid { for c in grid { triples.append((a, b, c)) } } }
        for _ in 0..<60_000 { triples.append((byte(&g), byte(&g), byte(&g))) }
        for start in stride(from: 0, to: triples.count - 15, by: 16) {
            let lanes = (0..<16).map { triples[start + $0] }
            let got = PNGEncoder.paeth(
                SIMD16(lanes.map(\.0)), SIMD16(lanes.map(\.1)), SIMD16(lanes.map(\.2)))
            for (k, (a, b, c)) in lanes.enumerated() {
                XCTAssertEqual(Int(got[k]), PNGEncoder.paeth(Int(a), Int(b), Int(c)), "seed \(g.seed): a \(a) b \(b) c \(c)")
            }
        }
    }

    /// Each filter over rows of every length from 1 to 41 pixels (the lanes' tails) is the
    /// byte-by-byte definition; the score is the sum of the bytes read as signed.
    func testFiltersAndScoreMatchTheTwins() {
        var g = SeededGenerator(seed: 0xF117)
        for width in 1...41 {
            let n = 4 * width
            let row = (0..<n).map { _ in byte(&g) }, above = (0..<n).map { _ in byte(&g) }
            for filter in UInt8(0)...4 {
                var out = [UInt8](repeating: 0, count: n)
                PNGEncoder.filter(filter, row, above: above, count: n, into: &out)
                let expected = (0..<n).map { i in
                    row[i] &- PNGEncoder.predictor(
                        filter, left: i >= 4 ? row[i - 4] : 0, up: above[i], upLeft: i >= 4 ? above[i - 4] : 0)
                }
                XCTAssertEqual(out, expected, "seed \(g.seed): filter \(filter), width \(width)")
                XCTAssertEqual(PNGEncoder.score(out, count: n), out.reduce(0) { $0 + Int(min($1, 0 &- $1)) })
            }
        }
        // Long rows: the score's 16-bit partial sums stay exact.
        let worst = [UInt8](repeating: 128, count: 70_001)
        XCTAssertEqual(PNGEncoder.score(worst, count: worst.count), 128 * 70_001)
    }

    /// Un-premultiplying (eight opaque pixels copied, the rest through the table) is
    /// `v · 255 / a` rounded, 0 where `a` is 0.
    func testUnpremultiplyMatchesTheTwin() {
        var g = SeededGenerator(seed: 0x0A1F)
        for width in [1, 7, 8, 9, 16, 23, 64] {
            var pixels: [UInt8] = []
            for x in 0..<width {
                let a: UInt8 = x % 11 < 8 ? 255 : byte(&g)
                for _ in 0..<3 { pixels.append(a == 0 ? 0 : UInt8(g.next() % (UInt64(a) + 1))) }
                pixels.append(a)
            }
            var row = [UInt8](repeating: 0, count: 4 * width)
            PNGEncoder.unpremultiply(pixels, count: width, into: &row)
            for i in 0..<(4 * width) {
                let a = Int(pixels[i | 3]), v = Int(pixels[i])
                let expected = i % 4 == 3 ? a : a == 0 ? 0 : min(255, (v * 255 + a / 2) / a)
                XCTAssertEqual(Int(row[i]), expected, "seed \(g.seed): width \(width), byte \(i)")
            }
        }
    }

    /// Every level decodes to the same image (the level trades size for speed only), for
    /// widths around the lanes and with translucent pixels; level 0 stores, so its file is
    /// the largest. A level outside 0…9 is refused.
    func testEveryLevelDecodesToTheSameImage() throws {
        var g = SeededGenerator(seed: 0x1E7E)
        for (width, height) in [(1, 1), (5, 3), (33, 17), (64, 40)] {
            var bitmap = try Bitmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    // Flat areas with edges, some translucent.
                    let a: UInt8 = (x / 7 + y / 5) % 3 == 0 ? UInt8(g.next() % 256) : 255
                    let flat = UInt8(truncatingIfNeeded: (x / 9) * 40 + (y / 6) * 25)
                    bitmap[x, y] = SIMD4(min(flat, a), min(flat / 2, a), min(UInt8(truncatingIfNeeded: x * 3), a), a)
                }
            }
            let reference = try PNGDecoder.decode(try PNGEncoder.encode(bitmap, level: 6))
            var sizes: [Int] = []
            for level in PNGEncoder.levels {
                let file = try PNGEncoder.encode(bitmap, level: level)
                sizes.append(file.count)
                XCTAssertEqual(try PNGDecoder.decode(file), reference, "\(width)×\(height), level \(level)")
            }
            XCTAssertEqual(sizes.max(), sizes[0], "\(width)×\(height): \(sizes)")
        }
        let bitmap = try Bitmap(width: 2, height: 2)
        for level in [-1, 10] {
            XCTAssertThrowsError(try PNGEncoder.encode(bitmap, level: level)) {
                XCTAssertEqual($0 as? PNGEncoder.Error, .invalidLevel(level))
            }
        }
    }
}
