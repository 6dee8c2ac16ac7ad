/// Eight premultiplied RGBA8 pixels in 16-bit lanes, and the exact integer arithmetic every
/// blending kernel is built from (`docs/compositor.md` § 4).
///
/// **Layout.** 32 bytes of pixels read as 16 little-endian `UInt16`s hold `r | g << 8` and
/// `b | a << 8` of each pixel in turn, so one mask and one shift split them into two
/// vectors of one channel a lane: `lo = (r0, b0, r1, b1, …, r7, b7)` and
/// `hi = (g0, a0, g1, a1, …, g7, a7)`; a pixel's alpha is the odd lane of its pair in `hi`.
/// A value per pixel (a weight, an alpha) is spread over its pixel's two lanes (`spread`),
/// and then lines up with both vectors. No widening or narrowing instruction is needed
/// (`lo | hi << 8` puts the bytes back), and on baseline x86-64 (SSE2) every operation is
/// one instruction: `pmullw`, `pmulhuw`, shifts, adds.
///
/// **Division by 255.** `⌊x / 255⌋ = ⌊(x + 1) · 257 / 2¹⁶⌋` for every `x` in `0 … 65534`,
/// and `⌊x / 255 + ½⌋ = ⌊(x + 128) · 257 / 2¹⁶⌋` for every `x` in `0 … 65407`: one add and
/// one high multiply (`pmulhuw`), checked over those whole ranges by `PixelLanesTests`.
///
/// **Source-over** (`over(source:alpha:destination:)`): with `σ = S · w` the source times
/// its 8-bit weight (colour channels and alpha, each at most 255 · 255) and `D` the
/// destination byte, the result is the exact rational `(255·σ + D·(255² − σ_a)) / 255²`
/// rounded to nearest — one rounding — computed in 16-bit lanes without ever holding the
/// 24-bit numerator: with `σ_a = 255·v₁ + v₀` and `D·v₀ = 255·f₁ + f₀`,
/// `result = ⌊(σ + D·(255 − v₁) − f₁ + 127 − [f₀ ≥ 128]) / 255⌋` (every intermediate under
/// 65407 when `σ ≤ σ_a`). `PixelLanesTests` compares it with the rational over all
/// 2.16 · 10⁹ combinations of source alpha, colour ≤ alpha, weight and destination.
///
/// Cost: about 12 vector operations per 16 lanes for the general form, 3–4 for the forms a
/// full weight or an opaque source reduce it to (`overFullWeight`, `lerp`).
enum PixelLanes {
    typealias Lanes = SIMD16<UInt16>

    /// `(x · y) >> 16` lane by lane, unsigned: one `pmulhuw`. (Written per lane: the
    /// standard library's widening conversions are calls, this form is matched by the
    /// optimiser.)
    @inline(__always)
    static func mulhi(_ x: Lanes, _ y: Lanes) -> Lanes {
        var r = Lanes()
        for i in 0..<16 { r[i] = UInt16(truncatingIfNeeded: (UInt32(x[i]) &* UInt32(y[i])) &>> 16) }
        return r
    }

    /// `⌊x / 255⌋` for `x` in `0 … 65534`.
    @inline(__always)
    static func divideFloor(_ x: Lanes) -> Lanes { mulhi(x &+ 1, Lanes(repeating: 257)) }

    /// `(⌊x / 255⌋, x mod 255)` for `x` in `0 … 65534`.
    @inline(__always)
    static func divide(_ x: Lanes) -> (quotient: Lanes, remainder: Lanes) {
        let q = divideFloor(x)
        return (q, x &- q &* 255)
    }

    /// `⌊x / 255 + ½⌋` for `x` in `0 … 65407`.
    @inline(__always)
    static func divideRound(_ x: Lanes) -> Lanes { mulhi(x &+ 128, Lanes(repeating: 257)) }

    // MARK: Moving pixels in and out

    /// Eight pixels at `p` as `(lo, hi)`.
    @inline(__always)
    static func load(_ p: UnsafeRawPointer) -> (lo: Lanes, hi: Lanes) {
        split(p.loadUnaligned(as: Lanes.self))
    }

    @inline(__always)
    static func split(_ raw: Lanes) -> (lo: Lanes, hi: Lanes) {
        (raw & 0x00FF, raw &>> 8)
    }

    /// The bytes of `(lo, hi)`, each lane 0…255.
    @inline(__always)
    static func merge(_ lo: Lanes, _ hi: Lanes) -> Lanes { lo | (hi &<< 8) }

    @inline(__always)
    static func store(_ lo: Lanes, _ hi: Lanes, _ p: UnsafeMutableRawPointer) {
        p.storeBytes(of: merge(lo, hi), as: Lanes.self)
    }

    /// One value per pixel (each 0…65535) in both lanes of its pixel.
    @inline(__always)
    static func spread(_ v: SIMD8<UInt32>) -> Lanes {
        unsafeBitCast(v | (v &<< 16), to: Lanes.self)
    }

    /// `a` in every pixel's first lane and `b` in its second: a colour's red and blue (for
    /// `lo`) or green and alpha (for `hi`), the same for all eight pixels.
    @inline(__always)
    static func spreadPair(_ a: UInt16, _ b: UInt16) -> Lanes {
        unsafeBitCast(SIMD8<UInt32>(repeating: UInt32(a) | UInt32(b) << 16), to: Lanes.self)
    }

    /// Each pixel's alpha (from `hi`) in both lanes of its pixel.
    @inline(__always)
    static func alphas(_ hi: Lanes) -> Lanes {
        spread(unsafeBitCast(hi, to: SIMD8<UInt32>.self) &>> 16)
    }

    /// Whether every lane of `v` is 0: the halves ORed down to two 64-bit words. (The
    /// standard library's `==`, `.==` against a scalar and `all` were left scalar loops
    /// through the stack in the contents kernels.)
    @inline(__always)
    static func isZero(_ v: SIMD8<UInt32>) -> Bool {
        let w = unsafeBitCast(v, to: SIMD4<UInt64>.self)
        let h = w.lowHalf | w.highHalf
        return h[0] | h[1] == 0
    }

    @inline(__always)
    static func isZero(_ v: Lanes) -> Bool { isZero(unsafeBitCast(v, to: SIMD8<UInt32>.self)) }

    /// Whether all eight pixels of `raw` (as loaded) have alpha 255.
    @inline(__always)
    static func allOpaque(_ raw: SIMD8<UInt32>) -> Bool {
        isZero((raw & 0xFF00_0000) ^ 0xFF00_0000)
    }

    /// The least weight that `quantize` always takes to 255 (1 − 2⁻¹⁰, below the 1 − 1/510
    /// where rounding turns up): runs whose weights all reach it are a shape's interior. A
    /// computed constant, which a static stored property would guard with a lazy check.
    @inline(__always)
    static var fullWeight: Float { 1 - 1.0 / 1024 }

    /// Eight weights in 0…1 quantized to 0…255: clamped to 0…1 (NaN to 0), times 255 in
    /// `Float`, rounded to nearest (ties to even, through the 2²³ bias).
    @inline(__always)
    static func quantize(_ w: SIMD8<Float>) -> SIMD8<UInt32> {
        let c = w.replacing(with: 0, where: .!(w .> 0)).replacing(with: 1, where: w .> 1)
        // A local constant: a static would cost a lazy-initialisation check.
        let bias: Float = 8_388_608  // 2²³
        return unsafeBitCast(c * 255 + bias, to: SIMD8<UInt32>.self) & 0xFF
    }

    // MARK: Source-over

    /// Source-over, rounded once: `σ` the source times its weight (`S · w`, each lane at
    /// most `α`), `α` the source alpha times the weight spread over its pixel's lanes (at
    /// most 65025), `d` the destination. See the type's comment.
    @inline(__always)
    static func over(source σ: Lanes, alpha α: Lanes, destination d: Lanes) -> Lanes {
        let (v1, v0) = divide(α)
        let (f1, f0) = divide(d &* v0)
        let g = σ &+ d &* (255 &- v1) &- f1 &+ 127 &- (f0 &>> 7)
        return divideFloor(g)
    }

    /// `over` at full weight (`w = 255`): `S + ⌊D·(255 − S_a) / 255⌉`, the same value.
    @inline(__always)
    static func overFullWeight(source s: Lanes, alpha a: Lanes, destination d: Lanes) -> Lanes {
        s &+ divideRound(d &* (255 &- a))
    }

    /// `over` of an opaque source (`S_a = 255`) at weight `w`:
    /// `⌊(S·w + D·(255 − w)) / 255⌉`, the same value.
    @inline(__always)
    static func lerp(source s: Lanes, weight w: Lanes, destination d: Lanes) -> Lanes {
        divideRound(s &* w &+ d &* (255 &- w))
    }

    /// Destination-over (`under`): `D + ⌊P·w·(255 − D_a) / 255²⌉` exactly, `σ = P·w` (each
    /// lane at most 65025) and `e = 255 − D_a` spread over the pixel's lanes. With
    /// `σ = 255·u₁ + u₀` and `u₀·e = 255·y₁ + y₀`: `⌊(u₁·e + y₁ + 127 + [y₀ ≥ 128]) / 255⌋`.
    @inline(__always)
    static func under(source σ: Lanes, cover e: Lanes, destination d: Lanes) -> Lanes {
        let (u1, u0) = divide(σ)
        let (y1, y0) = divide(u0 &* e)
        return d &+ divideFloor(u1 &* e &+ y1 &+ 127 &+ (y0 &>> 7))
    }

    // MARK: Runs

    /// Calls `body` with each group of eight pixels of the `count` at `dst` and the index
    /// of its first pixel; the last, partial group goes through a buffer on the stack (the
    /// lanes past `count` hold zeros and are not written back), so every pixel gets the same
    /// arithmetic wherever a run starts or ends.
    @inline(__always)
    static func forEachGroup(
        _ dst: UnsafeMutablePointer<UInt8>, count: Int, _ body: (_ pixels: UnsafeMutableRawPointer, _ first: Int, _ n: Int) -> Void
    ) {
        var i = 0
        let base = UnsafeMutableRawPointer(dst)
        while i + 8 <= count {
            body(base + 4 * i, i, 8)
            i += 8
        }
        guard i < count else { return }
        let n = count - i
        // Pixel by pixel rather than `copyMemory`: a tail is a few pixels (an edge's), and
        // the library call cost more than the copy.
        let tail = base + 4 * i
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { buffer in
            let t = buffer.baseAddress!
            t.initialize(repeating: 0, count: 8)
            for k in 0..<n { t[k] = tail.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self) }
            body(UnsafeMutableRawPointer(t), i, n)
            for k in 0..<n { tail.storeBytes(of: t[k], toByteOffset: 4 * k, as: UInt32.self) }
        }
    }

    /// Calls `body` with each group of eight pixels of the `count` at `dst`, the index of its
    /// first pixel, how many weights to read from there (`n`) and the lanes that are the
    /// group's own (`keep`: all ones, or zero in lanes to be left as they are). The last,
    /// partial group of `n` pixels is the eight pixels that end the run, the `8 − n` before
    /// the group's own zero in `keep`, when the run holds eight pixels or `room` more lie
    /// before `dst` (pixels of the caller's row that no other thread writes: read and written
    /// back unchanged, as many weights before the run read); otherwise it goes through the
    /// stack as in `forEachGroup(_:count:_:)`. A kernel that gives every pixel the arithmetic
    /// of its own weight, and leaves a pixel of weight 0 as it is, draws the same bytes either
    /// way.
    @inline(__always)
    static func forEachGroup(
        _ dst: UnsafeMutablePointer<UInt8>, count: Int, room: Int,
        _ body: (_ pixels: UnsafeMutableRawPointer, _ first: Int, _ n: Int, _ keep: SIMD8<UInt32>) -> Void
    ) {
        let whole = count & ~7, n = count - whole, all = SIMD8<UInt32>(repeating: .max)
        guard n > 0, whole + room >= 8 else {
            return forEachGroup(dst, count: count) { p, first, n in body(p, first, n, all) }
        }
        forEachGroup(dst, count: whole) { p, first, _ in body(p, first, 8, all) }
        // Lane k holds pixel count − 8 + k; the group's own are the last n.
        let keep = 0 &- ((SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7) &+ UInt32(n)) &>> 3)
        body(UnsafeMutableRawPointer(dst + 4 * (count - 8)), count - 8, 8, keep)
    }

    /// Eight floats from `p + first`, or the `n < 8` there followed by zeros.
    @inline(__always)
    static func floats(_ p: UnsafePointer<Float>, _ first: Int, _ n: Int) -> SIMD8<Float> {
        if n == 8 { return UnsafeRawPointer(p + first).loadUnaligned(as: SIMD8<Float>.self) }
        var v = SIMD8<Float>()
        for k in 0..<n { v[k] = p[first + k] }
        return v
    }

    /// Eight pixels from `p + 4·first` (bytes), or the `n < 8` there followed by zeros.
    @inline(__always)
    static func pixels(_ p: UnsafePointer<UInt8>, _ first: Int, _ n: Int) -> Lanes {
        let raw = UnsafeRawPointer(p + 4 * first)
        if n == 8 { return raw.loadUnaligned(as: Lanes.self) }
        var v = SIMD8<UInt32>()
        for k in 0..<n { v[k] = raw.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self) }
        return unsafeBitCast(v, to: Lanes.self)
    }
}
