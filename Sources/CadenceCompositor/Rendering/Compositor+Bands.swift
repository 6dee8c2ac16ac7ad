import CadencePixels
import Dispatch

// Band-parallel drawing: a frame is cut into horizontal bands of rows, one a thread, drawn
// at once by rasterizers of their own (`Rasterizer.draw(_:into:stride:rows:)` draws a
// band exactly as those rows of the whole frame). The bands share only the render list
// (read-only) and the bitmap (disjoint rows); there is no lock.

extension Compositor {
    /// How many bands each thread draws when no layer casts a shadow: with several bands a
    /// thread, dealt round-robin, a frame whose work sits in one part of the canvas is still
    /// shared evenly (the demo-like 1080p frame: 1.34× on two threads with one band each,
    /// about 1.8× with four), for a few hundred nanoseconds of setup per layer and band.
    static let bandsPerThread = 4

    /// The bands for drawing `list` with `threads` threads, top to bottom, covering the rows
    /// once (one empty band for an empty canvas). Without a shadow in the list: `n` bands of
    /// `⌊height / n⌋` or `⌈height / n⌉` rows, `n = min(threads · bandsPerThread, height)` (one
    /// band for one thread). With a shadow: at most `min(threads, height)` bands cut by
    /// estimated work (`balancedBands`), since a band that meets a shadow blurs its whole
    /// plane (and draws a layer that shadows its own alpha whole), so cutting through a
    /// shadow repeats that work, and more bands than threads repeat it more. Thread `t` draws
    /// bands `t`, `t + threads`, …. Where the bands are cut does not change a pixel.
    static func bands(for list: RenderList, threads: Int) -> [Range<Int>] {
        let height = list.pixelHeight
        let shadowed = list.items.contains { $0.shadow != nil }
        if shadowed && threads > 1 && height > 1 {
            return balancedBands(for: list, count: Swift.min(threads, height))
        }
        let perThread = threads > 1 ? bandsPerThread : 1
        let n = Swift.max(1, Swift.min(threads * perThread, height))
        return (0..<n).map { ($0 * height / n)..<(($0 + 1) * height / n) }
    }

    /// At most `count` bands (`count ≥ 1`) covering the rows of `list` once, top to bottom,
    /// whose largest estimated work (`RenderList.bandWork(rows:)`, which counts a shadow
    /// whole in every band that meets it) is the least any cut into that many bands gives,
    /// to within 1/1024 of it (the bound is searched by halving; each bound's bands are
    /// grown greedily from the top, each as far as the bound allows). The estimate, not the
    /// time, is balanced: it weighs a shadow's extent 10 passes a pixel and a contents image
    /// 2, which on the shadowed 1080p frame keeps a cut above the shadows rather than
    /// through them (`Benchmarks/README.md`, "Bands cut by their work"). Cost: about
    /// `10 · count · log₂(height)` estimates of one pass over the items each.
    static func balancedBands(for list: RenderList, count: Int) -> [Range<Int>] {
        let height = list.pixelHeight
        /// The greedy bands within `limit`, or `false` when they take more than `count`.
        func cut(within limit: Int, into bands: inout [Range<Int>]) -> Bool {
            bands.removeAll(keepingCapacity: true)
            var start = 0
            while start < height {
                guard bands.count < count, list.bandWork(rows: start..<(start + 1)) <= limit else { return false }
                var low = start + 1, high = height  // work(start ..< low) ≤ limit
                while low < high {
                    let middle = (low + high + 1) / 2
                    if list.bandWork(rows: start..<middle) <= limit { low = middle } else { high = middle - 1 }
                }
                bands.append(start..<low)
                start = low
            }
            return true
        }
        // `high` is always within reach, `low` never (nothing is, below one row's work).
        var low = 0, high = list.bandWork(rows: 0..<height)
        var best = [0..<height], bands: [Range<Int>] = []
        while high - low > Swift.max(1, high / 1024) {
            let middle = low + (high - low) / 2
            if cut(within: middle, into: &bands) {
                high = middle
                swap(&best, &bands)
            } else {
                low = middle
            }
        }
        return best
    }

    /// The slow twin of `balancedBands` for two bands: every cut tried, the one whose larger
    /// band's estimated work is least (ties: the first). For tests.
    static func balancedBandsByTrial(for list: RenderList) -> [Range<Int>] {
        let height = list.pixelHeight
        let cut = (1..<Swift.max(1, height)).min {
            Swift.max(list.bandWork(rows: 0..<$0), list.bandWork(rows: $0..<height))
                < Swift.max(list.bandWork(rows: 0..<$1), list.bandWork(rows: $1..<height))
        }
        return cut.map { [0..<$0, $0..<height] } ?? [0..<height]
    }

    /// Clears `bitmap` to `fill` (unless `nil`: then draws over what it holds) and draws
    /// `list` over it (the list's size is the bitmap's), in `threadCount` bands at once.
    /// The clear is left out when the list's first item paints every pixel opaque
    /// (`RenderList.coversCanvasOpaquely`): it writes every byte the clear would, so the
    /// pixels are the same and the frame is one pass over memory shorter.
    func draw(_ list: RenderList, into bitmap: inout Bitmap, clearingTo fill: SIMD4<UInt8>?) {
        let fill = clearsUnderOpaqueRoot || !list.coversCanvasOpaquely ? fill : nil
        let bands = Self.bands(for: list, threads: threadCount)
        let workers = Swift.min(threadCount, bands.count)
        while rasterizers.count < workers {
            let worker = Rasterizer(byteLimit: scratchLimit)
            worker.alignedSpans = rasterizer.alignedSpans
            worker.steadyRows = rasterizer.steadyRows
            worker.maskedSpans = rasterizer.maskedSpans
            worker.projectiveSpans = rasterizer.projectiveSpans
            worker.leavesOutCoveredShadows = rasterizer.leavesOutCoveredShadows
            rasterizers.append(worker)
        }
        prepareBands(for: list)
        let stride = bitmap.bytesPerRow, width = bitmap.width
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            let job = BandJob(list: list, bands: bands, workers: Array(rasterizers.prefix(workers)),
                              base: pixels.baseAddress!, stride: stride, width: width, fill: fill, occluders: occluders)
            if workers == 1 {
                job.draw(worker: 0)
            } else {
                DispatchQueue.concurrentPerform(iterations: workers) { job.draw(worker: $0) }
            }
        }
    }

    /// One frame's bands: what every band's thread reads. `@unchecked Sendable` because
    /// worker `w` alone uses `workers[w]` and writes only the rows of its bands (`w`, `w +
    /// workers.count`, …) of the pixels at `base`; the rest is read-only while the bands
    /// are drawn.
    private struct BandJob: @unchecked Sendable {
        let list: RenderList
        let bands: [Range<Int>]
        let workers: [Rasterizer]
        let base: UnsafeMutablePointer<UInt8>
        let stride, width: Int
        let fill: SIMD4<UInt8>?
        let occluders: [RenderList.Occluder]

        /// Clears (when there is a fill) and draws the rows of worker `w`'s bands.
        func draw(worker w: Int) {
            for rows in Swift.stride(from: w, to: bands.count, by: workers.count).map({ bands[$0] }) {
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
            list.occluders(into: &occluders)
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
