/// Rows of a shadow's source that one band of a frame keeps for a later band drawn by the
/// same rasterizer: the pixels of a group that casts its own alpha's shadow, or the
/// coverage of a `shadowPath`, four bytes a pixel either way, for the rows past the band
/// that its shadow's blur read (its reach, and the offset). A band cut through a shadow
/// then copies those rows instead of drawing the group's layers or filling the path over
/// them again.
///
/// Same bits: a row of a group or of a path's coverage does not depend on the band that
/// drew it (`Rasterizer`: every pass is row-local, the coverage is relative to the whole
/// frame's plane), so a kept row is the row the later band would draw. An entry is found
/// by the frame (a number the compositor gives each frame), the item's index in the frame's
/// list and the whole plane it belongs to (the group's extent, or the path's plane), and
/// is used only when it holds the first row asked for; rows it lacks are drawn as before.
///
/// Memory: at most `byteLimit` bytes (4 MiB) a rasterizer, outside the scratch pool, whose
/// decisions it does not touch; past it a band keeps nothing and the next draws every row.
/// On the shadowed 1080p benchmark frame (five shadows of radius 20 under cards 230–420
/// pixels wide) an entry is about 45 rows of its plane, 75 KB at most, five of them.
final class ShadowRowCarry {
    /// The most bytes the kept rows take.
    static let byteLimit = 4 << 20

    struct Entry {
        var frame: Int
        var item: Int
        /// The whole plane the rows belong to (only its columns and its place matter).
        var plane: PixelRect
        /// The rows kept, all of `plane`'s columns, `4 · plane.width` bytes a row at `storage`.
        var rows: Range<Int>
        var storage: UnsafeMutableRawPointer
        var capacity: Int
    }

    private var entries: [Entry] = []
    private var bytes = 0
    /// The rows handed out so far (for tests: that the kept rows are used).
    private(set) var rowsTaken = 0

    deinit { for entry in entries { entry.storage.deallocate() } }

    /// The kept rows of `item`'s `plane` in `frame` from row `first` on (at most up to
    /// `end`), and where row `first` is; `nil` when none is kept for that row.
    func rows(frame: Int, item: Int, plane: PixelRect, from first: Int, upTo end: Int)
        -> (rows: Range<Int>, start: UnsafeRawPointer)?
    {
        guard let entry = entries.first(where: { $0.frame == frame && $0.item == item && $0.plane == plane }),
              entry.rows.contains(first), first < end
        else { return nil }
        let start = UnsafeRawPointer(entry.storage) + (first - entry.rows.lowerBound) * 4 * plane.width
        let rows = first..<Swift.min(end, entry.rows.upperBound)
        rowsTaken += rows.count
        return (rows, start)
    }

    /// Keeps rows `rows` of `item`'s `plane` in `frame`, copied from `source` (row
    /// `rows.lowerBound`, `4 · plane.width` bytes a row, contiguous), in place of what was
    /// kept for that item; nothing when `rows` is empty or the rows would pass `byteLimit`.
    func keep(frame: Int, item: Int, plane: PixelRect, rows: Range<Int>, from source: UnsafeRawPointer) {
        let count = rows.count * 4 * plane.width
        // The entry of this item, or one of an earlier frame, is reused.
        let index = entries.firstIndex { $0.item == item && $0.frame == frame }
            ?? entries.firstIndex { $0.frame != frame }
        guard !rows.isEmpty else {
            if let index { entries[index].rows = 0..<0 }
            return
        }
        if let index {
            var entry = entries[index]
            if entry.capacity < count {
                guard bytes - entry.capacity + count <= Self.byteLimit else {
                    entries[index].rows = 0..<0
                    return
                }
                entry.storage.deallocate()
                bytes += count - entry.capacity
                entry.storage = .allocate(byteCount: count, alignment: 64)
                entry.capacity = count
            }
            (entry.frame, entry.item, entry.plane, entry.rows) = (frame, item, plane, rows)
            entry.storage.copyMemory(from: source, byteCount: count)
            entries[index] = entry
        } else {
            guard bytes + count <= Self.byteLimit else { return }
            let storage = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
            storage.copyMemory(from: source, byteCount: count)
            bytes += count
            entries.append(Entry(frame: frame, item: item, plane: plane, rows: rows, storage: storage, capacity: count))
        }
    }
}
