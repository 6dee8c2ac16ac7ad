import CadenceGeometry
import CadenceLayers
import CadencePixels

extension RenderList.Builder {
    /// How far the space a rasterized subtree is measured in reaches, in pixels on each side
    /// of the layer's bounds origin (`Bitmap.maxDimension`): what lies further is cut off.
    static var rasterReach: Int { Bitmap.maxDimension }

    /// The item that stands for `layer` and its whole subtree when it `shouldRasterize`
    /// (§ 17): the subtree drawn once into a bitmap in the layer's own space, at
    /// `rasterizationScale × canvasScale` pixels a point, and composited like contents
    /// through `restingMatrix` (the layer's matrix without a transition's offset) with the
    /// layer's opacity; `nil` when the layer is drawn directly — the scale is not finite and
    /// positive, the bitmap would pass `RasterizationCache.maxPixelCount`, or it cannot be
    /// allocated, or a transition is in effect on the layer itself. `item` is the layer's own
    /// item, made as usual.
    ///
    /// Included in the bitmap: background, contents, border, sublayers, shadow, mask and
    /// transitions, at opacity 1. Approximated: the bitmap is resampled (bilinear) when the
    /// layer's matrix is not a whole-pixel translation at the rasterized scale.
    func rasterizedItem(
        for layer: Layer, item: RenderList.Item, restingMatrix: Transform3D, orientation: Double, nesting: Int,
        tint: SIMD4<Double>? = nil
    ) -> RenderList.Item? {
        guard let cache = rasterization, nesting < RenderList.maxNesting, layer.presentedTransition == nil else { return nil }
        let s = layer.rasterizationScale * canvasScale
        guard s.isFinite, s > 0 else { return nil }
        let origin = layer.bounds.standardized.origin
        let toPixels = Transform3D(translationX: -origin.x, y: -origin.y, z: 0)
            .concatenating(Transform3D(scaleX: s, y: s, z: 1))
        // The subtree in the layer's space, the bounds' origin at pixel (0, 0): its
        // fingerprint, and the pixels it covers.
        let reach = Self.rasterReach
        var local = self
        local.canvas = PixelRect(minX: -reach, minY: -reach, maxX: reach, maxY: reach)
        local.rasterRoot = true
        let fingerprint = local.items(
            roots: [layer], plane: toPixels, orientation: orientation, depth: 0, nesting: nesting + 1, rootLevel: .identity).items
        let extent = fingerprint.first?.extent ?? .empty
        var result = item
        result.backgroundColor = nil
        result.borderColor = nil
        result.borderWidth = 0
        result.cornerRadius = 0
        result.shadow = nil
        result.mask = nil
        result.transition = nil
        result.masksToBounds = false
        result.contents = nil
        result.matrix = restingMatrix
        result.pixelBounds = .empty
        guard !extent.isEmpty else { return result }  // draws nothing
        guard extent.area <= RasterizationCache.maxPixelCount else { return nil }
        let key = ObjectIdentifier(layer.model ?? layer)
        let bitmap = cache.bitmap(
            for: key, fingerprint: RenderList(pixelWidth: 0, pixelHeight: 0, items: fingerprint),
            width: extent.width, height: extent.height
        ) {
            var placed = local
            placed.canvas = PixelRect(width: extent.width, height: extent.height)
            let shift = Transform3D(translationX: Double(-extent.minX), y: Double(-extent.minY), z: 0)
            return RenderList(
                pixelWidth: extent.width, pixelHeight: extent.height,
                items: placed.items(
                    roots: [layer], plane: toPixels.concatenating(shift), orientation: orientation, depth: 0,
                    nesting: nesting + 1, rootLevel: .identity).items)
        }
        guard let bitmap else { return nil }
        // The bitmap's rectangle in the layer's space.
        let rect = Rect(
            x: origin.x + Double(extent.minX) / s, y: origin.y + Double(extent.minY) / s,
            width: Double(extent.width) / s, height: Double(extent.height) / s)
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        let plane = PlaneMap(restingMatrix)
        guard let layout = ContentsLayout(
            bounds: rect, imageSize: bitmap.pixelSize, gravity: .resize, contentsRect: unit, contentsCenter: unit,
            contentsScale: 1, rowZeroAtUnitYZero: true)
        else { return result }
        let mipmapped = ContentsSampler.needsMipmaps(layout: layout, map: plane, minification: .linear, bias: 0)
        result.bounds = rect
        result.contents = RenderList.Contents(
            image: image(bitmap, mipmapped), layout: layout, magnificationFilter: .linear, minificationFilter: .linear,
            minificationFilterBias: 0)
        // Inside a replicator's copy: the copy's colour multiplies the cached pixels (the
        // subtree is rasterized untinted, so copies of different colours share one bitmap).
        if let tint { result.contents?.tint = Self.premultipliedTint(Self.clampedColor(tint)) }
        result.pixelBounds = RenderList.pixelBounds(of: rect, under: plane, within: canvas)
        return result
    }
}
