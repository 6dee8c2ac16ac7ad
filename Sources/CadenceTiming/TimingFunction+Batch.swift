extension TimingFunction {
    /// Evaluates `progress(at:)` for every input in `xs`, writing into `ys`.
    ///
    /// Same results as the scalar function, bit for bit (same clamping, same grid). No
    /// allocation.
    /// - Precondition: `xs.count == ys.count`, checked by `assert` (debug builds). A
    ///   release build processes the first `min(xs.count, ys.count)` elements and leaves
    ///   the rest of `ys` untouched; it never reads or writes past either buffer.
    /// - Cost: the scalar fast path four inputs at a time in `SIMD4<Double>` lanes (each
    ///   lane on its own half: the coefficients are chosen lane by lane, the guess rows and
    ///   row bounds gathered), two groups of four interleaved per step so that one
    ///   group's arithmetic fills the other's waits; a lane the rounding test rejects (about
    ///   1 in 100 on the named curves) takes the scalar path.
    public func progress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        assert(xs.count == ys.count, "cadence: progress(at:into:): \(xs.count) inputs for \(ys.count) outputs")
        clampedProgress(at: xs, into: ys)
    }

    /// `progress(at:into:)` without the length assertion: the first
    /// `min(xs.count, ys.count)` elements (what a release build does; tests call it).
    func clampedProgress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        let count = Swift.min(xs.count, ys.count)
        guard count > 0, let input = xs.baseAddress, let output = ys.baseAddress else { return }
        var i = 0
        if let elements = table?.elements {
            while i + 8 <= count {
                let low = SIMD4(input[i], input[i + 1], input[i + 2], input[i + 3])
                let high = SIMD4(input[i + 4], input[i + 5], input[i + 6], input[i + 7])
                store(Table.progress4(low, elements), from: low, into: output + i)
                store(Table.progress4(high, elements), from: high, into: output + i + 4)
                i += 8
            }
        }
        while i < count {
            output[i] = progress(at: input[i])
            i += 1
        }
    }

    /// Writes the four lanes, each lane the fast path could not settle by the scalar path.
    @_transparent
    func store(
        _ lanes: (y: SIMD4<Double>, settled: SIMDMask<SIMD4<Int64>>), from x: SIMD4<Double>,
        into output: UnsafeMutablePointer<Double>
    ) {
        var y = lanes.y
        if _slowPath(!all(lanes.settled)) {
            for lane in 0..<4 where !lanes.settled[lane] { y[lane] = progress(at: x[lane]) }
        }
        UnsafeMutableRawPointer(output).storeBytes(of: y, as: SIMD4<Double>.self)
    }
}

extension TimingFunction.Table {
    /// Four lanes of `progress(at:)`'s fast path on a curved function: the grid values and
    /// which lanes they settle (inputs outside (0, 1) are settled as 0 or 1; the rest when
    /// the guess is trusted and Ziv's test on the grid passes).
    @_transparent
    static func progress4(
        _ x: SIMD4<Double>, _ elements: UnsafeMutablePointer<SIMD2<Double>>
    ) -> (y: SIMD4<Double>, settled: SIMDMask<SIMD4<Int64>>) {
        typealias V = SIMD4<Double>
        let inside = (x .> 0) .& (x .< 1)
        let isUpper = x .> 0.5
        // Each lane's input on its half; lanes outside (0, 1), NaN included, solve 1/4.
        let oneMinusX = 1 - x
        let h = x.replacing(with: oneMinusX, where: isUpper).replacing(with: 0.25, where: .!inside)
        // The guess, as in `guess`, each lane's row gathered from its half, the four rows
        // turned into four columns. The interval is scaled − 1/2 rounded to an integer in
        // the low bits of 1.5·2^52 + (scaled − 1/2): floor(scaled), or at an integer
        // possibly the interval ending there (u = 1), with no conversion per lane.
        let scaled = h.squareRoot() * intervalsPerRoot
        let whole = (scaled - 0.5) + 0x1.8p52
        let u = scaled - (whole - 0x1.8p52)
        // Indices in 16-byte elements from the lower half's first row; the upper half's
        // rows are `halfCount` elements on, its bounds `4 · halfCount` floats on.
        let rowBase = rows(elements, half: 0), boundBase = bounds(elements, half: 0)
        @inline(__always) func index(_ lane: Int) -> Int {
            Int(truncatingIfNeeded: whole[lane].bitPattern & 0xFF) &+ (isUpper[lane] ? halfCount : 0)
        }
        @inline(__always) func bound(_ index: Int) -> Int64 {
            Int64(boundBase[index < halfCount ? index : index &+ 3 &* halfCount])
        }
        let i0 = index(0), i1 = index(1), i2 = index(2), i3 = index(3)
        let r0 = SIMD4<Double>(rowBase[i0]), r1 = SIMD4<Double>(rowBase[i1])
        let r2 = SIMD4<Double>(rowBase[i2]), r3 = SIMD4<Double>(rowBase[i3])
        let t0 = V(r0[0], r1[0], r2[0], r3[0]), c1 = V(r0[1], r1[1], r2[1], r3[1])
        let c2 = V(r0[2], r1[2], r2[2], r3[2]), c3 = V(r0[3], r1[3], r2[3], r3[3])
        var t = multiplyAdd(u * u, multiplyAdd(u, c3, c2), multiplyAdd(u, c1, t0))
        // Each lane's coefficient from its half.
        @inline(__always) func lanes(_ lane: Int, _ output: Int) -> V {
            V(repeating: elements[lane][output]).replacing(with: elements[halfCount &+ lane][output], where: isUpper)
        }
        let k = TimingFunction.Table.PlainLanes<V>(lane: { lanes($0, 0) }, { lanes($0, 1) })
        var steps = elements[Lane.constants][0]
        while steps > 0 {
            let f = multiplyAdd(multiplyAdd(multiplyAdd(k.ax, t, k.bx), t, k.cx), t, V() - h)
            t -= f / multiplyAdd(multiplyAdd(k.threeAx, t, k.twoBx), t, k.cx)
            steps -= 1
        }
        let (value, delta1) = correctedOutput(h, t, k)
        // The grid test in integers, as in `plainOutput`.
        let bits = unsafeBitCast(value, to: SIMD4<UInt64>.self)
        let fromOne = ((bits &>> 52) & 0x7FF) .== 0x3FF
        let half = SIMD4<UInt64>(repeating: 0x1000).replacing(with: 0x800, where: fromOne)
        let mask = 2 &* half &- 1
        let low = SIMD4<Int64>(truncatingIfNeeded: bits & mask) &- SIMD4<Int64>(truncatingIfNeeded: half)
        let distance = low.replacing(with: 0 &- low, where: low .< 0)
        let rowBound = SIMD4<Int64>(bound(i0), bound(i1), bound(i2), bound(i3))
        let magnitude = delta1.replacing(with: -delta1, where: delta1 .< 0)
        let trusted = (magnitude .<= lanes(Lane.constants, 1) * t) .& (h .>= TimingFunction.Half.tinyInput)
        let belowTwo = (bits & 0x7FFF_FFFF_FFFF_FFFF) .< 0x4000_0000_0000_0000
        let settled = inside .& trusted .& (distance .> rowBound) .& belowTwo
        let rounded = unsafeBitCast((bits &+ half) & ~mask, to: SIMD4<Double>.self)
        // Outside (0, 1): 0 below (and NaN), 1 above.
        let y = rounded.replacing(with: 0, where: .!(x .> 0)).replacing(with: 1, where: x .>= 1)
        return (y, settled .| .!inside)
    }
}
