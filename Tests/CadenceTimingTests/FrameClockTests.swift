import CadenceTiming
import XCTest

/// The frame clocks a display link follows.
final class FrameClockTests: XCTestCase {
    func testTheManualClockCountsFramesWithoutDrift() {
        let clock = ManualFrameClock(framesPerSecond: 60, start: 2)
        XCTAssertEqual(clock.frameIndex, -1)
        XCTAssertEqual(clock.now(), 2)
        XCTAssertEqual(clock.waitForNextFrame(), 2)
        XCTAssertEqual(clock.waitForNextFrame(), 2 + 1.0 / 60)
        for _ in 2..<10_001 { _ = clock.waitForNextFrame() }
        XCTAssertEqual(clock.frameIndex, 10_000)
        XCTAssertEqual(clock.now(), 2 + 10_000.0 / 60, accuracy: 1e-12)
        // Bad rates and starts fall back to 60 Hz from 0.
        for rate in [0, -5, .nan, .infinity] {
            XCTAssertEqual(ManualFrameClock(framesPerSecond: rate).refreshPeriod, 1.0 / 60)
        }
        XCTAssertEqual(ManualFrameClock(start: .nan).start, 0)
    }

    func testTheSystemClockWaitsForLaterRefreshes() {
        let clock = SystemFrameClock(framesPerSecond: 1_000)
        let first = clock.waitForNextFrame(), second = clock.waitForNextFrame()
        XCTAssertGreaterThan(second, first)
        XCTAssertGreaterThanOrEqual(clock.now(), second)
    }
}
