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

/// A colour premultiplied into bytes as the compositor stores it (rounded to nearest,
/// halves up), for pixman.
func premultipliedBytes(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
    func byte(_ x: Double) -> UInt8 { UInt8((Float(x * 255) + 0.5).rounded(.down)) }
    return (byte(c.red * c.alpha), byte(c.green * c.alpha), byte(c.blue * c.alpha), byte(c.alpha))
}

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
        print("check \(what): max difference \(worst), mean \(mean) per channel")
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

// MARK: Scenes

/// 100 layers on a 1920 × 1080 canvas: an opaque root; 10 panels (rounded, bordered, at
/// opacity 0.85 — each an offscreen group, as each draws itself and has sublayers), five of
/// them clipping to their rounded bounds (coverage masks); 8 cards per panel (rounded,
/// bordered, every third turned by 0.2 rad, the right column overhanging the panel's edge);
/// 9 translucent badges over everything (rounded, bordered, turned).
func makeHundredLayerScene() -> [Layer] {
    let palette: [Color] = [rgb(0x4C8DFF), rgb(0xFF8A3D), rgb(0xFF4F8B), rgb(0x3DDC97), rgb(0xFFD23F), rgb(0x9B6BFF)]
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    var count = 1
    for p in 0..<10 {
        let panel = box(Double(p % 5) * 384 + 14, Double(p / 5) * 540 + 14, 356, 512, color: rgb(0x171A23), radius: 24,
                        border: (3, rgb(0x2A3040)))
        panel.opacity = 0.85
        panel.masksToBounds = p % 2 == 0
        count += 1
        for c in 0..<8 {
            let card = box(Double(c % 2) * 178 + 24, Double(c / 2) * 122 + 20, 150, 104,
                           color: palette[(p + c) % palette.count], radius: 14, border: (2, rgb(0xF4F6FB, 0.9)))
            if c % 3 == 0 { card.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1) }
            add(card, to: panel)
            count += 1
        }
        add(panel, to: root)
    }
    for b in 0..<9 {
        let badge = box(Double(b) * 205 + 40, Double(b % 3) * 330 + 120, 180, 110, color: palette[b % palette.count].withAlpha(0.7),
                        radius: 20, border: (4, rgb(0xF4F6FB)))
        badge.transform = Transform3D(rotationAngle: -0.3 + 0.07 * Double(b), x: 0, y: 0, z: 1)
        add(badge, to: root)
        count += 1
    }
    precondition(count == 100)
    return [root]
}

/// A scene like `cadence demo`'s, built here at 1920 × 1080: eight rounded, bordered panels
/// on a dark root showing eased basic animations, keyframes, a turning square changing
/// colour, a cube of six single-sided faces in perspective (keyframed transforms), opacity
/// groups, a rotating rounded clip over sliding stripes with a nested circular clip, a
/// group-like pulse (scale, corner radius, border) and an additive wiggle. 3 s loop.
func makeDemoLikeScene() -> [Layer] {
    let colors: [Color] = [rgb(0x4C8DFF), rgb(0x3DDC97), rgb(0xFF8A3D), rgb(0x9B6BFF), rgb(0xFFD23F), rgb(0xFF4F8B)]
    let white = rgb(0xF4F6FB)
    func loop(_ duration: Double, autoreverses: Bool = false) -> MediaTiming {
        MediaTiming(duration: duration, repeatCount: .infinity, autoreverses: autoreverses)
    }
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    let (pw, ph) = (454.0, 512.0)
    var panels: [Layer] = []
    for p in 0..<8 {
        let panel = box(Double(p % 4) * (pw + 14) + 24, Double(p / 4) * (ph + 14) + 21, pw, ph, color: rgb(0x171A23),
                        radius: 28, border: (2, rgb(0x2A3040)))
        add(box(24, 24, 56, 10, color: colors[p % colors.count], radius: 5), to: panel)
        add(panel, to: root)
        panels.append(panel)
    }
    // 0: eased and linear balls on rails.
    for (row, function) in [TimingFunction.easeInEaseOut, .linear].enumerated() {
        let y = 110 + Double(row) * 100
        add(box(40, y - 2, pw - 80, 4, color: rgb(0x2A3040), radius: 2), to: panels[0])
        let ball = box(40, y - 24, 48, 48, color: colors[row], radius: 24)
        ball.add(BasicAnimation<Double>(keyPath: "position.x", toValue: pw - 64, timing: loop(1.5, autoreverses: true),
                                        timingFunction: function), forKey: "move")
        add(ball, to: panels[0])
    }
    // 1: keyframes, five rows.
    for row in 0..<5 {
        let ball = box(40, 80 + Double(row) * 80, 32, 32, color: colors[row % colors.count], radius: 16)
        ball.add(KeyframeAnimation<Double>(keyPath: "position.x", values: [56, pw - 80, pw - 150, pw - 56],
                                           calculationMode: [.linear, .discrete, .paced, .cubic, .cubicPaced][row],
                                           timing: loop(1.5, autoreverses: true)), forKey: "mode")
        add(ball, to: panels[1])
    }
    // 2: a square turning and changing colour.
    let square = box(pw / 2 - 80, ph / 2 - 80, 160, 160, color: colors[5], radius: 24)
    square.add(BasicAnimation<Color>(keyPath: "backgroundColor", toValue: colors[4], timing: loop(1.5, autoreverses: true)),
               forKey: "colour")
    square.add(BasicAnimation<Double>(keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi,
                                      timing: loop(1.5, autoreverses: true), timingFunction: .easeInEaseOut), forKey: "turn")
    add(square, to: panels[2])
    // 3: a pulse of scale, corner radius and border.
    let pulse = box(pw / 2 - 90, ph / 2 - 90, 180, 180, color: colors[3], radius: 8, border: (0, white))
    pulse.add(KeyframeAnimation<Double>(keyPath: "transform.scale", values: [1, 1.4, 0.8, 1], timing: loop(3)), forKey: "scale")
    pulse.add(BasicAnimation<Double>(keyPath: "cornerRadius", toValue: 90, timing: loop(1.5, autoreverses: true)), forKey: "radius")
    pulse.add(BasicAnimation<Double>(keyPath: "borderWidth", fromValue: 0, toValue: 16, timing: loop(1.5, autoreverses: true)),
              forKey: "border")
    add(pulse, to: panels[3])
    // 4: a move with an additive wiggle.
    let wiggler = box(40, ph / 2 - 24, 48, 48, color: colors[4], radius: 24)
    wiggler.add(BasicAnimation<Double>(keyPath: "position.x", toValue: pw - 64, timing: loop(3), timingFunction: .easeInEaseOut),
                forKey: "move")
    wiggler.add(KeyframeAnimation<Double>(keyPath: "position.y", values: [0, -60, 0, 60, 0], calculationMode: .cubic,
                                          timing: MediaTiming(duration: 0.5, repeatCount: .infinity), isAdditive: true),
                forKey: "wiggle")
    add(wiggler, to: panels[4])
    // 5: a cube in perspective, six single-sided faces keyframed around a tilted axis.
    let stage = box(0, 0, pw, ph, color: nil)
    var perspective = Transform3D.identity
    perspective.m34 = -1 / 800
    stage.sublayerTransform = perspective
    let side = 180.0
    let tilt = Transform3D(rotationAngle: -0.45, x: 1, y: 0, z: 0)
    let orientations: [Transform3D] = [
        .identity, Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0),
        Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0),
        Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0),
    ]
    for (f, orientation) in orientations.enumerated() {
        let face = box(pw / 2 - side / 2, ph / 2 - side / 2, side, side, color: colors[f].withAlpha(0.92), radius: 20,
                       border: (5, white))
        face.anchorPointZ = -side / 2
        face.isDoubleSided = false
        let values = (0...24).map { i in
            orientation.concatenating(Transform3D(rotationAngle: 2 * .pi * Double(i) / 24, x: 0, y: 1, z: 0)).concatenating(tilt)
        }
        face.transform = values[0]
        face.add(KeyframeAnimation<Transform3D>(keyPath: "transform", values: values, timing: loop(3)), forKey: "spin")
        add(face, to: stage)
    }
    add(stage, to: panels[5])
    // 6: opacity groups: two circles in a group at 0.6, two circles at 0.6 each.
    for row in 0..<2 {
        let holder = box(0, 60 + Double(row) * 220, pw, 200, color: nil)
        if row == 0 { holder.opacity = 0.6 }
        for i in 0..<2 {
            let circle = box(pw / 2 - 90 + Double(i) * 70, 10, 180, 180, color: colors[i == 0 ? 5 : 0], radius: 90)
            if row == 1 { circle.opacity = 0.6 }
            circle.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: i == 0 ? 40 : -40,
                                              timing: loop(1.5, autoreverses: true), isAdditive: true), forKey: "meet")
            add(circle, to: holder)
        }
        add(holder, to: panels[6])
    }
    // 7: a rotating rounded clip over sliding stripes, a circular clip nested in it.
    let clip = box(pw / 2 - 150, ph / 2 - 150, 300, 300, color: rgb(0x202533), radius: 60, border: (8, white))
    clip.masksToBounds = true
    clip.add(BasicAnimation<Double>(keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi / 2, timing: loop(3)),
             forKey: "turn")
    let stripes = box(-180, -180, 660, 660, color: nil)
    for i in 0..<11 {
        add(box(Double(i) * 60, 0, 30, 660, color: colors[i % 2 == 0 ? 1 : 0]), to: stripes)
    }
    stripes.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    stripes.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: 120, timing: loop(3), isAdditive: true),
                forKey: "slide")
    add(stripes, to: clip)
    let porthole = box(72, 72, 156, 156, color: rgb(0x0E1016), radius: 78, border: (5, colors[4]))
    porthole.masksToBounds = true
    let runner = box(-90, 48, 90, 60, color: colors[4], radius: 12)
    runner.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: 246, timing: loop(1.5), isAdditive: true),
               forKey: "run")
    add(runner, to: porthole)
    add(porthole, to: clip)
    add(clip, to: panels[7])
    return [root]
}

extension Color {
    fileprivate func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
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
