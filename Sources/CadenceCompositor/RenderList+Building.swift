import CadenceGeometry
import CadenceLayers

extension RenderList {
    /// The list of the trees under `roots`, read as they are (pass presentation snapshots
    /// for a frame at a time), on a canvas of `pixelWidth × pixelHeight` pixels with
    /// `scale` pixels per point and the root space's origin at `origin`.
    ///
    /// Three passes over explicit stacks (no recursion, so any depth is safe): a depth-first
    /// walk that places each layer (`transformToSuperlayer`, then the superlayer's matrix
    /// flattened into its plane), culls, and sorts siblings; a forward pass that decides
    /// opacity groups; a backward pass that gathers each subtree's pixel extent.
    /// Cost: one 4×4 product and a sort of each layer's sublayers per layer.
    init(layers roots: [Layer], pixelWidth: Int, pixelHeight: Int, scale: Double, origin: Canvas.Origin) {
        let canvas = PixelRect(width: Swift.max(pixelWidth, 0), height: Swift.max(pixelHeight, 0))
        let flipped = origin == .bottomLeft
        let canvasMatrix = Transform3D(
            rows: SIMD4(scale, 0, 0, 0), SIMD4(0, flipped ? -scale : scale, 0, 0), SIMD4(0, 0, 1, 0),
            SIMD4(0, flipped ? Double(pixelHeight) : 0, 0, 1))
        // The canvas's own orientation, divided out of the back-face test.
        let orientation: Double = flipped ? -1 : 1

        var items: [Item] = []
        var sublayerCounts: [Int] = []

        struct Frame {
            var item: Int?
            var plane: Transform3D
            var children: [Layer]
            var next = 0
        }
        var stack = [Frame(item: nil, plane: canvasMatrix, children: Self.paintOrder(roots))]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].children.count else {
                if let finished = stack.removeLast().item { items[finished].subtreeEnd = items.count }
                continue
            }
            let layer = stack[top].children[stack[top].next]
            stack[top].next += 1
            let parent = stack[top].item
            guard let item = Self.item(
                for: layer, parent: parent, depth: top, parentPlane: stack[top].plane, orientation: orientation,
                canvas: canvas)
            else { continue }
            let index = items.count
            items.append(item)
            sublayerCounts.append(0)
            if let parent { sublayerCounts[parent] += 1 }
            if layer.sublayers.isEmpty {
                items[index].subtreeEnd = index + 1
            } else {
                stack.append(Frame(item: index, plane: item.matrix.flattenedToPlane, children: Self.paintOrder(layer.sublayers)))
            }
        }

        // Opacity: fold it into the drawing where that gives the same pixels, else a group.
        var passedDown = [Double](repeating: 1, count: items.count)
        for i in items.indices {
            let arriving = items[i].parent.map { passedDown[$0] } ?? 1
            let alpha = arriving * items[i].opacity
            let sublayers = sublayerCounts[i]
            if alpha >= 1 {
                items[i].drawOpacity = 1
            } else if sublayers == 0 && !items[i].hasContents {
                items[i].drawOpacity = alpha  // background and border blend in one pass
            } else if sublayers == 1 && !items[i].drawsItself {
                items[i].drawOpacity = alpha  // nothing of its own: the one sublayer carries it
                passedDown[i] = alpha
            } else {
                items[i].drawOpacity = 1
                items[i].groupOpacity = alpha
            }
        }

        // Extents, children before parents.
        var sublayerExtents = [PixelRect](repeating: .empty, count: items.count)
        for i in items.indices.reversed() {
            var extent = items[i].drawsItself ? items[i].pixelBounds : .empty
            extent = extent.union(sublayerExtents[i])
            if items[i].clipsToBounds { extent = extent.intersection(items[i].pixelBounds) }
            items[i].extent = extent
            if let parent = items[i].parent { sublayerExtents[parent] = sublayerExtents[parent].union(extent) }
        }
        self.init(pixelWidth: pixelWidth, pixelHeight: pixelHeight, items: items)
    }

    /// `layers` back to front: by `zPosition`, equal ones in their given order.
    static func paintOrder(_ layers: [Layer]) -> [Layer] {
        layers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    }

    /// The item of `layer`, or `nil` when it is culled with its sublayers: hidden, opacity
    /// 0, a matrix that is not finite or collapses the plane (edge-on), or facing away
    /// from the viewer when not double-sided.
    static func item(
        for layer: Layer, parent: Int?, depth: Int, parentPlane: Transform3D, orientation: Double, canvas: PixelRect
    ) -> Item? {
        guard !layer.isHidden else { return nil }
        let opacity = Swift.min(Swift.max(layer.opacity, 0), 1)
        guard opacity > 0 else { return nil }
        let matrix = layer.transformToSuperlayer.concatenating(parentPlane)
        let plane = PlaneMap(matrix)
        let bounds = layer.bounds.standardized
        // Singular about the layer's middle: where the bounds sit does not count.
        guard matrix.isFinite, !PlaneMap.translation(bounds.midX, bounds.midY).concatenating(plane).isSingular
        else { return nil }
        // The sign of the plane map's determinant is the orientation of the layer's image
        // wherever it is in front of the viewer (the Jacobian of a homography is det / w³).
        if !layer.isDoubleSided && plane.determinant * orientation < 0 { return nil }

        let shorter = Swift.min(bounds.width, bounds.height)
        let hasArea = shorter > 0
        let background = layer.backgroundColor.flatMap { $0.alpha > 0 && hasArea ? $0 : nil }
        let borderWidth = Swift.min(Swift.max(layer.borderWidth, 0), shorter / 2)
        let borderColor = layer.borderColor.flatMap { $0.alpha > 0 && borderWidth > 0 ? $0 : nil }
        return Item(
            name: layer.name, depth: depth, parent: parent, subtreeEnd: 0, matrix: matrix, bounds: bounds,
            cornerRadius: Swift.min(Swift.max(layer.cornerRadius, 0), shorter / 2),
            backgroundColor: background, borderWidth: borderColor == nil ? 0 : borderWidth, borderColor: borderColor,
            hasContents: layer.contents != nil, clipsToBounds: layer.masksToBounds, opacity: opacity, drawOpacity: 1,
            groupOpacity: nil, pixelBounds: hasArea ? pixelBounds(of: bounds, under: plane, within: canvas) : .empty,
            extent: .empty)
    }

    /// The pixels the image of `rect` under `map` can touch, one pixel of margin for the
    /// anti-aliased edge, within `limit`. The quadrilateral is first clipped to the part in
    /// front of the viewer (w ≥ 1e-9 of the largest |w| of its corners), whose image is
    /// bounded.
    static func pixelBounds(of rect: Rect, under map: PlaneMap, within limit: PixelRect) -> PixelRect {
        let corners = [
            map.homogeneous(rect.minX, rect.minY), map.homogeneous(rect.maxX, rect.minY),
            map.homogeneous(rect.maxX, rect.maxY), map.homogeneous(rect.minX, rect.maxY),
        ]
        let epsilon = 1e-9 * corners.map { abs($0.z) }.max()!
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
}
