import CadenceAnimation
import CadenceTiming

/// A stack of transactions and the clock they read (Core Animation's `CATransaction`,
/// whose class methods act on the calling thread's stack; here the stack is an object
/// the caller owns).
///
/// **Opting in.** A layer joins a context with `attach(_:)` (the whole subtree; layers
/// later inserted under an attached layer join too). Only attached layers have actions:
/// a change to a layer with no context is immediate, and its setter does one extra nil
/// check. A layer keeps its context when it leaves a tree; `detach(_:)` takes a subtree
/// out.
///
/// **Threads: a single-threaded contract.** A context, and the layers attached to it, are
/// used from one isolation domain (one thread, task or actor): neither `TransactionContext`
/// nor `Layer` is `Sendable`, so the compiler enforces it. Independent trees on other
/// threads use contexts of their own (Core Animation's one stack per thread).
///
/// **Transactions.** `begin()` opens an explicit transaction, nested in whatever is open;
/// `commit()` closes it. A nested transaction starts with the settings and values of the
/// one around it, and the enclosing ones are back once it commits. Only the outermost
/// commit takes effect: the animations of the transaction and of every transaction nested
/// in it begin at that moment (their `beginTime` is moved to the commit time), and its
/// completion blocks start waiting.
///
/// **The implicit transaction.** A change to an attached layer (or a setting written)
/// while no transaction is open opens the implicit transaction, at the bottom of the
/// stack; explicit transactions begun afterwards nest inside it, as on Core Animation.
/// Core Animation commits it when the thread's run loop next turns; Cadence has no run
/// loop, so `flush()` commits it, and so does `tick()`, the frame step that stands in for
/// the run loop. A flush while explicit transactions are open waits for the last of them
/// to commit (Core Animation's documentation: "delays the commit until any nested explicit transactions have
/// completed").
///
/// **Time.** Every time comes from `clock` (root time, the parent time space of every
/// root layer): when an implicit animation begins, and when `tick()` checks for finished
/// animations. Tests inject a `ManualMediaClock`.
public final class TransactionContext {
    /// The names of the settings `value(forKey:)` and `setValue(_:forKey:)` type (the
    /// `kCATransaction…` keys, with Core Animation's string values).
    public enum Key {
        /// `kCATransactionAnimationDuration`: a `Double`, seconds.
        public static let animationDuration = "animationDuration"
        /// `kCATransactionAnimationTimingFunction`: a `TimingFunction`.
        public static let animationTimingFunction = "animationTimingFunction"
        /// `kCATransactionDisableActions`: a `Bool`.
        public static let disableActions = "disableActions"
    }

    /// The animation duration when no transaction sets one: 0.25 s (Core Animation's documented default).
    public static let defaultAnimationDuration = MediaTiming.defaultAnimationDuration

    /// Where every time comes from.
    public let clock: any MediaClock

    /// The open transactions, outermost first; the implicit one, when open, is first.
    private var scopes: [TransactionScope] = []
    /// A `flush()` came while explicit transactions were open inside the implicit one.
    private var flushPending = false
    /// Completion groups of committed transactions (and replaced blocks) waiting for the
    /// next turn (`tick()` or `flush()`) at which their animations have finished.
    private var pendingGroups: [CompletionGroup] = []
    /// The trees (by a layer of each, usually the root) marked as needing layout since the
    /// last commit, each once; the outermost commit lays them out.
    private var layoutRequests = LayerRequests()
    /// The layers marked as needing display since the last commit, each once, in the order
    /// marked; the outermost commit displays them after its layout pass.
    private var displayRequests = LayerRequests()
    /// How many `lock()`s have not been matched by an `unlock()`.
    public private(set) var lockCount = 0

    /// Where the context reports a call Core Animation logs and ignores (`commit()` with
    /// no `begin()`, `unlock()` with no `lock()`): `nil` (the default) is silent. The call
    /// itself changes nothing and does not throw.
    public var logHandler: ((TransactionError) -> Void)?

    /// A context reading `clock` (the system's monotonic clock by default).
    public init(clock: any MediaClock = SystemMediaClock()) {
        self.clock = clock
    }

    // MARK: Attaching layers

    /// Attaches `layer`, its sublayers and masks, all the way down: their property
    /// changes and hierarchy events now join this context's transactions and run actions.
    /// Layers inserted later under an attached layer are attached on insertion.
    ///
    /// Cost: one visit per layer of the subtree.
    public func attach(_ layer: Layer) {
        setContext(self, under: layer)
        let root = layer.rootLayer
        if !root.layoutFlags.isDisjoint(with: .dirty) { requestLayout(of: root) }
    }

    /// Detaches `layer` and its subtree from whatever context they had: their changes are
    /// immediate again and run no actions.
    public func detach(_ layer: Layer) {
        setContext(nil, under: layer)
    }

    private func setContext(_ context: TransactionContext?, under layer: Layer) {
        layer.transactionContext = context
        if let context, layer.needsDisplayMark { context.requestDisplay(of: layer) }
        for sublayer in layer.sublayers { setContext(context, under: sublayer) }
        if let mask = layer.mask { setContext(context, under: mask) }
    }

    // MARK: Opening and closing

    /// How many transactions are open, the implicit one included.
    public var openTransactionCount: Int { scopes.count }

    /// Whether the implicit transaction is open.
    public var hasImplicitTransaction: Bool { scopes.first?.isImplicit ?? false }

    /// Opens an explicit transaction, nested in the innermost open one (the implicit one
    /// included), with its settings and values.
    public func begin() {
        scopes.append(TransactionScope(isImplicit: false, inside: scopes.last))
    }

    /// Closes the innermost explicit transaction. The outermost commit first lays out the
    /// trees marked as needing layout (inside the transaction, `docs/layout.md`), then
    /// displays the layers marked as needing display (`Layer.display()`), then starts
    /// its animations, and its completion blocks start waiting for the next turn (see the
    /// type); an inner commit only restores the enclosing settings. If a `flush()` is
    /// waiting and this was the last explicit transaction, the implicit one commits too.
    /// No completion block runs inside `commit()`.
    ///
    /// With no explicit transaction open it changes nothing and reports
    /// `TransactionError.commitWithoutBegin` to `logHandler` (Core Animation logs the
    /// unbalanced commit and carries on).
    public func commit() {
        guard let innermost = scopes.last, !innermost.isImplicit else {
            logHandler?(.commitWithoutBegin)
            return
        }
        if scopes.count == 1 {
            // The layout pass runs inside the transaction: what it changes joins it. A
            // layout that committed or began transactions itself changed the stack, so
            // what closes is what is innermost now (nothing, if it committed this one).
            layOutRequestedTrees()
            displayRequestedLayers()
            guard let current = scopes.last, !current.isImplicit else { return }
        }
        close(scopes.removeLast())
        if flushPending, scopes.count == 1 { commitImplicitTransaction() }
    }

    /// A turn of the run loop without a frame (`+[CATransaction flush]`): commits the
    /// implicit transaction (its layout pass first), if one is open — with explicit
    /// transactions open inside it, the commit waits for the last of them — then runs the
    /// completion blocks, committed
    /// before this call, whose animations have finished at the clock's time.
    public func flush() {
        runFinishedCompletions(among: commitForFrame())
    }

    /// A frame's commit (the first half of `flush()`): commits the implicit transaction
    /// (with its layout pass) and answers how many completion groups had been committed
    /// before it — the ones `runFinishedCompletions(among:)` may run this turn.
    func commitForFrame() -> Int {
        let committedBefore = pendingGroups.count
        commitImplicitTransaction()
        return committedBefore
    }

    /// Commits the implicit transaction now, or once the explicit ones inside it have
    /// committed.
    private func commitImplicitTransaction() {
        guard hasImplicitTransaction else { return }
        guard scopes.count == 1 else {
            flushPending = true
            return
        }
        flushPending = false
        layOutRequestedTrees()
        displayRequestedLayers()
        // A layout that left an explicit transaction open delays the commit, as a flush does.
        guard scopes.count == 1 else {
            flushPending = true
            return
        }
        close(scopes.removeLast())
    }

    // MARK: Layout

    /// `layer`'s tree needs layout: the next outermost commit lays it out (opening the
    /// implicit transaction when none is open, so a `flush()` or `tick()` commits one).
    func requestLayout(of layer: Layer) {
        openImplicitTransactionIfNeeded()
        layoutRequests.insert(layer)
    }

    /// The layout pass of a commit: every requested tree, from its root, while the
    /// committing transaction is still open (so the changes layout makes join it and run
    /// their actions). Requests made meanwhile (a layout that marks another tree) wait for
    /// the next commit.
    private func layOutRequestedTrees() {
        guard let requests = layoutRequests.take() else { return }
        for root in Layer.distinctRoots(of: requests) { root.runLayoutPasses() }
    }

    // MARK: Display

    /// `layer` needs display: the next outermost commit displays it (opening the implicit
    /// transaction when none is open, so a `flush()` or `tick()` commits one).
    func requestDisplay(of layer: Layer) {
        openImplicitTransactionIfNeeded()
        displayRequests.insert(layer)
    }

    /// The display pass of a commit, after its layout pass and inside the committing
    /// transaction: every requested layer still marked, in the order marked (a layer that
    /// left the context or was displayed meanwhile is skipped). Layers marked meanwhile (a
    /// drawing that marks another layer) wait for the next commit.
    private func displayRequestedLayers() {
        guard let requests = displayRequests.take() else { return }
        for layer in requests where layer.transactionContext === self { layer.displayIfNeeded() }
    }

    // MARK: Locking

    /// Core Animation's `+[CATransaction lock]`: takes the context's recursive lock, which
    /// promises that layer values read until `unlock()` stay valid. A context and its
    /// layers belong to one isolation domain (the type's threading contract), so no other
    /// thread can change them in between: the lock only counts, so that code ported from
    /// Core Animation keeps its balanced calls and an unbalanced `unlock()` is reported.
    public func lock() {
        lockCount += 1
    }

    /// Releases one `lock()`. Without a matching `lock()` it changes nothing and reports
    /// `TransactionError.unlockWithoutLock` to `logHandler`.
    public func unlock() {
        guard lockCount > 0 else {
            logHandler?(.unlockWithoutLock)
            return
        }
        lockCount -= 1
    }

    /// Opens the implicit transaction when none is open (a change or a setting outside any
    /// transaction).
    func openImplicitTransactionIfNeeded() {
        if scopes.isEmpty { scopes.append(TransactionScope(isImplicit: true, inside: nil)) }
    }

    /// `scope` has just left the stack: an inner one hands everything to the one around
    /// it; the outermost one takes effect.
    private func close(_ scope: TransactionScope) {
        guard scopes.isEmpty else {
            scopes[scopes.count - 1].absorb(scope)
            return
        }
        let now = clock.now()
        for animation in scope.animations { animation.stampBeginTime(atRootTime: now) }
        // Every group waits for the next turn, even one with no animation: Core Animation
        // never runs a completion block inside the commit.
        pendingGroups += scope.completionGroups
    }

    // MARK: Settings

    /// The duration, in seconds, of the animations this transaction's actions make
    /// (`animationDuration`). Default 0.25. A value that is not a positive finite number
    /// makes the default actions change properties at once (no animation). Setting it
    /// opens the implicit transaction when none is open.
    public var animationDuration: Double {
        get { scopes.last?.animationDuration ?? Self.defaultAnimationDuration }
        set { withInnermost { $0.animationDuration = newValue } }
    }

    /// The timing function of the default actions' animations; `nil` (the default) is
    /// linear. Setting `nil` inside a nested transaction overrides the enclosing one's
    /// function until the commit.
    public var animationTimingFunction: TimingFunction? {
        get { scopes.last?.animationTimingFunction }
        set { withInnermost { $0.animationTimingFunction = newValue } }
    }

    /// Whether property changes and layer events run no actions (`disableActions`).
    /// Default false.
    public var disableActions: Bool {
        get { scopes.last?.disableActions ?? false }
        set { withInnermost { $0.disableActions = newValue } }
    }

    /// Adds `block` to the innermost transaction (opening the implicit one if none is
    /// open). A second block adds to the first, and they run in the order added
    /// (`completionBlock` is Core Animation's replacing setter).
    ///
    /// The blocks of a transaction run once, after its outermost commit, at the first turn
    /// (`tick()` or `flush()`) at which every animation its actions (and those of the
    /// transactions nested in it) added has finished or left its layer. With no such
    /// animation they run at the next turn — never inside `commit()`, as on Core Animation.
    public func addCompletionBlock(_ block: @escaping () -> Void) {
        withInnermost { $0.completionBlocks.append(block) }
    }

    /// The innermost transaction's completion block (`+[CATransaction completionBlock]`):
    /// `nil` when it has none (or no transaction is open); with several added by
    /// `addCompletionBlock(_:)`, one block that runs them in order.
    ///
    /// Setting it (`setCompletionBlock:`) replaces the innermost transaction's blocks with
    /// `newValue` (`nil`: none), opening the implicit transaction if none is open. As the
    /// class reference says, a block replaced before its transaction commits is not lost:
    /// it is invoked as if its transaction had committed then — at the next turn, once the
    /// animations the transaction had added by then have finished (at once when there
    /// were none).
    public var completionBlock: (() -> Void)? {
        get {
            guard let blocks = scopes.last?.completionBlocks, !blocks.isEmpty else { return nil }
            return blocks.count == 1 ? blocks[0] : { for block in blocks { block() } }
        }
        set {
            var replaced: CompletionGroup?
            withInnermost { scope in
                if !scope.completionBlocks.isEmpty {
                    replaced = CompletionGroup(blocks: scope.completionBlocks, animations: scope.animations)
                }
                scope.completionBlocks = newValue.map { [$0] } ?? []
            }
            if let replaced { pendingGroups.append(replaced) }
        }
    }

    /// The value for `key` in the innermost transaction: its own, or the one it inherited
    /// (Core Animation's nested data scope). The `Key` names read the typed settings; `nil` for
    /// a key no open transaction has.
    public func value(forKey key: String) -> Any? {
        switch key {
        case Key.animationDuration: return animationDuration
        case Key.animationTimingFunction: return animationTimingFunction
        case Key.disableActions: return disableActions
        default: return scopes.last?.values[key]
        }
    }

    /// Sets `value` for `key` in the innermost transaction (opening the implicit one if
    /// none is open); `nil` removes it, so the enclosing transaction's value shows again.
    /// The `Key` names write the typed settings.
    ///
    /// Throws `TransactionError.kindMismatch`, and changes nothing, for a `Key` name with
    /// a value of another type.
    public func setValue(_ value: Any?, forKey key: String) throws(TransactionError) {
        let enclosing = scopes.count >= 2 ? scopes[scopes.count - 2] : TransactionScope(isImplicit: false, inside: nil)
        switch key {
        case Key.animationDuration:
            animationDuration = try Self.typed(value, key, as: Double.self) ?? enclosing.animationDuration
        case Key.animationTimingFunction:
            animationTimingFunction = try Self.typed(value, key, as: TimingFunction.self) ?? enclosing.animationTimingFunction
        case Key.disableActions:
            disableActions = try Self.typed(value, key, as: Bool.self) ?? enclosing.disableActions
        default:
            withInnermost { $0.values[key] = value ?? enclosing.values[key] }
        }
    }

    private static func typed<T>(_ value: Any?, _ key: String, as type: T.Type) throws(TransactionError) -> T? {
        guard let value else { return nil }
        guard let typed = value as? T else {
            throw .kindMismatch(key: key, expected: "\(T.self)", found: "\(Swift.type(of: value))")
        }
        return typed
    }

    private func withInnermost(_ change: (inout TransactionScope) -> Void) {
        openImplicitTransactionIfNeeded()
        change(&scopes[scopes.count - 1])
    }

    // MARK: Animations and time

    /// Adds `animation` to `layer` under `key` as part of the innermost transaction
    /// (opening the implicit one if none is open): what an animation does when it runs as
    /// an action, and what a custom action should call to add one.
    ///
    /// - An animation whose `beginTime` is 0 begins now (the clock's time, in the layer's
    ///   time space), and is moved to the outermost commit's time when that comes later.
    /// - A `duration` that is not positive becomes the transaction's `animationDuration`
    ///   when that is positive (the class reference's `addAnimation:forKey:` rule).
    /// - The animation counts for the transaction's completion blocks until it finishes or
    ///   leaves the layer.
    ///
    /// A transition (or a group holding one) starts from a copy of `layer`'s tree as it is
    /// now (`Layer.add(_:forKey:from:beginningAt:)`).
    public func add(_ animation: Animation, to layer: Layer, forKey key: String?) {
        add(animation, to: layer, forKey: key, capture: nil)
    }

    /// `add(_:to:forKey:)` for a transition that starts from a copy of `previous`'s tree,
    /// taken now (`nil`: of `layer`'s), as `Layer.add(_:forKey:from:beginningAt:)` says.
    public func add(_ transition: Transition, to layer: Layer, forKey key: String? = Layer.Event.transition, from previous: Layer?) {
        add(.transition(transition), to: layer, forKey: key, capture: previous?.capturedTreeCopy())
    }

    /// `add(_:to:forKey:)` with `capture`, a tree copy the caller made, as the previous
    /// rendering of the animation's transitions (`nil`: `layer`'s tree, copied now).
    func add(_ animation: Animation, to layer: Layer, forKey key: String?, capture: Layer?) {
        var animation = animation
        let duration = animationDuration
        if !(animation.timing.duration > 0), duration > 0, duration.isFinite {
            animation.timing.duration = duration
        }
        let beginsAtCommit = animation.timing.beginTime == 0
        layer.add(animation, forKey: key, capture: capture, beginningAt: layer.convertTime(clock.now(), from: nil))
        guard let added = layer.animationEntries.last else { return }
        let tracked = TrackedAnimation(
            layer: layer, key: key, beginTime: added.animation.timing.beginTime, beginsAtCommit: beginsAtCommit)
        withInnermost { $0.animations.append(tracked) }
    }

    /// One frame step, the run loop's turn: commits the implicit transaction (as
    /// `flush()`), then runs, in commit order, the completion blocks of transactions
    /// committed before this turn whose animations have all finished at the clock's time
    /// (the implicit transaction this turn commits waits for the next turn). Each block
    /// runs once.
    public func tick() {
        flush()
    }

    /// Runs the groups among the first `count` pending ones whose animations have
    /// finished, in commit order, and drops them from the list (blocks that commit
    /// transactions meanwhile add groups behind them, for a later turn).
    func runFinishedCompletions(among count: Int) {
        guard count > 0 else { return }
        let now = clock.now()
        var due: [CompletionGroup] = []
        var waiting: [CompletionGroup] = []
        for (index, group) in pendingGroups.enumerated() {
            if index < count && group.isFinished(atRootTime: now) { due.append(group) } else { waiting.append(group) }
        }
        pendingGroups = waiting
        Self.run(due)
    }

    /// Whether completion blocks are waiting for animations to finish.
    public var hasPendingCompletions: Bool { !pendingGroups.isEmpty }

    private static func run(_ groups: [CompletionGroup]) {
        for group in groups {
            for block in group.blocks { block() }
        }
    }
}

/// Layers a commit's pass will visit (`TransactionContext`'s layout and display requests):
/// each once, in the order asked.
private struct LayerRequests {
    private var layers: [Layer] = []
    private var ids: Set<ObjectIdentifier> = []

    mutating func insert(_ layer: Layer) {
        if ids.insert(ObjectIdentifier(layer)).inserted { layers.append(layer) }
    }

    /// The layers asked for, which are forgotten; `nil` when there are none.
    mutating func take() -> [Layer]? {
        guard !layers.isEmpty else { return nil }
        defer { self = LayerRequests() }
        return layers
    }
}
