/// Source-over of a colour that changes from pixel to pixel: a contents image's samples.
extension SourceOver {
    /// `dst[i] = S[i] · w[i] + dst[i] · (1 − S[i].a · w[i] / 255)` for the `count` pixels at
    /// `dst` (premultiplied RGBA8), `S[i]` the premultiplied colour at `colors + 4i` (RGBA on
    /// the 0…255 scale, any precision) and `w[i]` the weight (coverage × clip × opacity).
    ///
    /// Rounding as the other kernels (`docs/compositor.md` § 4): computed in `Float`, rounded
    /// once to nearest, clamped to 0…255. Weights are read as 0…1 (NaN as 0). A weight of 0
    /// leaves its pixel exactly as it was (whatever the colour); an opaque colour at weight 1
    /// writes itself rounded, however often. Colours are sanitised first — alpha clamped to
    /// 0…255, each colour channel to 0…alpha (NaN to 0) — so a premultiplied destination
    /// stays premultiplied: every channel is computed with the same weight and the same
    /// destination factor, and `Float` rounding is monotone.
    ///
    /// Cost: about 20 `SIMD16` operations per four pixels; chunks of four zero weights are
    /// skipped, chunks of four opaque colours at weight 1 stored without reading `dst`. No
    /// padding needed past `count` in any buffer.
    static func blend(
        colors: UnsafePointer<Float>, weights: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        var i = 0
        while i + 4 <= count {
            var w4 = UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD4<Float>.self)
            w4.replace(with: 0, where: .!(w4 .> 0))
            w4.replace(with: 1, where: w4 .> 1)
            if w4 == .zero {
                i += 4
                continue
            }
            var s = UnsafeRawPointer(colors + 4 * i).loadUnaligned(as: SIMD16<Float>.self)
            var a4 = SIMD4(s[3], s[7], s[11], s[15])
            a4.replace(with: 0, where: .!(a4 .> 0))
            a4.replace(with: 255, where: a4 .> 255)
            let alpha = expand(a4)
            s.replace(with: 0, where: .!(s .> 0))
            s.replace(with: alpha, where: s .> alpha)
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            if w4 == SIMD4(repeating: 1) && a4 == SIMD4(repeating: 255) {
                p.storeBytes(of: pack(s), as: SIMD16<UInt8>.self)
            } else {
                // s is finite, so a weight of 0 gives d · 1 + 0: d exactly.
                let d = unpack(p.loadUnaligned(as: SIMD16<UInt8>.self))
                let result = s * expand(w4) + d * (1 - alpha * expand(w4 * (1 / 255)))
                p.storeBytes(of: pack(result), as: SIMD16<UInt8>.self)
            }
            i += 4
        }
        while i < count {
            let weight = weights[i]
            if weight > 0 {
                let w = Swift.min(weight, 1)
                let c = colors + 4 * i
                let a = c[3] > 0 ? Swift.min(c[3], 255) : 0
                var s = SIMD4<Float>(c[0], c[1], c[2], a)
                s.replace(with: 0, where: .!(s .> 0))
                s.replace(with: a, where: s .> a)
                let q = dst + 4 * i
                let d = load(q)
                store(s * w + d * (1 - a * (w * (1 / 255))), at: q)
            }
            i += 1
        }
    }
}
