import BenchmarkShim
import BenchmarkSupport
import CadencePixels
#if canImport(Glibc)
import Glibc
#endif
import CadenceAnimation
@_spi(Testing) import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadenceTiming

// The compositor (issue 6): three primitives next to pixman drawing the same geometry in the
// same run — an opaque fill of a 1920×1080 canvas, a semi-transparent 512×512 layer over an
// opaque one, a 512×512 layer rotated by 30° — and whole 1920×1080 frames: a scene of 100
// layers (rounded, bordered, 10 opacity groups, 5 clips) and a demo-like animated scene with
// perspective. Frames go through the public API, `Compositor(threadCount: 1).render(_:at:on:)`, which
// allocates and clears the canvas's bitmap on every call; the `… (empty)` rows measure that
// fixed cost alone. The primitives are also drawn as pixman draws them, onto a canvas kept
// from call to call (`Compositor.draw(_:over:)`, a testing hook: the render list made once,
// then the rasterizer over the pixels already there), which is what their ratios to pixman
// are read from. Items are pixels: Google Benchmark's `items_per_second` is pixels per
// second (the primitive's pixels; the canvas's pixels for whole frames).

/// Checks, before anything is measured, that Cadence and pixman draw the same pixels:
/// every channel within `maxDifference`, and the channels' mean difference within
/// `maxMean`. Measured (set `CADENCE_PRINT_PIXMAN_CHECKS=1` to print): the fill is
/// identical; source-over differs by at most 1 (pixman blends the colour rounded to bytes,
/// Cadence the exact premultiplied colour, rounding once); the rotated rect differs only on
/// its anti-aliased edges, by at most 11 of 255 (mean 0.015 per channel over the canvas):
/// pixman samples a 17 × 15 grid per pixel, Cadence integrates a box filter across each
/// edge.
private func checkAgainstPixman(
    _ what: String, _ scene: cadence_pixman_scene, _ bitmap: Bitmap, maxDifference: Int, maxMean: Double
) {
    var scene = scene
    var theirs = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4)
    cadence_baseline_pixman_draw(&scene, &theirs)
    comparePixels(what, bitmap, theirs, maxDifference: maxDifference, maxMean: maxMean)
}

/// Checks that `bitmap` and `theirs` (the same size, tight rows) agree: every channel within
/// `maxDifference`, the channels' mean difference within `maxMean`.
func comparePixels(_ what: String, _ bitmap: Bitmap, _ theirs: [UInt8], maxDifference: Int, maxMean: Double) {
    precondition(bitmap.bytesPerRow == bitmap.width * 4 && bitmap.pixels.count == theirs.count)
    var worst = 0, total = 0
    for (a, b) in zip(bitmap.pixels, theirs) {
        let d = abs(Int(a) - Int(b))
        worst = max(worst, d)
        total += d
    }
    let mean = Double(total) / Double(theirs.count)
    if getenv("CADENCE_PRINT_PIXMAN_CHECKS") != nil {
        report("check \(what): max difference \(worst), mean \(mean) per channel")
    }
    precondition(worst <= maxDifference && mean <= maxMean,
                 "\(what): Cadence and pixman differ by up to \(worst) (mean \(mean)) per channel")
}

/// Registers `render` of `roots` on `canvas` at times from `times` (all 0 when `nil`),
/// `pixels` items per frame: a new bitmap each frame, or, with `reusingBitmap`, one bitmap
/// kept from frame to frame (`render(_:at:on:into:)`, as an engine's frame loop draws).
func registerRender(
    _ name: String, _ compositor: Compositor, _ roots: [Layer], on canvas: Canvas, pixels: Int, times: Inputs? = nil,
    reusingBitmap: Bool = false
) {
    var kept = try! Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight)
    registerBenchmark(name, itemsPerIteration: pixels) { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            let t = times.map { $0.base[k & $0.mask] } ?? 0
            if reusingBitmap {
                try! compositor.render(roots, at: t, on: canvas, into: &kept)
                sink ^= UInt64(kept.pixels[(k &* 4097) % kept.pixels.count])
            } else {
                let bitmap = try! compositor.render(roots, at: t, on: canvas)
                sink ^= UInt64(bitmap.pixels[(k &* 4097) % bitmap.pixels.count])
            }
        }
        cadence_benchmark_consume(sink)
    }
}

/// Registers drawing `roots` (their render list at time 0 on `canvas`, made once) over a
/// bitmap kept from call to call, first filled with `fill`: the rasterizer alone, as pixman
/// composites onto its canvas. `pixels` items per call.
func registerDraw(
    _ name: String, _ compositor: Compositor, _ roots: [Layer], on canvas: Canvas, fill: SIMD4<UInt8> = .zero, pixels: Int
) {
    let list = compositor.renderList(roots, at: 0, on: canvas)
    var bitmap = try! Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight, fill: fill)
    registerBenchmark(name, itemsPerIteration: pixels) { n in
        for _ in 0..<Int(n) { compositor.draw(list, over: &bitmap) }
        cadence_benchmark_consume(UInt64(bitmap.pixels[bitmap.pixels.count / 2]))
    }
}

// MARK: Registration

func registerCompositorBenchmarks() {
    let compositor = Compositor(threadCount: 1)

    // Opaque solid fill of the whole 1920 × 1080 canvas.
    let fillColor = Color(red: 0.2, green: 0.4, blue: 0.8)
    let fullHD = Canvas(width: 1920, height: 1080)
    let fillRoots = [box(0, 0, 1920, 1080, color: fillColor)]
    let fb = premultipliedBytes(fillColor)
    let fillScene = cadence_pixman_scene(
        canvas_width: 1920, canvas_height: 1080, background: (0, 0, 0, 0), kind: 0, x: 0, y: 0, width: 1920, height: 1080,
        angle: 0, color: fb)
    checkAgainstPixman("fill", fillScene, try! compositor.render(fillRoots, at: 0, on: fullHD), maxDifference: 0, maxMean: 0)

    // A 512 × 512 layer at alpha 0.6 over an opaque 512 × 512 layer, on a 512 × 512 canvas.
    let small = Canvas(width: 512, height: 512)
    let under = rgb(0x204060), overColor = Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.6)
    let backgroundOnly = [box(0, 0, 512, 512, color: under)]
    let overRoots = [box(0, 0, 512, 512, color: under), box(0, 0, 512, 512, color: overColor)]
    let ub = premultipliedBytes(under), ob = premultipliedBytes(overColor)
    let imageScene = cadence_pixman_scene(
        canvas_width: 512, canvas_height: 512, background: ub, kind: 1, x: 0, y: 0, width: 512, height: 512, angle: 0,
        color: ob)
    var solidOverScene = imageScene
    solidOverScene.kind = 0
    let overBitmap = try! compositor.render(overRoots, at: 0, on: small)
    checkAgainstPixman("source-over (image)", imageScene, overBitmap, maxDifference: 1, maxMean: 1)
    checkAgainstPixman("source-over (solid)", solidOverScene, overBitmap, maxDifference: 1, maxMean: 1)

    // A 512 × 512 opaque layer turned by 30° about its centre, on a transparent 720 × 720
    // canvas (its image spans 700 pixels).
    let rotatedCanvas = Canvas(width: 720, height: 720)
    let rotated = box(104, 104, 512, 512, color: fillColor)
    rotated.transform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
    let rotatedScene = cadence_pixman_scene(
        canvas_width: 720, canvas_height: 720, background: (0, 0, 0, 0), kind: 2, x: 104, y: 104, width: 512, height: 512,
        angle: .pi / 6, color: fb)
    checkAgainstPixman("rotated rect", rotatedScene, try! compositor.render([rotated], at: 0, on: rotatedCanvas),
                       maxDifference: 16, maxMean: 0.05)

    // The primitives, pixman first.
    var scene = fillScene
    cadence_baseline_pixman_register("baseline: pixman fill_rectangles OVER opaque solid 1920x1080", &scene)
    registerDraw("Compositor.draw(over:): opaque layer filling a 1920x1080 canvas", compositor, fillRoots, on: fullHD,
                 pixels: 1920 * 1080)
    registerRender("Compositor.render: opaque layer filling a 1920x1080 canvas", compositor, fillRoots, on: fullHD,
                   pixels: 1920 * 1080)
    registerRender("Compositor.render: no layers, 1920x1080 canvas (empty: bitmap allocation + clear)", compositor, [],
                   on: fullHD, pixels: 1920 * 1080)

    scene = imageScene
    cadence_baseline_pixman_register("baseline: pixman composite32 OVER a8r8g8b8 image 512x512 alpha 0.6", &scene)
    scene = solidOverScene
    cadence_baseline_pixman_register("baseline: pixman fill_rectangles OVER solid 512x512 alpha 0.6", &scene)
    registerDraw("Compositor.draw(over:): 512x512 layer alpha 0.6 over a 512x512 canvas of #204060", compositor,
                 [overRoots[1]], on: small, fill: SIMD4(ub.0, ub.1, ub.2, ub.3), pixels: 512 * 512)
    registerRender("Compositor.render: 512x512 layer alpha 0.6 over opaque 512x512 layer, 512x512 canvas", compositor,
                   overRoots, on: small, pixels: 512 * 512)
    registerRender("Compositor.render: opaque 512x512 layer alone, 512x512 canvas (empty: allocation + clear + fill)",
                   compositor, backgroundOnly, on: small, pixels: 512 * 512)

    scene = rotatedScene
    cadence_baseline_pixman_register(
        "baseline: pixman composite_trapezoids OVER opaque solid, 512x512 rect rotated 30deg, 720x720", &scene)
    registerDraw("Compositor.draw(over:): opaque 512x512 layer rotated 30deg, 720x720 canvas", compositor, [rotated],
                 on: rotatedCanvas, pixels: 512 * 512)
    registerRender("Compositor.render: opaque 512x512 layer rotated 30deg, 720x720 canvas", compositor, [rotated],
                   on: rotatedCanvas, pixels: 512 * 512)
    registerRender("Compositor.render: no layers, 720x720 canvas (empty: bitmap allocation + clear)", compositor, [],
                   on: rotatedCanvas, pixels: 512 * 512)

    // Whole frames.
    let hundred = makeHundredLayerScene()
    let list = compositor.renderList(hundred, at: 0, on: fullHD)
    precondition(list.items.count == 100 && list.items.filter { $0.groupOpacity != nil }.count == 10
                 && list.items.filter(\.masksToBounds).count == 5, "the 100-layer scene is not what its name says")
    registerRender("Compositor.render: 100 layers (rounded, bordered, 10 opacity groups, 5 clips) 1920x1080", compositor,
                   hundred, on: fullHD, pixels: 1920 * 1080)
    // The same frame with each panel (and its 8 cards) rasterized and its cached bitmap
    // composited; then with every panel sliding (a position animation), which moves the
    // bitmaps without drawing them again, against the same motion drawn directly.
    let rasterized = makeHundredLayerScene()
    for panel in rasterized[0].sublayers where !panel.sublayers.isEmpty { panel.shouldRasterize = true }
    registerRender("Compositor.render: 100 layers, the 10 panels rasterized (cache hits) 1920x1080", Compositor(threadCount: 1),
                   rasterized, on: fullHD, pixels: 1920 * 1080)
    for (name, scene) in [("drawn directly", makeHundredLayerScene()), ("rasterized", rasterized)] {
        for panel in scene[0].sublayers where !panel.sublayers.isEmpty {
            panel.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: panel.position.x, toValue: panel.position.x + 37,
                                             timing: MediaTiming(duration: 1)), forKey: "slide", beginningAt: 0)
        }
        registerRender("Compositor.render: 100 layers, the 10 panels sliding, \(name), 1920x1080, t in [0,1)",
                       Compositor(threadCount: 1), scene, on: fullHD, pixels: 1920 * 1080,
                       times: Inputs(in: 0..<1, seed: 0xCADE_0602))
    }
    let demo = makeDemoLikeScene()
    registerRender("Compositor.render: demo-like scene (animated, perspective cube, groups, clips) 1920x1080, t in [0,3)",
                   compositor, demo, on: fullHD, pixels: 1920 * 1080, times: Inputs(in: 0..<3, seed: 0xCADE_0601))
}
