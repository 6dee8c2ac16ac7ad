import Cadence

/// The changes a scene makes to its model layers over time — the `scrolls` of its scroll
/// layers — applied in time order as its frames are rendered, each in a transaction of
/// its own at its time, so a scroll animates as Core Animation's implicit `bounds` action
/// (over its `animationDuration`; 0 jumps). The scene's roots are attached to a context
/// whose clock is set to each scroll's time; layout runs at each commit.
///
/// Frames must be rendered at times that do not decrease (a sequence, or one frame): a
/// scroll once applied stays applied.
final class SceneSchedule {
    /// What a scroll scrolls to.
    enum Target {
        case point(Point)
        case rect(Rect)
    }

    /// One `scrolls` entry.
    struct Scroll {
        var time: Double
        var layer: Layer
        var target: Target
        var animationDuration: Double
    }

    private let scrolls: [Scroll]
    private var applied = 0
    private let clock = ManualMediaClock(0)
    private let context: TransactionContext

    /// A schedule of `scrolls` (stably sorted by time) over the trees of `roots`.
    init(_ scrolls: [Scroll], roots: [Layer]) {
        self.scrolls = scrolls.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        context = TransactionContext(clock: clock)
        for root in roots { context.attach(root) }
        context.flush()
    }

    /// Applies the scrolls at or before `time` not applied yet, in order, each at its time.
    func advance(to time: Double) {
        while applied < scrolls.count, scrolls[applied].time <= time {
            let scroll = scrolls[applied]
            applied += 1
            clock.set(scroll.time)
            context.begin()
            context.animationDuration = scroll.animationDuration
            switch scroll.target {
            case .point(let point): scroll.layer.scroll(to: point)
            case .rect(let rect): scroll.layer.scroll(to: rect)
            }
            context.commit()
        }
    }
}
