import CCadenceFeatures

// The batch form of `progress(at:)`: the scalar fast path's arithmetic
// (`Table.fastLanes`, `TimingFunction+Polynomial.swift`) on four inputs a vector, each input
// on its own half. The scalar path runs one input on both halves (lanes 0 and 1 of a
// `SIMD2`) and keeps one; here each lane reads its half's coefficients (a 16-byte pair
// loaded into both 128-bit halves of the vector, and one in-lane permute per coefficient,
// `cadence_pick4`), so no arithmetic is thrown away and nothing is copied per call. The
// grid test runs in the lanes too, against the half's largest bound; every group's vector
// is stored, and the few lanes the test leaves are noted (without a branch on the data) and
// finished afterwards by the scalar function, whose own test and longer paths give them the
// same bits as a scalar call.

extension TimingFunction {
    /// Evaluates `progress(at:)` for every input in `xs`, writing into `ys`.
    ///
    /// Same results as the scalar function, bit for bit (same clamping, same grid). No
    /// allocation.
    /// - Precondition: `xs.count == ys.count`, checked by `assert` (debug builds). A
    ///   release build processes the first `min(xs.count, ys.count)` elements and leaves
    ///   the rest of `ys` untouched; it never reads or writes past either buffer. `ys`
    ///   may be `xs` itself (in place); buffers that overlap otherwise are not supported.
    /// - Cost: the scalar fast path on four inputs at a time in the lanes of a
    ///   `SIMD4<Double>` (one AVX2 instruction a step with `-march=x86-64-v3`), each input
    ///   on its own half, and the grid test in the lanes; an input the vector test leaves
    ///   (about 1 in 70 on the named curves) takes the scalar function. Curves whose
    ///   polynomial guess is too far off (`progress(at:)` then guesses from the table) and
    ///   a tail of fewer than four inputs go through the scalar function.
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
        if let elements = table?.elements, Table.Batch.applies(elements) {
            i = batchProgress(input, output, count, elements)
        }
        while i < count {
            output[i] = progress(at: input[i])
            i += 1
        }
    }

    /// The vector loop of `clampedProgress`: groups of four inputs from `input[0]` on, as
    /// many as fit in `count`; returns how many inputs it wrote.
    private func batchProgress(
        _ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, _ count: Int,
        _ elements: UnsafeMutablePointer<SIMD2<Double>>
    ) -> Int {
        typealias V = Table.Batch.V
        let batch = Table.Batch(elements)
        let groups = Table.Batch.pendingCapacity
        return withUnsafeTemporaryAllocation(of: (Int, V).self, capacity: groups) { pending in
            // Each noted group keeps its inputs, so that the output may be the input (in place).
            let pending = pending.baseAddress!
            var i = 0
            while i &+ 4 <= count {
                // A chunk of at most `groups` groups: every group's vector is stored, and each
                // group with a lane the vector test leaves is noted with those lanes.
                let end = Swift.min(count, i &+ 4 &* groups)
                var n = 0
                while i &+ 4 <= end {
                    let x = UnsafeRawPointer(input + i).loadUnaligned(as: V.self)
                    let (y, settled) = batch.progress(x)
                    UnsafeMutableRawPointer(output + i).storeBytes(of: y, as: V.self)
                    let open = 0xF ^ Int(cadence_signs4(unsafeBitCast(settled, to: V.self)))
                    pending[n] = (i &<< 4 | open, x)
                    n &+= open != 0 ? 1 : 0
                    i &+= 4
                }
                // The noted lanes through the scalar function.
                for k in 0..<n {
                    let (noted, x) = pending[k]
                    let start = noted &>> 4, open = noted & 0xF
                    for lane in 0..<4 where open & (1 &<< lane) != 0 {
                        output[start &+ lane] = progress(at: x[lane])
                    }
                }
            }
            return i
        }
    }
}

extension TimingFunction.Table {
    /// The fast path's data read for four inputs a vector (see the file's comment): each
    /// coefficient is the `(lower, upper)` pair of `Fast`'s element, and a lane takes its
    /// half's with one in-lane permute (`cadence_pick4`).
    @usableFromInline
    struct Batch {
        @usableFromInline typealias V = SIMD4<Double>
        @usableFromInline typealias Mask = SIMDMask<SIMD4<Int64>>
        /// Groups of four a batch call evaluates before it finishes the lanes the vector
        /// test left: a list of the groups and their inputs of 16 × 48 bytes, under the
        /// 1 KiB that `withUnsafeTemporaryAllocation` always keeps on the stack.
        static let pendingCapacity = 16
        @usableFromInline let f: UnsafePointer<SIMD2<Double>>
        @usableFromInline let mode: SIMD2<Double>
        /// Whether the vector loop serves the curve: its single polynomial guess follows it
        /// after at most two Newton steps (the batch does not read the pieces).
        @inlinable @inline(__always)
        static func applies(_ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Bool {
            elements[Fast.base + Fast.mode][1] >= 0
        }

        /// The largest bound of each half over the binades from `Fast.firstBoundedBinade`
        /// to `h = 1/2` (lane 0 lower, lane 1 upper): the vector test's, for every input.
        @usableFromInline let largestBound: SIMD2<Int64>

        @inlinable @inline(__always)
        init(_ elements: UnsafeMutablePointer<SIMD2<Double>>) {
            f = UnsafePointer(elements + Fast.base)
            mode = f[Fast.mode]
            let bounds = UnsafeRawPointer(f + Fast.bounds).assumingMemoryBound(to: Int16.self)
            var largest = SIMD2<Int64>()
            for binade in Fast.firstBoundedBinade..<(Fast.boundsPerHalf &- 2) {
                largest[0] = Swift.max(largest[0], Int64(bounds[binade]))
                largest[1] = Swift.max(largest[1], Int64(bounds[Fast.boundsPerHalf &+ binade]))
            }
            largestBound = largest
        }

        /// `progress(at:)` for the four inputs `x` where the vector test settles them
        /// (`settled`); the other lanes hold no meaningful value.
        @inlinable @inline(__always)
        func progress(_ x: V) -> (value: V, settled: Mask) {
            // The half: x > 1/2 is the upper one, as the scalar path's sign of 1/2 − x picks
            // it (NaN, which fails the test below in either half, reads as the lower one).
            let isUpper = x .> 0.5
            let upper = unsafeBitCast(isUpper, to: V.self)
            let (y, excess, h) = TimingFunction.Table.fastLanes(
                x, signs: V(repeating: 1).replacing(with: -1, where: isUpper),
                offsets: V().replacing(with: 1, where: isUpper), mode: mode
            ) { cadence_pick4(f + $0, upper) }
            return gridValues(y, excess: excess, h: h, isUpper: isUpper)
        }

        /// `gridValue`'s test in the lanes against the half's largest bound: the grid
        /// points nearest `y`, and the lanes where the test proves them the exact output's
        /// rounding. It settles a subset of the lanes the scalar test settles (the bound of
        /// the input's binade is at most the largest); the others go to the scalar function.
        @inlinable @inline(__always)
        func gridValues(_ y: V, excess: V, h: V, isUpper: Mask) -> (value: V, settled: Mask) {
            typealias I = SIMD4<Int64>
            let bits = unsafeBitCast(y, to: I.self)
            // From the first bounded binade to 1/2 (not NaN, not outside 0…1), |y| < 1, the
            // guess close enough.
            let magnitude = unsafeBitCast(bits & 0x7FFF_FFFF_FFFF_FFFF, to: V.self)
            let firstBounded = Double(sign: .plus, exponent: Fast.firstBoundedBinade &- 30, significand: 1)
            let valid = (h .>= firstBounded) .& (magnitude .< 1) .& (excess .<= 0)
            let bound = I(repeating: largestBound[0]).replacing(with: I(repeating: largestBound[1]), where: isUpper)
            // Farther than the bound from the boundary 2^12 ulps into the dropped 13 bits.
            let low = (bits & 0x1FFF) &- 0x1000
            let settled = valid .& ((low .> bound) .| (low .< I() &- bound))
            return (unsafeBitCast((bits &+ 0x1000) & ~0x1FFF, to: V.self), settled)
        }
    }
}
