import CadenceGeometry
import CadenceLayers
import CadenceTesting
import XCTest

@testable import CadenceCompositor

/// The walk's bookkeeping that keeps a frame linear in its depth: the forward search of a
/// list's subtrees and the scratch pool's best fit.
final class WalkBookkeepingTests: XCTestCase {
    /// The forward search answers as a plain scan does, for ranges asked in order of their
    /// starts (as the walk asks) and out of order (it starts afresh), empty ranges included;
    /// in order, it tests each element at most once.
    func testForwardSearchAgreesWithAScan() {
        var random = SplitMix64(seed: 0x5EA2C4)
        for round in 0..<400 {
            let count = Int.random(in: 0...40, using: &random)
            let density = [0.0, 0.05, 0.3, 1.0][round % 4]
            let items = (0..<count).map { _ in Double.random(in: 0..<1, using: &random) < density }
            var search = Rasterizer.ForwardSearch()
            var start = 0
            var tests = 0
            let inOrder = round % 5 != 0
            for _ in 0..<30 {
                start = inOrder ? Swift.min(count, start + Int.random(in: 0...3, using: &random))
                    : Int.random(in: 0...count, using: &random)
                let end = Int.random(in: start...count, using: &random)
                let found = search.contains(start..<end, of: items) { tests += 1; return $0 }
                XCTAssertEqual(found, items[start..<end].contains(true), "round \(round): \(start)..<\(end) of \(items)")
            }
            if inOrder { XCTAssertLessThanOrEqual(tests, count, "round \(round): an element tested twice") }
        }
    }

    /// A request gets the smallest free block that holds it, unless holding that block
    /// would put more than the limit on hold (then a new block of the exact size); what is
    /// refused is refused by the charges in use alone.
    func testScratchPoolHandsOutTheBestFit() throws {
        let pool = ScratchPool(byteLimit: 1000)
        let blocks = try [300, 100, 200, 100].map { try XCTUnwrap(pool.acquire($0)) }
        XCTAssertEqual(pool.bytesInUse, 700)
        XCTAssertNil(pool.acquire(301), "past the limit in use")
        for block in blocks { pool.release(block) }
        XCTAssertEqual(pool.bytesInUse, 0)
        XCTAssertEqual(pool.bytesHeld, 0)
        // The free blocks: 100, 100, 200, 300.
        let a = try XCTUnwrap(pool.acquire(150))
        XCTAssertEqual(a.capacity, 200, "the smallest that holds 150")
        let b = try XCTUnwrap(pool.acquire(100))
        XCTAssertEqual(b.capacity, 100)
        let c = try XCTUnwrap(pool.acquire(1))
        XCTAssertEqual(c.capacity, 100, "the other 100, not the 300")
        let d = try XCTUnwrap(pool.acquire(250))
        XCTAssertEqual(d.capacity, 300)
        XCTAssertEqual(pool.bytesInUse, 501)
        XCTAssertEqual(pool.bytesHeld, 700)
        let e = try XCTUnwrap(pool.acquire(7), "nothing free: a new block")
        XCTAssertEqual(e.capacity, 7)
        for block in [a, b, c, d, e] { pool.release(block) }

        // A limit lowered between frames: the free 300 would put more than 200 on hold, so
        // it is passed over (and trimmed) for a new block of 100.
        let other = ScratchPool(byteLimit: 1000)
        other.release(try XCTUnwrap(other.acquire(300)))
        other.byteLimit = 200
        let y = try XCTUnwrap(other.acquire(100))
        XCTAssertEqual(y.capacity, 100)
        XCTAssertEqual(other.bytesHeld, 100)
        other.release(y)
        XCTAssertEqual(try XCTUnwrap(other.acquire(90)).capacity, 100, "the 100 kept")
    }
}
