import BenchmarkShim
import BenchmarkSupport
@_spi(Testing) import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels

// Emitter layers (docs/compositor.md § 20): whole 1080p frames of particles, their
// evaluation and render list included, as `render` makes them.

/// A 1920 × 1080 frame: an opaque root and a fountain whose one cell keeps 10,000
/// particles alive (5,000 a second for 2 s), each an 8 × 8 soft dot scaled 0.5…1.5, spun
/// and tinted (colour ranges and a fading alpha), falling under gravity.
func makeEmitterScene() -> [Layer] {
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    var dot = try! Bitmap(width: 8, height: 8)
    for y in 0..<8 {
        for x in 0..<8 {
            let dx = Double(x) - 3.5, dy = Double(y) - 3.5
            let a = UInt8(max(0, min(255, 255 * (1 - (dx * dx + dy * dy).squareRoot() / 4.5))))
            dot[x, y] = SIMD4(a, a, a, a)
        }
    }
    var spark = EmitterCell()
    spark.birthRate = 5000
    spark.lifetime = 2
    spark.velocity = 500
    spark.velocityRange = 150
    spark.emissionLongitude = -.pi / 2
    spark.emissionRange = .pi / 2
    spark.yAcceleration = 350
    spark.spin = 2
    spark.spinRange = 2
    spark.scaleRange = 0.5
    spark.color = rgb(0xFF8A3D)
    spark.greenRange = 0.3
    spark.blueRange = 0.3
    spark.alphaSpeed = -0.4
    spark.contents = dot
    let emitter = EmitterLayer()
    emitter.frame = Rect(x: 0, y: 0, width: 1920, height: 1080)
    emitter.emitterPosition = Point(x: 960, y: 900)
    emitter.emitterShape = .line
    emitter.emitterSize = Size(width: 400, height: 0)
    emitter.emitterCells = [spark]
    add(emitter, to: root)
    return [root]
}

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
