import CadenceGeometry
import CadenceLayers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The colour of a layer's contents image at pixel centres, one row at a time: built once
/// per layer per frame from the image, its `ContentsLayout` and the layer-to-pixel map
/// (`docs/compositor.md` § 9).
///
/// **Per pixel.** The centre `(x + 0.5, y + 0.5)` is mapped back to the layer's plane
/// through the inverse of the map (perspective-correct; a preimage behind the viewer,
/// `w ≤ 0`, gives 0), clamped to the destination rectangle `D`, mapped by the layout to
/// image coordinates, and filtered. The footprint `ρ` is the larger length of the two
/// columns of the Jacobian of image coordinates with respect to pixel coordinates: once per
/// layer for an affine map and a plain stretch, per pixel under perspective or a nine-part
/// grid (whose pieces scale differently; a point clamped onto `D`'s edge takes the slope of
/// the part it shows). `ρ ≤ 1` uses the magnification filter, `ρ > 1` the minification
/// filter:
/// - `nearest`: the level-0 texel containing the point;
/// - `linear`: bilinear between the four nearest texel centres of level `⌊log2 ρ⌋` (0 when
///   magnifying), in `Float`, on premultiplied colour;
/// - `trilinear`: bilinear in levels `⌊λ⌋` and `⌊λ⌋ + 1` mixed by the fraction of
///   `λ = log2 ρ + bias` (level 0 when `λ ≤ 0`). As a magnification filter it is `linear`
///   (**Cadence's choice**, as `ContentsFilter` documents: the bias is a minification
///   setting). A non-finite bias reads as 0.
/// Level `k` is read at `ix · 2⁻ᵏ` (its texel `j` stands for level-0 texels `j·2ᵏ ..<
/// (j+1)·2ᵏ`). Levels past the image's last clamp to it (an image without mipmaps has only
/// level 0). Texel indices are clamped to the level (edge clamp), so no input — NaN, huge
/// or degenerate maps — reads outside the image.
///
/// **Output.** Premultiplied RGBA on the 0…255 scale, 4 `Float`s a pixel; the colour never
/// exceeds the alpha (every filter weighs all four channels alike, and `Float` rounding is
/// monotone). The caller multiplies by the anti-aliased coverage of `D`
/// (`RoundedRectSampler(bounds: layout.destination, cornerRadius: 0, map:)`), the clip and the
/// opacity, and blends with `SourceOver.blend(colors:weights:into:count:)`.
///
/// **Paths**, classified in `init`:
/// - *copy*: an affine map that takes pixels to texels one to one (axis-aligned, scale ±1,
///   texel centres on pixel centres within 1e-9): inside `D`'s image range texels are
///   converted, not filtered — bit for bit what every filter gives there, as every weight
///   is 0 or 1 (`testCopyPathMatchesGeneralPath`);
/// - *separable*: affine, axis-aligned, one bilinear level: per row, each texel column is
///   blended vertically once, then each pixel horizontally (within 2e-3 of the general
///   path: the same sum regrouped);
/// - *affine*: an affine map and a plain stretch: image coordinates step by a constant per
///   pixel, filter and levels fixed, four pixels at a time in `SIMD4` lanes;
/// - *general*: perspective or nine parts: per pixel divide, piecewise map and footprint;
///   four pixels that read the same levels share the lane work.
/// The compositor draws the affine bilinear cases through the integer lanes instead
/// (`blendRow`, `ContentsSampler+Lanes.swift`: 8-bit weights, sampled and blended in one
/// pass); `sampleRow` serves the rest and the drawing context.
///
/// **Accuracy.** Coordinates are carried in `Float` from a `Double` start every 4 pixels
/// (relative error about 1e-7 of their size): within 1e-3 (on 0…255) of the `Double` twin
/// in `ContentsSamplerTests` (small images, moderate perspective), away from the
/// discontinuities of `nearest` and of level changes; for a 16384-texel image the
/// coordinate error grows to about 2e-3 texel.
///
/// **Cost** (one core, release, baseline x86-64, `ContentsBenchmarks` in the helper's
/// report): copy ≈ 2.5 Gpixel/s; bilinear, rotated ≈ 120 Mpixel/s, separable ≈ 150;
/// nearest ≈ 300; trilinear ≈ 85; perspective ≈ 70; nine-part ≈ 90 — about 4 texel loads
/// and 40 vector operations a bilinear pixel. No allocation (the separable path keeps 1 KB
/// of columns on the stack).
struct ContentsSampler {
    let image: ContentsImage
    let layout: ContentsLayout

    /// One filtering decision: `nearest` (level 0), or bilinear in `first`, mixed with
    /// `second` by `mix` when `mix > 0`.
    struct Choice: Hashable {
        var nearest: Bool
        var first: Int
        var second: Int
        var mix: Float

        static var nearestTexel: Choice { Choice(nearest: true, first: 0, second: 0, mix: 0) }
        static func bilinear(_ k: Int) -> Choice { Choice(nearest: false, first: k, second: k, mix: 0) }
    }

    /// One axis of the layout in `Float`, for the lanes (see `ContentsLayout.Axis`).
    struct LaneAxis {
        var length, start, end, startValue, endValue, s0, s1, s2, limit: Float

        init(_ a: ContentsLayout.Axis, limit: Double) {
            length = Float(a.length)
            start = Float(a.start)
            end = Float(a.end)
            startValue = Float(a.startValue)
            endValue = Float(a.endValue)
            s0 = Float(a.slopes[0])
            s1 = Float(a.slopes[1])
            s2 = Float(a.slopes[2])
            self.limit = Float(limit)
        }

        /// Image coordinates (clamped to `0 … limit`) and the piece's slope at the layer
        /// offsets `t` (clamped to `0 … length`, NaN to 0).
        @inline(__always)
        func map(_ t: SIMD4<Float>) -> (value: SIMD4<Float>, slope: SIMD4<Float>) {
            let c = ContentsSampler.clamp(t, 0, length)
            let left = c .< start, right = c .>= end
            var v = startValue + s1 * (c - start)
            var s = SIMD4<Float>(repeating: s1)
            v.replace(with: startValue + s0 * (c - start), where: left)
            s.replace(with: s0, where: left)
            v.replace(with: endValue + s2 * (c - end), where: right)
            s.replace(with: s2, where: right)
            return (ContentsSampler.clamp(v, 0, limit), s)
        }
    }

    enum Path {
        /// Image coordinates `ix = ax·px + bx·py + cx`, `iy = ay·px + by·py + cy` for the
        /// pixel-space point `(px, py)` (a centre is `(x + 0.5, y + 0.5)`), clamped to
        /// `lo … hi` (`D`'s image range within the image).
        case affine(Affine)
        case general
    }

    struct Affine {
        var ax, bx, cx, ay, by, cy: Double
        var loX, hiX, loY, hiY: Float
        var copy: Bool
        /// Axis-aligned (`bx = ay = 0`) and one bilinear level: rows are filtered
        /// separably (`separableRow`).
        var separable: Bool
    }

    let path: Path
    /// Pixel coordinates to layer coordinates relative to `D`'s minimum corner (affine maps
    /// normalised so that w = 1).
    let inverse: PlaneMap
    let isAffine: Bool
    /// The inverse's linear part: d(U)/dx, d(U)/dy, … before the divide.
    let ux, uy, vx, vy, wx, wy: Float
    let axisX, axisY: LaneAxis
    let magnification, minification: ContentsFilter
    let bias: Float
    /// The image's levels (`image.levels`).
    let levels: [ContentsImage.Level]
    /// The affine path's filter (unused by the general path).
    let choice: Choice

    /// The sampler of `image` laid out by `layout`, seen through `map` (layer space to
    /// pixels, row vectors). `nil` when the map is singular or not finite, the layer is
    /// behind the viewer (affine, w ≤ 0), the image has no pixels, or its size is not the
    /// layout's. `fastPaths: false` sends every pixel down the general path (for tests).
    init?(
        image: ContentsImage, layout: ContentsLayout, map: PlaneMap, magnification: ContentsFilter,
        minification: ContentsFilter, bias: Double, fastPaths: Bool = true
    ) {
        guard image.width > 0, image.height > 0, !image.levels.isEmpty,
              Double(image.width) == layout.imageWidth, Double(image.height) == layout.imageHeight,
              let inverse = Self.inverse(layout: layout, map: map)
        else { return nil }
        self.image = image
        self.layout = layout
        self.inverse = inverse
        isAffine = inverse.isAffine
        (ux, uy, vx, vy, wx, wy) = inverse.floatGradients
        axisX = LaneAxis(layout.x, limit: layout.imageWidth)
        axisY = LaneAxis(layout.y, limit: layout.imageHeight)
        self.magnification = magnification
        self.minification = minification
        self.bias = bias.isFinite ? Float(bias) : 0
        levels = image.levels

        let sx = layout.x.linearSlope, sy = layout.y.linearSlope
        guard fastPaths, isAffine, layout.x.isLinear, layout.y.isLinear else {
            path = .general
            choice = .bilinear(0)
            return
        }
        // Image coordinates straight from pixel coordinates.
        let vx0 = layout.x.linearValue, vy0 = layout.y.linearValue
        var a = Affine(
            ax: sx * inverse.r1.x, bx: sx * inverse.r2.x, cx: vx0 + sx * inverse.r3.x,
            ay: sy * inverse.r1.y, by: sy * inverse.r2.y, cy: vy0 + sy * inverse.r3.y,
            loX: 0, hiX: 0, loY: 0, hiY: 0, copy: false, separable: false)
        func clamped(_ r: ClosedRange<Double>, _ limit: Double) -> (Float, Float) {
            (Float(Swift.min(Swift.max(r.lowerBound, 0), limit)), Float(Swift.min(Swift.max(r.upperBound, 0), limit)))
        }
        (a.loX, a.hiX) = clamped(layout.x.range, layout.imageWidth)
        (a.loY, a.hiY) = clamped(layout.y.range, layout.imageHeight)
        let rho2 = Swift.max(a.ax * a.ax + a.ay * a.ay, a.bx * a.bx + a.by * a.by)
        choice = Self.choose(rho2: Float(rho2), magnification: magnification, minification: minification,
                             bias: self.bias, last: levels.count - 1)
        func integral(_ v: Double) -> Bool { abs(v - v.rounded()) <= 1e-9 && abs(v) < 1e9 }
        a.copy = abs(a.ax) == 1 && a.bx == 0 && a.ay == 0 && abs(a.by) == 1 && integral(a.cx) && integral(a.cy)
            && !(rho2 > 1) && (choice == .nearestTexel || choice == .bilinear(0))
        a.separable = !a.copy && a.bx == 0 && a.ay == 0 && !choice.nearest && choice.mix == 0
        path = .affine(a)
    }

    /// Pixel coordinates to layer coordinates relative to `D`'s minimum corner, normalised
    /// to w = 1 when affine; `nil` when singular or (affine) behind the viewer.
    static func inverse(layout: ContentsLayout, map: PlaneMap) -> PlaneMap? {
        map.pixelInverse(origin: layout.destination.minX, layout.destination.minY)
    }

    /// Whether drawing `layout` through `map` with `minification` (and `bias`) may read a mip
    /// level below 0, so that a `ContentsImage` without its chain would alias. Conservative:
    /// true under perspective unless the filter is `nearest`. Cost: constant.
    static func needsMipmaps(layout: ContentsLayout, map: PlaneMap, minification: ContentsFilter, bias: Double) -> Bool {
        guard minification != .nearest, let inverse = inverse(layout: layout, map: map) else { return false }
        guard inverse.isAffine else { return true }
        let b = bias.isFinite ? Float(bias) : 0
        let xs = layout.x.slopes, ys = layout.y.slopes
        for i in 0..<3 {
            for j in 0..<3 {
                let ax = xs[i] * inverse.r1.x, bx = xs[i] * inverse.r2.x
                let ay = ys[j] * inverse.r1.y, by = ys[j] * inverse.r2.y
                let rho2 = Swift.max(ax * ax + ay * ay, bx * bx + by * by)
                let c = choose(rho2: Float(rho2), magnification: .linear, minification: minification, bias: b, last: 64)
                if !c.nearest && c.second > 0 { return true }
            }
        }
        return false
    }

    /// The filter for a squared footprint `rho2` (NaN: magnification), `last` the last
    /// level. Cost: a few integer operations; a `log2f` for `trilinear`.
    @inline(__always)
    static func choose(
        rho2: Float, magnification: ContentsFilter, minification: ContentsFilter, bias: Float, last: Int
    ) -> Choice {
        guard rho2 > 1 else { return magnification == .nearest ? .nearestTexel : .bilinear(0) }
        switch minification {
        case .nearest:
            return .nearestTexel
        case .linear:
            // ⌊log2 ρ⌋ = ⌊⌊log2 ρ²⌋ / 2⌋ exactly, ⌊log2 ρ²⌋ the exponent of the normal ρ² > 1
            // (read from its bits: `Float.exponent` is a call).
            let exponent = Int((rho2.bitPattern >> 23) & 0xFF) - 127
            return .bilinear(rho2.isFinite ? Swift.min(exponent >> 1, last) : last)
        case .trilinear:
            let lambda = 0.5 * log2f(rho2) + bias
            guard lambda > 0 else { return .bilinear(0) }
            guard lambda < Float(last) else { return .bilinear(last) }
            let k = Int(lambda)
            let m = lambda - Float(k)
            return m > 0 ? Choice(nearest: false, first: k, second: k + 1, mix: m) : .bilinear(k)
        }
    }

    @inline(__always)
    func choose(_ rho2: Float) -> Choice {
        Self.choose(rho2: rho2, magnification: magnification, minification: minification, bias: bias, last: levels.count - 1)
    }

    // MARK: Rows

    /// Writes the premultiplied colour (0…255, RGBA) of the `count` pixels `x0 ..< x0 +
    /// count` of row `y` to `out`, 4 `Float`s a pixel (`out` needs `4 · count`).
    func sampleRow(_ y: Int, from x0: Int, count: Int, into out: UnsafeMutablePointer<Float>) {
        guard count > 0 else { return }
        image.withTexels { base, mips in
            guard let base else {
                out.update(repeating: 0, count: 4 * count)
                return
            }
            let texels = Texels(base: base, mips: mips ?? base)
            switch path {
            case .affine(let a):
                if a.copy {
                    copyRow(a, texels, y, x0, count, out)
                } else if a.separable {
                    separableRow(a, texels, y, x0, count, out)
                } else {
                    affineRow(a, texels, y, x0, count, out)
                }
            case .general:
                generalRow(texels, y, x0, count, out)
            }
        }
    }

    /// Where the levels' texels are, for one row.
    struct Texels {
        var base: UnsafePointer<UInt8>
        var mips: UnsafePointer<UInt8>

        @inline(__always)
        func level(_ k: Int, _ info: ContentsImage.Level) -> UnsafeRawPointer {
            UnsafeRawPointer(k == 0 ? base : mips + info.offset)
        }
    }

    /// `(0, 1, 2, 3)`: lane offsets. A function, not a static constant, which would cost a
    /// lazy-initialisation check at each use.
    @inline(__always)
    static var lanes: SIMD4<Float> { SIMD4(0, 1, 2, 3) }

    /// The affine path: coordinates four pixels at a time, one filter.
    func affineRow(_ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ out: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5
        let stepX = Float(a.ax), stepY = Float(a.ay)
        let trilinear = !choice.nearest && choice.mix > 0
        var i = 0
        while i < count {
            let n = Swift.min(4, count - i)
            let px = Double(x0 + i) + 0.5
            let ix = Self.clamp(Float(a.ax * px + a.bx * py + a.cx) + Self.lanes * stepX, a.loX, a.hiX)
            let iy = Self.clamp(Float(a.ay * px + a.by * py + a.cy) + Self.lanes * stepY, a.loY, a.hiY)
            let o = out + 4 * i
            if choice.nearest {
                nearest(t, ix, iy, n, o)
            } else if trilinear {
                let first = taps(t, level: choice.first, ix, iy), second = taps(t, level: choice.second, ix, iy)
                let m = choice.mix
                Self.lanes(n) { j in Self.store(first.sample(j) * (1 - m) + second.sample(j) * m, o, j) }
            } else {
                let first = taps(t, level: choice.first, ix, iy)
                Self.lanes(n) { j in Self.store(first.sample(j), o, j) }
            }
            i += 4
        }
    }

    /// The copy path: in rows whose texel centres land on pixel centres inside `D`'s image
    /// range, the pixels there are texels converted; the rest of the row (and other rows)
    /// take the affine path, which gives the same values there.
    func copyRow(_ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ out: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5
        let iy = a.by * py + a.cy
        guard iy >= Double(a.loY), iy <= Double(a.hiY) else {
            affineRow(a, t, y, x0, count, out)
            return
        }
        // Pixels px (centre px + 0.5) with lo ≤ ax·(px + 0.5) + cx ≤ hi.
        let lo = Double(a.loX), hi = Double(a.hiX)
        let (p, q) = a.ax > 0 ? (lo - 0.5 - a.cx, hi - 0.5 - a.cx) : (a.cx - 0.5 - hi, a.cx - 0.5 - lo)
        let first = Swift.max(p.rounded(.up), Double(x0)), last = Swift.min(q.rounded(.down), Double(x0 + count - 1))
        guard first <= last else {
            affineRow(a, t, y, x0, count, out)
            return
        }
        let start = Int(first) - x0, end = Int(last) - x0 + 1
        if start > 0 { affineRow(a, t, y, x0, start, out) }
        let row = Int(Swift.min(Swift.max(iy.rounded(.down), 0), Double(levels[0].maxY)))
        let texelRow = t.base + row * levels[0].stride
        let dir = a.ax > 0 ? 1 : -1
        let firstTexel = Int((a.ax * (first + 0.5) + a.cx).rounded(.down))
        let maxX = Int(levels[0].maxX)
        var j = start
        var k = firstTexel
        @inline(__always) func texel(_ k: Int) -> UInt32 {
            UnsafeRawPointer(texelRow).loadUnaligned(fromByteOffset: 4 * Swift.min(Swift.max(k, 0), maxX), as: UInt32.self)
        }
        // Whole groups of four inside the image (the clamp only matters at its ends).
        while j + 4 <= end, k >= 0, k <= maxX, k + 3 * dir >= 0, k + 3 * dir <= maxX {
            UnsafeMutableRawPointer(out + 4 * j).storeBytes(of: Self.unpack4(UnsafeRawPointer(texelRow + 4 * k), dir),
                                                            as: SIMD16<Float>.self)
            j += 4
            k += 4 * dir
        }
        while j < end {
            UnsafeMutableRawPointer(out + 4 * j).storeBytes(of: Self.unpack(texel(k)), as: SIMD4<Float>.self)
            j += 1
            k += dir
        }
        if end < count { affineRow(a, t, y, x0 + end, count - end, out + 4 * end) }
    }

    /// The separable path (axis-aligned, one bilinear level): along a row the level row
    /// pair and `fy` are fixed, so each texel column is blended vertically once, in a
    /// chunk's buffer on the stack, and each pixel is one horizontal blend of two columns:
    /// `(t00·gy + t01·fy)·gx + (t10·gy + t11·fy)·fx`, the general path's sum regrouped (equal
    /// within `Float` rounding, about 1e-5; colour still ≤ alpha). A chunk whose columns do
    /// not fit the buffer (a level clamped to the last, far smaller than the footprint
    /// asks) takes the affine path.
    func separableRow(_ a: Affine, _ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ out: UnsafeMutablePointer<Float>) {
        let k = choice.first
        let info = levels[k]
        let p = t.level(k, info)
        let py = Double(y) + 0.5
        let ys = Self.clamp(SIMD4(repeating: Float(a.by * py + a.cy)), a.loY, a.hiY) * info.scale - 0.5
        let (yfv, yiv) = Self.floor(ys)
        let fy = ys[0] - yfv[0], gy = 1 - fy
        let my = Int(info.maxY), mx = Int32(info.maxX)
        let r0 = p + Swift.min(Swift.max(Int(yiv[0]), 0), my) * info.stride
        let r1 = p + Swift.min(Swift.max(Int(yiv[0]) + 1, 0), my) * info.stride
        let stepX = Float(a.ax)
        let chunk = 32, capacity = 2 * chunk + 4  // pixels per chunk; columns per chunk at most

        /// The clamped texel columns left and right of the pixels `x0 + i ..< x0 + i + 4` (as
        /// the pixel loop below computes them).
        func columns(_ i: Int) -> (SIMD4<Int32>, SIMD4<Int32>) {
            let px = Double(x0 + i) + 0.5
            let xs = Self.clamp(Float(a.ax * px + a.cx) + Self.lanes * stepX, a.loX, a.hiX) * info.scale - 0.5
            let (_, xi) = Self.floor(xs)
            return (Self.clamp(xi, SIMD4(), SIMD4(repeating: mx)), Self.clamp(xi &+ 1, SIMD4(), SIMD4(repeating: mx)))
        }

        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: capacity) { buffer in
            let cols = buffer.baseAddress!
            var start = 0
            while start < count {
                let end = Swift.min(start + chunk, count)
                // The columns are monotone in x: the chunk's ends bound them.
                let (fa, fb) = columns(start), (la, lb) = columns(end - 4 >= start ? end - 4 : start)
                let lo = Int(Swift.min(fa.min(), la.min())), hi = Int(Swift.max(fb.max(), lb.max()))
                let m = hi - lo + 1
                guard m <= capacity else {
                    affineRow(a, t, y, x0 + start, end - start, out + 4 * start)
                    start = end
                    continue
                }
                var c = 0
                while c + 4 <= m {
                    let q0 = Self.unpack4(UnsafeRawPointer(r0 + 4 * (lo + c)), 1)
                    let q1 = Self.unpack4(UnsafeRawPointer(r1 + 4 * (lo + c)), 1)
                    UnsafeMutableRawPointer(cols + c).storeBytes(of: q0 * gy + q1 * fy, as: SIMD16<Float>.self)
                    c += 4
                }
                while c < m {
                    let q0 = Self.unpack(UnsafeRawPointer(r0 + 4 * (lo + c)).loadUnaligned(as: UInt32.self))
                    let q1 = Self.unpack(UnsafeRawPointer(r1 + 4 * (lo + c)).loadUnaligned(as: UInt32.self))
                    cols[c] = q0 * gy + q1 * fy
                    c += 1
                }
                let base = SIMD4(repeating: Int32(lo)), last = SIMD4(repeating: Int32(m - 1))
                var i = start
                while i < end {
                    let n = Swift.min(4, end - i)
                    let px = Double(x0 + i) + 0.5
                    let xs = Self.clamp(Float(a.ax * px + a.cx) + Self.lanes * stepX, a.loX, a.hiX) * info.scale - 0.5
                    let (xf, xi) = Self.floor(xs)
                    let fx = xs - xf
                    let xa = Self.clamp(xi, SIMD4(), SIMD4(repeating: mx)), xb = Self.clamp(xi &+ 1, SIMD4(), SIMD4(repeating: mx))
                    let ia = Self.clamp(xa &- base, SIMD4(), last), ib = Self.clamp(xb &- base, SIMD4(), last)
                    let gx = 1 - fx
                    let o = out + 4 * i
                    Self.lanes(n) { j in Self.store(cols[Int(ia[j])] * gx[j] + cols[Int(ib[j])] * fx[j], o, j) }
                    i += 4
                }
                start = end
            }
        }
    }

    /// The general path: per pixel perspective divide, nine-part map, footprint and filter.
    /// Four pixels that read the same levels (the common case) share the lane work.
    func generalRow(_ t: Texels, _ y: Int, _ x0: Int, _ count: Int, _ out: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5
        var i = 0
        while i < count {
            let n = Swift.min(4, count - i)
            let h = inverse.homogeneous(Double(x0 + i) + 0.5, py)
            var u = Float(h.x) + Self.lanes * ux
            var v = Float(h.y) + Self.lanes * vx
            var valid = SIMDMask<SIMD4<Float>.MaskStorage>(repeating: true)
            var dudx = SIMD4<Float>(repeating: ux), dudy = SIMD4<Float>(repeating: uy)
            var dvdx = SIMD4<Float>(repeating: vx), dvdy = SIMD4<Float>(repeating: vy)
            if !isAffine {
                let w = Float(h.z) + Self.lanes * wx
                valid = w .> 0
                let r = 1 / w
                u *= r
                v *= r
                // d(U/W)/dx = (dU/dx − (U/W) dW/dx) / W.
                dudx = (ux - u * wx) * r
                dudy = (uy - u * wy) * r
                dvdx = (vx - v * wx) * r
                dvdy = (vy - v * wy) * r
            }
            let (ix, sx) = axisX.map(u)
            let (iy, sy) = axisY.map(v)
            // The Jacobian's columns: d(ix, iy)/dx and d(ix, iy)/dy.
            let c1x = sx * dudx, c1y = sy * dvdx, c2x = sx * dudy, c2y = sy * dvdy
            let l1 = c1x * c1x + c1y * c1y, l2 = c2x * c2x + c2y * c2y
            let rho2 = l1.replacing(with: l2, where: l2 .> l1)
            let o = out + 4 * i
            let c0 = choose(rho2[0])
            var uniform = true
            var mix = SIMD4<Float>(repeating: c0.mix)
            Self.lanes(n) { j in
                let c = choose(rho2[j])
                uniform = uniform && valid[j] && c.nearest == c0.nearest && c.first == c0.first && c.second == c0.second
                mix[j] = c.mix
            }
            if uniform {
                if c0.nearest {
                    nearest(t, ix, iy, n, o)
                } else if c0.first != c0.second {
                    let first = taps(t, level: c0.first, ix, iy), second = taps(t, level: c0.second, ix, iy)
                    Self.lanes(n) { j in Self.store(first.sample(j) * (1 - mix[j]) + second.sample(j) * mix[j], o, j) }
                } else {
                    let first = taps(t, level: c0.first, ix, iy)
                    Self.lanes(n) { j in Self.store(first.sample(j), o, j) }
                }
            } else {
                // Lanes that read different levels: one at a time.
                Self.lanes(n) { j in
                    guard valid[j] else { return Self.store(SIMD4<Float>(), o, j) }
                    let c = choose(rho2[j])
                    let x = SIMD4(repeating: ix[j]), y = SIMD4(repeating: iy[j])
                    if c.nearest {
                        nearest(t, x, y, 1, o + 4 * j)
                    } else if c.first != c.second {
                        let m = c.mix
                        Self.store(taps(t, level: c.first, x, y).sample(0) * (1 - m) + taps(t, level: c.second, x, y).sample(0) * m, o, j)
                    } else {
                        Self.store(taps(t, level: c.first, x, y).sample(0), o, j)
                    }
                }
            }
            i += 4
        }
    }
}

// MARK: Kernels

extension ContentsSampler {
    /// `x` clamped to `lo … hi` (NaN to `lo`).
    @inline(__always)
    static func clamp(_ x: SIMD4<Float>, _ lo: Float, _ hi: Float) -> SIMD4<Float> {
        x.replacing(with: lo, where: .!(x .> lo)).replacing(with: hi, where: x .> hi)
    }

    @inline(__always)
    static func clamp(_ x: SIMD4<Int32>, _ lo: SIMD4<Int32>, _ hi: SIMD4<Int32>) -> SIMD4<Int32> {
        x.replacing(with: lo, where: x .< lo).replacing(with: hi, where: x .> hi)
    }

    /// `⌊x⌋` as `Float` and as `Int32`, for `|x| < 2²²`: rounding through `1.5 · 2²³` (ties to
    /// even), a rounded-up value moved down; the integer is the sum's low bits. The
    /// standard library's generic rounding and conversions are not vectorised.
    @inline(__always)
    static func floor(_ x: SIMD4<Float>) -> (SIMD4<Float>, SIMD4<Int32>) {
        let magic: Float = 12_582_912  // 1.5 · 2²³, bit pattern 0x4B40_0000
        let r = (x + magic) - magic
        let f = r.replacing(with: r - 1, where: r .> x)
        return (f, unsafeBitCast(f + magic, to: SIMD4<Int32>.self) &- 0x4B40_0000)
    }

    /// Runs `body(j)` for `j` in `0 ..< n` (`1 ≤ n ≤ 4`), unrolled so that `j` is a constant
    /// in each copy: lanes are then read straight from registers (a lane of a weight vector
    /// broadcast in one shuffle), not through a copy of the vector on the stack.
    @inline(__always)
    static func lanes(_ n: Int, _ body: (Int) -> Void) {
        body(0)
        if n > 1 { body(1) }
        if n > 2 { body(2) }
        if n > 3 { body(3) }
    }

    @inline(__always)
    static func store(_ value: SIMD4<Float>, _ out: UnsafeMutablePointer<Float>, _ j: Int) {
        UnsafeMutableRawPointer(out + 4 * j).storeBytes(of: value, as: SIMD4<Float>.self)
    }

    /// A texel's bytes as floats (0…255), through the 2²³ bias: every lane a normal number.
    ///
    /// Written lane by lane (the optimiser makes it a vector zero-extension). The standard
    /// library's generic `SIMD16<UInt32>(truncatingIfNeeded:)` was not inlined here (a call
    /// and a scalar loop per pixel), and a four-texel `SIMD16` form left partly filled
    /// registers whose spare lanes held texel bits — denormal floats, each costing a
    /// microcode assist: together 3× slower.
    @inline(__always)
    static func unpack(_ texel: UInt32) -> SIMD4<Float> {
        let b = unsafeBitCast(texel, to: SIMD4<UInt8>.self)
        let wide = SIMD4<UInt32>(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]))
        return unsafeBitCast(wide | 0x4B00_0000, to: SIMD4<Float>.self) - 8_388_608
    }

    /// Four texels in a row (`dir` = ±1 texel apart) as floats, one `SIMD16`.
    @inline(__always)
    static func unpack4(_ p: UnsafeRawPointer, _ dir: Int) -> SIMD16<Float> {
        SIMD16(
            lowHalf: SIMD8(lowHalf: unpack(p.loadUnaligned(as: UInt32.self)),
                           highHalf: unpack(p.loadUnaligned(fromByteOffset: 4 * dir, as: UInt32.self))),
            highHalf: SIMD8(lowHalf: unpack(p.loadUnaligned(fromByteOffset: 8 * dir, as: UInt32.self)),
                            highHalf: unpack(p.loadUnaligned(fromByteOffset: 12 * dir, as: UInt32.self))))
    }

    /// Four bilinear samples of one level: the byte offsets of each pixel's four texels from
    /// the level's first texel, and their weights.
    struct Taps {
        var p: UnsafeRawPointer
        var o00, o10, o01, o11: SIMD4<Int32>
        var w00, w10, w01, w11: SIMD4<Float>

        /// Pixel `j`'s sample: `w00·t00 + w10·t10 + w01·t01 + w11·t11` per channel in `Float`
        /// (the same operations on every channel, so colour stays ≤ alpha).
        @inline(__always)
        func sample(_ j: Int) -> SIMD4<Float> {
            let t00 = ContentsSampler.unpack(p.loadUnaligned(fromByteOffset: Int(o00[j]), as: UInt32.self))
            let t10 = ContentsSampler.unpack(p.loadUnaligned(fromByteOffset: Int(o10[j]), as: UInt32.self))
            let t01 = ContentsSampler.unpack(p.loadUnaligned(fromByteOffset: Int(o01[j]), as: UInt32.self))
            let t11 = ContentsSampler.unpack(p.loadUnaligned(fromByteOffset: Int(o11[j]), as: UInt32.self))
            return (t00 * w00[j] + t10 * w10[j]) + (t01 * w01[j] + t11 * w11[j])
        }
    }

    /// The bilinear taps of level `k` at image coordinates `ix`, `iy` (in `0 … W`,
    /// `0 … H`): level coordinates `ix · 2⁻ᵏ − 0.5`, the texels on either side of them,
    /// indices clamped to the level (edge clamp). (Not inlined by the compiler: it returns a
    /// large value. Folding the per-pixel loop into it was measured slower: 86 against 123
    /// Mpixel/s.)
    @inline(__always)
    func taps(_ t: Texels, level k: Int, _ ix: SIMD4<Float>, _ iy: SIMD4<Float>) -> Taps {
        let info = levels[k]
        let xs = ix * info.scale - 0.5, ys = iy * info.scale - 0.5
        let (xf, xi) = Self.floor(xs), (yf, yi) = Self.floor(ys)
        let fx = xs - xf, fy = ys - yf, gx = 1 - fx, gy = 1 - fy
        let zero = SIMD4<Int32>(), mx = SIMD4(repeating: info.maxX), my = SIMD4(repeating: info.maxY)
        let stride = SIMD4(repeating: Int32(truncatingIfNeeded: info.stride))
        let xa = Self.clamp(xi, zero, mx) &* 4, xb = Self.clamp(xi &+ 1, zero, mx) &* 4
        let ra = Self.clamp(yi, zero, my) &* stride, rb = Self.clamp(yi &+ 1, zero, my) &* stride
        return Taps(p: t.level(k, info), o00: ra &+ xa, o10: ra &+ xb, o01: rb &+ xa, o11: rb &+ xb,
                    w00: gx * gy, w10: fx * gy, w01: gx * fy, w11: fx * fy)
    }

    /// `n` pixels (1…4) of the level-0 texels containing image coordinates `ix`, `iy`.
    @inline(__always)
    func nearest(_ t: Texels, _ ix: SIMD4<Float>, _ iy: SIMD4<Float>, _ n: Int, _ out: UnsafeMutablePointer<Float>) {
        let info = levels[0]
        let p = UnsafeRawPointer(t.base)
        let (_, xi) = Self.floor(ix), (_, yi) = Self.floor(iy)
        let stride = SIMD4(repeating: Int32(truncatingIfNeeded: info.stride))
        let offsets = Self.clamp(yi, SIMD4(), SIMD4(repeating: info.maxY)) &* stride
            &+ Self.clamp(xi, SIMD4(), SIMD4(repeating: info.maxX)) &* 4
        Self.lanes(n) { j in Self.store(Self.unpack(p.loadUnaligned(fromByteOffset: Int(offsets[j]), as: UInt32.self)), out, j) }
    }
}
