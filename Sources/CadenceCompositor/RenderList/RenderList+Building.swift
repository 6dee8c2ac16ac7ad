import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels

extension RenderList {
    /// The list of the trees under `roots`, read as they are (pass presentation snapshots
    /// for a frame at a time), on a canvas of `pixelWidth × pixelHeight` pixels with
    /// `scale` pixels per point and the root space's origin at `origin`. `image` turns a
    /// layer's contents into the image drawn (`nil`: the contents draw nothing), with its
    /// mip chain when the draw minifies (its second argument); `backingStore` paints a
    /// layer's recorded drawing (`DisplayList`) into the bitmap drawn in place of its
    /// contents.
    ///
    /// Three passes over explicit stacks (no recursion down the sublayers, so any depth is
    /// safe): a depth-first walk that places each layer (`transformToSuperlayer`, then the
    /// superlayer's matrix flattened into its plane), culls, and sorts siblings; a forward
    /// pass that decides opacity groups; a backward pass that gathers each subtree's pixel
    /// extent. Masks and previous renderings of transitions become lists of their own,
    /// nested at most `maxNesting` deep (§ 11, § 12).
    /// Cost: one 4×4 product and a sort of each layer's sublayers per layer.
    init(
        layers roots: [Layer], pixelWidth: Int, pixelHeight: Int, scale: Double, origin: Canvas.Origin,
        image: @escaping (Bitmap, _ mipmapped: Bool) -> ContentsImage = RenderList.contentsImage,
        backingStore: @escaping (DisplayList) -> Bitmap? = BackingStoreCache.paint,
        rasterization: RasterizationCache? = nil, sprites: SpritePool? = nil, particleSprites: Bool = true,
        tiles: TileCache? = nil, tileDrawing: TiledLayerDrawing = .complete, time: Double = 0
    ) {
        let canvas = PixelRect(width: Swift.max(pixelWidth, 0), height: Swift.max(pixelHeight, 0))
        let flipped = origin == .bottomLeft
        let canvasMatrix = Transform3D(
            rows: SIMD4(scale, 0, 0, 0), SIMD4(0, flipped ? -scale : scale, 0, 0), SIMD4(0, 0, 1, 0),
            SIMD4(0, flipped ? Double(pixelHeight) : 0, 0, 1))
        var builder = Builder(canvas: canvas, image: image)
        builder.backingStore = backingStore
        builder.rasterization = rasterization
        builder.tiles = tiles
        builder.tileDrawing = tileDrawing
        builder.time = time
        builder.canvasScale = scale
        builder.spritePool = sprites
        builder.particleSprites = particleSprites
        // The canvas's own orientation, divided out of the back-face test.
        let (items, rowWork) = builder.items(
            roots: roots, plane: canvasMatrix, orientation: flipped ? -1 : 1, depth: 0, nesting: 0,
            rootLevel: Transform3D?.none, recordingRowWork: true)
        self.init(pixelWidth: pixelWidth, pixelHeight: pixelHeight, items: items)
        self.rowWork = rowWork
    }

    /// How deep masks and transitions' previous renderings nest (a mask of a mask …) before
    /// the builder stops: a mask past it masks its layer out entirely, a transition past it
    /// shows the current rendering only.
    public static let maxNesting = 32

    /// The image drawn for `contents`: the bitmap wrapped, its mipmaps built on the way when
    /// `mipmapped`, else sharing its pixels.
    static func contentsImage(_ contents: Bitmap, mipmapped: Bool) -> ContentsImage {
        ContentsImage(contents, mipmapped: mipmapped)
    }

    /// The pixels the image of `rect` under `map` can touch, one pixel of margin for the
    /// anti-aliased edge, within `limit`. The quadrilateral is first clipped to the part in
    /// front of the viewer (w ≥ 1e-9 of the largest |w| of its corners), whose image is
    /// bounded.
    static func pixelBounds(of rect: Rect, under map: PlaneMap, within limit: PixelRect) -> PixelRect {
        let corners: InlineArray<4, SIMD3<Double>> = [
            map.homogeneous(rect.minX, rect.minY), map.homogeneous(rect.maxX, rect.minY),
            map.homogeneous(rect.maxX, rect.maxY), map.homogeneous(rect.minX, rect.maxY),
        ]
        let epsilon = 1e-9 * Swift.max(abs(corners[0].z), abs(corners[1].z), abs(corners[2].z), abs(corners[3].z))
        guard epsilon > 0 else { return .empty }
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        func add(_ h: SIMD3<Double>) {
            let p = SIMD2(h.x, h.y) / h.z
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            if a.z >= epsilon { add(a) }
            if (a.z >= epsilon) != (b.z >= epsilon) {
                add(a + (b - a) * ((epsilon - a.z) / (b.z - a.z)))
            }
        }
        guard lo.x <= hi.x, lo.y <= hi.y else { return .empty }
        return PixelRect(covering: lo, hi, margin: 1, within: limit)
    }

    /// The offsets, in the layer's own coordinates, of the current and the previous
    /// rendering of a transition at `progress` (§ 12): `d · L` scaled by the progress, `d`
    /// the motion direction and `L` the bounds' extent along it.
    static func transitionOffsets(
        _ type: TransitionType, _ direction: TransitionSubtype, progress p: Double, bounds: Rect
    ) -> (current: SIMD2<Double>, previous: SIMD2<Double>) {
        let b = bounds.standardized
        let d: SIMD2<Double> = switch direction {
        case .fromLeft: SIMD2(b.width, 0)
        case .fromRight: SIMD2(-b.width, 0)
        case .fromBottom: SIMD2(0, b.height)
        case .fromTop: SIMD2(0, -b.height)
        }
        switch type {
        case .fade: return (.zero, .zero)
        case .moveIn: return (-d * (1 - p), .zero)
        case .push: return (-d * (1 - p), d * p)
        case .reveal: return (.zero, d * p)
        }
    }

    /// Builds item lists: the tree walk and the two passes after it.
    struct Builder {
        var canvas: PixelRect
        let image: (Bitmap, _ mipmapped: Bool) -> ContentsImage
        /// Paints a layer's backing store (`BackingStoreCache`).
        var backingStore: (DisplayList) -> Bitmap? = BackingStoreCache.paint
        /// The cache of rasterized subtrees (§ 17); `nil`: `shouldRasterize` is ignored and
        /// every layer is drawn directly (the pixels are the same up to resampling).
        var rasterization: RasterizationCache?
        /// The tiles of tiled layers (§ 21) and how missing ones are drawn; `nil`: tiled
        /// layers draw no tiles.
        var tiles: TileCache?
        var tileDrawing = TiledLayerDrawing.complete
        /// The frame's time (root time), which tiles fade in by (§ 21).
        var time = 0.0
        /// The canvas's pixels per point, which `rasterizationScale` multiplies.
        var canvasScale = 1.0
        /// The compositor's emitter memory, reused from frame to frame (`nil`: fresh
        /// buffers for this list).
        var spritePool: SpritePool?
        /// Whether emitters on an affine plane pack their particles as `Sprites` (the
        /// default); `false` (tests) makes every particle an item of its own, the general
        /// path the sprite kernel is checked against.
        var particleSprites = true
        /// Building a rasterized subtree (§ 17): its root is drawn at opacity 1 and not
        /// rasterized again.
        var rasterRoot = false
        /// `renderInContext`'s reading (`RenderList+RenderInContext.swift`): the roots'
        /// `rootLevel` places them without making them previous renderings, layers that
        /// `rendersInContext` refuses are left out with their sublayers, and shadows follow
        /// the layer's alpha (`shadowPath` is ignored).
        var inContext = false

        /// The items of the trees under `roots`, each placed in `plane` (the superlayer's
        /// matrix, flattened) whose y axis has `orientation` on the canvas. `rootLevel`,
        /// when given, replaces the (single) root's `transformToSuperlayer` (a previous
        /// rendering placed where the layer it stands for is). With `recordingRowWork` (a
        /// frame's list, which the band planner reads; `canvas` at the origin), also what
        /// the planner reads of the items (`RowWork`), else `nil`.
        func items(
            roots: [Layer], plane: Transform3D, orientation: Double, depth: Int, nesting: Int, rootLevel: Transform3D?,
            face: Face? = nil, recordingRowWork: Bool = false
        ) -> (items: [Item], rowWork: RowWork?) {
            var items: [Item] = []
            // Layers copied for replicators so far (`ReplicatorLayer.maxCopiedLayers`).
            var copiedLayers = 0

            var stack = [Frame(item: nil, plane: plane, orientation: orientation, children: Layer.paintOrder(roots))]
            stack[0].tint = face?.tint
            while !stack.isEmpty {
                let top = stack.count - 1
                guard stack[top].next < stack[top].children.count else {
                    if stack[top].copies != nil, Self.nextCopy(of: &stack[top], copied: &copiedLayers) { continue }
                    if let finished = stack.removeLast().item { items[finished].subtreeEnd = items.count }
                    continue
                }
                let layer = stack[top].children[stack[top].next]
                stack[top].next += 1
                let parent = stack[top].item
                let frame = stack[top]
                let level = (top == 0 ? rootLevel ?? face?.level : nil)
                    ?? frame.copies.flatMap { $0.transform.map(layer.transformToSuperlayer(instance:)) }
                    ?? layer.transformToSuperlayer
                if inContext && !RenderList.rendersInContext(layer, asRoot: top == 0) { continue }
                let layerClass = layer.layerClass
                if layerClass == .transform && !inContext {
                    appendContext(
                        of: layer, level: level, parent: parent, depth: depth + top, plane: frame.plane,
                        orientation: frame.orientation, nesting: nesting, tint: frame.tint, copied: &copiedLayers,
                        into: &items)
                    continue
                }
                let isRasterRoot = top == 0 && rasterRoot
                guard var item = self.item(
                    for: layer, level: level, parent: parent, depth: depth + top, parentPlane: frame.plane,
                    orientation: frame.orientation, nesting: nesting,
                    contentOnly: top == 0 && rootLevel != nil && !inContext && !isRasterRoot, opaque: isRasterRoot,
                    tint: frame.tint)
                else { continue }
                if top == 0, let face { item.opacity *= face.opacity }
                if layer.shouldRasterize && !isRasterRoot && !inContext,
                   let rasterized = rasterizedItem(
                    for: layer, item: item, restingMatrix: level.concatenating(frame.plane),
                    orientation: frame.orientation, nesting: nesting, tint: frame.tint)
                {
                    item = rasterized
                    item.subtreeEnd = items.count + 1
                    items.append(item)
                    continue
                }
                let index = items.count
                items.append(item)
                if layerClass == .emitter, !layer.isHidden, let emitter = layer as? EmitterLayer {
                    appendParticles(
                        of: emitter, at: index, depth: depth + top + 1,
                        orientation: frame.orientation * (layer.isGeometryFlipped ? -1 : 1), tint: frame.tint,
                        into: &items)
                } else if layerClass == .tiled, !layer.isHidden {
                    appendTiles(
                        of: unsafeDowncast(layer, to: TiledLayer.self), at: index, depth: depth + top + 1,
                        clip: frame.clip ?? canvas, orientation: frame.orientation, tint: frame.tint, into: &items)
                }
                if layer.sublayers.isEmpty || layer.isHidden {
                    items[index].subtreeEnd = items.count
                } else if layerClass == .replicator, let replicator = layer as? ReplicatorLayer {
                    if replicator.preservesDepth && !inContext {
                        appendFaces(
                            of: replicator, level: level, at: index, plane: frame.plane, depth: depth + top + 1,
                            orientation: frame.orientation, nesting: nesting, opacity: 1, tint: frame.tint,
                            copied: &copiedLayers, into: &items)
                        items[index].subtreeEnd = items.count
                    } else if let copies = Copies(replicator, tint: frame.tint) {
                        var next = Frame(
                            item: index, plane: item.matrix.flattenedToPlane,
                            orientation: frame.orientation * (layer.isGeometryFlipped ? -1 : 1),
                            children: Layer.paintOrder(layer.sublayers))
                        next.copies = copies
                        next.tint = copies.tint
                        next.clip = Self.clip(frame.clip, item)
                        stack.append(next)
                    } else {
                        items[index].subtreeEnd = index + 1  // instanceCount ≤ 0: no sublayers drawn
                    }
                } else {
                    let flip: Double = layer.isGeometryFlipped ? -1 : 1
                    var next = Frame(
                        item: index, plane: item.matrix.flattenedToPlane, orientation: frame.orientation * flip,
                        children: Layer.paintOrder(layer.sublayers))
                    next.tint = frame.tint
                    next.clip = Self.clip(frame.clip, item)
                    stack.append(next)
                }
            }
            decideGroups(&items)
            var rowWork = recordingRowWork ? RowWork(count: items.count) : nil
            gatherExtents(&items, recording: &rowWork)
            return (items, rowWork)
        }

        /// A layer whose sublayers are being placed by the walk of `items(roots:…)`.
        struct Frame {
            var item: Int?
            var plane: Transform3D
            var orientation: Double
            var children: [Layer]
            var next = 0
            /// The replicator's copies being walked, when the layer is one.
            var copies: Copies?
            /// The colour multiplier in force (replicators' `instanceColor`s), `nil` for none.
            var tint: SIMD4<Double>?
            /// The pixels the ancestors' `masksToBounds` leave visible (boxes of their
            /// bounds), `nil` for the whole canvas: which tiles a tiled layer draws (§ 21).
            var clip: PixelRect?
        }

        /// The clip of the sublayers of `item`, under `clip`.
        static func clip(_ clip: PixelRect?, _ item: Item) -> PixelRect? {
            guard item.masksToBounds else { return clip }
            return clip.map { $0.intersection(item.pixelBounds) } ?? item.pixelBounds
        }

        /// Where the walk is in a replicator's copies (`docs/compositor.md` § 19).
        struct Copies {
            let replicator: ReplicatorLayer
            /// The copy being walked, `0 ..< count`.
            var copy = 0
            /// How many copies are drawn: `instanceCount` (≤ 0: none), or with a delay the
            /// copies the presentation made (`delayedInstances`) and copy 0.
            let count: Int
            /// The layers one copy holds (its sublayers' subtrees, counted up to the budget).
            let size: Int
            /// The copy's transform (`instanceTransform(copy:)`), `nil` for copy 0.
            var transform: Transform3D?
            /// The colour multiplier in force above the replicator, and the current copy's
            /// times it (`nil`: none).
            let inherited: SIMD4<Double>?
            var tint: SIMD4<Double>?

            /// `nil` when no copy is drawn (`instanceCount` ≤ 0).
            init?(_ replicator: ReplicatorLayer, tint inherited: SIMD4<Double>?) {
                let delayed = replicator.instanceDelay != 0 && replicator.instanceDelay.isFinite
                count = delayed
                    ? Swift.min(replicator.drawnInstanceCount, replicator.delayedInstances.count + 1)
                    : replicator.drawnInstanceCount
                guard count > 0 else { return nil }
                self.replicator = replicator
                self.inherited = inherited
                tint = Self.combine(inherited, replicator.instanceColorMultiplier(copy: 0))
                size = count > 1 ? Self.subtreeSize(of: replicator.sublayers) : 0
            }

            /// `a` times `b`, `nil` standing for all ones.
            static func combine(_ a: SIMD4<Double>?, _ b: SIMD4<Double>) -> SIMD4<Double>? {
                let product = (a ?? SIMD4(repeating: 1)) * b
                return product == SIMD4(repeating: 1) ? nil : product
            }

            /// The layers of the subtrees under `layers` (masks included), counted up to
            /// one past `ReplicatorLayer.maxCopiedLayers`.
            static func subtreeSize(of layers: [Layer]) -> Int {
                var size = 0
                var stack = layers
                while let layer = stack.popLast(), size <= ReplicatorLayer.maxCopiedLayers {
                    size += 1
                    stack.append(contentsOf: layer.sublayers)
                    if let mask = layer.mask { stack.append(mask) }
                }
                return size
            }
        }

        /// Moves `frame` (a replicator's, its children walked) to its next copy that shows:
        /// the copy's sublayers (delayed, when the presentation made them), transform and
        /// colour. `false` when there is none left, or the copies budget
        /// (`ReplicatorLayer.maxCopiedLayers`, counted in `copied`) is spent. Copies whose
        /// alpha multiplier is 0 are skipped (nothing of them can show).
        static func nextCopy(of frame: inout Frame, copied: inout Int) -> Bool {
            guard var copies = frame.copies else { return false }
            while copies.copy + 1 < copies.count {
                copies.copy += 1
                guard copied + copies.size <= ReplicatorLayer.maxCopiedLayers else { break }
                copied += copies.size
                let multiplier = copies.replicator.instanceColorMultiplier(copy: copies.copy)
                guard multiplier.w > 0 else { continue }
                let k = copies.copy
                copies.transform = copies.replicator.instanceTransform(copy: k)
                copies.tint = Copies.combine(copies.inherited, multiplier)
                let delayed = copies.replicator.delayedInstances
                frame.children = Layer.paintOrder(k - 1 < delayed.count ? delayed[k - 1] : copies.replicator.sublayers)
                frame.next = 0
                frame.tint = copies.tint
                frame.copies = copies
                return true
            }
            frame.copies = nil
            return false
        }

        /// Opacity: folded into the drawing where that gives the same pixels, else a group;
        /// layers that need their whole rendering first (`needsIsolation`) are groups.
        func decideGroups(_ items: inout [Item]) {
            var passedDown = [Double](repeating: 1, count: items.count)
            var sublayerCounts = [Int](repeating: 0, count: items.count)
            for item in items { if let parent = item.parent { sublayerCounts[parent] += 1 } }
            for i in items.indices {
                let arriving = items[i].parent.map { passedDown[$0] } ?? 1
                let alpha = arriving * items[i].opacity
                let sublayers = sublayerCounts[i]
                let simple = !items[i].hasContents && items[i].drawing == nil && items[i].transition == nil
                    && items[i].sprites == nil
                // A path shadow under a translucent layer: the two must blend as one.
                if items[i].needsIsolation || (items[i].shadow != nil && alpha < 1) {
                    items[i].drawOpacity = 1
                    items[i].groupOpacity = alpha
                } else if alpha >= 1 {
                    items[i].drawOpacity = 1
                } else if sublayers == 0 && simple {
                    items[i].drawOpacity = alpha  // background and border blend in one pass
                } else if sublayers == 1 && !items[i].drawsItself && items[i].transition == nil {
                    items[i].drawOpacity = alpha  // nothing of its own: the one sublayer carries it
                    passedDown[i] = alpha
                } else {
                    items[i].drawOpacity = 1
                    items[i].groupOpacity = alpha
                }
            }
        }

        /// Extents, children before parents: what the layer draws, its sublayers and its
        /// previous rendering, clipped by `masksToBounds`, grown by the shadow, cut by the
        /// mask. Each item is recorded in `rowWork` (unless `nil`) once its extent is set,
        /// with its `pixelWork` summed here from the parts this pass reads anyway (the
        /// estimate read from the item again copies its contents, shadow and mask out of it:
        /// about 1,400 instructions an item, most of the planner's cost on the demo-like
        /// frame; `RowWork(items:pixelHeight:)` is that reading, and the twin tested against).
        func gatherExtents(_ items: inout [Item], recording rowWork: inout RowWork?) {
            var sublayerExtents = [PixelRect](repeating: .empty, count: items.count)
            for i in items.indices.reversed() {
                let item = items[i]
                let plane = PlaneMap(item.matrix)
                let own = item.pixelBounds.area
                // `pixelWork`'s terms: passes over the layer's own pixels and the nested lists'
                // work, and how many passes go over the extent (added once it is known).
                var work = 0, extentPasses = item.masksToBounds ? 1 : 0, castsShadow = false
                var isolated = item.groupOpacity != nil
                if item.backgroundColor != nil { work += own }
                if item.borderColor != nil { work += own }
                var extent = item.backgroundColor != nil || item.borderColor != nil ? item.pixelBounds : .empty
                if let contents = item.contents {
                    work += 2 * own
                    extent = extent.union(RenderList.pixelBounds(of: contents.destination, under: plane, within: canvas))
                }
                if let sprites = item.sprites {
                    work += 2 * sprites.pixelArea
                    extent = extent.union(sprites.extent)
                }
                switch item.drawing {
                case .shape(let shape)?: extent = extent.union(RenderList.pixelBounds(of: shape.box, under: plane, within: canvas))
                case .gradient?: extent = extent.union(item.pixelBounds)
                case nil: break
                }
                extent = extent.union(sublayerExtents[i])
                if item.masksToBounds { extent = extent.intersection(item.pixelBounds) }
                if let transition = item.transition {
                    work += transition.previous.itemWork
                    extentPasses += 2
                    isolated = isolated || transition.type == .fade
                    extent = extent.union(transition.previous.extent)
                }
                if let shadow = item.shadow {
                    extentPasses += RenderList.shadowWeight
                    isolated = isolated || shadow.path == nil
                    castsShadow = true
                    let resting = PlaneMap(shadow.matrix)
                    let shape = shadow.path?.bounds.map { RenderList.pixelBounds(of: $0, under: resting, within: canvas) }
                        ?? extent
                    var cast = Self.spread(shape, by: shadow, within: canvas)
                    if shadow.masksToBounds {
                        cast = cast.intersection(RenderList.pixelBounds(of: item.bounds, under: resting, within: canvas))
                    }
                    extent = extent.union(cast)
                }
                if let mask = item.mask {
                    work += mask.itemWork
                    extentPasses += 1
                    isolated = true
                    extent = extent.intersection(mask.extent)
                }
                items[i].extent = extent
                if isolated { extentPasses += 2 }
                rowWork?.record(at: i, extent: extent, work: work + extentPasses * extent.area,
                                castsShadow: castsShadow, pixelHeight: canvas.maxY)
                if let parent = item.parent { sublayerExtents[parent] = sublayerExtents[parent].union(extent) }
            }
            rowWork?.joinShadowedRows()
        }

        /// The pixels a shadow of a shape covering `shape` can touch: moved by the offset,
        /// grown by the blur's reach, at most 2σ (and a pixel for the fractional offset),
        /// within `canvas`.
        static func spread(_ shape: PixelRect, by shadow: Shadow, within canvas: PixelRect) -> PixelRect {
            guard !shape.isEmpty else { return .empty }
            // Past the canvas's size the margin only needs to reach across it.
            let margin = Swift.min(Double(shadow.reach), Double(4 * Bitmap.maxDimension))
            let lo = SIMD2(Double(shape.minX), Double(shape.minY)) + shadow.offset
            let hi = SIMD2(Double(shape.maxX), Double(shape.maxY)) + shadow.offset
            return PixelRect(covering: lo, hi, margin: margin, within: canvas)
        }

        /// The item of `layer`, placed by `level` (its `transformToSuperlayer`, or what
        /// stands for it) in `parentPlane`; `nil` when it is culled with its sublayers:
        /// hidden, opacity 0, a matrix that is not finite or collapses the plane (edge-on),
        /// facing away from the viewer when not double-sided, or masked past `maxNesting`.
        /// `contentOnly` (the root of a previous rendering, § 12): only what the layer draws
        /// counts — its opacity, shadow, mask and transitions are left to the layer it
        /// stands for, which applies them once to the combined result; a hidden previous
        /// rendering is empty. A hidden layer with a transition in effect is kept, drawing
        /// nothing of its own (`drawsNothing`), so that the transition can show it going
        /// (Core Animation's `actions["hidden"] = transition`). `opaque` (the root of a
        /// rasterized subtree, § 17): the opacity is left to the composite of the bitmap.
        func item(
            for layer: Layer, level: Transform3D, parent: Int?, depth: Int, parentPlane: Transform3D,
            orientation: Double, nesting: Int, contentOnly: Bool = false, opaque: Bool = false,
            tint: SIMD4<Double>? = nil
        ) -> Item? {
            let drawsNothing = layer.isHidden
            guard !layer.isHidden || (!contentOnly && layer.presentedTransition != nil && nesting < RenderList.maxNesting)
            else { return nil }
            let opacity = contentOnly || opaque ? 1 : Swift.min(Swift.max(layer.opacity, 0), 1)
            guard opacity > 0 else { return nil }
            let bounds = layer.bounds.standardized
            // A transition moves the current rendering in the layer's own space (§ 12).
            var transition: TransitionDrawing?
            // At rest: the shadow and the mask belong to the combined rendering, which does
            // not move.
            let restingMatrix = level.concatenating(parentPlane)
            var level = level
            if !contentOnly, let presented = layer.presentedTransition, nesting < RenderList.maxNesting {
                let progress = Swift.min(Swift.max(presented.progress.isNaN ? 0 : presented.progress, 0), 1)
                let offsets = RenderList.transitionOffsets(
                    presented.type, presented.direction, progress: progress, bounds: bounds)
                let previous = presented.previous
                let previousLevel = Transform3D(translationX: offsets.previous.x, y: offsets.previous.y, z: 0)
                    .concatenating(previous.transformToSuperlayer(asSublayerOf: layer.superlayer))
                let list = RenderList(
                    pixelWidth: canvas.width, pixelHeight: canvas.height,
                    items: items(
                        roots: [previous], plane: parentPlane, orientation: orientation, depth: depth,
                        nesting: nesting + 1, rootLevel: previousLevel).items)
                transition = TransitionDrawing(type: presented.type, progress: progress, previous: list)
                level = Transform3D(translationX: offsets.current.x, y: offsets.current.y, z: 0).concatenating(level)
            }
            let matrix = level.concatenating(parentPlane)
            let plane = PlaneMap(matrix)
            // Singular about the layer's middle: where the bounds sit does not count.
            guard matrix.isFinite, !PlaneMap.translation(bounds.midX, bounds.midY).concatenating(plane).isSingular
            else { return nil }
            // The sign of the plane map's determinant is the orientation of the layer's image
            // wherever it is in front of the viewer (the Jacobian of a homography is det / w³);
            // the canvas's and the flipped geometries' own orientation is divided out.
            if !layer.isDoubleSided && plane.determinant * orientation < 0 { return nil }

            var mask: RenderList?
            if !contentOnly, let maskLayer = layer.mask {
                // A mask past the nesting limit masks everything out.
                guard nesting < RenderList.maxNesting else { return nil }
                let flip: Double = layer.isGeometryFlipped ? -1 : 1
                mask = RenderList(
                    pixelWidth: canvas.width, pixelHeight: canvas.height,
                    items: items(
                        roots: [maskLayer], plane: restingMatrix.flattenedToPlane, orientation: orientation * flip,
                        depth: depth + 1, nesting: nesting + 1, rootLevel: nil).items)
            }

            let shorter = Swift.min(bounds.width, bounds.height)
            let hasArea = shorter > 0
            let background = Self.tinted(layer.backgroundColor, tint).flatMap { $0.alpha > 0 && hasArea && !drawsNothing ? $0 : nil }
            let borderWidth = Swift.min(Swift.max(layer.borderWidth, 0), shorter / 2)
            let borderColor = Self.tinted(layer.borderColor, tint)
                .flatMap { $0.alpha > 0 && borderWidth > 0 && !drawsNothing ? $0 : nil }
            var contents = drawsNothing ? nil : contents(of: layer, bounds: bounds, orientation: orientation, plane: plane)
            var shadow = contentOnly || drawsNothing
                ? nil : Self.shadow(of: layer, bounds: bounds, matrix: restingMatrix, path: !inContext)
            if let tint {
                // A replicator's copy (§ 19): every colour multiplied, channel by channel.
                let clamped = Self.clampedColor(tint)
                contents?.tint = Self.premultipliedTint(clamped)
                if contents?.tint == SIMD4(repeating: 0) { contents = nil }
                if var tintedShadow = shadow {
                    tintedShadow.color = Color(tintedShadow.color.components * clamped)
                    shadow = tintedShadow.color.alpha > 0 ? tintedShadow : nil
                }
            }
            let maskedCorners = layer.maskedCorners
            return Item(
                name: layer.name, depth: depth, parent: parent, subtreeEnd: 0, matrix: matrix, bounds: bounds,
                cornerRadius: maskedCorners.isEmpty ? 0 : Swift.min(Swift.max(layer.cornerRadius, 0), shorter / 2),
                maskedCorners: maskedCorners, cornerCurve: layer.cornerCurve,
                backgroundColor: background, borderWidth: borderColor == nil ? 0 : borderWidth, borderColor: borderColor,
                contents: contents,
                drawing: drawsNothing ? nil : Self.tinted(Self.drawing(of: layer, bounds: bounds, map: plane), tint),
                shadow: shadow,
                mask: mask,
                transition: transition,
                orientation: orientation, masksToBounds: layer.masksToBounds, opacity: opacity, drawOpacity: 1,
                groupOpacity: nil, pixelBounds: hasArea ? pixelBounds(of: bounds, under: plane, within: canvas) : .empty,
                extent: .empty)
        }

        /// `color` with its channels multiplied by `tint` (clamped to 0…1), `nil` for `nil`.
        @inline(__always)
        static func tinted(_ color: Color?, _ tint: SIMD4<Double>?) -> Color? {
            guard let tint, let color else { return color }
            return Color(color.components * clampedColor(tint))
        }

        /// A content layer's drawing in a replicator's copy (§ 19): its fill and stroke
        /// colours, or its gradient's colours, multiplied by `tint` as `tinted(_:_:)`
        /// multiplies a colour. Out of line: only copies of a tinting replicator get here.
        @inline(__always)
        static func tinted(_ drawing: RenderList.Drawing?, _ tint: SIMD4<Double>?) -> RenderList.Drawing? {
            guard let tint, let drawing else { return drawing }
            return tintedDrawing(drawing, tint)
        }

        @inline(never)
        static func tintedDrawing(_ drawing: RenderList.Drawing, _ tint: SIMD4<Double>) -> RenderList.Drawing {
            let multiplier = clampedColor(tint)
            switch drawing {
            case .shape(var shape):
                shape.fillColor = Color(shape.fillColor.components * multiplier)
                shape.strokeColor = Color(shape.strokeColor.components * multiplier)
                return .shape(shape)
            case .gradient(var gradient):
                gradient.gradient.colors = gradient.gradient.colors.map { Color($0.components * multiplier) }
                return .gradient(gradient)
            }
        }

        /// A clamped colour multiplier as the contents sampler applies it: premultiplied,
        /// in `Float`s (`RenderList.Contents.tint`).
        static func premultipliedTint(_ c: SIMD4<Double>) -> SIMD4<Float> {
            SIMD4<Float>(Float(c.x * c.w), Float(c.y * c.w), Float(c.z * c.w), Float(c.w))
        }

        static func clampedColor(_ c: SIMD4<Double>) -> SIMD4<Double> {
            c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        }

        /// The layer's contents as drawn (§ 9), `nil` when they draw nothing: its backing
        /// store painted (§ 16) when it has one, else its `contents`. A presentation snapshot
        /// marked as needing display (an animated key of `needsDisplayKeys`) displays first.
        /// A bitmap gets its mip chain only when this draw may minify it.
        func contents(of layer: Layer, bounds: Rect, orientation: Double, plane: PlaneMap) -> Contents? {
            if layer.isPresentation { layer.displayIfNeeded() }
            var value = layer.contents, scale = layer.contentsScale
            if let store = layer.backingStore {
                value = backingStore(store)
                scale = store.effectiveScale
            }
            guard let value,
                  let layout = ContentsLayout(
                    bounds: bounds, imageSize: value.pixelSize, gravity: layer.contentsGravity,
                    contentsRect: layer.contentsRect, contentsCenter: layer.contentsCenter,
                    contentsScale: scale, rowZeroAtUnitYZero: orientation > 0)
            else { return nil }
            let mipmapped = ContentsSampler.needsMipmaps(
                layout: layout, map: plane, minification: layer.minificationFilter, bias: layer.minificationFilterBias)
            return Contents(
                image: image(value, mipmapped), layout: layout, magnificationFilter: layer.magnificationFilter,
                minificationFilter: layer.minificationFilter, minificationFilterBias: layer.minificationFilterBias)
        }

        /// The layer's shadow in pixels (§ 10), `nil` when it casts none: opacity or colour
        /// alpha 0, an empty `shadowPath`, or the centre of its bounds behind the viewer.
        /// `path` false: the shape is the layer's alpha whatever `shadowPath` says.
        static func shadow(of layer: Layer, bounds: Rect, matrix: Transform3D, path usesPath: Bool = true) -> Shadow? {
            let plane = PlaneMap(matrix)
            let opacity = Swift.min(Swift.max(layer.shadowOpacity, 0), 1)
            guard opacity > 0, var color = layer.shadowColor, color.alpha > 0 else { return nil }
            color.alpha *= opacity
            // The Jacobian of the layer-to-pixel map at the centre of the bounds.
            let h = plane.homogeneous(bounds.midX, bounds.midY)
            guard h.z > 0 else { return nil }
            let p = SIMD2(h.x, h.y) / h.z
            let dx = (SIMD2(plane.r1.x, plane.r1.y) - p * plane.r1.z) / h.z
            let dy = (SIMD2(plane.r2.x, plane.r2.y) - p * plane.r2.z) / h.z
            let radius = Swift.max(layer.shadowRadius, 0)
            let sigma = radius * abs(dx.x * dy.y - dx.y * dy.x).squareRoot()
            let offset = dx * layer.shadowOffset.width + dy * layer.shadowOffset.height
            guard sigma.isFinite, offset.x.isFinite, offset.y.isFinite else { return nil }
            // An explicit path is the shape (an empty or non-finite one: no shadow).
            let path = usesPath ? layer.shadowPath : nil
            if let path, path.isEmpty || !path.isFinite { return nil }
            return Shadow(
                color: color, sigma: sigma, offset: offset, path: path, masksToBounds: layer.masksToBounds, matrix: matrix)
        }
    }

    /// The pixels the list's items can touch (the union of its roots' extents).
    var extent: PixelRect {
        items.reduce(PixelRect.empty) { $1.parent == nil ? $0.union($1.extent) : $0 }
    }
}
