import CadenceGeometry
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `ContentsImage`'s mip chain: sizes, hand-computed means, the 64-bit lanes against a
/// scalar twin, and bad input.
final class ContentsImageTests: XCTestCase {
    /// A bitmap whose pixel (x, y) is `f(x, y)`.
    private func bitmap(_ width: Int, _ height: Int, _ f: (Int, Int) -> SIMD4<UInt8>) -> Bitmap {
        var b = try! Bitmap(width: width, height: height)
        for y in 0..<height { for x in 0..<width { b[x, y] = f(x, y) } }
        return b
    }

    /// A 5 × 3 image, red = 10x + 50y, green = x + y, opaque: levels 3 × 2, 2 × 1, 1 × 1.
    /// Red of level 1: (0+10+50+60)/4 = 30, (20+30+70+80)/4 = 50, (40+90)/2 = 65 (the odd
    /// column), then the odd row (100+110)/2 = 105, (120+130)/2 = 125, 140. Level 2:
    /// (30+50+105+125)/4 = 77.5 → 78, (65+140)/2 = 102.5 → 103. Level 3: (78+103)/2 = 90.5 →
    /// 91. Green of level 1: 1, 3, 4.5 → 5; 2.5 → 3, 4.5 → 5, 6; level 2: 3, 5.5 → 6;
    /// level 3: 4.5 → 5 (halves round up).
    func testMipChainOfOddSizes() {
        let image = ContentsImage(bitmap(5, 3) { x, y in SIMD4(UInt8(10 * x + 50 * y), UInt8(x + y), 0, 255) })
        XCTAssertEqual(image.levelCount, 4)
        XCTAssertEqual(image.pixelSize, Size(width: 5, height: 3))
        let sizes = (0..<4).map { image.level($0).map { [$0.width, $0.height] } }
        XCTAssertEqual(sizes, [[5, 3], [3, 2], [2, 1], [1, 1]])
        XCTAssertNil(image.level(4))
        func channel(_ k: Int, _ c: Int) -> [UInt8] {
            let l = image.level(k)!
            return (0..<l.height).flatMap { y in (0..<l.width).map { x in l[x, y][c] } }
        }
        XCTAssertEqual(channel(1, 0), [30, 50, 65, 105, 125, 140])
        XCTAssertEqual(channel(2, 0), [78, 103])
        XCTAssertEqual(channel(3, 0), [91])
        XCTAssertEqual(channel(1, 1), [1, 3, 5, 3, 5, 6])
        XCTAssertEqual(channel(2, 1), [3, 6])
        XCTAssertEqual(channel(3, 1), [5])
        XCTAssertEqual(Set((1..<4).flatMap { channel($0, 3) }), [255])
    }

    func testLevelCounts() {
        for (w, h, count) in [(1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 4, 3), (5, 3, 4), (1, 1000, 11), (1024, 1024, 11), (1025, 2, 12)] {
            let image = ContentsImage(try! Bitmap(width: w, height: h))
            XCTAssertEqual(image.levelCount, count, "\(w) × \(h)")
            XCTAssertEqual(image.level(count - 1).map { [$0.width, $0.height] }, [1, 1], "\(w) × \(h)")
        }
    }

    /// The chain as a scalar twin computes it (`(sum + n/2) / n` per channel), on seeded
    /// random premultiplied images of every parity of size: equal byte for byte, and every
    /// level premultiplied.
    func testChainMatchesScalarTwin() {
        var g = SeededGenerator(seed: 0x1_3A9)
        for trial in 0..<60 {
            let w = 1 + Int(g.next() % 23), h = 1 + Int(g.next() % 19)
            var b = bitmap(w, h) { _, _ in
                let a = UInt8(g.next() % 256)
                let r = UInt64(a) + 1
                return SIMD4(UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a)
            }
            if trial % 5 == 0 { b = bitmap(w, h) { _, _ in SIMD4(repeating: 255) } }
            let image = ContentsImage(b)
            var level = b
            for k in 1..<image.levelCount {
                let lw = (level.width + 1) / 2, lh = (level.height + 1) / 2
                var next = try! Bitmap(width: lw, height: lh)
                for j in 0..<lh {
                    for i in 0..<lw {
                        var sum = SIMD4<Int>(), n = 0
                        for y in (2 * j)..<min(2 * j + 2, level.height) {
                            for x in (2 * i)..<min(2 * i + 2, level.width) {
                                sum &+= SIMD4<Int>(truncatingIfNeeded: level[x, y])
                                n += 1
                            }
                        }
                        next[i, j] = SIMD4<UInt8>(truncatingIfNeeded: (sum &+ n / 2) / n)
                    }
                }
                XCTAssertEqual(image.level(k), next, "seed \(g.seed) trial \(trial) \(w) × \(h) level \(k)")
                let got = image.level(k)!
                for y in 0..<got.height {
                    for x in 0..<got.width {
                        let p = got[x, y]
                        XCTAssertTrue(p[0] <= p[3] && p[1] <= p[3] && p[2] <= p[3], "premultiplied, trial \(trial)")
                    }
                }
                level = next
            }
        }
    }

    /// Without the chain: level 0 alone, the bitmap's storage shared.
    func testLevelZeroOnly() {
        let b = bitmap(7, 5) { x, y in SIMD4(UInt8(x), UInt8(y), 0, 255) }
        let image = ContentsImage(b, mipmapped: false)
        XCTAssertEqual(image.levelCount, 1)
        XCTAssertEqual(image.level(0), b)
        let shared = b.pixels.withUnsafeBufferPointer { p in image.withTexels { base, _ in base == p.baseAddress } }
        XCTAssertTrue(shared)
    }

    /// A bitmap whose pixels are shorter than its size says reads as transparent where
    /// bytes are missing; nothing traps.
    func testShortPixelsDoNotTrap() {
        var b = bitmap(3, 2) { _, _ in SIMD4(9, 9, 9, 9) }
        b.pixels = [1, 2, 3, 4, 5]
        let image = ContentsImage(b)
        XCTAssertEqual(image.level(0)?[0, 0], SIMD4(1, 2, 3, 4))
        XCTAssertEqual(image.level(0)?[1, 0], SIMD4(5, 0, 0, 0))
        XCTAssertEqual(image.level(0)?[2, 1], SIMD4(0, 0, 0, 0))
        XCTAssertEqual(image.levelCount, 3)
    }
}
