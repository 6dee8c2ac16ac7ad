import CadenceGeometry
import CadencePixels

/// The image the compositor draws for a layer's `contents` bitmap, with its mipmaps:
/// premultiplied RGBA, 8 bits a channel, with every level of its mip chain built once, at
/// `init`, and reused by every frame that draws it (`docs/compositor.md` § 9).
///
/// **Mip chain.** Level 0 is the image. Level `k + 1` halves level `k`, sizes rounded up
/// (`5 × 3 → 3 × 2 → 2 × 1 → 1 × 1`), down to 1 × 1: its texel `(i, j)` is the mean of the
/// texels `2i … 2i+1` × `2j … 2j+1` of level `k` that exist (4, 2 or 1 of them), per
/// premultiplied channel, rounded to nearest (halves up): `(sum + n/2) / n` in integers,
/// exact. A premultiplied image stays premultiplied (colour ≤ alpha) on every level. Texel
/// `j` of level `k` stands for the level-0 texels `j·2ᵏ ..< (j+1)·2ᵏ`, so the sampler maps
/// image coordinates to level `k` by dividing by `2ᵏ`.
///
/// **Cost.** The chain adds a third of the image's bytes and about 15 integer operations
/// per texel of level 1 and below (two texels per 64-bit lane operation), once: 0.6–0.9 ms
/// for a 1920 × 1080 image on one core (release). Level 0 shares the bitmap's storage (no
/// copy). A compositor wraps each bitmap set as contents and keeps the wrapper between
/// frames while the bitmap's pixels stay the same (`ContentsImageCache`).
///
/// **Bad input.** A bitmap whose `pixels` are shorter than its size says is read as
/// transparent where bytes are missing (then, or when its rows are not tightly packed,
/// level 0 is a copy).
public final class ContentsImage: Sendable {
    /// Level 0's size in pixels.
    public let width: Int
    public let height: Int

    /// One level of the chain: its size and where its texels are, with what the sampler's
    /// lanes read (computed once here, not per draw).
    struct Level: Hashable, Sendable {
        var width: Int
        var height: Int
        /// Bytes between rows.
        var stride: Int
        /// Byte offset of texel (0, 0): in `base` for level 0, in `mips` for the others.
        var offset: Int
        /// `2⁻ᵏ` for level `k`: image coordinates to this level's.
        var scale: Float
        /// The last column and row.
        var maxX, maxY: Int32

        init(_ k: Int, width: Int, height: Int, stride: Int, offset: Int) {
            self.width = width
            self.height = height
            self.stride = stride
            self.offset = offset
            scale = Float(sign: .plus, exponent: -k, significand: 1)
            maxX = Int32(width - 1)
            maxY = Int32(height - 1)
        }
    }

    /// Level 0's texels, rows `4 · width` bytes apart.
    let base: [UInt8]
    /// Levels 1 and below, packed one after the other, rows `4 · width` bytes apart.
    let mips: [UInt8]
    /// The chain, level 0 first; `[level 0]` alone when built without mipmaps; empty when
    /// the image has no pixels.
    let levels: [Level]

    public var pixelSize: Size { Size(width: Double(width), height: Double(height)) }

    /// The number of levels kept: `1 + ⌈log2 max(width, height)⌉` (1 for a 1 × 1 image).
    public var levelCount: Int { levels.count }

    /// `bitmap` with its whole mip chain (see the type's comment for the cost).
    public convenience init(_ bitmap: Bitmap) {
        self.init(bitmap, mipmapped: true)
    }

    /// `bitmap`, with its mip chain when `mipmapped`, else level 0 alone: constant time (the
    /// pixels are shared, not copied), for draws that never minify (see
    /// `ContentsSampler.needsMipmaps`). Without the chain a
    /// minifying `linear` or `trilinear` filter reads level 0 (and aliases, as `nearest`).
    init(_ bitmap: Bitmap, mipmapped: Bool) {
        let w = Swift.max(bitmap.width, 0), h = Swift.max(bitmap.height, 0)
        // Level 0 is kept with tight rows (the sampler's lanes compute byte offsets in
        // `Int32`: under 2³¹ for any size a `Bitmap` accepts) and at least its full size.
        let stride = 4 * w
        var pixels = bitmap.pixels
        if bitmap.bytesPerRow != stride {
            var tight = [UInt8](repeating: 0, count: h * stride)
            for y in 0..<h {
                let from = y * bitmap.bytesPerRow
                let n = Swift.max(0, Swift.min(stride, pixels.count - from))
                for i in 0..<n { tight[y * stride + i] = pixels[from + i] }
            }
            pixels = tight
        } else if pixels.count < h * stride {
            pixels += [UInt8](repeating: 0, count: h * stride - pixels.count)
        }
        width = w
        height = h
        base = pixels
        guard w > 0, h > 0 else {
            mips = []
            levels = []
            return
        }
        var chain = [Level(0, width: w, height: h, stride: stride, offset: 0)]
        guard mipmapped else {
            mips = []
            levels = chain
            return
        }
        var total = 0
        var lw = w, lh = h
        while lw > 1 || lh > 1 {
            lw = (lw + 1) / 2
            lh = (lh + 1) / 2
            chain.append(Level(chain.count, width: lw, height: lh, stride: 4 * lw, offset: total))
            total += 4 * lw * lh
        }
        var bytes = [UInt8](repeating: 0, count: total)
        pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { out in
                guard let mip = out.baseAddress, let level0 = source.baseAddress else { return }
                for k in 1..<chain.count {
                    let from = chain[k - 1], to = chain[k]
                    let src = k == 1 ? level0 : UnsafePointer(mip + from.offset)
                    Self.halve(src, width: from.width, height: from.height, stride: from.stride,
                               into: mip + to.offset, stride: to.stride)
                }
            }
        }
        mips = bytes
        levels = chain
    }

    /// Level `k` as a bitmap (for tests and inspection), or `nil` when there is no such
    /// level. Copies the texels.
    func level(_ k: Int) -> Bitmap? {
        guard levels.indices.contains(k), var out = try? Bitmap(width: levels[k].width, height: levels[k].height) else {
            return nil
        }
        let l = levels[k]
        let source = k == 0 ? base : mips
        for y in 0..<l.height {
            for i in 0..<(4 * l.width) { out.pixels[4 * l.width * y + i] = source[l.offset + y * l.stride + i] }
        }
        return out
    }

    /// Runs `body` with the address of texel (0, 0) of level 0 and of the packed levels
    /// below it (`nil` when there are none): valid only inside `body`.
    @inline(__always)
    func withTexels<R>(_ body: (UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) -> R) -> R {
        base.withUnsafeBufferPointer { b in
            mips.withUnsafeBufferPointer { m in body(b.baseAddress, m.baseAddress) }
        }
    }

    // MARK: Halving

    /// Writes the next level of the `width × height` level at `src` (rows `stride` apart)
    /// to `dst` (rows `dstStride` apart).
    ///
    /// Pairs of whole 2 × 2 blocks go through 64-bit lanes: the even and the odd bytes of
    /// two texels side by side are summed in 16-bit fields (at most 4 · 255), the two texels
    /// folded, `+2 >> 2`. The last column and row of an odd size average 2 texels (or 1).
    static func halve(
        _ src: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        into dst: UnsafeMutablePointer<UInt8>, stride dstStride: Int
    ) {
        let outW = (width + 1) / 2, outH = (height + 1) / 2
        let fullW = width / 2, fullH = height / 2
        let raw = UnsafeRawPointer(src)
        let m: UInt64 = 0x00FF_00FF_00FF_00FF
        for j in 0..<outH {
            let out = UnsafeMutableRawPointer(dst + j * dstStride)
            let row0 = raw + 2 * j * stride
            if j < fullH {
                let row1 = row0 + stride
                for i in 0..<fullW {
                    let a = row0.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
                    let b = row1.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
                    var even = (a & m) &+ (b & m)
                    var odd = ((a &>> 8) & m) &+ ((b &>> 8) & m)
                    even = (even &+ (even &>> 32) &+ 0x0002_0002) &>> 2
                    odd = (odd &+ (odd &>> 32) &+ 0x0002_0002) &>> 2
                    let texel = UInt32(truncatingIfNeeded: (even & 0x00FF_00FF) | ((odd & 0x00FF_00FF) &<< 8))
                    out.storeBytes(of: texel, toByteOffset: 4 * i, as: UInt32.self)
                }
            }
            // Partial blocks: the last column (odd width) and the whole last row (odd height).
            let first = j < fullH ? fullW : 0
            for i in first..<outW {
                let xs = 2 * i + 1 < width ? 2 : 1, ys = 2 * j + 1 < height ? 2 : 1
                let n = xs * ys
                for c in 0..<4 {
                    var sum = 0
                    for dy in 0..<ys {
                        for dx in 0..<xs { sum += Int(src[(2 * j + dy) * stride + 4 * (2 * i + dx) + c]) }
                    }
                    out.storeBytes(of: UInt8((sum + n / 2) / n), toByteOffset: 4 * i + c, as: UInt8.self)
                }
            }
        }
    }
}
