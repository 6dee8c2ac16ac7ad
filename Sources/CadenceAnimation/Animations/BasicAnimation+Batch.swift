import CadenceTiming

// One basic animation at many times (a timeline scrubber, a property test): the timing in
// four lanes (`ResolvedTiming.progress(atParentTimes:…)`), the timing function's batch
// form, then the interpolation; blocks of times on the stack, nothing allocated. What
// depends on the animation (spring or curve, cumulative, additive, the value type) is
// decided once per call, not per time.

extension BasicAnimation {
    /// `values(atParentTimes:model:into:)` in blocks of times: the progress of each block
    /// from `ResolvedTiming.progress(atParentTimes:…)` (four lanes at a time), eased
    /// through the timing function's batch form, then one interpolation each (from the
    /// ends prepared once). A `Double` animation (not cumulative) eases straight into
    /// `output` and interpolates there in `SIMD4<Double>` lanes; other value types
    /// interpolate one time at a time. The same values as one `value(atParentTime:model:)`
    /// per time, bit for bit.
    @inlinable
    public func values(atParentTimes times: UnsafeBufferPointer<Double>, model: Value, into output: UnsafeMutableBufferPointer<Value>) {
        let count = checkedCount(times, output)
        guard count > 0 else { return }
        if Value.self == Double.self && !isCumulative {
            let doubles = UnsafeMutableRawPointer(output.baseAddress!).assumingMemoryBound(to: Double.self)
            let (from, to) = endpoints(model: model)
            scalarValues(
                atParentTimes: UnsafeBufferPointer(rebasing: times[0..<count]), model: unsafeBitCast(model, to: Double.self),
                from: unsafeBitCast(from, to: Double.self), to: unsafeBitCast(to, to: Double.self),
                into: UnsafeMutableBufferPointer(start: doubles, count: count))
            return
        }
        // 64 times a block: each scratch buffer then fits the 1 KiB that
        // `withUnsafeTemporaryAllocation` always places on the stack (a larger one may go to
        // the heap), and a block still amortises the per-block calls.
        let block = 64
        let (from, to) = endpoints(model: model)
        let forms = fixedEnds.map { ($0.fromForm, $0.toForm) }
        let change = isCumulative ? cycleChange(model: model) : nil
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * block) { scratch in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: block) { iterations in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { input in
                let progress = UnsafeMutableBufferPointer(rebasing: scratch[0..<block])
                let eased = UnsafeMutableBufferPointer(rebasing: scratch[block..<(2 * block)])
                var start = 0
                while start < count {
                    let n = Swift.min(block, count - start)
                    easedProgress(
                        atParentTimes: UnsafeBufferPointer(rebasing: times[start..<(start + n)]),
                        progress: UnsafeMutableBufferPointer(rebasing: progress[0..<n]),
                        input: UnsafeMutableBufferPointer(rebasing: input[0..<n]),
                        eased: UnsafeMutableBufferPointer(rebasing: eased[0..<n]),
                        iterations: change == nil ? nil : UnsafeMutableBufferPointer(rebasing: iterations[0..<n]))
                    let target = output.baseAddress! + start
                    if let forms, change == nil {
                        // The common case (ends fixed, not cumulative): one interpolation
                        // each, nothing else to decide per time.
                        for k in 0..<n {
                            // NaN progress: the animation contributes nothing at this time.
                            if progress[k].isNaN {
                                target[k] = model
                            } else {
                                let own = Value.interpolate(forms: forms.0, forms.1, eased[k])
                                target[k] = isAdditive ? model.adding(own) : own
                            }
                        }
                        start += n
                        continue
                    }
                    for k in 0..<n {
                        // NaN progress: the animation contributes nothing at this time.
                        guard !progress[k].isNaN else {
                            target[k] = model
                            continue
                        }
                        var own = forms.map { Value.interpolate(forms: $0.0, $0.1, eased[k]) } ?? Value.interpolate(from, to, eased[k])
                        if let change, iterations[k] != 0 { own = own.adding(change.multiplied(byCount: iterations[k])) }
                        target[k] = isAdditive ? model.adding(own) : own
                    }
                    start += n
                }
            }
            }
        }
    }

    /// Steps 1–3 for a block of times: `progress` (NaN where the animation contributes
    /// nothing), the eased progress (`easedProgress(_:)` of each; anything where
    /// `progress` is NaN) and, when asked, the iterations. `input` is scratch for the
    /// timing function's batch: the progress with `standIn` where it is NaN, whose eased
    /// value is thrown away (the batch takes its scalar path for a NaN, and for inputs at
    /// the very ends; in a batch of many animations, where a third of the times fall outside
    /// each one's interval, those calls cost more than the lanes). The buffers have
    /// `times`'s length.
    @inlinable @inline(__always)
    func easedProgress(
        atParentTimes times: UnsafeBufferPointer<Double>, progress: UnsafeMutableBufferPointer<Double>,
        input: UnsafeMutableBufferPointer<Double>, eased: UnsafeMutableBufferPointer<Double>,
        iterations: UnsafeMutableBufferPointer<Int>?
    ) {
        resolvedTiming.progress(
            atParentTimes: times, isRemovedOnCompletion: isRemovedOnCompletion, into: progress, iterations: iterations)
        if let spring {
            for k in progress.indices { eased[k] = springProgress(spring, progress[k]) }
        } else if animationTiming.isEased {
            let n = progress.count
            let source = UnsafeRawPointer(progress.baseAddress!), target = UnsafeMutableRawPointer(input.baseAddress!)
            var k = 0
            while k &+ 4 <= n {
                var lanes = source.loadUnaligned(fromByteOffset: 8 &* k, as: SIMD4<Double>.self)
                lanes.replace(with: Self.standIn, where: lanes .!= lanes)
                target.storeBytes(of: lanes, toByteOffset: 8 &* k, as: SIMD4<Double>.self)
                k &+= 4
            }
            while k < n {
                input[k] = progress[k].isNaN ? Self.standIn : progress[k]
                k &+= 1
            }
            animationTiming.curve.progress(at: UnsafeBufferPointer(input), into: eased)
        } else {
            for k in progress.indices { eased[k] = progress[k] }
        }
    }

    /// The timing function's input where the progress is NaN (see `easedProgress`): inside
    /// the lower half of every curve, away from its end, where the batch's lanes settle on
    /// the curves whose batch runs in lanes (the named ones and most custom curves); on a
    /// curve whose batch takes the scalar path it costs one solve, thrown away.
    @inlinable
    static var standIn: Double { 0.25 }

    /// `values(atParentTimes:model:into:)` for a `Double` animation that is not
    /// cumulative, with its ends: blocks of 128 times, each eased into `output` and
    /// interpolated there in lanes, `from + (to − from) · eased` (`Double.interpolate`), plus
    /// the model when additive, the model where the progress is NaN.
    @inlinable
    func scalarValues(
        atParentTimes times: UnsafeBufferPointer<Double>, model: Double, from: Double, to: Double,
        into output: UnsafeMutableBufferPointer<Double>
    ) {
        typealias V = SIMD4<Double>
        // 128 times a block: the progress buffer fits the 1 KiB that
        // `withUnsafeTemporaryAllocation` always places on the stack.
        let block = 128
        let count = output.count
        let start = V(repeating: from), distance = V(repeating: to - from), below = V(repeating: model)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { scratch in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: block) { input in
            let p = scratch.baseAddress!
            var first = 0
            while first < count {
                let n = Swift.min(block, count - first)
                let y = output.baseAddress! + first
                easedProgress(
                    atParentTimes: UnsafeBufferPointer(rebasing: times[first..<(first + n)]),
                    progress: UnsafeMutableBufferPointer(start: p, count: n),
                    input: UnsafeMutableBufferPointer(start: input.baseAddress!, count: n),
                    eased: UnsafeMutableBufferPointer(start: y, count: n), iterations: nil)
                var k = 0
                while k &+ 4 <= n {
                    let progress = UnsafeRawPointer(p + k).loadUnaligned(as: V.self)
                    let eased = UnsafeRawPointer(y + k).loadUnaligned(as: V.self)
                    var value = start + distance * eased
                    if isAdditive { value = below + value }
                    value.replace(with: below, where: progress .!= progress)
                    UnsafeMutableRawPointer(y + k).storeBytes(of: value, as: V.self)
                    k &+= 4
                }
                while k < n {
                    let value = from + (to - from) * y[k]
                    y[k] = p[k].isNaN ? model : isAdditive ? model + value : value
                    k &+= 1
                }
                first &+= n
            }
        }
        }
    }
}
