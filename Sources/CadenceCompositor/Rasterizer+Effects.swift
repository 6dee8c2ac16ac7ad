import CadenceGeometry

// The stages of compositor part 2: contents images, shadows, masks and cross-fades
// (`docs/compositor.md` § 9–12). Each works on the top surface (a layer's offscreen group
// for the last three) under the clip in force.

extension Rasterizer {
    // MARK: Contents

    /// Draws the layer's contents image with `opacity`: per row, the anti-aliased coverage
    /// of the drawn rectangle times the clip, and the filtered image colours.
    func drawContents(_ item: RenderList.Item, _ contents: RenderList.Contents, opacity: Float) {
        let surface = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        let plane = PlaneMap(item.matrix)
        let destination = contents.destination
        let region = RenderList.pixelBounds(of: destination, under: plane, within: surface.rect).intersection(clip.scissor)
        guard !region.isEmpty,
              let edge = RoundedRectSampler(bounds: destination, cornerRadius: 0, map: plane),
              let sampler = ContentsSampler(
                image: contents.image, layout: contents.layout, map: plane, magnification: contents.magnificationFilter,
                minification: contents.minificationFilter, bias: contents.minificationFilterBias)
        else { return }
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
            sampler.sampleRow(y, from: start, count: c, into: colorRow)
            SourceOver.blend(colors: colorRow, weights: coverage, into: surface.pixel(start, y), count: c)
        }
    }

    // MARK: Cross-fade

    /// Draws the previous rendering into a surface of its own and mixes the group on top
    /// (the current rendering) with it: `previous · (1 − p) + current · p`.
    func crossFade(with transition: RenderList.TransitionDrawing) {
        let group = surfaces[surfaces.count - 1]
        let rect = group.rect
        guard let buffer = pool.acquire(rect.area * 4) else { return }
        defer { pool.release(buffer) }
        pushSurface(buffer, rect: rect)
        walk(transition.previous.items, fold: 1)
        let previous = surfaces.removeLast()
        let t = Float(transition.progress)
        for y in rect.minY..<rect.maxY {
            SourceOver.mix(previous.pixel(rect.minX, y), into: group.pixel(rect.minX, y), amount: t, count: rect.width)
        }
    }

    // MARK: Masks

    /// Renders the mask's list into a surface of the group's size (no clip but the
    /// group's rectangle: the group has had its clips already) and multiplies the group by
    /// its alpha. Past the scratch limit the mask is not applied.
    func applyMask(_ mask: RenderList) {
        let group = surfaces[surfaces.count - 1]
        let rect = group.rect
        guard let buffer = pool.acquire(rect.area * 4) else { return }
        defer { pool.release(buffer) }
        pushSurface(buffer, rect: rect)
        let current = clips[clips.count - 1]
        clips.append(Clip(scissor: rect, mask: nil, analyticCount: current.analyticCount, buffer: nil))
        walk(mask.items, fold: 1)
        clips.removeLast()
        let alpha = surfaces.removeLast()
        for y in rect.minY..<rect.maxY {
            SourceOver.multiply(group.pixel(rect.minX, y), byAlphaOf: alpha.pixel(rect.minX, y), count: rect.width)
        }
    }

    // MARK: Shadows

    /// Draws the layer's shadow over the pixels `rect` of the top surface: the shape's
    /// alpha (`shadowPath` filled, or the surface's own alpha — the layer's group),
    /// blurred with σ, moved by the offset (the fraction by bilinear interpolation),
    /// clipped to the rounded bounds when `masksToBounds`, times the clip in force and
    /// `opacity`, in the shadow's colour; `under` the surface's pixels (destination-over,
    /// after the layer drew into its group) or over them (a path shadow, before the layer
    /// draws).
    func drawShadow(
        _ shadow: RenderList.Shadow, of item: RenderList.Item, in rect: PixelRect, opacity: Float, under: Bool
    ) {
        let group = surfaces[surfaces.count - 1]
        let clip = clips[clips.count - 1]
        guard !rect.isEmpty, opacity > 0 else { return }
        // The blurred plane is sampled at p − offset: the integer part shifts the
        // rectangle, the fraction mixes a pixel with its neighbour up and left.
        let whole = shadow.offset.rounded(.down), fraction = SIMD2<Float>(shadow.offset - whole)
        // Offsets past a million pixels put the shadow off any canvas.
        guard abs(whole.x) < 1e6, abs(whole.y) < 1e6 else { return }
        let shift = SIMD2(Int(whole.x), Int(whole.y))
        let blurred = PixelRect(
            minX: rect.minX - shift.x - 1, minY: rect.minY - shift.y - 1, maxX: rect.maxX - shift.x, maxY: rect.maxY - shift.y)
        guard let sourceBuffer = pool.acquire(rect.area * 4),
              let blurBuffer = pool.acquire(blurred.area * 4)
        else { return }
        defer {
            pool.release(blurBuffer)
            pool.release(sourceBuffer)
        }
        let source = sourceBuffer.pointer.assumingMemoryBound(to: Float.self)
        let plane = blurBuffer.pointer.assumingMemoryBound(to: Float.self)
        // The shape's alpha, 0…1.
        if let path = shadow.path {
            PathCoverage.fill(path, map: PlaneMap(item.matrix), into: source, rect: rect, stride: rect.width, workspace: pathWorkspace)
        } else {
            for y in rect.minY..<rect.maxY {
                let row = group.pixel(rect.minX, y), out = source + (y - rect.minY) * rect.width
                for x in 0..<rect.width { out[x] = Float(row[4 * x + 3]) * (1 / 255) }
            }
        }
        ShadowBlur.blur(
            source: source, sourceRect: rect, sourceStride: rect.width, sigma: shadow.sigma,
            into: plane, outRect: blurred, outStride: blurred.width, workspace: blurWorkspace)

        let bounds = shadow.clipsToBounds
            ? RoundedRectSampler(bounds: item.bounds, cornerRadius: item.cornerRadius, map: PlaneMap(item.matrix)) : nil
        if shadow.clipsToBounds && bounds == nil { return }
        let paint = SourceOver.Paint(shadow.color)
        let weights = pool.row(2), coverage = pool.row(0)
        let n = rect.width
        let (fx, fy) = (fraction.x, fraction.y)
        for y in rect.minY..<rect.maxY {
            // Row y − shift.y of the blurred plane and the one above it.
            let lower = plane + (y - shift.y - blurred.minY) * blurred.width + (rect.minX - shift.x - blurred.minX)
            let upper = lower - blurred.width
            let gx: Float = 1 - fx, gy: Float = 1 - fy
            for x in 0..<n {
                let below: Float = lower[x] * gx + lower[x - 1] * fx
                let above: Float = upper[x] * gx + upper[x - 1] * fx
                weights[x] = below * gy + above * fy
            }
            if let bounds {
                bounds.sample(row: y, from: rect.minX, count: n, outer: coverage, border: nil)
                Self.scale(weights, by: coverage, uniform: 1, count: n)
            }
            if let uniform = clipWeights(row: y, from: rect.minX, count: n, opacity: opacity, clip: clip, into: coverage) {
                Self.scale(weights, by: nil, uniform: uniform, count: n)
            } else {
                Self.scale(weights, by: coverage, uniform: 1, count: n)
            }
            if under {
                SourceOver.under(paint, weights: weights, into: group.pixel(rect.minX, y), count: n)
            } else {
                SourceOver.blend(paint, weights: weights, into: group.pixel(rect.minX, y), count: n)
            }
        }
    }
}
