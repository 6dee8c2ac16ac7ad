import CadenceGeometry
import CadencePixels
import Dispatch
import Synchronization
import XCTest

@testable import CadenceCompositor

/// The hand-off between a frame's caller and its helper threads (`BandCrew`): helpers that
/// came in do the work and are waited for; a helper that arrives after the caller closed
/// the crew leaves the work alone; a helper that went to sleep waiting is woken by the
/// post. (That the bands give the one-thread pixels is `BandRenderingTests`'.)
final class BandCrewTests: XCTestCase {
    /// The numbers the work was called with, and how many calls have finished.
    private final class Calls: Sendable {
        let numbers = Mutex<[Int]>([])
        let finished = Atomic<Int>(0)
    }

    /// Starts `crew.help()` on `count` threads of the pool and returns when all came in.
    private func startHelpers(_ count: Int, of crew: BandCrew) {
        for _ in 0..<count { DispatchQueue.global().async { crew.help() } }
        let deadline = DispatchTime.now() + .seconds(10)
        while crew.arrivals < count && DispatchTime.now() < deadline { usleep(100) }
        XCTAssertEqual(crew.arrivals, count, "the helpers did not come in")
    }

    func testHelpersThatCameInDoTheWorkAndCloseWaitsForThem() {
        let crew = BandCrew(helpers: 2, startingThreads: false)
        startHelpers(2, of: crew)
        let calls = Calls()
        crew.post { number in
            usleep(20_000)  // longer than the caller's part: close() must wait for it
            calls.numbers.withLock { $0.append(number) }
            calls.finished.add(1, ordering: .releasing)
        }
        crew.close()
        XCTAssertEqual(calls.finished.load(ordering: .acquiring), 2)
        XCTAssertEqual(calls.numbers.withLock { $0.sorted() }, [1, 2])
    }

    func testAHelperArrivingAfterCloseLeavesTheWorkAlone() {
        let crew = BandCrew(helpers: 1, startingThreads: false)
        let calls = Calls()
        crew.post { _ in calls.finished.add(1, ordering: .releasing) }
        crew.close()  // nobody came in: returns at once
        crew.help()  // the pool's thread, late
        XCTAssertEqual(calls.finished.load(ordering: .acquiring), 0)
        XCTAssertEqual(crew.arrivals, 1)  // it came, found the door shut and left
    }

    func testASleepingHelperIsWokenByThePost() {
        let crew = BandCrew(helpers: 1, startingThreads: false)
        startHelpers(1, of: crew)
        // Past the spin: the helper sleeps on the semaphore (waited for, up to 5 s).
        usleep(UInt32(3 * BandCrew.spinNanoseconds / 1000))
        var tries = 0
        while crew.sleeps == 0 && tries < 500 { usleep(10_000); tries += 1 }
        XCTAssertEqual(crew.sleeps, 1, "the helper reached the sleep before the post")
        let calls = Calls()
        crew.post { number in
            calls.numbers.withLock { $0.append(number) }
            calls.finished.add(1, ordering: .releasing)
        }
        let closed = expectation(description: "close returns")
        DispatchQueue.global().async {
            crew.close()
            closed.fulfill()
        }
        wait(for: [closed], timeout: 10)
        XCTAssertEqual(calls.numbers.withLock { $0 }, [1])
    }

    func testACrewWithoutHelpersClosesAtOnce() {
        let crew = BandCrew(helpers: 0)
        crew.post { _ in XCTFail("no helper was asked for") }
        crew.close()
    }

    func testForEachCallsEveryIndexOnce() {
        let calls = Calls()
        BandCrew.forEach(100, helpers: 3) { i in calls.numbers.withLock { $0.append(i) } }
        XCTAssertEqual(calls.numbers.withLock { $0.sorted() }, Array(0..<100))
        BandCrew.forEach(0, helpers: 3) { _ in XCTFail("no index") }
    }

    /// Work done while a frame's list is built (tiles drawn before the frame) must not wait
    /// for pool threads that the frame's band helpers hold: with the pool's threads taken by
    /// helpers waiting for a post, `forEach` does all the work on the caller and returns.
    /// (It fails if `forEach` waits for helpers that have not come in.)
    func testForEachDoesNotWaitForThePoolsThreads() {
        let holders = BandCrew(helpers: 4 * Compositor.activeProcessorCount + 4)
        usleep(50_000)  // the pool's threads come in and wait for a post
        let start = DispatchTime.now().uptimeNanoseconds
        let calls = Calls()
        BandCrew.forEach(8, helpers: 3) { _ in calls.finished.add(1, ordering: .relaxed) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        holders.post { _ in }
        holders.close()
        XCTAssertEqual(calls.finished.load(ordering: .relaxed), 8)
        XCTAssertLessThan(seconds, 0.5)
    }

    /// A crew with more helpers than the frame has workers, handed to `draw`, and crews
    /// made by `render(_:at:on:into:)` frame after frame: the helpers past the frame's
    /// workers do nothing, and the pixels are the one-thread frame's.
    func testRenderingWithACrewGivesTheOneThreadPixels() throws {
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 40, height: 3),
                             background: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7))
        root.cornerRadius = 1.5
        let canvas = Canvas(width: 40, height: 3)
        let one = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        let two = Compositor(threadCount: 2)
        var bitmap = try Bitmap(uninitializedWidth: 40, height: 3)
        two.draw(two.renderList([root], at: 0, on: canvas), into: &bitmap, clearingTo: .zero,
                 crew: BandCrew(helpers: 4))
        XCTAssertEqual(bitmap.pixels, one.pixels)
        for threads in [2, 5] {
            let compositor = Compositor(threadCount: threads)
            for _ in 0..<3 {
                try compositor.render([root], at: 0, on: canvas, into: &bitmap)
                XCTAssertEqual(bitmap.pixels, one.pixels, "\(threads) threads")
            }
        }
    }
}
