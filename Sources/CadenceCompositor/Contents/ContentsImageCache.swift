import CadencePixels

/// The images a compositor made from layers' contents, kept from frame to frame so that a
/// bitmap shown in every frame has its mipmaps built once (`ContentsImage`).
///
/// A bitmap is recognised by its pixel storage: the cache holds the bitmap itself, so that
/// storage stays alive and cannot be reused by another image while the entry exists; a
/// changed bitmap has new storage (copy on write) and gets a new image. Entries not used
/// by a frame are dropped after it. Cost: one dictionary lookup per layer with contents.
final class ContentsImageCache {
    private struct Key: Hashable {
        var address: UnsafeRawPointer?
        var width, height, bytesPerRow: Int
    }

    private var entries: [Key: (bitmap: Bitmap, image: ContentsImage, mipmapped: Bool)] = [:]
    private var used: Set<Key> = []

    /// The image drawn for `bitmap` (`RenderList.contentsImage`, cached): with its mip chain
    /// when `mipmapped`; a cached image without one is rebuilt with it the first time a draw
    /// minifies.
    func image(_ bitmap: Bitmap, mipmapped: Bool) -> ContentsImage {
        let address = bitmap.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let key = Key(address: address, width: bitmap.width, height: bitmap.height, bytesPerRow: bitmap.bytesPerRow)
        used.insert(key)
        if let entry = entries[key], !mipmapped || entry.mipmapped { return entry.image }
        let image = ContentsImage(bitmap, mipmapped: mipmapped)
        entries[key] = (bitmap, image, mipmapped)
        return image
    }

    /// Drops the entries the frame just made did not use.
    func endFrame() {
        if entries.count != used.count { entries = entries.filter { used.contains($0.key) } }
        used.removeAll(keepingCapacity: true)
    }
}
