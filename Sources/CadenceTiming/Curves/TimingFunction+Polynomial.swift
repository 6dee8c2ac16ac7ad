import CCadenceFeatures

// The default's fast path (`progress(at:)`): a polynomial guess of the curve parameter for
// both halves at once, one correction, and the grid test against a bound per binade of the
// input. Both halves run in the two lanes of a `SIMD2<Double>` (lane 0 the curve at `x`,
// lane 1 the curve turned end for end at `1 − x`), so nothing waits for the choice of half
// until the result is picked: no table index, no gather, no square root on the way to the
// guess for curves whose ends are not vertical.
//
// 1. The guess, per half, fitted in `init`: `t ≈ h·B(z)` with `z = 4h − 1` and `B` of
//    degree 7 (least squares relative to `t` on 24 Chebyshev nodes, `B(−1) = 1/X'(0)`),
//    or, for a half whose curve leaves vertically (`X'(0) = 0`, where `t` grows as `√h`),
//    `t ≈ √h·A(z) + h·B(z)` (interpolated on 14 nodes with the two leading terms of the
//    expansion at 0). Better than 3e-7 relative on the named curves; a curve whose guess
//    is worse (a steep middle such as (0.9, 0, 0.1, 1), or the default's lower half) takes
//    one or two plain Newton steps, chosen in `init` by sampling.
//    Curves that need two steps (or whose guess cannot follow them) keep a piecewise
//    guess too, which `progress(at:)` takes instead (out of line): up to 16 pieces, each
//    a run of the 64 cells of `h` (cell `c` for `126h` within 1/2 of `c`: the nearest
//    integer, one multiply-add with 2^52, no exponent), and a byte per cell naming its
//    piece; `t ≈ h·B_k(w)`, `w = h·scale_k + offset_k` in −1…1 across the piece, `B_k` of
//    degree 7 interpolating `t/h` at 8 Chebyshev nodes. The runs start 8 cells wide and
//    are halved where the guess misses the tolerance, so they end narrow next to a steep
//    middle (closer to the inverse's branch point than a uniform piece could be) and need
//    no Newton step there. Steps, if a one-cell piece still needs them, only from the
//    first piece that does, and a bound per piece besides the binade's (the lesser holds).
//    The batch keeps the single polynomial.
// 2. The correction: `X(t) − h`, `X'`, `X''/2`, `Y`, `Y'` and `Y''/2` at the guess, side by
//    side; the one division `1/X'`; then `y = Y + Y'δ₁ + (Y''/2 − Y'·X''/2X')·δ₁²` with
//    `δ₁ = −(X(t) − h)/X'` (the output's series to second order).
// 3. The test: the guess must be within `limit·t` (`|δ₁| ≤ limit·t`, which bounds the
//    series' truncation), and the output farther from a grid boundary than the bound of the
//    input's binade (`Fast.bounds`, in ulps of the least output there); then adding half the
//    dropped bits and clearing them is the grid rounding. Otherwise `nil`: the longer paths.

extension TimingFunction.Table {
    /// Where the fast path's data lives, in 16-byte elements after the halves (each element
    /// a `(lower, upper)` pair).
    @usableFromInline
    enum Fast {
        /// The first element.
        @usableFromInline static let base = 2 * TimingFunction.Table.halfCount
        /// `A` (8 coefficients in powers of `z`), then `B` (8).
        @usableFromInline static let a = 0, b = 8
        /// `X`: `a, b, c, 3a, 2b`.
        @usableFromInline static let xa = 16, xb = 17, xc = 18, x3a = 19, x2b = 20
        /// The output polynomial: `a, b, c, d, 3a, 2b`.
        @usableFromInline static let ya = 21, yb = 22, yc = 23, yd = 24, y3a = 25, y2b = 26
        /// The guess limit of each half (`|δ₁| ≤ limit·t`).
        @usableFromInline static let limit = 27
        /// The largest guess each half accepts: its root at `h = 1/2`, times `1 + 2^-10`.
        /// Below it (and above 0, which the limit test implies) the cubic `X(t) = h` has one
        /// root, as `X` increases on 0…1, so a small correction finds that root.
        @usableFromInline static let largest = 37
        /// Lane 0: 1 when a half uses `√h` (its curve leaves vertically), else 0; lane 1: the
        /// plain Newton steps after the guess (0, 1 or 2), or −1 when the polynomial guess is
        /// too far off even after two and `progress(at:)` takes the table's guess instead
        /// (`Table.plainOutput`). The same for both halves.
        @usableFromInline static let mode = 28
        /// The bounds: 32 `Int16` per half (lower half first), one per binade of `h`, in
        /// ulps of the least output magnitude there, each stored less `boundBias`;
        /// `Int16.max − boundBias` where the fast path must not answer.
        @usableFromInline static let bounds = 29
        /// What `bounds` and `pieceBounds` store less than the bound: 2^12, half the grid's
        /// step in ulps, so that `gridValue` adds the stored value to the dropped bits as
        /// they are (`|low 13 bits − 2^12| > bound` is `low 13 bits + (bound − 2^12)`, as an
        /// unsigned number, above `2·(bound − 2^12) + 2^13`): one subtraction fewer a call.
        @usableFromInline static let boundBias = 0x1000
        /// The pieces' bounds, as `bounds` (less `boundBias`) but per piece: `pieceCount` `Int16` per half, the
        /// lower half's at the start and the upper half's `halfStride` bytes on (each in its
        /// own 64 bytes, so that the half's offset reads them as it reads `bounds`), piece
        /// `k` at `k`; piece 0 (and unused ones) `Int16.max`, as the binades' bounds serve its
        /// inputs. An input's bound is the lesser of its binade's and its piece's (tighter
        /// near a steep middle, where a binade is wide).
        @usableFromInline static let pieceBounds = cells + 4
        /// Elements, with every piece (the cells, the pieces' bounds and the pieces come
        /// last: a curve without pieces is stored without them, one with fewer than
        /// `pieceCount` without the rest; `Table.storedCount`).
        static let count = pieces + pieceCount * pieceStride
        /// Binade index of `h = 2^-30` (its biased exponent): inputs below take the full path.
        @usableFromInline static let firstExponent = 1023 - 30
        /// Bounds per half (binades 2^-30 … 2^-1, and `h = 1/2`).
        @usableFromInline static let boundsPerHalf = 32
        /// The guess limit's scale: `limit = 2^-20 / bend`, where `bend` is the half's
        /// largest `max(|X''/2X'|·t, √|a/X'|·t)`, so that the series' next terms are below
        /// 2^-40 of its first.
        static let limitScale = 0x1p-20
        /// The first binade of `h` with a bound (2^-24 … 2^-23); the ones below send their
        /// inputs to the longer paths.
        @usableFromInline static let firstBoundedBinade = 6
        /// Lane 0, what `progress(at:)` does (one number, so one load and one compare
        /// choose it): `n ≥ 0`, the single polynomial and `n` Newton steps (as `mode`);
        /// −1, the table's guess; `−2 − n`, the pieces below and `n` Newton steps (when the
        /// single polynomial needs steps, its halves leave at an angle and the pieces need
        /// fewer). Lane 1, for the pieces: the first piece whose guess takes the steps (a
        /// steep middle needs them only in the pieces next to it); else 0.
        @usableFromInline static let plan = 38
        /// The batch kernel's bounds (`cadence_timing_batch4`): `batchParts` `Int32` per
        /// half (lower half first; 128 bytes a curve), one per eighth of the binades of `h`
        /// where half and a quarter of the inputs fall: entry `m` for `h` in
        /// `1/8·(1 + m/8) ..< 1/8·(1 + (m + 1)/8)`, entry `8 + m` for `1/4·(1 + m/8) ..<
        /// 1/4·(1 + (m + 1)/8)`; entry 0 serves every smaller `h` too, entry 15 `h = 1/2`
        /// (the kernel looks up `h` held to 1/8 … below 1/2, by its exponent's last bit and
        /// its leading 3 fraction bits). Each holds `min(bound, 4095)·2^19`, where `bound`
        /// is the lesser of the binade's (`bounds`) and the part's own (`pieceBound` over
        /// the part's range of `h`, as the pieces' bounds are made: both hold for every input
        /// of the part); entry 0 the larger of that and every binade's below 1/8, entry 15
        /// of that and `h = 1/2`'s.
        ///
        /// Why a lane the kernel settles is correctly rounded: with `low` the dropped 13
        /// bits less 2^12 (−2^12 … 2^12 − 1), the kernel compares `|low|·2^19` with the
        /// entry as 32-bit integers. Every entry is at least a bound that holds for each
        /// input it serves, so the test is `gridValue`'s, `|low| > bound`, against a bound at
        /// least a true one. The scaled values are exact: `|low|·2^19 ≤ 4095·2^19 < 2^31`,
        /// and `low = −2^12` gives −2^31, which `abs` leaves negative, so that lane is left
        /// to the scalar function (as if its bound were larger; the same bits either way). A
        /// bound of 4095 or more (`Int16.max`, where the fast path must not answer) is
        /// stored as 4095, which no `|low|` exceeds. So a settled lane holds the grid point
        /// nearest the exact output, the scalar call's result. Cost: 32 part bounds more at
        /// construction (each as a binade's).
        @usableFromInline static let batchBounds = 39
        /// The kernel's bounds a half (`batchBounds`).
        @usableFromInline static let batchParts = 16
        /// The piece of each cell of `h` (`Fast.cellsPerUnit`): 64 bytes, the same for both
        /// halves, so that one byte load picks the piece.
        @usableFromInline static let cells = scalars + scalarCount
        /// Each half's scalars for the scalar paths (`fastOutput`, `pieceOutput`): a copy of
        /// the half's lane of `X`'s and `Y`'s coefficients (`xa` … `y2b`), `limit` and
        /// `largest`, 13 doubles (`scalarOffset`), in stripes of 64 bytes, the lower half's
        /// first 8 then the upper half's, then the last 5 of each (so 256 bytes a curve). Like
        /// `bounds`, `split` and the pieces' pairs, whatever the scalar paths read of a half
        /// lies `halfStride` bytes after the lower half's copy, so that the input's half is one
        /// offset (`halfOffset`: a shift and an `and`) and every read is at a constant from it.
        @usableFromInline static let scalars = batchBounds + 2 * batchParts * 4 / 16
        /// Elements of `scalars`.
        @usableFromInline static let scalarCount = 16
        /// Bytes from the lower half's data to the upper half's in `bounds`, `pieceBounds`,
        /// `scalars`, `split` and each piece.
        @usableFromInline static let halfStride = 64
        /// The piecewise guess: up to `pieceCount` pieces of `pieceStride` elements each, the
        /// coefficients of `B_k` in powers of `w` as `Fast.split`'s pairs, 4 elements a half
        /// (lower half first: `(c₃, c₇), (c₂, c₆), (c₁, c₅), (c₀, c₄)`, so that `pieceOutput`
        /// evaluates a half's `B_k` by `splitEstrin`), then the map `(scale, offset)` that
        /// gives `w = h·scale + offset` in −1…1 over the piece, the same for both halves.
        @usableFromInline static let pieces = pieceBounds + 2 * halfStride / 16
        /// Elements per piece.
        @usableFromInline static let pieceStride = degree + 2
        /// The most pieces a curve keeps (the bounds' room per half).
        @usableFromInline static let pieceCount = 16
        /// Cells per unit of `h`: cell `c` holds the inputs with `h·cellsPerUnit` within 1/2
        /// of `c` (the nearest integer, one multiply-add with 2^52, no exponent), 0…63 on
        /// 0…1/2 (the first and last cells half as wide as the others). A piece is a run of
        /// cells: 8 of them at first (1/16 of a unit), halved where the guess is not good
        /// enough, down to one (next to a steep middle, narrower than the distance from the
        /// real axis to the inverse's branch point).
        @usableFromInline static let cellsPerUnit = 126.0
        /// Cells per half.
        static let cellCount = 64
        /// Parts of a binade's range of `t` bounded separately (`storeFastBounds`).
        static let boundedParts = 2
        /// Degree of `A` and `B`.
        @usableFromInline static let degree = 7
        /// The scalar path's copy of `B` and `A` (`fastOutput`), for curves whose plan is
        /// `n ≥ 0` (which have no pieces, so it takes the cells' and pieces' place): `B` of
        /// both halves (the lower half's, then the upper half's, `halfStride` bytes on),
        /// then `A` of both, each as the pairs `(c₃, c₇), (c₂, c₆), (c₁, c₅), (c₀, c₄)` of its
        /// coefficients, so that one half's polynomial is Estrin's scheme in the two lanes of
        /// a vector (`splitEstrin`).
        @usableFromInline static let split = cells
        /// Elements of `split`: 4 a polynomial, 2 polynomials a half.
        @usableFromInline static let splitCount = 16
        /// The plan's bit for a curve whose halves use `√h` (`mode[0]`), beside its `n`
        /// Newton steps (1 or 2 in the low two bits, so that `& 3` and `& 2` test them).
        @usableFromInline static let rootedPlan = 4
    }

    /// What `progress(at:)` does with the curve (`Fast.plan`'s lane 0, an `Int` in the
    /// double's place, so that one load and bit tests choose every branch): `n ≥ 0`, the
    /// single polynomial with `√h` if `n & Fast.rootedPlan` and `n & 3` Newton steps; −1,
    /// the table's guess; `−2 − n`, the pieces and `n` Newton steps.
    @inlinable @inline(__always)
    static func plan(_ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Int {
        UnsafeRawPointer(elements + Fast.base + Fast.plan).load(as: Int.self)
    }

    /// `progress(at:)`'s fast path for `x` in `(2^-30, 1 − 2^-30)`: the grid point nearest
    /// the output when the test proves it, else `nil` (see the file's comment).
    ///
    /// Error bound of the value tested, with `u = 2^-53` (`2u` a step without a fused
    /// multiply-add): `Y` at the guess by Estrin's scheme within `3u·(S_y + |d|)`, where
    /// `S = |a|t³ + |b|t² + |c|t`; the residual `t²·(a·t + b) + (c·t − h)` within
    /// `u·(S_x + 3P)`, `P = |a·t³ + b·t²|` (the coefficients' rounding `u·S_x`; `t²` and
    /// `a·t + b` round once each, `2u·P`; `c·t − h` once, and it is `−P` but for the
    /// residual itself, `u·P`; the last step's rounding is `u` of the residual, below
    /// `2^-20·X'·t`), without a fused multiply-add `2u·S_x + 4u·P`, carried by `|dy/dx|`;
    /// the last two steps round twice more (`2u·|y|`); the correction's own rounding is
    /// below `8u·|Y'δ₁|`, and `|δ₁| ≤ limit·t ≤ 2^-20·t`; the truncation of the series is at
    /// most `4Q²|Y'δ₁| + 3Q|Y''/2|δ₁² + 2|a_y||δ₁|³` with `Q ≤ 2^-20`. The binade's bound
    /// (`storeFast`) is `4u·(2·(S_y + |d|) + max|Y'|/min|X'|·(S_x + 3P)/4)` (`8u` without a
    /// fused multiply-add) over the binade's range of `t`, with 1/64 to spare (which covers
    /// the residual's own rounding and the correction's, both below `2^-15` of the
    /// residual's term), plus the truncation term: it covers these. (`(S_x + h)` in place
    /// of `(S_x + 3P)/4` until 2026-11-26: 2–8× wider on that term.)
    ///
    /// One half only, in scalars: `h = min(x, 1 − x)` and the half's data (`Fast.scalars`,
    /// `Fast.split`, `Fast.bounds`) at the input's half's offset (`halfOffset`), so no lane
    /// is picked at the end and every read is at a constant from one address; the guess
    /// from `Fast.split` (`splitEstrin`). Every operation is the one the lanes' form
    /// (`fastLanes`, the batch) computes in that half's lane, on a copy of the same values,
    /// so the result's bits are the same.
    ///
    /// `X`'s first four coefficients are read once, before the Newton steps, and kept in
    /// registers for the steps and the correction (read in each, the step's reads were not
    /// carried over its branch: four loads more on the default).
    @inlinable @inline(__always)
    static func fastOutput(_ x: Double, plan: Int, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double? {
        // `h` is the lanes' `x` or `1 − x` on the input's half (`1 − x` is exact where it is
        // the lesser, and NaN fails the tests either way), `z = 4h − 1` as the lanes make it.
        let h = Swift.min(x, 1 - x)
        let half = UnsafeRawPointer(elements + Fast.base) + halfOffset(x, 1 - x)
        let split = (half + Fast.split &* 16).assumingMemoryBound(to: SIMD2<Double>.self)
        let z = multiplyAdd(h, 4, -1)
        var t = h * splitEstrin(z, split)
        if plan & Fast.rootedPlan != 0 { t = multiplyAdd(cadence_sqrt(h), splitEstrin(z, split + 2 &* Fast.halfStride / 16), t) }
        let c = { (k: Int) -> Double in half.load(fromByteOffset: scalarOffset(k), as: Double.self) }
        let xa = c(Fast.xa), xb = c(Fast.xb), xc = c(Fast.xc), x3a = c(Fast.x3a)
        let coefficient = { (k: Int) -> Double in
            k == Fast.xa ? xa : k == Fast.xb ? xb : k == Fast.xc ? xc : k == Fast.x3a ? x3a : c(k)
        }
        if plan & 3 != 0 {
            t = newtonStep(t, h, coefficient)
            if plan & 2 != 0 { t = newtonStep(t, h, coefficient) }
        }
        return correctedValue(h, t, half: half, piece: nil, coefficient)
    }

    /// A polynomial of degree 7 in `z` stored as `Fast.split`'s four pairs at `p`: Estrin's
    /// scheme with its two halves in the lanes (`cadence_split_estrin`), every operation
    /// `estrin`'s, so the same bits.
    @inlinable @inline(__always)
    static func splitEstrin(_ z: Double, _ p: UnsafePointer<SIMD2<Double>>) -> Double {
        cadence_split_estrin(z, p)
    }

    /// `fastOutput` with the piecewise guess and `steps` Newton steps after it (a curve
    /// whose plan is `−2 − steps`); the bound is the lesser of the binade's and the piece's.
    ///
    /// One half, in scalars, as `fastOutput`: the piece's coefficients, `X`'s and `Y`'s and
    /// the bounds read at the input's half's offset. The piece of `h = min(x, 1 − x)`
    /// (`pieceIndex`), then `t ≈ h·B_k(w)`, `w = h·scale_k + offset_k` in −1…1 across the
    /// piece, by Estrin's scheme on the half's pairs (`splitEstrin`): every operation the one
    /// the lanes' form (until 2026-11-28) computed in that half's lane, so the same bits,
    /// without picking the lanes through the stack at the end.
    @inlinable @inline(__always)
    static func pieceOutput(_ x: Double, steps: Int, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double? {
        let f = UnsafePointer(elements + Fast.base)
        let h = Swift.min(x, 1 - x)
        let half = UnsafeRawPointer(f) + halfOffset(x, 1 - x)
        let c = { (k: Int) -> Double in half.load(fromByteOffset: scalarOffset(k), as: Double.self) }
        // A NaN or an input outside 0…1 reads a piece and fails the tests later.
        let index = pieceIndex(h, f)
        let first = Fast.pieces &+ index &* Fast.pieceStride
        let map = f[first &+ Fast.degree &+ 1]  // (scale, offset), the same for both halves
        let w = multiplyAdd(h, map[0], map[1])
        var t = h * splitEstrin(w, (half + first &* 16).assumingMemoryBound(to: SIMD2<Double>.self))
        // Only the pieces from `plan[1]` on take the steps (a branch taken by the inputs
        // near a steep middle).
        if steps > 0, Double(index) >= f[Fast.plan][1] {
            t = newtonStep(t, h, c)
            if steps > 1 { t = newtonStep(t, h, c) }
        }
        return correctedValue(h, t, half: half, piece: index, c)
    }

    /// The byte offset of the input's half's data from the lower half's in the striped
    /// parts of `Fast` (`Fast.halfStride` for the upper half, else 0), from `x` and the
    /// `1 − x` that `h` needs anyway: the sign of `(1 − x) − x`, spread over the word by an
    /// arithmetic shift, then an `and`, rather than a branch. On 0…1 it is the sign of
    /// 1/2 − x (x = 1/2, giving +0, is the lower half's): below 1/2, `1 − x` rounds to 1/2
    /// or more, above `x`; from 1/2 up it is exact. A NaN reads either half and fails the
    /// tests later.
    @inlinable @inline(__always)
    static func halfOffset(_ x: Double, _ oneMinusX: Double) -> Int {
        (Int(truncatingIfNeeded: (oneMinusX - x).bitPattern) >> 63) & Fast.halfStride
    }

    /// The byte offset of `Fast` element `k`'s copy in a half's scalars (`Fast.scalars`),
    /// for `k` in `Fast.xa … Fast.y2b`, `Fast.limit` or `Fast.largest`: slots 0…12 in that
    /// order, the first 8 in one stripe, the rest in the next but one.
    @inlinable @inline(__always)
    static func scalarOffset(_ k: Int) -> Int {
        let slot = k == Fast.limit ? Fast.y2b &- Fast.xa &+ 1 : k == Fast.largest ? Fast.y2b &- Fast.xa &+ 2 : k &- Fast.xa
        return Fast.scalars &* 16 &+ (slot >> 3) &* (2 &* Fast.halfStride) &+ (slot & 7) &* 8
    }

    /// The fast path's arithmetic for inputs in lanes (see the file's comment): `xs` holds
    /// each input in the lanes of its half (`signs` ±1 and `offsets` 0 or 1 make `h = x`
    /// or `1 − x`), `c(k)` is `Fast`'s element `k` with each lane's half's value, `mode`
    /// the curve's mode. Returns the output, the guess test (`≤ 0` when trusted) and `h`,
    /// per lane, for the batch. Each lane's arithmetic is the same whatever the lane width,
    /// and the scalar path (`fastOutput`, which forms `h` and `z` from scalars) gives the
    /// same bits in the lane it reads, so the scalar path and the batch agree.
    @usableFromInline @_transparent
    static func fastLanes<V: SIMD & FloatingLanes & SquareRootLanes>(
        _ xs: V, signs: V, offsets: V, mode: SIMD2<Double>, _ c: (Int) -> V
    ) -> (y: V, excess: V, h: V) where V.Scalar == Double {
        let h = multiplyAdd(xs, signs, offsets)  // x or 1 − x, each exact or rounded once
        let z = multiplyAdd(xs, signs * 4, offsets * 4 - 1)  // 4h − 1
        let t = polynomialGuess(z, h, mode: mode, c)
        let (y, excess) = correctedLanes(h, t, c)
        return (y, excess, h)
    }

    /// The single polynomial's guess of `t` for `h` (`h·B(z)`, plus `√h·A(z)` when the
    /// half leaves vertically), `z = 4h − 1`, after the curve's plain Newton steps.
    @usableFromInline @_transparent
    static func polynomialGuess<V: SIMD & FloatingLanes & SquareRootLanes>(
        _ z: V, _ h: V, mode: SIMD2<Double>, _ c: (Int) -> V
    ) -> V where V.Scalar == Double {
        var t = h * estrin(z, from: Fast.b, c)
        // `mode[0]` is 0 or 1: `> 0` is one compare and branch, where `!= 0` is two (NaN).
        if mode[0] > 0 { t = multiplyAdd(V.laneSquareRoot(h), estrin(z, from: Fast.a, c), t) }
        return newtonSteps(t, h, steps: mode[1], c)
    }

    /// The piece of `h`: the piece of its cell, the integer nearest `h·cellsPerUnit`
    /// (adding 2^52 rounds it into the low bits), masked to the cells, so that NaN and `h`
    /// outside 0…1/2 read one.
    @inlinable @inline(__always)
    static func pieceIndex(_ h: Double, _ f: UnsafePointer<SIMD2<Double>>) -> Int {
        let cell = Int(truncatingIfNeeded: multiplyAdd(h, Fast.cellsPerUnit, 0x1p52).bitPattern & 0x3F)
        return Int(UnsafeRawPointer(f + Fast.cells).load(fromByteOffset: cell, as: UInt8.self))
    }

    /// The piecewise guess of `t` for `h` in `2^-30 … 1/2` on half `half` after `steps`
    /// Newton steps, for one half (the longer paths' start on curves with pieces).
    @inlinable @inline(__always)
    static func pieceStart(_ h: Double, half: Int, steps: Double, _ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Double {
        let fast = UnsafePointer(elements + Fast.base)
        let f = UnsafeRawPointer(fast).assumingMemoryBound(to: Double.self) + half
        let index = pieceIndex(h, fast)
        let piece = fast + (Fast.pieces &+ index &* Fast.pieceStride)
        let map = piece[Fast.degree &+ 1]
        let w = multiplyAdd(h, map[0], map[1])
        var p = pieceCoefficient(piece, half: half, Fast.degree)
        for j in stride(from: Fast.degree &- 1, through: 0, by: -1) { p = multiplyAdd(p, w, pieceCoefficient(piece, half: half, j)) }
        var t = h * p
        var steps = steps
        while steps > 0 {
            let residual = multiplyAdd(multiplyAdd(multiplyAdd(f[2 &* Fast.xa], t, f[2 &* Fast.xb]), t, f[2 &* Fast.xc]), t, -h)
            t -= residual / multiplyAdd(multiplyAdd(f[2 &* Fast.x3a], t, f[2 &* Fast.x2b]), t, f[2 &* Fast.xc])
            steps -= 1
        }
        return t
    }

    /// Coefficient `j` of half `half`'s `B_k` in the piece at `piece` (`Fast.pieces`: pair
    /// `3 − j mod 4` of the half's four, lane `j / 4`).
    @inlinable @inline(__always)
    static func pieceCoefficient(_ piece: UnsafePointer<SIMD2<Double>>, half: Int, _ j: Int) -> Double {
        piece[half &* 4 &+ 3 &- (j & 3)][j >> 2]
    }

    /// `c(first) + c(first + 1)·z + … + c(first + 7)·z⁷` by Estrin's scheme.
    @usableFromInline @_transparent
    static func estrin<V: FloatingLanes>(_ z: V, from first: Int, _ c: (Int) -> V) -> V {
        let z2 = z * z, z4 = z2 * z2
        return multiplyAdd(
            z4,
            multiplyAdd(z2, multiplyAdd(c(first + 7), z, c(first + 6)), multiplyAdd(c(first + 5), z, c(first + 4))),
            multiplyAdd(z2, multiplyAdd(c(first + 3), z, c(first + 2)), multiplyAdd(c(first + 1), z, c(first))))
    }

    /// `steps` plain Newton steps on `X(t) = h`: none for `steps ≤ 0`, at most two (no curve
    /// takes more). Two tests against constants rather than a counter, so that the loop
    /// keeps no −1 in a register (which the paths out of line clobber).
    @usableFromInline @_transparent
    static func newtonSteps<V: FloatingLanes>(_ start: V, _ h: V, steps: Double, _ c: (Int) -> V) -> V {
        var t = start
        if steps > 0 { t = newtonStep(t, h, c) }
        if steps > 1 { t = newtonStep(t, h, c) }
        return t
    }

    /// One plain Newton step on `X(t) = h` from `t`.
    @usableFromInline @_transparent
    static func newtonStep<V: FloatingLanes>(_ t: V, _ h: V, _ c: (Int) -> V) -> V {
        let tt = t * t
        let residual = multiplyAdd(tt, multiplyAdd(c(Fast.xa), t, c(Fast.xb)), multiplyAdd(c(Fast.xc), t, h * -1))
        return t - residual / multiplyAdd(c(Fast.x3a), tt, multiplyAdd(c(Fast.x2b), t, c(Fast.xc)))
    }

    /// The correction at the guess `t` and the guess test (see the file's comment): the
    /// output and `excess` (`≤ 0` when the guess is trusted), per lane.
    @usableFromInline @_transparent
    static func correctedLanes<V: SIMD & FloatingLanes>(
        _ h: V, _ t: V, _ c: (Int) -> V
    ) -> (y: V, excess: V) where V.Scalar == Double {
        let (y, q) = correction(h, t, c)
        let magnitude = magnitude(q)
        let excess = multiplyAdd(c(Fast.limit) * -1, t, magnitude)
        let above = t - c(Fast.largest)
        return (y, excess.replacing(with: above, where: excess .< above))
    }

    /// The correction's arithmetic at the guess `t` (see the file's comment): the output
    /// and `q = −δ₁`, per lane or for one half's scalars.
    @usableFromInline @_transparent
    static func correction<V: FloatingLanes>(_ h: V, _ t: V, _ c: (Int) -> V) -> (y: V, q: V) {
        // Negations are products by −1: an exact sign flip, which the compiler folds into a
        // negated fused multiply-add (`0 − v` differs from `−v` at zero, so it stays a
        // subtraction; the batch kernel's negated multiply-adds are these, and its `0 − h` gives
        // the same values but for a zero's sign).
        let tt = t * t
        let residual = multiplyAdd(tt, multiplyAdd(c(Fast.xa), t, c(Fast.xb)), multiplyAdd(c(Fast.xc), t, h * -1))
        let x1 = multiplyAdd(c(Fast.x3a), tt, multiplyAdd(c(Fast.x2b), t, c(Fast.xc)))
        let x2 = multiplyAdd(c(Fast.x3a), t, c(Fast.xb))
        let y0 = multiplyAdd(tt, multiplyAdd(c(Fast.ya), t, c(Fast.yb)), multiplyAdd(c(Fast.yc), t, c(Fast.yd)))
        let y1 = multiplyAdd(c(Fast.y3a), tt, multiplyAdd(c(Fast.y2b), t, c(Fast.yc)))
        let y2 = multiplyAdd(c(Fast.y3a), t, c(Fast.yb))
        let inverse = V.splat(1) / x1
        let q = residual * inverse  // −δ₁
        let k2 = multiplyAdd(y1 * x2 * -1, inverse, y2)
        return (multiplyAdd(q * q, k2, multiplyAdd(y1 * -1, q, y0)), q)
    }

    /// One half's scalar ending of `fastOutput` and `pieceOutput`: the correction at the
    /// guess `t` (`c` the half's coefficients), the guess test (the larger of
    /// `|q| − limit·t` and `t − largest`), then `gridValue`.
    @inlinable @inline(__always)
    static func correctedValue(
        _ h: Double, _ t: Double, half: UnsafeRawPointer, piece: Int?, _ c: (Int) -> Double
    ) -> Double? {
        let (y, q) = correction(h, t, c)
        let excess = multiplyAdd(c(Fast.limit) * -1, t, Swift.abs(q))
        let above = t - c(Fast.largest)
        return gridValue(y, excess: excess < above ? above : excess, h: h, half: half, piece: piece)
    }

    /// `|v|` in every lane, by clearing the sign bits (one `and`; NaN stays NaN).
    @usableFromInline @_transparent
    static func magnitude<V: SIMD & FloatingLanes>(_ v: V) -> V where V.Scalar == Double {
        unsafeBitCast(unsafeBitCast(v, to: V.MaskStorage.self) & V.MaskStorage(repeating: .max), to: V.self)
    }

    /// The grid point nearest `y` if the test proves it the exact output's rounding (see
    /// `fastOutput`), else `nil`. `h` is the input on its half, `half` that half's data
    /// (`Fast`'s first element at `halfOffset`), `excess` the guess test, `piece` the piece
    /// the guess came from (`nil` for the single polynomial): the lesser of the binade's and
    /// the piece's bounds holds.
    @inlinable @inline(__always)
    static func gridValue(
        _ y: Double, excess: Double, h: Double, half: UnsafeRawPointer, piece: Int?
    ) -> Double? {
        guard h >= TimingFunction.HalfSolver.tinyInput else { return nil }  // also NaN and outside (0, 1)
        // Ziv's test on the grid in integers, for |y| < 1: the grid keeps the leading 40 bits,
        // so the nearest boundary is |low 13 bits − 2^12| ulps away; the binade's (or the
        // piece's) bound is in ulps of its least output (at most those of this one).
        let bits = y.bitPattern
        let binade = Int(truncatingIfNeeded: h.bitPattern >> 52) &- Fast.firstExponent
        // The bound less `Fast.boundBias`, as stored.
        var biased = Int(half.load(fromByteOffset: Fast.bounds &* 16 &+ 2 &* binade, as: Int16.self))
        if let piece {
            let pieceBound = half.load(fromByteOffset: Fast.pieceBounds &* 16 &+ 2 &* piece, as: Int16.self)
            biased = Swift.min(biased, Int(pieceBound))  // both hold for the input
        }
        // |low − 2^12| > bound, with `low` the dropped bits: `low − 2^12 + bound` outside
        // 0…2·bound, as one unsigned compare.
        let low = Int(truncatingIfNeeded: bits & 0x1FFF)
        let settled = UInt(bitPattern: low &+ biased) > UInt(bitPattern: 2 &* biased &+ 2 &* Fast.boundBias)
            && Swift.abs(y) < 1  // a mask and one compare (the integer form took six instructions)
            && excess <= 0
        return settled ? Double(bitPattern: (bits &+ 0x1000) & ~0x1FFF) : nil
    }

}

/// Lanes with a square root in one vector instruction (`SIMD.squareRoot()` takes the scalar
/// square root lane by lane).
@usableFromInline
protocol SquareRootLanes {
    static func laneSquareRoot(_ v: Self) -> Self
}

extension SIMD2: SquareRootLanes where Scalar == Double {
    @inlinable @inline(__always)
    static func laneSquareRoot(_ v: Self) -> Self { cadence_sqrt2(v) }
}

extension SIMD4: SquareRootLanes where Scalar == Double {
    @inlinable @inline(__always)
    static func laneSquareRoot(_ v: Self) -> Self { cadence_sqrt4(v) }
}

// MARK: - Construction

extension TimingFunction.Table {
    /// The inputs `h` of the cells `first … last`: `h·cellsPerUnit` in
    /// `first − 1/2 … last + 1/2`, within 0…1/2.
    static func pieceRange(cells first: Int, _ last: Int) -> (low: Double, high: Double) {
        (Swift.max(0, (Double(first) - 0.5) / Fast.cellsPerUnit), Swift.min(0.5, (Double(last) + 0.5) / Fast.cellsPerUnit))
    }

    /// The pieces a block keeps (the last cell's piece and those before), 0 without pieces.
    static func usedPieces(_ elements: UnsafeMutablePointer<SIMD2<Double>>) -> Int {
        guard plan(elements) < -1 else { return 0 }
        let cells = UnsafeRawPointer(elements + Fast.base + Fast.cells)
        return Int(cells.load(fromByteOffset: Fast.cellCount - 1, as: UInt8.self)) + 1
    }

    /// The construction's view of a block being filled, before the table owns it (so that
    /// the table can keep only the elements its curve uses).
    struct Builder {
        let elements: UnsafeMutablePointer<SIMD2<Double>>
    }
}

extension TimingFunction.Table.Builder {
    typealias Fast = TimingFunction.Table.Fast

    /// Fits both halves' guesses, stores the polynomials, limits and bounds, and chooses the
    /// Newton steps (see the file's comment). `limits` are the halves' `guessLimit / bend`.
    func storeFast(_ halves: (TimingFunction.HalfSolver, TimingFunction.HalfSolver), limits: InlineArray<2, Double>) {
        let f = elements + Fast.base
        for index in 0..<2 {
            let half = index == 0 ? halves.0 : halves.1
            let x = half.xCurve, y = half.yCurve, s = half.outputSign
            func set(_ slot: Int, _ value: Double) { f[slot][index] = value }
            set(Fast.xa, x.a); set(Fast.xb, x.b); set(Fast.xc, x.c); set(Fast.x3a, 3 * x.a); set(Fast.x2b, 2 * x.b)
            set(Fast.ya, s * y.a); set(Fast.yb, s * y.b); set(Fast.yc, s * y.c); set(Fast.yd, s > 0 ? 0 : 1)
            set(Fast.y3a, 3 * (s * y.a)); set(Fast.y2b, 2 * (s * y.b))
            set(Fast.limit, limits[index] * (Fast.limitScale / TimingFunction.Table.guessLimit))
            set(Fast.largest, Swift.min(1, half.root(0.5, from: 0.5) * (1 + 0x1p-10)))
            // The form: plain where the curve leaves at an angle, with √h where it leaves
            // vertically, and for a nearly vertical start (`X'(0)` small against `X''`)
            // whichever samples better.
            func store(_ fit: (a: InlineArray<8, Double>, b: InlineArray<8, Double>)) {
                for k in 0...Fast.degree {
                    set(Fast.a + k, fit.a[k])
                    set(Fast.b + k, fit.b[k])
                }
            }
            if !(x.c > 0) {
                store(half.fitRooted())
                f[Fast.mode][0] = 1
            } else {
                let plain = half.fitPlain()
                store(plain)
                if x.c < 0.1 * Swift.abs(x.b), x.b > 0 {
                    let plainError = sampledError(half, index: index, rooted: false)
                    store(half.fitRooted())
                    if sampledError(half, index: index, rooted: true) < plainError {
                        f[Fast.mode][0] = 1
                    } else {
                        store(plain)
                    }
                }
            }
        }
        // Newton steps: the fewest that bring the sampled guesses within half the limit.
        var worst = InlineArray<3, Double>(repeating: 0)
        sampleFastGuess(halves, into: &worst)
        let tolerance = 0.5 * Swift.min(f[Fast.limit][0], f[Fast.limit][1])
        // A curve whose guess is still off after two steps (a nearly vertical end or a
        // steep middle the polynomials cannot follow) keeps the table guess (-1).
        f[Fast.mode][1] = worst[0] <= tolerance ? 0 : worst[1] <= tolerance ? 1 : worst[2] <= tolerance ? 2 : -1
        let steps = Int(f[Fast.mode][1])
        setPlan(steps < 0 ? -1 : steps | (f[Fast.mode][0] > 0 ? Fast.rootedPlan : 0))
        storePieces(halves, tolerance: tolerance)
        if TimingFunction.Table.plan(elements) >= 0 { storeSplit() }
        storeScalars()
        for index in 0..<2 {
            let half = index == 0 ? halves.0 : halves.1
            half.storeFastBounds(
                UnsafeMutableRawPointer(f + Fast.bounds).assumingMemoryBound(to: Int16.self) + index * Fast.boundsPerHalf,
                limit: f[Fast.limit][index], guess: { self.fastGuess($0, half: index, steps: Swift.max(0, Int(f[Fast.mode][1]))) })
        }
        storeBatchBounds(halves)
        let bounds = UnsafeMutableRawPointer(f + Fast.bounds).assumingMemoryBound(to: Int16.self)
        for k in 0..<(2 * Fast.boundsPerHalf) { bounds[k] -= Int16(Fast.boundBias) }
    }

    /// Sets the plan (`Table.plan`), an `Int` in lane 0's place.
    func setPlan(_ plan: Int) {
        UnsafeMutableRawPointer(elements + Fast.base + Fast.plan).storeBytes(of: plan, as: Int.self)
    }

    /// Stores `Fast.split`: each half's `B` and `A` (zeros where the half has none) as the
    /// pairs `splitEstrin` reads.
    func storeSplit() {
        let f = elements + Fast.base
        for index in 0..<2 {
            for (polynomial, first) in [Fast.b, Fast.a].enumerated() {
                storePairs(f + Fast.split + (2 * polynomial + index) * Fast.halfStride / 16) { f[first + $0][index] }
            }
        }
    }

    /// Stores `Fast.scalars`: each half's copy of its lane of `X`, `Y`, `limit` and `largest`.
    func storeScalars() {
        let f = elements + Fast.base
        let scalars = UnsafeMutableRawPointer(f)
        for index in 0..<2 {
            for k in Array(Fast.xa...Fast.y2b) + [Fast.limit, Fast.largest] {
                scalars.storeBytes(
                    of: f[k][index], toByteOffset: TimingFunction.Table.scalarOffset(k) + index * Fast.halfStride, as: Double.self)
            }
        }
    }

    /// Stores a polynomial of degree 7 (`coefficient(j)` of `z^j`) at `pairs` as the four
    /// pairs `splitEstrin` reads: `(c₃, c₇), (c₂, c₆), (c₁, c₅), (c₀, c₄)`.
    func storePairs(_ pairs: UnsafeMutablePointer<SIMD2<Double>>, _ coefficient: (Int) -> Double) {
        for j in 0..<4 { pairs[j] = SIMD2(coefficient(3 - j), coefficient(7 - j)) }
    }

    /// Stores the batch kernel's bounds (`Fast.batchBounds`), after the binades'.
    func storeBatchBounds(_ halves: (TimingFunction.HalfSolver, TimingFunction.HalfSolver)) {
        let f = elements + Fast.base
        let entries = UnsafeMutableRawPointer(f + Fast.batchBounds).assumingMemoryBound(to: Int32.self)
        for index in 0..<2 {
            let half = index == 0 ? halves.0 : halves.1
            let binades = UnsafeRawPointer(f + Fast.bounds).assumingMemoryBound(to: Int16.self) + index * Fast.boundsPerHalf
            let eighthBinade = Fast.boundsPerHalf - 5  // h in 1/8 ..< 1/4; then 1/4 ..< 1/2, then h = 1/2
            for entry in 0..<Fast.batchParts {
                let binade = eighthBinade + entry / 8
                let start = Double(sign: .plus, exponent: entry / 8 - 3, significand: 1)
                let range = (low: start * (1 + Double(entry % 8) / 8), high: start * (1 + Double(entry % 8 + 1) / 8))
                var bound = Swift.min(Int32(binades[binade]), Int32(half.pieceBound(range, limit: f[Fast.limit][index])))
                if entry == 0 {
                    for below in Fast.firstBoundedBinade..<binade { bound = Swift.max(bound, Int32(binades[below])) }
                } else if entry == Fast.batchParts - 1 {
                    bound = Swift.max(bound, Int32(binades[binade + 1]))
                }
                entries[index * Fast.batchParts + entry] = Swift.min(bound, 4095) << 19
            }
        }
    }

    /// Fits both halves' pieces and has `progress(at:)` guess from them when they need
    /// fewer Newton steps than the single polynomial (`Fast.plan`): only for curves
    /// whose single polynomial takes two steps (or cannot follow the curve) and whose
    /// halves both leave at an angle.
    func storePieces(_ halves: (TimingFunction.HalfSolver, TimingFunction.HalfSolver), tolerance: Double) {
        typealias Table = TimingFunction.Table
        let f = elements + Fast.base
        // One Newton step costs about what the pieces' index and load cost (measured on the
        // default's lower half): pieces only for curves that need two steps, or more.
        guard f[Fast.mode][0] == 0, !(f[Fast.mode][1] >= 0 && f[Fast.mode][1] < 2) else { return }
        // The partition: runs of 8 cells, then the run whose fit misses the tolerance by
        // most (on either half) halved, while there is room and until every run meets it or
        // is one cell. Next to a steep middle the runs end a cell wide, narrower than the
        // distance to the inverse's branch point, so that no piece needs a Newton step.
        typealias Fit = (first: Int, last: Int, error: Double, lower: InlineArray<8, Double>, upper: InlineArray<8, Double>)
        func fit(_ first: Int, _ last: Int) -> Fit {
            let range = Table.pieceRange(cells: first, last)
            let lower = halves.0.fitPiece(range), upper = halves.1.fitPiece(range)
            let error = Swift.max(halves.0.pieceError(lower, range), halves.1.pieceError(upper, range))
            return (first, last, error, lower, upper)
        }
        let initial = 8
        var fits = InlineArray<16, Fit>(repeating: (0, 0, 0, InlineArray(repeating: 0), InlineArray(repeating: 0)))
        let run = Fast.cellCount / initial
        for k in 0..<initial { fits[k] = fit(k * run, k * run + run - 1) }
        var count = initial
        while count < Fast.pieceCount {
            var worst = -1
            for k in 0..<count where fits[k].error > tolerance && fits[k].last > fits[k].first {
                if worst < 0 || fits[k].error > fits[worst].error { worst = k }
            }
            guard worst >= 0 else { break }
            for k in stride(from: count, to: worst + 1, by: -1) { fits[k] = fits[k - 1] }
            let first = fits[worst].first, last = fits[worst].last, middle = (first + last + 1) / 2
            fits[worst] = fit(first, middle - 1)
            fits[worst + 1] = fit(middle, last)
            count += 1
        }
        let cells = UnsafeMutableRawPointer(f + Fast.cells).assumingMemoryBound(to: UInt8.self)
        for k in 0..<count {
            let range = Table.pieceRange(cells: fits[k].first, fits[k].last)
            let piece = f + Fast.pieces + k * Fast.pieceStride
            storePairs(piece) { fits[k].lower[$0] }
            storePairs(piece + 4) { fits[k].upper[$0] }
            let scale = 2 / (range.high - range.low)
            piece[Fast.degree + 1] = SIMD2(scale, -(range.low + range.high) / (range.high - range.low))
            for cell in fits[k].first...fits[k].last { cells[cell] = UInt8(k) }
        }
        // The steps: none where every piece met the tolerance, else the fewest that bring the
        // pieces' sampled guesses within it, from the first piece that missed it on.
        var worst = InlineArray<3, Double>(repeating: 0)
        var firstStepped = Fast.pieceCount  // the first piece whose guess needs the steps
        for k in 0..<count where !(fits[k].error <= tolerance) {
            firstStepped = Swift.min(firstStepped, k)
            worst[0] = .infinity
        }
        if firstStepped < Fast.pieceCount {
            sampleSteps(halves, pieces: count, cells: { (fits[$0].first, fits[$0].last) }, into: &worst)
        }
        let steps = worst[0] <= tolerance ? 0 : worst[1] <= tolerance ? 1 : worst[2] <= tolerance ? 2 : -1
        let single = f[Fast.mode][1] < 0 ? Int.max : Int(f[Fast.mode][1])
        guard steps >= 0, steps < single else { return }
        f[Fast.plan][1] = Double(firstStepped)
        setPlan(-2 - steps)
        let bounds = UnsafeMutableRawPointer(f + Fast.pieceBounds).assumingMemoryBound(to: Int16.self)
        for index in 0..<2 {
            let half = index == 0 ? halves.0 : halves.1
            for k in 0..<Fast.pieceCount {
                bounds[index * Fast.halfStride / 2 + k] = (k > 0 && k < count
                    ? half.pieceBound(Table.pieceRange(cells: fits[k].first, fits[k].last), limit: f[Fast.limit][index]) : .max)
                    - Int16(Fast.boundBias)
            }
        }
    }

    /// Raises `worst[k]` to the largest relative error of the piecewise guess after `k`
    /// Newton steps, at 4 Chebyshev points of each of the `pieces` pieces (`cells(k)` is
    /// piece `k`'s first and last cell) and a few inputs near 0, on both halves.
    func sampleSteps(
        _ halves: (TimingFunction.HalfSolver, TimingFunction.HalfSolver), pieces: Int,
        cells: (Int) -> (first: Int, last: Int), into worst: inout InlineArray<3, Double>
    ) {
        typealias Table = TimingFunction.Table
        for index in 0..<2 {
            let half = index == 0 ? halves.0 : halves.1
            // Chebyshev points of each piece, and a few inputs near 0.
            let perPiece = 4
            for j in 0..<(pieces * perPiece + 4) {
                let h: Double
                if j < pieces * perPiece {
                    let range = Table.pieceRange(cells: cells(j / perPiece).first, cells(j / perPiece).last)
                    let node = cospi((2 * Double(j % perPiece) + 1) / Double(2 * perPiece))
                    h = 0.5 * (range.low + range.high) - 0.5 * (range.high - range.low) * node
                } else {
                    h = Double(sign: .plus, exponent: -5 * (j - pieces * perPiece) - 10, significand: 1.5)
                }
                let root = half.root(h, from: pieceGuessForSampling(h, half: index, steps: 0))
                for k in worst.indices {
                    let error = Swift.abs(pieceGuessForSampling(h, half: index, steps: k) - root) / root
                    worst[k] = Swift.max(worst[k], error.isNaN ? .infinity : error)
                }
            }
        }
    }

    /// The piecewise guess of `t` for `h` on half `index` after `steps` Newton steps, in
    /// plain arithmetic (construction; `pieceOutput` is the fast path's).
    func pieceGuessForSampling(_ h: Double, half index: Int, steps: Int) -> Double {
        let f = elements + Fast.base
        let k = TimingFunction.Table.pieceIndex(h, f)
        let piece = UnsafePointer(f + Fast.pieces + k * Fast.pieceStride)
        let w = h * piece[Fast.degree + 1][0] + piece[Fast.degree + 1][1]
        var p = 0.0
        for j in stride(from: Fast.degree, through: 0, by: -1) {
            p = p * w + TimingFunction.Table.pieceCoefficient(piece, half: index, j)
        }
        var t = h * p
        for _ in 0..<steps {
            let residual = ((f[Fast.xa][index] * t + f[Fast.xb][index]) * t + f[Fast.xc][index]) * t - h
            t -= residual / ((f[Fast.x3a][index] * t + f[Fast.x2b][index]) * t + f[Fast.xc][index])
        }
        return t
    }

    /// The largest relative error of the stored guess of half `index` without Newton steps
    /// over a few inputs, as if the curve used `√h` (`rooted`) or not.
    func sampledError(_ half: TimingFunction.HalfSolver, index: Int, rooted: Bool) -> Double {
        var worst = 0.0
        for j in 0..<12 {
            let h = 0.25 - 0.25 * cospi((2 * Double(j) + 1) / 24)
            let g = fastGuess(h, half: index, steps: 0, rooted: rooted)
            let root = half.root(h, from: g)
            let error = Swift.abs(g - root) / root
            worst = Swift.max(worst, error.isNaN ? .infinity : error)
        }
        return worst
    }

    /// The fast path's guess of `t` for `h` on half `index`, after `steps` Newton steps
    /// (plain arithmetic, as the fast path computes it).
    func fastGuess(_ h: Double, half index: Int, steps: Int, rooted: Bool? = nil) -> Double {
        let f = elements + Fast.base
        let z = 4 * h - 1
        func polynomial(_ first: Int) -> Double {
            var p = 0.0
            for k in stride(from: Fast.degree, through: 0, by: -1) { p = p * z + f[first + k][index] }
            return p
        }
        var t = h * polynomial(Fast.b)
        if rooted ?? (f[Fast.mode][0] != 0) { t += cadence_sqrt(h) * polynomial(Fast.a) }
        for _ in 0..<steps {
            let residual = ((f[Fast.xa][index] * t + f[Fast.xb][index]) * t + f[Fast.xc][index]) * t - h
            t -= residual / ((f[Fast.x3a][index] * t + f[Fast.x2b][index]) * t + f[Fast.xc][index])
        }
        return t
    }

    /// Raises `worst[k]` to the largest relative error of the fast guess after `k` Newton
    /// steps over 28 inputs per half (Chebyshev points of `h` in 0…1/2, and a few near 0).
    func sampleFastGuess(_ halves: (TimingFunction.HalfSolver, TimingFunction.HalfSolver), into worst: inout InlineArray<3, Double>) {
        let count = 28
        for index in 0..<2 {
            let half = index == 0 ? halves.0 : halves.1
            for j in 0..<count {
                let h = j < 24
                    ? 0.25 - 0.25 * cospi((2 * Double(j) + 1) / Double(2 * 24))
                    : Double(sign: .plus, exponent: -5 * (j - 23) - 5, significand: 1.5)
                let root = half.root(h, from: fastGuess(h, half: index, steps: 0))
                for k in worst.indices {
                    let error = Swift.abs(fastGuess(h, half: index, steps: k) - root) / root
                    worst[k] = Swift.max(worst[k], error.isNaN ? .infinity : error)
                }
            }
        }
    }
}

/// `cos(πv)` to about 1e-9, for placing the fitting nodes (any placement is valid: the
/// nodes' roots are computed exactly; construction only).
func cospi(_ v: Double) -> Double {
    var r = v.truncatingRemainder(dividingBy: 2)
    if r < 0 { r += 2 }
    var sign = 1.0
    if r > 1 { r = 2 - r }
    if r > 0.5 { r = 1 - r; sign = -1 }
    let a = r * Double.pi, a2 = a * a
    var term = 1.0, sum = 1.0
    for n in 1...7 {
        term *= -a2 / Double((2 * n - 1) * (2 * n))
        sum += term
    }
    return sign * sum
}

extension TimingFunction.HalfSolver {
    typealias Fast = TimingFunction.Table.Fast

    /// `t` with `X(t) = h` to about an ulp: Newton from `start`, then the bracketed solve if
    /// it does not settle (construction only).
    func root(_ h: Double, from start: Double) -> Double {
        var t = start.isFinite && start > 0 && start <= 1 ? start : 0.5
        for _ in 0..<8 {
            let step = (x(t) - h) / xCurve.slope(at: t)
            guard step.isFinite else { break }
            t -= step
            // Quadratic convergence: after a step this small the next is below an ulp.
            if Swift.abs(step) <= 0x1p-26 * t { return t > 0 && t <= 1 ? t : solveBracketed(h, lo: 0, hi: 1) }
        }
        return solveBracketed(h, lo: 0, hi: 1)
    }

    /// The plain guess `t ≈ h·B(4h − 1)`: weighted least squares relative to `t` on 24
    /// Chebyshev nodes of `h` in 0…1/2, with `B(−1) = 1/X'(0)` (heavily weighted).
    func fitPlain() -> (a: InlineArray<8, Double>, b: InlineArray<8, Double>) {
        let n = Fast.degree + 1
        var b = InlineArray<8, Double>(repeating: 0)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n * n + 2 * n) { buffer in
            let normal = buffer.baseAddress!, right = normal + n * n, row = right + n
            buffer.initialize(repeating: 0)
            func add(_ value: Double) {
                for i in 0..<n {
                    right[i] += row[i] * value
                    for j in 0..<n { normal[i * n + j] += row[i] * row[j] }
                }
            }
            let nodes = 24
            var t = 0.0
            for j in 0..<nodes {
                let h = 0.25 - 0.25 * cospi((2 * Double(nodes - 1 - j) + 1) / Double(2 * nodes))
                t = root(h, from: j == 0 ? h / xCurve.c : t)
                let z = 4 * h - 1
                var power = h / t
                for k in 0..<n { row[k] = power; power *= z }
                add(1)
            }
            let weight = 1e3
            var power = weight * xCurve.c
            for k in 0..<n { row[k] = power; power = -power }
            add(weight)
            Self.solveLinear(normal, right, n)
            for k in 0..<n { b[k] = right[k] }
        }
        return (InlineArray(repeating: 0), b)
    }

    /// The piece of the piecewise guess over `range` of `h`, `t ≈ h·B(w)` with `w` from −1
    /// to 1 across it: `B` interpolates `t/h` at the 8 Chebyshev nodes of `w`; on the first
    /// piece (from `h = 0`) the node nearest `w = −1` moves there, where `t/h` is `1/X'(0)`.
    /// An 8 × 8 system, so a curve with pieces costs two of them a piece at construction.
    func fitPiece(_ range: (low: Double, high: Double)) -> InlineArray<8, Double> {
        let n = Fast.degree + 1
        var b = InlineArray<8, Double>(repeating: 0)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n * n + n) { buffer in
            let matrix = buffer.baseAddress!, right = matrix + n * n
            var t = 0.0
            for j in 0..<n {
                // Descending nodes (j = 0 the one nearest w = 1), so each root starts from
                // the one before; the first piece's last node, the one nearest w = −1, moves there.
                var w = -cospi((2 * Double(n - 1 - j) + 1) / Double(2 * n))
                if range.low == 0, j == n - 1 { w = -1 }
                let h = range.low + 0.5 * (w + 1) * (range.high - range.low)
                if h > 0 {
                    t = root(h, from: j == 0 ? h / xCurve.c : t)
                    right[j] = t / h
                } else {
                    right[j] = 1 / xCurve.c
                }
                var power = 1.0
                for i in 0..<n { matrix[j * n + i] = power; power *= w }
            }
            Self.solveLinear(matrix, right, n)
            for i in 0..<n { b[i] = right[i] }
        }
        return b
    }

    /// The largest relative error of the piece `B` (see `fitPiece`) over `range` of `h`, at
    /// the 9 extrema of the Chebyshev polynomial of degree 8 in `w` (where an interpolant's
    /// error peaks), `h = 0` (the first piece's low end, where the relative error is 0/0)
    /// replaced by three inputs near it: 11 points on the first piece.
    func pieceError(_ b: InlineArray<8, Double>, _ range: (low: Double, high: Double)) -> Double {
        var worst = 0.0
        for j in 0...(Fast.degree + 4) {
            let w = j <= Fast.degree + 1 ? cospi(Double(j) / Double(Fast.degree + 1)) : -1
            var h = range.low + 0.5 * (w + 1) * (range.high - range.low)
            if h == 0 { continue }
            if j > Fast.degree + 1 {
                if range.low > 0 { continue }
                h = Swift.min(range.high, Double(sign: .plus, exponent: -8 * (j - Fast.degree - 1), significand: 1.5))
            }
            let u = 2 * (h - range.low) / (range.high - range.low) - 1
            var p = 0.0
            for k in stride(from: Fast.degree, through: 0, by: -1) { p = p * u + b[k] }
            let r = root(h, from: h * p)
            let error = Swift.abs(h * p - r) / r
            worst = Swift.max(worst, error.isNaN ? .infinity : error)
        }
        return worst
    }

    /// The vertical-end guess `t ≈ √h·A(z) + h·B(z)`: interpolation at 14 Chebyshev nodes
    /// with `A(−1) = 1/√b` and `B(−1) = −a/(2b²)`, the expansion's first two terms at 0.
    func fitRooted() -> (a: InlineArray<8, Double>, b: InlineArray<8, Double>) {
        let n = 2 * (Fast.degree + 1)
        var resultA = InlineArray<8, Double>(repeating: 0), resultB = InlineArray<8, Double>(repeating: 0)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n * n + n) { buffer in
            let matrix = buffer.baseAddress!, right = matrix + n * n
            buffer.initialize(repeating: 0)
            let b = xCurve.b, a = xCurve.a
            var sign = 1.0
            for k in 0...Fast.degree {
                matrix[k] = sign
                matrix[n + Fast.degree + 1 + k] = sign
                sign = -sign
            }
            right[0] = b > 0 ? 1 / b.squareRoot() : 0
            right[1] = b > 0 ? -a / (2 * b * b) : 0
            let nodes = n - 2
            var t = 0.0
            for j in 0..<nodes {
                let h = 0.25 - 0.25 * cospi((2 * Double(nodes - 1 - j) + 1) / Double(2 * nodes))
                t = root(h, from: j == 0 ? (b > 0 ? (h / b).squareRoot() : h) : t)
                let z = 4 * h - 1, s = h.squareRoot()
                var power = 1.0
                for k in 0...Fast.degree {
                    matrix[(j + 2) * n + k] = s * power
                    matrix[(j + 2) * n + Fast.degree + 1 + k] = h * power
                    power *= z
                }
                right[j + 2] = t
            }
            Self.solveLinear(matrix, right, n)
            for k in 0...Fast.degree {
                resultA[k] = right[k]
                resultB[k] = right[Fast.degree + 1 + k]
            }
        }
        return (resultA, resultB)
    }

    /// Solves the `n × n` system `matrix · v = right` (row-major) in place by Gaussian
    /// elimination with partial pivoting, leaving `v` in `right`; a singular system gives
    /// zeros.
    static func solveLinear(_ matrix: UnsafeMutablePointer<Double>, _ right: UnsafeMutablePointer<Double>, _ n: Int) {
        for column in 0..<n {
            var pivot = column
            for row in column + 1..<n where Swift.abs(matrix[row * n + column]) > Swift.abs(matrix[pivot * n + column]) {
                pivot = row
            }
            if pivot != column {
                for k in 0..<n { swap(&matrix[column * n + k], &matrix[pivot * n + k]) }
                swap(&right[column], &right[pivot])
            }
            let diagonal = matrix[column * n + column]
            guard diagonal != 0 else {
                right.update(repeating: 0, count: n)
                return
            }
            for row in column + 1..<n {
                let factor = matrix[row * n + column] / diagonal
                if factor == 0 { continue }
                for k in column..<n { matrix[row * n + k] -= factor * matrix[column * n + k] }
                right[row] -= factor * right[column]
            }
        }
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = right[row]
            for k in row + 1..<n { sum -= matrix[row * n + k] * right[k] }
            right[row] = sum / matrix[row * n + row]
        }
    }

    /// Stores the bound of each binade of `h` (2^-30 … 1/2) for the fast path, in ulps of
    /// the least output there (see `Table.fastOutput`): over the binade's range of `t`
    /// (widened by 2^-10 for the guess), `4u` (`8u` without a fused multiply-add) of
    /// `2·(S_y + |d|) + max|Y'|/min|X'|·(S_x + 3P)/4` with 1/64 to spare, plus the series'
    /// truncation. `Int16.max` where `X'` can vanish, the output can come near 0, or the
    /// bound reaches 2^11 ulps.
    func storeFastBounds(_ bounds: UnsafeMutablePointer<Int16>, limit: Double, guess: (Double) -> Double) {
        var low = 0.0
        for k in 0..<Fast.boundsPerHalf {
            let hHigh = Swift.min(0.5, Double(sign: .plus, exponent: k - 29, significand: 1))
            // Binades below 2^-24 (about 1 input in 10^7) take the longer paths.
            guard k < 30, k >= Fast.firstBoundedBinade - 1 else { bounds[k] = .max; continue }
            let tEnd = root(hHigh, from: guess(hHigh))
            guard k >= Fast.firstBoundedBinade else { bounds[k] = .max; low = tEnd; continue }
            defer { low = tEnd }
            let tLow = Swift.max(0, low * (1 - 0x1p-10)), tHigh = Swift.min(1, tEnd * (1 + 0x1p-10))
            bounds[k] = rangeBound(tLow: tLow, tHigh: tHigh, limit: limit)
        }
    }

    /// The bound of a piece of the piecewise guess over `range` of `h` (`Fast.pieceBounds`),
    /// as a binade's in `storeFastBounds` over the piece's range of `t`.
    func pieceBound(_ range: (low: Double, high: Double), limit: Double) -> Int16 {
        let tLow = Swift.max(0, root(range.low, from: range.low) * (1 - 0x1p-10))
        let tHigh = Swift.min(1, root(range.high, from: range.high) * (1 + 0x1p-10))
        return rangeBound(tLow: tLow, tHigh: tHigh, limit: limit)
    }

    /// The fast path's bound in ulps (see `storeFastBounds`) for inputs whose
    /// `t` lies in `tLow … tHigh`; `Int16.max` where it reaches 2^11 ulps or cannot be had.
    func rangeBound(tLow: Double, tHigh: Double, limit: Double) -> Int16 {
        let d = outputSign > 0 ? 0.0 : 1.0
        // The range of t in `Fast.boundedParts` parts (a binade's, or a piece's), each with its own bound in ulps of its
        // own least output (the output changes by up to 4× across a binade of h).
        var ulps: Int32 = 0
        for piece in 0..<Fast.boundedParts {
            let pieceLow = tLow + (tHigh - tLow) * Double(piece) / Double(Fast.boundedParts)
            let pieceHigh =
                piece == Fast.boundedParts - 1
                ? tHigh : tLow + (tHigh - tLow) * Double(piece + 1) / Double(Fast.boundedParts)
            let minSlopeX = Self.extremes(xCurve, pieceLow, pieceHigh).min
            let maxSlopeY = Self.extremes(yCurve, pieceLow, pieceHigh).maxMagnitude
            guard minSlopeX > 0 else { ulps = .max; break }
            let ratio = maxSlopeY / minSlopeX
            let outputs = Self.size(yCurve, pieceHigh) + d
            // The residual's error, `(u or 2u)·(S_x + 3P)` (`Table.fastOutput`), with `P` the
            // largest `|a·t + b|·t²` over the part (`a·t + b` is linear: largest at an end).
            let leading =
                Swift.max(Swift.abs(xCurve.a * pieceLow + xCurve.b), Swift.abs(xCurve.a * pieceHigh + xCurve.b))
                * pieceHigh * pieceHigh
            let residual = 0.25 * (Self.size(xCurve, pieceHigh) + 3 * leading)
            var bound = Self.evaluationError * (1 + 0x1p-6) * (2 * outputs + ratio * residual)
            // The series' truncation with |δ₁| ≤ limit·t and Q ≤ 2^-20.
            let delta = limit * pieceHigh * 2
            let maxCurvatureY = Swift.max(
                Swift.abs(3 * yCurve.a * pieceLow + yCurve.b), Swift.abs(3 * yCurve.a * pieceHigh + yCurve.b))
            bound += 4 * 0x1p-40 * maxSlopeY * delta + 3 * 0x1p-20 * maxCurvatureY * delta * delta
                + 2 * Swift.abs(yCurve.a) * delta * delta * delta
            ulps = Swift.max(ulps, inUlps(bound, least: leastOutput(pieceLow, pieceHigh) - bound))
        }
        return ulps < 0x800 ? Int16(ulps) : .max
    }
}
