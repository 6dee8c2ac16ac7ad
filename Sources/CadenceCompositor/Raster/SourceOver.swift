import CCadenceFeatures
import CadenceGeometry

/// Source-over compositing of premultiplied RGBA8 pixels in integer lanes, eight pixels at
/// a time (`PixelLanes`).
///
/// **The rounding rule** (`docs/compositor.md` § 4). Paints are premultiplied and rounded to
/// bytes once, when the paint is made; weights (coverage × clip × opacity, 0…1) are
/// quantized to `w` in 0…255 (`PixelLanes.quantize`). With `S` the source bytes, `D` the
/// destination byte, the result is the exact source-over of those integers,
/// `(255·S·w + D·(255² − S_a·w)) / 255²`, rounded to nearest **once** (never a tie: 255² is
/// odd). Hence weight 0 leaves the destination exactly as it was, an opaque source at full
/// weight writes itself exactly (no drift however often it is drawn), 255 stays 255, 0 stays
/// 0, a transparent source changes nothing, and colour never exceeds alpha. Each kernel has
/// a plain-integer reference twin in the tests (`KernelReference`), checked bit for bit.
///
/// **Runs.** Groups of eight weights that are all 0 are skipped without reading or writing
/// the pixels; all 255 with an opaque paint are one 32-byte store; a uniform weight
/// (`blend(_:weight:into:count:)`) is a plain span fill for an opaque paint at full weight.
/// Cost: 12–25 vector operations per eight pixels (`PixelLanes`), no allocation.
enum SourceOver {
    typealias Lanes = PixelLanes.Lanes

    /// A premultiplied colour as bytes — each channel `⌊c·a·255⌉` (halves up), alpha
    /// `⌊a·255⌉`, components clamped to 0…1 and NaN read as 0, so colour ≤ alpha — and the
    /// same bytes spread over eight pixels' lanes.
    struct Paint {
        let bytes: SIMD4<UInt8>
        /// `(r, b)` and `(g, a)` of eight pixels (`PixelLanes` layout).
        let lo: Lanes, hi: Lanes
        /// The alpha in every lane.
        let alpha: Lanes
        let isOpaque: Bool
        /// The pixel as a 32-bit word, eight times.
        let fill: SIMD8<UInt32>

        init(_ c: Color) {
            self.init(bytes: SourceOver.bytes(of: c))
        }

        init(bytes b: SIMD4<UInt8>) {
            bytes = b
            let word = UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
            fill = SIMD8(repeating: word)
            (lo, hi) = PixelLanes.split(unsafeBitCast(fill, to: Lanes.self))
            alpha = Lanes(repeating: UInt16(b[3]))
            isOpaque = b[3] == 255
        }
    }

    /// `color` as premultiplied RGBA8: each colour channel `⌊c·a·255⌉`, alpha `⌊a·255⌉`
    /// (halves up), components clamped to 0…1 (NaN as 0).
    static func bytes(of color: Color) -> SIMD4<UInt8> {
        func unit(_ x: Double) -> Double { x > 0 ? Swift.min(x, 1) : 0 }
        let a = unit(color.alpha)
        func byte(_ x: Double) -> UInt8 { UInt8((x * 255 + 0.5).rounded(.down)) }
        return SIMD4(byte(unit(color.red) * a), byte(unit(color.green) * a), byte(unit(color.blue) * a), byte(a))
    }

    /// The 8-bit weight of a single weight (see `PixelLanes.quantize`).
    static func quantize(_ w: Float) -> UInt16 {
        UInt16(PixelLanes.quantize(SIMD8(repeating: w))[0])
    }

    // MARK: One paint

    /// `paint` over the `count` pixels at `dst` with the weights `w` (0…1, one a pixel).
    /// The last, partial group is drawn in place when the run holds eight pixels or `room`
    /// more lie before it (`room` pixels before `dst` and as many weights before `w`, read
    /// and written back unchanged), else through the stack
    /// (`PixelLanes.forEachGroup(_:count:room:_:)`): the same bytes either way.
    static func blend(
        _ paint: Paint, weights w: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count: Int, room: Int = 0
    ) {
        PixelLanes.forEachGroup(dst, count: count, room: room) { p, first, n, keep in
            blend(paint, weights: PixelLanes.quantize(PixelLanes.floats(w, first, n)) & keep, into: p)
        }
    }

    /// `paint` over the eight pixels at `p` with the 8-bit weights `q` (`PixelLanes.quantize`):
    /// nothing when all are 0, a 32-byte store when all are 255 and the paint is opaque.
    @inline(__always)
    static func blend(_ paint: Paint, weights q: SIMD8<UInt32>, into p: UnsafeMutableRawPointer) {
        if PixelLanes.isZero(q) { return }
        let full = PixelLanes.isZero(q ^ 255)
        if paint.isOpaque && full {
            p.storeBytes(of: paint.fill, as: SIMD8<UInt32>.self)
            return
        }
        let (dl, dh) = PixelLanes.load(p)
        let weight = PixelLanes.spread(q)
        if paint.isOpaque {
            PixelLanes.store(PixelLanes.lerp(source: paint.lo, weight: weight, destination: dl),
                             PixelLanes.lerp(source: paint.hi, weight: weight, destination: dh), p)
        } else if full {
            PixelLanes.store(PixelLanes.overFullWeight(source: paint.lo, alpha: paint.alpha, destination: dl),
                             PixelLanes.overFullWeight(source: paint.hi, alpha: paint.alpha, destination: dh), p)
        } else {
            let alpha = paint.alpha &* weight
            PixelLanes.store(PixelLanes.over(source: paint.lo &* weight, alpha: alpha, destination: dl),
                             PixelLanes.over(source: paint.hi &* weight, alpha: alpha, destination: dh), p)
        }
    }

    /// `paint` over the `count` pixels at `dst`, every one with weight `weight`: the same
    /// values as `blend(_:weights:into:count:)` with a row of equal weights. An opaque paint
    /// at full weight is a span fill (32-byte stores); a translucent one at full weight goes
    /// to the AVX2 kernel `cadence_over_uniform` where the CPU has it (`usesUniformKernel`:
    /// six vector operations for eight pixels against the lanes' twelve, the same bytes),
    /// and any paint at a weight below 1 to `cadence_over_weighted` (the lanes' operations
    /// in 256-bit vectors, the same bytes); weight 0 touches nothing. `reach` (at most the
    /// pixels from `dst` to its row's end that only this thread writes) lets both kernels read
    /// and store their last group whole, the pixels past `count` written back as read; below
    /// `count` it counts as `count`.
    static func blend(_ paint: Paint, weight: Float, into dst: UnsafeMutablePointer<UInt8>, count: Int, reach: Int = 0) {
        let w = quantize(weight)
        guard w > 0, count > 0 else { return }
        if w == 255 {
            if paint.isOpaque { return fill(dst, with: paint.fill, count: count) }
            if usesUniformKernel { return cadence_over_uniform(dst, count, reach, paint.fill[0]) }
        } else if usesUniformKernel {
            return cadence_over_weighted(dst, count, Swift.max(reach, count), paint.fill[0], UInt32(w))
        }
        let weight = Lanes(repeating: w)
        blend(source: paint.lo &* weight, paint.hi &* weight, alpha: paint.alpha &* weight, into: dst, count: count)
    }

    /// The same source over every one of the `count` pixels at `dst`: `lo`, `hi` the
    /// source times its weight (on the 255² scale, `PixelLanes` layout), `alpha` its alpha.
    private static func blend(
        source lo: Lanes, _ hi: Lanes, alpha: Lanes, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        if alpha[0] % 255 == 0 {
            // σ_a = 255·v₁ exactly (full weight or an opaque paint): the general form
            // without its remainder terms, ⌊(σ + 127 + D·(255 − v₁)) / 255⌋.
            let k = 255 &- alpha / 255, lo = lo &+ 127, hi = hi &+ 127
            // Two groups a step, on a moving pointer: `forEachGroup`'s offsets cost an
            // overflow check and a loop's overhead per group. The rest goes through it.
            @inline(__always) func step(_ p: UnsafeMutableRawPointer) {
                let (dl, dh) = PixelLanes.load(p)
                PixelLanes.store(PixelLanes.divideFloor(lo &+ dl &* k), PixelLanes.divideFloor(hi &+ dh &* k), p)
            }
            var p = UnsafeMutableRawPointer(dst), left = count
            while left >= 16 {
                step(p)
                step(p + 32)
                p += 64
                left &-= 16
            }
            PixelLanes.forEachGroup(p.assumingMemoryBound(to: UInt8.self), count: left) { p, _, _ in step(p) }
        } else {
            PixelLanes.forEachGroup(dst, count: count) { p, _, _ in
                let (dl, dh) = PixelLanes.load(p)
                PixelLanes.store(PixelLanes.over(source: lo, alpha: alpha, destination: dl),
                                 PixelLanes.over(source: hi, alpha: alpha, destination: dh), p)
            }
        }
    }

    /// Whether a translucent paint at full weight over a run is `cadence_over_uniform`'s, and
    /// any paint at a weight below 1 `cadence_over_weighted`'s: the CPU has AVX2 (asked once,
    /// at run time) and `referenceUniformForTests` is off.
    static var usesUniformKernel: Bool {
        !referenceUniformForTests && cadence_source_over_avx2_available() != 0
    }

    /// Whether runs of a translucent paint at full weight keep to the Swift lanes, the
    /// kernel's reference twin. For tests; set it only where no other thread draws.
    nonisolated(unsafe) static var referenceUniformForTests = false

    /// The shortest run (pixels) that `fill` writes as one string store
    /// (`cadence_fill_words`): 16 KiB, more than a 1080p row, so that only runs of several
    /// whole rows take it (a band's background, `Rasterizer.drawAligned`). Over such a run the
    /// store reads no line first; over a row's runs between other layers it lost to the
    /// vector stores (`Benchmarks/README.md`, "string stores for the first writes").
    static let stringFillMinimum = 4096

    /// `count` copies of the pixel in `word` (eight times) at `dst`: one string store for a
    /// run of `stringFillMinimum` pixels or more, else 64 bytes a step; the same bytes.
    static func fill(_ dst: UnsafeMutablePointer<UInt8>, with word: SIMD8<UInt32>, count: Int) {
        if count >= stringFillMinimum { return cadence_fill_words(dst, count, word[0]) }
        let p = UnsafeMutableRawPointer(dst)
        let wide = SIMD16<UInt32>(lowHalf: word, highHalf: word)
        var i = 0
        while i + 16 <= count {
            (p + 4 * i).storeBytes(of: wide, as: SIMD16<UInt32>.self)
            i += 16
        }
        if i + 8 <= count {
            (p + 4 * i).storeBytes(of: word, as: SIMD8<UInt32>.self)
            i += 8
        }
        while i < count {
            (p + 4 * i).storeBytes(of: word[0], as: UInt32.self)
            i += 1
        }
    }

    // MARK: Two paints

    /// Two paints at once, `b` over `a`: the source `A·w_a + B·w_b` over the destination,
    /// rounded once, with `w_a` and `w_b` the quantized weights (the caller folds the second
    /// paint's coverage of the first into `wa`). `w_a` is held to at most
    /// `255 − ⌈B_a·w_b / 255⌉`, what the border leaves of the pixel, so the combined alpha
    /// never passes 255 whatever the two weights' roundings. The last, partial group is
    /// drawn as the one-paint kernel draws it (`PixelLanes.forEachGroup(_:count:room:_:)`,
    /// `room` pixels before `dst` and as many weights before `wa` and `wb`): the same bytes.
    static func blend(
        _ a: Paint, weights wa: UnsafePointer<Float>, _ b: Paint, weights wb: UnsafePointer<Float>,
        into dst: UnsafeMutablePointer<UInt8>, count: Int, room: Int = 0
    ) {
        PixelLanes.forEachGroup(dst, count: count, room: room) { p, first, n, keep in
            blend(a, weights: PixelLanes.quantize(PixelLanes.floats(wa, first, n)) & keep,
                  b, weights: PixelLanes.quantize(PixelLanes.floats(wb, first, n)) & keep, into: p)
        }
    }

    /// `b` over `a` over the eight pixels at `p` with the 8-bit weights `qa` and `qb`
    /// (`PixelLanes.quantize`): nothing when all are 0.
    @inline(__always)
    private static func blend(
        _ a: Paint, weights qa: SIMD8<UInt32>, _ b: Paint, weights qb: SIMD8<UInt32>, into p: UnsafeMutableRawPointer
    ) {
        if PixelLanes.isZero(qa | qb) { return }
        let (weightA, weightB) = weights(PixelLanes.spread(qa), b, PixelLanes.spread(qb))
        let (dl, dh) = PixelLanes.load(p)
        let alpha = a.alpha &* weightA &+ b.alpha &* weightB
        PixelLanes.store(
            PixelLanes.over(source: a.lo &* weightA &+ b.lo &* weightB, alpha: alpha, destination: dl),
            PixelLanes.over(source: a.hi &* weightA &+ b.hi &* weightB, alpha: alpha, destination: dh), p)
    }

    /// Two paints, every pixel with the weights `wa` and `wb`: the values of the kernel
    /// above with rows of equal weights.
    static func blend(
        _ a: Paint, weight wa: Float, _ b: Paint, weight wb: Float, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let (weightA, weightB) = weights(Lanes(repeating: quantize(wa)), b, Lanes(repeating: quantize(wb)))
        guard weightA[0] > 0 || weightB[0] > 0, count > 0 else { return }
        blend(source: a.lo &* weightA &+ b.lo &* weightB, a.hi &* weightA &+ b.hi &* weightB,
              alpha: a.alpha &* weightA &+ b.alpha &* weightB, into: dst, count: count)
    }

    /// The two paints' weights as the kernels use them: `wa` held to `255 − ⌈B_a·wb / 255⌉`.
    @inline(__always)
    private static func weights(_ wa: Lanes, _ b: Paint, _ wb: Lanes) -> (Lanes, Lanes) {
        // Not `pointwiseMin`: in these kernels it was left a call.
        let most = 255 &- PixelLanes.divideFloor(b.alpha &* wb &+ 254)
        return (wa.replacing(with: most, where: wa .> most), wb)
    }

    // MARK: Groups

    /// `src` (premultiplied, colour ≤ alpha) over the pixels at `dst` with weight
    /// `opacity`: an offscreen group composited. Groups of eight transparent source pixels
    /// are skipped; opaque ones at full opacity copied.
    static func composite(
        _ src: UnsafePointer<UInt8>, opacity: Float, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        composite(src, opacity: opacity, over: nil, into: dst, count: count)
    }

    /// `src` composited with weight `opacity` over pixels that hold `background` (an opaque
    /// paint's bytes), whatever the pixels at `dst` hold: every pixel is written, not read —
    /// the same bytes as `fill` with the paint and `composite(_:opacity:into:count:)` over
    /// it (its reference twin), one pass over `dst` instead of two and no load of it.
    static func composite(
        _ src: UnsafePointer<UInt8>, opacity: Float, over background: Paint, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        composite(src, opacity: opacity, over: Optional(background), into: dst, count: count)
    }

    /// The two composites: over the pixels at `dst`, or over `background` in their place.
    @inline(__always)
    private static func composite(
        _ src: UnsafePointer<UInt8>, opacity: Float, over background: Paint?, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let o = quantize(opacity)
        guard o > 0 else {
            if let background { fill(dst, with: background.fill, count: count) }
            return
        }
        let weight = Lanes(repeating: o)
        PixelLanes.forEachGroup(dst, count: count) { p, first, n in
            let raw = PixelLanes.pixels(src, first, n)
            let words = unsafeBitCast(raw, to: SIMD8<UInt32>.self)
            if PixelLanes.isZero(words) {
                if let background { p.storeBytes(of: background.fill, as: SIMD8<UInt32>.self) }
                return
            }
            let opaque = PixelLanes.allOpaque(words)
            if o == 255 && opaque {
                p.storeBytes(of: raw, as: Lanes.self)
                return
            }
            let (sl, sh) = PixelLanes.split(raw)
            let (dl, dh) = background.map { ($0.lo, $0.hi) } ?? PixelLanes.load(p)
            if opaque {
                PixelLanes.store(PixelLanes.lerp(source: sl, weight: weight, destination: dl),
                                 PixelLanes.lerp(source: sh, weight: weight, destination: dh), p)
            } else if o == 255 {
                let alpha = PixelLanes.alphas(sh)
                PixelLanes.store(PixelLanes.overFullWeight(source: sl, alpha: alpha, destination: dl),
                                 PixelLanes.overFullWeight(source: sh, alpha: alpha, destination: dh), p)
            } else {
                let alpha = PixelLanes.alphas(sh) &* weight
                PixelLanes.store(PixelLanes.over(source: sl &* weight, alpha: alpha, destination: dl),
                                 PixelLanes.over(source: sh &* weight, alpha: alpha, destination: dh), p)
            }
        }
    }
}
