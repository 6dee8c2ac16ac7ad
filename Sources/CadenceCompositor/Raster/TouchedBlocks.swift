/// Rows of bits, one per block of 8 coverage cells, that say which blocks the accumulation
/// wrote (or the resolve filled): the sparse cell list of a coverage row, as font
/// rasterisers keep one, so that a row is resolved, handed out and cleared over the blocks
/// its edges touched and the runs between them where the winding is not 0 — not over its
/// whole span. A stroke of a long polyline crosses most rows twice or more, far apart: its
/// rows' spans are most of the bounding box, its blocks are the stroke's width.
///
/// Row `r` is the `words(width:)` words from `base + r · words(width:)`; bit `b % 64` of
/// word `b / 64` is block `b`, cells `8b ..< 8b + 8` from the row's start. Callers keep the
/// bits all zero between uses (`clear`).
enum TouchedBlocks {
    /// The words of one row of `width` cells.
    @inline(__always)
    static func words(width: Int) -> Int { (width + 511) >> 9 }

    /// Sets the bits of the blocks holding cells `first … last` (nothing when `last < first`).
    @inline(__always)
    static func mark(_ row: UnsafeMutablePointer<UInt64>, from first: Int, through last: Int) {
        guard last >= first, first >= 0 else { return }
        let b = first >> 3, end = last >> 3
        if b >> 6 == end >> 6 {
            row[b >> 6] |= bits(from: b, through: end)
            return
        }
        row[b >> 6] |= bits(from: b, through: b | 63)
        for w in (b >> 6 + 1)..<(end >> 6) { row[w] = ~0 }
        row[end >> 6] |= bits(from: end & ~63, through: end)
    }

    /// The bits of blocks `b … end` within their word (both in one word: `b >> 6 == end >> 6`).
    @inline(__always)
    static func bits(from b: Int, through end: Int) -> UInt64 {
        (~0 &<< UInt64(b & 63)) & (~0 &>> UInt64(63 - end & 63))
    }

    /// Whether block `b` is set.
    @inline(__always)
    static func isSet(_ row: UnsafeMutablePointer<UInt64>, _ b: Int) -> Bool {
        row[b >> 6] & (1 &<< UInt64(b & 63)) != 0
    }

    /// The first set block at or after `b`, or `limit` when none is before it.
    @inline(__always)
    static func next(_ row: UnsafeMutablePointer<UInt64>, from b: Int, limit: Int) -> Int {
        scan(row, from: b, limit: limit, flip: 0)
    }

    /// The first clear block at or after `b`, or `limit`.
    @inline(__always)
    static func nextClear(_ row: UnsafeMutablePointer<UInt64>, from b: Int, limit: Int) -> Int {
        scan(row, from: b, limit: limit, flip: ~0)
    }

    /// The first block at or after `b` whose bit, xor `flip`'s, is set; or `limit`.
    @inline(__always)
    private static func scan(_ row: UnsafeMutablePointer<UInt64>, from b: Int, limit: Int, flip: UInt64) -> Int {
        var w = b >> 6
        guard b < limit else { return limit }
        var word = (row[w] ^ flip) & (~0 &<< UInt64(b & 63))
        let lastWord = (limit - 1) >> 6
        while word == 0 {
            w += 1
            if w > lastWord { return limit }
            word = row[w] ^ flip
        }
        return Swift.min(limit, w << 6 + word.trailingZeroBitCount)
    }

    /// Calls `body(start, end)` for each run of set blocks, as cells cut to `lo ..< end`.
    @inline(__always)
    static func forEachRun(_ row: UnsafeMutablePointer<UInt64>, in lo: Int, _ end: Int, _ body: (Int, Int) -> Void) {
        guard lo < end else { return }
        let limit = (end + 7) >> 3
        var b = next(row, from: lo >> 3, limit: limit)
        while b < limit {
            let stop = nextClear(row, from: b + 1, limit: limit)
            body(Swift.max(lo, b << 3), Swift.min(end, stop << 3))
            b = next(row, from: stop, limit: limit)
        }
    }

    /// Calls `body(b)` for each set block `b` that meets cells `lo ..< end`, in order: one
    /// bit scan a block, one test a word (no run is formed).
    @inline(__always)
    static func forEachBlock(_ row: UnsafeMutablePointer<UInt64>, in lo: Int, _ end: Int, _ body: (Int) -> Void) {
        guard lo < end else { return }
        let first = lo >> 3, limit = (end + 7) >> 3
        let lastWord = (limit - 1) >> 6
        // The blocks before `first` in its word, and those from `limit` on in the last.
        var w = first >> 6
        var word = row[w] & (~0 &<< UInt64(first & 63))
        let lastMask: UInt64 = ~0 &>> UInt64(63 - ((limit - 1) & 63))
        while true {
            if w == lastWord { word &= lastMask }
            while word != 0 {
                body(w << 6 | word.trailingZeroBitCount)
                word &= word &- 1
            }
            w += 1
            guard w <= lastWord else { return }
            word = row[w]
        }
    }

    /// Clears a row of `width` cells.
    @inline(__always)
    static func clear(_ row: UnsafeMutablePointer<UInt64>, width: Int) {
        row.update(repeating: 0, count: words(width: width))
    }
}
