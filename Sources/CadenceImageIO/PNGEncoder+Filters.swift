import CadencePixels

// The PNG encoder's row stages: un-premultiplying a row of `Bitmap` pixels, the five PNG
// filters (ISO/IEC 15948 § 9.2, 4 bytes a pixel), and the heuristic score of a filtered
// row. Encoding reads only unfiltered bytes, so every filter runs in `SIMD16` lanes (only
// decoding Paeth is serial); each has a scalar twin in the tests.

extension PNGEncoder {
    /// `Bitmap.unpremultiplied`: `v · 255 / a` rounded to nearest, for every premultiplied value `v` and alpha `a`
    /// (index `a · 256 + v`; 0 when `a` is 0, `v` when `a` is 255; at most 255): 64 KiB, built once.
    static let unpremultiplied: [UInt8] = (0..<65_536).map { index in
        Bitmap.unpremultiplied(UInt8(index & 255), alpha: UInt8(index >> 8))
    }

    /// Writes the `count` pixels at `pixels` (premultiplied RGBA) to `row`, alpha divided
    /// out; opaque pixels are copied as they are.
    package static func unpremultiply(_ pixels: UnsafePointer<UInt8>, count: Int, into row: UnsafeMutablePointer<UInt8>) {
        unpremultiplied.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            var x = 0
            while x < count {
                // Eight opaque pixels are copied as they are.
                if x + 8 <= count {
                    let eight = UnsafeRawPointer(pixels + 4 * x).loadUnaligned(as: SIMD8<UInt32>.self)
                    let alpha = SIMD8<UInt32>(repeating: UInt32(littleEndian: 0xFF00_0000))
                    if eight & alpha == alpha {
                        UnsafeMutableRawPointer(row + 4 * x).storeBytes(of: eight, as: SIMD8<UInt32>.self)
                        x += 8
                        continue
                    }
                }
                for p in Swift.stride(from: 4 * x, to: 4 * Swift.min(x + 8, count), by: 4) {
                    let a = Int(pixels[p + 3]) << 8
                    row[p] = table[a | Int(pixels[p])]
                    row[p + 1] = table[a | Int(pixels[p + 1])]
                    row[p + 2] = table[a | Int(pixels[p + 2])]
                    row[p + 3] = pixels[p + 3]
                }
                x += 8
            }
        }
    }

    /// Filters the row `row` (`count` bytes) given the row above, `previous` (zeros for
    /// the first row), with PNG filter `filter` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth),
    /// into `out`. Bytes left of the row count as 0.
    static func filter(
        _ filter: UInt8, _ row: UnsafePointer<UInt8>, above previous: UnsafePointer<UInt8>, count: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        // The first pixel has no left neighbour: bytes 0..<4 scalar, the rest in lanes.
        for i in 0..<Swift.min(4, count) {
            out[i] = row[i] &- predictor(filter, left: 0, up: previous[i], upLeft: 0)
        }
        var i = 4
        while i + 16 <= count {
            let x = load(row + i), a = load(row + i - 4), b = load(previous + i), c = load(previous + i - 4)
            let p: SIMD16<UInt8>
            switch filter {
            case 0: p = .zero
            case 1: p = a
            case 2: p = b
            case 3:
                // ⌊(a + b) / 2⌋ without overflow: (a & b) + ((a ^ b) >> 1).
                p = (a & b) &+ ((a ^ b) &>> 1)
            default: p = paeth(a, b, c)
            }
            UnsafeMutableRawPointer(out + i).storeBytes(of: x &- p, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            out[i] = row[i] &- predictor(filter, left: row[i - 4], up: previous[i], upLeft: previous[i - 4])
            i += 1
        }
    }

    @inline(__always)
    private static func load(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// The predictor of one byte (the scalar form of `filter`'s lanes).
    @inline(__always)
    static func predictor(_ filter: UInt8, left a: UInt8, up b: UInt8, upLeft c: UInt8) -> UInt8 {
        switch filter {
        case 0: 0
        case 1: a
        case 2: b
        case 3: UInt8((Int(a) + Int(b)) / 2)
        default: UInt8(paeth(Int(a), Int(b), Int(c)))
        }
    }

    /// Paeth's predictor in lanes: of `a`, `b`, `c` the nearest to `a + b − c`, ties to `a`
    /// then `b`. In bytes: `|p − a| = |b − c|`, `|p − b| = |a − c|`, and `|p − c| = |(a −
    /// c) + (b − c)|` is their sum when the two differences have one sign (saturated at
    /// 255, where it is no longer the least) and the difference of the two otherwise.
    @inline(__always)
    static func paeth(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let aAbove = a .>= c, bAbove = b .>= c
        let pa = (b &- c).replacing(with: c &- b, where: .!bAbove)
        let pb = (a &- c).replacing(with: c &- a, where: .!aAbove)
        let sum = pa &+ pb
        let saturated = sum.replacing(with: 255, where: sum .< pa)
        let pc = (pa &- pb).replacing(with: pb &- pa, where: pa .< pb).replacing(with: saturated, where: .!(aAbove .^ bAbove))
        return c.replacing(with: b, where: pb .<= pc).replacing(with: a, where: (pa .<= pb) .& (pa .<= pc))
    }

    /// The heuristic cost of a filtered row: the sum of its bytes read as signed
    /// (`min(v, 256 − v)`), the PNG specification's suggestion.
    static func score(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var total = 0
        var i = 0
        while i + 16 <= count {
            // Pairs of bytes (each at most 128) summed in 16-bit lanes: 128 vectors fit.
            var sums = SIMD8<UInt16>.zero
            let end = Swift.min(count, i + 16 * 128)
            while i + 16 <= end {
                let v = load(bytes + i)
                let negated = 0 &- v
                let pairs = unsafeBitCast(v.replacing(with: negated, where: negated .< v), to: SIMD8<UInt16>.self)
                sums &+= (pairs & 0xFF) &+ (pairs &>> 8)
                i += 16
            }
            for k in 0..<8 { total += Int(sums[k]) }
        }
        while i < count {
            total += Int(Swift.min(bytes[i], 0 &- bytes[i]))
            i += 1
        }
        return total
    }
}
