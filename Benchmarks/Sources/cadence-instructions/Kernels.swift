import BenchmarkShim
import BenchmarkSupport
import CadenceAnimation
@_spi(Testing) import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceScene
import CadenceTiming

// The key kernels whose instruction counts CI holds to a budget, and the C++ baselines counted
// in the same run. Every call into Cadence's API that the counts make is in this file, so a
// renamed API is fixed here (and in the shared fixtures: `makeLayerTree`, `randomTransform`).
//
// A kernel's `prepare` builds its fixtures and returns its loop; `instructions.sh` runs the
// loop `count` and `2 · count` times in two processes, so the fixtures, the first calls
// (lazy metadata, cold tables) and process start-up are the same in both and cancel in the
// difference. The loops are Google Benchmark's (`walk`, `walk1`, `walk4`): seeded inputs,
// results folded into a sink that an opaque C function consumes.

/// One counted kernel.
struct Kernel: Sendable {
    /// The name in the table and the budget file.
    let name: String
    /// Calls per run: `instructions.sh` runs `count` and `2 · count`. For the scalar kernels
    /// the input table's length, so the difference covers every input once; keep the digit
    /// count of `2 · count` the same as `count`'s, so the two processes' argument strings
    /// (and with them the stack's alignment) are the same size.
    let count: Int
    /// Items per call (samples of a batch call): counts are reported per item.
    let items: Int
    /// A C++ (or loop-only) baseline: reported, never budgeted.
    let isBaseline: Bool
    /// The baseline of the same run that the table divides by, if any.
    let reference: String?
    /// Makes the fixtures (outside the difference) and returns the loop of `n` calls.
    let prepare: Prepare
    typealias Prepare = @Sendable () -> (Int64) -> Void

    init(_ name: String, count: Int = 4096, items: Int = 1, baseline: Bool = false, reference: String? = nil,
         _ prepare: @escaping Prepare) {
        (self.name, self.count, self.items, self.isBaseline, self.reference, self.prepare) =
            (name, count, items, baseline, reference, prepare)
    }
}

private let ease = TimingFunction.easeInEaseOut
private let steep = TimingFunction(controlPoints: 0.9, 0, 0.1, 1)
private let timing = MediaTiming(duration: 2)

private let easeSolve = "baseline: C++ UnitBezier(0.42,0,0.58,1).solve eps=1e-7"
private let steepSolve = "baseline: C++ UnitBezier(0.9,0,0.1,1).solve eps=1e-7"
/// The other named curves, whose scalar solves are counted beside their UnitBezier solves.
private let namedCurves: [(name: String, points: String, function: TimingFunction)] = [
    ("easeIn", "0.42,0,1,1", .easeIn), ("easeOut", "0,0,0.58,1", .easeOut), ("default", "0.25,0.1,0.25,1", .default),
]
private func unitBezierSolve(_ points: String) -> String { "baseline: C++ UnitBezier(\(points)).solve eps=1e-7" }
private let basicBaseline = "baseline: C++ basic animation (t/d, UnitBezier easeInEaseOut 1e-7, lerp)"
private let eigenProduct = "baseline: C++ Eigen Matrix4d a * b"
private let eigenInverse = "baseline: C++ Eigen Matrix4d.inverse()"

/// The scalar solve of `f` over inputs uniform in (0, 1).
private func progress(_ f: TimingFunction) -> Kernel.Prepare {
    {
        let inputs = Inputs.progress()
        return { n in walk(n, through: inputs) { x in f.progress(at: x).bitPattern } }
    }
}

/// The batch solve of `f`: one call is 4096 samples.
private func progressBatch(_ f: TimingFunction) -> Kernel.Prepare {
    {
        let inputs = Inputs.progress()
        let output = UnsafeMutableBufferPointer<Double>.allocate(capacity: inputs.count)
        output.initialize(repeating: 0)
        return { n in
            walk1(n, count: inputs.count) { k in
                f.progress(at: inputs.buffer, into: output)
                return output[k].bitPattern
            }
        }
    }
}

/// `BasicAnimation<Double>.value(atParentTime:model:)` from 0 to 1, times over its 2 s.
private func basicScalar(_ function: TimingFunction?) -> Kernel.Prepare {
    {
        let times = Inputs.animationTimes()
        let animation = BasicAnimation<Double>(
            keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing, timingFunction: function)
        return { n in walk(n, through: times) { t in (animation.value(atParentTime: t, model: 0) ?? 0).bitPattern } }
    }
}

/// `BasicAnimation<Double>.values(atParentTimes:model:into:)` from 0 to 1, eased, over 4096
/// times in its 2 s.
private func basicBatch(_ function: TimingFunction) -> Kernel.Prepare {
    {
        let times = Inputs.animationTimes()
        let animation = BasicAnimation<Double>(
            keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing, timingFunction: function)
        let output = UnsafeMutableBufferPointer<Double>.allocate(capacity: times.count)
        output.initialize(repeating: 0)
        return { n in
            walk1(n, count: times.count) { k in
                animation.values(atParentTimes: times.buffer, model: 0, into: output)
                return output[k].bitPattern
            }
        }
    }
}

/// `KeyframeAnimation<Point>.value(atParentTime:model:)`, 16 keys, times over its 2 s.
private func keyframes(_ mode: CalculationMode) -> Kernel.Prepare {
    {
        let times = Inputs.animationTimes()
        let animation = KeyframeAnimation<Point>(
            keyPath: "position", values: keyframePoints(), calculationMode: mode, timing: timing)
        return { n in walk(n, through: times) { t in digest(animation.value(atParentTime: t, model: .zero) ?? .zero) } }
    }
}

/// One `Compositor.draw(_:over:)` of `roots` (one thread) per call over a bitmap of
/// `canvas`'s size filled with `fill`: the rasterizer and its kernels (the render list is
/// made once, outside the difference).
private func draw(_ canvas: Canvas, fill: SIMD4<UInt8> = .zero, _ roots: @escaping @Sendable () -> [Layer]) -> Kernel.Prepare {
    {
        let compositor = Compositor(threadCount: 1)
        let list = compositor.renderList(roots(), at: 0, on: canvas)
        var bitmap = try! Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight, fill: fill)
        return { n in
            for _ in 0..<Int(n) { compositor.draw(list, over: &bitmap) }
            cadence_benchmark_consume(UInt64(bitmap.pixels[bitmap.pixels.count / 2]))
        }
    }
}

/// A 1080p frame (`scene()` at `time`, 0 unless given) rendered `n` times into a bitmap kept from frame to
/// frame by a compositor of `threads` threads (its scratch and any images' mip chains warm
/// from a first frame, outside the difference).
private func frame(threads: Int, at time: Double = 0, _ scene: @escaping @Sendable () -> [Layer]) -> Kernel.Prepare {
    {
        let roots = scene(), canvas = Canvas(width: 1920, height: 1080)
        let compositor = Compositor(threadCount: threads)
        var bitmap = try! compositor.render(roots, at: time, on: canvas)
        return { n in
            for _ in 0..<Int(n) { try! compositor.render(roots, at: time, on: canvas, into: &bitmap) }
            cadence_benchmark_consume(UInt64(bitmap.pixels[bitmap.pixels.count / 3]))
        }
    }
}

/// `path` stroked at width 3 with round joins on a 640 × 640 context, `n` times.
private func stroke(_ path: Path) -> Kernel.Prepare {
    {
        let context = try! GraphicsContext(width: 640, height: 640)
        context.lineWidth = 3
        context.lineJoin = .round
        return { n in
            for _ in 0..<Int(n) { context.stroke(path) }
            cadence_benchmark_consume(UInt64(context.bitmap.pixels[640 * 320 * 4 + 4 * 20]))
        }
    }
}

/// A layer with `frame` and a background colour.
private func solid(_ frame: Rect, _ color: Color) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

/// A layer in `frame` showing a 512 × 512 test image (`seed`), bilinear both ways.
private func bilinearImage(_ frame: Rect, seed: UInt64) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.contents = makeTestBitmap(width: 512, height: 512, seed: seed)
    layer.magnificationFilter = .linear
    layer.minificationFilter = .linear
    return layer
}

/// A C++ baseline of the shim, run over `inputs`; `walk` returns its sink.
private func baseline(_ inputs: @escaping @Sendable () -> Inputs, _ walk: @escaping @Sendable (Inputs, Int64) -> UInt64) -> Kernel.Prepare {
    {
        let xs = inputs()
        return { n in cadence_benchmark_consume(walk(xs, n)) }
    }
}

let kernels: [Kernel] = [
    // Timing functions: scalar and batch.
    Kernel("TimingFunction.easeInEaseOut.progress(at:)", reference: easeSolve, progress(ease)),
    Kernel("TimingFunction(0.9,0,0.1,1).progress(at:)", reference: steepSolve, progress(steep)),
] + namedCurves.map { curve in
    Kernel("TimingFunction.\(curve.name).progress(at:)", reference: unitBezierSolve(curve.points), progress(curve.function))
} + [
    Kernel("TimingFunction.easeInEaseOut.progress(at:into:) x4096, per sample", count: 1, items: 4096,
           reference: easeSolve, progressBatch(ease)),
    Kernel("TimingFunction(0.9,0,0.1,1).progress(at:into:) x4096, per sample", count: 1, items: 4096,
           reference: steepSolve, progressBatch(steep)),

    // Animations.
    Kernel("BasicAnimation<Double> easeInEaseOut value(atParentTime:model:)", reference: basicBaseline, basicScalar(ease)),
    Kernel("BasicAnimation<Double> linear value(atParentTime:model:)", basicScalar(nil)),
    Kernel("BasicAnimation<Double> easeInEaseOut values(atParentTimes:model:into:) x4096, per sample", count: 1,
           items: 4096, reference: basicBaseline, basicBatch(ease)),
    Kernel("BasicAnimation<Point> easeInEaseOut value(atParentTime:model:)", reference: basicBaseline) {
        let times = Inputs.animationTimes()
        let animation = BasicAnimation<Point>(
            keyPath: "position", fromValue: Point(x: 0, y: 0), toValue: Point(x: 300, y: 200), timing: timing,
            timingFunction: ease)
        return { n in walk(n, through: times) { t in digest(animation.value(atParentTime: t, model: .zero) ?? .zero) } }
    },
    Kernel("KeyframeAnimation<Point> 16 keys linear value(atParentTime:model:)", keyframes(.linear)),
    Kernel("KeyframeAnimation<Point> 16 keys cubic value(atParentTime:model:)", keyframes(.cubic)),
    Kernel("KeyframeAnimation<Point> 16 keys cubicPaced value(atParentTime:model:)", keyframes(.cubicPaced)),

    // Transforms, over 4096 random pairs (TRS + shear + m34). Each loop is written out as
    // Google Benchmark's is: through a helper taking the body as a closure, the product
    // compiled to a different loop (158 instructions a call instead of 175).
    Kernel("Transform3D a.concatenating(b)", reference: eigenProduct) {
        let p = TransformPairs()
        let (a, b) = (p.a, p.b)
        return { n in walk4(n, count: a.count) { i in digest(a[i].concatenating(b[i])) } }
    },
    Kernel("Transform3D.inverted", reference: eigenInverse) {
        let a = TransformPairs().a
        return { n in walk4(n, count: a.count) { i in digest(a[i].inverted) } }
    },
    Kernel("Transform3D.decomposed") {
        let a = TransformPairs().a
        return { n in walk4(n, count: a.count) { i in digest(a[i].decomposed!) } }
    },
    Kernel("Transform3D.interpolated(to:_:) (decompose both, blend, recompose)") {
        let p = TransformPairs()
        let (a, b, ts) = (p.a, p.b, p.ts)
        return { n in walk4(n, count: a.count) { i in digest(a[i].interpolated(to: b[i], ts[i])) } }
    },
    Kernel("DecomposedTransform.interpolated(to:_:).recomposed (pre-decomposed)") {
        let p = TransformPairs()
        let (da, db, ts) = (Table { i in p.a[i].decomposed! }, Table { i in p.b[i].decomposed! }, p.ts)
        return { n in walk4(n, count: da.count) { i in digest(da[i].interpolated(to: db[i], ts[i]).recomposed) } }
    },

    // A group of 8 additive basic children of one property, through the evaluator by name
    // (the benchmarks' "group of 8" row).
    Kernel("AnimationEvaluator group of 8 additive basic children (opacity)") {
        let children: [Animation] = (0..<8).map { i in
            Animation(BasicAnimation<Double>(
                keyPath: "opacity", fromValue: Double(i), toValue: Double(i + 1),
                timing: MediaTiming(beginTime: 0.1 * Double(i), duration: 1), timingFunction: ease, isAdditive: i > 0))
        }
        let group: [Animation] = [.group(AnimationGroup(animations: children, timing: timing))]
        let times = Inputs.animationTimes()
        return { n in
            walk(n, through: times) { t in
                let sample = AnimationEvaluator.presentationValue(
                    ofProperty: "opacity", model: .scalar(0), animations: group, atTime: t)
                guard case .scalar(let v) = sample.value else { return 0 }
                return v.bitPattern
            }
        }
    },

    // The batch of (animation, time) samples over 64 animations of mixed kinds (the
    // benchmarks' "mixed kinds" row, `BatchSamples`): one call is 100,000 samples.
    Kernel("AnimationBatch.evaluate 100,000 samples, 64 animations of mixed kinds, per sample", count: 1,
           items: 100_000) {
        let samples = BatchSamples(count: 100_000)
        return { n in
            var sink: UInt64 = 0
            for _ in 0..<Int(n) { sink ^= samples.evaluate(samples.mixed) }
            cadence_benchmark_consume(sink)
        }
    },

    // Layers: a presentation snapshot of the whole tree per call.
    Kernel("Layer.presentation(at:) 1,000 layers x 3 animations", count: 16) {
        let tree = makeLayerTree(count: 1_000, animated: true)
        let times = Inputs.layerTimes()
        return { n in
            walk(n, through: times) { t in tree.presentation(at: t).sublayers[3].sublayers[7].position.x.bitPattern }
        }
    },

    // The compositor's kernels, as the benchmarks draw them beside pixman: an opaque fill of
    // 1080p, a 512² layer at alpha 0.6 over an opaque canvas (source-over), and a 512² image
    // turned 30° and scaled 1.5, bilinear, on 1024², and one scaled 2× to fill it, axis-aligned
    // (the contents sampler's affine and separable lanes). Per draw of the
    // whole canvas (a count per pixel would keep too few digits for a 5 % budget).
    Kernel("Compositor.draw(over:) opaque fill 1920x1080, per draw", count: 1,
           draw(Canvas(width: 1920, height: 1080)) {
               [solid(Rect(x: 0, y: 0, width: 1920, height: 1080), Color(red: 0.2, green: 0.55, blue: 0.9))]
           }),
    Kernel("Compositor.draw(over:) 512x512 alpha 0.6 source-over, per draw", count: 1,
           draw(Canvas(width: 512, height: 512), fill: SIMD4(32, 64, 96, 255)) {
               [solid(Rect(x: 0, y: 0, width: 512, height: 512), Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.6))]
           }),
    // The opaque 512² layer turned 30° about its centre on a transparent 720² canvas (the
    // rotated rect of the benchmarks, beside pixman's trapezoids and Blend2D): row spans,
    // edge coverage and the interior's span fills.
    Kernel("Compositor.draw(over:) opaque 512x512 layer rotated 30deg on 720x720, per draw", count: 1,
           draw(Canvas(width: 720, height: 720)) {
               let layer = solid(Rect(x: 104, y: 104, width: 512, height: 512), Color(red: 0.2, green: 0.4, blue: 0.8))
               layer.transform = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
               return [layer]
           }),
    Kernel("Compositor.draw(over:) 512x512 image rotated 30deg scaled 1.5 bilinear on 1024x1024, per draw", count: 1,
           draw(Canvas(width: 1024, height: 1024)) {
               let layer = bilinearImage(Rect(x: 256, y: 256, width: 512, height: 512), seed: 0xCADE_0720)
               layer.transform = Transform3D(scaleX: 1.5, y: 1.5, z: 1).concatenating(
                   Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1))
               return [layer]
           }),
    Kernel("Compositor.draw(over:) 512x512 image scaled 2x (axis-aligned) bilinear on 1024x1024, per draw", count: 1,
           draw(Canvas(width: 1024, height: 1024)) {
               [bilinearImage(Rect(x: 0, y: 0, width: 1024, height: 1024), seed: 0xCADE_0721)]
           }),

    // An animated frame (issue 13): the cards scene (`scenes/cards-1080p.json`, the frame the
    // benchmarks set beside rlottie's) at t = 1 s — presentation, render list and drawing
    // into a kept bitmap, one thread — per frame.
    Kernel("Compositor.render(into:) cards 1080p scene at t = 1 s, one thread, per frame", count: 1) {
        let scene = try! Scene(contentsOf: benchmarkScenes + "cards-1080p.json")
        let compositor = Compositor(threadCount: 1)
        var bitmap = try! scene.render(at: 1, with: compositor)
        return { n in
            for _ in 0..<Int(n) { try! scene.render(at: 1, with: compositor, into: &bitmap) }
            cadence_benchmark_consume(UInt64(bitmap.pixels[bitmap.pixels.count / 2]))
        }
    },

    // The shadowed 1080p frame (issue 13: 10 images and 5 shadows r20, the benchmarks'
    // `threads=` row) into a kept bitmap, per frame: on one thread (one band), and on two
    // (eight bands), which callgrind runs one after the other, so that count is the bands'
    // work together — what a band repeats of its neighbours' rows is the difference.
    Kernel("Compositor.render(into:) 10 images + 5 shadows 1080p, one thread, per frame", count: 1,
           frame(threads: 1) { makeContentsAndShadowScene() }),
    Kernel("Compositor.render(into:) 10 images + 5 shadows 1080p, two threads (the bands' sum), per frame", count: 1,
           frame(threads: 2) { makeContentsAndShadowScene() }),

    // The demo-like 1080p frame (issue 13: eight rounded, bordered panels of animations, the
    // cube in perspective, clips and groups; the benchmarks' `threads=1` row) at t = 1.3 s
    // into a kept bitmap, one thread, per frame: presentation, render list and drawing.
    Kernel("Compositor.render(into:) demo-like 1080p at t = 1.3 s, one thread, per frame", count: 1,
           frame(threads: 1, at: 1.3) { makeDemoLikeScene() }),

    // The 100-layer 1080p frame (issue 13: rounded, bordered, 10 opacity groups, 5 clips; the
    // benchmarks' `threads=1` row) into a kept bitmap, one thread, per frame.
    Kernel("Compositor.render(into:) 100 layers 1080p, one thread, per frame", count: 1,
           frame(threads: 1) { makeHundredLayerScene() }),

    // The emitter's 1080p frame (issue 20: 10,000 live particles, the benchmarks' primary
    // row) at t = 3 s into a kept bitmap, one thread, per frame; and its render list alone
    // (the particles evaluated and packed into sprites), per list.
    Kernel("Compositor.render(into:) emitter of 10,000 live particles 1080p at t = 3 s, one thread, per frame",
           count: 1, frame(threads: 1, at: 3) { makeEmitterScene() }),
    Kernel("Compositor.renderList: emitter of 10,000 live particles 1080p at t = 3 s, per list", count: 1) {
        let roots = makeEmitterScene(), canvas = Canvas(width: 1920, height: 1080)
        let compositor = Compositor(threadCount: 1)
        _ = compositor.renderList(roots, at: 3, on: canvas)
        return { n in
            for _ in 0..<Int(n) {
                let list = compositor.renderList(roots, at: 3, on: canvas)
                cadence_benchmark_consume(UInt64(list.items.count))
            }
        }
    },

    // The drawing context (issue 18), per call on a context kept from call to call: a
    // 1,000-segment polygon filled, a 1,000-segment spiral (smooth, and zigzag so that it
    // folds over itself) stroked with round joins at width 3, and a 1080p linear gradient.
    Kernel("GraphicsContext.fill: 1000-segment polygon 640x640, per fill", count: 4) {
        let context = try! GraphicsContext(width: 640, height: 640)
        var path = Path()
        let polygon = wobblyPolygon()
        path.move(to: polygon[0])
        for p in polygon.dropFirst() { path.addLine(to: p) }
        path.closeSubpath()
        return { n in
            for _ in 0..<Int(n) { context.fill(path) }
            cadence_benchmark_consume(UInt64(context.bitmap.pixels[640 * 320 * 4 + 4 * 320]))
        }
    },
    Kernel("GraphicsContext.stroke: 1000-segment spiral, width 3, round joins 640x640, per stroke", count: 4,
           stroke(wavyPolyline(zigzag: 0))),
    Kernel("GraphicsContext.stroke: 1000-segment zigzag spiral, width 3, round joins 640x640, per stroke", count: 4,
           stroke(wavyPolyline(zigzag: 2))),
    Kernel("GraphicsContext.drawLinearGradient: 3 opaque stops 1920x1080, per draw", count: 2) {
        let context = try! GraphicsContext(width: 1920, height: 1080)
        let gradient = Gradient(colors: [Color(red: 0.1, green: 0.2, blue: 0.5), Color(red: 0.9, green: 0.5, blue: 0.1),
                                         Color(red: 0.2, green: 0.8, blue: 0.4)], locations: [0, 0.6, 1])
        return { n in
            for _ in 0..<Int(n) {
                context.drawLinearGradient(gradient, start: Point(x: 100, y: 100), end: Point(x: 1820, y: 980),
                                           options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            }
            cadence_benchmark_consume(UInt64(context.bitmap.pixels[4 * (1920 * 540 + 960)]))
        }
    },

    // Baselines: the loop alone, and the C++ peers on the same inputs.
    Kernel("baseline: Swift walk (load, fold into the sink; no call)", baseline: true) {
        let inputs = Inputs.progress()
        return { n in walk(n, through: inputs) { x in x.bitPattern } }
    },
    Kernel(easeSolve, baseline: true, baseline(Inputs.progress) { xs, n in
        cadence_baseline_unitbezier_walk(ease.c1x, ease.c1y, ease.c2x, ease.c2y, xs.base, Int64(xs.count), n)
    }),
    Kernel(steepSolve, baseline: true, baseline(Inputs.progress) { xs, n in
        cadence_baseline_unitbezier_walk(steep.c1x, steep.c1y, steep.c2x, steep.c2y, xs.base, Int64(xs.count), n)
    }),
] + namedCurves.map { curve in
    let f = curve.function
    return Kernel(unitBezierSolve(curve.points), baseline: true, baseline(Inputs.progress) { xs, n in
        cadence_baseline_unitbezier_walk(f.c1x, f.c1y, f.c2x, f.c2y, xs.base, Int64(xs.count), n)
    })
} + [
    Kernel(basicBaseline, baseline: true, baseline(Inputs.animationTimes) { ts, n in
        cadence_baseline_basic_animation_walk(ease.c1x, ease.c1y, ease.c2x, ease.c2y, 2, 0, 1, ts.base, Int64(ts.count), n)
    }),
    Kernel(eigenProduct, baseline: true) {
        let pairs = TransformPairs()
        let (a, b) = (pairs.a.fields(), pairs.b.fields())
        return { n in cadence_benchmark_consume(cadence_baseline_eigen_product_walk(a, b, Int64(pairs.a.count), n)) }
    },
    Kernel(eigenInverse, baseline: true) {
        let pairs = TransformPairs()
        let a = pairs.a.fields()
        return { n in cadence_benchmark_consume(cadence_baseline_eigen_inverse_walk(a, Int64(pairs.a.count), n)) }
    },
]
