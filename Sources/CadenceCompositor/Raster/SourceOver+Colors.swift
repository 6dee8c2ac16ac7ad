/// Source-over of a colour that changes from pixel to pixel: a contents image's samples.
extension SourceOver {
    /// `S[i]` over the `count` pixels at `dst` with weight `w[i]`, `S[i]` the premultiplied
    /// bytes at `colors + 4i`, rounded once by the rule of `SourceOver` (`docs/compositor.md`
    /// § 4). `weights` `nil`: every pixel has weight `uniform`. Colours are sanitised first
    /// — each colour channel clamped to the alpha — so a premultiplied destination stays
    /// premultiplied whatever the image holds. Groups of eight zero weights or eight
    /// transparent colours are skipped; opaque colours at full weight are stored. `additive`:
    /// the colours are added instead (`addSample`, the blend of emitters' `.additive`
    /// particles on the general path).
    static func blend(
        colors: UnsafePointer<UInt8>, weights: UnsafePointer<Float>?, uniform: Float = 1,
        into dst: UnsafeMutablePointer<UInt8>, count: Int, additive: Bool = false
    ) {
        let uniformWeight = PixelLanes.quantize(SIMD8(repeating: uniform))
        PixelLanes.forEachGroup(dst, count: count) { p, first, n in
            let q = weights.map { PixelLanes.quantize(PixelLanes.floats($0, first, n)) } ?? uniformWeight
            if PixelLanes.isZero(q) { return }
            let (sl, sh) = PixelLanes.split(PixelLanes.pixels(colors, first, n))
            // Eight transparent samples (all clamped to 0) leave the destination as it is,
            // blended or added.
            if PixelLanes.isZero(unsafeBitCast(sh, to: SIMD8<UInt32>.self) &>> 16) { return }
            if additive { addSample(sl, sh, weights: q, into: p) } else { blendSample(sl, sh, weights: q, into: p) }
        }
    }

    /// Eight samples `(sl, sh)` added to the eight pixels at `p` with the quantized weights
    /// `q`: each channel `min(255, D + ⌊S·q / 255⌉)` (colour channels clamped to the alpha
    /// first), the saturating sum of premultiplied colours — Core Animation's additive
    /// particles (`kCAEmitterLayerAdditive`). A premultiplied destination stays
    /// premultiplied: each colour sum is at most the alpha sum, and saturating both at 255
    /// keeps it so. A weight of 0 leaves the pixel exactly as it was.
    @inline(__always)
    static func addSample(_ sl: Lanes, _ sh: Lanes, weights q: SIMD8<UInt32>, into p: UnsafeMutableRawPointer) {
        let alpha = PixelLanes.alphas(sh)
        let weight = PixelLanes.spread(q)
        let s0 = sl.replacing(with: alpha, where: sl .> alpha), s1 = sh.replacing(with: alpha, where: sh .> alpha)
        let (dl, dh) = PixelLanes.load(p)
        let lo = dl &+ PixelLanes.divideRound(s0 &* weight), hi = dh &+ PixelLanes.divideRound(s1 &* weight)
        PixelLanes.store(lo.replacing(with: 255, where: lo .> 255), hi.replacing(with: 255, where: hi .> 255), p)
    }

    /// Eight samples `(sl, sh)` (`PixelLanes` layout, each lane 0…255) over the eight pixels
    /// at `p` with the quantized weights `q` (not all 0): the contents' blend, shared by the
    /// byte rows above and the fused bilinear path (`ContentsSampler+Lanes.swift`).
    @inline(__always)
    static func blendSample(_ sl: Lanes, _ sh: Lanes, weights q: SIMD8<UInt32>, into p: UnsafeMutableRawPointer) {
        let alpha = PixelLanes.alphas(sh)
        // Not `pointwiseMin` and `==`: here they were left a call and scalar loops.
        let s = (sl.replacing(with: alpha, where: sl .> alpha), sh.replacing(with: alpha, where: sh .> alpha))
        let full = PixelLanes.isZero(q ^ 255), opaque = PixelLanes.isZero(alpha ^ 255)
        if full && opaque {
            PixelLanes.store(s.0, s.1, p)
            return
        }
        let (dl, dh) = PixelLanes.load(p)
        if opaque {
            let weight = PixelLanes.spread(q)
            PixelLanes.store(PixelLanes.lerp(source: s.0, weight: weight, destination: dl),
                             PixelLanes.lerp(source: s.1, weight: weight, destination: dh), p)
        } else if full {
            PixelLanes.store(PixelLanes.overFullWeight(source: s.0, alpha: alpha, destination: dl),
                             PixelLanes.overFullWeight(source: s.1, alpha: alpha, destination: dh), p)
        } else {
            let weight = PixelLanes.spread(q)
            let α = alpha &* weight
            PixelLanes.store(PixelLanes.over(source: s.0 &* weight, alpha: α, destination: dl),
                             PixelLanes.over(source: s.1 &* weight, alpha: α, destination: dh), p)
        }
    }

    /// Premultiplied colours in `Float` on the 0…255 scale (4 a pixel, any precision) as
    /// bytes: alpha clamped to 0…255, each colour channel to 0…alpha (NaN to 0), then
    /// rounded to nearest (ties to even, through the 2²³ bias): the one rounding of a
    /// sample before it is blended. `out` needs `4 · count` bytes.
    static func quantize(colors: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 4 <= count {
            let c = UnsafeRawPointer(colors + 4 * i).loadUnaligned(as: SIMD16<Float>.self)
            UnsafeMutableRawPointer(out + 4 * i).storeBytes(of: quantize4(c), as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            var c = SIMD16<Float>()
            for k in 0..<4 { c[k] = colors[4 * i + k] }
            let b = quantize4(c)
            for k in 0..<4 { out[4 * i + k] = b[k] }
            i += 1
        }
    }

    /// Four pixels of `quantize(colors:into:count:)`.
    @inline(__always)
    static func quantize4(_ v: SIMD16<Float>) -> SIMD16<UInt8> {
        var a = SIMD16(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7], v[11], v[11], v[11], v[11], v[15], v[15], v[15], v[15])
        a = a.replacing(with: 0, where: .!(a .> 0)).replacing(with: 255, where: a .> 255)
        let c = v.replacing(with: 0, where: .!(v .> 0)).replacing(with: a, where: v .> a)
        let bias: Float = 8_388_608  // 2²³
        let u = unsafeBitCast(c + bias, to: SIMD16<UInt32>.self)
        // Lane by lane: the generic narrowing conversion is a call, this form one shuffle.
        return SIMD16<UInt8>(
            UInt8(truncatingIfNeeded: u[0]), UInt8(truncatingIfNeeded: u[1]), UInt8(truncatingIfNeeded: u[2]),
            UInt8(truncatingIfNeeded: u[3]), UInt8(truncatingIfNeeded: u[4]), UInt8(truncatingIfNeeded: u[5]),
            UInt8(truncatingIfNeeded: u[6]), UInt8(truncatingIfNeeded: u[7]), UInt8(truncatingIfNeeded: u[8]),
            UInt8(truncatingIfNeeded: u[9]), UInt8(truncatingIfNeeded: u[10]), UInt8(truncatingIfNeeded: u[11]),
            UInt8(truncatingIfNeeded: u[12]), UInt8(truncatingIfNeeded: u[13]), UInt8(truncatingIfNeeded: u[14]),
            UInt8(truncatingIfNeeded: u[15]))
    }
}
