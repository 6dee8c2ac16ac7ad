import CCadenceFeatures

// The batch form of `progress(at:)`: the scalar fast path's arithmetic
// (`Table.fastLanes`, `TimingFunction+Polynomial.swift`) on four inputs a vector. The scalar
// path runs one input on both halves (lanes 0 and 1 of a `SIMD2`) and keeps one; here no
// arithmetic is thrown away, by one of two routes:
// - a long call (`Table.Batch.splitCount` inputs or more) splits each chunk of its inputs
//   by half into two packed lists (one permute and two stores a group of four,
//   `cadence_partition4`), evaluates each list four at a time with its half's coefficients
//   (each in the four lanes of a vector, written once a call: the arithmetic reads them as
//   operands, with no per-lane choice), and puts the outputs back in the inputs' order (two
//   permutes and a blend a group, `cadence_unpartition4`);
// - a short call (the animations' blocks) evaluates each group of four as it comes, each
//   lane on its own half: each coefficient is its `(lower, upper)` pair loaded into both
//   128-bit halves of a vector, and one in-lane permute picks each lane's
//   (`cadence_pick4`), with nothing to set up.
// The grid test runs in the lanes, against a bound per lane at least its binade's (the
// half's largest on the short route, one of three tiers by binade on the long); every group's vector
// is stored, and the few lanes the test leaves are noted (without a branch on the data) and
// finished afterwards by the scalar function, whose own test and longer paths give them the
// same bits as a scalar call.
// On an x86-64 CPU with AVX2 and FMA (checked at run time, in any build) every call takes
// the long route written in C instead (`cadence_timing_batch4`, CadenceTimingBatch.c: the
// coefficients broadcast once a call, one loop per mode of the curve, chunks of 64 groups,
// the grid test against a bound per eighth of the binades 1/8 … 1/2 of `h`,
// `Fast.batchBounds`, and on a curve with two Newton steps one step of the root's series in
// their place, which moves only which lanes the guess test passes); the two Swift routes are
// its reference twin and serve every other CPU.

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
    ///   `SIMD4<Double>` (one AVX2 instruction a step with `-march=x86-64-v3`), and the grid
    ///   test in the lanes; from 256 inputs on, the inputs are first sorted by half of the
    ///   curve (in chunks of 120 on the stack, about 4 instructions an input each way), so
    ///   that each vector holds inputs of one half and reads that half's coefficients
    ///   directly. On a CPU with AVX2 and FMA, whatever the build's flags, a C kernel does
    ///   the sorted route for every length (chunks of 256 inputs): about 36 instructions an
    ///   input on easeInEaseOut with the lanes it leaves. An input the vector test leaves
    ///   (about 1 in 70 on the named curves in the Swift loops; 1 in 110 to 160 in the C
    ///   kernel, 1 in 77 on (0.9, 0, 0.1, 1)) takes the scalar function.
    ///   Curves whose polynomial guess is too far off (`progress(at:)` then guesses from the
    ///   table) and a tail of fewer than four inputs go through the scalar function.
    public func progress(at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        assert(xs.count == ys.count, "cadence: progress(at:into:): \(xs.count) inputs for \(ys.count) outputs")
        clampedProgress(at: xs, into: ys)
    }

    /// `progress(at:into:)` without the length assertion: the first
    /// `min(xs.count, ys.count)` elements (what a release build does; tests call it).
    /// `kernel: false` keeps to the Swift loops even where the AVX2 kernel runs (its
    /// reference twin, for tests).
    func clampedProgress(
        at xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>, kernel: Bool = true
    ) {
        let count = Swift.min(xs.count, ys.count)
        guard count > 0, let input = xs.baseAddress, let output = ys.baseAddress else { return }
        var i = 0
        if let elements = table?.elements, Table.Batch.applies(elements) {
            if kernel && cadence_timing_batch_available() != 0 {
                i = kernelProgress(input, output, count, elements)
            } else {
                i = count < Table.Batch.splitCount
                    ? mixedProgress(input, output, count, elements) : splitProgress(input, output, count, elements)
            }
        }
        while i < count {
            output[i] = progress(at: input[i])
            i += 1
        }
    }

    /// The vector loop of `clampedProgress` on a CPU with AVX2 and FMA, for any count: groups
    /// of four inputs from `input[0]` on, as many as fit in `count`, through the C kernel
    /// (`cadence_timing_batch4`: the long route's split, evaluation and merge in chunks, with
    /// the curve's mode chosen once a call), each lane it leaves (it writes the input there)
    /// finished by the scalar function. Returns how many inputs it wrote. The Swift loops
    /// (`mixedProgress`, `splitProgress`) are its reference twin: the same bits (the kernel's
    /// file says why).
    private func kernelProgress(
        _ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, _ count: Int,
        _ elements: UnsafeMutablePointer<SIMD2<Double>>
    ) -> Int {
        let fast = UnsafeRawPointer(elements + Table.Fast.base).assumingMemoryBound(to: Double.self)
        return withUnsafeTemporaryAllocation(of: Int64.self, capacity: Table.Batch.noteCapacity) { notes in
            let notes = notes.baseAddress!
            var i = 0, done = 0
            while count &- i >= 4 {
                let n = cadence_timing_batch4(
                    fast, input + i, output + i, (count &- i) &>> 2, notes, Table.Batch.noteCapacity, &done)
                for k in 0..<n {
                    let start = i &+ Int(notes[k] &>> 4), open = Int(notes[k] & 0xF)
                    for lane in 0..<4 where open & (1 &<< lane) != 0 {
                        output[start &+ lane] = progress(at: output[start &+ lane])
                    }
                }
                i &+= 4 &* done
            }
            return i
        }
    }

    /// The vector loop of `clampedProgress` for `Table.Batch.splitCount` inputs or more:
    /// groups of four inputs from `input[0]` on, as many as fit in `count`; returns how many
    /// inputs it wrote. Chunk by chunk: the inputs split by half into two packed lists
    /// (`Table.Batch.split`), each list evaluated four at a time with its half's
    /// coefficients, the lanes the vector test leaves finished by the scalar function, and
    /// the outputs put back in the inputs' order (`Table.Batch.merge`).
    private func splitProgress(
        _ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<Double>, _ count: Int,
        _ elements: UnsafeMutablePointer<SIMD2<Double>>
    ) -> Int {
        typealias Batch = Table.Batch
        let batch = Batch(elements)
        return withUnsafeTemporaryAllocation(of: Batch.V.self, capacity: Batch.splatCount) { lowerSplats in
        withUnsafeTemporaryAllocation(of: Batch.V.self, capacity: Batch.splatCount) { upperSplats in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Batch.slots) { xs in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Batch.slots) { ys in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Batch.chunkGroups &+ 2) { pending in
            // The merge reads lanes of `ys` that it throws away (past a list's end, before
            // the upper list's start): numbers too.
            ys.initialize(repeating: 0)
            let splats = (lowerSplats.baseAddress!, upperSplats.baseAddress!)
            batch.splat(half: 0, into: splats.0)
            batch.splat(half: 1, into: splats.1)
            let bounds = (batch.tieredBounds(half: 0), batch.tieredBounds(half: 1))
            let xs = xs.baseAddress!, ys = ys.baseAddress!, pending = pending.baseAddress!
            var i = 0
            var remaining = count &>> 2  // groups
            while remaining > 0 {
                // Chunks of equal size (a call of 32 groups is two of 16, not 30 and 2): each
                // list's last group is part empty, so fewer, fuller chunks waste fewer lanes.
                let chunks = (remaining &+ Batch.chunkGroups &- 1) / Batch.chunkGroups
                let groups = (remaining &+ chunks &- 1) / chunks
                remaining &-= groups
                let lower = Batch.split(input + i, groups: groups, into: xs)
                let upperStart = Batch.top &- (4 &* groups &- lower)
                // The lanes past each list's end, read by its last group: a number each.
                UnsafeMutableRawPointer(xs + lower).storeBytes(of: Batch.V(repeating: 0.25), as: Batch.V.self)
                UnsafeMutableRawPointer(xs + Batch.top).storeBytes(of: Batch.V(repeating: 0.25), as: Batch.V.self)
                var n = 0
                for half in 0..<2 {
                    n = batch.evaluate(
                        xs, ys, from: half == 0 ? 0 : upperStart, to: half == 0 ? lower : Batch.top, half: half,
                        splats: half == 0 ? splats.0 : splats.1, bounds: half == 0 ? bounds.0 : bounds.1,
                        pending: pending, noted: n)
                }
                // The noted lanes of the lists through the scalar function.
                for k in 0..<n {
                    let start = pending[k] &>> 4, open = pending[k] & 0xF
                    for lane in 0..<4 where open & (1 &<< lane) != 0 {
                        let slot = start &+ lane
                        guard slot < lower || slot >= upperStart && slot < Batch.top else { continue }
                        ys[slot] = progress(at: xs[slot])
                    }
                }
                Batch.merge(ys, groups: groups, inputs: input + i, into: output + i)
                i &+= 4 &* groups
            }
            return i
        }
        }
        }
        }
        }
    }

    /// The vector loop of `clampedProgress` for fewer inputs: groups of four from `input[0]`
    /// on, as many as fit in `count`, each input on its own half (a lane's coefficients
    /// picked from its half's pair, `Table.Batch.progress(_:)`), nothing to set up; returns
    /// how many inputs it wrote.
    private func mixedProgress(
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
    /// The fast path's data read for four inputs a vector (see the file's comment): on the
    /// long route each vector holds one half's inputs and reads that half's coefficients
    /// broadcast (`splat`, `evaluate`); on the short route each lane picks its half's
    /// (`progress(_:)`).
    @usableFromInline
    struct Batch {
        @usableFromInline typealias V = SIMD4<Double>
        @usableFromInline typealias Mask = SIMDMask<SIMD4<Int64>>
        /// Inputs from which a call splits them by half (`split`, `evaluate`, `merge`): the
        /// split's setup (the coefficients in lanes, the buffers) is paid back over a few
        /// hundred inputs; shorter calls (the animations' blocks of 64 and 128 times) pick
        /// each lane's coefficients instead (`progress(_:)`).
        static let splitCount = 256
        /// Groups of four the picking loop evaluates before it finishes the lanes the vector
        /// test left: a list of the groups and their inputs of 16 × 48 bytes, under the
        /// 1 KiB that `withUnsafeTemporaryAllocation` always keeps on the stack.
        static let pendingCapacity = 16
        /// Groups the AVX2 kernel may note in one call (`cadence_timing_batch4`): two chunks'
        /// worth (a chunk notes each of its groups at most once), 128 notes of 8 bytes, the
        /// 1 KiB that `withUnsafeTemporaryAllocation` always keeps on the stack. A call stops
        /// before a chunk that could overflow it, and its first chunk always fits, so each call
        /// of `kernelProgress`'s loop moves on by at least one chunk. A literal (a constant
        /// the optimizer sees), checked against `2 × CADENCE_TIMING_BATCH_GROUPS` by
        /// `testKernelIndicesAreTheTables`.
        static let noteCapacity = 128
        /// Groups of four a chunk holds: its inputs split into the two lists of `slots`
        /// doubles (1 KiB, what `withUnsafeTemporaryAllocation` always keeps on the stack).
        static let chunkGroups = 30
        /// Where the upper half's list ends (it grows down from there): four slots past the
        /// chunk, so that a store of four lanes at either list's front never reaches the
        /// other list.
        static let top = 4 * chunkGroups + 4
        /// Doubles in each list buffer: `top` and four more, read by the upper list's last
        /// group.
        static let slots = top + 4
        /// Bits set in each 4-bit mask, 4 bits each (`m`'s count at bits `4m … 4m + 3`).
        static let setBits = 0x4332_3221_3221_2110
        @usableFromInline let f: UnsafePointer<SIMD2<Double>>
        @usableFromInline let mode: SIMD2<Double>
        /// Whether the vector loop serves the curve: its single polynomial guess follows it
        /// after at most two Newton steps (the batch does not read the pieces).
        @inlinable @inline(__always)
        static func applies(_ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Bool {
            elements[Fast.base + Fast.mode][1] >= 0
        }

        /// The largest bound of each half over the binades from `Fast.firstBoundedBinade`
        /// to `h = 1/2` (lane 0 lower, lane 1 upper): the short route's vector test, for
        /// every input (the long route tests against `tieredBounds`).
        @usableFromInline let largestBound: SIMD2<Int64>

        @inlinable @inline(__always)
        init(_ elements: UnsafeMutablePointer<SIMD2<Double>>) {
            f = UnsafePointer(elements + Fast.base)
            mode = f[Fast.mode]
            let bounds = UnsafeRawPointer(f + Fast.bounds).assumingMemoryBound(to: Int16.self)
            var largest = SIMD2<Int64>()
            for binade in Fast.firstBoundedBinade..<(Fast.boundsPerHalf &- 2) {
                largest[0] = Swift.max(largest[0], Self.bound(bounds[binade]))
                largest[1] = Swift.max(largest[1], Self.bound(bounds[Fast.boundsPerHalf &+ binade]))
            }
            largestBound = largest
        }

        /// `progress(at:)` for the four inputs `x`, each on its own half, where the vector
        /// test settles them (`settled`); the other lanes hold no meaningful value. Each
        /// coefficient is its `(lower, upper)` pair loaded into both 128-bit halves of a
        /// vector, and one in-lane permute picks each lane's (`cadence_pick4`).
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
            typealias I = SIMD4<Int64>
            let bound = I(repeating: largestBound[0]).replacing(with: I(repeating: largestBound[1]), where: isUpper)
            return Self.gridValues(y, excess: excess, h: h, bound: bound)
        }

        /// The bounds `evaluate` tests half `half`'s lanes against, by the binade of `h`
        /// (`Fast.bounds`): lane 0 the largest below `h = 1/8` (from
        /// `Fast.firstBoundedBinade` on), lane 1 the one of `1/8 … 1/4`, lane 2 the larger of
        /// `1/4 … 1/2` and `h = 1/2`. The binades next to the middle hold three inputs in
        /// four and often the largest bound (a steep middle's is up to 10× the others').
        func tieredBounds(half: Int) -> SIMD4<Int64> {
            let bounds = UnsafeRawPointer(f + Fast.bounds).assumingMemoryBound(to: Int16.self) + half &* Fast.boundsPerHalf
            let quarterBinade = Fast.boundsPerHalf &- 4  // h in 1/4 ..< 1/2; the next one is h = 1/2
            var below: Int64 = 0
            for binade in Fast.firstBoundedBinade..<(quarterBinade &- 1) { below = Swift.max(below, Self.bound(bounds[binade])) }
            return SIMD4(below, Self.bound(bounds[quarterBinade &- 1]),
                         Swift.max(Self.bound(bounds[quarterBinade]), Self.bound(bounds[quarterBinade &+ 1])), 0)
        }

        /// A binade's bound in ulps from its stored value (`Fast.bounds`, less `Fast.boundBias`).
        @inlinable @inline(__always)
        static func bound(_ stored: Int16) -> Int64 { Int64(stored) &+ Int64(Fast.boundBias) }

        /// The coefficients `splat` writes per half: `Fast`'s elements up to `Fast.limit`,
        /// then `Fast.largest`.
        static let splatCount = Fast.limit + 2

        /// Writes half `half`'s coefficients to `splats`, each in the four lanes of a vector
        /// (`evaluate` reads them from there: one load, or an operand of the arithmetic).
        /// Out of line, so that the compiler reads them in the loop rather than holding the
        /// values it stored (more than the registers hold).
        @inline(never)
        func splat(half: Int, into splats: UnsafeMutablePointer<V>) {
            let c = UnsafeRawPointer(f).assumingMemoryBound(to: Double.self) + half
            // `A` only for a half that uses `√h` (`mode[0]`; the loop reads it only then).
            for k in (mode[0] != 0 ? 0 : Fast.b)...Fast.limit { (splats + k).initialize(to: V(repeating: c[2 &* k])) }
            (splats + Fast.limit + 1).initialize(to: V(repeating: c[2 &* Fast.largest]))
        }

        /// Copies `groups` groups of four inputs into `xs` split by half: the lower half's
        /// (`x ≤ 1/2`, and NaN) packed from `xs[0]` up in the inputs' order; the upper half's
        /// packed from `xs[top − 1]` down, a group's lanes in order at the end of the four
        /// slots below the previous group's (so the list runs group by group backwards).
        /// Returns how many inputs are in the lower list. One permute and two stores a group
        /// (`cadence_partition4`): the lower lanes land at the lower list's front, the upper
        /// ones at the upper list's, the other lanes of each store in the free slots between.
        @inline(__always)
        static func split(
            _ input: UnsafePointer<Double>, groups: Int, into xs: UnsafeMutablePointer<Double>
        ) -> Int {
            var lower = 0, upper = 0
            for g in 0..<groups {
                let x = UnsafeRawPointer(input + 4 &* g).loadUnaligned(as: V.self)
                let mask = Int(cadence_signs4(unsafeBitCast(x .> 0.5, to: V.self)))
                let ordered = cadence_partition4(x, Int32(truncatingIfNeeded: mask))
                UnsafeMutableRawPointer(xs + lower).storeBytes(of: ordered, as: V.self)
                UnsafeMutableRawPointer(xs + (top &- 4 &- upper)).storeBytes(of: ordered, as: V.self)
                let up = (setBits &>> (4 &* mask)) & 0xF
                lower &+= 4 &- up
                upper &+= up
            }
            return lower
        }

        /// Evaluates the list `xs[start..<end]` of inputs on half `half` four at a time into
        /// the same slots of `ys` (the last group's lanes past `end` too, thrown away), and
        /// notes each group with a lane the vector test leaves in `pending[noted...]` as its
        /// slot shifted by 4 with those lanes as bits. Returns the notes' new count.
        @inline(__always)
        func evaluate(
            _ xs: UnsafeMutablePointer<Double>, _ ys: UnsafeMutablePointer<Double>, from start: Int, to end: Int,
            half: Int, splats: UnsafeMutablePointer<V>, bounds: SIMD4<Int64>, pending: UnsafeMutablePointer<Int>,
            noted: Int
        ) -> Int {
            typealias I = SIMD4<Int64>
            let sign = V(repeating: half == 0 ? 1 : -1), offset = V(repeating: Double(half))
            let (below, eighth, quarter) = (I(repeating: bounds[0]), I(repeating: bounds[1]), I(repeating: bounds[2]))
            var n = noted
            var p = start
            while p < end {
                let x = UnsafeRawPointer(xs + p).loadUnaligned(as: V.self)
                let (y, excess, h) = TimingFunction.Table.fastLanes(x, signs: sign, offsets: offset, mode: mode) {
                    splats[$0 == Fast.largest ? Fast.limit &+ 1 : $0]
                }
                let bound = below.replacing(with: eighth, where: h .>= 0.125).replacing(with: quarter, where: h .>= 0.25)
                let (value, settled) = Self.gridValues(y, excess: excess, h: h, bound: bound)
                UnsafeMutableRawPointer(ys + p).storeBytes(of: value, as: V.self)
                let open = 0xF ^ Int(cadence_signs4(unsafeBitCast(settled, to: V.self)))
                pending[n] = p &<< 4 | open
                n &+= open != 0 ? 1 : 0
                p &+= 4
            }
            return n
        }

        /// Writes `groups` groups of four outputs to `output` in the order of `inputs`, from
        /// the lists `split` made of them (evaluated in place in `ys`). Each group's halves
        /// are read again from its inputs before its outputs are written, so `output` may be
        /// `inputs`.
        @inline(__always)
        static func merge(
            _ ys: UnsafeMutablePointer<Double>, groups: Int, inputs: UnsafePointer<Double>,
            into output: UnsafeMutablePointer<Double>
        ) {
            // The upper list holds the groups' upper lanes from `Batch.top` down, a group's
            // in order at the end of the four slots below the previous group's.
            var lower = 0, upper = top
            for g in 0..<groups {
                let isUpper = UnsafeRawPointer(inputs + 4 &* g).loadUnaligned(as: V.self) .> 0.5
                let select = unsafeBitCast(isUpper, to: V.self)
                let mask = Int(cadence_signs4(select))
                let up = (setBits &>> (4 &* mask)) & 0xF
                let a = UnsafeRawPointer(ys + lower).loadUnaligned(as: V.self)
                let b = UnsafeRawPointer(ys + (upper &- 4)).loadUnaligned(as: V.self)
                UnsafeMutableRawPointer(output + 4 &* g).storeBytes(
                    of: cadence_unpartition4(a, b, Int32(truncatingIfNeeded: mask), select), as: V.self)
                lower &+= 4 &- up
                upper &-= up
            }
        }

        /// `gridValue`'s test in the lanes against `bound`, per lane at least the bound of
        /// the input's binade (the half's largest, or its tier's): the grid points nearest
        /// `y`, and the lanes where the test proves them the exact output's rounding. It
        /// settles a subset of the lanes the scalar test settles; the others go to the scalar
        /// function.
        @inlinable @inline(__always)
        static func gridValues(_ y: V, excess: V, h: V, bound: SIMD4<Int64>) -> (value: V, settled: Mask) {
            typealias I = SIMD4<Int64>
            let bits = unsafeBitCast(y, to: I.self)
            // From the first bounded binade to 1/2 (not NaN, not outside 0…1), |y| < 1, the
            // guess close enough.
            let magnitude = unsafeBitCast(bits & 0x7FFF_FFFF_FFFF_FFFF, to: V.self)
            let firstBounded = Double(sign: .plus, exponent: Fast.firstBoundedBinade &- 30, significand: 1)
            let valid = (h .>= firstBounded) .& (magnitude .< 1) .& (excess .<= 0)
            // Farther than the bound from the boundary 2^12 ulps into the dropped 13 bits.
            let low = (bits & 0x1FFF) &- 0x1000
            let settled = valid .& ((low .> bound) .| (low .< I() &- bound))
            return (unsafeBitCast((bits &+ 0x1000) & ~0x1FFF, to: V.self), settled)
        }
    }
}
