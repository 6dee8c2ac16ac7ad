import CCadenceFeatures
import CadenceGeometry
import CadenceLayers
import CadencePixels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// An emitter layer's particles in the render list (`docs/compositor.md` § 20): packed into
// the emitter's item for the sprite kernel, or — under perspective, and as the slow
// reference twin in tests — as items of their own.

extension RenderList.Builder {
    /// Adds the particles of `emitter` (whose item is `items[index]`) to the list, in the
    /// emitter's `renderMode` order: each its cell's `contents` centred on the particle,
    /// scaled by its scale over the cell's `contentsScale`, rotated by its rotation, tinted
    /// by its colour (premultiplied). Cells without contents, particles of scale ≤ 0 or of
    /// alpha 0 draw nothing. The particles are those at the snapshot's `presentationTime`
    /// (0 for a model layer). `tint`: a replicator's colour multiplier in force (§ 19),
    /// multiplying every particle's colour.
    ///
    /// When the emitter's plane is affine (and `particleSprites`), the particles go into
    /// the emitter's item as `Sprites`; otherwise each becomes an item of its own under it,
    /// before its sublayers (`appendParticleItems`).
    func appendParticles(
        of emitter: EmitterLayer, at index: Int, depth: Int, orientation: Double, tint: SIMD4<Double>?,
        into items: inout [RenderList.Item]
    ) {
        let time = emitter.presentationTime ?? 0
        let additive = emitter.renderMode == .additive
        let plane = items[index].matrix.flattenedToPlane
        let map = PlaneMap(plane)
        guard particleSprites, map.isAffine, map.r3.z > 0, map.isFinite else {
            let particles = emitter.particles(at: time)
            return appendParticleItems(
                particles, cells: emitter.emitterCells, plane: plane, at: index, depth: depth, orientation: orientation,
                tint: tint, additive: additive, into: &items)
        }
        if let pool = spritePool {
            emitter.particles(at: time, into: &pool.particles)
            items[index].sprites = sprites(
                of: pool.particles.particles, cells: emitter.emitterCells, map: map, orientation: orientation,
                tint: tint, additive: additive, storage: pool.storage())
        } else {
            items[index].sprites = sprites(
                of: emitter.particles(at: time), cells: emitter.emitterCells, map: map, orientation: orientation,
                tint: tint, additive: additive, storage: SpriteStorage())
        }
    }

    /// The particles packed for the sprite kernel into `storage` (emptied), under the
    /// emitter's affine plane `map`; `nil` when none is drawn.
    ///
    /// Per particle: its 2 × 2 matrix `s · R(θ) · A` (`A` the plane's linear part, `s` its
    /// scale over the cell's `contentsScale`), its centre in pixels, the inverse (pixels to
    /// its layer coordinates; v negated where image rows run up), the bounds of its image in
    /// pixels with the anti-aliasing pixel (as `RenderList.pixelBounds`), its mip level
    /// (`ContentsSampler.choose` on the inverse's footprint: the level the general path
    /// reads), and its tint, premultiplied, rounded to 1/256ths. The rotation's sine and cosine
    /// are each within 1 ulp of `sin` and `cos` (`cadence_sincos_polynomial`), and the inverse
    /// multiplies by `1 / s` (each entry within a relative 2⁻⁵² of the quotient): the general
    /// path, the twin, takes them from the C library and divides, so the two may differ in the
    /// last bits of a map, far under the kernel's 1/256 fractions. Cost: about 110 operations a
    /// particle, one division, no call; no allocation once `storage` has grown.
    func sprites(
        of particles: [Particle], cells: [EmitterCell], map: PlaneMap, orientation: Double, tint: SIMD4<Double>?,
        additive: Bool, storage: SpriteStorage
    ) -> RenderList.Sprites? {
        guard !particles.isEmpty else { return nil }
        storage.additive = additive
        storage.flipped = orientation < 0
        // The plane's linear part (w normalised to 1) and its inverse.
        let w = map.r3.z
        let a11 = map.r1.x / w, a12 = map.r1.y / w, a21 = map.r2.x / w, a22 = map.r2.y / w
        let tx = map.r3.x / w, ty = map.r3.y / w
        let det = a11 * a22 - a12 * a21
        guard det != 0, det.isFinite else { return nil }
        let i11 = a22 / det, i12 = -a12 / det, i21 = -a21 / det, i22 = a11 / det
        let flip: Double = orientation < 0 ? -1 : 1
        let multiplier = tint.map(Self.clampedColor)
        var extent = PixelRect.empty
        var area = 0
        // The cell of the particle before (its scalars: reading the cell itself would retain
        // its image and bitmap per particle).
        var current = -1
        var hasContents = false, mipmapped = false, contentsScale = 1.0, hw = 0.0, hh = 0.0, levels = 1
        // The per-particle arrays are filled as locals and put back at the end: appending to
        // the storage's properties checked exclusive access at run time, five times a particle.
        var bounds: [SIMD4<Int32>] = [], centers: [SIMD2<Double>] = [], maps: [SIMD8<Float>] = []
        var tints: [SIMD4<UInt16>] = [], cellLevels: [UInt32] = []
        swap(&bounds, &storage.bounds)
        swap(&centers, &storage.centers)
        swap(&maps, &storage.maps)
        swap(&tints, &storage.tints)
        swap(&cellLevels, &storage.cellLevels)
        defer {
            swap(&bounds, &storage.bounds)
            swap(&centers, &storage.centers)
            swap(&maps, &storage.maps)
            swap(&tints, &storage.tints)
            swap(&cellLevels, &storage.cellLevels)
        }
        // A `Particle` is plain data (its cell path inline), so the copy a particle is a
        // load, without reference counting.
        for particle in particles {
            let flat = particle.cellIndex
            guard flat >= 0, flat < 1 << 24 else { continue }
            if flat != current {
                current = flat
                if storage.seen.count <= flat {
                    storage.seen.append(contentsOf: repeatElement(false, count: flat + 1 - storage.seen.count))
                    storage.cells.append(contentsOf: repeatElement(nil, count: flat + 1 - storage.cells.count))
                }
                if !storage.seen[flat] {
                    storage.seen[flat] = true
                    storage.cells[flat] = spriteCell(Self.cell(at: particle.cell, in: cells))
                }
                hasContents = storage.cells[flat] != nil
                if let cell = storage.cells[flat] {
                    mipmapped = cell.mipmapped
                    contentsScale = cell.contentsScale
                    hw = Double(cell.halfWidth)
                    hh = Double(cell.halfHeight)
                    levels = cell.image.levelCount
                }
            }
            guard hasContents else { continue }
            let s = particle.scale / contentsScale
            let c = multiplier.map { particle.color * $0 } ?? particle.color
            guard s > 0, s.isFinite, c.w > 0 else { continue }
            // Both within 1 ulp of `sin` and `cos`, without a call (`cadence_sincos_polynomial`).
            var sn = 0.0, cs = 0.0
            cadence_sincos_polynomial(particle.rotation, &sn, &cs)
            // The matrix s·R(θ)·A, row vectors.
            let r11 = s * cs, r12 = s * sn
            let m11 = r11 * a11 + r12 * a21, m12 = r11 * a12 + r12 * a22
            let m21 = r11 * a21 - r12 * a11, m22 = r11 * a22 - r12 * a12
            let p = particle.position
            let center = SIMD2(p.x * a11 + p.y * a21 + tx, p.x * a12 + p.y * a22 + ty)
            // Its inverse, A⁻¹ · R(−θ) / s: one division, each entry within a relative 2⁻⁵²
            // of its quotient by s.
            let inverseScale = 1 / s
            let n11 = (i11 * cs + i12 * sn) * inverseScale, n12 = (i12 * cs - i11 * sn) * inverseScale
            let n21 = (i21 * cs + i22 * sn) * inverseScale, n22 = (i22 * cs - i21 * sn) * inverseScale
            let reach = SIMD2(abs(m11) * hw + abs(m21) * hh, abs(m12) * hw + abs(m22) * hh)
            guard center.x.isFinite, center.y.isFinite, reach.x.isFinite, reach.y.isFinite,
                  n11.isFinite, n12.isFinite, n21.isFinite, n22.isFinite
            else { continue }
            let rect = PixelRect(covering: center - reach, center + reach, margin: 1, within: canvas)
            guard !rect.isEmpty else { continue }
            let ux = Float(n11), uy = Float(n21), vx = Float(flip * n12), vy = Float(flip * n22)
            let ppu = 1 / (ux * ux + uy * uy).squareRoot(), ppv = 1 / (vx * vx + vy * vy).squareRoot()
            guard ppu.isFinite, ppv.isFinite, ppu > 0, ppv > 0 else { continue }
            // The mip level the general path samples (its `choice.first`).
            let rho2 = Swift.max(n11 * n11 + n12 * n12, n21 * n21 + n22 * n22)
            var level = ContentsSampler.choose(
                rho2: Float(rho2), magnification: .linear, minification: .linear, bias: 0, last: 64).first
            if level > 0 && !mipmapped, let bitmap = storage.cells[flat]?.bitmap {
                let chain = image(bitmap, true)
                storage.cells[flat]?.image = chain
                storage.cells[flat]?.mipmapped = true
                mipmapped = true
                levels = chain.levelCount
            }
            level = Swift.min(level, levels - 1, 255)
            // Scalar conversions: the generic SIMD ones are calls and loops.
            let premultiplied = SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w) * 256
            let tintBits = SIMD4<UInt16>(
                UInt16(premultiplied.x.rounded()), UInt16(premultiplied.y.rounded()), UInt16(premultiplied.z.rounded()),
                UInt16(premultiplied.w.rounded()))
            bounds.append(SIMD4(Int32(rect.minX), Int32(rect.minY), Int32(rect.maxX), Int32(rect.maxY)))
            centers.append(center)
            maps.append(SIMD8(ux, uy, vx, vy, ppu, ppv, 0, 0))
            tints.append(tintBits)
            cellLevels.append(UInt32(flat) << 8 | UInt32(level))
            extent = extent.union(rect)
            area += rect.area
        }
        storage.extent = extent
        storage.pixelArea = area
        return bounds.isEmpty ? nil : RenderList.Sprites(storage: storage)
    }

    /// A cell's image for the sprites, `nil` when it has no contents (or an empty one).
    func spriteCell(_ cell: EmitterCell) -> SpriteStorage.Cell? {
        guard let bitmap = cell.contents, bitmap.width > 0, bitmap.height > 0 else { return nil }
        let scale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1
        return SpriteStorage.Cell(
            image: image(bitmap, false), bitmap: bitmap, mipmapped: false, halfWidth: Float(bitmap.width) / 2,
            halfHeight: Float(bitmap.height) / 2, contentsScale: scale)
    }

    /// The general path, the sprites' reference twin: each particle an item of its own
    /// under the emitter (`items[index]`), before its sublayers — contents of the image's
    /// size in points centred on the origin, gravity `resize`, placed by `scale ·
    /// rotation · translation(position)` in the emitter's `plane`, tinted by its colour
    /// (the tint path of replicator copies), added to what is under it when `additive`.
    func appendParticleItems(
        _ particles: [Particle], cells: [EmitterCell], plane: Transform3D, at index: Int, depth: Int,
        orientation: Double, tint: SIMD4<Double>?, additive: Bool, into items: inout [RenderList.Item]
    ) {
        guard !particles.isEmpty else { return }
        items.reserveCapacity(items.count + particles.count)
        var looks: [ParticleLook?] = []
        for particle in particles {
            let flat = particle.cellIndex
            guard flat >= 0 else { continue }
            if looks.count <= flat { looks.append(contentsOf: repeatElement(nil, count: flat + 1 - looks.count)) }
            if looks[flat] == nil {
                looks[flat] = ParticleLook(cell: Self.cell(at: particle.cell, in: cells), orientation: orientation)
            }
            guard let look = looks[flat], let bitmap = look.bitmap, let layout = look.layout else { continue }
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
                if look.mipmappedImage == nil { looks[flat]?.mipmappedImage = self.image(bitmap, true) }
                image = looks[flat]!.mipmappedImage!
            } else {
                if look.image == nil { looks[flat]?.image = self.image(bitmap, false) }
                image = looks[flat]!.image!
            }
            var contents = RenderList.Contents(
                image: image, layout: layout, magnificationFilter: .linear, minificationFilter: .linear,
                minificationFilterBias: 0)
            if c != SIMD4(repeating: 1) {
                contents.tint = Self.premultipliedTint(c)
            }
            contents.additive = additive
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

    /// What every particle of one cell shares on the general path: its image, its bounds
    /// (the image's size in points, centred on the origin) and how the image fills them.
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
