/// The per-pixel operations of shadows, masks and cross-fades, rounded like every other
/// stage (`SourceOver`: computed in `Float` on the 0…255 scale, rounded once to nearest).
extension SourceOver {
    /// `dst[i] = dst[i] + paint · w[i] · (1 − dst[i].alpha)`: `paint` drawn **under** the
    /// pixels (destination-over), as a shadow is drawn under the layer that casts it.
    static func under(_ paint: Paint, weights w: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 4 <= count {
            let w4 = UnsafeRawPointer(w + i).loadUnaligned(as: SIMD4<Float>.self)
            if w4 == .zero {
                i += 4
                continue
            }
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            let bytes = p.loadUnaligned(as: SIMD16<UInt8>.self)
            // Opaque pixels hide what is under them (cover 0: unchanged); under transparent
            // ones the paint is drawn as it is (d = 0, cover 1: the same arithmetic).
            if allOpaque(bytes) {
                i += 4
                continue
            }
            if bytes == .zero {
                p.storeBytes(of: pack(paint.color4 * expand(w4)), as: SIMD16<UInt8>.self)
                i += 4
                continue
            }
            let d = unpack(bytes)
            let cover = SIMD16<Float>(repeating: 1) - alphas(d) / 255
            p.storeBytes(of: pack(d + paint.color4 * expand(w4) * cover), as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            if w[i] != 0 {
                let q = dst + 4 * i
                let d = load(q)
                store(d + paint.color * w[i] * (1 - d[3] / 255), at: q)
            }
            i += 1
        }
    }

    /// `dst[i] = dst[i] · mask[i].alpha / 255`: a layer's rendering through its mask's.
    static func multiply(_ dst: UnsafeMutablePointer<UInt8>, byAlphaOf mask: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i + 4 <= count {
            let m8 = UnsafeRawPointer(mask + 4 * i).loadUnaligned(as: SIMD16<UInt8>.self)
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            if allOpaque(m8) {
                i += 4
                continue
            }
            let k = alphas(unpack(m8)) / 255
            p.storeBytes(of: pack(unpack(p.loadUnaligned(as: SIMD16<UInt8>.self)) * k), as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            let k = Float(mask[4 * i + 3]) / 255
            let q = dst + 4 * i
            store(load(q) * k, at: q)
            i += 1
        }
    }

    /// `dst[i] = previous[i] · (1 − t) + dst[i] · t`: a cross-fade from `previous` to the
    /// pixels at `dst`.
    static func mix(_ previous: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, amount t: Float, count: Int) {
        var i = 0
        while i + 4 <= count {
            let a = unpack(UnsafeRawPointer(previous + 4 * i).loadUnaligned(as: SIMD16<UInt8>.self))
            let p = UnsafeMutableRawPointer(dst + 4 * i)
            let b = unpack(p.loadUnaligned(as: SIMD16<UInt8>.self))
            p.storeBytes(of: pack(a * (1 - t) + b * t), as: SIMD16<UInt8>.self)
            i += 4
        }
        while i < count {
            let q = dst + 4 * i, r = previous + 4 * i
            let a = load(r)
            let b = load(q)
            store(a * (1 - t) + b * t, at: q)
            i += 1
        }
    }
}
