import CCadenceFeatures
import CadencePixels
import Dispatch

// Band-parallel drawing: a frame is cut into horizontal bands of rows, one a thread, drawn
// at once by rasterizers of their own (`Rasterizer.draw(_:into:stride:rows:)` draws a
// band exactly as those rows of the whole frame). The bands share only the render list
// (read-only) and the bitmap (disjoint rows); there is no lock.

extension Compositor {
    /// How many bands each thread draws: with several bands a thread, each thread taking the
    /// next band not yet taken, a frame whose work sits in one part of the canvas is still
    /// shared evenly (the demo-like
    /// 1080p frame: 1.34× on two threads with one band each, about 1.8× with four), for a
    /// few hundred nanoseconds of setup per layer and band. A band that a shadow crosses
    /// repeats only the blur's reach around its rows (and, for a shadow of a layer's own
    /// alpha, that many rows of the layer's group), not the whole shadow.
    static let bandsPerThread = 4

    /// The most bytes of canvas rows a band spans, by default: 1 MiB (136 rows of a
    /// 1920-pixel canvas), half the 2 MiB L2 cache of a core of the machine it was measured
    /// on. Every layer of a band then draws over rows still in that cache, so a pixel that
    /// `k` layers cover crosses the memory bus about once a frame, not `k` times (one band
    /// of the whole 8 MB 1080p canvas, on one thread, streamed every layer's rows through
    /// memory). The cost is each band's walk of the list and the rows a shadow's blur reads
    /// around the band's own (`Benchmarks/README.md`, "Cache-sized bands").
    public static let bandByteLimit = 1 << 20

    /// The bands for drawing `list` with `threads` threads: `n` bands of `⌊height / n⌋` or
    /// `⌈height / n⌉` rows, top to bottom, where `n` is the larger of `threads ·
    /// bandsPerThread` (on more than one thread; else 1) and the fewest bands of at most
    /// `byteLimit` bytes of rows (`4 · width` bytes a row, at least one row a band), and at
    /// most `height` (at least one band, maybe empty for an empty canvas). On one thread the
    /// cuts that fall inside a shadow's rows move out of them (`bandsAroundShadows`), so those
    /// bands are uneven and may be fewer: cutting a shadow would repeat its blur's reach
    /// (+15 % instructions on the shadowed 1080p frame in eight even bands) for no balance.
    /// The threads take the bands in order, each the next one not yet taken when it is free
    /// (a thread that starts late, or that the host machine pauses, leaves its share to the
    /// others; bands dealt round-robin, thread `t` drawing `t`, `t + threads`, …, waited for
    /// it). Where the bands are cut, and which thread draws which band, does not change a
    /// pixel. (Until shadows were cut to a band's rows, a frame with a shadow had one band
    /// a thread; cutting by estimated work instead of rows — each item's `pixelWork` spread
    /// over its rows — was tried then and cut the shadowed frame through its shadows:
    /// 1.11×; `Benchmarks/README.md`, "Threads".)
    static func bands(for list: RenderList, threads: Int, byteLimit: Int) -> [Range<Int>] {
        let height = list.pixelHeight
        let perThread = threads > 1 ? bandsPerThread : 1
        let rowsPerBand = Swift.max(1, byteLimit / Swift.max(1, 4 * list.pixelWidth))
        let cacheBands = height == 0 ? 1 : (height - 1) / rowsPerBand + 1
        let n = Swift.max(1, Swift.min(Swift.max(threads * perThread, cacheBands), height))
        if threads == 1, n > 1 {
            return bandsAroundShadows(for: list, count: n)
        }
        return (0..<n).map { ($0 * height / n)..<(($0 + 1) * height / n) }
    }

    /// `count` even bands of `list`'s rows, each cut that falls inside the rows of an item
    /// casting a shadow moved to the nearer end of those rows (cuts that meet are one): on
    /// one thread nothing is gained by cutting a shadow, and a band cut through one repeats
    /// its blur's reach (and, for a shadow of a layer's own alpha, that many rows of the
    /// layer's group).
    static func bandsAroundShadows(for list: RenderList, count n: Int) -> [Range<Int>] {
        let height = list.pixelHeight
        // The rows of the shadowed items, overlapping ones joined.
        var shadowed: [Range<Int>] = []
        for item in list.items where item.shadow != nil && !item.extent.isEmpty {
            shadowed.append(item.extent.minY..<item.extent.maxY)
        }
        shadowed.sort { $0.lowerBound < $1.lowerBound }
        var joined: [Range<Int>] = []
        for rows in shadowed {
            if let last = joined.last, rows.lowerBound < last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<Swift.max(last.upperBound, rows.upperBound)
            } else {
                joined.append(rows)
            }
        }
        var cuts: [Int] = []
        for k in 1..<n {
            var cut = k * height / n
            if let rows = joined.first(where: { $0.lowerBound < cut && cut < $0.upperBound }) {
                cut = cut - rows.lowerBound <= rows.upperBound - cut ? rows.lowerBound : rows.upperBound
            }
            if cut > (cuts.last ?? 0), cut < height { cuts.append(cut) }
        }
        let starts = [0] + cuts, ends = cuts + [height]
        return zip(starts, ends).map { $0..<$1 }
    }

    /// Clears `bitmap` to `fill` (unless `nil`: then draws over what it holds) and draws
    /// `list` over it (the list's size is the bitmap's), in `threadCount` bands at once.
    /// The clear is left out when the list's first item paints every pixel opaque
    /// (`RenderList.coversCanvasOpaquely`): it writes every byte the clear would, so the
    /// pixels are the same and the frame is one pass over memory shorter.
    func draw(_ list: RenderList, into bitmap: inout Bitmap, clearingTo fill: SIMD4<UInt8>?) {
        let fill = clearsUnderOpaqueRoot || !list.coversCanvasOpaquely ? fill : nil
        let bands = Self.bands(for: list, threads: threadCount, byteLimit: bandByteLimit)
        let workers = Swift.min(threadCount, bands.count)
        while rasterizers.count < workers { rasterizers.append(Rasterizer(byteLimit: scratchLimit)) }
        // The workers take the shortcuts the compositor's rasterizer is set to (tests change
        // them between frames).
        for worker in rasterizers.prefix(workers) { worker.shortcuts = rasterizer.shortcuts }
        prepareBands(for: list)
        let stride = bitmap.bytesPerRow, width = bitmap.width
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { ticket in
                ticket[0] = 0
                let job = BandJob(list: list, bands: bands, workers: Array(rasterizers.prefix(workers)),
                                  base: pixels.baseAddress!, stride: stride, width: width, fill: fill,
                                  occluders: occluders, ticket: ticket.baseAddress!)
                if workers == 1 {
                    job.draw(worker: 0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: workers) { job.draw(worker: $0) }
                }
            }
        }
    }

    /// One frame's bands: what every band's thread reads. `@unchecked Sendable` because
    /// worker `w` alone uses `workers[w]` and writes only the rows of the bands it took (each
    /// band's number is handed out once, by an atomic counter at `ticket`) of the pixels at
    /// `base`; the rest is read-only while the bands are drawn.
    private struct BandJob: @unchecked Sendable {
        let list: RenderList
        let bands: [Range<Int>]
        let workers: [Rasterizer]
        let base: UnsafeMutablePointer<UInt8>
        let stride, width: Int
        let fill: SIMD4<UInt8>?
        let occluders: [RenderList.Occluder]
        /// The next band not yet taken (`cadence_take_ticket`).
        let ticket: UnsafeMutablePointer<Int>

        /// Clears (when there is a fill) and draws bands with worker `w`'s rasterizer, taking
        /// the next band not yet taken until none is left.
        func draw(worker w: Int) {
            while true {
                let band = cadence_take_ticket(ticket)
                guard band < bands.count else { return }
                let rows = bands[band]
                if let fill {
                    Compositor.clear(base + rows.lowerBound * stride, width: width, rows: rows.count, stride: stride, to: fill)
                }
                workers[w].draw(list, into: base, stride: stride, rows: rows, occluders: occluders)
            }
        }
    }

    /// Finds what every band of a frame of `list` shares before the bands start: the
    /// occluders of the first item's fill (`RenderList.occluders(into:)`, none when
    /// `occludesUnderOpaqueLayers` is off), once a frame rather than once a band. Cost: a few
    /// comparisons per pair of the root's sublayers; no allocation once `occluders` has grown.
    /// Public for the per-band profile (`drawBand`), which times it as serial work.
    @_spi(Testing)
    public func prepareBands(for list: RenderList) {
        if occludesUnderOpaqueLayers {
            list.occluders(into: &occluders, groupBytes: rasterizer.shortcuts.groupsOverRootColor ? scratchLimit : nil)
        } else {
            occluders.removeAll(keepingCapacity: true)
        }
    }

    /// Sets `rows` rows of `width` pixels at `start` (rows `stride` bytes apart) to `fill`.
    static func clear(_ start: UnsafeMutablePointer<UInt8>, width: Int, rows: Int, stride: Int, to fill: SIMD4<UInt8>) {
        let pattern = unsafeBitCast(fill, to: UInt32.self)
        let contiguous = stride == 4 * width
        for row in 0..<(contiguous ? 1 : rows) {
            UnsafeMutableRawPointer(start + row * stride).withMemoryRebound(
                to: UInt32.self, capacity: contiguous ? width * rows : width
            ) { $0.update(repeating: pattern, count: contiguous ? width * rows : width) }
        }
    }
}
