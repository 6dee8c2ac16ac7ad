#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A source of absolute media time, in seconds (the `CACurrentMediaTime()` equivalent).
///
/// Cadence never reads a clock while evaluating: every evaluation takes its time as an
/// argument. Clocks exist for the layer of code that drives frames (and tests inject a
/// `ManualMediaClock` there to stay deterministic).
public protocol MediaClock: Sendable {
    /// The current absolute time in seconds.
    func now() -> Double
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`: seconds since an arbitrary point,
/// typically boot; never jumps with wall-clock changes). Resolution 1 ns.
public struct SystemMediaClock: MediaClock {
    public init() {}

    public func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

/// A clock that reads what it is set to: for tests and offline rendering.
public final class ManualMediaClock: MediaClock {
    private let time: Mutex<Double>

    public init(_ time: Double = 0) { self.time = Mutex(time) }

    public func now() -> Double { time.withLock { $0 } }

    /// Sets the time.
    public func set(_ newTime: Double) { time.withLock { $0 = newTime } }

    /// Moves the time forward by `seconds`.
    public func advance(by seconds: Double) { time.withLock { $0 += seconds } }
}

/// The current absolute media time from the system's monotonic clock
/// (`CACurrentMediaTime()`).
public func currentMediaTime() -> Double { SystemMediaClock().now() }
