import CadenceGeometry
import CadencePixels

// The stages of compositor part 2: contents images, shadows, masks and cross-fades
// (`docs/compositor.md` § 9–12). Each works on the top surface (a layer's offscreen group
// for the last three) under the clip in force.

extension Rasterizer {
    // MARK: Contents

    /// Draws the layer's contents image with `opacity`: per row, the anti-aliased coverage
    /// of the drawn rectangle times the clip, and the filtered image colours (in integer
    /// lanes, fused with the blend, where `ContentsSampler.samplesInLanes`).
    func drawContents(_ item: RenderList.Item, _ contents: RenderList.Contents, opacity: Float) {
        let surface = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        let plane = PlaneMap(item.matrix)
        let destination = contents.destination
        let region = RenderList.pixelBounds(of: destination, under: plane, within: surface.bounds)
            .intersection(surface.rect).intersection(clip.scissor)
        guard !region.isEmpty,
              let edge = RoundedRectSampler(bounds: destination, cornerRadius: 0, map: plane),
              let sampler = ContentsSampler(
                image: contents.image, layout: contents.layout, map: plane, magnification: contents.magnificationFilter,
                minification: contents.minificationFilter, bias: contents.minificationFilterBias)
        else { return }
        // Bilinear under an affine map, untinted: sampled and blended in integer lanes.
        if sampler.samplesInLanes && contents.tint == nil && !contents.additive {
            var rows = ContentsSampler.RowCache(memory: UnsafeMutableRawPointer(colorRow),
                                                bytes: MemoryLayout<Float>.stride * colorRowCapacity,
                                                columns: UnsafeMutableRawPointer(byteRow), columnBytes: colorRowCapacity)
            coverageRows(over: region, edge: edge, opacity: opacity, clip: clip) { y, start, count, coverage in
                sampler.blendRow(y, from: start, count: count, weights: coverage, into: surface.pixel(start, y), cache: &rows)
            }
            return
        }
        // Texels one to one on pixels, untinted, not added (a backing store at whole pixels): their bytes
        // blended as they are, rows the copy cannot cover by the float route.
        if sampler.copiesTexels && contents.tint == nil && !contents.additive {
            coverageRows(over: region, edge: edge, opacity: opacity, clip: clip) { y, start, count, coverage in
                func float(_ lower: Int, _ upper: Int) {
                    guard lower < upper else { return }
                    sampler.sampleRow(y, from: lower, count: upper - lower, into: colorRow)
                    SourceOver.quantize(colors: colorRow, into: byteRow, count: upper - lower)
                    SourceOver.blend(colors: byteRow, weights: coverage + (lower - start), into: surface.pixel(lower, y),
                                     count: upper - lower)
                }
                if let run = sampler.blendCopiedRow(y, from: start, count: count, weights: coverage,
                                                    into: surface.pixel(start, y)) {
                    float(start, run.lowerBound)
                    float(run.upperBound, start + count)
                } else {
                    float(start, start + count)
                }
            }
            return
        }
        blendColors(over: region, edge: edge, opacity: opacity, clip: clip, on: surface, additive: contents.additive) {
            y, start, count, out in
            sampler.sampleRow(y, from: start, count: count, into: out)
            if let tint = contents.tint { Self.tint(out, by: tint, count: count) }
        }
    }

    /// Paints the pixels of `region` that `edge` covers with colours that change from pixel
    /// to pixel: per row, the coverage over the edge's support times the clip and
    /// `opacity`, and the colours `sample(y, x0, count, out)` writes (premultiplied, 0…255,
    /// 4 `Float`s a pixel), rounded once and blended — or, `additive`, added
    /// (`SourceOver.addSample`).
    func blendColors(
        over region: PixelRect, edge: RoundedRectSampler, opacity: Float, clip: Clip, on surface: Surface,
        additive: Bool = false, sample: (_ y: Int, _ x0: Int, _ count: Int, _ out: UnsafeMutablePointer<Float>) -> Void
    ) {
        coverageRows(over: region, edge: edge, opacity: opacity, clip: clip) { y, start, count, coverage in
            sample(y, start, count, colorRow)
            SourceOver.quantize(colors: colorRow, into: byteRow, count: count)
            SourceOver.blend(colors: byteRow, weights: coverage, into: surface.pixel(start, y), count: count, additive: additive)
        }
    }

    /// For each row of `region` that `edge` covers: the coverage over the edge's support
    /// times the clip and `opacity`, handed to `body(y, x0, count, coverage)`.
    @inline(__always)
    func coverageRows(
        over region: PixelRect, edge: RoundedRectSampler, opacity: Float, clip: Clip,
        body: (_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafeMutablePointer<Float>) -> Void
    ) {
        let coverage = pool.row(0), weights = pool.row(2)
        let x0 = region.minX, n = region.width
        for y in region.minY..<region.maxY {
            let support = edge.support(row: y, from: x0, count: n)
            guard !support.isEmpty else { continue }
            let start = x0 + support.lowerBound, c = support.count
            edge.sample(row: y, from: start, count: c, outer: coverage, border: nil)
            if let uniform = clipWeights(row: y, from: start, count: c, opacity: opacity, clip: clip, into: weights) {
                Self.scale(coverage, by: nil, uniform: uniform, count: c)
            } else {
                Self.scale(coverage, by: weights, uniform: 1, count: c)
            }
            body(y, start, c, coverage)
        }
    }

    /// Multiplies `count` premultiplied colours (four `Float`s each) by `tint`, channel by
    /// channel (a replicator copy's colour, § 19).
    static func tint(_ colors: UnsafeMutablePointer<Float>, by tint: SIMD4<Float>, count: Int) {
        let raw = UnsafeMutableRawPointer(colors)
        for j in 0..<count {
            let p = raw + 16 * j
            p.storeBytes(of: p.loadUnaligned(as: SIMD4<Float>.self) * tint, as: SIMD4<Float>.self)
        }
    }

    // MARK: Cross-fade and masks

    /// Draws `items` into a cleared surface the size of the group on top (under the clip
    /// in force, or, `unclipped`, under none but the group's rectangle), then hands each
    /// row of that surface and of the group to `combine`. Nothing happens when the scratch
    /// limit refuses the surface.
    private func drawBesideGroup(
        _ items: [RenderList.Item], unclipped: Bool,
        combine: (_ drawn: UnsafeMutablePointer<UInt8>, _ group: UnsafeMutablePointer<UInt8>, _ count: Int) -> Void
    ) {
        let group = surfaces[surfaces.count - 1]
        let rect = group.rect
        guard let buffer = pool.acquire(rect.area * 4, charging: group.bounds.area * 4) else { return }
        defer { pool.release(buffer) }
        pushSurface(buffer, rect: rect, bounds: group.bounds)
        if unclipped {
            // An empty range of analytic clips, past those in force (which stay untouched).
            let end = analyticClips.count
            clips.append(Clip(scissor: group.bounds, mask: nil, analytic: end..<end, buffer: nil))
        }
        walk(items, fold: 1)
        if unclipped { clips.removeLast() }
        let drawn = surfaces.removeLast()
        for y in rect.minY..<rect.maxY {
            combine(drawn.pixel(rect.minX, y), group.pixel(rect.minX, y), rect.width)
        }
    }

    /// Draws the previous rendering beside the group (the current rendering, both under
    /// the clips in force) and mixes them: `previous · (1 − p) + current · p`.
    func crossFade(with transition: RenderList.TransitionDrawing) {
        let t = Float(transition.progress)
        drawBesideGroup(transition.previous.items, unclipped: false) { SourceOver.mix($0, into: $1, amount: t, count: $2) }
    }

    /// Renders the mask's list beside the group (no clip but the group's rectangle: the
    /// group has had its clips already) and multiplies the group by its alpha. Past the
    /// scratch limit the mask is not applied.
    func applyMask(_ mask: RenderList) {
        drawBesideGroup(mask.items, unclipped: true) { SourceOver.multiply($1, byAlphaOf: $0, count: $2) }
    }

    // MARK: Shadows

    /// Where a shadow's blurred plane is read: a pixel p shows the plane at p − offset, the
    /// offset's whole part (`shift`, pixels) moving the rectangle and its fraction mixing a
    /// pixel with its neighbour up and left. `nil` for an offset past any canvas (16384
    /// pixels, and then some): nothing of the shadow shows.
    static func shadowShift(_ shadow: RenderList.Shadow) -> (shift: SIMD2<Int>, fraction: SIMD2<Float>)? {
        let whole = shadow.offset.rounded(.down)
        let farthest = Double(4 * Bitmap.maxDimension)
        guard abs(whole.x) < farthest, abs(whole.y) < farthest else { return nil }
        return (SIMD2(Int(whole.x), Int(whole.y)), SIMD2<Float>(shadow.offset - whole))
    }

    /// The rows of a layer's own rendering that its shadow (of that rendering's alpha) reads
    /// to draw the rows of `rows`, with `rows`' columns: each row reads the blurred plane's
    /// row moved by the offset's whole part and the one above it, and those read the rows
    /// within the blur's reach (`Shadow.reach`) — whatever other rows hold, their
    /// bits (`ShadowBlur`'s vertical sums are exact). Empty when `rows` is, or when the
    /// shadow shows nothing.
    static func rowsRead(by shadow: RenderList.Shadow, drawing rows: PixelRect) -> PixelRect {
        guard !rows.isEmpty, let (shift, _) = shadowShift(shadow) else { return .empty }
        let reach = shadow.reach
        return PixelRect(minX: rows.minX, minY: rows.minY - shift.y - 1 - reach, maxX: rows.maxX, maxY: rows.maxY - shift.y + reach)
    }

    /// Whether every pixel of `surface` in `r` (within its rectangle) has alpha 255.
    static func isOpaque(_ surface: Surface, _ r: PixelRect) -> Bool {
        for y in r.minY..<r.maxY {
            let row = UnsafeRawPointer(surface.pixel(r.minX, y))
            var all = UInt32.max
            for x in 0..<r.width { all &= row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) }
            if all >> 24 != 255 { return false }
        }
        return true
    }

    /// Draws the layer's shadow over the pixels `rect` of the top surface (a rectangle of
    /// the whole frame; the band's rows of it are drawn, and only the blurred rows those
    /// read are computed, the same bits as in the whole frame's plane): the shape's
    /// alpha (`shadowPath` filled, or the surface's own alpha — the layer's group),
    /// blurred with σ, moved by the offset (the fraction by bilinear interpolation),
    /// clipped to the rounded bounds when `masksToBounds`, times the clip in force and
    /// `opacity`, in the shadow's colour; `under` the surface's pixels (destination-over,
    /// after the layer drew into its group) or over them (a path shadow, before the layer
    /// draws). `leavingOut`: a cross of pixels the layer then paints opaque at full weight
    /// (`RenderList.opaqueCross`), left out of the blend when the clip in force has weight
    /// `opacity` everywhere and the shadow is not clipped to the bounds (each pixel's weight
    /// and blend do not depend on its neighbours, so the rest are the same bytes). When the
    /// offset is whole pixels the interpolation is left out: `v · 1 + w · 0` is `v` for
    /// the blurred plane's finite, non-negative values.
    func drawShadow(
        _ shadow: RenderList.Shadow, of item: RenderList.Item, in rect: PixelRect, opacity: Float, under: Bool,
        leavingOut covered: RenderList.Occluder? = nil
    ) {
        let group = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        // The rows drawn (the scratch the blur takes is given back: skipping it when there
        // are none changes no later decision). Under a group, only the rows the group is
        // composited into show (`finishGroup`): a group that holds its whole extent for
        // this shadow still gets the shadow only in the band's rows.
        var rows = rect.rows(of: group.rect)
        if under, surfaces.count > 1 { rows = rows.rows(of: surfaces[surfaces.count - 2].rect) }
        guard !rows.isEmpty, opacity > 0 else { return }
        guard let (shift, fraction) = Self.shadowShift(shadow) else { return }
        // The blurred plane the rows drawn read (each row and the one above it), and the
        // whole frame's (`wholePlane`): the blur's rows do not depend on which rows are
        // asked for (`ShadowBlur`: exact vertical sums).
        let blurred = PixelRect(
            minX: rect.minX - shift.x - 1, minY: rows.minY - shift.y - 1, maxX: rect.maxX - shift.x, maxY: rows.maxY - shift.y)
        let wholePlane = PixelRect(
            minX: blurred.minX, minY: rect.minY - shift.y - 1, maxX: blurred.maxX, maxY: rect.maxY - shift.y)
        // The shape, over the pixels whose blur reaches `blurred` (its rows and the reach
        // above and below, `rowsRead`): the group itself for the layer's alpha; for a path,
        // those rows of `pathPlane` — `wholePlane` grown by the kernel's reach, within the
        // canvas (shapes off the canvas cast nothing) — whose corner fixes the coverage's
        // bits (`PathCoverage` works relative to it), the same in every band.
        let reach = shadow.reach
        let read = Self.rowsRead(by: shadow, drawing: rows)
        let pathPlane = PixelRect(
            minX: wholePlane.minX - reach, minY: wholePlane.minY - reach, maxX: wholePlane.maxX + reach,
            maxY: wholePlane.maxY + reach
        ).intersection(surfaces[0].bounds)
        let sourceRect = shadow.path == nil ? rect.intersection(read) : pathPlane.rows(of: read)
        // Charged as the whole frame's planes, so that what the scratch limit refuses does
        // not depend on the band.
        let wholeSource = shadow.path == nil ? rect : pathPlane
        guard let sourceBuffer = pool.acquire(Swift.max(sourceRect.area, 1) * 4, charging: Swift.max(wholeSource.area, 1) * 4)
        else { return }
        defer { pool.release(sourceBuffer) }
        guard let blurBuffer = pool.acquire(blurred.area * 4, charging: wholePlane.area * 4) else { return }
        defer { pool.release(blurBuffer) }
        let source = sourceBuffer.pointer.assumingMemoryBound(to: Float.self)
        let plane = blurBuffer.pointer.assumingMemoryBound(to: Float.self)
        let map = PlaneMap(shadow.matrix)
        // The shape's alpha, 0…1.
        if let path = shadow.path {
            if sourceRect.isEmpty {
                source.initialize(to: 0)
            } else {
                PathCoverage.fill(
                    path, map: map, into: source, rect: pathPlane, rows: sourceRect.minY..<sourceRect.maxY,
                    stride: sourceRect.width, workspace: pathWorkspace)
            }
        } else {
            for y in sourceRect.minY..<sourceRect.maxY {
                let row = group.pixel(sourceRect.minX, y), out = source + (y - sourceRect.minY) * sourceRect.width
                for x in 0..<sourceRect.width { out[x] = Float(row[4 * x + 3]) * (1 / 255) }
            }
        }
        let bounds = shadow.masksToBounds
            ? RoundedRectSampler(
                bounds: item.bounds, cornerRadius: item.cornerRadius, corners: item.maskedCorners, curve: item.cornerCurve,
                map: map)
            : nil
        if shadow.masksToBounds && bounds == nil { return }
        var covered = !under && bounds == nil && clip.mask == nil && clip.analytic.isEmpty ? covered : nil
        // Exact rows wherever the whole frame's shadow may have a hole, so that every band
        // blurs with the same sums (`ShadowBlur.blur`: the parts around a hole meet without a
        // seam only then); the hole is the blurred pixels that only covered pixels read (a
        // pixel reads its own and the ones left, above and above-left of it): the cross's bar
        // across, moved by the offset, one column and row shorter (in its rows, the row's
        // covered columns are the bar's).
        var exactRows = covered != nil, hole = PixelRect.empty
        if under, let cross = RenderList.cross(of: item) {
            // Drawn under the group's opaque pixels, the shadow leaves them as they are: the
            // cross's bar across, where the group is opaque in the rows drawn, is left out.
            exactRows = true
            let bar = cross.across.intersection(rows).intersection(group.rect)
            if !bar.isEmpty, Self.isOpaque(group, bar) { covered = RenderList.Occluder(across: bar, down: .empty) }
        }
        if let bar = covered?.across {
            hole = PixelRect(
                minX: bar.minX - shift.x, minY: bar.minY - shift.y, maxX: bar.maxX - shift.x - 1, maxY: bar.maxY - shift.y - 1)
        }
        ShadowBlur.blur(
            source: source, sourceRect: sourceRect.isEmpty ? PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1) : sourceRect,
            sourceStride: Swift.max(sourceRect.width, 1), sigma: shadow.sigma,
            into: plane, outRect: blurred, outStride: blurred.width, workspace: blurWorkspace, exactRows: exactRows,
            hole: hole)

        let paint = SourceOver.Paint(shadow.color)
        let weights = pool.row(2), coverage = pool.row(0)
        let n = rect.width
        let (fx, fy) = (fraction.x, fraction.y)
        for y in rows.minY..<rows.maxY {
            // Row y − shift.y of the blurred plane and the one above it.
            let lower = plane + (y - shift.y - blurred.minY) * blurred.width + (rect.minX - shift.x - blurred.minX)
            let upper = lower - blurred.width
            let gx: Float = 1 - fx, gy: Float = 1 - fy
            // The row's pixels `[from, to)` (from the rectangle's first): the blurred plane
            // moved by the offset's fraction, times the bounds and the clip, blended.
            func shade(_ from: Int, _ to: Int) {
                guard from < to else { return }
                let w = weights + from, c = coverage + from, count = to - from, x0 = rect.minX + from
                if fx == 0 && fy == 0 {
                    w.update(from: lower + from, count: count)
                } else {
                    for x in from..<to {
                        let below: Float = lower[x] * gx + lower[x - 1] * fx
                        let above: Float = upper[x] * gx + upper[x - 1] * fx
                        weights[x] = below * gy + above * fy
                    }
                }
                if let bounds {
                    bounds.sample(row: y, from: x0, count: count, outer: c, border: nil)
                    Self.scale(w, by: c, uniform: 1, count: count)
                }
                if let uniform = clipWeights(row: y, from: x0, count: count, opacity: opacity, clip: clip, into: c) {
                    Self.scale(w, by: nil, uniform: uniform, count: count)
                } else {
                    Self.scale(w, by: c, uniform: 1, count: count)
                }
                if under {
                    SourceOver.under(paint, weights: w, into: group.pixel(x0, y), count: count)
                } else {
                    SourceOver.blend(paint, weights: w, into: group.pixel(x0, y), count: count)
                }
            }
            // The columns the layer paints over are left out: the row's pieces either side.
            let c = covered?.columns(atRow: y).clamped(to: rect.minX..<rect.maxX) ?? rect.maxX..<rect.maxX
            let skip = c.isEmpty ? n..<n : (c.lowerBound - rect.minX)..<(c.upperBound - rect.minX)
            shade(0, skip.lowerBound)
            shade(skip.upperBound, n)
        }
    }
}
