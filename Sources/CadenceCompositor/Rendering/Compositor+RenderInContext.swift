import CadenceGeometry
import CadenceLayers
import CadencePixels

// Core Animation's `renderInContext:` (`docs/compositor.md`, "Rendering in a context"): the
// model layer tree — no animations — drawn in the root layer's own coordinate space into a
// Core Graphics–style context, with the omissions Apple documents for it.

extension Compositor {
    /// Renders the model tree under `root` into a new bitmap of `context`'s size, as Core
    /// Animation's `renderInContext:` does: from the layer tree as it is, "ignoring any
    /// animations", "in the coordinate space of the layer" — a point of `root`'s bounds
    /// space is a point of the context's user space (`BitmapContext`), so `root`'s
    /// `position`, `anchorPoint` and `transform` do not apply, while its bounds origin,
    /// `sublayerTransform`, `geometryFlipped`, opacity, shadow and clip do.
    ///
    /// Left out, as Apple documents for `renderInContext:`: layers with a 3D transform (a
    /// `transform`, or a superlayer's `sublayerTransform`, that is not affine) and layers
    /// with a `mask`, each with its sublayers (the root's own `transform` is never used, so
    /// only a mask leaves out the root). Cadence has no filters, the third omission.
    /// Shadows follow the layer's alpha: `shadowPath` is ignored, as Apple's implementation
    /// does. Everything else is drawn as `render(_:at:on:)` draws it (contents upright in
    /// the bitmap, the same anti-aliasing and blending); `docs/compositor.md` tabulates the
    /// differences.
    ///
    /// Throws `Bitmap.Error.invalidSize` when the context's size is not in
    /// 1…`Bitmap.maxDimension` on both axes. A transform that is singular or not finite
    /// draws nothing. Cost as for `render(_:at:on:)`, in `threadCount` bands at once (the
    /// same pixels as one thread).
    public func render(layerTree root: Layer, in context: BitmapContext) throws -> Bitmap {
        try render(layerTrees: [root], in: context)
    }

    /// Renders each tree of `roots` into one bitmap of `context`'s size, in the order given,
    /// each as `render(layerTree:in:)` draws it — the picture of successive
    /// `renderInContext:` calls on one context (each root in its own bounds space, none
    /// sorted by `zPosition`). Throws as `render(layerTree:in:)` does.
    public func render(layerTrees roots: [Layer], in context: BitmapContext) throws -> Bitmap {
        var bitmap = try Bitmap(
            width: context.pixelWidth, height: context.pixelHeight,
            fill: context.background.map(SourceOver.bytes(of:)) ?? .zero)
        for root in roots {
            draw(renderList(layerTree: root, in: context), into: &bitmap, clearingTo: nil)
        }
        return bitmap
    }

    /// The render list `render(layerTree:in:)` draws, for tests and tools. An invalid
    /// context (one `render` refuses) gives a list of size 0 × 0 whose items touch no
    /// pixels.
    public func renderList(layerTree root: Layer, in context: BitmapContext) -> RenderList {
        let valid = 1...Bitmap.maxDimension
        let (width, height) = valid.contains(context.pixelWidth) && valid.contains(context.pixelHeight)
            ? (context.pixelWidth, context.pixelHeight) : (0, 0)
        defer { images.endFrame() }
        defer { backingStores.endFrame() }
        return RenderList(
            layerTree: root, context: context, pixelWidth: width, pixelHeight: height, image: images.image(_:mipmapped:),
            backingStore: backingStores.bitmap(_:), tiles: tiles)
    }
}

extension RenderList {
    /// The list of the model tree under `root` drawn into `context` (`pixelWidth ×
    /// pixelHeight`, the context's size or 0 × 0), as `Compositor.render(layerTree:in:)`
    /// describes: the root placed by the identity in the context's user space, the
    /// builder's `inContext` reading for the rest.
    init(
        layerTree root: Layer, context: BitmapContext, pixelWidth: Int, pixelHeight: Int,
        image: @escaping (Bitmap, _ mipmapped: Bool) -> ContentsImage = RenderList.contentsImage,
        backingStore: @escaping (DisplayList) -> Bitmap? = BackingStoreCache.paint, tiles: TileCache? = nil
    ) {
        var builder = Builder(
            canvas: PixelRect(width: Swift.max(pixelWidth, 0), height: Swift.max(pixelHeight, 0)), image: image)
        builder.inContext = true
        builder.backingStore = backingStore
        builder.tiles = tiles  // complete: renderInContext draws every visible tile
        let (items, rowWork) = builder.items(
            roots: [root], plane: context.userToPixels, orientation: context.orientation, depth: 0, nesting: 0,
            rootLevel: .identity, recordingRowWork: true)
        self.init(pixelWidth: pixelWidth, pixelHeight: pixelHeight, items: items)
        self.rowWork = rowWork
    }

    /// Whether `renderInContext:` draws `layer` (and so its sublayers): not when it has a
    /// mask, nor — below the root, whose own transform is not used — when its `transform`
    /// or its superlayer's `sublayerTransform` is a 3D one (not `Transform3D.isAffine`).
    static func rendersInContext(_ layer: Layer, asRoot: Bool) -> Bool {
        guard layer.mask == nil else { return false }
        if asRoot { return true }
        return layer.transform.isAffine && (layer.superlayer?.sublayerTransform.isAffine ?? true)
    }
}
