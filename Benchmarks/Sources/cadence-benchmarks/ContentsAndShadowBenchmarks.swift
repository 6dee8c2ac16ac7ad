import BenchmarkShim
import BenchmarkSupport
import CadencePixels
#if canImport(Glibc)
import Glibc
#endif
import CadenceCompositor
import CadenceGeometry
import CadenceLayers

// Compositor part 2 (issue 7): contents images and shadows, through the public API
// (`Compositor.render`, one compositor reused, so its scratch memory and the images' mip
// chains are warm as in an app's steady state).
// - A 1920 × 1080 frame of 10 images (scaled up, down to about 1/3, rotated, under resize
//   and resizeAspect gravity) and 5 shadows of radius 20, and the same frame without its
//   shadows.
// - The blur's cost against its radius: one 400 × 300 rounded rect casting a shadow at
//   radius 2, 20 and 200, with `shadowPath` (the layer draws nothing else) and without (the
//   shadow of its composited alpha), each next to the same frame without the shadow.
// - A 512 × 512 image rotated by 30° and scaled by 1.5 with bilinear filtering, next to
//   pixman drawing it through the same transform.

// MARK: Scenes

/// A 400 × 300 rounded rect (radius 24) in the middle of a transparent canvas just large
/// enough for its shadow of `radius` (offset 0, opacity 0.4), so the shadow's extent is the
/// whole canvas. `path`: the shadow has a `shadowPath` and the layer draws nothing else;
/// otherwise the layer is opaque and its alpha is the shadow's shape. With `shadow: false`
/// the same layer without a shadow: the baseline to subtract.
private func makeShadowScene(radius: Double, path: Bool, shadow: Bool) -> (roots: [Layer], canvas: Canvas) {
    func scene(margin: Double, shadow: Bool) -> (roots: [Layer], canvas: Canvas) {
        let layer = box(margin, margin, 400, 300, color: path ? nil : rgb(0x4C8DFF), radius: 24)
        if shadow { castShadow(layer, radius: radius, offset: Size(width: 0, height: 0), path: path) }
        return ([layer], Canvas(width: 400 + 2 * margin, height: 300 + 2 * margin))
    }
    // The canvas is the shadow's extent: the shape grown by the blur's reach (at most 2σ and
    // a pixel, docs/compositor.md §10), read from the render list on a larger canvas first.
    let probe = scene(margin: (3 * radius).rounded(.up) + 2, shadow: true)
    let extent = Compositor().renderList(probe.roots, at: 0, on: probe.canvas).items[0].extent
    return scene(margin: Double(extent.width - 400) / 2, shadow: shadow)
}

// MARK: Registration

func registerContentsAndShadowBenchmarks() {
    let compositor = Compositor(threadCount: 1)
    let fullHD = Canvas(width: 1920, height: 1080)

    // The 1080p frame, and the same without shadows.
    let frame = makeContentsAndShadowScene()
    let list = compositor.renderList(frame, at: 0, on: fullHD)
    precondition(list.items.count == 16 && list.items.filter { $0.contents != nil }.count == 10
                 && list.items.filter { $0.shadow != nil }.count == 5
                 && list.items.filter { $0.shadow?.path != nil }.count == 3,
                 "the contents-and-shadows scene is not what its name says")
    let name = "10 images (256x256, 512x384: up 2.5x/1.8x, down 1/3, rotated, resize/resizeAspect)"
    registerRender("Compositor.render: \(name) + 5 shadows r20 (3 shadowPath, 2 alpha) 1920x1080", compositor, frame,
                   on: fullHD, pixels: 1920 * 1080)
    registerRender("Compositor.render: \(name), no shadows, 1920x1080", compositor,
                   makeContentsAndShadowScene(shadows: false), on: fullHD, pixels: 1920 * 1080)

    // The blur against its radius. Items: the shadow's extent (the whole canvas).
    for path in [true, false] {
        for radius in [2.0, 20, 200] {
            let (roots, canvas) = makeShadowScene(radius: radius, path: path, shadow: true)
            let items = compositor.renderList(roots, at: 0, on: canvas).items
            let extent = items[0].extent
            precondition(items.count == 1 && items[0].shadow?.sigma == radius
                         && extent == PixelRect(width: canvas.pixelWidth, height: canvas.pixelHeight),
                         "the shadow's extent is not the canvas")
            let what = "400x300 rounded rect, \(path ? "shadowPath" : "alpha shape"), \(extent.width)x\(extent.height) canvas"
            registerRender("Compositor.render: shadow r\(formatted(radius)) of a \(what)", compositor, roots,
                           on: canvas, pixels: extent.area)
            registerRender("Compositor.render: no shadow (baseline for r\(formatted(radius))), \(what)", compositor,
                           makeShadowScene(radius: radius, path: path, shadow: false).roots, on: canvas,
                           pixels: extent.area)
        }
    }

    registerTransformedImageBenchmarks(compositor)
}

/// Two images drawn bilinearly onto a transparent 1024 × 1024 canvas, by Cadence (a layer
/// with the image as contents, `magnificationFilter = linear`) and by pixman (`composite32`
/// OVER, `PIXMAN_FILTER_BILINEAR`, the inverse of the same transform): a 512 × 512 image
/// turned by 30° and scaled by 1.5 about the canvas's centre (pixman's general bilinear
/// fetch), and a 512 × 512 image scaled 2× to fill the canvas, axis-aligned (pixman's
/// bilinear scaling fast path). Items: the pixels the image covers (the same for both:
/// counted on Cadence's frame, checked against pixman's).
private func registerTransformedImageBenchmarks(_ compositor: Compositor) {
    let side = 512.0
    let (scale, angle) = (1.5, Double.pi / 6)
    let image = makeTestBitmap(width: Int(side), height: Int(side), seed: 0xCADE_0720)
    let rotated = imageLayer(image, 512 - side / 2, 512 - side / 2, side, side)
    rotated.transform = Transform3D(scaleX: scale, y: scale, z: 1).concatenating(
        Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1))
    // pixman maps canvas to image: u = R(−θ)·(p − c) / s + (256, 256), c = (512, 512) the
    // canvas centre (Core Animation's rotation in a y-down space: x' = x cos θ − y sin θ,
    // y' = x sin θ + y cos θ).
    let (c, s, half) = (cos(angle) / scale, sin(angle) / scale, side / 2)
    registerImageScene(
        compositor, rotated, image, matrix: (c, s, half - 512 * (c + s), -s, c, half - 512 * (c - s)),
        pixman: "baseline: pixman composite32 OVER bilinear a8r8g8b8 512x512 rotated 30deg scaled 1.5, 1024x1024",
        cadence: "512x512 image rotated 30deg scaled 1.5, linear, 1024x1024 canvas", edge: 64, empty: true)
    let small = makeTestBitmap(width: Int(side), height: Int(side), seed: 0xCADE_0721)
    let upscaled = imageLayer(small, 0, 0, 1024, 1024)
    registerImageScene(
        compositor, upscaled, small, matrix: (0.5, 0, 0, 0, 0.5, 0),
        pixman: "baseline: pixman composite32 OVER bilinear a8r8g8b8 512x512 scaled 2x (axis-aligned), 1024x1024",
        cadence: "512x512 image scaled 2x (axis-aligned), linear, 1024x1024 canvas", edge: 128, empty: false)
}

/// Checks `layer` (showing `image`, 512 × 512) on a 1024 × 1024 canvas against pixman drawing the
/// image through `matrix` (canvas to image) — within 4 of 255 more than 2 texels inside the
/// image, within `edge` on its edges (at the 2× upscale's corners pixman's fade to
/// transparent covers 1 − 0.75² of the pixel: 112), mean 0.2 — then registers pixman's composite, Cadence's
/// `render` and `draw(_:over:)` of it (and, with `empty`, the empty canvas's `render`).
private func registerImageScene(
    _ compositor: Compositor, _ layer: Layer, _ image: Bitmap, matrix: (Double, Double, Double, Double, Double, Double),
    pixman: String, cadence: String, edge: Int, empty: Bool
) {
    let side = 512
    let canvas = Canvas(width: 1024, height: 1024)
    let ours = try! compositor.render([layer], at: 0, on: canvas)
    func withScene(_ body: (inout cadence_pixman_transformed_image) -> Void) {
        image.pixels.withUnsafeBufferPointer { pixels in
            var scene = cadence_pixman_transformed_image(
                canvas_width: 1024, canvas_height: 1024, image: pixels.baseAddress!, image_width: Int32(side),
                image_height: Int32(side), matrix: matrix)
            body(&scene)
        }
    }
    var theirs = [UInt8](repeating: 0, count: 1024 * 1024 * 4)
    withScene { cadence_baseline_pixman_transformed_image_draw(&$0, &theirs) }
    // The edges differ by design: Cadence multiplies edge-clamped texels by the analytic
    // coverage of the image's rectangle, pixman (`PIXMAN_REPEAT_NONE`) fades bilinearly to
    // transparent over the outermost texel. Inside, both interpolate the same four texels:
    // pixman with 7-bit weights, Cadence with 8-bit ones, each rounding its own way.
    var interiorWorst = 0
    for y in 0..<1024 {
        for x in 0..<1024 {
            let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
            let u = matrix.0 * px + matrix.1 * py + matrix.2, v = matrix.3 * px + matrix.4 * py + matrix.5
            guard u > 2, v > 2, u < Double(side) - 2, v < Double(side) - 2 else { continue }
            for c in 0..<4 {
                let i = 4 * (1024 * y + x) + c
                interiorWorst = max(interiorWorst, abs(Int(ours.pixels[i]) - Int(theirs[i])))
            }
        }
    }
    if getenv("CADENCE_PRINT_PIXMAN_CHECKS") != nil {
        report("check \(cadence), more than 2 texels inside its edges: max difference \(interiorWorst)")
    }
    precondition(interiorWorst <= 4, "\(cadence): Cadence and pixman differ by \(interiorWorst) inside the image")
    comparePixels("\(cadence) (whole canvas)", ours, theirs, maxDifference: edge, maxMean: 0.2)
    var covered = 0
    for i in stride(from: 3, to: ours.pixels.count, by: 4) where ours.pixels[i] != 0 { covered += 1 }

    withScene { cadence_baseline_pixman_transformed_image_register(pixman, &$0, Int64(covered)) }
    registerRender("Compositor.render: \(cadence)", compositor, [layer], on: canvas, pixels: covered)
    registerDraw("Compositor.draw(over:): \(cadence)", compositor, [layer], on: canvas, pixels: covered)
    if empty {
        registerRender("Compositor.render: no layers, 1024x1024 canvas (empty: bitmap allocation + clear)", compositor, [],
                       on: canvas, pixels: covered)
    }
}
