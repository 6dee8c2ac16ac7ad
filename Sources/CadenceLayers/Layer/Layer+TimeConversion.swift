// Times between layers' time spaces (`convertTime:fromLayer:` and `convertTime:toLayer:`).

extension Layer {
    /// `time`, in seconds of `layer`'s time space (`nil`: root time, which all roots share),
    /// in seconds of this layer's time space.
    ///
    /// Each layer maps its superlayer's time to its own with stage 1 of its media timing,
    /// `t = (tp − beginTime) · speed + timeOffset` (`ResolvedTiming.localTime(fromParent:)`;
    /// a layer's duration is infinite, so no repeat wraps it). The time goes up from
    /// `layer` to the nearest layer both are in (each step inverted) and down to this
    /// layer — the same path as `TimeSpaceTree.convert(_:from:to:)`. Going up through a
    /// paused layer (speed 0) has no inverse; that step gives the layer's `beginTime`.
    /// Timing values are sanitised as `ResolvedTiming` says. NaN in, NaN out, except down
    /// into a paused layer, whose time is its `timeOffset` whatever its parent's.
    public func convertTime(_ time: Double, from layer: Layer?) -> Double {
        Self.convertTime(time, from: layer, to: self)
    }

    /// `time`, in seconds of this layer's time space, in seconds of `layer`'s (`nil`: root
    /// time). The inverse of `convertTime(_:from:)`; the same rules.
    public func convertTime(_ time: Double, to layer: Layer?) -> Double {
        Self.convertTime(time, from: self, to: layer)
    }

    static func convertTime(_ time: Double, from source: Layer?, to target: Layer?) -> Double {
        walk(time, from: source, to: target,
             up: { $0.resolvedTiming.parentTime(fromLocal: $1) },
             down: { $0.localTime(fromParent: $1) })
    }
}
