import BenchmarkSupport
import BenchmarkShim
import CadenceCompositor
import CadenceGeometry
import CadenceLayers

// Gradients (issue 18, Performance): a 1080p axial gradient filled by the drawing context
// and by a gradient layer's frame, next to pixman's linear gradient composited over the same
// canvas, in the same run.

/// The gradient: three opaque stops at 0, 0.6 and 1 along the diagonal from (100, 100) to
/// (1820, 980) of a 1920 × 1080 canvas, the end colours extended.
private let gradientColors = [rgb(0x1A337F), rgb(0xE6801A), rgb(0x33CC66)]
private let gradientLocations = [0.0, 0.6, 1.0]

func registerGradientBenchmarks() {
    let w = 1920, h = 1080, pixels = w * h
    let gradient = Gradient(colors: gradientColors, locations: gradientLocations)
    let start = Point(x: 100, y: 100), end = Point(x: 1820, y: 980)
    let context = try! GraphicsContext(width: w, height: h)
    let extend: GradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
    context.drawLinearGradient(gradient, start: start, end: end, options: extend)

    let colorBytes = gradientColors.flatMap { c -> [UInt8] in
        [c.red, c.green, c.blue, c.alpha].map { UInt8(($0 * 255).rounded()) }
    }
    func withScene(_ body: (inout cadence_pixman_linear_gradient) -> Void) {
        gradientLocations.withUnsafeBufferPointer { locations in
            colorBytes.withUnsafeBufferPointer { colors in
                var scene = cadence_pixman_linear_gradient(
                    canvas_width: Int32(w), canvas_height: Int32(h), x0: start.x, y0: start.y, x1: end.x, y1: end.y,
                    locations: locations.baseAddress!, colors: colors.baseAddress!, count: Int64(gradientLocations.count))
                body(&scene)
            }
        }
    }
    // Same pixels first: pixman interpolates 16-bit colours at each pixel's parameter, in
    // fixed point; Cadence in `Float`, rounded once. Checked within 2 per channel.
    var theirs = [UInt8](repeating: 0, count: pixels * 4)
    withScene { cadence_baseline_pixman_linear_gradient_draw(&$0, &theirs) }
    var worst = 0
    for i in 0..<theirs.count { worst = max(worst, abs(Int(theirs[i]) - Int(context.bitmap.pixels[i]))) }
    precondition(worst <= 2, "1080p linear gradient: Cadence and pixman differ by up to \(worst)")

    withScene {
        cadence_baseline_pixman_linear_gradient_register(
            "baseline: pixman composite32 OVER linear gradient (3 opaque stops, pad) 1920x1080", &$0, Int64(pixels))
    }
    registerBenchmark("GraphicsContext.drawLinearGradient: 3 opaque stops, extended, 1920x1080",
                      itemsPerIteration: pixels) { n in
        for _ in 0..<Int(n) { context.drawLinearGradient(gradient, start: start, end: end, options: extend) }
        cadence_benchmark_consume(UInt64(context.bitmap.pixels[4 * (w * 540 + 960)]))
    }

    // The same gradient as a layer filling the canvas: a whole frame (snapshot, render
    // list, a new bitmap), one thread.
    let layer = GradientLayer()
    layer.frame = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
    layer.colors = gradientColors
    layer.locations = gradientLocations
    layer.startPoint = Point(x: start.x / Double(w), y: start.y / Double(h))
    layer.endPoint = Point(x: end.x / Double(w), y: end.y / Double(h))
    let compositor = Compositor(threadCount: 1)
    let canvas = Canvas(width: Double(w), height: Double(h))
    registerBenchmark("Compositor.render: axial GradientLayer (3 opaque stops) 1920x1080, one thread",
                      itemsPerIteration: pixels) { n in
        var sink: UInt64 = 0
        for _ in 0..<Int(n) { sink &+= UInt64(try! compositor.render([layer], at: 0, on: canvas).pixels[4 * 960]) }
        cadence_benchmark_consume(sink)
    }
}
