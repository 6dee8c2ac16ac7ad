import Dispatch

// Band-parallel drawing: a frame is cut into horizontal bands of rows, one a thread, drawn
// at once by rasterizers of their own (`Rasterizer.draw(_:into:stride:rows:)` draws a
// band exactly as those rows of the whole frame). The bands share only the render list
// (read-only) and the bitmap (disjoint rows); there is no lock.

extension Compositor {
    /// The bands for drawing `list` with `threads` threads: `n = min(threads, height)`
    /// bands of `⌊height / n⌋` or `⌈height / n⌉` rows, top to bottom (one band, maybe
    /// empty, for an empty canvas). Where the bands are cut does not change a pixel. Even
    /// rows rather than even work: a band cut through a layer that blurs its own shadow
    /// draws that layer whole in both bands, so balancing estimated work (tried with
    /// `RenderList.Item.pixelWork` spread over each item's rows) cut the shadowed 1080p
    /// frame through its shadows and made it slower (`Benchmarks/README.md`, "Threads").
    static func bands(for list: RenderList, threads: Int) -> [Range<Int>] {
        let height = list.pixelHeight
        let n = Swift.max(1, Swift.min(threads, height))
        return (0..<n).map { ($0 * height / n)..<(($0 + 1) * height / n) }
    }

    /// Clears `bitmap` to `fill` and draws `list` over it (the list's size is the
    /// bitmap's), in `threadCount` bands at once.
    func draw(_ list: RenderList, into bitmap: inout Bitmap, clearingTo fill: SIMD4<UInt8>) {
        let bands = Self.bands(for: list, threads: threadCount)
        while rasterizers.count < bands.count {
            let worker = Rasterizer(byteLimit: scratchLimit)
            worker.alignedSpans = rasterizer.alignedSpans
            rasterizers.append(worker)
        }
        let workers = rasterizers
        let stride = bitmap.bytesPerRow, width = bitmap.width
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            let job = BandJob(list: list, bands: bands, workers: workers, base: pixels.baseAddress!, stride: stride,
                              width: width, fill: fill)
            if bands.count == 1 {
                job.draw(band: 0)
            } else {
                DispatchQueue.concurrentPerform(iterations: bands.count) { job.draw(band: $0) }
            }
        }
    }

    /// One frame's bands: what every band's thread reads. `@unchecked Sendable` because
    /// band `i` is drawn only by `workers[i]` into only the rows `bands[i]` of the pixels
    /// at `base`, and the rest is read-only while the bands are drawn.
    private struct BandJob: @unchecked Sendable {
        let list: RenderList
        let bands: [Range<Int>]
        let workers: [Rasterizer]
        let base: UnsafeMutablePointer<UInt8>
        let stride, width: Int
        let fill: SIMD4<UInt8>

        /// Clears band `index`'s rows and draws them.
        func draw(band index: Int) {
            let rows = bands[index]
            Compositor.clear(base + rows.lowerBound * stride, width: width, rows: rows.count, stride: stride, to: fill)
            workers[index].draw(list, into: base, stride: stride, rows: rows)
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
