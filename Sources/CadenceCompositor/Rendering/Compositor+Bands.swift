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

    /// The bands for drawing `list` with `threads` threads: `n` bands of `⌊height / n⌋` or
    /// `⌈height / n⌉` rows, top to bottom, where `n = min(threads · bandsPerThread, height)`
    /// on more than one thread, else 1 (at least one band, maybe empty for an empty canvas).
    /// The threads take the bands in order, each the next one not yet taken when it is free
    /// (a thread that starts late, or that the host machine pauses, leaves its share to the
    /// others; bands dealt round-robin, thread `t` drawing `t`, `t + threads`, …, waited for
    /// it). Where the bands are cut, and which thread draws which band, does not change a
    /// pixel. (Until shadows were cut to a band's rows, a frame with a shadow had one band
    /// a thread; cutting by estimated work instead of rows — each item's `pixelWork` spread
    /// over its rows — was tried then and cut the shadowed frame through its shadows:
    /// 1.11×; `Benchmarks/README.md`, "Threads".)
    static func bands(for list: RenderList, threads: Int) -> [Range<Int>] {
        let height = list.pixelHeight
        let perThread = threads > 1 ? bandsPerThread : 1
        let n = Swift.max(1, Swift.min(threads * perThread, height))
        return (0..<n).map { ($0 * height / n)..<(($0 + 1) * height / n) }
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
            worker.rectangleKernel = rasterizer.rectangleKernel
            worker.maskedSpans = rasterizer.maskedSpans
            worker.projectiveSpans = rasterizer.projectiveSpans
            worker.cornerSupport = rasterizer.cornerSupport
            worker.maskZeros = rasterizer.maskZeros
            worker.leavesOutCoveredShadows = rasterizer.leavesOutCoveredShadows
            rasterizers.append(worker)
        }
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
