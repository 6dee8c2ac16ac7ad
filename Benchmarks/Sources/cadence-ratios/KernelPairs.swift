import BenchmarkShim
import BenchmarkSupport
@_spi(Testing) import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
#if canImport(Glibc)
import Glibc
#endif

// Issue 13 §3's kernel targets: each primitive drawn by Cadence over a bitmap kept from call
// to call (`draw(_:over:)` of a render list made once, the benchmark's `Compositor.draw(over:)`
// rows) against pixman drawing the same pixels onto its canvas, which it too keeps (the
// `baseline: pixman …` rows). A throughput target "≥ k× pixman's" is A ÷ B ≤ 1/k in time.

/// `draw(_:over:)` of `roots` on `canvas` (their render list at 0, made once) over one bitmap
/// first filled with `fill`, call after call.
private func draw(_ name: String, _ roots: [Layer], on canvas: Canvas, fill: SIMD4<UInt8> = .zero) -> Kernel {
    let compositor = Compositor(threadCount: 1)
    let list = compositor.renderList(roots, at: 0, on: canvas)
    var bitmap = try! Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight, fill: fill)
    return Kernel("Compositor.draw(over:): \(name)") { n in
        for _ in 0..<Int(n) { compositor.draw(list, over: &bitmap) }
        cadence_benchmark_consume(UInt64(bitmap.pixels[bitmap.pixels.count / 2]))
    }
}

/// The pixman peers of the primitives, each the loop of its benchmark row; the frames' pairs
/// use the first three as references too (`pixmanReferences()`).
enum PixmanPeer {
    static let blue = Color(red: 0.2, green: 0.4, blue: 0.8)
    static let under = rgb(0x204060), alpha = Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.6)
    /// The 512 × 512 test image that is turned by 30° and scaled by 1.5 about the centre of a
    /// 1024 × 1024 canvas, and pixman's matrix for it (canvas to image).
    static let turnedImage = makeTestBitmap(width: 512, height: 512, seed: 0xCADE_0720)
    static var turnedMatrix: (Double, Double, Double, Double, Double, Double) {
        let (c, s) = (cos(Double.pi / 6) / 1.5, sin(Double.pi / 6) / 1.5)
        return (c, s, 256 - 512 * (c + s), -s, c, 256 - 512 * (c - s))
    }

    /// The opaque fill of a 1920 × 1080 canvas.
    static func fill() -> Kernel {
        scene("fill_rectangles opaque 1920x1080", cadence_pixman_scene(
            canvas_width: 1920, canvas_height: 1080, background: (0, 0, 0, 0), kind: 0, x: 0, y: 0, width: 1920,
            height: 1080, angle: 0, color: premultipliedBytes(blue)))
    }

    /// `composite32` OVER of a 512 × 512 image of `alpha` (premultiplied) onto #204060.
    static func over() -> Kernel {
        scene("composite32 OVER 512x512 alpha 0.6", cadence_pixman_scene(
            canvas_width: 512, canvas_height: 512, background: premultipliedBytes(under), kind: 1, x: 0, y: 0,
            width: 512, height: 512, angle: 0, color: premultipliedBytes(alpha)))
    }

    /// The turned image, bilinear.
    static func turned() -> Kernel { image("bilinear 512x512 rotated 30deg scaled 1.5", turnedImage, matrix: turnedMatrix) }

    /// pixman's loop over `scene` (a fill, a composite or trapezoids).
    static func scene(_ name: String, _ scene: cadence_pixman_scene) -> Kernel {
        var scene = scene
        let loop = cadence_baseline_pixman_loop(&scene)
        return Kernel("pixman \(name)") { n in cadence_baseline_loop_run(loop, n) }
    }

    /// pixman's bilinear composite of `image` through `matrix` (canvas to image) onto a 1024 ×
    /// 1024 canvas, as the transformed-image rows draw it.
    static func image(_ name: String, _ image: Bitmap, matrix: (Double, Double, Double, Double, Double, Double)) -> Kernel {
        let loop = image.pixels.withUnsafeBufferPointer { pixels in
            var scene = cadence_pixman_transformed_image(
                canvas_width: 1024, canvas_height: 1024, image: pixels.baseAddress!, image_width: Int32(image.width),
                image_height: Int32(image.height), matrix: matrix)
            return cadence_baseline_pixman_transformed_image_loop(&scene)  // copies the image
        }
        return Kernel("pixman \(name)") { n in cadence_baseline_loop_run(loop, n) }
    }
}

/// The five primitives of issue 13 §3 against pixman: the opaque 1080p fill (≥ 1.0×), a
/// 512² layer at alpha 0.6 over a canvas of #204060 against `composite32` OVER of the same
/// premultiplied image (≥ 1.0×), the 512² opaque rect turned 30° against pixman's trapezoids
/// (≥ 1.5×), the 512² image turned 30° and scaled 1.5 (≥ 1.3×) and the 512² image scaled 2×,
/// axis-aligned (≥ 1.0×), both bilinear against pixman's bilinear composite.
func kernelPairs() -> [Pair] {
    let fullHD = Canvas(width: 1920, height: 1080)
    let fill = Pair(
        "13", draw("opaque layer filling a 1920x1080 canvas", [box(0, 0, 1920, 1080, color: PixmanPeer.blue)],
                   on: fullHD),
        PixmanPeer.fill(), target: .ratio(1.0))

    let under = premultipliedBytes(PixmanPeer.under)
    let over = Pair(
        "13", draw("512x512 layer alpha 0.6 over a 512x512 canvas of #204060",
                   [box(0, 0, 512, 512, color: PixmanPeer.alpha)], on: Canvas(width: 512, height: 512),
                   fill: SIMD4(under.0, under.1, under.2, under.3)),
        PixmanPeer.over(), target: .ratio(1.0))

    let rotated = box(104, 104, 512, 512, color: PixmanPeer.blue)
    rotated.transform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
    let rect = Pair(
        "13", draw("opaque 512x512 layer rotated 30deg, 720x720 canvas", [rotated], on: Canvas(width: 720, height: 720)),
        PixmanPeer.scene("composite_trapezoids 512x512 rect rotated 30deg, 720x720", cadence_pixman_scene(
            canvas_width: 720, canvas_height: 720, background: (0, 0, 0, 0), kind: 2, x: 104, y: 104, width: 512,
            height: 512, angle: .pi / 6, color: premultipliedBytes(PixmanPeer.blue))),
        target: .ratio(1 / 1.5))

    // The images of ContentsAndShadowBenchmarks.swift.
    let canvas = Canvas(width: 1024, height: 1024)
    let turned = imageLayer(PixmanPeer.turnedImage, 256, 256, 512, 512)
    turned.transform = Transform3D(scaleX: 1.5, y: 1.5, z: 1).concatenating(
        Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1))
    let bilinear = Pair(
        "13", draw("512x512 image rotated 30deg scaled 1.5, linear, 1024x1024 canvas", [turned], on: canvas),
        PixmanPeer.turned(), target: .ratio(1 / 1.3))
    let small = makeTestBitmap(width: 512, height: 512, seed: 0xCADE_0721)
    let upscale = Pair(
        "13", draw("512x512 image scaled 2x (axis-aligned), linear, 1024x1024 canvas", [imageLayer(small, 0, 0, 1024, 1024)],
                   on: canvas),
        PixmanPeer.image("bilinear 512x512 scaled 2x (axis-aligned)", small, matrix: (0.5, 0, 0, 0, 0.5, 0)),
        target: .ratio(1.0))
    return [fill, over, rect, bilinear, upscale]
}
