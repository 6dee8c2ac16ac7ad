import CCadenceFeatures
import CadenceGeometry
import CadencePixels

/// Draws a `RenderList` into premultiplied RGBA8 pixels: the frame walk, with explicit
/// stacks (so any depth of nesting is safe), of offscreen groups and clips.
///
/// Per layer, in order: a path shadow (when no group is needed), a previous rendering that
/// lies under (`moveIn`, `push`), background (rounded by the corner radius), contents, a
/// shape's or gradient's drawing (`Rasterizer+Drawing.swift`), an emitter's particles
/// (`Rasterizer+Sprites.swift`), the sublayers (contents and sublayers clipped when `masksToBounds`), the border, a previous
/// rendering on top (`reveal`) or mixed in (`fade`), then — in the layer's group — the
/// shadow under it and the mask (`Rasterizer+Effects.swift`; masks and previous renderings
/// are nested lists drawn by re-entering `walk`). A layer without sublayers or contents
/// draws background and border in one pass (`SourceOver.blend(_:weights:_:weights:…)`), so
/// its opacity needs no group. An offscreen group is a block of the scratch pool the size
/// of the layer's visible extent, cleared, drawn into, and composited with the group's
/// opacity. A clip is either a scissor rectangle (a pixel-aligned, axis-aligned, unrounded
/// clip: exact) or a coverage mask (one byte per pixel over the clip's extent: the clip's
/// coverage times the enclosing mask), multiplied into every weight drawn under it.
///
/// A band of rows (`draw(_:into:stride:rows:)`) is drawn exactly as those rows of the
/// whole frame: every rectangle that decides something — a group's or a mask's extent,
/// what the scratch limit refuses, a shadow's blurred plane — is the whole frame's
/// (`Surface.bounds`), and only the loops over rows are cut to the band (`Surface.rect`).
/// Every pass is row-local (a row's pixels depend only on that row of the layers below)
/// except a shadow, which blurs across rows: a band blurs the rows its rows read and the
/// blur's reach around them (`ShadowBlur`'s vertical sums are exact, so those rows are the
/// same bits in every band), and a group that casts its own alpha's shadow holds the
/// band's rows and the rows that shadow reads (`rowsRead(by:drawing:)`); the clip masks
/// around such a group are whole (`needsWholeRows`). So the pixels of a band never depend
/// on where the bands are cut.
///
/// The stacks and buffers live here and are reused from frame to frame; nothing is
/// allocated per pixel, per row or per layer once the pool has grown to the frame's needs.
final class Rasterizer {
    /// Pixels to draw into: pixel (x, y) of the canvas is at
    /// `base + (y − rect.minY) · stride + (x − rect.minX) · 4`, for the pixels of `rect`:
    /// the rows of `bounds` (the surface's extent in the whole frame) that the band drawn
    /// needs, all its columns.
    struct Surface {
        var base: UnsafeMutablePointer<UInt8>
        var stride: Int
        var rect: PixelRect
        var bounds: PixelRect

        @inline(__always)
        func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
            base + (y - rect.minY) * stride + (x - rect.minX) * 4
        }
    }

    /// A coverage mask, one byte per pixel (255 = inside) over `rect` (the rows of the
    /// clip's extent the band needs).
    struct Mask {
        var base: UnsafeMutablePointer<UInt8>
        var rect: PixelRect

        @inline(__always)
        func pixel(_ x: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
            base + (y - rect.minY) * rect.width + (x - rect.minX)
        }
    }

    /// The clip in force: nothing outside `scissor` is drawn; inside, weights are
    /// multiplied by `mask` (when present) and by the entries `analytic` of
    /// `analyticClips` (clips nested past the scratch limit, evaluated per draw).
    struct Clip {
        var scissor: PixelRect
        var mask: Mask?
        var analytic: Range<Int>
        var buffer: ScratchBuffer?
    }

    /// A layer whose sublayers are being drawn.
    struct Open {
        var index: Int
        /// The alpha of the layer's own drawing (its border is drawn on closing).
        var drawOpacity: Float
        /// The factor every weight below this layer is multiplied by (offscreen groups the
        /// scratch limit refused fold their opacity in here).
        var fold: Float
        var clipPushed = false
        /// Whether a depth-sorted piece's clip (`Item.fragment`) is pushed.
        var fragmentPushed = false
        /// Whether the border has been drawn (with the background, when there is nothing
        /// between them).
        var borderDrawn = false
        /// The layer's offscreen group: its block, its opacity, and the root's colour when
        /// the pixels under it were left unfilled (`RenderList.Occluder.group`).
        var group: (buffer: ScratchBuffer, opacity: Float, background: SourceOver.Paint?)?
        /// The layer's rounded bounds with its border ring: what its background, border and
        /// clip cover (built once for the three).
        var shape: RoundedRectSampler?
    }

    let pool: ScratchPool
    var surfaces: [Surface] = []
    var clips: [Clip] = []
    private var open: [Open] = []
    /// A row of premultiplied colours, four `Float`s a pixel (contents on the float path),
    /// and the same as bytes.
    private(set) var colorRow = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var byteRow = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var colorRowCapacity = 0
    /// The shadow kernels' reusable memory.
    let blurWorkspace = ShadowBlur.Workspace()
    let pathWorkspace = PathCoverage.Workspace()
    /// A shape layer's polygons in pixels, and the coverage rows they are resolved in.
    var polygons = PolygonSet()
    let coverageRows = CoverageRows()
    private(set) var analyticClips: [RoundedRectSampler] = []
    /// The rectangles the first item's fill leaves out this frame (`RenderList.occluders`,
    /// computed once a frame by the compositor and handed to every band; empty between
    /// draws, so the compositor's array is not shared when it fills it again), and whether
    /// that item is still to be drawn.
    private(set) var occluders: [RenderList.Occluder] = []
    private var rootFillPending = false
    /// The frame list's subtree questions (`needsWholeRows`, `drawsWithinExtents`), asked
    /// in the walk's order: each item is tested once a band, however deep the nesting.
    private var wholeRowsSearch = ForwardSearch(), maskSearch = ForwardSearch()

    init(byteLimit: Int) {
        pool = ScratchPool(byteLimit: byteLimit)
    }

    deinit {
        colorRow.deallocate()
        byteRow.deallocate()
    }

    /// Draws the rows `rows` of `list` over the pixels at `base` (the canvas's top row:
    /// `list.pixelWidth × list.pixelHeight`, rows `stride` bytes apart), exactly as drawing
    /// the whole list draws them; no other row is read or written. `nil` is every row.
    /// `occluders`: the list's `RenderList.occluders(into:)`, or none (the first item's
    /// fill then covers all of it); the same bits either way.
    func draw(
        _ list: RenderList, into base: UnsafeMutablePointer<UInt8>, stride: Int, rows: Range<Int>? = nil,
        occluders: [RenderList.Occluder] = []
    ) {
        let canvas = PixelRect(width: list.pixelWidth, height: list.pixelHeight)
        let band = rows.map { canvas.intersection(PixelRect(minX: 0, minY: $0.lowerBound, maxX: canvas.maxX, maxY: $0.upperBound)) } ?? canvas
        guard !band.isEmpty else { return }
        pool.reserveRows(canvas.width)
        let needed = 4 * (canvas.width + 16)
        if needed > colorRowCapacity {
            colorRow.deallocate()
            colorRow = .allocate(capacity: needed)
            colorRow.initialize(repeating: 0, count: needed)
            byteRow.deallocate()
            byteRow = .allocate(capacity: needed)
            byteRow.initialize(repeating: 0, count: needed)
            colorRowCapacity = needed
        }
        surfaces.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        analyticClips.removeAll(keepingCapacity: true)
        surfaces.append(Surface(base: base + band.minY * stride, stride: stride, rect: band, bounds: canvas))
        clips.append(Clip(scissor: canvas, mask: nil, analytic: 0..<0, buffer: nil))
        self.occluders = occluders
        rootFillPending = !occluders.isEmpty
        wholeRowsSearch = ForwardSearch()
        maskSearch = ForwardSearch()
        defer {
            self.occluders = []
            unwind()
        }
        walk(list.items, fold: 1, isFrame: true)
    }

    /// Draws `items` (a list, or a mask's or a previous rendering's list nested in one)
    /// onto the top surface under the clip in force, every weight times `baseFold`. The
    /// entries it opens are above those of the walks it is nested in, and all closed when
    /// it returns. `isFrame`: `items` is the frame's own list (its subtree questions are
    /// answered by the forward searches).
    func walk(_ items: [RenderList.Item], fold baseFold: Float, isFrame: Bool = false) {
        let base = open.count
        var i = 0
        while true {
            while open.count > base, let top = open.last, i >= items[top.index].subtreeEnd {
                open.removeLast()
                close(top, items[top.index])
            }
            guard i < items.count else { break }
            let item = items[i]
            // The frame's first item is the first one walked: its fill leaves the occluders out.
            let occluded = rootFillPending
            rootFillPending = false
            let fold = open.count > base ? open[open.count - 1].fold : baseFold
            let surface = surfaces[surfaces.count - 1]
            let visible = item.extent.intersection(surface.bounds).intersection(clips[clips.count - 1].scissor)
            if visible.isEmpty || fold <= 0 {
                i = item.subtreeEnd
                continue
            }
            // A subtree whose extent misses the band's rows is skipped when it draws within
            // its extent: in its group (one the scratch limit grants), or with no mask in it
            // (a mask the limit refuses leaves its layer drawn whole, past the extent). The
            // scratch it would take is given back before the next item, so skipping it
            // changes no decision after it.
            if visible.rows(of: surface.rect).isEmpty,
               item.groupOpacity != nil && pool.grants(visible.area * 4)
                || !reachesPastExtents(items, i..<item.subtreeEnd, isFrame: isFrame)
            {
                i = item.subtreeEnd
                continue
            }
            var entry = Open(index: i, drawOpacity: Float(item.drawOpacity) * fold, fold: fold)
            if item.backgroundColor != nil || item.borderColor != nil || item.masksToBounds {
                entry.shape = RoundedRectSampler(
                    bounds: item.bounds, cornerRadius: item.cornerRadius, corners: item.maskedCorners,
                    curve: item.cornerCurve, borderWidth: item.borderWidth,
                    map: PlaneMap(item.matrix))
                entry.shape?.projectiveInterior = shortcuts.projectiveSpans
                entry.shape?.projectiveSupport = shortcuts.projectiveSpans
            }
            if let groupOpacity = item.groupOpacity {
                let opacity = Float(groupOpacity) * fold
                // The rows the band needs; when the group casts its own alpha's shadow, also
                // the rows that shadow reads for the band's rows (`rowsRead`).
                var rows = visible.rows(of: surface.rect)
                if let shadow = item.shadow, item.shadowsOwnAlpha {
                    rows = visible.intersection(rows.union(Self.rowsRead(by: shadow, drawing: rows)))
                }
                if let buffer = pool.acquire(rows.area * 4, charging: visible.area * 4) {
                    let covered = shortcuts.groupsClearAroundBackgrounds && entry.shape != nil && !occluded
                        ? Self.backgroundCross(item, under: clips[clips.count - 1]) : nil
                    pushSurface(buffer, rect: rows, bounds: visible, leavingOut: covered)
                    let background = isFrame && item.parent == 0 && occluders.contains { $0.group == i }
                        ? items[0].backgroundColor.map(SourceOver.Paint.init) : nil
                    entry.group = (buffer, opacity, background)
                    entry.fold = 1
                    entry.drawOpacity = Float(item.drawOpacity)
                } else {
                    // Past the scratch limit: the opacity multiplies each draw below instead
                    // (identical where the sublayers do not overlap); shadows, masks and
                    // cross-fades, which need the whole rendering, are left out.
                    paintLeftOutFill(under: i, of: items, in: visible, on: surface, isFrame: isFrame)
                    entry.fold = opacity
                    entry.drawOpacity = Float(item.drawOpacity) * opacity
                }
            }
            if item.fragment != nil {
                pushFragmentClip(item, at: i, of: items, isFrame: isFrame)
                entry.fragmentPushed = true
            }
            // A path shadow of a layer drawn without a group goes first, straight onto the
            // surface (in a group it goes under the group at the end, after a cross-fade).
            // Its pixels that the layer's background then paints opaque at full weight are
            // left out of it (the same bytes: the background overwrites them).
            if let shadow = item.shadow, shadow.path != nil, entry.group == nil {
                let covered = shortcuts.leavesOutCoveredShadows && entry.drawOpacity == 1 ? RenderList.opaqueCross(item) : nil
                drawShadow(shadow, of: item, in: visible, opacity: entry.fold, under: false, leavingOut: covered)
            }
            // A previous rendering that moves under the current one goes first.
            if let transition = item.transition, transition.type == .moveIn || transition.type == .push {
                walk(transition.previous.items, fold: entry.fold)
            }
            let hasSublayers = item.subtreeEnd > i + 1
            let contents = item.contents
            entry.borderDrawn = !hasSublayers && contents == nil && item.drawing == nil && item.sprites == nil
            if entry.drawOpacity > 0 {
                drawOwn(item, shape: entry.shape, background: true, border: entry.borderDrawn, opacity: entry.drawOpacity,
                        occluded: occluded)
            }
            if item.masksToBounds && (hasSublayers || contents != nil || item.drawing != nil || item.sprites != nil) {
                pushClip(item, at: i, of: items, isFrame: isFrame, shape: entry.shape)
                entry.clipPushed = true
            }
            if let contents, entry.drawOpacity > 0 {
                drawContents(item, contents, opacity: entry.drawOpacity)
            }
            if let drawing = item.drawing, entry.drawOpacity > 0 {
                drawDrawing(item, drawing, opacity: entry.drawOpacity)
            }
            if let sprites = item.sprites, entry.drawOpacity > 0 {
                drawSprites(sprites, opacity: entry.drawOpacity)
            }
            if hasSublayers {
                open.append(entry)
            } else {
                close(entry, item)
            }
            i += 1
        }
    }

    /// After the sublayers: the clip goes, the border is drawn, a previous rendering that
    /// lies over the current one or fades with it is drawn, then the group gets its
    /// shadow and mask and is composited.
    private func close(_ entry: Open, _ item: RenderList.Item) {
        defer { if entry.fragmentPushed { popClip() } }
        if entry.clipPushed { popClip() }
        if entry.drawOpacity > 0 && !entry.borderDrawn {
            drawOwn(item, shape: entry.shape, background: false, border: true, opacity: entry.drawOpacity)
        }
        if let transition = item.transition {
            if transition.type == .reveal {
                walk(transition.previous.items, fold: entry.fold)
            } else if transition.type == .fade, entry.group != nil {
                crossFade(with: transition)
            }
        }
        guard let group = entry.group else { return }
        if let shadow = item.shadow {
            drawShadow(shadow, of: item, in: surfaces[surfaces.count - 1].bounds, opacity: 1, under: true)
        }
        if let mask = item.mask { applyMask(mask) }
        finishGroup(group)
    }

    /// Paints the root's fill where it left out the group of item `i`
    /// (`RenderList.Occluder.group`), for a group the scratch pool refused: the layer is then
    /// drawn straight onto the canvas and needs what the fill would have written under it.
    /// `RenderList.occluders(into:groupBytes:)` takes such a group only when the pool grants
    /// it, so this is a guard for that argument, not a path a frame is expected to take.
    private func paintLeftOutFill(under i: Int, of items: [RenderList.Item], in visible: PixelRect, on surface: Surface, isFrame: Bool) {
        guard isFrame, items[i].parent == 0, let o = occluders.first(where: { $0.group == i }),
              let color = items[0].backgroundColor
        else { return }
        let r = o.across.intersection(visible)
        let fill = SourceOver.Paint(color)
        for y in r.minY..<r.maxY {
            SourceOver.blend(fill, weight: Float(items[0].drawOpacity), into: surface.pixel(r.minX, y), count: r.width)
        }
    }

    /// A cleared block of `rect`'s size pushed as the surface to draw on: the rows `rect`
    /// of a surface whose extent in the whole frame is `bounds`. `leavingOut`: a cross of
    /// pixels the first drawing on the surface paints opaque at full weight whatever they
    /// hold (`backgroundCross`), not cleared; the pixels are the same once it is drawn.
    func pushSurface(_ buffer: ScratchBuffer, rect: PixelRect, bounds: PixelRect, leavingOut covered: RenderList.Occluder? = nil) {
        let surface = Surface(
            base: buffer.pointer.assumingMemoryBound(to: UInt8.self), stride: rect.width * 4, rect: rect, bounds: bounds)
        if let covered {
            for y in rect.minY..<rect.maxY {
                let row = surface.pixel(rect.minX, y)
                let c = covered.columns(atRow: y).clamped(to: rect.minX..<rect.maxX)
                let skip = c.isEmpty ? rect.maxX..<rect.maxX : c
                row.initialize(repeating: 0, count: 4 * (skip.lowerBound - rect.minX))
                surface.pixel(skip.upperBound, y).initialize(repeating: 0, count: 4 * (rect.maxX - skip.upperBound))
            }
        } else {
            surface.base.initialize(repeating: 0, count: rect.area * 4)
        }
        surfaces.append(surface)
    }

    /// The cross of pixels a group's layer paints opaque at full weight with its background,
    /// the first thing drawn on its group's surface, whatever they hold: its
    /// `RenderList.cross` within the scissor of `clip` (the clip in force, which the
    /// background is drawn under) when the background's alpha byte is 255, the layer's own
    /// draw opacity is 1, no clip mask or analytic clip weights it, and nothing comes
    /// before it (a transition's previous rendering, a 3D fragment's clip); else `nil`.
    /// The caller checks that the background is drawn at all (a rounded-rect sampler) and
    /// not with the root's occluders left out.
    static func backgroundCross(_ item: RenderList.Item, under clip: Clip) -> RenderList.Occluder? {
        guard item.drawOpacity == 1, item.transition == nil, item.fragment == nil, clip.mask == nil, clip.analytic.isEmpty,
              let color = item.backgroundColor, SourceOver.bytes(of: color)[3] == 255,
              let cross = RenderList.cross(of: item)
        else { return nil }
        let across = cross.across.intersection(clip.scissor), down = cross.down.intersection(clip.scissor)
        return across.isEmpty || down.isEmpty ? nil : RenderList.Occluder(across: across, down: down)
    }

    /// Composites the top surface onto the one below with `group.opacity` and frees it.
    /// Over the root's colour in place of the pixels below when `group.background` is set.
    private func finishGroup(_ group: (buffer: ScratchBuffer, opacity: Float, background: SourceOver.Paint?)) {
        let source = surfaces.removeLast()
        let target = surfaces[surfaces.count - 1]
        let r = source.rect.intersection(target.rect)
        if !r.isEmpty {
            for y in r.minY..<r.maxY {
                if let background = group.background {
                    SourceOver.composite(source.pixel(r.minX, y), opacity: group.opacity, over: background,
                                         into: target.pixel(r.minX, y), count: r.width)
                } else {
                    SourceOver.composite(source.pixel(r.minX, y), opacity: group.opacity, into: target.pixel(r.minX, y),
                                         count: r.width)
                }
            }
        }
        pool.release(group.buffer)
    }

    /// Returns every block still held (after an early exit) to the pool.
    private func unwind() {
        for entry in open { if let group = entry.group { pool.release(group.buffer) } }
        for clip in clips { if let buffer = clip.buffer { pool.release(buffer) } }
        open.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        surfaces.removeAll(keepingCapacity: true)
    }

    // MARK: Drawing one layer

    /// Draws the layer's background and/or border with `opacity`, in one pass when both;
    /// `shape` is the layer's rounded bounds with its border ring. `occluded`: the frame's
    /// first item, whose fill leaves `occluders` out when it is drawn as aligned spans.
    private func drawOwn(
        _ item: RenderList.Item, shape sampler: RoundedRectSampler?, background: Bool, border: Bool, opacity: Float,
        occluded: Bool = false
    ) {
        let fill = background ? item.backgroundColor : nil
        let stroke = border && item.borderWidth > 0 ? item.borderColor : nil
        guard fill != nil || stroke != nil, let sampler else { return }
        let surface = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        let region = item.pixelBounds.intersection(surface.rect).intersection(clip.scissor)
        guard !region.isEmpty else { return }
        let coverage = pool.row(0), ring = pool.row(1), weights = pool.row(2)
        let n = region.width
        let fillPaint = fill.map(SourceOver.Paint.init)
        let strokePaint = stroke.map(SourceOver.Paint.init)
        // Analytic clips sample whole rows: keep those rows whole.
        let whole = !clip.analytic.isEmpty
        if shortcuts.alignedSpans, clip.mask == nil, !whole,
           drawAligned(item, sampler, fillPaint, strokePaint, in: region, on: surface, opacity: opacity, occluded: occluded) {
            return
        }
        // An opaque colour at full weight over an unrounded, borderless rectangle under an
        // affine map, with no clip but the scissor: every row in one C call (AVX2) that
        // solves the spans, fills the interior and samples and blends the edges' pixels as
        // the rows below do, the same bytes, without a call or a coverage row per piece.
        if shortcuts.rectangleKernel, strokePaint == nil, let fillPaint, fillPaint.isOpaque, opacity == 1, clip.mask == nil, !whole,
           drawRectangle(sampler, fillPaint, in: region, on: surface) {
            return
        }
        // Inside the interior every pixel gets the same weights: one paint at one weight,
        // the uniform kernel (a span fill for an opaque paint at full weight; the border's
        // weight is 0 inside its inner edge, or 1 when there is none).
        // Under a clip mask, the runs of the interior where the mask is 255 (`fullRun`) have
        // the weight `clipWeights` gives such a pixel.
        let runWeight = clip.mask == nil ? opacity : 255 * (opacity / 255)
        let constant: (paint: SourceOver.Paint, weight: Float)? = switch (fillPaint, strokePaint) {
        case _ where whole || (clip.mask != nil && !shortcuts.maskedSpans): nil
        case let (f?, _?) where sampler.inner != nil: (f, runWeight)
        case let (f?, nil): (f, runWeight)
        case let (nil, s?): (s, sampler.inner == nil ? runWeight : 0)
        default: nil
        }
        // Four circular corners (or none) under an affine map with no clip but the scissor
        // (or a clip mask): each row's two pieces in one C call (AVX2) that samples, weights
        // and blends them as the Swift pieces below do, the same bytes, without the coverage
        // rows between.
        var rounded = shortcuts.roundedKernel && (clip.mask == nil || shortcuts.maskedRoundedKernel) && !whole
            && cadence_rectangle_avx2_available() != 0
            ? sampler.roundedRect(fill: fillPaint, stroke: strokePaint, opacity: opacity) : nil
        // Under a mask, a pixel's weight is its byte times this (`clipWeights`).
        let maskScale = opacity / 255
        // Whether the C call for a run of steady rows fills their interior (an opaque paint
        // at full weight) or leaves it (no paint, or weight 0); nil: another paint, row by row.
        let steadyWeight = constant.map { SourceOver.quantize($0.weight) } ?? 0
        let steadyRunsFill: Bool? = steadyWeight == 0 ? false : constant!.paint.isOpaque && steadyWeight == 255 ? true : nil
        let x0 = region.minX
        // The pixels of each row from `x0` to the surface's last. Only this band's thread
        // writes a row of its surface, and none of these pixels is read or written by another
        // while the layer is drawn, so the rounded kernel and the weighted run's kernel may
        // read and store back unchanged those their pieces' last groups reach (one plain load
        // and store of eight pixels in place of a masked pair: several times cheaper on Zen 3).
        let reach = surface.rect.maxX - x0
        // Steady rows (an axis-aligned layer away from its top and bottom edges and its
        // corners) sample to the same coverage: the first is sampled and kept, with its
        // spans, in two spare rows; the next ones copy it.
        let keptOuter = pool.row(4), keptRing = pool.row(5)
        var kept: (support: Range<Int>, inside: Range<Int>)?
        // The rows before `drawn` are drawn already (a run of steady rows in one C call).
        var drawn = region.minY
        for y in region.minY..<region.maxY where y >= drawn {
            // A steady row after the first has the first's spans too (its coverage is the
            // same), so they are not solved again.
            let steady = shortcuts.steadyRows && sampler.isSteady(row: y, border: strokePaint != nil)
            let reuse = steady && kept != nil
            let inside: Range<Int>, support: Range<Int>
            if reuse, let kept {
                (support, inside) = kept
            } else {
                (support, inside) = sampler.spans(
                    row: y, from: x0, count: n, border: strokePaint != nil, whole: whole, leavingOutCorners: shortcuts.cornerSupport)
                if steady {
                    kept = (support, inside)
                    // Under a mask the pieces leave out a run of the interior that changes
                    // from row to row: the kept rows hold the interior's values too.
                    if clip.mask != nil, !inside.isEmpty {
                        (keptOuter + inside.lowerBound).update(repeating: 1, count: inside.count)
                        (keptRing + inside.lowerBound).update(repeating: sampler.inner == nil ? 1 : 0, count: inside.count)
                    }
                }
            }
            guard !support.isEmpty else { continue }
            // Pieces start at the support's first pixel, at the interior's end, or (under a
            // mask) at the end of the interior's full-coverage run; the lanes after the
            // interior still start at its end (`sample(pixels:interior:)`), whichever path
            // draws the row (the blend kernels do not depend on where a run starts).
            let a = support.lowerBound, b = support.upperBound
            let dst = surface.pixel(x0, y)
            // The next row's lines under this row's support, asked for now: in a band's first
            // layer over them they are not in the cache, and the row's stores would wait.
            if y + 1 < region.maxY { cadence_prefetch_lines(dst + surface.stride + 4 * a, 4 * (b - a)) }
            // The run drawn at one weight, between the two pieces drawn pixel by pixel
            // (none: the whole support is the first piece).
            var run = b..<b
            if let constant, !inside.isEmpty {
                run = clip.mask.map { Self.fullRun($0.pixel(x0, y), in: inside) } ?? inside
                SourceOver.blend(constant.paint, weight: constant.weight, into: dst + 4 * run.lowerBound, count: run.count,
                                 reach: reach - run.lowerBound)
            }
            if rounded != nil {
                if let mask = clip.mask {
                    cadence_rounded_row_masked(&rounded!, dst, x0, y, a, run.lowerBound, run.upperBound, b, inside.lowerBound,
                                               inside.upperBound, mask.pixel(x0, y), maskScale, reach, keptOuter, keptRing,
                                               reuse ? 2 : steady ? 1 : 0)
                    continue
                }
                cadence_rounded_row(&rounded!, dst, x0, y, a, run.lowerBound, run.upperBound, b, reach, keptOuter, keptRing,
                                    reuse ? 2 : steady ? 1 : 0)
                // After the first steady row, the steady rows below it (the set is one run of
                // rows: |v| within a bound, v linear in y) in one C call, when their run is
                // filled by an opaque paint at full weight or not painted at all.
                if steady && !reuse, steadyRunsFill != nil {
                    var end = y + 1
                    while end < region.maxY && sampler.isSteady(row: end, border: strokePaint != nil) { end += 1 }
                    if end > y + 1 {
                        cadence_rounded_steady_rows(&rounded!, dst + surface.stride, surface.stride, end - y - 1, x0, y + 1, a,
                                                    run.lowerBound, run.upperBound, b, reach, keptOuter, keptRing, steadyRunsFill! ? 1 : 0,
                                                    constant?.paint.fill[0] ?? 0, end < region.maxY ? 1 : 0)
                        drawn = end
                    }
                }
                continue
            }
            // Coverage, weights and blend for the pixels `r` of each piece, as a whole-row
            // pass computes them (a loop: the body inlined once).
            for piece in 0..<2 {
                var r = piece == 0 ? a..<run.lowerBound : run.upperBound..<b
                guard !r.isEmpty else { continue }
                let border = strokePaint == nil ? nil : ring
                if steady && !reuse {
                    // The row kept for the steady rows below holds the whole piece.
                    sampler.sample(row: y, from: x0, pixels: r, interior: inside, outer: coverage, border: border)
                    (keptOuter + r.lowerBound).update(from: coverage + r.lowerBound, count: r.count)
                    border.map { (keptRing + r.lowerBound).update(from: $0 + r.lowerBound, count: r.count) }
                }
                if shortcuts.maskZeros, clip.analytic.isEmpty, let mask = clip.mask {
                    r = Self.maskedPart(of: r, mask: mask.pixel(x0, y), interior: inside)
                    guard !r.isEmpty else { continue }
                }
                let c = r.count
                if reuse {
                    (coverage + r.lowerBound).update(from: keptOuter + r.lowerBound, count: c)
                    border.map { ($0 + r.lowerBound).update(from: keptRing + r.lowerBound, count: c) }
                } else if !steady {
                    sampler.sample(row: y, from: x0, pixels: r, interior: inside, outer: coverage, border: border)
                }
                let cov = coverage + r.lowerBound, rg = ring + r.lowerBound, wt = weights + r.lowerBound
                let uniform = clipWeights(row: y, from: x0 + r.lowerBound, count: c, opacity: opacity, clip: clip, into: wt)
                let out = dst + 4 * r.lowerBound
                switch (fillPaint, strokePaint) {
                case let (f?, s?):
                    Self.combine(cov, under: rg, alpha: Float(s.bytes[3]) / 255, weights: uniform == nil ? wt : nil,
                                 uniform: uniform ?? 1, count: c)
                    SourceOver.blend(f, weights: cov, s, weights: rg, into: out, count: c, room: r.lowerBound)
                case let (f?, nil):
                    Self.scale(cov, by: uniform == nil ? wt : nil, uniform: uniform ?? 1, count: c)
                    SourceOver.blend(f, weights: cov, into: out, count: c, room: r.lowerBound)
                case let (nil, s?):
                    Self.scale(rg, by: uniform == nil ? wt : nil, uniform: uniform ?? 1, count: c)
                    SourceOver.blend(s, weights: rg, into: out, count: c, room: r.lowerBound)
                case (nil, nil):
                    break
                }
            }
        }
    }

    /// Draws `paint` (opaque, at full weight) over the rows of `region` weighted by the
    /// coverage of `sampler`'s rectangle through `cadence_rectangle_draw`; `false` (nothing
    /// drawn) when the CPU lacks AVX2 or the sampler is not one the kernel draws
    /// (`RoundedRectSampler.rectangle`). Out of line, so `drawOwn` grows by one test and call.
    @inline(never)
    private func drawRectangle(
        _ sampler: RoundedRectSampler, _ paint: SourceOver.Paint, in region: PixelRect, on surface: Surface
    ) -> Bool {
        guard cadence_rectangle_avx2_available() != 0, var shape = sampler.rectangle else { return false }
        // `reach`: the pixels from the region's first to the surface's last (the rule at
        // `drawOwn`'s: only this band's thread writes these rows).
        cadence_rectangle_draw(&shape, paint.fill[0], surface.pixel(region.minX, region.minY), surface.stride,
                               region.minX, region.width, surface.rect.maxX - region.minX, region.minY, region.height)
        return true
    }

    /// The shortcuts this rasterizer takes (`Shortcuts`): all of them by default; tests turn
    /// them off to compare the bytes with the general routes. The compositor copies its
    /// rasterizer's value to its band workers before each frame.
    var shortcuts = Shortcuts()

    /// The part of the piece `r` (indices into the mask row `m`) left once the mask's zeros
    /// are cut off: whole groups of eight from its start, while all eight bytes are 0, and
    /// single pixels from its end. The start moves only by multiples of 8 and never past
    /// the interior's end when the piece starts before it, so the sampler's lanes
    /// (`RoundedRectSampler.sample(row:from:pixels:interior:outer:border:)`) start where
    /// they did and every pixel kept samples to the same bits. Empty when the mask is 0
    /// over the whole piece. Cost: one 8-byte load a group cut.
    static func maskedPart(of r: Range<Int>, mask m: UnsafePointer<UInt8>, interior inside: Range<Int>) -> Range<Int> {
        var i = r.lowerBound, j = r.upperBound
        // Past the interior's end the lanes start at the piece's start; before it, at the
        // interior's end (or nowhere, when the piece ends first).
        let limit = inside.isEmpty || i >= inside.upperBound ? j : Swift.min(j, inside.upperBound)
        while i + 8 <= limit && UnsafeRawPointer(m + i).loadUnaligned(as: UInt64.self) == 0 { i += 8 }
        while j >= i + 8 && UnsafeRawPointer(m + j - 8).loadUnaligned(as: UInt64.self) == 0 { j -= 8 }
        while j > i && m[j - 1] == 0 { j -= 1 }
        return i..<j
    }

    /// The first run of `span` (indices into the mask row `m`) whose mask bytes are all
    /// 255; empty, at the span's start, when there is none. Eight bytes a step through
    /// the run.
    @inline(never)
    static func fullRun(_ m: UnsafePointer<UInt8>, in span: Range<Int>) -> Range<Int> {
        var i = span.lowerBound
        // Eight bytes a step while none is 255 (none of the complement is 0).
        while i + 8 <= span.upperBound {
            let x = ~UnsafeRawPointer(m + i).loadUnaligned(as: UInt64.self)
            if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < span.upperBound && m[i] != 255 { i += 1 }
        guard i < span.upperBound else { return span.lowerBound..<span.lowerBound }
        var j = i
        while j + 8 <= span.upperBound && UnsafeRawPointer(m + j).loadUnaligned(as: UInt64.self) == .max { j += 8 }
        while j < span.upperBound && m[j] == 255 { j += 1 }
        return i..<j
    }

    /// Draws the background and border of a layer whose bounds are a rectangle of whole
    /// pixels (`pixelAlignedRect`) as runs of uniform weights, under a clip of uniform
    /// weight; `false` (nothing drawn) when the bounds, or the border's inner edge, are not
    /// pixel-aligned. `occluded` (a background alone): each row leaves out the columns of
    /// `occluders` (sorted, disjoint), which later layers paint opaque; the rest is the
    /// same runs cut in pieces, the same bytes.
    private func drawAligned(
        _ item: RenderList.Item, _ sampler: RoundedRectSampler, _ fill: SourceOver.Paint?, _ stroke: SourceOver.Paint?,
        in region: PixelRect, on surface: Surface, opacity: Float, occluded: Bool = false
    ) -> Bool {
        guard let outer = Self.pixelAlignedRect(item) else { return false }
        let map = PlaneMap(item.matrix)
        var inner = outer
        if stroke != nil {
            let b = item.bounds.standardized, w = item.borderWidth
            if sampler.inner == nil {
                inner = .empty
            } else if let r = Self.pixelAlignedRect(Rect(x: b.minX + w, y: b.minY + w, width: b.width - 2 * w, height: b.height - 2 * w), map) {
                inner = r
            } else {
                return false
            }
        }
        let r = outer.intersection(region)
        guard !r.isEmpty else { return true }
        inner = inner.intersection(r)
        // A background alone over whole rows of the surface, none left out (the root's, under
        // no occluder): its rows are one run in memory, blended as one run — the same bytes,
        // each pixel's blend being its own — which an opaque paint fills by one string store.
        if stroke == nil, let fill, !(occluded && !occluders.isEmpty), 4 * r.width == surface.stride {
            SourceOver.blend(fill, weight: opacity, into: surface.pixel(r.minX, r.minY), count: r.area)
            return true
        }
        // The weights `combine` gives where the ring covers a pixel (fill, border), and
        // inside the inner edge.
        let ringA = opacity * (1 - Float(stroke?.bytes[3] ?? 0) / 255)
        func ringRun(_ p: UnsafeMutablePointer<UInt8>, _ count: Int) {
            guard count > 0, let stroke else { return }
            if let fill {
                SourceOver.blend(fill, weight: ringA, stroke, weight: opacity, into: p, count: count)
            } else {
                SourceOver.blend(stroke, weight: opacity, into: p, count: count)
            }
        }
        // A run at `x` may rewrite unchanged the pixels up to the surface's last (the rule at
        // `drawOwn`'s `reach`: only this band's thread writes the row).
        func run(_ fill: SourceOver.Paint, _ row: UnsafeMutablePointer<UInt8>, from x: Int, count: Int) {
            SourceOver.blend(fill, weight: opacity, into: row + 4 * (x - r.minX), count: count, reach: surface.rect.maxX - x)
        }
        for y in r.minY..<r.maxY {
            let row = surface.pixel(r.minX, y)
            // The next row's lines, asked for now (as `drawOwn` does): in a band's first layer
            // (the root's background between its occluders) they are not in the cache, and
            // the row's stores would wait for them.
            if y + 1 < r.maxY { cadence_prefetch_lines(row + surface.stride, 4 * r.width) }
            guard !inner.isEmpty, y >= inner.minY, y < inner.maxY else {
                if stroke != nil { ringRun(row, r.width) } else if let fill { run(fill, row, from: r.minX, count: r.width) }
                continue
            }
            ringRun(row, inner.minX - r.minX)
            if let fill, occluded && stroke == nil {
                var x = inner.minX
                for o in occluders {
                    let c = o.columns(atRow: y).clamped(to: x..<inner.maxX)
                    guard !c.isEmpty else { continue }
                    run(fill, row, from: x, count: c.lowerBound - x)
                    x = c.upperBound
                }
                run(fill, row, from: x, count: inner.maxX - x)
            } else if let fill {
                run(fill, row, from: inner.minX, count: inner.width)
            }
            ringRun(row + 4 * (inner.maxX - r.minX), r.maxX - inner.maxX)
        }
        return true
    }

    /// The clip's weight times `opacity` for the row: `nil` after writing per-pixel weights
    /// to `out` (a mask or analytic clips are in force), or the single weight of every
    /// pixel.
    func clipWeights(
        row y: Int, from x0: Int, count n: Int, opacity: Float, clip: Clip, into out: UnsafeMutablePointer<Float>
    ) -> Float? {
        guard clip.mask != nil || !clip.analytic.isEmpty else { return opacity }
        if let mask = clip.mask {
            let m = mask.pixel(x0, y)
            let k = opacity / 255
            for j in 0..<n { out[j] = Float(m[j]) * k }
        } else {
            for j in 0..<n { out[j] = opacity }
        }
        let scratch = pool.row(3)
        for a in clip.analytic {
            analyticClips[a].sample(row: y, from: x0, count: n, outer: scratch, border: nil)
            Self.scale(out, by: scratch, uniform: 1, count: n)
        }
        return nil
    }

    /// `row[i] *= factors[i] · uniform` (or `· uniform` alone), in SIMD8 lanes.
    static func scale(_ row: UnsafeMutablePointer<Float>, by factors: UnsafePointer<Float>?, uniform: Float, count: Int) {
        var i = 0
        if let factors {
            while i < count {
                let r = UnsafeMutableRawPointer(row + i)
                let f = UnsafeRawPointer(factors + i).loadUnaligned(as: SIMD8<Float>.self)
                r.storeBytes(of: r.loadUnaligned(as: SIMD8<Float>.self) * f * uniform, as: SIMD8<Float>.self)
                i += 8
            }
        } else if uniform != 1 {
            while i < count {
                let r = UnsafeMutableRawPointer(row + i)
                r.storeBytes(of: r.loadUnaligned(as: SIMD8<Float>.self) * uniform, as: SIMD8<Float>.self)
                i += 8
            }
        }
    }

    /// The background's weight where the border covers it: `fill[i] *= (1 − alpha ·
    /// ring[i])`; then both times the clip weights.
    static func combine(
        _ fill: UnsafeMutablePointer<Float>, under ring: UnsafeMutablePointer<Float>, alpha: Float,
        weights: UnsafePointer<Float>?, uniform: Float, count: Int
    ) {
        var i = 0
        while i < count {
            let f = UnsafeMutableRawPointer(fill + i), r = UnsafeMutableRawPointer(ring + i)
            var k = SIMD8<Float>(repeating: uniform)
            if let weights { k *= UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD8<Float>.self) }
            let ringWeight = r.loadUnaligned(as: SIMD8<Float>.self)
            f.storeBytes(of: f.loadUnaligned(as: SIMD8<Float>.self) * (1 - alpha * ringWeight) * k, as: SIMD8<Float>.self)
            r.storeBytes(of: ringWeight * k, as: SIMD8<Float>.self)
            i += 8
        }
    }

    // MARK: Clips

    /// Clips what follows to the layer's rounded bounds (`shape`), intersected with the clip
    /// in force; the item is `items[index]` of the list being walked.
    private func pushClip(
        _ item: RenderList.Item, at index: Int, of items: [RenderList.Item], isFrame: Bool, shape sampler: RoundedRectSampler?
    ) {
        let current = clips[clips.count - 1]
        if let exact = Self.pixelAlignedRect(item) {
            clips.append(Clip(scissor: current.scissor.intersection(exact), mask: current.mask,
                              analytic: current.analytic, buffer: nil))
            return
        }
        let rect = item.pixelBounds.intersection(current.scissor)
        guard !rect.isEmpty, let sampler else {
            clips.append(Clip(scissor: .empty, mask: nil, analytic: current.analytic, buffer: nil))
            return
        }
        // The rows the band needs; all of them when a group below casts its own shadow.
        let surface = surfaces[surfaces.count - 1]
        let rows = needsWholeRows(items, (index + 1)..<item.subtreeEnd, isFrame: isFrame) ? rect : rect.rows(of: surface.rect)
        guard let buffer = pool.acquire(rows.area, charging: rect.area) else {
            // Past the scratch limit: evaluate this clip in every draw under it instead.
            analyticClips.removeSubrange(current.analytic.upperBound...)
            analyticClips.append(sampler)
            clips.append(Clip(scissor: rect, mask: current.mask, analytic: current.analytic.lowerBound..<current.analytic.upperBound + 1, buffer: nil))
            return
        }
        let mask = Mask(base: buffer.pointer.assumingMemoryBound(to: UInt8.self), rect: rows)
        let coverage = pool.row(0)
        let n = rows.width
        // Steady rows of a mask with no mask around it are the same bytes: the first is
        // sampled, the next ones copy it.
        var kept: UnsafeMutablePointer<UInt8>?
        for y in rows.minY..<rows.maxY {
            let out = mask.pixel(rect.minX, y)
            let steady = shortcuts.steadyRows && current.mask == nil && sampler.isSteady(row: y, border: false)
            if steady, let kept {
                out.update(from: kept, count: n)
                continue
            }
            if steady { kept = out }
            // Past the row's support the coverage is 0, and so is the mask's byte (with a
            // parent mask too: ⌊0 · p + ½⌋). The support's start is moved down to a
            // multiple of 8, where the whole row's lanes start: the same bits.
            let spans = sampler.spans(
                row: y, from: rect.minX, count: n, border: false, whole: !shortcuts.cornerSupport, leavingOutCorners: true)
            let inside = spans.inside, s = spans.support.isEmpty ? 0..<0 : (spans.support.lowerBound & ~7)..<spans.support.upperBound
            out.update(repeating: 0, count: s.lowerBound)
            (out + s.upperBound).update(repeating: 0, count: n - s.upperBound)
            guard !s.isEmpty else { continue }
            sampler.sample(row: y, from: rect.minX, pixels: s, interior: inside, outer: coverage, border: nil)
            if let parent = current.mask {
                let p = parent.pixel(rect.minX, y)
                for j in s { out[j] = UInt8(coverage[j] * Float(p[j]) + 0.5) }
            } else {
                Self.maskBytes(coverage + s.lowerBound, into: out + s.lowerBound, count: s.count)
            }
        }
        clips.append(Clip(scissor: rect, mask: mask, analytic: current.analytic, buffer: buffer))
    }

    /// A mask's bytes from coverage in 0…1: `out[j] = ⌊coverage[j] · 255 + ½⌋`, the
    /// product and the sum rounded in `Float` as written, eight at a time. The floor of
    /// `v` (at most 255.5) is `v` rounded to nearest through the 2²³ bias, less 1 where
    /// that rounded up. Coverage outside 0…1 or NaN gives unspecified bytes (the samplers
    /// never produce it).
    static func maskBytes(_ coverage: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        let bias: Float = 8_388_608  // 2²³
        var j = 0
        while j + 8 <= count {
            let v = UnsafeRawPointer(coverage + j).loadUnaligned(as: SIMD8<Float>.self) * 255 + 0.5
            let t = v + bias
            let up = SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: t - bias .> v)
            let q = (unsafeBitCast(t, to: SIMD8<UInt32>.self) & 0x1FF) &- up
            var word: UInt64 = 0
            for k in 0..<8 { word |= UInt64(q[k]) << (8 * k) }
            UnsafeMutableRawPointer(out + j).storeBytes(of: word, as: UInt64.self)
            j += 8
        }
        while j < count {
            out[j] = UInt8(coverage[j] * 255 + 0.5)
            j += 1
        }
    }

    /// Clips what follows — the layer's own drawing included — to its `fragment` polygon
    /// (a piece of a depth-sorted face, § 19), anti-aliased by exact area
    /// (`PathCoverage`), intersected with the clip in force. Past the scratch limit the
    /// piece is drawn unclipped (the face shows whole at its place in the order).
    private func pushFragmentClip(_ item: RenderList.Item, at index: Int, of items: [RenderList.Item], isFrame: Bool) {
        let current = clips[clips.count - 1]
        guard let polygon = item.fragment, polygon.count >= 3 else {
            clips.append(Clip(scissor: .empty, mask: nil, analytic: current.analytic, buffer: nil))
            return
        }
        var path = Path()
        path.move(to: polygon[0])
        for p in polygon.dropFirst() { path.addLine(to: p) }
        path.closeSubpath()
        let map = PlaneMap(item.matrix)
        let xs = polygon.map(\.x), ys = polygon.map(\.y)
        let box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let rect = RenderList.pixelBounds(of: box, under: map, within: surfaces[surfaces.count - 1].bounds)
            .intersection(current.scissor)
        guard !rect.isEmpty else {
            clips.append(Clip(scissor: .empty, mask: nil, analytic: current.analytic, buffer: nil))
            return
        }
        let surface = surfaces[surfaces.count - 1]
        let rows = needsWholeRows(items, index..<item.subtreeEnd, isFrame: isFrame) ? rect : rect.rows(of: surface.rect)
        let unclipped = Clip(scissor: current.scissor, mask: current.mask, analytic: current.analytic, buffer: nil)
        guard !rows.isEmpty, let buffer = pool.acquire(rows.area, charging: rect.area) else {
            clips.append(unclipped)
            return
        }
        guard let coverage = pool.acquire(rows.area * 4, charging: rect.area * 4) else {
            pool.release(buffer)
            clips.append(unclipped)
            return
        }
        defer { pool.release(coverage) }
        let cells = coverage.pointer.assumingMemoryBound(to: Float.self)
        PathCoverage.fill(path, map: map, into: cells, rect: rows, stride: rows.width, workspace: pathWorkspace)
        let mask = Mask(base: buffer.pointer.assumingMemoryBound(to: UInt8.self), rect: rows)
        let n = rows.width
        for y in rows.minY..<rows.maxY {
            let c = cells + (y - rows.minY) * n
            let out = mask.pixel(rows.minX, y)
            if let parent = current.mask {
                let p = parent.pixel(rows.minX, y)
                for j in 0..<n { out[j] = UInt8(Swift.min(Swift.max(c[j], 0), 1) * Float(p[j]) + 0.5) }
            } else {
                for j in 0..<n { out[j] = UInt8(Swift.min(Swift.max(c[j], 0), 1) * 255 + 0.5) }
            }
        }
        clips.append(Clip(scissor: rect, mask: mask, analytic: current.analytic, buffer: buffer))
    }

    /// Whether drawing `items` (a subtree, with the previous renderings of its transitions)
    /// reads rows of the clip masks around it outside the band: a group that casts its own
    /// shadow holds rows past the band (`rowsRead(by:drawing:)`).
    static func needsWholeRows(_ items: ArraySlice<RenderList.Item>) -> Bool {
        items.contains(where: needsWholeRows)
    }

    /// Whether drawing `item` (with the previous rendering of its transition) reads rows of
    /// the clip masks around it outside the band.
    static func needsWholeRows(_ item: RenderList.Item) -> Bool {
        item.shadowsOwnAlpha || item.transition.map { needsWholeRows($0.previous.items[...]) } ?? false
    }

    /// Whether drawing `items` (a subtree, with the previous renderings of its transitions)
    /// stays within their extents whatever the scratch limit refuses: they have no mask.
    static func drawsWithinExtents(_ items: ArraySlice<RenderList.Item>) -> Bool {
        !items.contains(where: reachesPastExtent)
    }

    /// Whether `item` (or the previous rendering of its transition) has a mask, which the
    /// scratch limit may leave its layer drawn without, past its extent.
    static func reachesPastExtent(_ item: RenderList.Item) -> Bool {
        item.mask != nil || item.transition.map { !drawsWithinExtents($0.previous.items[...]) } ?? false
    }

    /// `needsWholeRows(items[range])`, through the forward search on the frame's list.
    private func needsWholeRows(_ items: [RenderList.Item], _ range: Range<Int>, isFrame: Bool) -> Bool {
        isFrame ? wholeRowsSearch.contains(range, of: items, where: Self.needsWholeRows) : Self.needsWholeRows(items[range])
    }

    /// `!drawsWithinExtents(items[range])`, through the forward search on the frame's list.
    private func reachesPastExtents(_ items: [RenderList.Item], _ range: Range<Int>, isFrame: Bool) -> Bool {
        isFrame ? maskSearch.contains(range, of: items, where: Self.reachesPastExtent) : !Self.drawsWithinExtents(items[range])
    }

    /// Whether some item of a range of one list matches a test, for ranges asked about in
    /// order of their starts (the walk's order): what one question learned answers the
    /// next, so each item is tested at most once while the starts do not go back. Asked
    /// out of order, it starts afresh (right, only slower). Without it, every clip of a
    /// chain of nested clips tested its whole subtree: quadratic in the depth.
    struct ForwardSearch {
        /// No item of `known ..< edge` matches; `edgeMatches`: the item at `edge` does.
        private var known = 0, edge = 0, edgeMatches = false

        mutating func contains<Element>(_ range: Range<Int>, of items: [Element], where test: (Element) -> Bool) -> Bool {
            if range.lowerBound < known || range.lowerBound > edge {
                (known, edge, edgeMatches) = (range.lowerBound, range.lowerBound, false)
            }
            if range.upperBound <= edge { return false }
            if edgeMatches { return true }
            while edge < range.upperBound {
                if test(items[edge]) {
                    edgeMatches = true
                    return true
                }
                edge += 1
            }
            return false
        }
    }

    private func popClip() {
        let clip = clips.removeLast()
        if let buffer = clip.buffer { pool.release(buffer) }
    }

    /// The pixels of the layer's bounds when they are exactly a rectangle of whole pixels
    /// (affine, axis-aligned, corners within 1e-9 of integers, no rounding); else `nil`.
    static func pixelAlignedRect(_ item: RenderList.Item) -> PixelRect? {
        guard item.cornerRadius == 0 else { return nil }
        return pixelAlignedRect(item.bounds, PlaneMap(item.matrix))
    }

    /// The pixels of `b` under `m` when they are exactly a rectangle of whole pixels.
    static func pixelAlignedRect(_ b: Rect, _ m: PlaneMap) -> PixelRect? {
        guard let (xs, ys) = m.axisAlignedEdges(of: b) else { return nil }
        let all = SIMD4(xs[0], xs[1], ys[0], ys[1])
        let rounded = all.rounded(.toNearestOrEven)
        guard all.x.isFinite, all.y.isFinite, all.z.isFinite, all.w.isFinite,
              ((all - rounded) * (all - rounded)).max() <= 1e-18,
              (rounded * rounded).max() < 1e30
        else { return nil }
        return PixelRect(
            minX: Int(Swift.min(rounded[0], rounded[1])), minY: Int(Swift.min(rounded[2], rounded[3])),
            maxX: Int(Swift.max(rounded[0], rounded[1])), maxY: Int(Swift.max(rounded[2], rounded[3])))
    }
}
