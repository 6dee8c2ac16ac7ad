import CCadenceFeatures
import CadenceGeometry
import CadencePixels

/// The sprite kernel: an emitter's particles (`RenderList.Sprites`, `docs/compositor.md`
/// § 20), each its cell's small image under a 2 × 2 matrix, drawn straight from the packed
/// arrays — no item, plane map or sampler per particle.
///
/// **Per particle.** Culled by its pixel bounds against the band's rows and the clip's
/// rectangle; then, row by row, over the row's support (the pixels within half a pixel of
/// the image's rectangle, solved along the row: every other pixel has coverage exactly 0),
/// eight pixels at a time: the pixel centres' layer coordinates `(u, v)` from the particle's centre; the anti-aliased coverage of the
/// image's rectangle, `RoundedRectSampler`'s slab product (the same formula in the same
/// `Float` lanes as the general path's edge); the weight (coverage × opacity × the clip's
/// weight); then — where a weight is not 0 — the bilinear sample of the particle's mip
/// level in 16-bit integer lanes (`ContentsSampler.affineLanes`' arithmetic: 8-bit
/// fractions, one rounding; a level two texels wide or more is read a texel pair per
/// 64-bit load), the tint in 1/256ths (`⌊(c·t + 128) / 256⌋`, colour still ≤
/// alpha), and the blend: `SourceOver.blendSample`, or `SourceOver.addSample` for
/// `.additive` emitters. A group of eight is written whole: pixels outside the particle
/// get weight 0, which leaves them exactly as they were.
///
/// **Accuracy** against the general path (each particle an item: edge coverage, the float
/// sampler and tint, quantized, blended): within 3 of 255 per channel per particle drawn
/// (the tint's 1/256 steps and the 8-bit bilinear fractions, each under a unit; measured
/// 0.12–0.13 on average), checked on whole frames of rotated, scaled, tinted, translucent particles in every render mode
/// (`EmitterRenderingTests.testSpritesMatchTheGeneralPath`). That bound is derived for the
/// float lanes; the fixed-point rows below add theirs (at most 5, measured 2) against the
/// float lanes, so 3 + 5 is what is derived for them, though the same test measures them
/// within 3.
///
/// **Two kernels.** Where the clip is one rectangle (`wholeGroups`) and the CPU has AVX2
/// (checked at run time), each run of particles of one cell is drawn by one
/// `cadence_sprite_run_draw`, particle by particle (C,
/// `CadenceSprites.c`, compiled for AVX2 by a target attribute): the rows' supports as
/// `support` below; a small particle's rows (supports up to 32 pixels, levels up to 256
/// texels) with its groups' weights and texel coordinates in fixed point, **within 5 of 255
/// per channel of `shade`** (derived in `CadenceSprites.h`; at most 2 measured), other rows in
/// float lanes with the same operations in the same types as `shade`, the same bytes; the
/// texels by hardware gathers or, for levels up to 16 texels a side, from a table of each
/// pixel's four bilinear texels, one 16-byte load a pixel (built once a run: the same
/// texels, so the same bytes; `Shortcuts.spriteQuadTables`), for a gray level (a white
/// image, the usual particle: every texel's four channels equal) a table of one channel
/// sampled once for all four (the same integers, so the same bytes;
/// `Shortcuts.spriteGrayTables`); rows in fixed point four pixels at a time, two such halves
/// (of one row or two) a group of eight, since most rows are narrow (the same bytes as
/// whole rows; `Shortcuts.spriteHalfGroups`). Each of these is a shortcut a test turns off
/// (`Rasterizer.Shortcuts`). `shade` is the reference twin (`Shortcuts.spriteKernel`) of
/// the float lanes (`Shortcuts.fixedPointSprites` off), which are the fixed point's:
/// `RasterizerSpritesTests` compares whole frames of random emitters, byte for byte and
/// within the bound. Under a clip mask or rounded clip, and without AVX2, `shade` draws.
///
/// **Memory.** Particles land anywhere on a canvas larger than the caches, so each one's
/// rows would be read cold, stalling the blend of every group; the rows of the next particle
/// are prefetched (a hint: the pixels are the same) while one is drawn. A frame's bands each
/// run the kernel over every particle, most of them outside the band: the AVX2 kernel picks
/// those that meet the band first, two a compare, and prefetches the next one it draws
/// (`Shortcuts.spritePicking`; the same particles in the same order, so the same bytes).
///
/// **Cost**: per particle a few dozen scalar operations, and per row a few more for the
/// support; per eight pixels of a support about 40 vector operations for the weights, and
/// for those with any weight 16 pair loads and about 100 more (about 30 ns on the reference
/// machine: `Benchmarks/README.md`, "Emitter layers"). No allocation.
extension Rasterizer {
    /// Draws the particles of `sprites` with `opacity` onto the top surface, under the clip
    /// in force, in their order.
    func drawSprites(_ sprites: RenderList.Sprites, opacity: Float) {
        let surface = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        let region = surface.rect.intersection(clip.scissor)
        guard !region.isEmpty, !sprites.extent.intersection(region).isEmpty else { return }
        let storage = sprites.storage
        let uniform = clip.mask == nil && clip.analytic.isEmpty
        let wholeGroups = uniform && surface.rect.width >= 8
        let context = SpriteContext(
            surface: surface, clip: clip, opacity: opacity, additive: storage.additive,
            wholeGroups: wholeGroups,
            vectorRows: wholeGroups && shortcuts.spriteKernel && cadence_sprite_draw_available() != 0,
            shortcuts: shortcuts)
        storage.bounds.withUnsafeBufferPointer { bounds in
            storage.maps.withUnsafeBufferPointer { maps in
                storage.centers.withUnsafeBufferPointer { centers in
                    storage.tints.withUnsafeBufferPointer { tints in
                        storage.cellLevels.withUnsafeBufferPointer { cellLevels in
                            var run = cadence_sprite_run()
                            if context.vectorRows {
                                run = spriteRun(
                                    bounds: bounds, centers: centers, maps: maps, tints: tints, cellLevels: cellLevels,
                                    region: region, context)
                            }
                            // Runs of particles of one cell, its image bound once a run (binding
                            // it per particle retained and released its image and bitmap each time).
                            var start = 0
                            while start < bounds.count {
                                let k = cellLevels[start] >> 8
                                var end = start + 1
                                while end < bounds.count && cellLevels[end] >> 8 == k { end += 1 }
                                defer { start = end }
                                guard let cell = storage.cells[Int(k)] else { continue }
                                if context.vectorRows {
                                    drawSpriteRun(cell, start..<end, &run)
                                    continue
                                }
                                for i in start..<end {
                                    if i + 1 < bounds.count { prefetchRows(of: bounds[i + 1], within: region, surface) }
                                    let b = bounds[i]
                                    let rect = PixelRect(
                                        minX: Swift.max(Int(b[0]), region.minX), minY: Swift.max(Int(b[1]), region.minY),
                                        maxX: Swift.min(Int(b[2]), region.maxX), maxY: Swift.min(Int(b[3]), region.maxY))
                                    guard rect.minX < rect.maxX, rect.minY < rect.maxY else { continue }
                                    drawSprite(
                                        cell, level: Int(cellLevels[i] & 0xFF), center: centers[i], map: maps[i],
                                        tint: tints[i], over: rect, context)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The particles' packed arrays and what they share, as the AVX2 kernel reads them
    /// (`cadence_sprite_run`); the cell's fields are set by `drawSpriteRun`.
    func spriteRun(
        bounds: UnsafeBufferPointer<SIMD4<Int32>>, centers: UnsafeBufferPointer<SIMD2<Double>>,
        maps: UnsafeBufferPointer<SIMD8<Float>>, tints: UnsafeBufferPointer<SIMD4<UInt16>>,
        cellLevels: UnsafeBufferPointer<UInt32>, region: PixelRect, _ context: SpriteContext
    ) -> cadence_sprite_run {
        let surface = context.surface, shortcuts = context.shortcuts
        return cadence_sprite_run(
            levels: nil, levelCount: 0, halfWidth: 0, halfHeight: 0,
            bounds: UnsafeRawPointer(bounds.baseAddress)?.assumingMemoryBound(to: Int32.self),
            centers: UnsafeRawPointer(centers.baseAddress)?.assumingMemoryBound(to: Double.self),
            maps: UnsafeRawPointer(maps.baseAddress)?.assumingMemoryBound(to: Float.self),
            tints: UnsafeRawPointer(tints.baseAddress)?.assumingMemoryBound(to: UInt16.self),
            cellLevels: cellLevels.baseAddress, count: bounds.count,
            base: surface.base, stride: surface.stride, originX: surface.rect.minX, originY: surface.rect.minY,
            rowEnd: surface.rect.maxX, region: (region.minX, region.minY, region.maxX, region.maxY),
            opacity: context.opacity, additive: context.additive ? 1 : 0,
            floatRows: shortcuts.fixedPointSprites ? 0 : 1, gatherTexels: shortcuts.spriteQuadTables ? 0 : 1,
            wholeRows: shortcuts.spriteHalfGroups ? 0 : 1, colourTables: shortcuts.spriteGrayTables ? 0 : 1,
            everyParticle: shortcuts.spritePicking ? 0 : 1)
    }

    /// Particles `range` (all of `cell`) by one `cadence_sprite_run_draw`: the cell's levels
    /// in a table on the stack, then, in C and with the same values, what the Swift loop and
    /// `drawSprite` do a particle (the next one's rows prefetched, the bounds cut to the
    /// region, the level looked up, the slabs of `support`) before its rows are drawn.
    func drawSpriteRun(_ cell: SpriteStorage.Cell, _ range: Range<Int>, _ run: inout cadence_sprite_run) {
        let image = cell.image
        let levels = image.levels
        image.withTexels { base, mips in
            guard let base, !levels.isEmpty else { return }
            let texels = ContentsSampler.Texels(base: base, mips: mips ?? base)
            withUnsafeTemporaryAllocation(of: cadence_sprite_level.self, capacity: levels.count) { table in
                for (k, info) in levels.enumerated() {
                    table[k] = cadence_sprite_level(
                        texels: texels.level(k, info).assumingMemoryBound(to: UInt8.self),
                        stride: Int32(truncatingIfNeeded: info.stride), maxX: info.maxX, maxY: info.maxY, scale: info.scale)
                }
                run.levels = UnsafePointer(table.baseAddress)
                run.levelCount = Int32(truncatingIfNeeded: levels.count)
                run.halfWidth = cell.halfWidth
                run.halfHeight = cell.halfHeight
                cadence_sprite_run_draw(&run, range.lowerBound, range.upperBound)
            }
        }
    }

    /// Prefetches the canvas rows a particle with pixel bounds `b` can write within
    /// `region` (its groups of eight may reach seven pixels past its bounds): one hint per
    /// cache line, no memory changed.
    @inline(__always)
    func prefetchRows(of b: SIMD4<Int32>, within region: PixelRect, _ surface: Surface) {
        let minX = Swift.max(Int(b[0]), region.minX), maxX = Swift.min(Int(b[2]) + 7, region.maxX)
        let minY = Swift.max(Int(b[1]), region.minY), maxY = Swift.min(Int(b[3]), region.maxY)
        guard minX < maxX, minY < maxY else { return }
        let line = 64
        for y in minY..<maxY {
            let first = UInt(bitPattern: surface.pixel(minX, y)), last = UInt(bitPattern: surface.pixel(maxX - 1, y))
            var address = first & ~UInt(line - 1)
            while address <= last {
                cadence_prefetch_for_write(UnsafeRawPointer(bitPattern: address))
                address += UInt(line)
            }
        }
    }

    /// What every particle of one `drawSprites` shares.
    struct SpriteContext {
        var surface: Surface
        var clip: Clip
        var opacity: Float
        var additive: Bool
        /// Whether groups of eight are read and written in place (the clip is one
        /// rectangle and rows are at least eight pixels wide), else through
        /// `PixelLanes.forEachGroup` with the clip's weights per pixel.
        var wholeGroups: Bool
        /// Whether whole groups are drawn by the AVX2 kernel (`drawSpriteRun`, the CPU
        /// having AVX2) instead of `support` and `shade`, its reference twin: the same bytes.
        var vectorRows: Bool
        /// The rasterizer's shortcuts: the AVX2 kernel's routes (`fixedPointSprites`,
        /// `spriteQuadTables`, `spriteHalfGroups`, `spriteGrayTables`, `spritePicking`) are
        /// read from them.
        var shortcuts: Shortcuts
    }

    /// One particle over the pixels `rect` (its bounds within the band and the clip), by the
    /// Swift kernel: where `context.vectorRows` holds, `drawSpriteRun` draws instead.
    @inline(never)
    func drawSprite(
        _ cell: SpriteStorage.Cell, level k: Int, center: SIMD2<Double>, map: SIMD8<Float>, tint: SIMD4<UInt16>,
        over rect: PixelRect, _ context: SpriteContext
    ) {
        let image = cell.image
        guard k < image.levels.count else { return }
        let info = image.levels[k]
        let ux = map[0], uy = map[1], vx = map[2], vy = map[3]
        let ppu = SIMD8(repeating: map[4]), ppv = SIMD8(repeating: map[5])
        let hw = cell.halfWidth, hh = cell.halfHeight
        let tinted = tint != SIMD4(repeating: 256)
        let tintLo = PixelLanes.spreadPair(tint[0], tint[2]), tintHi = PixelLanes.spreadPair(tint[1], tint[3])
        let zero = SIMD8<Int32>(), mx = SIMD8(repeating: info.maxX), my = SIMD8(repeating: info.maxY)
        // Levels at least two texels wide are read a texel pair at a time.
        let pairs = info.maxX >= 1
        let penultimate = SIMD8(repeating: info.maxX - 1)
        let stride = SIMD8(repeating: Int32(truncatingIfNeeded: info.stride))
        let lanes = ContentsSampler.lanes8
        let surface = context.surface
        let additive = context.additive
        image.withTexels { base, mips in
            guard let base else { return }
            let p = ContentsSampler.Texels(base: base, mips: mips ?? base).level(k, info)

            /// Eight pixels from column `x` of the row at `dy` (pixel centre minus the
            /// particle's centre), each weighted by its coverage times `factor`.
            @inline(__always)
            func shade(_ pixels: UnsafeMutableRawPointer, _ x: Int, _ dy: Float, _ factor: SIMD8<Float>) {
                let dx = SIMD8(repeating: Float(Double(x) + 0.5 - center.x)) + lanes
                let u = dx * ux + dy * uy, v = dx * vx + dy * vy
                let magnitude = SIMD8<UInt32>(repeating: 0x7FFF_FFFF)
                let au = unsafeBitCast(unsafeBitCast(u, to: SIMD8<UInt32>.self) & magnitude, to: SIMD8<Float>.self)
                let av = unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & magnitude, to: SIMD8<Float>.self)
                // `RoundedRectSampler.slab` on both axes, written out (the calls were not inlined).
                let nu = RoundedRectSampler.saturate(0.5 + (hw - au) * ppu) + RoundedRectSampler.saturate(0.5 + (hw + au) * ppu) - 1
                let nv = RoundedRectSampler.saturate(0.5 + (hh - av) * ppv) + RoundedRectSampler.saturate(0.5 + (hh + av) * ppv) - 1
                let coverage = nu.replacing(with: 0, where: nu .< 0) * nv.replacing(with: 0, where: nv .< 0)
                let q = PixelLanes.quantize(coverage * factor)
                if PixelLanes.isZero(q) { return }
                let ix = ContentsSampler.clamp(u + hw, 0, 2 * hw), iy = ContentsSampler.clamp(v + hh, 0, 2 * hh)
                let xs = ix * info.scale - 0.5, ys = iy * info.scale - 0.5
                let (xf, xi) = ContentsSampler.floor(xs), (yf, yi) = ContentsSampler.floor(ys)
                let fy = PixelLanes.spread(ContentsSampler.fraction(ys - yf))
                let ra = ContentsSampler.clamp(yi, zero, my) &* stride, rb = ContentsSampler.clamp(yi &+ 1, zero, my) &* stride
                let top, bottom: (left: PixelLanes.Lanes, right: PixelLanes.Lanes)
                let fx: PixelLanes.Lanes
                if pairs {
                    // Texels j, j + 1 in one load; past the level's ends both are the edge
                    // texel, which the weight picks whole (φ 0 on the left, 256 on the right):
                    // the same integers as two clamped loads.
                    let φ = ContentsSampler.fraction(xs - xf)
                        .replacing(with: 0, where: xi .< zero).replacing(with: 256, where: xi .> penultimate)
                    let j = ContentsSampler.clamp(xi, zero, penultimate) &* 4
                    fx = PixelLanes.spread(φ)
                    top = ContentsSampler.gatherPairs(p, ra &+ j)
                    bottom = ContentsSampler.gatherPairs(p, rb &+ j)
                } else {
                    let xa = ContentsSampler.clamp(xi, zero, mx) &* 4, xb = ContentsSampler.clamp(xi &+ 1, zero, mx) &* 4
                    fx = PixelLanes.spread(ContentsSampler.fraction(xs - xf))
                    top = (ContentsSampler.gather(p, ra &+ xa), ContentsSampler.gather(p, ra &+ xb))
                    bottom = (ContentsSampler.gather(p, rb &+ xa), ContentsSampler.gather(p, rb &+ xb))
                }
                let (a0, a1) = PixelLanes.split(top.left), (b0, b1) = PixelLanes.split(top.right)
                let (c0, c1) = PixelLanes.split(bottom.left), (d0, d1) = PixelLanes.split(bottom.right)
                var lo = ContentsSampler.horizontal(ContentsSampler.vertical(a0, c0, fy), ContentsSampler.vertical(b0, d0, fy), fx)
                var hi = ContentsSampler.horizontal(ContentsSampler.vertical(a1, c1, fy), ContentsSampler.vertical(b1, d1, fy), fx)
                if tinted {
                    lo = (lo &* tintLo &+ 128) &>> 8
                    hi = (hi &* tintHi &+ 128) &>> 8
                }
                if additive {
                    SourceOver.addSample(lo, hi, weights: q, into: pixels)
                } else {
                    SourceOver.blendSample(lo, hi, weights: q, into: pixels)
                }
            }

            // The row's pixels whose centres lie within half a pixel (and 1/100 more) of
            // both slabs, found by solving `|u| ≤ Lu`, `|v| ≤ Lv` along the row: every
            // pixel outside has coverage exactly 0.
            let lu = Double(hw) + 0.51 / Double(map[4]), lv = Double(hh) + 0.51 / Double(map[5])
            let u = Slab(gradient: Double(ux), across: Double(uy), limit: lu)
            let v = Slab(gradient: Double(vx), across: Double(vy), limit: lv)
            func support(_ y: Int) -> Range<Int> {
                let dy = Double(y) + 0.5 - center.y
                let (a0, a1) = u.interval(dy), (b0, b1) = v.interval(dy)
                let lo = Swift.max(a0, b0) + center.x - 0.5, hi = Swift.min(a1, b1) + center.x - 0.5
                guard lo <= hi else { return 0..<0 }
                let first = Swift.max(Double(rect.minX), lo.rounded(.up)), last = Swift.min(Double(rect.maxX - 1), hi.rounded(.down))
                return first <= last ? Int(first)..<(Int(last) + 1) : 0..<0
            }

            if context.wholeGroups {
                // Groups of eight in place over the row's support, the last moved left to end
                // at the row's end if it would pass it; pixels outside the support (or drawn
                // by the group before) weigh 0.
                let rowEnd = surface.rect.maxX
                let opacity = SIMD8(repeating: context.opacity.bitPattern)
                for y in rect.minY..<rect.maxY {
                    let row = support(y)
                    guard !row.isEmpty else { continue }
                    let dy = Float(Double(y) + 0.5 - center.y)
                    var next = row.lowerBound
                    while next < row.upperBound {
                        let x = Swift.min(next, rowEnd - 8)
                        // Lane i is inside when 0 ≤ o < end − next, o = x + i − next: the sign
                        // of o − (end − next) and not that of o, as a mask, in integer lanes
                        // (comparison masks combined with `.&` were left scalar loops).
                        let offset = SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7) &+ UInt32(truncatingIfNeeded: x - next)
                        let below = offset &- UInt32(truncatingIfNeeded: row.upperBound - next)
                        let inside = 0 &- ((below & ~offset) &>> 31)
                        let factor = unsafeBitCast(opacity & inside, to: SIMD8<Float>.self)
                        shade(UnsafeMutableRawPointer(surface.pixel(x, y)), x, dy, factor)
                        next = x + 8
                    }
                }
            } else {
                let weights = pool.row(2)
                for y in rect.minY..<rect.maxY {
                    let row = support(y)
                    guard !row.isEmpty else { continue }
                    let dy = Float(Double(y) + 0.5 - center.y)
                    let uniform = clipWeights(row: y, from: row.lowerBound, count: row.count, opacity: context.opacity,
                                              clip: context.clip, into: weights)
                    PixelLanes.forEachGroup(surface.pixel(row.lowerBound, y), count: row.count) { pixels, first, count in
                        let factor = uniform.map { SIMD8(repeating: $0) } ?? PixelLanes.floats(weights, first, count)
                        shade(pixels, row.lowerBound + first, dy, factor)
                    }
                }
            }
        }
    }

    /// Where along a row of pixels a particle's coordinate `g·dx + c·dy` (`g` its gradient
    /// along the row, `c` across it) lies within `±limit`: the reciprocal of `g` found once
    /// per particle, so a row costs multiplications only.
    struct Slab {
        let reciprocal: Double
        let across: Double
        let limit: Double

        init(gradient: Double, across: Double, limit: Double) {
            reciprocal = 1 / gradient
            self.across = across
            self.limit = limit
        }

        /// The `dx` with `|g·dx + c·dy| ≤ limit`, as `(low, high)` (`low > high`: none);
        /// all of the row when `g = 0` and the row is within the limit.
        @inline(__always)
        func interval(_ dy: Double) -> (Double, Double) {
            let a = across * dy
            guard reciprocal.isFinite else { return abs(a) <= limit ? (-.infinity, .infinity) : (1, 0) }
            let p = (-limit - a) * reciprocal, q = (limit - a) * reciprocal
            return (Swift.min(p, q), Swift.max(p, q))
        }
    }
}
