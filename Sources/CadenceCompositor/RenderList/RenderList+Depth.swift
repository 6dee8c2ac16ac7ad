import CadenceGeometry
import CadenceLayers
import CadencePixels

// 3D rendering contexts (`docs/compositor.md` § 19): a transform layer, or a replicator
// that preserves depth, keeps its sublayers in 3D. Each "face" below it — a layer that is
// not itself a transform layer, flattened within itself as usual — is placed in the space
// of the context's superlayer without flattening, and the faces are drawn back to front,
// split where they cross (`DepthSort`).

extension RenderList.Builder {
    /// A face of a 3D context: a layer drawn as an ordinary subtree whose root is placed by
    /// `level` (its whole 3D chain to the context's space: the superlayer's space of the
    /// context's root), its opacity times `opacity` (the transform layers' above it, each
    /// of which applies to every sublayer individually), its colours times `tint`.
    struct Face {
        var layer: Layer
        var level: Transform3D
        var opacity: Double
        var tint: SIMD4<Double>?
        var orientation: Double
    }

    /// Appends a transform layer `layer` (placed by `level` in `plane`) with its faces: an
    /// item that draws nothing (Core Animation ignores a transform layer's background,
    /// border, contents, shadow, mask and `masksToBounds`; its opacity multiplies each
    /// sublayer's instead of making a group), then the faces back to front. Nothing when it
    /// is hidden, of opacity 0, or its matrix is not finite. It is never culled for being
    /// edge-on or turned away: it has no plane of its own that shows.
    func appendContext(
        of layer: Layer, level: Transform3D, parent: Int?, depth: Int, plane: Transform3D, orientation: Double,
        nesting: Int, tint: SIMD4<Double>?, copied: inout Int, into items: inout [RenderList.Item]
    ) {
        let opacity = Swift.min(Swift.max(layer.opacity, 0), 1)
        let matrix = level.concatenating(plane)
        guard !layer.isHidden, opacity > 0, matrix.isFinite else { return }
        let index = items.count
        items.append(RenderList.Item(
            name: layer.name, depth: depth, parent: parent, subtreeEnd: index + 1, matrix: matrix,
            bounds: layer.bounds.standardized, cornerRadius: 0, maskedCorners: [], cornerCurve: .circular,
            backgroundColor: nil, borderWidth: 0, borderColor: nil, contents: nil, shadow: nil, mask: nil,
            transition: nil, orientation: orientation, masksToBounds: false, opacity: 1, drawOpacity: 1,
            groupOpacity: nil, pixelBounds: .empty, extent: .empty))
        appendFaces(
            of: layer, level: level, at: index, plane: plane, depth: depth + 1, orientation: orientation,
            nesting: nesting, opacity: opacity, tint: tint, copied: &copied, into: &items)
        items[index].subtreeEnd = items.count
    }

    /// Appends the faces under the 3D layer `root` (a transform layer, or a replicator
    /// that preserves depth, placed by `level` in `plane`, its item at `rootIndex`) back to
    /// front, as sublayers of that item: each face's subtree as `items(roots:…)` builds it,
    /// once per piece the depth sort cuts it into, the piece's root carrying the cut
    /// (`Item.fragment`).
    func appendFaces(
        of root: Layer, level: Transform3D, at rootIndex: Int, plane: Transform3D, depth: Int, orientation: Double,
        nesting: Int, opacity: Double, tint: SIMD4<Double>?, copied: inout Int, into items: inout [RenderList.Item]
    ) {
        let faces = Self.faces(of: root, level: level, orientation: orientation, opacity: opacity, tint: tint, copied: &copied)
        var lists: [[RenderList.Item]] = []
        var regions: [Rect] = []
        var levels: [Transform3D] = []
        var polygons: [[SIMD3<Double>]] = []
        for face in faces {
            let list = self.items(
                roots: [face.layer], plane: plane, orientation: face.orientation, depth: depth, nesting: nesting,
                rootLevel: nil, face: face).items
            guard let region = Self.region(of: list) else { continue }
            lists.append(list)
            regions.append(region)
            levels.append(face.level)
            polygons.append(Self.polygon(region, under: face.level))
        }
        for piece in DepthSort.backToFront(polygons) {
            let offset = items.count
            for var item in lists[piece.polygon] {
                item.parent = item.parent.map { $0 + offset } ?? rootIndex
                item.subtreeEnd += offset
                items.append(item)
            }
            if !piece.cuts.isEmpty {
                items[offset].fragment = Self.fragment(
                    of: regions[piece.polygon], under: levels[piece.polygon], cutBy: piece.cuts)
            }
        }
    }

    /// The faces under `root`, in paint order (depth first, siblings by `zPosition` then
    /// index; a replicator's copies one after another): every sublayer (of every copy) that
    /// is not itself a transform layer, with its chain to the context's space; transform
    /// layers below are walked through (hidden ones and those of opacity 0 with everything
    /// under them left out). Copies charge `copied` as in the flat walk.
    static func faces(
        of root: Layer, level: Transform3D, orientation: Double, opacity: Double, tint: SIMD4<Double>?, copied: inout Int
    ) -> [Face] {
        var faces: [Face] = []
        // Depth first in paint order: an explicit stack of the layers still to visit, last
        // to visit first.
        var stack: [Face] = [Face(layer: root, level: level, opacity: opacity, tint: tint, orientation: orientation)]
        var expandRoot = true
        while let node = stack.popLast() {
            let layer = node.layer
            guard expandRoot || layer.layerClass == .transform else {
                faces.append(node)
                continue
            }
            expandRoot = false
            let flip: Double = layer.isGeometryFlipped ? -1 : 1
            var children: [Face] = []
            func add(_ sublayers: [Layer], instance: Transform3D?, tint: SIMD4<Double>?) {
                for child in Layer.paintOrder(sublayers) where !child.isHidden {
                    let childLevel = (instance.map(child.transformToSuperlayer(instance:)) ?? child.transformToSuperlayer)
                        .concatenating(node.level)
                    let isTransform = child.layerClass == .transform
                    let childOpacity = isTransform ? Swift.min(Swift.max(child.opacity, 0), 1) : 1
                    guard childOpacity > 0 else { continue }
                    children.append(Face(
                        layer: child, level: childLevel, opacity: node.opacity * childOpacity, tint: tint,
                        orientation: node.orientation * flip))
                }
            }
            if let replicator = layer as? ReplicatorLayer {
                var frame = Frame(item: nil, plane: .identity, orientation: 1, children: replicator.sublayers)
                guard let copies = Copies(replicator, tint: node.tint) else { continue }
                frame.copies = copies
                add(replicator.sublayers, instance: nil, tint: copies.tint)
                while nextCopy(of: &frame, copied: &copied) {
                    add(frame.children, instance: frame.copies?.transform, tint: frame.tint)
                }
            } else {
                add(layer.sublayers, instance: nil, tint: node.tint)
            }
            stack.append(contentsOf: children.reversed())
        }
        return faces
    }

    /// The rectangle, in the face root's own coordinates, around the bounds of every item of
    /// a face's list (the part of the face's plane it can draw in, without anti-aliasing);
    /// `nil` when the list is empty (the face is culled) or the rectangle has no area.
    static func region(of list: [RenderList.Item]) -> Rect? {
        guard let root = list.first, let inverse = PlaneMap(root.matrix).inverse else { return nil }
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        for item in list {
            let toRoot = PlaneMap(item.matrix).concatenating(inverse)
            let b = item.bounds
            for (x, y) in [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)] {
                let h = toRoot.homogeneous(x, y)
                guard h.z > 0 else { continue }
                let p = SIMD2(h.x, h.y) / h.z
                guard p.x.isFinite, p.y.isFinite else { continue }
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
        }
        guard lo.x < hi.x, lo.y < hi.y else { return nil }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// `rect` (in a face's plane) under `level`, as post-projective points: cut to
    /// `w ≥ 1e-9 · max w`, then divided.
    static func polygon(_ rect: Rect, under level: Transform3D) -> [SIMD3<Double>] {
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
            .map { level.homogeneous(x: $0.0, y: $0.1, z: 0) }
        let epsilon = 1e-9 * corners.reduce(0) { Swift.max($0, $1.w) }
        guard epsilon > 0 else { return [] }
        var points: [SIMD3<Double>] = []
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            if a.w >= epsilon { points.append(SIMD3(a.x, a.y, a.z) / a.w) }
            if (a.w >= epsilon) != (b.w >= epsilon) {
                let h = a + (b - a) * ((epsilon - a.w) / (b.w - a.w))
                points.append(SIMD3(h.x, h.y, h.z) / h.w)
            }
        }
        return points.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite } ? points : []
    }

    /// The piece of a face that a cut keeps, as a convex polygon in the face's own
    /// coordinates: `region` grown by its own size on every side (so that anti-aliased edges
    /// and the region's rounding stay inside), cut by each plane's half-plane. A plane
    /// `(n, d)` of the post-projective space keeps the points of the face whose homogeneous
    /// image `H = (u, v, 0, 1) · level` has `n · H.xyz + d · H.w ≥ 0` (`H.w > 0` in front of
    /// the viewer): a half-plane `a·u + b·v + c ≥ 0`.
    static func fragment(of region: Rect, under level: Transform3D, cutBy cuts: [SIMD4<Double>]) -> [Point] {
        let grow = Swift.max(region.width, region.height)
        var polygon: [SIMD2<Double>] = [
            SIMD2(region.minX - grow, region.minY - grow), SIMD2(region.maxX + grow, region.minY - grow),
            SIMD2(region.maxX + grow, region.maxY + grow), SIMD2(region.minX - grow, region.maxY + grow),
        ]
        for cut in cuts where !polygon.isEmpty {
            func side(_ row: SIMD4<Double>) -> Double { cut.x * row.x + cut.y * row.y + cut.z * row.z + cut.w * row.w }
            let a = side(level.r1), b = side(level.r2), c = side(level.r4)
            let scale = Swift.max(abs(a), abs(b), abs(c))
            guard scale > 0, scale.isFinite else { continue }
            let line = SIMD3(a, b, c) / scale
            var kept: [SIMD2<Double>] = []
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                let sp = line.x * p.x + line.y * p.y + line.z, sq = line.x * q.x + line.y * q.y + line.z
                if sp >= 0 { kept.append(p) }
                if (sp > 0 && sq < 0) || (sp < 0 && sq > 0) { kept.append(p + (q - p) * (sp / (sp - sq))) }
            }
            polygon = kept
        }
        return polygon.map { Point(x: $0.x, y: $0.y) }
    }
}
