import BenchmarkShim
import BenchmarkSupport
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
@_spi(Testing) import CadenceCompositor
import CadenceLayers

// Band-parallel rendering: the three 1920 × 1080 frames drawn with 1 and 2 threads, into
// a bitmap kept from frame to frame (`Compositor.render(_:at:on:into:)`), timed by the
// wall clock. And, with `--band-profile` (Benchmarks/run.sh --band-profile), a per-band
// profile that predicts the scaling on more cores than this machine has.

/// The three 1080p frames of the thread benchmarks: name, roots, and the time drawn.
private func threadFrames() -> [(name: String, roots: [Layer], time: Double)] {
    [("100 layers (rounded, bordered, 10 opacity groups, 5 clips)", makeHundredLayerScene(), 0),
     ("10 images + 5 shadows r20", makeContentsAndShadowScene(), 0),
     ("demo-like scene at t = 1.3", makeDemoLikeScene(), 1.3)]
}

private let fullHD = Canvas(width: 1920, height: 1080)

func registerThreadBenchmarks() {
    for (name, roots, time) in threadFrames() {
        for threads in [1, 2] {
            let compositor = Compositor(threadCount: threads)
            var bitmap = try! compositor.render(roots, at: time, on: fullHD)
            registerBenchmark("Compositor.render(into:) threads=\(threads): \(name) 1920x1080",
                              itemsPerIteration: 1920 * 1080, clock: .wall) { n in
                for _ in 0..<Int(n) { try! compositor.render(roots, at: time, on: fullHD, into: &bitmap) }
                cadence_benchmark_consume(UInt64(bitmap.pixels[bitmap.pixels.count / 3]))
            }
        }
    }
}

/// Prints, for each frame and for 1, 2, 8 and 32 threads, what a frame costs on one
/// thread: the render list and what the bands share (made once a frame, before the bands
/// start: `Compositor.prepareBands`), each band of the
/// compositor's plan for that many threads (`Compositor.bandRows`) drawn alone (the fastest
/// of `repetitions`), their sum (the work, duplicated parts included), the busiest thread
/// (thread `t` draws bands `t`, `t + threads`, …), and the speedup that many cores would
/// give with nothing else in the way: `(list + the frame on one thread) / (list + the
/// busiest thread)`. For two threads, each band's rows and time too,
/// and the CPU time of the two bands of a cut at every 60th row.
func printBandProfile(repetitions: Int = 15) {
    func seconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }
    /// The least CPU time of this thread `body` takes in `repetitions` runs.
    func cpuSeconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        var best = Double.infinity
        for _ in 0..<repetitions {
            let start = now()
            body()
            best = min(best, now() - start)
        }
        return best
    }
    /// `value` with two decimals.
    func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + (fraction.count == 1 ? "0" : "") + fraction
    }
    func ms(_ s: Double) -> String { fixed(s * 1e3) + " ms" }
    print("frame | threads | bands | render list | sum of bands | busiest thread | predicted speedup")
    for (name, roots, time) in threadFrames() {
        let compositor = Compositor(threadCount: 1)
        var bitmap = try! compositor.render(roots, at: time, on: fullHD)
        var list = compositor.renderList(roots, at: time, on: fullHD)
        let listTime = seconds {
            list = compositor.renderList(roots, at: time, on: fullHD)
            compositor.prepareBands(for: list)
        }
        var whole = 0.0
        for threads in [1, 2, 8, 32] {
            let bands = Compositor.bandRows(for: list, threads: threads)
            let times = bands.map { rows in seconds { compositor.drawBand(list, rows: rows, over: &bitmap) } }
            let busiest = (0..<threads).map { t in stride(from: t, to: times.count, by: threads).map { times[$0] }.reduce(0, +) }.max()!
            let sum = times.reduce(0, +)
            if threads == 1 { whole = sum }
            let speedup = (listTime + whole) / (listTime + busiest)
            print("\(name) | \(threads) | \(bands.count) | \(ms(listTime)) | \(ms(sum)) | \(ms(busiest)) | \(fixed(speedup))×")
            if threads == 2 {
                print("    bands: " + zip(bands, times).map { "rows \($0.lowerBound)..<\($0.upperBound) \(ms($1))" }.joined(separator: ", "))
                // Every 60th row as the cut between two bands, each band timed alone in CPU
                // time (less moved by other work on the machine than the wall clock).
                let height = list.pixelHeight
                print("    cuts (thread CPU time, above | below): " + Swift.stride(from: 60, to: height, by: 60).map { cut in
                    let above = cpuSeconds { compositor.drawBand(list, rows: 0..<cut, over: &bitmap) }
                    let below = cpuSeconds { compositor.drawBand(list, rows: cut..<height, over: &bitmap) }
                    return "\(cut): \(fixed(above * 1e3)) | \(fixed(below * 1e3))"
                }.joined(separator: ", "))
            }
        }
    }
}
