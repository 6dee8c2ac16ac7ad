import CadenceGeometry
import CadenceLayers
import CadencePixels

/// The bitmaps a compositor painted from layers' backing stores (`DisplayList`), kept from
/// frame to frame so that a drawing shown in every frame is painted once.
///
/// A list never changes once recorded (a redraw makes a new one), so it is recognised by
/// its identity; the cache holds the list, so its identity cannot be reused while the
/// entry exists. Entries not used by a frame are dropped after it. Cost: one dictionary
/// lookup per layer with a backing store; a miss paints the list (`paint(_:)`).
final class BackingStoreCache {
    private var entries: [ObjectIdentifier: (list: DisplayList, bitmap: Bitmap?)] = [:]
    private var used: Set<ObjectIdentifier> = []
    /// How many lists were painted (cache misses), for tests.
    private(set) var paintCount = 0

    /// The bitmap of `list`, painted on the first request.
    func bitmap(_ list: DisplayList) -> Bitmap? {
        let key = ObjectIdentifier(list)
        used.insert(key)
        if let entry = entries[key] { return entry.bitmap }
        let bitmap = Self.paint(list)
        paintCount += 1
        entries[key] = (list, bitmap)
        return bitmap
    }

    /// Drops the entries the frame just made did not use.
    func endFrame() {
        if entries.count != used.count { entries = entries.filter { used.contains($0.key) } }
        used.removeAll(keepingCapacity: true)
    }

    /// `list` painted into a new transparent bitmap of its pixel size through a
    /// `GraphicsContext` whose transform maps its bounds onto the pixels
    /// (`T(−origin) · S(effectiveScale)`); `nil` when the bitmap cannot be allocated.
    static func paint(_ list: DisplayList) -> Bitmap? {
        guard let bitmap = try? Bitmap(width: list.pixelWidth, height: list.pixelHeight) else { return nil }
        let s = list.effectiveScale
        let transform = AffineTransform(translationX: -list.bounds.minX, y: -list.bounds.minY)
            .concatenating(AffineTransform(scaleX: s, y: s))
        let context = GraphicsContext(bitmap: bitmap, transform: transform)
        list.replay(into: context)
        return context.bitmap
    }
}
