import CCadenceFeatures
import CadencePixels

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
    /// most `height` (at least one band, maybe empty for an empty canvas) — except where
    /// items cast shadows. A cut inside a shadow's rows costs its blur's reach twice (the
    /// bands on both sides blur it; and, for a shadow of a layer's own alpha, draw that many
    /// rows of the layer's group): on the shadowed 1080p frame, eight even bands are +22 %
    /// instructions over one band. So within the rows of shadowed items (overlapping ones
    /// joined, `shadowedRows`):
    /// - on one thread there is no cut: the cuts that fall inside move to the nearer end
    ///   (`bandsAroundShadows`), so those bands are uneven and may be fewer; nothing is
    ///   gained by cutting a shadow;
    /// - on `threads > 1` the even cuts inside are replaced by the shadowed rows' ends and
    ///   `min(threads, m + 1) − 1` even cuts of those rows, `m` the even cuts that fell
    ///   inside: one band a thread at most, so that the threads still share the shadows'
    ///   work, with a third of the repeated reach of eight bands on the 1080p frame (three
    ///   cuts through five shadows become one).
    ///
    /// The threads take the bands heaviest first (`heaviestFirst`), each the next one not
    /// yet taken when it is free (a thread that starts late, or that the host machine
    /// pauses, leaves its share to the others; bands dealt round-robin, thread `t` drawing
    /// `t`, `t + threads`, …, waited for it). Where the bands are cut, and which thread
    /// draws which band, does not change a pixel. (Cutting by estimated work instead of
    /// rows — each item's `pixelWork` spread over its rows — was tried when shadows were
    /// first cut to a band's rows and cut the shadowed frame through its shadows: 1.11×;
    /// `Benchmarks/README.md`, "Threads".)
    /// `work`: the list's rows and work per row (`rowWork(of:)`), when the caller has them.
    static func bands(
        for list: RenderList, threads: Int, byteLimit: Int, work: RenderList.RowWork? = nil
    ) -> [Range<Int>] {
        let height = list.pixelHeight
        let perThread = threads > 1 ? bandsPerThread : 1
        let rowsPerBand = Swift.max(1, byteLimit / Swift.max(1, 4 * list.pixelWidth))
        let cacheBands = height == 0 ? 1 : (height - 1) / rowsPerBand + 1
        let n = Swift.max(1, Swift.min(Swift.max(threads * perThread, cacheBands), height))
        guard n > 1 else { return [0..<height] }
        let shadowed = (work ?? rowWork(of: list)).shadowed
        if threads == 1 { return bandsAroundShadows(shadowed, height: height, count: n) }
        let even = (1..<n).map { $0 * height / n }
        guard !shadowed.isEmpty else { return bands(cutAt: even, height: height) }
        var cuts = even.filter { cut in !shadowed.contains { isInside(cut, $0) } }
        for rows in shadowed {
            let inside = even.count { isInside($0, rows) }
            let parts = Swift.min(threads, inside + 1)
            cuts.append(rows.lowerBound)
            cuts.append(contentsOf: (1..<parts).map { rows.lowerBound + $0 * rows.count / parts })
            cuts.append(rows.upperBound)
        }
        return bands(cutAt: cuts, height: height)
    }

    /// Whether `cut` falls strictly inside `rows` (a cut at either end cuts nothing).
    private static func isInside(_ cut: Int, _ rows: Range<Int>) -> Bool {
        rows.lowerBound < cut && cut < rows.upperBound
    }

    /// The bands between `cuts` (any order; those at or outside `0…height` and repeated
    /// ones are dropped), top to bottom.
    private static func bands(cutAt cuts: [Int], height: Int) -> [Range<Int>] {
        let inner = Set(cuts.filter { 0 < $0 && $0 < height }).sorted()
        return zip([0] + inner, inner + [height]).map { $0..<$1 }
    }

    /// The rows of `list`'s items that cast a shadow (their extents' rows, within the
    /// canvas), overlapping or touching ones joined, top to bottom: as the builder recorded
    /// them (`RenderList.rowWork`), else read from the items.
    static func shadowedRows(of list: RenderList) -> [Range<Int>] {
        rowWork(of: list).shadowed
    }

    /// What the band planner reads of `list`'s items: as the builder recorded it
    /// (`RenderList.rowWork`), else read from the items (a list made or changed by hand).
    static func rowWork(of list: RenderList) -> RenderList.RowWork {
        list.rowWork ?? RenderList.RowWork(items: list.items, pixelHeight: list.pixelHeight)
    }

    /// `count` even bands of `height` rows, each cut that falls inside `shadowed` rows
    /// (`shadowedRows`) moved to the nearer end of those rows (cuts that meet are one): on
    /// one thread nothing is gained by cutting a shadow, and a band cut through one repeats
    /// its blur's reach (and, for a shadow of a layer's own alpha, that many rows of the
    /// layer's group).
    static func bandsAroundShadows(_ shadowed: [Range<Int>], height: Int, count n: Int) -> [Range<Int>] {
        let cuts = (1..<n).map { k in
            let cut = k * height / n
            guard let rows = shadowed.first(where: { isInside(cut, $0) }) else { return cut }
            return cut - rows.lowerBound <= rows.upperBound - cut ? rows.lowerBound : rows.upperBound
        }
        return bands(cutAt: cuts, height: height)
    }

    /// Clears `bitmap` to `fill` (unless `nil`: then draws over what it holds) and draws
    /// `list` over it (the list's size is the bitmap's), in `threadCount` bands at once.
    /// The clear is left out when the list's first item paints every pixel opaque
    /// (`RenderList.coversCanvasOpaquely`): it writes every byte the clear would, so the
    /// pixels are the same and the frame is one pass over memory shorter.
    ///
    /// `crew`: helper threads asked for before `list` was built (`render(_:at:on:into:)`),
    /// so that they are awake when the bands start; without one, the helpers are asked for
    /// here. Either way the caller draws too, and the call returns when every band is drawn.
    func draw(_ list: RenderList, into bitmap: inout Bitmap, clearingTo fill: SIMD4<UInt8>?, crew: BandCrew? = nil) {
        let fill = clearsUnderOpaqueRoot || !list.coversCanvasOpaquely ? fill : nil
        // Read once: for a list without a record, reading it from the items is the planner's
        // largest cost.
        let work = Self.rowWork(of: list)
        let bands = Self.bands(for: list, threads: threadCount, byteLimit: bandByteLimit, work: work)
        let workers = Swift.min(threadCount, bands.count)
        let order = workers > 1 ? Self.heaviestFirst(bands, of: list, work: work) : bands
        while rasterizers.count < workers { rasterizers.append(Rasterizer(byteLimit: scratchLimit)) }
        // The workers take the shortcuts the compositor's rasterizer is set to (tests change
        // them between frames).
        for worker in rasterizers.prefix(workers) { worker.shortcuts = rasterizer.shortcuts }
        prepareBands(for: list)
        let stride = bitmap.bytesPerRow, width = bitmap.width
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { ticket in
                ticket[0] = 0
                let job = BandJob(list: list, bands: order, workers: Array(rasterizers.prefix(workers)),
                                  base: pixels.baseAddress!, stride: stride, width: width, fill: fill,
                                  occluders: occluders, ticket: ticket.baseAddress!)
                guard workers > 1 || crew != nil else { return job.draw(worker: 0) }
                let crew = crew ?? BandCrew(helpers: workers - 1)
                // Helpers numbered past this frame's workers (a crew asked for more threads
                // than the list has bands) have nothing to do.
                crew.post { if $0 < workers { job.draw(worker: $0) } }
                job.draw(worker: 0)
                crew.close()
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

    /// `bands` in the order the threads take them: by estimated work, most first (ties top
    /// first). Each band's estimate is the canvas's rows it holds plus, for each item, the
    /// item's `pixelWork` per row of its extent times the rows it shares with the band.
    /// Taken largest first, the bands end about together (the last band a thread takes is a
    /// light one, not a heavy band at the bottom of the canvas that the other thread waits
    /// for). The order changes no pixel. Cost: one estimate an item, one range comparison
    /// per item and band, the items' rows and work per row as the builder recorded them
    /// (`RenderList.rowWork`; else read from the items; `work` when the caller has them).
    static func heaviestFirst(
        _ bands: [Range<Int>], of list: RenderList, work: RenderList.RowWork? = nil
    ) -> [Range<Int>] {
        let items = work ?? rowWork(of: list)
        let width = Double(list.pixelWidth)
        let work = bands.map { band in
            zip(items.rows, items.perRow).reduce(width * Double(band.count)) { $0 + $1.1 * Double($1.0.clamped(to: band).count) }
        }
        return bands.indices.sorted { work[$0] > work[$1] || (work[$0] == work[$1] && $0 < $1) }.map { bands[$0] }
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
