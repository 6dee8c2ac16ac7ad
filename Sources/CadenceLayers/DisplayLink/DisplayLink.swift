import CadenceAnimation
import CadenceTiming

/// A timer in step with the display's refreshes that drives a frame loop (Core Animation's
/// `CADisplayLink`). Cadence has no run loop: the link is the run loop's turn. Each frame it
/// fires, in this order:
///
/// 1. the handler (the target's selector), with `timestamp` and `targetTimestamp` set —
///    where the app changes its model layers;
/// 2. the context's implicit transaction commits, its layout pass first and its display
///    pass second (`TransactionContext`); then each tree in `layers` is laid out
///    (`layoutIfNeeded()` on its root) and its marked layers displayed
///    (`displayIfNeeded()`, each layer before its sublayers);
/// 3. the renderer, with the frame's time (`timestamp`) — presentation and drawing;
/// 4. the animation delegate events (`animationDidStart:`, `animationDidStop:finished:`)
///    of the animations in the trees of `layers` between the last fired frame and this
///    one, to `animationEvents`, in tree order (a layer, its mask, its sublayers) and each
///    layer's animations in the order they were added;
/// 5. the completion blocks that are due, in commit order (those of transactions
///    committed in earlier frames; step 2's wait for the next frame).
///
/// A frame the link skips — while `isPaused`, between `frameInterval`s, or after
/// `invalidate()` — runs none of these (so a transaction waits for the next fired frame).
///
/// Single-threaded like the layer tree it drives; not `Sendable`.
public final class DisplayLink {
    /// Called once per fired frame with the link.
    public typealias Handler = (DisplayLink) -> Void

    /// The refreshes it follows; also the context's clock when built with
    /// `init(clock:context:…)` from a `ManualFrameClock`.
    public let clock: any FrameClock
    /// The context whose implicit transaction each frame commits (`nil`: none).
    public let context: TransactionContext?
    /// Trees laid out and displayed every frame though they have no context (their roots'
    /// `layoutIfNeeded()`, then `displayIfNeeded()` on every layer: one flag read each).
    /// Default empty.
    public var layers: [Layer] = []
    /// Called with the frame's time after layout (step 3). Default `nil`.
    public var renderer: ((Double) -> Void)?
    /// Called after the renderer (step 4) with each animation of the trees of `layers` that
    /// started or stopped since the last fired frame: the layer, the animation's key and
    /// its events (`AnimationEvents.between`, in the layer's time: the frames' times
    /// converted down the tree). An animation removed from its layer between two frames
    /// is gone when the events are computed, so it reports no `removed` stop here.
    /// Default `nil` (then no tree is walked).
    public var animationEvents: ((Layer, String?, AnimationEvents) -> Void)?
    /// The time of the last fired frame, for the events of the next one (−∞ at first).
    private var lastFiredTime = -Double.infinity

    private var handler: Handler?
    /// Refreshes seen since the link was made (fired or not).
    public private(set) var refreshCount = 0

    /// The time of the frame being handled (`timestamp`): the refresh the link fired at, in
    /// the clock's time. 0 before the first fired frame.
    public private(set) var timestamp = 0.0
    /// When the frame being prepared will show (`targetTimestamp`): `timestamp` plus one
    /// fired frame, `duration · frameInterval`.
    public private(set) var targetTimestamp = 0.0
    /// Whether fired frames are suspended (`paused`). Default false.
    public var isPaused = false
    /// Whether the link still fires (false after `invalidate()`).
    public private(set) var isValid = true

    /// The time between two display refreshes (`duration`), in seconds: the clock's
    /// period, whatever `frameInterval` is (Core Animation's documentation: the time per fired frame is
    /// `duration · frameInterval`).
    public var duration: Double { clock.refreshPeriod }

    /// Fires every `frameInterval`-th refresh, counting from the first (`frameInterval`).
    /// Default 1. Values below 1 (undefined on Core Animation) are stored as 1.
    public var frameInterval: Int {
        get { interval }
        set { interval = Swift.max(1, newValue) }
    }
    private var interval = 1

    /// The rate the link fires at, in frames per second (`preferredFramesPerSecond`), as a
    /// view of `frameInterval`: reads the display rate divided by the interval, rounded;
    /// setting `p` picks the interval whose rate is nearest (at least 1; 0 or less means the
    /// display's rate).
    public var preferredFramesPerSecond: Int {
        get { Int((1 / (clock.refreshPeriod * Double(interval))).rounded()) }
        set {
            guard newValue > 0 else { return frameInterval = 1 }
            frameInterval = Int((1 / (clock.refreshPeriod * Double(newValue))).rounded())
        }
    }

    /// A link following `clock` that commits `context`'s transactions and calls `handler`
    /// each fired frame (`displayLinkWithTarget:selector:`). For a deterministic loop give
    /// the context the same clock: `TransactionContext(clock: frameClock)`.
    public init(clock: any FrameClock, context: TransactionContext?, handler: Handler? = nil) {
        self.clock = clock
        self.context = context
        self.handler = handler
    }

    /// Stops the link for good (`invalidate`): it drops its handler and renderer, and
    /// `step()` does nothing from now on.
    public func invalidate() {
        isValid = false
        handler = nil
        renderer = nil
    }

    /// Waits for the next refresh and, unless the link skips it, runs the frame (see the
    /// type). Returns false, without waiting, once the link is invalid.
    @discardableResult
    public func step() -> Bool {
        guard isValid else { return false }
        let time = clock.waitForNextFrame()
        let index = refreshCount
        refreshCount += 1
        guard !isPaused, index % interval == 0 else { return true }
        timestamp = time
        targetTimestamp = time + clock.refreshPeriod * Double(interval)
        handler?(self)
        let committedBefore = context?.commitForFrame() ?? 0
        let roots = Layer.distinctRoots(of: layers)
        for root in roots { root.layoutIfNeeded() }
        for root in roots { root.displayTreeIfNeeded() }
        renderer?(time)
        if let report = animationEvents { reportAnimationEvents(from: lastFiredTime, to: time, to: report) }
        lastFiredTime = time
        context?.runFinishedCompletions(among: committedBefore)
        return true
    }

    /// Step 4: the events of every animation in the trees of `layers` (sublayers and masks)
    /// between root times `previous` and `current`, each tree once, walked with a stack.
    private func reportAnimationEvents(
        from previous: Double, to current: Double, to report: (Layer, String?, AnimationEvents) -> Void
    ) {
        var stack: [(layer: Layer, previous: Double, current: Double)] = []
        for root in Layer.distinctRoots(of: layers) {
            stack.append((root, root.animationTime(fromParent: previous), root.animationTime(fromParent: current)))
            while let (layer, previous, current) = stack.popLast() {
                for entry in layer.animationEntries {
                    let events = AnimationEvents.between(
                        previous, and: current, timing: entry.animation.animationTiming.resolvedTiming)
                    if events.started || events.stopped != nil { report(layer, entry.key, events) }
                }
                // Pushed in reverse, so the mask and then the sublayers come off in order.
                for child in layer.sublayers.reversed() {
                    stack.append((child, child.animationTime(fromParent: previous), child.animationTime(fromParent: current)))
                }
                if let mask = layer.mask {
                    stack.append((mask, mask.animationTime(fromParent: previous), mask.animationTime(fromParent: current)))
                }
            }
        }
    }

    /// Runs `count` refreshes (`step()` each), stopping early if the link is invalidated.
    public func run(refreshes count: Int) {
        for _ in 0..<Swift.max(0, count) {
            guard step() else { return }
        }
    }
}
