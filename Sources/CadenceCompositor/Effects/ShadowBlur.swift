#if canImport(Glibc)
import CCadenceFeatures
import CadencePixels
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shadow blur of a one-channel alpha plane: a Gaussian cut off at two standard
/// deviations, separable, with a cost per pixel that does not depend on σ, and no
/// allocation once its `Workspace` has grown.
///
/// **The kernel** (`docs/compositor.md` § 10), per axis, σ in pixels: the Gaussian of
/// standard deviation σ restricted to `|x| ≤ 2σ` and renormalised,
/// `k(x) = exp(−x²/2σ²) / (σ·√(2π)·(2Φ(2) − 1))` for `|x| ≤ 2σ`, 0 beyond. Its variance is
/// `(1 − 4φ(2)/(2Φ(2) − 1))·σ² ≈ 0.7737·σ²` (φ, Φ the standard normal density and
/// distribution). Applied to the alpha taken as constant on each pixel square and sampled
/// at pixel centres, it paints nothing whose centre lies more than 2σ from the shape's
/// pixels along an axis: a pixel `⌊2σ + ½⌋ + 1` or more away (along x or y) from every
/// source pixel is exactly 0. Inside that reach it is the σ Gaussian as closely as a
/// kernel with that support can be: a step edge's response differs from the uncut
/// Gaussian's by at most its tail at 2σ, 2.3 % of the step.
///
/// **Values.** `Float` alpha in 0…1 (what the rasterizer uses). Everything outside the
/// source rectangle is 0 (the source is the whole shape). Source values outside 0…1e30
/// read as the nearest end (NaN as 0), so no input makes the output NaN, negative or
/// infinite; from σ = 2 (the box passes) values above 1 read as 1 (the exact sums, below,
/// need a bounded grid).
///
/// **Geometry.** Source and output are rectangles of the same pixel grid (`PixelRect`):
/// pixel `(x, y)` of the source is at `source + (y − sourceRect.minY) · sourceStride +
/// (x − sourceRect.minX)`, and likewise for the output. The output rectangle is any
/// rectangle — the caller asks for the pixels it can show and gets exactly those (every
/// pixel of it is written; pixels farther than `margin(sigma:)` from the source are 0).
/// A pixel's value does not depend on which rows of the output rectangle are asked for:
/// output rectangles with the same columns give the same bits in the rows they share (the
/// vertical running sums are exact, below), which lets a band of a frame blur only its own
/// rows and the kernel's reach. Rectangles cut at other columns agree to within 1e-5 of
/// the source's peak (the horizontal running sums start at different places), except in
/// calls with `exactRows`: at full resolution their horizontal sums are exact too, so any
/// two such calls give the same bits in the pixels they share.
///
/// **How it is computed**, per axis:
/// - σ NaN or ≤ 0: no blur, a copy. σ past `maxSigma` (16384) acts as `maxSigma`.
/// - σ < 2: one direct pass of the kernel's exact mass over each pixel, `|d| ≤ ⌊2σ + ½⌋`
///   (at most 9 taps).
/// - 2 ≤ σ ≤ 64: `wideShare` (0.3) of one **extended box** of half-width 2σ (Gwosdek,
///   Grewenig, Bruhn, Weickert, "Theoretical foundations of Gaussian convolution by
///   extended box filtering", 2011: `2r + 1` taps plus a fractional tap `α` at each end),
///   plus 0.7 of three extended boxes in cascade of half-widths 1.0σ, 0.7σ and 0.3σ. On
///   continuous data that sum is within 0.3 % of the step response of the cut Gaussian
///   (the wide box makes the kernel's drop at 2σ, the cascade its bell); its reach is
///   the cut Gaussian's, `⌊2σ + ½⌋` pixels (a box of the cascade is narrowed when rounding
///   would take it further). Running sums: about five `SIMD8<Float>` operations per
///   eight pixels per box, any σ. Along y (and along x in a call with `exactRows`) the sums
///   are exact: the pass's input is
///   read clamped to 0…1 as a whole number of 2⁻²¹ steps (`gridScale`, rounded to nearest),
///   the cascade's first two boxes round their outputs to that grid too, and the sums are
///   `Int32` (at most 255 taps of 2²¹, below 2³⁰), so a sum does not depend on where it
///   started; each output is then `Float(sum) · norm` plus the fractional end taps, the
///   same bits in every call. The rounding moves a value by at most 2⁻²² a pass, about
///   `Float`'s own rounding at 1; the integer lanes cost about five more operations per
///   eight pixels per box (the vertical passes' on the shadowed 1080p benchmark frame:
///   +4.8 % instructions, baseline build).
/// - σ > 64: the source is first averaged down by `k`, the smallest power of two with
///   σ/k ≤ 64 (`k × k` blocks aligned to multiples of `k` in absolute pixels), blurred with
///   σ' = √(σ²/k² − 1/4) cut at `2σ/k − 2` coarse pixels (the box average and the
///   bilinear upsampling add `k²/4` of variance between them, and up to 1.5 coarse pixels
///   less half a fine one of reach: the cut is brought in so that the output still
///   reaches no further than 2σ), and bilinearly upsampled to the output. Memory and cost stay
///   bounded for any σ.
///
/// **Accuracy** against the kernel's exact pixel masses (the slow twin), as a fraction of
/// the source's peak, measured in `ShadowBlurTests`: on steps, squares, lines and random
/// shapes at most 0.7 % at full resolution (the cascade's three pixel squares round the
/// bell a little more than the model's one); half the L1 distance of the 2-D kernels, the
/// bound for any source in 0…1, at most 1.6 %; below σ = 2 the same masses to `Float`
/// rounding. On the decimated path, within 2 % on squares (the cut brought in by 2 coarse
/// pixels) and 9 % of the response on point-like shapes (the averaging and upsampling
/// round a point's peak). Mass is preserved up to `Float` rounding when the output covers
/// the spread.
///
/// **Cost.** Per pixel of the output rectangle cut to the source's spread, about
/// 2 axes × (4 boxes × 5 + 2) operations per 8 lanes plus two 8 × 8 transposes, whatever
/// σ: about a quarter more than the uncut blur's three boxes and three-tap pass (1 ns a
/// pixel with AVX2; an estimate from the operation count, not a measurement). The
/// decimated path does that on `1/k²` as many pixels and adds a box average of the source
/// and a bilinear upsampling (about 0.3 ns a pixel).
enum ShadowBlur {
    /// σ (pixels) past which the blur is the same as at this value (`docs/compositor.md`
    /// §10); it bounds the averaging factor (256) and `margin` (61,696).
    static let maxSigma = 16384.0
    /// σ (pixels) up to which the blur runs at full resolution; beyond, the source is
    /// averaged down by a power of two first.
    static let fullResolutionSigmaLimit = 64.0
    /// σ (pixels) below which one direct pass per axis replaces the box passes.
    static let directSigmaLimit = 2.0
    /// The largest source value read (the sums of a pass stay far from `Float`'s range).
    static let valueLimit: Float = 1e30
    /// The grid of the exact box passes: their input values (clamped to 0…1) and the
    /// cascade's inner outputs are whole multiples of `1 / gridScale`, held as `Int32`. A box
    /// sums at most 255 taps (σ ≤ 64: the wide box of half-width 128), so the sums stay
    /// below 255 · 2²¹ < 2³⁰; and the steps of a value stay below 2²², where `wholeSteps`
    /// rounds exactly.
    static let gridScale: Float = 2_097_152

    /// The number of pixels the blur spreads the source by on each side: every output pixel
    /// farther than this (along x or y) from the source's rectangle is exactly 0; 0 when
    /// there is no blur. `⌊2σ + ½⌋` at full resolution, at most `2σ` on the decimated path;
    /// 32,768 at `maxSigma`. An extent grown by it loses nothing.
    static func margin(sigma: Double) -> Int {
        Plan(sigma: sigma).margin
    }

    /// Blurs the plane `source` (`sourceRect`, rows `sourceStride` floats apart) with the
    /// Gaussian of standard deviation `sigma` pixels and writes the pixels of `outRect` to
    /// `out` (rows `outStride` floats apart, at least `outRect.width`); see the type's doc
    /// comment for the kernel, accuracy and cost. Every pixel of `outRect` is written; the
    /// source is only read. The two may not overlap. An empty `outRect` writes nothing; an
    /// empty `sourceRect` writes zeros. No allocation once `workspace` has grown to the
    /// largest call's needs (`Workspace.byteCount`).
    ///
    /// `exactRows`: the box passes' horizontal sums are exact too (the vertical ones always
    /// are), so each pixel is the same bits whatever the output rectangle and `hole`, and
    /// within 2⁻²² a pass of the call without (a byte of a shadow moves by 1 where it lies
    /// that close to a rounding boundary). Without it, `Float` sums, which keep the mass of
    /// a tiny source on the decimated path (`testRobustness`), and `hole` must be empty.
    ///
    /// `hole`: pixels of `outRect` the caller will not read (a shadow's pixels under the
    /// opaque layer that casts it). At full resolution with the box passes, a hole at least
    /// `holeLimit` reaches wide and high (smaller ones would save less than the reach the
    /// blur repeats around them) is left as it was and the rest is blurred as the four
    /// rectangles around it (`convolve`), which meet without a seam because their sums are
    /// exact; otherwise every pixel is written.
    static func blur(
        source: UnsafePointer<Float>, sourceRect: PixelRect, sourceStride: Int, sigma: Double,
        into out: UnsafeMutablePointer<Float>, outRect: PixelRect, outStride: Int, workspace: Workspace,
        exactRows: Bool = false, hole: PixelRect = .empty
    ) {
        precondition(exactRows || hole.isEmpty, "ShadowBlur.blur: a hole needs exact rows (its parts would not meet)")
        guard !outRect.isEmpty else { return }
        let plan = Plan(sigma: sigma)
        let src = Plane(base: UnsafeMutablePointer(mutating: source), rect: sourceRect, stride: sourceStride)
        let dst = Plane(base: out, rect: outRect, stride: outStride)
        guard !sourceRect.isEmpty else {
            zero(dst, outside: .empty)
            return
        }
        if plan.factor > 1 {
            decimatedBlur(src, plan: plan, into: dst, workspace)
        } else if case .identity = plan.kernel {
            copy(src, into: dst)
        } else {
            convolve(src, plan.kernel, into: dst, workspace, exactRows: exactRows, hole: hole)
        }
    }

    /// A `hole` is left out only when it is at least this many kernel reaches wide and high:
    /// the horizontal passes of the rows beside it restart the reach's running sums along
    /// its sides, and the vertical passes of the columns only above and below it along its
    /// top and bottom, about `2 · reach` columns or rows each.
    static let holeLimit = 2

    // MARK: Plan

    /// One extended box pass: `2r + 1` taps of weight 1 and one of weight `alpha` at each
    /// end, all times `norm = 1 / (2r + 1 + 2α)`. It reaches `r + 1` pixels each way.
    struct Box: Hashable {
        var r: Int
        var alpha: Float
        var norm: Float

        var reach: Int { r + 1 }

        /// The box of half-width `a` pixels on data constant over each pixel, sampled at
        /// pixel centres: tap `j` weighs the overlap of `[j − ½, j + ½]` with `[−a, a]`, over
        /// `2a`. So `r = ⌈a − ½⌉ − 1` whole taps each side and `α = a − ½ − r` in `0 < α ≤ 1`,
        /// and it reaches `⌈a − ½⌉` pixels. A box no wider than a pixel (`a ≤ ½`) is the
        /// identity (`r = 0`, `α = 0`).
        init(halfWidth a: Double) {
            guard a > 0.5 else {
                (r, alpha, norm) = (0, 0, 1)
                return
            }
            let whole = (a - 0.5).rounded(.up) - 1
            r = Int(whole)
            alpha = Float(a - 0.5 - whole)
            norm = Float(1 / (2 * a))
        }
    }

    /// A separable kernel: the same 1-D passes along x, then y.
    enum Kernel: Hashable {
        case identity
        /// `weights[t]` for the offset `t − radius`, `t` in `0...2·radius` (radius ≤ 7).
        case direct(weights: SIMD16<Float>, radius: Int)
        /// `wideShare` of the wide box, plus the rest through the three boxes in cascade.
        case boxes(wide: Box, Box, Box, Box, wideShare: Float)

        /// The share of the wide box (half-width the cut) in the sum.
        static let wideShare = 0.3
        /// The cascade's half-widths, in units of σ.
        static let cascadeWidths = (1.0, 0.7, 0.3)

        /// How far the kernel reaches from a pixel, in pixels.
        var reach: Int {
            switch self {
            case .identity: return 0
            case .direct(_, let radius): return radius
            case .boxes(let wide, let a, let b, let c, _): return Swift.max(wide.reach, a.reach + b.reach + c.reach)
            }
        }

        /// The kernel of the σ Gaussian (pixels, finite, > 0, at most
        /// `fullResolutionSigmaLimit`) cut at `cut` pixels (2σ, or less on the decimated
        /// path), reaching `⌊cut + ½⌋` pixels.
        init(sigma: Double, cut: Double) {
            let reach = Swift.max(0, Int((cut + 0.5).rounded(.down)))
            if sigma < ShadowBlur.directSigmaLimit {
                // The cut Gaussian's mass over pixel d: Φ between the pixel's ends, clamped to the cut.
                let radius = Swift.min(reach, 7)
                func cdf(_ x: Double) -> Double {
                    let z = Swift.min(Swift.max(x, -cut), cut) / sigma  // x/σ, not x²/σ²: 0/0 for a tiny σ
                    return 0.5 * erfc(-z / 2.0.squareRoot())
                }
                var w = SIMD16<Double>()
                for t in 0...(2 * radius) {
                    let d = Double(t - radius)
                    w[t] = cdf(d + 0.5) - cdf(d - 0.5)
                }
                self = w.sum() > 0 ? .direct(weights: SIMD16<Float>(w / w.sum()), radius: radius) : .identity
                return
            }
            let (f1, f2, f3) = Self.cascadeWidths
            var boxes: InlineArray<3, Box> = [
                Box(halfWidth: f1 * sigma), Box(halfWidth: f2 * sigma), Box(halfWidth: f3 * sigma),
            ]
            // Rounding each box's reach up may take the cascade past the cut's reach: narrow
            // the box that reaches furthest (the first of them) by a pixel until it does not.
            while boxes[0].reach + boxes[1].reach + boxes[2].reach > reach {
                var i = 0
                for j in 1..<3 where boxes[j].reach > boxes[i].reach { i = j }
                guard boxes[i].reach > 1 else { break }
                boxes[i] = Box(halfWidth: Double(boxes[i].reach) - 0.5)
            }
            self = .boxes(
                wide: Box(halfWidth: cut), boxes[0], boxes[1], boxes[2], wideShare: Float(Self.wideShare))
        }
    }

    /// How one σ is carried out: the kernel at the working resolution and the averaging
    /// factor (1 at full resolution).
    struct Plan {
        var kernel: Kernel
        var factor: Int
        /// See `margin(sigma:)`.
        var margin: Int

        init(sigma: Double) {
            guard sigma > 0 else {  // NaN too
                kernel = .identity
                factor = 1
                margin = 0
                return
            }
            let s = Swift.min(sigma, ShadowBlur.maxSigma)
            var k = 1
            while s / Double(k) > ShadowBlur.fullResolutionSigmaLimit { k *= 2 }
            factor = k
            if k == 1 {
                kernel = Kernel(sigma: s, cut: 2 * s)
                margin = kernel.reach
            } else {
                let kk = Double(k)
                // The averaging and the upsampling spread a coarse pixel's reach by 1.5 coarse
                // pixels less half a fine one: the cut comes in by 2 coarse pixels.
                kernel = Kernel(sigma: (s * s / (kk * kk) - 0.25).squareRoot(), cut: 2 * s / kk - 2)
                // A source pixel lands in a coarse pixel up to k − 1 fine pixels from its
                // start, that spreads `reach` coarse pixels, and the upsampling reads the
                // coarse pixels on both sides of a fine one (up to 1.5k − ½ further in all).
                margin = k * kernel.reach + 3 * k / 2 - 1
            }
        }
    }

    // MARK: Workspace

    /// The blur's reusable memory: an intermediate plane, two strips of `SIMD8<Float>`, and
    /// the decimated path's coarse planes and rows. Keep one (the rasterizer does) and pass
    /// it to every call: it grows to the largest call's needs and then allocates nothing.
    /// Not thread-safe; one per thread.
    final class Workspace {
        fileprivate var plane = Storage(), stripA = Storage(), stripB = Storage(), stripC = Storage()
        fileprivate var coarseSource = Storage(), coarseResult = Storage()
        fileprivate var rowSum = Storage(), rowLow = Storage(), rowHigh = Storage()
        fileprivate var columnIndex = Storage(), columnFraction = Storage()

        init() {}

        deinit {
            for s in [plane, stripA, stripB, stripC, coarseSource, coarseResult, rowSum, rowLow, rowHigh, columnIndex,
                      columnFraction] {
                s.free()
            }
        }

        /// The bytes held.
        var byteCount: Int {
            [plane, stripA, stripB, stripC, coarseSource, coarseResult, rowSum, rowLow, rowHigh, columnIndex, columnFraction]
                .reduce(0) { $0 + $1.capacity }
        }
    }

    /// A block of 64-byte-aligned memory that only grows.
    fileprivate struct Storage {
        var pointer: UnsafeMutableRawPointer?
        var capacity = 0

        /// At least `bytes` bytes (contents undefined after growing).
        mutating func reserve(_ bytes: Int) -> UnsafeMutableRawPointer {
            if let pointer, capacity >= bytes { return pointer }
            pointer?.deallocate()
            let size = Swift.max(64, (bytes + 63) & ~63)
            let p = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            pointer = p
            capacity = size
            return p
        }

        func free() { pointer?.deallocate() }
    }

    // MARK: Planes

    /// A rectangle of `Float`s in memory; pixel `(x, y)` at `row(y) + x − rect.minX`.
    struct Plane {
        var base: UnsafeMutablePointer<Float>
        var rect: PixelRect
        var stride: Int

        @inline(__always)
        func row(_ y: Int) -> UnsafeMutablePointer<Float> { base + (y - rect.minY) * stride }

        @inline(__always)
        func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<Float> { row(y) + (x - rect.minX) }
    }

    /// `v` (sanitized) clamped to 0…1 in steps of `1 / gridScale`, rounded to nearest: the
    /// `Int32` lanes of an exact pass, stored in a `SIMD8<Float>`'s bytes.
    @inline(__always)
    static func gridded(_ v: SIMD8<Float>) -> SIMD8<Float> {
        unsafeBitCast(wholeSteps(v.replacing(with: 1, where: v .> 1) * gridScale), to: SIMD8<Float>.self)
    }

    /// `v` (0 ≤ v < 2²²) rounded to the nearest whole number (ties to even): adding
    /// 1.5 · 2²³ leaves no bits below the units, and the low bits of that sum's pattern are
    /// the number (two operations; the standard library's conversion is a call a vector).
    @inline(__always)
    static func wholeSteps(_ v: SIMD8<Float>) -> SIMD8<Int32> {
        unsafeBitCast(v + 12_582_912, to: SIMD8<Int32>.self) &- 0x4B40_0000
    }

    /// `v` clamped to 0…`valueLimit`, NaN to 0.
    @inline(__always)
    static func sanitized(_ v: SIMD8<Float>) -> SIMD8<Float> {
        v.replacing(with: 0, where: .!(v .> 0)).replacing(with: valueLimit, where: v .> valueLimit)
    }

    @inline(__always)
    static func sanitized(_ v: Float) -> Float {
        v > 0 ? Swift.min(v, valueLimit) : 0
    }

    /// Writes 0 to every pixel of `plane` outside `keep`.
    static func zero(_ plane: Plane, outside keep: PixelRect) {
        let r = plane.rect
        let k = keep.intersection(r)
        for y in r.minY..<r.maxY {
            let row = plane.row(y)
            if k.isEmpty || y < k.minY || y >= k.maxY {
                row.update(repeating: 0, count: r.width)
            } else {
                row.update(repeating: 0, count: k.minX - r.minX)
                (row + (k.maxX - r.minX)).update(repeating: 0, count: r.maxX - k.maxX)
            }
        }
    }

    /// σ = 0: the source where it meets the output, 0 elsewhere.
    static func copy(_ src: Plane, into dst: Plane) {
        let k = src.rect.intersection(dst.rect)
        zero(dst, outside: k)
        guard !k.isEmpty else { return }
        for y in k.minY..<k.maxY {
            let s = src.pixel(k.minX, y), d = dst.pixel(k.minX, y)
            for i in 0..<k.width { d[i] = sanitized(s[i]) }
        }
    }

    // MARK: Full resolution

    /// The separable blur at full resolution (σ ≤ 64): the vertical passes over the source,
    /// eight columns at a time, into the workspace's plane; then the horizontal passes,
    /// eight rows at a time (8 × 8 transposes in and out), into `dst`. `exactRows` and
    /// `hole` as `blur` takes them. With a hole of the box kernel, the horizontal passes
    /// run over four parts — the rows above and below it across the output, its own rows
    /// left and right of it — and a column group that the side parts read runs its vertical
    /// passes once over all the rows, a group that only the rows above and below read twice
    /// (above, below): exact sums, so the same bits as four blurs of the parts, without the
    /// 2 · reach rows each side part's vertical passes would repeat at both ends. The
    /// lines the passes will write next are asked for ahead (`run`'s `prefetchingDest`, and
    /// each horizontal block the next block's output rows of the same part): hints, so the
    /// same bits.
    static func convolve(
        _ src: Plane, _ kernel: Kernel, into dst: Plane, _ ws: Workspace, exactRows: Bool = false, hole: PixelRect = .empty
    ) {
        let reach = kernel.reach
        let s = src.rect, o = dst.rect
        // The output pixels that can be nonzero.
        let p = Swift.max(o.minX, s.minX - reach), q = Swift.min(o.maxX, s.maxX + reach)
        let y0 = Swift.max(o.minY, s.minY - reach), y1 = Swift.min(o.maxY, s.maxY + reach)
        let live = PixelRect(minX: p, minY: y0, maxX: q, maxY: y1)
        var h = hole.intersection(live)
        if case .boxes = kernel, h.width >= holeLimit * reach, h.height >= holeLimit * reach {} else { h = .empty }
        zero(dst, outside: live)
        guard !live.isEmpty else { return }
        let n = q - p, m = y1 - y0
        // The intermediate plane: rows y0 ..< y1 and eight more (zero), which the last
        // eight-row block of a part reads; columns p − reach ..< q + reach (what the
        // horizontal passes read; padded to 8), zero where no source column is.
        let tx = p - reach
        let wt = n + 2 * reach, wt8 = (wt + 7) & ~7
        let stripLength = Swift.max(m + 2 * reach, wt8) + 8
        let t = ws.plane.reserve(wt8 * (m + 8) * 4).bindMemory(to: Float.self, capacity: wt8 * (m + 8))
        let a = ws.stripA.reserve(stripLength * 32).bindMemory(to: SIMD8<Float>.self, capacity: stripLength)
        let b = ws.stripB.reserve(stripLength * 32).bindMemory(to: SIMD8<Float>.self, capacity: stripLength)
        let c = ws.stripC.reserve(stripLength * 32).bindMemory(to: SIMD8<Float>.self, capacity: stripLength)
        let groupsX = wt8 / 8
        let tRows = UnsafeMutableRawPointer(t).assumingMemoryBound(to: SIMD8<Float>.self)

        // Vertical: rows ya ..< yb of column group g; the strip holds rows ya − reach ..<
        // yb + reach of its eight columns.
        func vertical(_ g: Int, _ ya: Int, _ yb: Int) {
            guard ya < yb else { return }
            let c0 = tx + 8 * g, count = yb - ya
            let lo = Swift.max(c0, s.minX), hi = Swift.min(c0 + 8, s.maxX)
            let first = Swift.max(s.minY, ya - reach), last = Swift.min(s.maxY, yb + reach)
            let dest = tRows + (ya - y0) * groupsX + g
            guard lo < hi, first < last else {
                for i in 0..<count { dest[i * groupsX] = SIMD8() }
                return
            }
            let total = count + 2 * reach
            let i0 = first - (ya - reach), i1 = last - (ya - reach)
            for i in 0..<i0 { a[i] = SIMD8() }
            for i in i1..<total { a[i] = SIMD8() }
            if lo == c0, hi == c0 + 8 {
                var row = src.pixel(c0, first)
                for i in i0..<i1 {
                    a[i] = sanitized(UnsafeRawPointer(row).loadUnaligned(as: SIMD8<Float>.self))
                    row += src.stride
                }
            } else {
                for i in i0..<i1 {
                    let row = src.row(first + i - i0)
                    var v = SIMD8<Float>()
                    for c in lo..<hi { v[c - c0] = sanitized(row[c - s.minX]) }
                    a[i] = v
                }
            }
            if case .boxes = kernel {
                for i in i0..<i1 { a[i] = gridded(a[i]) }
            }
            run(kernel, a, b, c, count: count, into: dest, stride: groupsX, exact: true, prefetchingDest: true)
        }
        for g in 0..<groupsX {
            let c0 = tx + 8 * g
            if !h.isEmpty, c0 >= h.minX + reach, c0 + 8 <= h.maxX - reach {
                vertical(g, y0, h.minY)
                vertical(g, h.maxY, y1)
                // The hole's first rows, which the last block above it reads in lanes it
                // does not write: zero, not whatever the plane held.
                let dest = tRows + (h.minY - y0) * groupsX + g
                for i in 0..<Swift.min(8, h.height) { dest[i * groupsX] = SIMD8() }
            } else {
                vertical(g, y0, y1)
            }
        }
        (t + m * wt8).update(repeating: 0, count: 8 * wt8)

        // Horizontal: pixels xa ..< xb of rows ya ..< yb, eight rows at a time; the strip
        // holds columns xa − reach ..< xb + reach of eight rows, from the column groups that
        // hold them.
        func horizontal(_ xa: Int, _ ya: Int, _ xb: Int, _ yb: Int) {
            guard xa < xb, ya < yb else { return }
            let count = xb - xa
            let ga = (xa - p) / 8, gb = (xb - p + 2 * reach + 7) / 8
            let strip = a + (xa - p - 8 * ga)
            var y = ya
            while y < yb {
                let block = tRows + (y - y0) * groupsX
                for g in ga..<gb {
                    Block8(block + g, stride: groupsX).transposed().store(to: a + 8 * (g - ga), stride: 1)
                }
                if exactRows, case .boxes = kernel {
                    for i in 0..<(8 * (gb - ga)) { a[i] = gridded(a[i]) }
                }
                run(kernel, strip, b, c, count: count, into: b, stride: 1, exact: exactRows)
                let rows = Swift.min(8, yb - y)
                // The next block's rows of this part, asked for as this block's are stored:
                // only those that exist (a pointer is never formed past the part's rows).
                let ahead = yb - y - 8
                var x = 0
                while x < count {
                    let columns = Swift.min(8, count - x)
                    let tile = Block8(b + x, stride: 1).transposed()
                    for l in 0..<rows {
                        let v = sanitized(tile[l])
                        let d = dst.pixel(xa + x, y + l)
                        if l < ahead { cadence_prefetch_for_write(d + 8 * dst.stride) }
                        if columns == 8 {
                            UnsafeMutableRawPointer(d).storeBytes(of: v, as: SIMD8<Float>.self)
                        } else {
                            for j in 0..<columns { d[j] = v[j] }
                        }
                    }
                    x += 8
                }
                y += 8
            }
        }
        if h.isEmpty {
            horizontal(p, y0, q, y1)
        } else {
            horizontal(p, y0, q, h.minY)
            horizontal(p, h.minY, h.minX, h.maxY)
            horizontal(h.maxX, h.minY, q, h.maxY)
            horizontal(p, h.maxY, q, y1)
        }
    }

    /// The kernel's passes along a strip: `a` holds `count + 2·reach` inputs (it is
    /// overwritten), `b` and `c` are spare room of the same size; the `count` results go
    /// to `dest`, `stride` vectors apart (`dest` may be `b`). `exact`: the box kernel's
    /// inputs are `Int32` grid steps (`gridded`), its sums are `Int32` and its inner boxes'
    /// outputs are rounded to the grid (`exactBoxPass`), and the results are scaled back by
    /// `1 / gridScale` (the vertical passes, and the horizontal ones with `exactRows`);
    /// otherwise plain `Float` sums. `prefetchingDest` (used by the exact box passes only;
    /// the other kernels and the `Float` sums ignore it): the first box pass asks for each
    /// result's line of `dest` for writing (a hint), so that the last pass's strided stores
    /// into a plane larger than the L2 find their lines there (the vertical passes).
    @inline(__always)
    static func run(
        _ kernel: Kernel, _ a: UnsafeMutablePointer<SIMD8<Float>>, _ b: UnsafeMutablePointer<SIMD8<Float>>,
        _ c: UnsafeMutablePointer<SIMD8<Float>>, count n: Int, into dest: UnsafeMutablePointer<SIMD8<Float>>, stride: Int,
        exact: Bool, prefetchingDest: Bool = false
    ) {
        switch kernel {
        case .identity:
            for i in 0..<n { dest[i * stride] = a[i] }
        case .direct(let weights, let radius):
            directPass(a, count: n, weights: weights, radius: radius, into: dest, stride: stride)
        case .boxes(let wide, let b1, let b2, let b3, let share):
            // Output i is centred on a[i + reach]; each pass starts where its reach ends there.
            let reach = kernel.reach
            let start = reach - b1.reach - b2.reach - b3.reach
            // The last box's output `v` goes straight into `c[i] · w + v · rest` (the wide
            // box's share and the cascade's) at `dest`, which may be `b`: that pass reads `a`
            // and `c[i]` only. The same operations as a pass of its own, without the store and
            // the load between.
            let scale: Float = exact ? 1 / gridScale : 1
            let w = SIMD8(repeating: share * scale), rest = SIMD8(repeating: (1 - share) * scale)
            @inline(__always) func mix(_ i: Int, _ v: SIMD8<Float>) { dest[i * stride] = c[i] * w + v * rest }
            // An inner box's output, rounded to the grid as `Int32` lanes for the next exact box.
            @inline(__always) func storeSteps(_ p: UnsafeMutablePointer<SIMD8<Float>>, _ i: Int, _ v: SIMD8<Float>) {
                UnsafeMutableRawPointer(p).storeBytes(of: wholeSteps(v), toByteOffset: 32 * i, as: SIMD8<Int32>.self)
            }
            if exact {
                exactBoxPass(a + (reach - wide.reach), count: n, wide) { i, v in
                    c[i] = v
                    if prefetchingDest { cadence_prefetch_for_write(dest + i * stride) }
                }
                exactBoxPass(a + start, count: n + 2 * (b2.reach + b3.reach), b1) { i, v in storeSteps(b, i, v) }
                exactBoxPass(b, count: n + 2 * b3.reach, b2) { i, v in storeSteps(a, i, v) }
                exactBoxPass(a, count: n, b3, mix)
            } else {
                boxPass(a + (reach - wide.reach), count: n, wide) { i, v in c[i] = v }
                boxPass(a + start, count: n + 2 * (b2.reach + b3.reach), b1) { i, v in b[i] = v }
                boxPass(b, count: n + 2 * b3.reach, b2) { i, v in a[i] = v }
                boxPass(a, count: n, b3, mix)
            }
        }
    }

    /// `norm · (Σ in[i+1 … i+2r+1] + α · (in[i] + in[i+2r+2]))` for `i` in `0 ..< count`,
    /// handed to `store(i, it)`: the box centred on `in[i + r + 1]`, by a running sum (O(r)
    /// to start, then five operations per vector).
    @inline(__always)
    static func boxPass(
        _ input: UnsafePointer<SIMD8<Float>>, count n: Int, _ box: Box, _ store: (Int, SIMD8<Float>) -> Void
    ) {
        let w = 2 * box.r + 1
        var sum = SIMD8<Float>()
        for j in 1...w { sum += input[j] }
        let norm = SIMD8(repeating: box.norm), edge = SIMD8(repeating: box.alpha * box.norm)
        for i in 0..<n {
            let lead = input[i + w + 1]
            store(i, (input[i] + lead) * edge + sum * norm)
            sum += lead - input[i + 1]
        }
    }

    /// `boxPass` over `Int32` lanes (held in the vectors' bytes, `gridded`): the running sum
    /// is exact, so output `i` is the same bits wherever the strip starts. Output `i`,
    /// `Float(first + last) · α · norm + Float(sum) · norm` (grid steps), is handed to
    /// `store(i, it)`: rounded to `Int32` lanes for the next exact pass
    /// (`wholeSteps`), kept, or mixed into the kernel's result.
    @inline(__always)
    static func exactBoxPass(
        _ input: UnsafePointer<SIMD8<Float>>, count n: Int, _ box: Box, _ store: (Int, SIMD8<Float>) -> Void
    ) {
        let w = 2 * box.r + 1
        let lanes = UnsafeRawPointer(input)
        @inline(__always) func load(_ i: Int) -> SIMD8<Int32> { lanes.load(fromByteOffset: 32 * i, as: SIMD8<Int32>.self) }
        var sum = SIMD8<Int32>()
        for j in 1...w { sum &+= load(j) }
        let norm = SIMD8(repeating: box.norm), edge = SIMD8(repeating: box.alpha * box.norm)
        for i in 0..<n {
            let lead = load(i + w + 1)
            store(i, SIMD8<Float>(load(i) &+ lead) * edge + SIMD8<Float>(sum) * norm)
            sum &+= lead &- load(i + 1)
        }
    }

    /// `out[i] = Σ_t weights[t] · in[i + t]`, `t` in `0...2·radius`, for symmetric weights:
    /// the mirrored taps are added first (one multiply per pair).
    @inline(__always)
    static func directPass(
        _ input: UnsafePointer<SIMD8<Float>>, count n: Int, weights: SIMD16<Float>, radius: Int,
        into out: UnsafeMutablePointer<SIMD8<Float>>, stride: Int
    ) {
        let centre = SIMD8(repeating: weights[radius])
        var o = out
        for i in 0..<n {
            let p = input + i
            var acc = p[radius] * centre
            for t in 0..<radius { acc = (p[t] + p[2 * radius - t]) * weights[t] + acc }
            o.pointee = acc
            o += stride
        }
    }

    /// Eight `SIMD8<Float>` rows of an 8 × 8 tile.
    struct Block8 {
        var r0, r1, r2, r3, r4, r5, r6, r7: SIMD8<Float>

        @inline(__always)
        init(_ r0: SIMD8<Float>, _ r1: SIMD8<Float>, _ r2: SIMD8<Float>, _ r3: SIMD8<Float>,
             _ r4: SIMD8<Float>, _ r5: SIMD8<Float>, _ r6: SIMD8<Float>, _ r7: SIMD8<Float>) {
            (self.r0, self.r1, self.r2, self.r3, self.r4, self.r5, self.r6, self.r7) = (r0, r1, r2, r3, r4, r5, r6, r7)
        }

        @inline(__always)
        init(_ p: UnsafePointer<SIMD8<Float>>, stride s: Int) {
            self.init(p[0], p[s], p[2 * s], p[3 * s], p[4 * s], p[5 * s], p[6 * s], p[7 * s])
        }

        @inline(__always)
        subscript(_ i: Int) -> SIMD8<Float> {
            switch i {
            case 0: return r0
            case 1: return r1
            case 2: return r2
            case 3: return r3
            case 4: return r4
            case 5: return r5
            case 6: return r6
            default: return r7
            }
        }

        @inline(__always)
        func store(to p: UnsafeMutablePointer<SIMD8<Float>>, stride s: Int) {
            p[0] = r0
            p[s] = r1
            p[2 * s] = r2
            p[3 * s] = r3
            p[4 * s] = r4
            p[5 * s] = r5
            p[6 * s] = r6
            p[7 * s] = r7
        }

        /// One perfect unshuffle of the 64 values (row-major): the row and column bits of
        /// each index rotate right by one; three of them transpose the tile.
        @inline(__always)
        func unshuffled() -> Block8 {
            let p0 = SIMD16(lowHalf: r0, highHalf: r1), p1 = SIMD16(lowHalf: r2, highHalf: r3)
            let p2 = SIMD16(lowHalf: r4, highHalf: r5), p3 = SIMD16(lowHalf: r6, highHalf: r7)
            return Block8(p0.evenHalf, p1.evenHalf, p2.evenHalf, p3.evenHalf, p0.oddHalf, p1.oddHalf, p2.oddHalf, p3.oddHalf)
        }

        @inline(__always)
        func transposed() -> Block8 { unshuffled().unshuffled().unshuffled() }
    }

    // MARK: Decimated

    /// σ > 64: average the source down by `plan.factor` (blocks aligned to multiples of
    /// it), blur at the coarse σ, upsample bilinearly. Coarse pixel `X` covers fine pixels
    /// `X·k ..< X·k + k` and sits at their middle, so fine pixel `i` reads coarse position
    /// `(i + 0.5)/k − 0.5`.
    static func decimatedBlur(_ src: Plane, plan: Plan, into dst: Plane, _ ws: Workspace) {
        let k = plan.factor, reach = plan.kernel.reach
        let o = dst.rect, s = src.rect
        /// The coarse pixel at or left of fine pixel `i`'s position, and the fraction past it.
        func coarse(_ i: Int) -> (Int, Float) {
            let num = 2 * i + 1 - k, den = 2 * k
            let c = floorDivide(num, den)
            return (c, Float(num - c * den) / Float(den))
        }
        let cOut = PixelRect(minX: coarse(o.minX).0, minY: coarse(o.minY).0,
                             maxX: coarse(o.maxX - 1).0 + 2, maxY: coarse(o.maxY - 1).0 + 2)
        let cSrc = PixelRect(minX: floorDivide(s.minX, k), minY: floorDivide(s.minY, k),
                             maxX: floorDivide(s.maxX + k - 1, k), maxY: floorDivide(s.maxY + k - 1, k))
        let needed = cSrc.intersection(PixelRect(minX: cOut.minX - reach, minY: cOut.minY - reach,
                                                 maxX: cOut.maxX + reach, maxY: cOut.maxY + reach))
        guard !needed.isEmpty else {
            zero(dst, outside: .empty)
            return
        }
        // 1. Box average.
        let cs = Plane(base: ws.coarseSource.reserve(needed.area * 4).bindMemory(to: Float.self, capacity: needed.area),
                       rect: needed, stride: needed.width)
        let fineX0 = needed.minX * k, fineWidth = needed.width * k
        let sum = ws.rowSum.reserve((fineWidth + 8) * 4).bindMemory(to: Float.self, capacity: fineWidth + 8)
        let cols0 = Swift.max(fineX0, s.minX), cols1 = Swift.min(fineX0 + fineWidth, s.maxX)
        let scale = 1 / Float(k * k)
        for cy in needed.minY..<needed.maxY {
            sum.update(repeating: 0, count: fineWidth)
            for y in Swift.max(cy * k, s.minY)..<Swift.min(cy * k + k, s.maxY) {
                let row = src.pixel(cols0, y), acc = sum + (cols0 - fineX0)
                let count = cols1 - cols0
                var i = 0
                while i + 8 <= count {
                    let r = UnsafeMutableRawPointer(acc + i)
                    let v = sanitized(UnsafeRawPointer(row + i).loadUnaligned(as: SIMD8<Float>.self))
                    r.storeBytes(of: r.loadUnaligned(as: SIMD8<Float>.self) + v, as: SIMD8<Float>.self)
                    i += 8
                }
                while i < count {
                    acc[i] += sanitized(row[i])
                    i += 1
                }
            }
            let out = cs.row(cy)
            for cx in 0..<needed.width {
                var total: Float = 0
                for l in 0..<k { total += sum[cx * k + l] }
                out[cx] = total * scale
            }
        }
        // 2. Blur at the coarse scale.
        let cr = Plane(base: ws.coarseResult.reserve(cOut.area * 4).bindMemory(to: Float.self, capacity: cOut.area),
                       rect: cOut, stride: cOut.width)
        convolve(cs, plan.kernel, into: cr, ws)
        // 3. Bilinear upsampling: each coarse row is widened once (two kept), rows are mixed.
        let w = o.width
        let index = ws.columnIndex.reserve(w * 4).bindMemory(to: Int32.self, capacity: w)
        let fraction = ws.columnFraction.reserve(w * 4).bindMemory(to: Float.self, capacity: w)
        for i in 0..<w {
            let (c, f) = coarse(o.minX + i)
            index[i] = Int32(c - cOut.minX)
            fraction[i] = f
        }
        var low = ws.rowLow.reserve((w + 8) * 4).bindMemory(to: Float.self, capacity: w + 8)
        var high = ws.rowHigh.reserve((w + 8) * 4).bindMemory(to: Float.self, capacity: w + 8)
        var lowRow = Int.min, highRow = Int.min
        func widen(_ cy: Int, into row: UnsafeMutablePointer<Float>) {
            let c = cr.row(cy)
            for i in 0..<w {
                let x = Int(index[i])
                let a = c[x]
                row[i] = (c[x + 1] - a) * fraction[i] + a
            }
        }
        for y in o.minY..<o.maxY {
            let (cy, fy) = coarse(y)
            if lowRow != cy {
                if highRow == cy {
                    swap(&low, &high)
                    lowRow = cy
                } else {
                    widen(cy, into: low)
                    lowRow = cy
                }
            }
            if highRow != cy + 1 {
                widen(cy + 1, into: high)
                highRow = cy + 1
            }
            let d = dst.row(y)
            let f = SIMD8(repeating: fy)
            var i = 0
            while i + 8 <= w {
                let a = UnsafeRawPointer(low + i).loadUnaligned(as: SIMD8<Float>.self)
                let b = UnsafeRawPointer(high + i).loadUnaligned(as: SIMD8<Float>.self)
                UnsafeMutableRawPointer(d + i).storeBytes(of: (b - a) * f + a, as: SIMD8<Float>.self)
                i += 8
            }
            while i < w {
                d[i] = (high[i] - low[i]) * fy + low[i]
                i += 1
            }
        }
    }

    /// `⌊a / b⌋` for `b > 0`.
    @inline(__always)
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }
}
