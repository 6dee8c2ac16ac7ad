import CadenceGeometry
import CadenceLayers
import CadencePixels

// An emitter's particles packed for the sprite kernel (`docs/compositor.md` § 20).

extension RenderList {
    /// An emitter layer's particles as one packed structure of arrays, drawn by the
    /// rasterizer's sprite kernel (`Rasterizer+Sprites.swift`) after the emitter's own
    /// contents and before its sublayers, in the order of the arrays (the render mode's).
    ///
    /// Particle `i` is its cell's image (`cells[cell(i)]`), a rectangle of the image's size
    /// centred on the origin, mapped to pixels by a 2 × 2 matrix and its centre
    /// (`centers[i]`): the inverse linear part and the reciprocal edge scales are in
    /// `maps[i]`, its premultiplied tint in 1/256ths in `tints[i]` (256 each: none), the
    /// mip level it samples with its cell in `cellLevels[i]`, and the pixels it can touch in
    /// `bounds[i]`. The emitter's plane is affine (under perspective the particles stay
    /// items of their own).
    ///
    /// Equality compares the particles' values and the cells' images by identity.
    public struct Sprites: Hashable, Sendable {
        let storage: SpriteStorage
        /// How many particles are drawn.
        public var count: Int { storage.bounds.count }
        /// Whether the particles are added to what is under them (`EmitterRenderMode.additive`)
        /// instead of drawn source-over.
        public var additive: Bool { storage.additive }
        /// The union of the particles' pixels.
        public var extent: PixelRect { storage.extent }
        /// The sum of the areas of the particles' pixel bounds: the kernel's work.
        public var pixelArea: Int { storage.pixelArea }

        public static func == (a: Sprites, b: Sprites) -> Bool {
            a.storage === b.storage || a.storage.isEqual(to: b.storage)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            hasher.combine(additive)
        }
    }
}

/// The arrays of `RenderList.Sprites`. A class so that a compositor can keep it and fill it
/// again next frame (`SpritePool`); immutable once its list is built, and only refilled when
/// no list holds it any more — hence `@unchecked Sendable`.
final class SpriteStorage: @unchecked Sendable {
    /// One cell's image (with its mip chain once a particle minifies it), its bitmap, its
    /// half size in layer units (the image's pixels) and its `contentsScale`.
    struct Cell {
        var image: ContentsImage
        var bitmap: Bitmap
        var mipmapped: Bool
        var halfWidth, halfHeight: Float
        var contentsScale: Double
    }

    /// Per particle: the pixels it can touch (`minX, minY, maxX, maxY`, within the canvas).
    var bounds: [SIMD4<Int32>] = []
    /// Per particle: its centre in pixels.
    var centers: [SIMD2<Double>] = []
    /// Per particle: `(ux, uy, vx, vy, pixelsPerU, pixelsPerV, ·, ·)`: the derivatives of
    /// its layer coordinates (from its centre) by pixel x and y, and pixels per layer unit
    /// across its u and v edges.
    var maps: [SIMD8<Float>] = []
    /// Per particle: its premultiplied tint, red, green, blue, alpha in 0…256.
    var tints: [SIMD4<UInt16>] = []
    /// Per particle: its cell (an index of `cells`) and its mip level, `cell << 8 | level`.
    var cellLevels: [UInt32] = []
    /// The cells' images and sizes, indexed by `Particle.cellIndex` (`nil`: a cell without
    /// contents, or not met yet), and whether each has been looked at.
    var cells: [Cell?] = []
    var seen: [Bool] = []
    /// Whether image rows run up (the emitter's y axis points up on the canvas).
    var flipped = false
    var additive = false
    var extent = PixelRect.empty
    var pixelArea = 0

    /// Empties the arrays, keeping their memory.
    func reset() {
        bounds.removeAll(keepingCapacity: true)
        centers.removeAll(keepingCapacity: true)
        maps.removeAll(keepingCapacity: true)
        tints.removeAll(keepingCapacity: true)
        cellLevels.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        flipped = false
        additive = false
        extent = .empty
        pixelArea = 0
    }

    func isEqual(to other: SpriteStorage) -> Bool {
        bounds == other.bounds && centers == other.centers && maps == other.maps && tints == other.tints
            && cellLevels == other.cellLevels && flipped == other.flipped && additive == other.additive
            && cells.count == other.cells.count
            && zip(cells, other.cells).allSatisfy { a, b in
                a?.image === b?.image && a?.halfWidth == b?.halfWidth && a?.halfHeight == b?.halfHeight
            }
    }
}

/// A compositor's memory for emitters, kept from frame to frame: particle buffers for
/// `EmitterLayer.particles(at:into:)` and sprite arrays, handed out in order each frame and
/// reused when no render list still holds them, so a steady frame allocates none.
final class SpritePool {
    private var storages: [SpriteStorage] = []
    private var nextStorage = 0
    /// The particle buffer the emitters of a frame are evaluated into, one after another.
    var particles = ParticleBuffer()

    /// An empty storage: a kept one that no list holds, else a new one.
    func storage() -> SpriteStorage {
        while nextStorage < storages.count {
            defer { nextStorage += 1 }
            if isKnownUniquelyReferenced(&storages[nextStorage]) {
                storages[nextStorage].reset()
                return storages[nextStorage]
            }
        }
        let storage = SpriteStorage()
        storages.append(storage)
        nextStorage = storages.count
        return storage
    }

    /// Starts the next frame: every storage may be handed out again (those still held by a
    /// list are skipped); past `kept` storages the rest are let go.
    func endFrame(kept: Int = 16) {
        nextStorage = 0
        if storages.count > kept { storages.removeLast(storages.count - kept) }
    }
}
