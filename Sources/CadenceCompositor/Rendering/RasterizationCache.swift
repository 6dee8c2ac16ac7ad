import CadenceGeometry
import CadenceLayers
import CadencePixels

/// The pixels of `shouldRasterize` subtrees (Core Animation's rasterization), kept from
/// frame to frame by a compositor (`docs/compositor.md` § 17).
///
/// Each frame, a rasterized layer's subtree is flattened into a render list in the
/// layer's own space (`RenderList.Builder.rasterizedItem`); that list is the subtree's
/// fingerprint. Its items hold everything that decides the pixels — geometry relative to
/// the layer, colours, the identity of each contents image, masks, shadows, transitions —
/// and nothing about where the layer itself is or its opacity, so a layer that moves,
/// turns or fades keeps its entry. When the list equals the entry's (exact equality, no
/// hash), the bitmap is reused; otherwise the subtree is drawn again. Entries are keyed by
/// the model layer and dropped after a frame that did not use them.
///
/// Memory: one bitmap per rasterized layer on screen, each at most `maxPixelCount` pixels.
final class RasterizationCache {
    struct Entry {
        var fingerprint: RenderList
        var bitmap: Bitmap
    }

    /// The most pixels one rasterized subtree's bitmap has (2²⁴, 64 MiB): a larger
    /// subtree is drawn directly, without a cache.
    static let maxPixelCount = 1 << 24

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var used: Set<ObjectIdentifier> = []
    /// How many subtrees were drawn into their bitmaps (cache misses), for tests.
    private(set) var rasterizationCount = 0
    /// Draws a list into a bitmap of its size, cleared to transparent.
    private let draw: (RenderList, inout Bitmap) -> Void

    init(draw: @escaping (RenderList, inout Bitmap) -> Void) {
        self.draw = draw
    }

    /// The bitmap for the layer `key` whose subtree's fingerprint is `fingerprint`: the
    /// cached one when the fingerprint is unchanged, else `list()` drawn into a new bitmap
    /// of `width × height` pixels (`nil` when it cannot be allocated).
    func bitmap(
        for key: ObjectIdentifier, fingerprint: RenderList, width: Int, height: Int, list: () -> RenderList
    ) -> Bitmap? {
        used.insert(key)
        if let entry = entries[key], entry.fingerprint == fingerprint { return entry.bitmap }
        guard var bitmap = try? Bitmap(width: width, height: height) else {
            entries[key] = nil
            return nil
        }
        draw(list(), &bitmap)
        rasterizationCount += 1
        entries[key] = Entry(fingerprint: fingerprint, bitmap: bitmap)
        return bitmap
    }

    /// Drops the entries the frame just made did not use.
    func endFrame() {
        if entries.count != used.count { entries = entries.filter { used.contains($0.key) } }
        used.removeAll(keepingCapacity: true)
    }
}
