import BenchmarkShim
import BenchmarkSupport
@_spi(Testing) import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels

// Emitter layers (docs/compositor.md § 20): whole 1080p frames of particles, their
// evaluation and render list included, as `render` makes them.

func registerEmitterBenchmarks() {
    let compositor = Compositor(threadCount: 1)
    let fullHD = Canvas(width: 1920, height: 1080)
    let scene = makeEmitterScene()
    let list = compositor.renderList(scene, at: 5, on: fullHD)
    let drawn = list.items.map { $0.sprites?.count ?? 0 }.reduce(0, +)
    precondition(drawn >= 9_900, "the emitter scene is not what its name says: \(drawn) particles drawn")
    // The primary row: a frame loop's render, into one bitmap kept from frame to frame.
    registerRender("Compositor.render(into:): emitter of 10,000 live particles (8x8 dots, tinted, spun) 1920x1080, bitmap reused, t in [3,6)",
                   compositor, scene, on: fullHD, pixels: 1920 * 1080, times: Inputs(in: 3..<6, seed: 0xCADE_2001),
                   reusingBitmap: true)
    // For reference: a new bitmap allocated, faulted in and cleared each frame.
    registerRender("Compositor.render: emitter of 10,000 live particles (8x8 dots, tinted, spun) 1920x1080, t in [3,6)",
                   compositor, scene, on: fullHD, pixels: 1920 * 1080, times: Inputs(in: 3..<6, seed: 0xCADE_2001))
    // The same-run baseline: the general path (each particle an item of its own).
    let general = Compositor(threadCount: 1)
    general.drawsParticlesAsSprites = false
    registerRender("Compositor.render: emitter of 10,000 live particles, general path (an item each) 1920x1080, t in [3,6)",
                   general, scene, on: fullHD, pixels: 1920 * 1080, times: Inputs(in: 3..<6, seed: 0xCADE_2001))
    let emitter = scene[0].sublayers[0] as! EmitterLayer
    registerBenchmark("EmitterLayer.particles(at:): 10,000 live particles", itemsPerIteration: 10_000) { n in
        var sink = 0
        for i in 0..<Int(n) { sink &+= emitter.particles(at: 3 + Double(i & 255) / 256).count }
        cadence_benchmark_consume(UInt64(sink))
    }
    var buffer = ParticleBuffer()
    registerBenchmark("EmitterLayer.particles(at:into:): 10,000 live particles, buffer reused", itemsPerIteration: 10_000) { n in
        var sink = 0
        for i in 0..<Int(n) {
            emitter.particles(at: 3 + Double(i & 255) / 256, into: &buffer)
            sink &+= buffer.particles.count
        }
        cadence_benchmark_consume(UInt64(sink))
    }
}
