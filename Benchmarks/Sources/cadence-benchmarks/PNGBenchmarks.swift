import BenchmarkShim
import CadenceCompositor
import CadenceImageIO
import CadenceLayers

// PNG encoding of a 1920 × 1080 frame (the demo-like scene at t = 1.3: flat, anti-aliased
// artwork) at each level the command line offers; the file size is printed once at
// registration. One thread.

func registerPNGBenchmarks() {
    let frame = try! Compositor(threadCount: 1).render(makeDemoLikeScene(), at: 1.3, on: Canvas(width: 1920, height: 1080))
    for level in [0, 1, 2, 3, 6, 9] {
        print("PNG level \(level): \(try! PNGEncoder.encode(frame, level: level).count) bytes for the 1920x1080 demo-like frame")
        registerBenchmark("PNGEncoder.encode level=\(level): demo-like frame 1920x1080", itemsPerIteration: 1920 * 1080) { n in
            var sink: UInt64 = 0
            for _ in 0..<Int(n) { sink ^= UInt64(try! PNGEncoder.encode(frame, level: level).count) }
            cadence_benchmark_consume(sink)
        }
    }
}
