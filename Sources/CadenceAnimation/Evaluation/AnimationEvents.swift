import CadenceTiming

/// The delegate events of an animation (`animationDidStart:`,
/// `animationDidStop:finished:`) as facts computed from two times: nothing runs on a timer;
/// a driver that evaluates frames at `previous` and then `current` asks what happened in
/// between.
public struct AnimationEvents: Hashable, Sendable {
    /// How an animation stopped.
    public enum Stop: Hashable, Sendable {
        /// It reached the end of its active duration (`finished: YES`).
        case finished
        /// It was removed from its layer first (`finished: NO`).
        case removed
    }

    /// Whether the animation began its active duration in `(previous, current]`.
    public var started: Bool
    /// Whether, and how, it stopped in `(previous, current]`.
    public var stopped: Stop?

    public init(started: Bool = false, stopped: Stop? = nil) {
        self.started = started
        self.stopped = stopped
    }

    /// The events between parent times `previous` (exclusive) and `current` (inclusive),
    /// for an animation with `timing` that is removed from its layer at `removalTime` (if
    /// ever).
    ///
    /// In parent time the active interval is `[A, B]` (`ResolvedTiming.activeInterval`).
    /// It **starts** when the interval `(previous, current]`
    /// contains `A`; it **finishes** when it contains `B`; it is **removed** when it
    /// contains `removalTime` before `B` (also before `A`: the animation stops, unfinished,
    /// without having started). A jump over the whole active interval starts and finishes
    /// it. Pass `previous = −∞` for the first frame. Times that go backwards
    /// (`current ≤ previous`) report nothing.
    public static func between(
        _ previous: Double, and current: Double, timing: ResolvedTiming, removalTime: Double? = nil
    ) -> AnimationEvents {
        guard previous < current else { return AnimationEvents() }
        let (start, end) = timing.activeInterval
        func contains(_ t: Double) -> Bool { previous < t && t <= current }
        var events = AnimationEvents(started: contains(start))
        if let removal = removalTime, contains(removal), removal < end {
            events.stopped = .removed
            events.started = events.started && start <= removal
        } else if end.isFinite && contains(end) {
            events.stopped = .finished
        }
        return events
    }
}
