#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A display's refreshes as a clock: what a `DisplayLink` waits on. It is also the
/// `MediaClock` of the frame loop (give it to the `TransactionContext`), reading the time of
/// the latest refresh, so animations begun in a frame begin at that frame's time.
public protocol FrameClock: MediaClock {
    /// The time between two refreshes, in seconds (positive and finite).
    var refreshPeriod: Double { get }
    /// Waits for the next refresh and returns its time (seconds, the clock's time base).
    /// Each call returns a later time than the one before.
    func waitForNextFrame() -> Double
}

/// A frame clock that never waits: refresh `n` (from 0) is at `start + n · refreshPeriod`,
/// reached one `waitForNextFrame()` at a time. For tests and offline rendering: the same
/// calls give the same times on every machine.
///
/// Times are computed from the frame index (one multiplication, no sum), so they do not
/// drift: frame 10,000 at 60 Hz is within an ulp of 166.666… s.
public final class ManualFrameClock: FrameClock {
    /// Frames per second used when the one given is not a positive finite number.
    public static let defaultFramesPerSecond = 60.0

    public let refreshPeriod: Double
    /// The time of refresh 0.
    public let start: Double
    /// The index of the latest refresh (−1 before the first `waitForNextFrame()`).
    private let latest = Mutex<Int>(-1)

    /// A clock at `framesPerSecond` (default 60; a value that is not a positive finite
    /// number means 60) whose first refresh is at `start` (a non-finite start means 0).
    public init(framesPerSecond: Double = ManualFrameClock.defaultFramesPerSecond, start: Double = 0) {
        let rate = framesPerSecond > 0 && framesPerSecond.isFinite ? framesPerSecond : Self.defaultFramesPerSecond
        refreshPeriod = 1 / rate
        self.start = start.isFinite ? start : 0
    }

    /// The index of the latest refresh, −1 before the first.
    public var frameIndex: Int { latest.withLock { $0 } }

    /// The time of refresh `index`.
    public func time(ofFrame index: Int) -> Double { start + Double(index) * refreshPeriod }

    /// The time of the latest refresh (`start` before the first).
    public func now() -> Double { time(ofFrame: Swift.max(frameIndex, 0)) }

    /// Steps to the next refresh, at once, and returns its time.
    public func waitForNextFrame() -> Double {
        time(ofFrame: latest.withLock { index in
            index += 1
            return index
        })
    }
}

/// A frame clock on the system's monotonic clock (`SystemMediaClock`): refreshes fall on
/// multiples of `refreshPeriod` from the moment the clock was made, and
/// `waitForNextFrame()` sleeps until the next one (a refresh already missed is skipped, as a
/// display does). For interactive use; tests use `ManualFrameClock`.
public final class SystemFrameClock: FrameClock {
    public let refreshPeriod: Double
    private let origin: Double
    private let latest = Mutex<Int>(-1)
    private let system = SystemMediaClock()

    /// A clock at `framesPerSecond` (a value that is not a positive finite number means 60).
    public init(framesPerSecond: Double = ManualFrameClock.defaultFramesPerSecond) {
        let rate = framesPerSecond > 0 && framesPerSecond.isFinite ? framesPerSecond : ManualFrameClock.defaultFramesPerSecond
        refreshPeriod = 1 / rate
        origin = system.now()
    }

    /// The system's monotonic time now.
    public func now() -> Double { system.now() }

    /// Sleeps until the next refresh after the latest one returned (and after now), and
    /// returns its time.
    public func waitForNextFrame() -> Double {
        let nowIndex = Int(((system.now() - origin) / refreshPeriod).rounded(.up))
        let index = latest.withLock { latest in
            latest = Swift.max(latest + 1, nowIndex)
            return latest
        }
        let target = origin + Double(index) * refreshPeriod
        var remaining = target - system.now()
        while remaining > 0 {
            var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            _ = nanosleep(&request, nil)
            remaining = target - system.now()
        }
        return target
    }
}
