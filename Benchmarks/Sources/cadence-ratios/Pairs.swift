import BenchmarkShim
import BenchmarkSupport
import CadenceAnimation
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceScene
import CadenceTiming
#if canImport(Glibc)
import Glibc
#endif

// The pairs: each Cadence kernel beside its peer, the calls of the benchmark rows named in
// each kernel (same fixtures, same inputs, the same walks), so the ratios read beside
// Benchmarks/README.md. Where a target is an absolute time on the machine the issues were
// measured on, the peer is a C++ kernel whose time on that machine the issues print, and the
// estimate there is the ratio times that time.

/// The times the issues print for the peers, on the machine the targets were set on.
private enum Printed {
    static let unitBezierEase = Reference(seconds: 6.8e-9, source: "UnitBezier easeInEaseOut solve, issue 12", decides: true)
    static let basicAnimation = Reference(seconds: 8.4e-9, source: "C++ basic animation, issue 12", decides: true)
    static let fill = Reference(seconds: 84.7e-6, source: "pixman opaque fill 1920x1080, issue 13", decides: false)
    static let over = Reference(seconds: 97.3e-6, source: "pixman 512x512 alpha 0.6 OVER, issue 13", decides: true)
    static let bilinear = Reference(seconds: 4.38e-3, source: "pixman bilinear rotated image, issue 13", decides: true)
    static let polygon = Reference(seconds: 361e-6, source: "pixman 1,000-vertex polygon, Benchmarks/README", decides: true)
    static let rlottie = Reference(seconds: 1.08e-3, source: "rlottie cards frame, Benchmarks/README", decides: true)
}

// MARK: - Issue 12: timing functions, animations, the inverse

/// `f.progress(at:)`, one call per input (the `… .progress scalar` rows); `name` follows
/// `TimingFunction`: `.easeIn`, `(0.9,0,0.1,1)`.
private func progress(_ name: String, _ f: TimingFunction, _ inputs: Inputs) -> Kernel {
    Kernel("TimingFunction\(name).progress(at:)") { n in walk(n, through: inputs) { x in f.progress(at: x).bitPattern } }
}

/// The C++ UnitBezier solve at 1e-7 of `f`'s curve over `inputs` (the `baseline: C++
/// UnitBezier(…).solve eps=1e-7 scalar` rows).
private func unitBezier(_ f: TimingFunction, _ inputs: Inputs) -> Kernel {
    let loop = cadence_baseline_unitbezier_loop(f.c1x, f.c1y, f.c2x, f.c2y, inputs.base, Int64(inputs.count))
    let points = [f.c1x, f.c1y, f.c2x, f.c2y].map { "\($0)".replacingSuffix(".0") }.joined(separator: ",")
    return Kernel("C++ UnitBezier(\(points)).solve") { n in cadence_baseline_loop_run(loop, n) }
}

/// `f.progress(at:into:)` over the 4096 inputs, per sample (the `… .progress x4096` rows);
/// `name` as for `progress`.
private func batch(_ name: String, _ f: TimingFunction, _ inputs: Inputs) -> Kernel {
    let output = UnsafeMutableBufferPointer<Double>.allocate(capacity: inputs.count)
    output.initialize(repeating: 0)
    return Kernel("TimingFunction\(name).progress(at:into:) x\(inputs.count), a sample", items: inputs.count) { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            f.progress(at: inputs.buffer, into: output)
            sink ^= output[k & inputs.mask].bitPattern
        }
        cadence_benchmark_consume(sink)
    }
}

private func issue12Pairs() -> [Pair] {
    let inputs = Inputs.progress(), times = Inputs.animationTimes()
    let ease = TimingFunction.easeInEaseOut, steep = TimingFunction(controlPoints: 0.9, 0, 0.1, 1)
    var pairs: [Pair] = []

    // The control: one kernel against itself.
    let control = progress(".easeInEaseOut", ease, inputs)
    pairs.append(Pair("control", control, control))

    for (name, f) in [(".easeIn", TimingFunction.easeIn), (".easeOut", .easeOut), (".easeInEaseOut", ease),
                      (".default", .default), ("(0.9,0,0.1,1)", steep)] {
        pairs.append(Pair("12", progress(name, f, inputs), unitBezier(f, inputs), target: .ratio(1.0)))
    }

    // Basic animations against the C++ basic animation (t/d, the UnitBezier ease, lerp).
    let timing = MediaTiming(duration: 2)
    let cxxLoop = cadence_baseline_basic_animation_loop(
        ease.c1x, ease.c1y, ease.c2x, ease.c2y, 2, 0, 1, times.base, Int64(times.count))
    let cxx = Kernel("C++ basic animation (easeInEaseOut)") { n in cadence_baseline_loop_run(cxxLoop, n) }
    let eased = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing, timingFunction: ease)
    let linear = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing)
    let point = BasicAnimation<Point>(
        keyPath: "position", fromValue: Point(x: 0, y: 0), toValue: Point(x: 300, y: 200), timing: timing,
        timingFunction: ease)
    pairs.append(Pair("12", Kernel("BasicAnimation<Double> easeInEaseOut value(atParentTime:)") { n in
        walk(n, through: times) { t in (eased.value(atParentTime: t, model: 0) ?? 0).bitPattern }
    }, cxx, target: .ratio(1.3)))
    pairs.append(Pair("12", Kernel("BasicAnimation<Point> easeInEaseOut value(atParentTime:)") { n in
        walk(n, through: times) { t in digest(point.value(atParentTime: t, model: .zero) ?? .zero) }
    }, cxx, target: .ratio(1.3)))
    pairs.append(Pair("12", Kernel("BasicAnimation<Double> linear value(atParentTime:)") { n in
        walk(n, through: times) { t in (linear.value(atParentTime: t, model: 0) ?? 0).bitPattern }
    }, cxx, target: .ratio(1.0)))

    // The inverse against Eigen's, on the same 4096 random transforms.
    let a = TransformPairs().a
    let eigenLoop = cadence_baseline_eigen_inverse_loop(a.fields(), Int64(a.count))
    pairs.append(Pair("3", Kernel("Transform3D.inverted") { n in walk4(n, count: a.count) { i in digest(a[i].inverted) } },
                      Kernel("C++ Eigen Matrix4d.inverse()") { n in cadence_baseline_loop_run(eigenLoop, n) },
                      target: .ratio(1.2)))

    // The batches, a sample, against one solve and one basic animation of the C++ side,
    // whose times on the issues' machine are printed: the estimate against ≤ 2.5 ns.
    let steepBatch = batch("(0.9,0,0.1,1)", steep, inputs)
    pairs.append(Pair("12", steepBatch, unitBezier(steep, inputs)))
    for kernel in [steepBatch, batch(".easeInEaseOut", ease, inputs)] {
        pairs.append(Pair("12", kernel, unitBezier(ease, inputs), reference: Printed.unitBezierEase, target: .time(2.5e-9)))
        pairs.append(Pair("12", kernel, cxx, reference: Printed.basicAnimation, target: .time(2.5e-9)))
    }
    return pairs
}

// MARK: - Issues 13, 18, 20: frames against pixman and rlottie

/// `render(_:at:on:into:)` of `roots` by a compositor of its own (`threads` threads) into
/// one bitmap kept from frame to frame, at the times of `times` (0 without), frame after
/// frame across blocks.
private func frame(_ name: String, _ roots: [Layer], times: Inputs? = nil, threads: Int = 1) -> Kernel {
    let compositor = Compositor(threadCount: threads)
    let canvas = Canvas(width: 1920, height: 1080)
    var bitmap = try! compositor.render(roots, at: 0, on: canvas)
    var k = 0
    return Kernel(name) { n in
        var sink: UInt64 = 0
        for _ in 0..<Int(n) {
            let t = times.map { $0.base[k & $0.mask] } ?? 0
            try! compositor.render(roots, at: t, on: canvas, into: &bitmap)
            sink ^= UInt64(bitmap.pixels[(k &* 4097) % bitmap.pixels.count])
            k += 1
        }
        cadence_benchmark_consume(sink)
    }
}

/// The pixman references, each the loop of its benchmark row.
private func pixmanReferences() -> [(kernel: Kernel, printed: Reference)] {
    let xy = wobblyPolygon().flatMap { [$0.x, $0.y] }
    let polygon = xy.withUnsafeBufferPointer { buffer in
        var scene = cadence_pixman_polygon(canvas_width: 640, canvas_height: 640, xy: buffer.baseAddress!, count: 1000,
                                           color: premultipliedBytes(PixmanPeer.blue))
        return cadence_baseline_pixman_polygon_loop(&scene)
    }
    return [
        (PixmanPeer.fill(), Printed.fill),
        (PixmanPeer.over(), Printed.over),
        (PixmanPeer.turned(), Printed.bilinear),
        (Kernel("pixman trapezoids 1000-vertex polygon 640x640") { n in cadence_baseline_loop_run(polygon, n) },
         Printed.polygon),
    ]
}

/// One of issue 13's three 1080p frames: its name (without the thread count), its layers,
/// the times it is drawn at (t = 0 without) and its target on the issues' machine.
private struct Issue13Frame {
    let name: String
    let roots: [Layer]
    let times: Inputs?
    let target: Double

    /// The frame drawn by a compositor of `threads` threads (`frame`), named with the count.
    func kernel(threads: Int) -> Kernel { frame("\(name), threads=\(threads)", roots, times: times, threads: threads) }

    /// Demo-like (≤ 2 ms), 10 images + 5 shadows (≤ 6 ms), 100 layers (≤ 4 ms).
    static func all() -> [Issue13Frame] {
        [Issue13Frame(name: "demo-like 1920x1080 t in [0,3)", roots: makeDemoLikeScene(),
                      times: Inputs(in: 0..<3, seed: 0xCADE_0601), target: 2e-3),
         Issue13Frame(name: "10 images + 5 shadows 1920x1080", roots: makeContentsAndShadowScene(), times: nil, target: 6e-3),
         Issue13Frame(name: "100 layers 1920x1080", roots: makeHundredLayerScene(), times: nil, target: 4e-3)]
    }
}

/// The kernels `cadence-ratios --serve` runs for a `-march` driver: issue 13's three frames
/// on one thread, named as the driver names its own.
func servedKernels() -> [Kernel] { Issue13Frame.all().map { $0.kernel(threads: 1) } }

/// The frames against pixman and rlottie; then issue 13's frames at two threads against
/// one, by the wall clock; then, with `baseline`, each of them drawn by the baseline build
/// against this (`-march`) build.
private func framePairs(baseline: BaselineServer?) -> [Pair] {
    let issue13 = Issue13Frame.all()
    let oneThread = issue13.map { $0.kernel(threads: 1) }
    let demo = oneThread[0]
    let wave = wavyPolyline(zigzag: 0)
    let context = try! GraphicsContext(width: 640, height: 640)
    context.lineWidth = 3
    context.lineJoin = .round
    let spiral = Kernel("stroke 1000-segment spiral, width 3, round joins, 640x640") { n in
        for _ in 0..<Int(n) { context.stroke(wave) }
        cadence_benchmark_consume(UInt64(context.bitmap.pixels[640 * 320 * 4 + 4 * 20]))
    }
    let frames: [(issue: String, kernel: Kernel, target: Double)] = zip(issue13, oneThread).map { ("13", $1, $0.target) } + [
        ("20", frame("emitter of 10,000 particles 1920x1080 t in [3,6)", makeEmitterScene(),
                     times: Inputs(in: 3..<6, seed: 0xCADE_2001)), 4e-3),
        ("18", spiral, 100e-6),
    ]
    let references = pixmanReferences()
    var pairs = [Pair("control", demo, demo)]
    for (issue, kernel, target) in frames {
        for (reference, printed) in references {
            pairs.append(Pair(issue, kernel, reference, reference: printed, target: .time(target)))
        }
    }

    // The cards frame against rlottie's frame of its Lottie twin, 120 frames at 60 fps each,
    // timed by the process's CPU (rlottie's threads included).
    let scene = try! Scene(contentsOf: benchmarkScenes + "cards-1080p.json")
    let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight
    guard let lottie = cadence_baseline_rlottie_loop(benchmarkScenes + "cards-1080p.lottie.json", 120, Int32(width),
                                                     Int32(height)) else { fatalError("rlottie could not load the cards twin") }
    let compositor = Compositor(threadCount: 1)
    var bitmap = try! scene.render(at: 0, with: compositor)
    var index = 0
    let cards = Kernel("cards 1080p frame, threads=1, presentation included") { n in
        var sink: UInt64 = 0
        for _ in 0..<Int(n) {
            try! scene.render(at: Double(index) / 60, with: compositor, into: &bitmap)
            sink ^= UInt64(bitmap.pixels[(index &* 4097) % bitmap.pixels.count])
            index = index + 1 == 120 ? 0 : index + 1
        }
        cadence_benchmark_consume(sink)
    }
    pairs.append(Pair("13", cards, Kernel("rlottie cards frame") { n in cadence_baseline_loop_run(lottie, n) },
                      clock: .process, reference: Printed.rlottie, target: .ratio(1.0)))

    // Issue 13: two threads give ≥ 1.7× the throughput of one on each frame (the same
    // layers, a compositor each), timed by the wall clock.
    for (frame, single) in zip(issue13, oneThread) {
        pairs.append(Pair("13", frame.kernel(threads: 2), single, clock: .wall, target: .speedUp(1.7)))
    }
    // Issue 13: the baseline build within 1.6× of the `-march` build on each frame.
    if let baseline {
        for single in oneThread { pairs.append(Pair("13", baseline.twin(of: single), single, target: .ratio(1.6))) }
    }
    return pairs
}

/// Every pair, issue 12's first (the cheap ones), then issue 13's primitives, then the
/// frames; the baseline build's pairs only with `baseline`.
func allPairs(baseline: BaselineServer?) -> [Pair] { issue12Pairs() + kernelPairs() + framePairs(baseline: baseline) }

extension String {
    /// The string without `suffix` at its end: `"0.0"` → `"0"`.
    func replacingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
