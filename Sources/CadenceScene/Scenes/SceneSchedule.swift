import CadenceLayers
import CadenceTiming

/// The changes a scene makes to its model layers over time — the `scrolls` of its scroll
/// layers, and the demo's resizes — applied in time order as its frames are rendered, each
/// in a transaction of its own at its time, so a change animates as Core Animation's
/// implicit actions do (over its `animationDuration`; 0 jumps) and sublayers follow by
/// autoresizing and by the layout pass of the commit. The scene's roots are attached to a
/// context whose clock is set to each change's time.
///
/// Frames must be rendered at times that do not decrease (a sequence, or one frame): a
/// change once applied stays applied.
final class SceneSchedule {
    /// One change: at `time` (root time), `apply` runs inside a transaction whose
    /// `animationDuration` is given.
    struct Change {
        var time: Double
        var animationDuration: Double
        var apply: () -> Void
    }

    private let changes: [Change]
    private var applied = 0
    private let clock = ManualMediaClock(0)
    private let context: TransactionContext

    /// A schedule of `changes` (stably sorted by time) over the trees of `roots`.
    init(_ changes: [Change], roots: [Layer]) {
        self.changes = changes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        context = TransactionContext(clock: clock)
        for root in roots { context.attach(root) }
        context.flush()
    }

    /// Applies the changes at or before `time` not applied yet, in order, each at its time.
    func advance(to time: Double) {
        while applied < changes.count, changes[applied].time <= time {
            let change = changes[applied]
            applied += 1
            clock.set(change.time)
            context.begin()
            context.animationDuration = change.animationDuration
            change.apply()
            context.commit()
        }
    }
}
