/// A `MediaTiming` sanitised and precomputed for evaluation: the two stages of
/// `CAMediaTiming` (parent time → active local time → basic local time), phases and fill.
///
/// Sanitising (Cadence's rule; Apple is silent): NaN or ±∞ `beginTime`, `timeOffset` and
/// `speed` read as their defaults (0, 0, 1); a NaN, zero or negative `duration` reads as
/// the default duration, and a subnormal one (below 2.2e-308, `leastNormalMagnitude`) as
/// that smallest normal value, so that `1 / duration` is finite and progress never NaN;
/// NaN or negative `repeatCount`/`repeatDuration` read as 0.
/// `docs/time-model.md` states every rule; `Reference/oracle/media_timing.py` models them.
public struct ResolvedTiming: Hashable, Sendable {
    public let beginTime: Double
    public let speed: Double
    public let timeOffset: Double
    /// The basic duration `d` of one leg (> 0, may be ∞).
    public let duration: Double
    /// One iteration: `2d` with autoreverses, else `d`.
    public let cycle: Double
    /// The active duration `D` (> 0, may be ∞).
    public let activeDuration: Double
    public let autoreverses: Bool
    public let fillMode: FillMode
    /// Whether the active interval is one forward leg of finite duration played at a
    /// non-zero speed (no repeats, no autoreverse): `firstIterationProgress(atParentTime:)`
    /// then settles every time inside it. (Declared here, it takes the padding after the
    /// two flags above: the struct keeps its size.)
    @usableFromInline let isSingleForwardLeg: Bool
    /// Whether the timing is a single forward leg played at speed 1 with no time offset
    /// (`timeOffset` ±0) and a normal `1 / duration` (below 2^1022 s): the common case, in
    /// which `plainLegProgress(atParentTime:)` settles a time with one subtraction, one
    /// comparison and one multiplication. (In the padding after the flags above, as
    /// `isSingleForwardLeg`.)
    public let isPlainLeg: Bool
    /// `1 / duration` and `1 / cycle` (0 when infinite), so evaluation multiplies.
    @usableFromInline let inverseDuration: Double
    @usableFromInline let inverseCycle: Double

    /// Resolves `timing`, with `defaultDuration` standing for a `duration` of 0.
    /// A non-positive or NaN `defaultDuration` falls back to 0.25 s.
    public init(_ timing: MediaTiming, defaultDuration: Double = MediaTiming.defaultAnimationDuration) {
        beginTime = timing.beginTime.isFinite ? timing.beginTime : 0
        speed = timing.speed.isFinite ? timing.speed : 1
        timeOffset = timing.timeOffset.isFinite ? timing.timeOffset : 0
        let fallback = defaultDuration > 0 ? defaultDuration : MediaTiming.defaultAnimationDuration
        let d = Swift.max(timing.duration > 0 ? timing.duration : fallback, .leastNormalMagnitude)
        duration = d
        autoreverses = timing.autoreverses
        let cycle = timing.autoreverses ? 2 * d : d
        self.cycle = cycle
        let count = timing.repeatCount > 0 ? timing.repeatCount : 0
        let span = timing.repeatDuration > 0 ? timing.repeatDuration : 0
        // A positive repeat count whose repeats underflow to 0 s (a subnormal count) reads
        // as the smallest normal duration, as a subnormal duration does: an active interval
        // of 0 would wrap positions into 0 s, a NaN.
        let repeats = Swift.max(count * cycle, .leastNormalMagnitude)
        switch (count > 0, span > 0) {
        case (true, true): activeDuration = Swift.min(span, repeats)  // SMIL's rule
        case (false, true): activeDuration = span
        case (true, false): activeDuration = repeats
        case (false, false): activeDuration = cycle
        }
        fillMode = timing.fillMode
        inverseDuration = 1 / d
        inverseCycle = 1 / cycle
        isSingleForwardLeg = speed != 0 && !autoreverses && cycle.isFinite && activeDuration == cycle
        isPlainLeg = isSingleForwardLeg && speed == 1 && timeOffset == 0 && inverseDuration.isNormal
    }

    // MARK: A layer's time space

    /// Whether this timing never ends: an infinite cycle and an infinite active duration
    /// (for a layer: `duration` 0 or ∞ and no finite `repeatDuration`, the default).
    @inlinable
    public var isEndless: Bool { cycle == .infinity && activeDuration == .infinity }

    /// The time a layer with this timing gives its animations and sublayers at its
    /// superlayer's time `parentTime`: the one rule for a layer's time space
    /// (`docs/time-model.md`, "A layer's time space"), which presentation snapshots, the
    /// compositor and `cadence sample` share. The class reference gives layers the whole
    /// `CAMediaTiming` protocol, so:
    ///
    /// - An endless time space (the default) is stage 1 alone, Apple's active local time
    ///   `(tp − beginTime) · speed + timeOffset`, at every time: a paused layer
    ///   (`speed` 0) holds its `timeOffset` (QA1673).
    /// - A finite one is timed as an animation group times its children: where it is in
    ///   effect, the basic local time of `state(atParentTime:)` (repeats and autoreverses
    ///   included); elsewhere NaN, a time at which nothing is in effect, so neither the
    ///   layer's animations nor any below it contribute (the layer itself still draws,
    ///   with its model values).
    @inlinable
    public func layerTime(atParentTime parentTime: Double) -> Double {
        if isEndless { return localTime(fromParent: parentTime) }
        let state = state(atParentTime: parentTime)
        return state.isInEffect ? state.basicTime : .nan
    }

    // MARK: Stage 1

    /// Elapsed active time `(tp − beginTime) · speed`: decides the phase. Exactly 0 when
    /// paused (speed 0), for every `tp`.
    @inlinable
    public func elapsedTime(atParentTime tp: Double) -> Double {
        speed == 0 ? 0 : (tp - beginTime) * speed
    }

    /// Apple's active local time, `(tp − beginTime) · speed + timeOffset`: the time this
    /// object gives its children (a layer's sublayers, a group's animations).
    /// NaN in, NaN out (arithmetic); ±∞ in gives ±∞ out unless paused.
    @inlinable
    public func localTime(fromParent tp: Double) -> Double {
        elapsedTime(atParentTime: tp) + timeOffset
    }

    /// The active interval in parent time, `[start, end]`: `[beginTime, beginTime +
    /// activeDuration / speed]` for a positive speed, the other way round for a negative
    /// one (the animation plays backwards, before its begin time), and `(−∞, ∞)` when
    /// paused. `timeOffset` does not move it (it shifts the position inside the interval,
    /// not the interval).
    public var activeInterval: (start: Double, end: Double) {
        if speed > 0 { return (beginTime, beginTime + activeDuration / speed) }
        if speed < 0 { return (beginTime + activeDuration / speed, beginTime) }
        return (-.infinity, .infinity)
    }

    /// The inverse of `localTime(fromParent:)`: `(t − timeOffset) / speed + beginTime`.
    /// When paused (speed 0) no inverse exists and the result is `beginTime`.
    @inlinable
    public func parentTime(fromLocal t: Double) -> Double {
        speed == 0 ? beginTime : (t - timeOffset) / speed + beginTime
    }

    // MARK: Stage 2

    /// The state at parent time `tp`: the phase, whether the object is in effect there
    /// (active, or filling), and its iteration, direction and basic local time.
    ///
    /// The end of the active interval is inclusive and shows the end state (the limit
    /// from the left), so an animation shows its final value exactly at its end.
    /// Accuracy: basic time is exact to the rounding of `tp − beginTime` and of the
    /// position inside the iteration (about `ulp(tp)`). Cost: a few ns; a remainder
    /// operation only when `timeOffset` makes the position wrap.
    @inlinable @inline(__always)
    public func state(atParentTime tp: Double) -> TimingState {
        if tp.isNaN { return .notInEffect(.undefined) }
        let e = elapsedTime(atParentTime: tp)
        // The phase, and the elapsed time it shows (the nearer end when filling); one call
        // of stage 2 below, so it is inlined once.
        let phase: TimingPhase
        let shown: Double
        if e < 0 {
            guard fillMode.fillsBackwards else { return .notInEffect(.before) }
            (phase, shown) = (.before, 0)
        } else if e > activeDuration {
            guard fillMode.fillsForwards else { return .notInEffect(.after) }
            (phase, shown) = (.after, activeDuration)
        } else if e == .infinity {
            return .notInEffect(.undefined)
        } else {
            (phase, shown) = (.active, e)
        }
        // The end shows the end state: after the interval, and at its last instant.
        return position(elapsed: shown, phase: phase, atEnd: shown == activeDuration)
    }

    /// The basic local time at `tp` when the timing is one forward leg
    /// (`isSingleForwardLeg`) and `tp` falls inside its active interval with a position
    /// that needs no wrapping — the common case of an animation on screen — else NaN (then
    /// `state(atParentTime:)` says what holds there). Where it is a number it is
    /// `state(atParentTime:).basicTime`, bit for bit: the same arithmetic without the
    /// phases, iterations and directions that cannot occur there (the state is active, in
    /// iteration 0, forwards, and in effect whatever the fill and removal rules).
    /// Cost: a subtraction, a multiplication, an addition and four comparisons; no
    /// `TimingState`.
    @inlinable @inline(__always)
    public func firstIterationTime(atParentTime tp: Double) -> Double {
        // `elapsedTime(atParentTime:)` with a non-zero speed; NaN or ±∞ fail a comparison.
        let e = (tp - beginTime) * speed
        // `position(elapsed:phase:atEnd:)`: no wrap, iteration 0 (p < cycle), forwards.
        let p = e + timeOffset
        return isSingleForwardLeg && e >= 0 && e < activeDuration && p >= 0 && p < activeDuration ? p : .nan
    }

    /// `state(atParentTime:).progress` where `firstIterationTime(atParentTime:)` is a
    /// number (there the basic time is below `duration`, so the progress is the clamped
    /// product), else NaN.
    @inlinable @inline(__always)
    public func firstIterationProgress(atParentTime tp: Double) -> Double {
        let p = firstIterationTime(atParentTime: tp)
        return p == p ? Swift.min(Swift.max(p * inverseDuration, 0), 1) : .nan
    }

    /// For a plain leg (`isPlainLeg`; the result means nothing otherwise): the progress at
    /// `tp` when `tp − beginTime` lies in `[+0, d)`, else `nil` (after the interval, before
    /// it, −0, NaN, ±∞; then `state(atParentTime:)` or `firstIterationProgress` say what
    /// holds). Where it is a number it is `state(atParentTime:).progress` and
    /// `firstIterationProgress(atParentTime:)`, bit for bit: with speed 1 the elapsed time
    /// is `tp − beginTime` exactly and an offset of ±0 leaves it as it is, so the position
    /// is that difference, in iteration 0, forwards. (The evaluators' folds keep
    /// `firstIterationProgress`, which takes any one-leg timing: a test of this flag there
    /// cost the timings that are not plain more than it saved.)
    ///
    /// One comparison: non-negative doubles order as their bit patterns, and a negative
    /// difference or −0 (the sign bit), NaN and +∞ (exponents above any finite `d`'s)
    /// compare above `d`. No clamp: `p · (1 / d)` lies in 0…1 for `+0 ≤ p < d` when
    /// `1 / d` is normal, as `p` is at most `d · (1 − 2^-54)` and `1 / d` at most
    /// `(1 / d) · (1 + 2^-53)`, whose product, below `1 + 2^-54`, rounds to at most 1.
    @inlinable @inline(__always)
    public func plainLegProgress(atParentTime tp: Double) -> Double? {
        let p = tp - beginTime
        return p.bitPattern < activeDuration.bitPattern ? p * inverseDuration : nil
    }

    /// Stage 2 proper: the state at elapsed active time `e` (0…activeDuration, finite).
    @inlinable @inline(__always)
    func position(elapsed e: Double, phase: TimingPhase, atEnd: Bool) -> TimingState {
        // 1. Position in the active interval, the offset wrapping around it.
        var p = e + timeOffset
        if activeDuration.isFinite {
            if p < 0 || p >= activeDuration { p = Self.wrap(p, into: activeDuration) }
            // At the end a position of 0 is the limit from the left, D: after wrapping, or
            // when the offset is exactly −D (e + timeOffset = 0 without any wrapping).
            if atEnd && p == 0 { p = activeDuration }
        } else if p < 0 && cycle.isFinite {
            p = Self.wrap(p, into: cycle)
        }
        guard cycle.isFinite else {
            // One endless leg: the position is the basic time itself; progress stays 0.
            return TimingState(phase: phase, isInEffect: true, basicTime: p, progress: 0)
        }
        // 2. Iteration and the time inside it: the first iteration needs no division.
        var iteration = 0
        var r = p
        if p >= cycle {
            // p ≥ 0 here, so truncation is the floor (and a single instruction, where
            // `rounded(.down)` is a library call on baseline x86-64).
            let quotient = p * inverseCycle
            var k = quotient < 0x1p62 ? Double(Int64(quotient)) : quotient.rounded(.down)
            r = p - k * cycle
            if r < 0 {
                k -= 1
                r += cycle
            } else if r >= cycle {
                k += 1
                r -= cycle
            }
            // At the end, a position on an iteration boundary shows the previous iteration's
            // end (p > 0 here, as p ≥ cycle > 0).
            if atEnd && r == 0 {
                k -= 1
                r = cycle
            }
            iteration = k < 9.2e18 ? (k > -9.2e18 ? Int(k) : Int.min) : Int.max
        }
        // 3. Direction: a backward leg mirrors time before any timing function applies.
        let reversed = autoreverses && r > duration
        let basic = reversed ? cycle - r : r
        // The end of a forward leg is exactly 1 (a product by the reciprocal might not be).
        let progress = basic == duration ? 1 : Swift.min(Swift.max(basic * inverseDuration, 0), 1)
        return TimingState(
            phase: phase, isInEffect: true, iteration: iteration, isReversed: reversed,
            basicTime: basic, progress: progress)
    }

    /// `p` wrapped into `0..<period` (exact: the remainder operation does not round).
    @inlinable
    static func wrap(_ p: Double, into period: Double) -> Double {
        // One period out, the common case of a timeOffset: a subtraction (exact, by
        // Sterbenz's lemma, above; within half an ulp below).
        if p >= period && p < 2 * period { return p - period }
        if p < 0 && p >= -period {
            let r = p + period
            return r < period ? r : 0
        }
        var r = p.truncatingRemainder(dividingBy: period)
        if r < 0 {
            r += period
            if r >= period { r = 0 }  // a tiny negative remainder rounds up to `period`
        }
        return r
    }
}
