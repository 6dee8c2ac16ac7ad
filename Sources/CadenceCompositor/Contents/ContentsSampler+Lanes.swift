import CCadenceFeatures

/// The contents sampler's integer path: bilinear samples of one level under an affine map,
/// computed in 16-bit lanes over premultiplied RGBA8 and blended straight onto the surface
/// (`docs/compositor.md` § 9), eight pixels at a time — no colour row between sampling
/// and blending.
///
/// **Weights.** A texel-space fraction `f` (0 ≤ f < 1, from the same `Float` coordinates as
/// the float path) becomes the 8-bit fraction `φ = ⌊256·f⌉` (ties to even), 0…256; the four
/// texels weigh `(256 − φx)(256 − φy)`, `φx(256 − φy)`, `(256 − φx)φy`, `φx·φy` (they sum
/// to 2¹⁶).
///
/// **Rounding.** Each channel is `⌊(Σ t·w + 2¹⁵) / 2¹⁶⌋`: the exact weighted sum rounded
/// to nearest once, halves up. So a texel at weight 2¹⁶ comes out unchanged, four equal
/// texels give themselves, and the colour never exceeds the alpha (the result is monotone
/// in every texel and all channels share the weights). Against the `Float` path the
/// quantized fractions move a sample by at most `255/512` per axis: within 2 of it after
/// both round (`ContentsLanesTests`).
///
/// **Lanes** (`PixelLanes` layout). The vertical step `v = t₀·(256 − φy) + t₁·φy` is at
/// most 255·256 and fits a `UInt16` exactly; the horizontal step splits each `v` into
/// `256·a + b` and sums the halves separately (`a₀·(256 − φx) + a₁·φx` and the same of the
/// `b`s are again at most 255·256), then `⌊(256·A + B + 2¹⁵) / 2¹⁶⌋ = (A + ⌊B / 256⌋ + 128) >> 8`,
/// whose sum stays under 65409. `ContentsLanesTests` checks both steps against `Int`
/// arithmetic over every byte pair and weight, and the whole sample on seeded texels.
///
/// Cost: per eight pixels 32 texel loads (rotated), 12 multiplies and about 30 other vector
/// operations, then the blend (`SourceOver.blendSample`); on a CPU with AVX2 the affine
/// lanes are one C call a span (`cadence_contents_affine_blend`: the same steps, the texels
/// by four hardware gathers of eight a group; the Swift lanes are its twin). The
/// separable lanes read two filtered rows instead (four loads, 8 multiplies), and filter
/// each level row once: eight texel-pair loads and 4 multiplies per eight pixels.
extension ContentsSampler {
    typealias Lanes = PixelLanes.Lanes

    /// Whether `blendRow` samples in integer lanes: an affine map and a plain stretch,
    /// bilinear in one level (not the copy path, `nearest` or a trilinear mix, which keep
    /// the float path).
    var samplesInLanes: Bool {
        guard case .affine(let a) = path else { return false }
        return !a.copy && !choice.nearest && choice.mix == 0
    }

    /// Samples the `count` pixels `x0 ..< x0 + count` of row `y` and blends them over
    /// `dst` with the weights `weights` (0…1, one a pixel; coverage × clip × opacity) by the
    /// rule of `SourceOver.blend(colors:weights:uniform:into:count:)`. Only when
    /// `samplesInLanes`. Groups of eight zero weights read no texels. `cache` carries the
    /// separable lanes' filtered rows from one call to the next (one per sampler).
    func blendRow(
        _ y: Int, from x0: Int, count: Int, weights: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>,
        cache: inout RowCache
    ) {
        guard count > 0, case .affine(let a) = path else { return }
        image.withTexels { base, mips in
            guard let base else { return }
            let texels = Texels(base: base, mips: mips ?? base)
            if a.separable {
                separableLanes(a, texels, y, x0, count, weights, dst, &cache)
            } else {
                affineLanes(a, texels, y, x0, count, weights, dst)
            }
        }
    }

    /// `(0, 1, …, 7)`: lane offsets.
    @inline(__always)
    static var lanes8: SIMD8<Float> { SIMD8(0, 1, 2, 3, 4, 5, 6, 7) }

    /// The affine lanes: per eight pixels, their image coordinates, four texels each, one
    /// bilinear sample, one blend. The span goes to the AVX2 kernel when the CPU has it
    /// (`usesAffineKernel`), else to the Swift lanes (`swiftAffineLanes`); the same bytes.
    @inline(__always)
    func affineLanes(
        _ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafePointer<Float>,
        _ dst: UnsafeMutablePointer<UInt8>
    ) {
        if Self.usesAffineKernel {
            affineKernel(a, t, y, x0, count, weights, dst)
        } else {
            swiftAffineLanes(a, t, y, x0, count, weights, dst)
        }
    }

    /// Whether the affine lanes run as `cadence_contents_affine_blend`: the CPU has AVX2
    /// (asked once, at run time: a baseline x86-64 build still runs everywhere) and
    /// `referenceAffineLanesForTests` is off.
    static var usesAffineKernel: Bool {
        !referenceAffineLanesForTests && cadence_contents_affine_available() != 0
    }

    /// Whether the affine lanes keep to the Swift lanes, the kernel's reference twin. For
    /// tests; set it only where no other thread draws.
    nonisolated(unsafe) static var referenceAffineLanesForTests = false

    /// The affine lanes as one call of the AVX2 kernel for the whole span (CadenceContents.h:
    /// the Swift lanes' steps in the same operations, hardware gathers for the texels). Needs
    /// AVX2.
    func affineKernel(
        _ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafePointer<Float>,
        _ dst: UnsafeMutablePointer<UInt8>
    ) {
        let k = choice.first
        let info = levels[k]
        var map = cadence_contents_affine(
            texels: t.level(k, info).assumingMemoryBound(to: UInt8.self), stride: Int32(truncatingIfNeeded: info.stride),
            maxX: info.maxX, maxY: info.maxY, scale: info.scale, ax: a.ax, bx: a.bx, cx: a.cx, ay: a.ay, by: a.by,
            cy: a.cy, loX: a.loX, hiX: a.hiX, loY: a.loY, hiY: a.hiY)
        cadence_contents_affine_blend(&map, y, x0, count, weights, dst)
    }

    /// The affine lanes in Swift: the fallback without AVX2 and the kernel's twin.
    func swiftAffineLanes(
        _ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafePointer<Float>,
        _ dst: UnsafeMutablePointer<UInt8>
    ) {
        let k = choice.first
        let info = levels[k]
        let p = t.level(k, info)
        let py = Double(y) + 0.5
        let stepX = Float(a.ax), stepY = Float(a.ay)
        let zero = SIMD8<Int32>(), mx = SIMD8(repeating: info.maxX), my = SIMD8(repeating: info.maxY)
        let stride = SIMD8(repeating: Int32(truncatingIfNeeded: info.stride))
        PixelLanes.forEachGroup(dst, count: count) { pixels, first, n in
            let q = PixelLanes.quantize(PixelLanes.floats(weights, first, n))
            if PixelLanes.isZero(q) { return }
            let px = Double(x0 + first) + 0.5
            let ix = Self.clamp(Float(a.ax * px + a.bx * py + a.cx) + Self.lanes8 * stepX, a.loX, a.hiX)
            let iy = Self.clamp(Float(a.ay * px + a.by * py + a.cy) + Self.lanes8 * stepY, a.loY, a.hiY)
            let xs = ix * info.scale - 0.5, ys = iy * info.scale - 0.5
            let (xf, xi) = Self.floor(xs), (yf, yi) = Self.floor(ys)
            let fx = PixelLanes.spread(Self.fraction(xs - xf)), fy = PixelLanes.spread(Self.fraction(ys - yf))
            let xa = Self.clamp(xi, zero, mx) &* 4, xb = Self.clamp(xi &+ 1, zero, mx) &* 4
            let ra = Self.clamp(yi, zero, my) &* stride, rb = Self.clamp(yi &+ 1, zero, my) &* stride
            let (a0, a1) = PixelLanes.split(Self.gather(p, ra &+ xa)), (b0, b1) = PixelLanes.split(Self.gather(p, ra &+ xb))
            let (c0, c1) = PixelLanes.split(Self.gather(p, rb &+ xa)), (d0, d1) = PixelLanes.split(Self.gather(p, rb &+ xb))
            let lo = Self.horizontal(Self.vertical(a0, c0, fy), Self.vertical(b0, d0, fy), fx)
            let hi = Self.horizontal(Self.vertical(a1, c1, fy), Self.vertical(b1, d1, fy), fx)
            SourceOver.blendSample(lo, hi, weights: q, into: pixels)
        }
    }

    /// Level rows filtered horizontally, kept between the rows of one draw for the
    /// separable lanes: two slots, each the `(r, b)` then the `(g, a)` lanes of a row's
    /// pixels (8 bytes a pixel), made for one span of pixels; and the span's columns (they
    /// do not depend on the row): each pixel's texel pair as a byte offset into the level
    /// row (`UInt16`) and its horizontal weight (`UInt16`, 0…256), 4 bytes a pixel, in
    /// `columns` or else after the slots in `memory`. The caller owns the memory (`bytes`
    /// long, at least 16 bytes a pixel of the widest span plus 128, and 4 more a pixel when
    /// there are no `columns`; `columnBytes` at least 4 a pixel plus 32) and keeps one
    /// cache per sampler; a cache too small sends the rows to the affine lanes.
    struct RowCache {
        let memory: UnsafeMutableRawPointer
        let bytes: Int
        let columns: UnsafeMutableRawPointer?
        let columnBytes: Int
        /// The level row in each slot (−1: none), and the span `(x0, count)` they and the
        /// columns hold.
        var rows = SIMD2<Int>(-1, -1)
        var span = SIMD2<Int>(0, -1)

        init(memory: UnsafeMutableRawPointer, bytes: Int, columns: UnsafeMutableRawPointer? = nil, columnBytes: Int = 0) {
            self.memory = memory
            self.bytes = bytes
            self.columns = columns
            self.columnBytes = columnBytes
        }

        /// Where the columns of a span whose slots take `slot` bytes each go (`2 · slot`
        /// bytes: `slot / 2` of them), or `nil` when they do not fit.
        func columnMemory(slot: Int) -> UnsafeMutableRawPointer? {
            if let columns { return slot / 2 <= columnBytes ? columns : nil }
            return 2 * slot + slot / 2 <= bytes ? memory + 2 * slot : nil
        }
    }

    /// The separable lanes (axis-aligned): horizontal first. The span's columns are found
    /// once (`fillColumns`); each level row the pixels read is filtered horizontally once
    /// per span into the cache (`vertical`, the exact 16-bit step, along x, from one 64-bit
    /// load of each pixel's texel pair), and each pixel is then one rounding step between
    /// two cached rows (`horizontal`, along y): `⌊(Σ t·w + 2¹⁵) / 2¹⁶⌋`, the same integers
    /// as the affine lanes (the sum is symmetric). A magnified image reuses each level row
    /// for about `1/ρ` pixel rows. Levels one texel wide (no pair) or wider than the
    /// offsets reach take the affine lanes.
    func separableLanes(
        _ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ weights: UnsafePointer<Float>,
        _ dst: UnsafeMutablePointer<UInt8>, _ cache: inout RowCache
    ) {
        let k = choice.first
        let info = levels[k]
        let slot = 8 * ((count + 7) & ~7)
        guard 2 * slot <= cache.bytes, info.maxX >= 1, info.maxX < Self.maxPairColumn,
              let columns = cache.columnMemory(slot: slot)
        else { return affineLanes(a, t, y, x0, count, weights, dst) }
        let p = UnsafeRawPointer(t.level(k, info))
        let py = Double(y) + 0.5
        let ys = Self.clamp(SIMD8(repeating: Float(a.by * py + a.cy)), a.loY, a.hiY) * info.scale - 0.5
        let (yf, yi) = Self.floor(ys)
        let fy = PixelLanes.spread(Self.fraction(ys - yf))
        let my = Int(info.maxY)
        let r0 = Swift.min(Swift.max(Int(yi[0]), 0), my), r1 = Swift.min(Swift.max(Int(yi[0]) + 1, 0), my)
        let offsets = columns.assumingMemoryBound(to: UInt16.self)
        let phases = (columns + slot / 4).assumingMemoryBound(to: UInt16.self)
        if cache.span[0] != x0 || cache.span[1] != count {
            cache.span = SIMD2(x0, count)
            cache.rows = SIMD2(-1, -1)
            fillColumns(a, info, x0, count, offsets, phases)
        }
        // The slots of r0 and r1, filtering those not held into a slot the other does not use.
        func held(_ r: Int, keeping other: Int) -> UnsafeMutableRawPointer {
            if cache.rows[0] == r { return cache.memory }
            if cache.rows[1] == r { return cache.memory + slot }
            let s = cache.rows[0] == other ? 1 : 0
            cache.rows[s] = r
            let out = cache.memory + s * slot
            Self.filterRow(p + r * info.stride, offsets, phases, count, out, out + slot / 2)
            return out
        }
        let top = held(r0, keeping: r1), bottom = held(r1, keeping: r0)
        let half = slot / 2
        PixelLanes.forEachGroup(dst, count: count) { pixels, first, n in
            let q = PixelLanes.quantize(PixelLanes.floats(weights, first, n))
            if PixelLanes.isZero(q) { return }
            let lo = Self.horizontal(top.load(fromByteOffset: 4 * first, as: Lanes.self),
                                     bottom.load(fromByteOffset: 4 * first, as: Lanes.self), fy)
            let hi = Self.horizontal(top.load(fromByteOffset: half + 4 * first, as: Lanes.self),
                                     bottom.load(fromByteOffset: half + 4 * first, as: Lanes.self), fy)
            SourceOver.blendSample(lo, hi, weights: q, into: pixels)
        }
    }

    /// The widest level (in texels, exclusive) whose pair offsets fit a `UInt16`.
    static var maxPairColumn: Int32 { 16_384 }

    /// The columns of the pixels `x0 ..< x0 + count` (whole groups of eight) in a level at
    /// least two texels wide: texel `i = ⌊x⌋` weighs `256 − φ`, texel `i + 1` weighs `φ`,
    /// both clamped to the level; as the pair `(j, j + 1)` at `offsets` (bytes, `4j`) with
    /// the weight of `j + 1` at `phases`. Where `i < 0` or `i ≥ maxX` both texels are the
    /// same edge texel `e`: the pair is the one at the edge with all the weight on `e`
    /// (φ = 0 on the left, 256 on the right), the same `256·e`.
    func fillColumns(
        _ a: Affine, _ info: ContentsImage.Level, _ x0: Int, _ count: Int, _ offsets: UnsafeMutablePointer<UInt16>,
        _ phases: UnsafeMutablePointer<UInt16>
    ) {
        let last = SIMD8(repeating: info.maxX - 1)
        var i = 0
        while i < count {
            let px = Double(x0 + i) + 0.5
            let xs = Self.clamp(Float(a.ax * px + a.cx) + Self.lanes8 * Float(a.ax), a.loX, a.hiX) * info.scale - 0.5
            let (xf, xi) = Self.floor(xs)
            let φ = Self.fraction(xs - xf)
                .replacing(with: 0, where: xi .< SIMD8()).replacing(with: 256, where: xi .> last)
            let j = Self.clamp(xi, SIMD8(), last) &* 4
            for l in 0..<8 {
                offsets[i + l] = UInt16(truncatingIfNeeded: j[l])
                phases[i + l] = UInt16(truncatingIfNeeded: φ[l])
            }
            i += 8
        }
    }

    /// One level row (`row`) filtered horizontally at the columns `offsets`, `phases` of
    /// `count` pixels (whole groups of eight): `t_j·(256 − φ) + t_{j+1}·φ` per channel, the
    /// `(r, b)` lanes to `lo`, the `(g, a)` lanes to `hi`. Per eight pixels eight 64-bit
    /// loads, each a texel pair, split into left and right texels by two shuffles.
    @inline(__always)
    static func filterRow(
        _ row: UnsafeRawPointer, _ offsets: UnsafePointer<UInt16>, _ phases: UnsafePointer<UInt16>, _ count: Int,
        _ lo: UnsafeMutableRawPointer, _ hi: UnsafeMutableRawPointer
    ) {
        var i = 0
        while i < count {
            let o = offsets + i
            // Written out, as `gather`.
            let pairs = unsafeBitCast(SIMD8<UInt64>(
                (row + Int(o[0])).loadUnaligned(as: UInt64.self), (row + Int(o[1])).loadUnaligned(as: UInt64.self),
                (row + Int(o[2])).loadUnaligned(as: UInt64.self), (row + Int(o[3])).loadUnaligned(as: UInt64.self),
                (row + Int(o[4])).loadUnaligned(as: UInt64.self), (row + Int(o[5])).loadUnaligned(as: UInt64.self),
                (row + Int(o[6])).loadUnaligned(as: UInt64.self), (row + Int(o[7])).loadUnaligned(as: UInt64.self)),
                to: SIMD16<UInt32>.self)
            let left = SIMD8<UInt32>(pairs[0], pairs[2], pairs[4], pairs[6], pairs[8], pairs[10], pairs[12], pairs[14])
            let right = SIMD8<UInt32>(pairs[1], pairs[3], pairs[5], pairs[7], pairs[9], pairs[11], pairs[13], pairs[15])
            let f = UnsafeRawPointer(phases + i).loadUnaligned(as: SIMD8<UInt16>.self)
            let φ = Lanes(f[0], f[0], f[1], f[1], f[2], f[2], f[3], f[3], f[4], f[4], f[5], f[5], f[6], f[6], f[7], f[7])
            let (a0, a1) = PixelLanes.split(unsafeBitCast(left, to: Lanes.self))
            let (b0, b1) = PixelLanes.split(unsafeBitCast(right, to: Lanes.self))
            (lo + 4 * i).storeBytes(of: vertical(a0, b0, φ), as: Lanes.self)
            (hi + 4 * i).storeBytes(of: vertical(a1, b1, φ), as: Lanes.self)
            i += 8
        }
    }
}

// MARK: Integer kernels

extension ContentsSampler {
    /// `x` clamped to `lo … hi` (NaN to `lo`). Written as the selects `x > lo ? x : lo`
    /// (x86's `maxps` operand for operand, NaN included: one instruction) and
    /// `m > hi ? hi : m`; with the mask negated, `.!(x .> lo)`, both masks went through
    /// byte packing and `blendvps`, about 40 instructions for the two clamps of a group.
    @inline(__always)
    static func clamp(_ x: SIMD8<Float>, _ lo: Float, _ hi: Float) -> SIMD8<Float> {
        let m = SIMD8(repeating: lo).replacing(with: x, where: x .> lo)
        return m.replacing(with: SIMD8(repeating: hi), where: m .> hi)
    }

    @inline(__always)
    static func clamp(_ x: SIMD8<Int32>, _ lo: SIMD8<Int32>, _ hi: SIMD8<Int32>) -> SIMD8<Int32> {
        x.replacing(with: lo, where: x .< lo).replacing(with: hi, where: x .> hi)
    }

    /// `⌊x⌋` as `Float` and as `Int32`, for `|x| < 2²²` (the four-lane `floor`, eight lanes).
    @inline(__always)
    static func floor(_ x: SIMD8<Float>) -> (SIMD8<Float>, SIMD8<Int32>) {
        let magic: Float = 12_582_912  // 1.5 · 2²³, bit pattern 0x4B40_0000
        let r = (x + magic) - magic
        let f = r.replacing(with: r - 1, where: r .> x)
        return (f, unsafeBitCast(f + magic, to: SIMD8<Int32>.self) &- 0x4B40_0000)
    }

    /// The vertical step, lane by lane: `top·(256 − φ) + bottom·φ` for bytes `top`,
    /// `bottom` and `φ` in 0…256 (at most 65280: exact).
    @inline(__always)
    static func vertical(_ top: Lanes, _ bottom: Lanes, _ φ: Lanes) -> Lanes {
        top &* (256 &- φ) &+ bottom &* φ
    }

    /// The horizontal step and the one rounding, lane by lane: `⌊(a·(256 − φ) + b·φ + 2¹⁵) /
    /// 2¹⁶⌋` for `a`, `b` in 0…65280 (vertical steps) and `φ` in 0…256, as
    /// `(A + ⌊B / 256⌋ + 128) >> 8` over the high bytes (`A`) and low bytes (`B`) of `a` and
    /// `b`.
    @inline(__always)
    static func horizontal(_ a: Lanes, _ b: Lanes, _ φ: Lanes) -> Lanes {
        let γ = 256 &- φ
        let high = (a &>> 8) &* γ &+ (b &>> 8) &* φ
        let low = (a & 0xFF) &* γ &+ (b & 0xFF) &* φ
        return (high &+ (low &>> 8) &+ 128) &>> 8
    }

    /// Fractions in `0 ..< 1` as 8-bit weights `⌊256·f⌉` (ties to even, through the 2²³
    /// bias), 0…256.
    @inline(__always)
    static func fraction(_ f: SIMD8<Float>) -> SIMD8<UInt32> {
        let bias: Float = 8_388_608  // 2²³
        return unsafeBitCast(f * 256 + bias, to: SIMD8<UInt32>.self) & 0x1FF
    }

    /// The eight 64-bit texel pairs at the byte offsets `o` from `p`, as the lanes of their
    /// left and of their right texels: eight loads for sixteen texels (a pixel's two texels
    /// side by side, `fillColumns`' pairs). Written out, as `gather`.
    @inline(__always)
    static func gatherPairs(_ p: UnsafeRawPointer, _ o: SIMD8<Int32>) -> (left: Lanes, right: Lanes) {
        let pairs = unsafeBitCast(SIMD8<UInt64>(
            (p + Int(o[0])).loadUnaligned(as: UInt64.self), (p + Int(o[1])).loadUnaligned(as: UInt64.self),
            (p + Int(o[2])).loadUnaligned(as: UInt64.self), (p + Int(o[3])).loadUnaligned(as: UInt64.self),
            (p + Int(o[4])).loadUnaligned(as: UInt64.self), (p + Int(o[5])).loadUnaligned(as: UInt64.self),
            (p + Int(o[6])).loadUnaligned(as: UInt64.self), (p + Int(o[7])).loadUnaligned(as: UInt64.self)),
            to: SIMD16<UInt32>.self)
        let left = SIMD8<UInt32>(pairs[0], pairs[2], pairs[4], pairs[6], pairs[8], pairs[10], pairs[12], pairs[14])
        let right = SIMD8<UInt32>(pairs[1], pairs[3], pairs[5], pairs[7], pairs[9], pairs[11], pairs[13], pairs[15])
        return (unsafeBitCast(left, to: Lanes.self), unsafeBitCast(right, to: Lanes.self))
    }

    /// The eight 32-bit words at the byte offsets `o` from `p`, as lanes.
    @inline(__always)
    static func gather(_ p: UnsafeRawPointer, _ o: SIMD8<Int32>) -> Lanes {
        // Written out: a local function here was left a call per load.
        let w = SIMD8<UInt32>(
            (p + Int(o[0])).load(as: UInt32.self), (p + Int(o[1])).load(as: UInt32.self),
            (p + Int(o[2])).load(as: UInt32.self), (p + Int(o[3])).load(as: UInt32.self),
            (p + Int(o[4])).load(as: UInt32.self), (p + Int(o[5])).load(as: UInt32.self),
            (p + Int(o[6])).load(as: UInt32.self), (p + Int(o[7])).load(as: UInt32.self))
        return unsafeBitCast(w, to: Lanes.self)
    }
}

// MARK: The copy path in bytes

extension ContentsSampler {
    /// Whether `blendCopiedRow` may apply: the copy path (texel centres on pixel centres,
    /// one to one), untinted.
    var copiesTexels: Bool {
        guard case .affine(let a) = path else { return false }
        return a.copy
    }

    /// The copy path without the `Float` round trip: of the pixels `x0 ..< x0 + count` of
    /// row `y`, those whose texels lie one to one, left to right, inside the image's range
    /// (a single run) are blended straight from the image's premultiplied bytes over `dst`
    /// (pixel `x0`) with `weights` (`SourceOver.blend(colors:weights:uniform:into:count:)`);
    /// returns that run of pixels, `nil` when there is none (mirrored, a row past the
    /// range), and the caller draws the rest by the float route. The same pixels as
    /// `sampleRow`, `quantize` and that blend: a texel converted to `Float` and rounded back
    /// is itself, and the blend clamps colour to alpha as `quantize` does. Cost: a few
    /// comparisons, then the blend.
    func blendCopiedRow(
        _ y: Int, from x0: Int, count: Int, weights: UnsafePointer<Float>, into dst: UnsafeMutablePointer<UInt8>
    ) -> Range<Int>? {
        guard count > 0, case .affine(let a) = path, a.copy, a.ax > 0 else { return nil }
        let iy = a.by * (Double(y) + 0.5) + a.cy
        guard iy >= Double(a.loY), iy <= Double(a.hiY) else { return nil }
        // Pixel centres px + 0.5 with loX ≤ px + 0.5 + cx ≤ hiX (as `copyRow`), and texels
        // px + cx inside 0 … maxX.
        let maxX = Double(levels[0].maxX)
        let first = Swift.max((Double(a.loX) - 0.5 - a.cx).rounded(.up), Double(x0), (-a.cx - 0.5).rounded(.up))
        let last = Swift.min((Double(a.hiX) - 0.5 - a.cx).rounded(.down), Double(x0 + count - 1),
                             (maxX + 0.5 - a.cx).rounded(.down))
        guard first <= last else { return nil }
        let start = Int(first), end = Int(last) + 1
        let k = Int((Double(start) + 0.5 + a.cx).rounded(.down))
        let row = Int(Swift.min(Swift.max(iy.rounded(.down), 0), Double(levels[0].maxY)))
        guard k >= 0, k + (end - start) - 1 <= levels[0].maxX else { return nil }
        return image.withTexels { base, _ in
            guard let base else { return nil }
            SourceOver.blend(colors: base + row * levels[0].stride + 4 * k, weights: weights + (start - x0),
                             into: dst + 4 * (start - x0), count: end - start)
            return start..<end
        }
    }
}
