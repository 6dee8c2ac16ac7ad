import CCadenceFeatures

extension ResolvedTiming {
    /// The progress (before any timing function) at each of `times`: for every time where
    /// the object contributes (`state(atParentTime:)` in effect and, when
    /// `isRemovedOnCompletion`, not after its end) the state's `progress`, and NaN where it
    /// does not; with each state's `iteration` (0 where it does not contribute) when
    /// `iterations` is given. For a timeline, a property test, or many samples of one
    /// animation.
    ///
    /// The same numbers as one `state(atParentTime:)` per time, bit for bit.
    /// Buffers: the first `min(times.count, progress.count)` times are evaluated (and no
    /// more than `iterations.count`); a debug build stops at a precondition when the
    /// lengths differ. No allocation.
    /// Cost: four times per step in `SIMD4<Double>` lanes for a finite active duration, a
    /// finite duration and a non-zero speed (the common case), with the arithmetic of `state(atParentTime:)`
    /// written for lanes (for one forward leg, four times inside its active interval take
    /// `firstIterationProgress(atParentTime:)`'s few operations; with no `timeOffset`, a loop
    /// of its own tests four times in three comparisons, before the interval, inside it or
    /// after it); a lane whose position wraps around the active interval (a
    /// `timeOffset` past its end), whose iteration count passes 2^51, or whose time is NaN,
    /// takes `state(atParentTime:)` itself, as does every time of any other timing.
    public func progress(
        atParentTimes times: UnsafeBufferPointer<Double>, isRemovedOnCompletion: Bool,
        into progress: UnsafeMutableBufferPointer<Double>, iterations: UnsafeMutableBufferPointer<Int>? = nil
    ) {
        assert(times.count == progress.count && (iterations.map { $0.count == times.count } ?? true),
               "ResolvedTiming.progress(atParentTimes:…): buffers of different lengths")
        let count = Swift.min(times.count, progress.count, iterations?.count ?? .max)
        var i = 0
        if activeDuration.isFinite && cycle.isFinite && speed != 0 && count >= 4 {
            // One iteration (no repeats): every exact lane is in iteration 0.
            let single = activeDuration == cycle
            // The fill and the direction as lane masks, once.
            typealias Mask = SIMDMask<SIMD4<Int64>>
            let flags = (
                backwards: Mask(repeating: fillMode.fillsBackwards), forwards: Mask(repeating: fillMode.fillsForwards),
                reverses: Mask(repeating: autoreverses))
            let source = UnsafeRawPointer(times.baseAddress!), target = UnsafeMutableRawPointer(progress.baseAddress!)
            // One forward leg: four times settle with `firstIterationProgress`'s arithmetic
            // in lanes when each is inside the active interval (no fills, iterations or
            // directions to work out) or outside it where the timing shows nothing there
            // (NaN). Times scattered over a timeline (a batch) mix both, so this test
            // rarely fails and its branch predicts well.
            let forwardLeg = isSingleForwardLeg
            let active = SIMD4<Double>(repeating: activeDuration)
            // Where a time before or after the interval contributes nothing.
            let absentBefore = Mask(repeating: !fillMode.fillsBackwards)
            let absentAfter = Mask(repeating: !fillMode.fillsForwards || isRemovedOnCompletion)
            // With no offset (the position is the elapsed time `e`; `e + 0` differs from `e`
            // only for −0, which the clamp below makes +0 either way) a lane settles where
            // `e ≥ low` and (`e < active` or `e > high`): `low` is −∞ where a time before the
            // interval contributes nothing (else 0), `high` the active duration where a time
            // after it contributes nothing (else +∞). That is `inside .| absent` in three
            // comparisons (NaN fails the first).
            let plain = timeOffset == 0
            let low = SIMD4<Double>(repeating: fillMode.fillsBackwards ? 0 : -.infinity)
            let high = SIMD4<Double>(repeating: absentAfter[0] ? activeDuration : .infinity)
            // Four settled lanes of one forward leg at position `p`: the progress where
            // `inside`, NaN elsewhere; iteration 0.
            @inline(__always) func settle(_ p: SIMD4<Double>, inside: Mask) {
                // `Swift.min(Swift.max(x, 0), 1)` lane by lane, as `progress4` does.
                var lanes = p * inverseDuration
                lanes.replace(with: 0, where: lanes .<= 0)
                lanes.replace(with: 1, where: lanes .> 1)
                lanes.replace(with: .nan, where: .!inside)
                target.storeBytes(of: lanes, toByteOffset: 8 &* i, as: SIMD4<Double>.self)
                if let iterations {
                    for lane in 0..<4 { iterations[i + lane] = 0 }
                }
                i &+= 4
            }
            if forwardLeg && plain {
                // A loop of its own, the bounds in registers, for times inside the interval
                // or where nothing is shown. It stops for good at the first group with a lane
                // it does not settle — a time at the interval's end, NaN, or a time the fill
                // mode holds (before the start filling backwards; after the end filling
                // forwards and not removed) — and the loop below goes on from there.
                let begin = SIMD4<Double>(repeating: beginTime), rate = SIMD4<Double>(repeating: speed)
                while i &+ 4 <= count {
                    let e = (source.loadUnaligned(fromByteOffset: 8 &* i, as: SIMD4<Double>.self) - begin) * rate
                    let below = e .< active
                    guard cadence_signs4(unsafeBitCast((e .>= low) .& (below .| (e .> high)), to: SIMD4<Double>.self)) == 0xF
                    else { break }
                    settle(e, inside: (e .>= 0) .& below)
                }
            }
            while i + 4 <= count {
                let tp = source.loadUnaligned(fromByteOffset: 8 &* i, as: SIMD4<Double>.self)
                if forwardLeg {
                    let e = (tp - beginTime) * speed
                    let p = e + timeOffset
                    let inside = (e .>= 0) .& (e .< active) .& (p .>= 0) .& (p .< active)
                    let absent = ((e .< 0) .& absentBefore) .| ((e .> active) .& absentAfter)
                    if cadence_signs4(unsafeBitCast(inside .| absent, to: SIMD4<Double>.self)) == 0xF {
                        settle(p, inside: inside)
                        continue
                    }
                }
                let lanes = progress4(tp, isRemovedOnCompletion: isRemovedOnCompletion, single: single, flags: flags)
                if cadence_signs4(unsafeBitCast(lanes.exact, to: SIMD4<Double>.self)) == 0xF {
                    // The common case: one vector store, no test per lane.
                    target.storeBytes(of: lanes.progress, toByteOffset: 8 &* i, as: SIMD4<Double>.self)
                    if let iterations {
                        iterations[i] = Int(lanes.iteration[0])
                        iterations[i + 1] = Int(lanes.iteration[1])
                        iterations[i + 2] = Int(lanes.iteration[2])
                        iterations[i + 3] = Int(lanes.iteration[3])
                    }
                    i += 4
                    continue
                }
                for lane in 0..<4 {
                    if lanes.exact[lane] {
                        progress[i + lane] = lanes.progress[lane]
                        iterations?[i + lane] = Int(lanes.iteration[lane])
                    } else {
                        scalarProgress(at: times[i + lane], isRemovedOnCompletion, progress, iterations, i + lane)
                    }
                }
                i += 4
            }
        }
        while i < count {
            scalarProgress(at: times[i], isRemovedOnCompletion, progress, iterations, i)
            i += 1
        }
    }

    /// One time through `state(atParentTime:)` (out of line: the rare path, and it keeps the
    /// loop small enough for `progress4` to be inlined into it).
    @inline(never)
    private func scalarProgress(
        at time: Double, _ isRemovedOnCompletion: Bool, _ progress: UnsafeMutableBufferPointer<Double>,
        _ iterations: UnsafeMutableBufferPointer<Int>?, _ index: Int
    ) {
        let state = state(atParentTime: time)
        let contributes = state.contributes(isRemovedOnCompletion: isRemovedOnCompletion)
        progress[index] = contributes ? state.progress : .nan
        iterations?[index] = contributes ? state.iteration : 0
    }

    /// `state(atParentTime:)`'s arithmetic on four times (finite active duration, non-zero
    /// speed; `flags` are the fill modes and `autoreverses` as lane masks): the progress (NaN where the object does not contribute), the iteration as a
    /// `Double`, and which lanes are exact (the others need the scalar path).
    /// With `single` (the active duration is one iteration) the lanes that stay in it need
    /// no iteration arithmetic: those whose position reaches the end wrap, and take the
    /// scalar path.
    @inline(__always)
    private func progress4(
        _ tp: SIMD4<Double>, isRemovedOnCompletion: Bool, single: Bool,
        flags: (backwards: SIMDMask<SIMD4<Int64>>, forwards: SIMDMask<SIMD4<Int64>>, reverses: SIMDMask<SIMD4<Int64>>)
    ) -> (progress: SIMD4<Double>, iteration: SIMD4<Double>, exact: SIMDMask<SIMD4<Int64>>) {
        typealias V = SIMD4<Double>
        let active = V(repeating: activeDuration)
        let e = (tp - beginTime) * speed
        let before = e .< 0
        let after = e .> active
        // In effect: inside the interval, or filling; NaN is neither (the scalar path).
        let filling = (before .& flags.backwards) .| (after .& flags.forwards)
        var contributes = (.!before .& .!after) .| filling
        if isRemovedOnCompletion { contributes = contributes .& .!after }
        // The elapsed time shown: the nearer end when filling.
        let shown = e.replacing(with: 0, where: before).replacing(with: active, where: after)
        let atEnd = shown .== active
        let p = shown + timeOffset
        // At the end a position of exactly 0 (an offset of −D) shows the end: the scalar path.
        let endAtZero = atEnd .& (p .== 0)
        let wraps = contributes .& ((p .< 0) .| (p .>= active))
        // The lanes the vector arithmetic settles (the others take the scalar path): no wrap,
        // no position of 0 at the end, a time that is a number.
        let settled = .!wraps .& .!endAtZero .& (tp .== tp)
        // The progress at time `r` inside the iteration: a backward leg mirrored, then
        // `Swift.min(Swift.max(x, 0), 1)` lane by lane (zeros' signs included), exactly 1 at
        // the end of a leg, NaN where the object does not contribute.
        @inline(__always) func progress(inside r: V) -> V {
            let reversed = flags.reverses .& (r .> duration)
            let basic = r.replacing(with: cycle - r, where: reversed)
            var progress = basic * inverseDuration
            progress.replace(with: 0, where: progress .<= 0)
            progress.replace(with: 1, where: progress .> 1)
            progress.replace(with: 1, where: basic .== duration)
            progress.replace(with: .nan, where: .!contributes)
            return progress
        }
        if single {
            // p < activeDuration = cycle in every exact lane: iteration 0, r = p (what the
            // general arithmetic below gives there).
            return (progress(inside: p), V(), settled)
        }
        // Iteration and the time inside it. k = ⌊p / cycle⌋ by rounding to nearest with the
        // 2^52 shift and stepping down where that rounded up (exact for q < 2^52): the
        // scalar path's truncation, as q ≥ 0 wherever it is used.
        let q = p * inverseCycle
        var k = (q + 0x1p52) - 0x1p52
        k.replace(with: k - 1, where: k .> q)
        let repeats = p .>= cycle
        k.replace(with: 0, where: .!repeats)
        var r = p - k * cycle
        // The scalar path's corrections (only where it divides).
        let low = repeats .& (r .< 0)
        let high = repeats .& (r .>= cycle) .& .!low
        k.replace(with: k - 1, where: low)
        r.replace(with: r + cycle, where: low)
        k.replace(with: k + 1, where: high)
        r.replace(with: r - cycle, where: high)
        let boundary = repeats .& atEnd .& (r .== 0)
        k.replace(with: k - 1, where: boundary)
        r.replace(with: V(repeating: cycle), where: boundary)
        k.replace(with: 0, where: .!contributes)
        // Exact where settled, unless the quotient is too large for the shift.
        let exact = settled .& (q .< 0x1p51)
        return (progress(inside: r), k, exact)
    }
}
