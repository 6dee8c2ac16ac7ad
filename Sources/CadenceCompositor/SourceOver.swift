import CadenceGeometry

/// Source-over compositing of premultiplied RGBA8 pixels, four pixels (`SIMD16`) at a
/// time, in `Float`.
///
/// **Rounding.** Every result is `result = source + destination · (1 − sourceAlpha)`
/// computed in `Float` on the 0…255 scale and rounded to the nearest integer (halves away
/// from zero), clamped to 0…255: one rounding per stage. So a weight of 0 leaves the
/// destination exactly as it was, a weight of 1 with an opaque source writes the source
/// exactly (no drift however often opaque is drawn over opaque), 255 stays 255 and 0 stays
/// 0. `Float`'s 24-bit significand keeps the error before rounding under 1e-4 of a step,
/// so the result is the correctly rounded value except within 1e-4 of a half
/// (`SourceOverTests` checks against a `Double` reference).
///
/// Colours are premultiplied on the 0…255 scale, alphas on 0…1; weights (coverage × clip ×
/// opacity) on 0…1. Cost: about 10 vector operations per four pixels; whole chunks of
/// weight 0 are skipped and whole chunks of weight 1 with an opaque colour stored.
enum SourceOver {
    /// `color` premultiplied on the 0…255 scale (components clamped to 0…1; NaN counts as
    /// 0), its alpha on 0…1, and the same colour repeated four times.
    struct Paint {
        var color: SIMD4<Float>
        var alpha: Float
        var color4: SIMD16<Float>
        var isOpaque: Bool { alpha >= 1 }
        /// The colour as stored bytes (rounded), four times.
        var bytes4: SIMD16<UInt8>

        init(_ c: Color) {
            func unit(_ x: Double) -> Double { x > 0 ? Swift.min(x, 1) : 0 }
            let a = unit(c.alpha)
            let premultiplied = SIMD4(unit(c.red) * a, unit(c.green) * a, unit(c.blue) * a, a) * 255
            color = SIMD4<Float>(premultiplied)
            alpha = Float(a)
            color4 = SIMD16(lowHalf: SIMD8(lowHalf: color, highHalf: color), highHalf: SIMD8(lowHalf: color, highHalf: color))
            bytes4 = SourceOver.pack(color4)
        }
    }

    /// `color` as premultiplied RGBA8 (each component rounded once).
    static func bytes(of color: Color) -> SIMD4<UInt8> {
        let p = Paint(color).bytes4
        return SIMD4(p[0], p[1], p[2], p[3])
    }

    // MARK: Kernels

    /// `dst[i] = paint · w[i] + dst[i] · (1 − alpha · w[i])` for the `count` pixels at
    /// `dst` (RGBA8), `w` the weights.
    static func blend(_ paint: Paint, weights w: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 4 <= count {
            let w4 = UnsafeRawPointer(w + i).loadUnaligned(as: SIMD4<Float>.self)
            if w4 == .zero {
                i += 4
                continue
            }
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            if paint.isOpaque && w4 == SIMD4(repeating: 1) {
                p.storeBytes(of: paint.bytes4, as: SIMD16<UInt8>.self)
            } else {
                let weight = expand(w4)
                let d = unpack(p.loadUnaligned(as: SIMD16<UInt8>.self))
                p.storeBytes(of: pack(paint.color4 * weight + d * (1 - paint.alpha * weight)), as: SIMD16<UInt8>.self)
            }
            i += 4
        }
        while i < count {
            let weight = w[i]
            if weight > 0 {
                let p = dst + 4 * i
                let d = load(p)
                store(paint.color * weight + d * (1 - paint.alpha * weight), at: p)
            }
            i += 1
        }
    }

    /// Two paints at once, the second over the first:
    /// `dst[i] = a · wa[i] + b · wb[i] + dst[i] · (1 − a.alpha · wa[i] − b.alpha · wb[i])`
    /// (the caller folds the second paint's coverage of the first into `wa`).
    static func blend(
        _ a: Paint, weights wa: UnsafePointer<Float>, _ b: Paint, weights wb: UnsafePointer<Float>,
        into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        var i = 0
        while i + 4 <= count {
            let wa4 = UnsafeRawPointer(wa + i).loadUnaligned(as: SIMD4<Float>.self)
            let wb4 = UnsafeRawPointer(wb + i).loadUnaligned(as: SIMD4<Float>.self)
            if wa4 == .zero && wb4 == .zero {
                i += 4
                continue
            }
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            let ea = expand(wa4), eb = expand(wb4)
            let d = unpack(p.loadUnaligned(as: SIMD16<UInt8>.self))
            let result = a.color4 * ea + b.color4 * eb + d * (1 - a.alpha * ea - b.alpha * eb)
            p.storeBytes(of: pack(result), as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            let x = wa[i], y = wb[i]
            if x > 0 || y > 0 {
                let p = dst + 4 * i
                let d = load(p)
                store(a.color * x + b.color * y + d * (1 - a.alpha * x - b.alpha * y), at: p)
            }
            i += 1
        }
    }

    /// `dst[i] = src[i] · opacity + dst[i] · (1 − srcAlpha[i] · opacity)`: an offscreen
    /// group composited with its opacity.
    static func composite(
        _ src: UnsafePointer<UInt8>, opacity: Float, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        var i = 0
        while i + 4 <= count {
            let s8 = UnsafeRawPointer(src + 4 * i).loadUnaligned(as: SIMD16<UInt8>.self)
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            if s8 == .zero {
                i += 4
                continue
            }
            // Opaque source at opacity 1: s · 1 + d · 0 is s exactly.
            if opacity == 1 && allOpaque(s8) {
                p.storeBytes(of: s8, as: SIMD16<UInt8>.self)
                i += 4
                continue
            }
            let s = unpack(s8)
            let d = unpack(p.loadUnaligned(as: SIMD16<UInt8>.self))
            p.storeBytes(of: pack(s * opacity + d * (1 - alphas(s) * opacity / 255)), as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            let q = src + 4 * i
            if q[3] > 0 || q[0] > 0 || q[1] > 0 || q[2] > 0 {
                let s = load(q)
                let p = dst + 4 * i
                let d = load(p)
                store(s * opacity + d * (1 - s[3] * opacity / 255), at: p)
            }
            i += 1
        }
    }

    // MARK: Constant runs

    /// The general kernel's result for a run of pixels that all get the same paints and
    /// weights, so that each output byte depends only on the destination byte and its
    /// channel: a plain 32-bit span fill when it does not depend on the destination
    /// (an opaque paint at weight 1), else `(d · m + b) >> 22` per channel in `UInt32`
    /// lanes, eight pixels per iteration, else a lookup in the 4 × 256 table of the
    /// general kernel's results (when Float ties round unevenly, e.g. 76.5 + d · 0.4).
    ///
    /// **Exactness.** `init` runs the general kernel (`reference`) over the 256
    /// destinations `(d, d, d, d)` and keeps the fill only if all 256 agree, the integer
    /// form only if its `m` and `b` (searched exhaustively) reproduce all 256 results of
    /// every channel: every pixel equals the general kernel's, bit for bit, by
    /// construction. Cost of `init`: one 256-pixel reference blend and about 5000 integer
    /// operations; of `apply`: a 32-byte store per 8 pixels (fill), about 30 integer
    /// vector operations per 8 pixels (blend).
    struct ConstantBlend {
        enum Kind {
            case identity
            case fill(UInt32)
            case integer(m: SIMD4<UInt32>, b: SIMD4<UInt32>)
            case table([UInt8])
        }
        let kind: Kind
        static let shift: UInt32 = 22

        /// The run of `paint` at `weight` through the one-paint kernel, or — `second` given —
        /// through the two-paint kernel with `second` over it at weight 0 (a background
        /// inside its border's inner edge, as the rasterizer blends it there). No allocation
        /// unless the table form is kept.
        init(_ paint: Paint, weight: Float, beneath second: Paint? = nil) {
            let n = 256
            self = withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * n) { buffer in
                let k = buffer.baseAddress!, zero = k + n
                k.initialize(repeating: weight, count: n)
                zero.initialize(repeating: 0, count: n)
                if let second {
                    return ConstantBlend { SourceOver.blend(paint, weights: k, second, weights: zero, into: $0, count: $1) }
                }
                return ConstantBlend { SourceOver.blend(paint, weights: k, into: $0, count: $1) }
            }
        }

        /// `reference` blends the pixels it is given (256, RGBA8) with the run's paints and
        /// weights through the general kernel.
        init(reference: (UnsafeMutablePointer<UInt8>, Int) -> Void) {
            kind = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { t in  // t[4·d + c]
                for d in 0..<256 { for c in 0..<4 { t[4 * d + c] = UInt8(d) } }
                reference(t.baseAddress!, 256)
                var identity = true, constant = true
                for d in 0..<256 {
                    for c in 0..<4 {
                        identity = identity && t[4 * d + c] == UInt8(d)
                        constant = constant && t[4 * d + c] == t[c]
                    }
                }
                if identity { return .identity }
                if constant { return .fill(UInt32(t[0]) | UInt32(t[1]) << 8 | UInt32(t[2]) << 16 | UInt32(t[3]) << 24) }
                if let (m, b) = Self.integerForm(UnsafeBufferPointer(t)) { return .integer(m: m, b: b) }
                return .table(Array(t))
            }
        }

        /// Per channel, `m` and `b` with `(d · m + b) >> shift == table[4·d + c]` for every
        /// `d` (no overflow of `UInt32`), or `nil`.
        static func integerForm(_ table: UnsafeBufferPointer<UInt8>) -> (SIMD4<UInt32>, SIMD4<UInt32>)? {
            var ms = SIMD4<UInt32>(), bs = SIMD4<UInt32>()
            let one = Int64(1) << Int64(shift)
            for c in 0..<4 {
                // The slope from the ends, then its neighbours.
                let t0 = Int64(table[c]), t255 = Int64(table[1020 + c])
                let guess = ((t255 - t0) * one) / 255
                var found = false
                for delta: Int64 in [0, 1, -1, 2, -2, 3, -3] {
                    let m = guess + delta
                    guard m >= 0 else { continue }
                    var lo = Int64.min, hi = Int64.max
                    for d in 0..<256 {
                        let t = Int64(table[4 * d + c]), dm = Int64(d) * m
                        lo = Swift.max(lo, t * one - dm)
                        hi = Swift.min(hi, (t + 1) * one - 1 - dm)
                    }
                    if lo <= hi, lo >= 0, lo + 255 * m < Int64(UInt32.max) {
                        ms[c] = UInt32(m)
                        bs[c] = UInt32(lo)
                        found = true
                        break
                    }
                }
                if !found { return nil }
            }
            return (ms, bs)
        }

        /// The run's result for the `count` pixels at `dst`.
        func apply(to dst: UnsafeMutablePointer<UInt8>, count: Int) {
            guard count > 0 else { return }
            let raw = UnsafeMutableRawPointer(dst)
            switch kind {
            case .identity:
                return
            case .fill(let pixel):
                let wide = SIMD8<UInt32>(repeating: pixel)
                var i = 0
                while i + 8 <= count {
                    raw.storeBytes(of: wide, toByteOffset: 4 * i, as: SIMD8<UInt32>.self)
                    i += 8
                }
                while i < count {
                    raw.storeBytes(of: pixel, toByteOffset: 4 * i, as: UInt32.self)
                    i += 1
                }
            case .integer(let m, let b):
                Self.blend(raw, count: count, m: m, b: b)
            case .table(let table):
                table.withUnsafeBufferPointer { t in
                    let t = t.baseAddress!
                    for i in 0..<(4 * count) { dst[i] = t[4 * Int(dst[i]) + (i & 3)] }
                }
            }
        }

        @inline(__always)
        static func blend(_ raw: UnsafeMutableRawPointer, count: Int, m: SIMD4<UInt32>, b: SIMD4<UInt32>) {
            let m0 = SIMD8(repeating: m[0]), m1 = SIMD8(repeating: m[1]), m2 = SIMD8(repeating: m[2]), m3 = SIMD8(repeating: m[3])
            let b0 = SIMD8(repeating: b[0]), b1 = SIMD8(repeating: b[1]), b2 = SIMD8(repeating: b[2]), b3 = SIMD8(repeating: b[3])
            let byte = SIMD8<UInt32>(repeating: 0xFF), s = SIMD8<UInt32>(repeating: shift)
            @inline(__always)
            func one(_ p: SIMD8<UInt32>) -> SIMD8<UInt32> {
                let r = ((p & byte) &* m0 &+ b0) &>> s
                let g = (((p &>> 8) & byte) &* m1 &+ b1) &>> s
                let bl = (((p &>> 16) & byte) &* m2 &+ b2) &>> s
                let a = ((p &>> 24) &* m3 &+ b3) &>> s
                return r | (g &<< 8) | (bl &<< 16) | (a &<< 24)
            }
            var i = 0
            while i + 8 <= count {
                let p = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<UInt32>.self)
                raw.storeBytes(of: one(p), toByteOffset: 4 * i, as: SIMD8<UInt32>.self)
                i += 8
            }
            if i < count {
                var p = SIMD8<UInt32>()
                for k in 0..<(count - i) { p[k] = raw.loadUnaligned(fromByteOffset: 4 * (i + k), as: UInt32.self) }
                let r = one(p)
                for k in 0..<(count - i) { raw.storeBytes(of: r[k], toByteOffset: 4 * (i + k), as: UInt32.self) }
            }
        }
    }

    // MARK: Helpers

    /// `(w0, w0, w0, w0, w1, …, w3)`: one weight per channel.
    @inline(__always)
    static func expand(_ w: SIMD4<Float>) -> SIMD16<Float> {
        SIMD16(w[0], w[0], w[0], w[0], w[1], w[1], w[1], w[1], w[2], w[2], w[2], w[2], w[3], w[3], w[3], w[3])
    }

    /// `(a0, a0, a0, a0, a1, …, a3)`: each pixel's alpha (lanes 3, 7, 11, 15) in all four
    /// of its lanes.
    @inline(__always)
    static func alphas(_ v: SIMD16<Float>) -> SIMD16<Float> {
        SIMD16(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7], v[11], v[11], v[11], v[11], v[15], v[15], v[15], v[15])
    }

    /// Whether all four pixels are opaque (alpha 255).
    @inline(__always)
    static func allOpaque(_ b: SIMD16<UInt8>) -> Bool {
        b[3] == 255 && b[7] == 255 && b[11] == 255 && b[15] == 255
    }

    /// One pixel's bytes as floats (0…255).
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    /// Rounds to nearest (halves up: all values are ≥ 0) and clamps to 0…255; NaN gives 0.
    ///
    /// Written with the 2²³ bias rather than the standard library's generic conversions,
    /// which are not vectorised: adding 2²³ to a value in 0…255 leaves its nearest integer
    /// (ties to even) in the low significand bits; a tie that went down is moved up; the
    /// low byte of the bit pattern is the result.
    @inline(__always)
    static func pack(_ v: SIMD16<Float>) -> SIMD16<UInt8> {
        let bias: Float = 8_388_608  // 2²³ (a local constant: a static would cost a lazy-init check)
        let c = v.replacing(with: 0, where: .!(v .> 0)).replacing(with: 255, where: v .> 255)
        var biased = c + bias
        biased.replace(with: biased + 1, where: c - (biased - bias) .== 0.5)
        // Lane by lane: the generic `SIMD16<UInt8>(truncatingIfNeeded:)` compiles to a call
        // to a scalar loop; this form becomes a vector narrowing wherever it is inlined.
        let u = unsafeBitCast(biased, to: SIMD16<UInt32>.self)
        return SIMD16<UInt8>(
            UInt8(truncatingIfNeeded: u[0]), UInt8(truncatingIfNeeded: u[1]), UInt8(truncatingIfNeeded: u[2]),
            UInt8(truncatingIfNeeded: u[3]), UInt8(truncatingIfNeeded: u[4]), UInt8(truncatingIfNeeded: u[5]),
            UInt8(truncatingIfNeeded: u[6]), UInt8(truncatingIfNeeded: u[7]), UInt8(truncatingIfNeeded: u[8]),
            UInt8(truncatingIfNeeded: u[9]), UInt8(truncatingIfNeeded: u[10]), UInt8(truncatingIfNeeded: u[11]),
            UInt8(truncatingIfNeeded: u[12]), UInt8(truncatingIfNeeded: u[13]), UInt8(truncatingIfNeeded: u[14]),
            UInt8(truncatingIfNeeded: u[15]))
    }

    /// The bytes as floats (0…255), through the same bias.
    @inline(__always)
    static func unpack(_ b: SIMD16<UInt8>) -> SIMD16<Float> {
        // 0x4B00_0000 is the bit pattern of 2²³. Widened lane by lane (see `pack`).
        let wide = SIMD16<UInt32>(
            UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]), UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]),
            UInt32(b[8]), UInt32(b[9]), UInt32(b[10]), UInt32(b[11]), UInt32(b[12]), UInt32(b[13]), UInt32(b[14]), UInt32(b[15]))
        return unsafeBitCast(wide | 0x4B00_0000, to: SIMD16<Float>.self) - 8_388_608
    }

    /// One pixel, rounded as `pack` rounds.
    @inline(__always)
    static func store(_ v: SIMD4<Float>, at p: UnsafeMutablePointer<UInt8>) {
        for k in 0..<4 {
            let c = v[k] > 0 ? Swift.min(v[k], 255) : 0
            p[k] = UInt8(truncatingIfNeeded: Int((c + 0.5).rounded(.down)))
        }
    }
}
