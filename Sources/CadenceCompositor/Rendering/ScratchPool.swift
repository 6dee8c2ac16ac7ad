/// A block of raw memory for offscreen groups and clip masks, owned by a `ScratchPool`.
final class ScratchBuffer {
    let pointer: UnsafeMutableRawPointer
    let capacity: Int
    /// The bytes counted against the pool's limit while the block is handed out.
    fileprivate(set) var charge = 0

    init(capacity: Int) {
        self.capacity = capacity
        pointer = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(capacity, 1), alignment: 64)
    }

    deinit { pointer.deallocate() }
}

/// The compositor's reusable memory: blocks for offscreen groups and clip masks, handed out
/// and taken back in stack order within a frame and kept for the next frame, and row
/// buffers of `Float`s.
///
/// `byteLimit` bounds the bytes requested at once (and, after a frame, the bytes kept): a
/// request past it is refused, and the rasterizer falls back to a path that needs no
/// memory (`docs/compositor.md`, "Limits"). A request is counted at its `charge`, the size
/// the whole frame's group or mask has, even when a band of the frame needs only part of
/// it: so whether a request is refused depends only on the frame (the blocks held by the
/// groups and clips around it), never on the band, the thread count or the blocks earlier
/// frames left. The blocks held are at most `byteLimit` bytes too, but for the unused tail
/// of a kept block reused for a smaller request when no exact one is free.
///
/// Cost: a binary search of the free blocks, kept sorted by capacity, per request and per
/// return (a tree of thousands of nested groups and clips holds thousands of blocks: a
/// linear search made such a frame quadratic in the depth); allocation only when no free
/// block fits.
final class ScratchPool {
    var byteLimit: Int
    /// The charges of the blocks handed out.
    private(set) var bytesInUse = 0
    /// The capacity of the blocks handed out.
    private(set) var bytesHeld = 0
    /// The blocks not handed out, by capacity, smallest first.
    private var free: [ScratchBuffer] = []

    /// Row buffers: `rowCount` rows of `rowCapacity` `Float`s each, 64-byte aligned.
    private(set) var rows: UnsafeMutablePointer<Float>
    private(set) var rowCapacity = 0
    static let rowCount = 6

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
        rows = .allocate(capacity: 1)
    }

    deinit { rows.deallocate() }

    /// Row `index` (0 ..< rowCount), valid until the next `reserveRows`.
    @inline(__always)
    func row(_ index: Int) -> UnsafeMutablePointer<Float> { rows + index * rowCapacity }

    /// Makes every row hold at least `count` floats plus a SIMD8 of slack.
    func reserveRows(_ count: Int) {
        let needed = (count + 16 + 15) & ~15
        guard needed > rowCapacity else { return }
        rows.deallocate()
        rows = .allocate(capacity: needed * Self.rowCount)
        rows.initialize(repeating: 0, count: needed * Self.rowCount)
        rowCapacity = needed
    }

    /// A block of at least `bytes` bytes counted as `charge` (at least `bytes`; the default
    /// is `bytes`), or `nil` when that would put more than `byteLimit` bytes in use.
    func acquire(_ bytes: Int, charging charge: Int? = nil) -> ScratchBuffer? {
        let charge = Swift.max(charge ?? bytes, bytes)
        guard bytes >= 0, grants(charge) else { return nil }
        // The best fit is the smallest free block that holds `bytes`; when it would put more
        // than the limit on hold, every larger one would too.
        let best = firstFree(atLeast: bytes)
        let buffer: ScratchBuffer
        if best < free.count && bytesHeld + free[best].capacity <= byteLimit {
            buffer = free.remove(at: best)
        } else {
            trim(keeping: byteLimit - bytesHeld - bytes)
            buffer = ScratchBuffer(capacity: bytes)
        }
        buffer.charge = charge
        bytesInUse += charge
        bytesHeld += buffer.capacity
        return buffer
    }

    /// Whether `acquire` would grant a request charged `charge` bytes now.
    func grants(_ charge: Int) -> Bool { charge >= 0 && bytesInUse + charge <= byteLimit }

    /// Takes `buffer` back for reuse.
    func release(_ buffer: ScratchBuffer) {
        bytesInUse -= buffer.charge
        bytesHeld -= buffer.capacity
        free.insert(buffer, at: firstFree(atLeast: buffer.capacity + 1))
    }

    /// Sets every byte of every block not handed out to `byte` (tests: what a block held
    /// before it is handed out again must not show in a frame).
    func fillFreeBlocks(with byte: UInt8) {
        for block in free { block.pointer.initializeMemory(as: UInt8.self, repeating: byte, count: block.capacity) }
    }

    /// The index of the first free block of at least `bytes` bytes (`free.count` if none).
    private func firstFree(atLeast bytes: Int) -> Int {
        var lo = 0, hi = free.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if free[mid].capacity < bytes { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Frees unused blocks, largest first, until those kept total at most `bytes`.
    private func trim(keeping bytes: Int) {
        var kept = free.reduce(0) { $0 + $1.capacity }
        guard kept > bytes else { return }
        while kept > Swift.max(bytes, 0), let last = free.popLast() { kept -= last.capacity }
    }
}
