import BenchmarkShim
import BenchmarkSupport
import CadenceCompositor
import CadenceGeometry
import CadencePixels

#if canImport(Glibc)
import Glibc
#endif

// The drawing context (issue 18 §1): a 1,000-segment path filled next to pixman rasterising
// the same polygon as trapezoids, in the same run; and a 1,000-segment polyline stroked
// with round joins (outline and fill; target ≤ 100 µs), with the outline alone beside it.

func registerDrawingBenchmarks() {
    let polygon = wobblyPolygon()
    var path = Path()
    path.move(to: polygon[0])
    for p in polygon.dropFirst() { path.addLine(to: p) }
    path.closeSubpath()
    let color = Color(red: 0.2, green: 0.4, blue: 0.8)
    let bytes = premultipliedBytes(color)

    // Same pixels first: pixman's trapezoids sample a 17 × 15 grid per pixel, Cadence
    // integrates exact areas, so edge pixels differ by up to about 1/15 of a pixel.
    let xy = polygon.flatMap { [$0.x, $0.y] }
    let fillContext = try! GraphicsContext(width: 640, height: 640)
    fillContext.fillColor = color
    fillContext.fill(path)
    var theirs = [UInt8](repeating: 0, count: 640 * 640 * 4)
    let traps = xy.withUnsafeBufferPointer { buffer in
        var scene = cadence_pixman_polygon(canvas_width: 640, canvas_height: 640, xy: buffer.baseAddress!,
                                           count: Int64(polygon.count), color: bytes)
        return cadence_baseline_pixman_polygon_draw(&scene, &theirs)
    }
    var worst = 0, total = 0
    for i in 0..<theirs.count {
        let d = abs(Int(theirs[i]) - Int(fillContext.bitmap.pixels[i]))
        worst = max(worst, d)
        total += d
    }
    let mean = Double(total) / Double(theirs.count)
    precondition(worst <= 32 && mean < 0.05, "1,000-segment fill: Cadence and pixman differ by up to \(worst) (mean \(mean))")

    let pixels = 640 * 640
    xy.withUnsafeBufferPointer { buffer in
        var scene = cadence_pixman_polygon(canvas_width: 640, canvas_height: 640, xy: buffer.baseAddress!,
                                           count: Int64(polygon.count), color: bytes)
        cadence_baseline_pixman_polygon_register(
            "baseline: pixman composite_trapezoids OVER solid, 1000-vertex polygon (\(traps) trapezoids made once), 640x640",
            &scene, Int64(pixels))
    }
    registerBenchmark("GraphicsContext.fill: 1000-segment polygon, 640x640", itemsPerIteration: pixels) { n in
        for _ in 0..<Int(n) { fillContext.fill(path) }
        cadence_benchmark_consume(UInt64(fillContext.bitmap.pixels[640 * 320 * 4 + 4 * 320]))
    }

    let wave = wavyPolyline()
    let strokeContext = try! GraphicsContext(width: 640, height: 640)
    strokeContext.lineWidth = 3
    strokeContext.lineJoin = .round
    registerBenchmark("GraphicsContext.stroke: 1000-segment zigzag spiral, width 3, round joins, 640x640 (outline + fill)") { n in
        for _ in 0..<Int(n) { strokeContext.stroke(wave) }
        cadence_benchmark_consume(UInt64(strokeContext.bitmap.pixels[640 * 320 * 4 + 4 * 20]))
    }
    let spiral = wavyPolyline(zigzag: 0)
    registerBenchmark("GraphicsContext.stroke: 1000-segment spiral, width 3, round joins, 640x640 (outline + fill)") { n in
        for _ in 0..<Int(n) { strokeContext.stroke(spiral) }
        cadence_benchmark_consume(UInt64(strokeContext.bitmap.pixels[640 * 320 * 4 + 4 * 20]))
    }
    let style = StrokeStyle(lineWidth: 3, lineJoin: .round)
    registerBenchmark("Path.stroked: 1000-segment zigzag spiral, width 3, round joins (outline only, as a Path)") { n in
        var sink = 0
        for _ in 0..<Int(n) { sink &+= (try? wave.stroked(style))?.elements.count ?? 0 }
        cadence_benchmark_consume(UInt64(sink))
    }
}
