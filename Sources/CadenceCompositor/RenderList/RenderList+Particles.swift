import CadenceGeometry
import CadenceLayers
import CadencePixels

// An emitter layer's particles as items of the render list (`docs/compositor.md` § 20).

extension RenderList.Builder {
    /// Appends the particles of `emitter` (whose item is `items[index]`) as items of their
    /// own under it, before its sublayers, in the emitter's `renderMode` order: each its
    /// cell's `contents` centred on the particle, scaled by its scale over the cell's
    /// `contentsScale`, rotated by its rotation, tinted by its colour (premultiplied, the
    /// replicator copies' tint path). Cells without contents, particles of scale ≤ 0 or
    /// of alpha 0 draw nothing. The particles are those at the snapshot's
    /// `presentationTime` (0 for a model layer). `tint`: a replicator's colour multiplier
    /// in force (§ 19), multiplying every particle's colour.
    func appendParticles(
        of emitter: EmitterLayer, at index: Int, depth: Int, orientation: Double, tint: SIMD4<Double>?,
        into items: inout [RenderList.Item]
    ) {
        let particles = emitter.particles(at: emitter.presentationTime ?? 0)
        guard !particles.isEmpty else { return }
        items.reserveCapacity(items.count + particles.count)
        let plane = items[index].matrix.flattenedToPlane
        var looks: [[Int]: ParticleLook] = [:]
        let cells = emitter.emitterCells
        for particle in particles {
            let look: ParticleLook
            if let known = looks[particle.cell] { look = known } else {
                look = ParticleLook(cell: Self.cell(at: particle.cell, in: cells), orientation: orientation)
                looks[particle.cell] = look
            }
            guard let bitmap = look.bitmap, let layout = look.layout else { continue }
            let s = particle.scale / look.contentsScale
            let c = tint.map { particle.color * Self.clampedColor($0) } ?? particle.color
            let alpha = c.w
            guard s > 0, s.isFinite, alpha > 0 else { continue }
            let position = particle.position
            let local = Transform3D(scaleX: s, y: s, z: 1)
                .concatenating(Transform3D(rotationAngle: particle.rotation, x: 0, y: 0, z: 1))
                .concatenating(Transform3D(translationX: position.x, y: position.y, z: 0))
            let matrix = local.concatenating(plane)
            guard matrix.isFinite else { continue }
            let map = PlaneMap(matrix)
            guard !map.isSingular else { continue }
            let mipmapped = ContentsSampler.needsMipmaps(layout: layout, map: map, minification: .linear, bias: 0)
            let image: ContentsImage
            if mipmapped {
                if looks[particle.cell]?.mipmappedImage == nil { looks[particle.cell]?.mipmappedImage = self.image(bitmap, true) }
                image = looks[particle.cell]!.mipmappedImage!
            } else {
                if looks[particle.cell]?.image == nil { looks[particle.cell]?.image = self.image(bitmap, false) }
                image = looks[particle.cell]!.image!
            }
            var contents = RenderList.Contents(
                image: image, layout: layout, magnificationFilter: .linear, minificationFilter: .linear,
                minificationFilterBias: 0)
            if c != SIMD4(repeating: 1) {
                contents.tint = Self.premultipliedTint(c)
            }
            let bounds = look.bounds
            items.append(RenderList.Item(
                name: nil, depth: depth, parent: index, subtreeEnd: items.count + 1, matrix: matrix, bounds: bounds,
                cornerRadius: 0, maskedCorners: .all, cornerCurve: .circular,
                backgroundColor: nil, borderWidth: 0, borderColor: nil, contents: contents, drawing: nil, shadow: nil,
                mask: nil, transition: nil, orientation: orientation, masksToBounds: false, opacity: 1, drawOpacity: 1,
                groupOpacity: nil, pixelBounds: RenderList.pixelBounds(of: bounds, under: map, within: canvas), extent: .empty))
        }
    }

    /// The cell at index path `path` of `cells`.
    static func cell(at path: [Int], in cells: [EmitterCell]) -> EmitterCell {
        var cell = cells[path[0]]
        for i in path.dropFirst() { cell = cell.emitterCells[i] }
        return cell
    }

    /// What every particle of one cell shares: its image, its bounds (the image's size in
    /// points, centred on the origin) and how the image fills them.
    struct ParticleLook {
        var bitmap: Bitmap?
        var contentsScale = 1.0
        var bounds = Rect.zero
        var layout: ContentsLayout?
        var image: ContentsImage?
        var mipmappedImage: ContentsImage?

        init(cell: EmitterCell, orientation: Double) {
            guard let bitmap = cell.contents else { return }
            let scale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1
            let size = bitmap.pixelSize
            let bounds = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
            self.bitmap = bitmap
            self.contentsScale = scale
            self.bounds = bounds
            layout = ContentsLayout(
                bounds: bounds, imageSize: size, gravity: .resize, contentsRect: Rect(x: 0, y: 0, width: 1, height: 1),
                contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1), contentsScale: 1,
                rowZeroAtUnitYZero: orientation > 0)
        }
    }
}
