/// The per-pixel operations of shadows, masks and cross-fades, rounded like every other
/// stage: exact integer arithmetic on bytes and 8-bit weights, rounded once to nearest
/// (`SourceOver`, `PixelLanes`).
extension SourceOver {
    /// `dst[i] = dst[i] + P·w[i]·(255 − dst[i].alpha) / 255²`, rounded once: `paint`
    /// drawn **under** the pixels (destination-over), as a shadow is drawn under the layer
    /// that casts it. Groups of eight zero weights or opaque pixels are skipped; under
    /// transparent pixels the paint is drawn as it is, `⌊P·w / 255⌉`.
    static func under(_ paint: Paint, weights w: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        PixelLanes.forEachGroup(dst, count: count) { p, first, n in
            let q = PixelLanes.quantize(PixelLanes.floats(w, first, n))
            if PixelLanes.isZero(q) { return }
            let raw = p.loadUnaligned(as: Lanes.self)
            let words = unsafeBitCast(raw, to: SIMD8<UInt32>.self)
            if PixelLanes.allOpaque(words) { return }
            let weight = PixelLanes.spread(q)
            let source = (paint.lo &* weight, paint.hi &* weight)
            if PixelLanes.isZero(words) {
                PixelLanes.store(PixelLanes.divideRound(source.0), PixelLanes.divideRound(source.1), p)
                return
            }
            let (dl, dh) = PixelLanes.split(raw)
            let cover = 255 &- PixelLanes.alphas(dh)
            PixelLanes.store(PixelLanes.under(source: source.0, cover: cover, destination: dl),
                             PixelLanes.under(source: source.1, cover: cover, destination: dh), p)
        }
    }

    /// `dst[i] = ⌊dst[i] · mask[i].alpha / 255⌉`: a layer's rendering through its mask's.
    /// Groups of eight opaque mask pixels are skipped.
    static func multiply(_ dst: UnsafeMutablePointer<UInt8>, byAlphaOf mask: UnsafePointer<UInt8>, count: Int) {
        PixelLanes.forEachGroup(dst, count: count) { p, first, n in
            let m = PixelLanes.pixels(mask, first, n)
            // Lanes past `count` read as transparent; they are not written back.
            if n == 8 && PixelLanes.allOpaque(unsafeBitCast(m, to: SIMD8<UInt32>.self)) { return }
            let k = PixelLanes.alphas(m &>> 8)
            let (dl, dh) = PixelLanes.load(p)
            PixelLanes.store(PixelLanes.divideRound(dl &* k), PixelLanes.divideRound(dh &* k), p)
        }
    }

    /// `dst[i] = ⌊(previous[i]·(255 − t) + dst[i]·t) / 255⌉`, `t` the amount quantized to
    /// 0…255 like a weight: a cross-fade from `previous` to the pixels at `dst`.
    static func mix(_ previous: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, amount: Float, count: Int) {
        let t = Lanes(repeating: quantize(amount)), s = 255 &- t
        PixelLanes.forEachGroup(dst, count: count) { p, first, n in
            let (al, ah) = PixelLanes.split(PixelLanes.pixels(previous, first, n))
            let (dl, dh) = PixelLanes.load(p)
            PixelLanes.store(PixelLanes.divideRound(al &* s &+ dl &* t), PixelLanes.divideRound(ah &* s &+ dh &* t), p)
        }
    }
}
