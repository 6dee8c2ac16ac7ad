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
    /// written for lanes; a lane whose position wraps around the active interval (a
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
        if activeDuration.isFinite && cycle.isFinite && speed != 0 {
            while i + 4 <= count {
                let tp = SIMD4(times[i], times[i + 1], times[i + 2], times[i + 3])
                let lanes = progress4(tp, isRemovedOnCompletion: isRemovedOnCompletion)
                if all(lanes.exact) {
                    // The common case: four stores, no test per lane.
                    progress[i] = lanes.progress[0]
                    progress[i + 1] = lanes.progress[1]
                    progress[i + 2] = lanes.progress[2]
                    progress[i + 3] = lanes.progress[3]
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

    /// One time through `state(atParentTime:)`.
    @inline(__always)
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
    /// speed): the progress (NaN where the object does not contribute), the iteration as a
    /// `Double`, and which lanes are exact (the others need the scalar path).
    @inline(__always)
    private func progress4(
        _ tp: SIMD4<Double>, isRemovedOnCompletion: Bool
    ) -> (progress: SIMD4<Double>, iteration: SIMD4<Double>, exact: SIMDMask<SIMD4<Int64>>) {
        typealias V = SIMD4<Double>
        let active = V(repeating: activeDuration)
        let e = (tp - beginTime) * speed
        let before = e .< 0
        let after = e .> active
        // In effect: inside the interval, or filling; NaN is neither (the scalar path).
        let filling = (before .& SIMDMask<SIMD4<Int64>>(repeating: fillMode.fillsBackwards)) .| (after .& SIMDMask<SIMD4<Int64>>(repeating: fillMode.fillsForwards))
        var contributes = (.!before .& .!after) .| filling
        if isRemovedOnCompletion { contributes = contributes .& .!after }
        // The elapsed time shown: the nearer end when filling.
        let shown = e.replacing(with: 0, where: before).replacing(with: active, where: after)
        let atEnd = shown .== active
        let p = shown + timeOffset
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
        let reversed = SIMDMask<SIMD4<Int64>>(repeating: autoreverses) .& (r .> duration)
        let basic = r.replacing(with: cycle - r, where: reversed)
        // `Swift.min(Swift.max(x, 0), 1)` lane by lane, zeros' signs included.
        var progress = basic * inverseDuration
        progress.replace(with: 0, where: progress .<= 0)
        progress.replace(with: 1, where: progress .> 1)
        progress.replace(with: 1, where: basic .== duration)
        progress.replace(with: .nan, where: .!contributes)
        k.replace(with: 0, where: .!contributes)
        // Exact unless the position wraps (p outside [0, activeDuration)), the time is NaN,
        // or the quotient is too large for the shift.
        let wraps = contributes .& ((p .< 0) .| (p .>= active))
        let exact = .!wraps .& (tp .== tp) .& (q .< 0x1p51)
        return (progress, k, exact)
    }
}
