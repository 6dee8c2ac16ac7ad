import BenchmarkShim
import BenchmarkSupport
import CadenceCompositor
import CadencePixels
import CadenceScene
#if canImport(Glibc)
import Glibc
#endif

// An animated frame next to an animation engine: the cards scene (`scenes/cards-1080p.json`:
// 40 rounded cards on a 1920 × 1080 canvas, 20 translucent, 10 bordered, 30 eased
// animations of position, rotation and opacity over 2 s) drawn by Cadence and its Lottie
// twin (`scenes/cards-1080p.lottie.json`, written from it by `scenes/lottie-twin.py`)
// drawn by rlottie, at the same 120 frame times (60 a second), one frame per iteration,
// each into a bitmap or buffer kept from frame to frame. Cadence's frame is the scene
// loaded with CadenceScene and `Scene.render(at:with:into:)` with `Compositor(threadCount:
// 1)`: the presentation at the frame's time (every animation evaluated), the render list
// and the drawing. rlottie draws part of each frame on threads of its own, so both are
// timed by the process's CPU time (the `CPU` column): the work a frame costs one core.

/// The twin's frame rate and length: `FRAME_RATE` of `lottie-twin.py` and the scene's 2 s.
private let frameRate = 60.0, frameCount = 120

/// Checks, before anything is measured, that Cadence and rlottie draw similar, non-empty
/// frames at `frame`: each covers at least a third of the canvas with something other
/// than its background, the channels' mean difference over the canvas is within
/// `maxMean`, and at most `maxFar` pixels have a channel more than `farDifference` apart.
/// A per-pixel bound over every pixel would not hold: the two renderers anti-alias
/// differently (rlottie accumulates the coverage of scan-converted cells, Cadence
/// integrates a box filter across each edge), draw corners differently (Bézier quarter
/// circles against exact arcs), round colours to bytes differently (the background is
/// (14, 16, 21) in rlottie, (14, 16, 22) in Cadence), and a fading bordered card is one
/// group in Core Animation but two separately faded paints in rlottie. Measured (set
/// `CADENCE_PRINT_PIXMAN_CHECKS=1` to print) at frames 0, 60 and 119: mean 0.55, 0.64 and
/// 0.62 per channel; 50, 29 and 134 pixels more than 32 apart (corners and fading
/// borders); 45 %, 46 % and 44 % of the canvas covered, the two counts within 0.1 %. A
/// card of 25 × 20 pixels or more drawn out of its place, or in a colour more than 32
/// off, fails the check.
private func checkAgainstRLottie(
    _ scene: Scene, lottie: String, frame: Int, maxMean: Double, farDifference: Int = 32, maxFar: Int
) {
    let compositor = Compositor(threadCount: 1)
    let ours = try! scene.render(at: Double(frame) / frameRate, with: compositor)
    var theirs = [UInt8](repeating: 0, count: ours.pixels.count)
    precondition(cadence_baseline_rlottie_draw(lottie, Int64(frame), Int32(ours.width), Int32(ours.height), &theirs) == 0,
                 "rlottie could not load \(lottie) at \(ours.width)×\(ours.height)")
    // The top-left pixel is the background in both (no card reaches it).
    let oursBackground = Array(ours.pixels[0..<4]), theirsBackground = Array(theirs[0..<4])
    var total = 0, oursCovered = 0, theirsCovered = 0, far = 0
    for p in stride(from: 0, to: theirs.count, by: 4) {
        var oursDiffers = false, theirsDiffers = false, worst = 0
        for c in 0..<4 {
            let d = abs(Int(ours.pixels[p + c]) - Int(theirs[p + c]))
            total += d
            worst = max(worst, d)
            oursDiffers = oursDiffers || ours.pixels[p + c] != oursBackground[c]
            theirsDiffers = theirsDiffers || theirs[p + c] != theirsBackground[c]
        }
        if oursDiffers { oursCovered += 1 }
        if theirsDiffers { theirsCovered += 1 }
        if worst > farDifference { far += 1 }
    }
    let mean = Double(total) / Double(theirs.count), pixels = theirs.count / 4
    if getenv("CADENCE_PRINT_PIXMAN_CHECKS") != nil {
        report("check cards frame \(frame): mean difference \(mean) per channel, \(far) pixels more than \(farDifference) apart; covered \(oursCovered) (Cadence), \(theirsCovered) (rlottie) of \(pixels) pixels")
    }
    precondition(3 * oursCovered >= pixels && 3 * theirsCovered >= pixels && mean <= maxMean && far <= maxFar,
                 "cards frame \(frame): Cadence and rlottie differ by \(mean) per channel on average, \(far) pixels by more than \(farDifference) (covered \(oursCovered), \(theirsCovered))")
}

func registerLottieBenchmarks() {
    let path = benchmarkScenes + "cards-1080p.json", lottie = benchmarkScenes + "cards-1080p.lottie.json"
    let scene = try! Scene(contentsOf: path)
    let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight
    for frame in [0, 60, 119] { checkAgainstRLottie(scene, lottie: lottie, frame: frame, maxMean: 1, maxFar: 500) }

    precondition(cadence_baseline_rlottie_register(
        "baseline: rlottie frame: cards 1080p (40 rounded cards, 30 eased animations), 120 frames at 60 fps, process CPU",
        lottie, Int64(frameCount), Int32(width), Int32(height)) == 0)

    let compositor = Compositor(threadCount: 1)
    var bitmap = try! scene.render(at: 0, with: compositor)
    var frame = 0
    registerBenchmark("Compositor.render(into:): cards 1080p scene, one thread, presentation included, 120 frames at 60 fps, process CPU",
                      itemsPerIteration: width * height, clock: .process) { n in
        var sink: UInt64 = 0
        for _ in 0..<Int(n) {
            try! scene.render(at: Double(frame) / frameRate, with: compositor, into: &bitmap)
            sink ^= UInt64(bitmap.pixels[(frame &* 4097) % bitmap.pixels.count])
            frame = frame + 1 == frameCount ? 0 : frame + 1
        }
        cadence_benchmark_consume(sink)
    }
}
