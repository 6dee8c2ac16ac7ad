import BenchmarkShim
import BenchmarkSupport
import CadenceCompositor
import CadenceImageIO
import CadenceLayers

// PNG encoding of a 1920 × 1080 frame (the demo-like scene at t = 1.3: flat, anti-aliased
// artwork) at each level the command line offers, beside libpng's encoder on the same
// pixels (libpng's own per-row filter choice; at level 1 also with the run-length strategy
// that `PNGEncoder` uses there); and decoding that frame's files. The file sizes are
// printed once at registration. One thread.

func registerPNGBenchmarks() {
    let frame = try! Compositor(threadCount: 1).render(makeDemoLikeScene(), at: 1.3, on: Canvas(width: 1920, height: 1080))
    let (width, height) = (Int32(frame.width), Int32(frame.height))
    for level in [0, 1, 2, 3, 6, 9] {
        report("PNG level \(level): \(try! PNGEncoder.encode(frame, level: level).count) bytes for the 1920x1080 demo-like frame")
        registerBenchmark("PNGEncoder.encode level=\(level): demo-like frame 1920x1080", itemsPerIteration: 1920 * 1080) { n in
            var sink: UInt64 = 0
            for _ in 0..<Int(n) { sink ^= UInt64(try! PNGEncoder.encode(frame, level: level).count) }
            cadence_benchmark_consume(sink)
        }
    }
    for (level, runLength) in [(0, false), (1, false), (1, true), (6, false), (9, false)] {
        let name = "libpng level=\(level)\(runLength ? " run-length" : "")"
        let size = frame.pixels.withUnsafeBufferPointer {
            cadence_baseline_libpng_encode($0.baseAddress!, width, height, Int32(level), runLength ? 1 : 0)
        }
        precondition(size > 0, "libpng failed")
        report("PNG \(name): \(size) bytes for the 1920x1080 demo-like frame")
        registerBenchmark("baseline: \(name) png_write_row: demo-like frame 1920x1080", itemsPerIteration: 1920 * 1080) { n in
            var sink: UInt64 = 0
            frame.pixels.withUnsafeBufferPointer { pixels in
                for _ in 0..<Int(n) {
                    sink ^= UInt64(cadence_baseline_libpng_encode(pixels.baseAddress!, width, height, Int32(level), runLength ? 1 : 0))
                }
            }
            cadence_benchmark_consume(sink)
        }
    }
    for level in [1, 6] {
        let file = try! PNGEncoder.encode(frame, level: level)
        precondition(try! PNGDecoder.decode(file) == frame, "the round trip changed the frame")
        registerBenchmark("PNGDecoder.decode level=\(level) file: demo-like frame 1920x1080", itemsPerIteration: 1920 * 1080) { n in
            var sink: UInt64 = 0
            for _ in 0..<Int(n) { sink ^= UInt64(try! PNGDecoder.decode(file).pixels[4 * 960]) }
            cadence_benchmark_consume(sink)
        }
    }
}
