import CadenceAnimation
import CadenceTiming

/// One open transaction of a `TransactionContext`'s stack: the settings in effect inside
/// it, and what it has gathered for its completion blocks.
///
/// A nested transaction starts as a copy of the enclosing one's settings and values (Core
/// Animation's "nested data scope"), so it inherits them, and popping it restores the
/// enclosing ones untouched.
struct TransactionScope {
    /// Whether this is the implicit transaction (opened by a change, committed by
    /// `flush()`), which is always the bottom of the stack.
    let isImplicit: Bool
    var animationDuration: Double
    var animationTimingFunction: TimingFunction?
    var disableActions: Bool
    /// The arbitrary values by key, this level's and those it inherited.
    var values: [String: Any]
    /// The blocks added in this transaction, in order.
    var completionBlocks: [() -> Void] = []
    /// The animations the actions of this transaction and of the transactions nested in it
    /// added.
    var animations: [TrackedAnimation] = []
    /// The completion groups of the nested transactions already committed, in commit
    /// order; they wait for the outermost commit.
    var nestedGroups: [CompletionGroup] = []

    /// A new transaction inside `enclosing` (or at the bottom of the stack, with Core
    /// Animation's defaults).
    init(isImplicit: Bool, inside enclosing: TransactionScope?) {
        self.isImplicit = isImplicit
        animationDuration = enclosing?.animationDuration ?? TransactionContext.defaultAnimationDuration
        animationTimingFunction = enclosing?.animationTimingFunction
        disableActions = enclosing?.disableActions ?? false
        values = enclosing?.values ?? [:]
    }

    /// Takes in `nested`, just committed: its animations become this transaction's too,
    /// and its blocks wait, as one group, for the outermost commit.
    mutating func absorb(_ nested: TransactionScope) {
        animations += nested.animations
        nestedGroups += nested.nestedGroups
        if !nested.completionBlocks.isEmpty {
            nestedGroups.append(CompletionGroup(blocks: nested.completionBlocks, animations: nested.animations))
        }
    }

    /// Every completion group of this transaction, nested ones first (in commit order),
    /// then its own.
    var completionGroups: [CompletionGroup] {
        guard !completionBlocks.isEmpty else { return nestedGroups }
        return nestedGroups + [CompletionGroup(blocks: completionBlocks, animations: animations)]
    }
}

/// Completion blocks and the animations they wait for.
struct CompletionGroup {
    var blocks: [() -> Void]
    var animations: [TrackedAnimation]

    /// Whether every animation has finished (or left its layer) at root time `time`.
    func isFinished(atRootTime time: Double) -> Bool {
        animations.allSatisfy { $0.isFinished(atRootTime: time) }
    }
}

/// An animation an action added through a transaction context, found again on its layer
/// by key and `beginTime` (animations are values, without identity).
///
/// A class, so that stamping the commit time into it reaches every group that holds it.
final class TrackedAnimation {
    weak var layer: Layer?
    let key: String?
    /// The animation's `beginTime`, in the layer's time space.
    var beginTime: Double
    /// Whether the context stamped `beginTime` (the animation had none), so that the
    /// outermost commit moves it to the commit time.
    let beginsAtCommit: Bool

    init(layer: Layer, key: String?, beginTime: Double, beginsAtCommit: Bool) {
        self.layer = layer
        self.key = key
        self.beginTime = beginTime
        self.beginsAtCommit = beginsAtCommit
    }

    /// The index of the animation in its layer's list, or `nil` when it has been removed
    /// or replaced.
    func entryIndex(in layer: Layer) -> Int? {
        layer.animationEntries.lastIndex { $0.key == key && $0.animation.timing.beginTime == beginTime }
    }

    /// Moves the animation's `beginTime` to `time` (root time), converted to the layer's
    /// time space.
    func stampBeginTime(atRootTime time: Double) {
        guard beginsAtCommit, let layer else { return }
        let local = layer.convertTime(time, from: nil)
        guard local != beginTime, let index = entryIndex(in: layer) else { return }
        layer.animationEntries[index].animation.timing.beginTime = local
        beginTime = local
    }

    /// Whether the animation has finished at root time `time`: its layer is gone, it is
    /// no longer on the layer, or the layer's time has reached the end of its active
    /// interval (inclusive; the start, for an animation playing backwards). A paused or
    /// endless animation never finishes on its own.
    func isFinished(atRootTime time: Double) -> Bool {
        guard let layer, let index = entryIndex(in: layer) else { return true }
        let timing = layer.animationEntries[index].animation.resolvedTiming
        let elapsed = timing.elapsedTime(atParentTime: layer.convertTime(time, from: nil))
        if timing.speed > 0 { return elapsed >= timing.activeDuration }
        return timing.speed < 0 && elapsed <= 0
    }
}
