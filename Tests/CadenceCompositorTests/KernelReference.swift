import CadenceGeometry

@testable import CadenceCompositor

/// The slow, obviously correct twins of the integer kernels (`SourceOver`, `PixelLanes`):
/// the rounding rule of `docs/compositor.md` § 4 written out in plain `Int` arithmetic,
/// one pixel and one channel at a time.
enum KernelReference {
    /// `⌊n / d + ½⌋` for `n ≥ 0`, `d > 0` (halves up; the kernels' denominators are odd, so
    /// there are none).
    static func rounded(_ n: Int, _ d: Int) -> Int { (2 * n + d) / (2 * d) }

    /// A weight in 0…1 as the kernels quantize it: clamped (NaN to 0), times 255 in
    /// `Float`, rounded to nearest with ties to even.
    static func weight(_ w: Float) -> Int {
        let c: Float = w > 0 ? Swift.min(w, 1) : 0
        return Int((c * 255).rounded(.toNearestOrEven))
    }

    /// A colour's premultiplied bytes: `⌊c·a·255 + ½⌋`, `⌊a·255 + ½⌋`, components clamped
    /// to 0…1 (NaN as 0), in `Double`.
    static func bytes(_ c: Color) -> SIMD4<UInt8> {
        func unit(_ x: Double) -> Double { x > 0 ? Swift.min(x, 1) : 0 }
        let a = unit(c.alpha)
        func byte(_ x: Double) -> UInt8 { UInt8((x * 255 + 0.5).rounded(.down)) }
        return SIMD4(byte(unit(c.red) * a), byte(unit(c.green) * a), byte(unit(c.blue) * a), byte(a))
    }

    /// Source-over of the source `σ = S·w` (per channel, on the 255² scale, with `α` its
    /// alpha channel) over the byte `d`: `(255·σ + d·(255² − α)) / 255²` rounded once.
    static func over(_ σ: Int, alpha α: Int, _ d: Int) -> Int {
        rounded(255 * σ + d * (65025 - α), 65025)
    }

    /// `paint` at weight `w` (0…255) over the pixel `d`.
    static func blend(_ paint: SIMD4<UInt8>, weight w: Int, over d: SIMD4<UInt8>) -> SIMD4<UInt8> {
        let α = Int(paint[3]) * w
        return SIMD4((0..<4).map { UInt8(over(Int(paint[$0]) * w, alpha: α, Int(d[$0]))) })
    }

    /// Two paints, `b` over `a`, at the weights `wa`, `wb` (0…255): `wa` held to
    /// `255 − ⌈B_a·wb / 255⌉`, then the source `A·wa + B·wb` over `d`, rounded once.
    static func blend(
        _ a: SIMD4<UInt8>, weight wa: Int, _ b: SIMD4<UInt8>, weight wb: Int, over d: SIMD4<UInt8>
    ) -> SIMD4<UInt8> {
        let ceiling = (Int(b[3]) * wb + 254) / 255
        let wa = Swift.min(wa, 255 - ceiling)
        let α = Int(a[3]) * wa + Int(b[3]) * wb
        return SIMD4((0..<4).map { UInt8(over(Int(a[$0]) * wa + Int(b[$0]) * wb, alpha: α, Int(d[$0]))) })
    }

    /// A sample or group pixel `s` (colour clamped to its alpha first) at weight `w` over `d`.
    static func blend(sample s: SIMD4<UInt8>, weight w: Int, over d: SIMD4<UInt8>) -> SIMD4<UInt8> {
        blend(SIMD4(Swift.min(s[0], s[3]), Swift.min(s[1], s[3]), Swift.min(s[2], s[3]), s[3]), weight: w, over: d)
    }

    /// `paint` at weight `w` under `d`: `d + P·w·(255 − d_a) / 255²`, rounded once.
    static func under(_ paint: SIMD4<UInt8>, weight w: Int, _ d: SIMD4<UInt8>) -> SIMD4<UInt8> {
        let e = 255 - Int(d[3])
        return SIMD4((0..<4).map { UInt8(Int(d[$0]) + rounded(Int(paint[$0]) * w * e, 65025)) })
    }

    /// `d · m / 255`, rounded once.
    static func multiply(_ d: SIMD4<UInt8>, by m: Int) -> SIMD4<UInt8> {
        SIMD4((0..<4).map { UInt8(rounded(Int(d[$0]) * m, 255)) })
    }

    /// `(p·(255 − t) + d·t) / 255`, rounded once.
    static func mix(_ p: SIMD4<UInt8>, _ d: SIMD4<UInt8>, t: Int) -> SIMD4<UInt8> {
        SIMD4((0..<4).map { UInt8(rounded(Int(p[$0]) * (255 - t) + Int(d[$0]) * t, 255)) })
    }

    /// A `Float` colour sample (0…255 scale) as bytes: alpha clamped to 0…255, colour to
    /// 0…alpha (NaN to 0), rounded to nearest, ties to even.
    static func quantize(_ c: SIMD4<Float>) -> SIMD4<UInt8> {
        let a: Float = c[3] > 0 ? Swift.min(c[3], 255) : 0
        func byte(_ x: Float) -> UInt8 { UInt8((x > 0 ? Swift.min(x, a) : 0).rounded(.toNearestOrEven)) }
        return SIMD4(byte(c[0]), byte(c[1]), byte(c[2]), UInt8(a.rounded(.toNearestOrEven)))
    }
}

/// Pixels as bytes and back, for the kernels' tests.
func flatten(_ pixels: [SIMD4<UInt8>]) -> [UInt8] { pixels.flatMap { [$0[0], $0[1], $0[2], $0[3]] } }

func unflatten(_ bytes: [UInt8]) -> [SIMD4<UInt8>] {
    stride(from: 0, to: bytes.count, by: 4).map { SIMD4(bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3]) }
}
