// The usage examples of the main types' doc comments, compiled and run with the package
// (`swift run TypeExamples` in CI: it exits non-zero when an example's stated result
// is wrong). `DocumentationExamplesTests` checks that each doc comment shows exactly
// the code of its block here.
import Cadence
import CadenceTesting
#if canImport(Glibc)
import Glibc
#endif

var failures = 0
@MainActor func expect(_ condition: Bool, _ example: String) {
    if !condition { print("example of \(example): its stated result is wrong"); failures += 1 }
}

do {  // TimingFunction
    let ease = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)  // the default curve
    let y = ease.progress(at: 0.5)                                 // 0.8024…
    let exact = ease.correctlyRoundedProgress(at: 0.5)             // the last bit too
    let slope = ease.velocity(at: 0.5)                             // dy/dx, for a hand-off
    expect(abs(y - 0.8024033875844907) < 1e-12 && abs(exact - y) < 1e-12 && slope > 0, "TimingFunction")
}
do {  // MediaTiming
    let timing = MediaTiming(beginTime: 1, duration: 2, repeatCount: 1.5, fillMode: .both)
    let state = timing.state(atParentTime: 4)  // second cycle, progress 0.5
    let before = timing.state(atParentTime: 0) // in effect before it begins: fill mode both
    expect(state.iteration == 1 && state.progress == 0.5 && before.isInEffect && before.progress == 0, "MediaTiming")
}
do {  // BasicAnimation
    let fade = BasicAnimation<Double>(
        keyPath: "opacity", fromValue: 1, toValue: 0,
        timing: MediaTiming(duration: 0.5), timingFunction: .easeOut)
    let halfway = fade.value(atParentTime: 0.25, model: 1)  // Optional(0.3153…)
    expect(abs((halfway ?? .nan) - 0.31535681257264514) < 1e-12, "BasicAnimation")
}
do {  // KeyframeAnimation
    let hop = KeyframeAnimation<Point>(
        keyPath: "position",
        values: [Point(x: 0, y: 100), Point(x: 50, y: 20), Point(x: 100, y: 100)],
        keyTimes: [0, 0.4, 1], calculationMode: .cubic,
        timing: MediaTiming(duration: 1))
    let top = hop.value(atParentTime: 0.4, model: .zero)  // passes through (50, 20)
    expect(top == Point(x: 50, y: 20), "KeyframeAnimation")
}
do {  // Transform3D
    let spin = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1)
    let placed = spin.concatenating(Transform3D(translationX: 40, y: 0, z: 0))  // rotate, then move
    let corner = placed.apply(to: Point(x: 10, y: 0))
    let back = placed.inverse                        // nil when singular
    let between = Transform3D.identity.interpolated(to: placed, 0.5)
    expect(abs(corner.x - 48.66025403784439) < 1e-12 && abs(corner.y - 5) < 1e-12, "Transform3D")
    let product = back.map { placed.concatenating($0) }
    expect(product.map { abs($0.m11 - 1) < 1e-12 && abs($0.m12) < 1e-12 && abs($0.m41) < 1e-9 } == true
        && between != placed && between != .identity, "Transform3D")
}
do {  // Compositor
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    root.position = Point(x: 100, y: 50)
    root.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
    let frame = try Compositor().render([root], at: 0, on: Canvas(width: 200, height: 100))
    let orange = frame[0, 0]  // premultiplied RGBA: (255, 128, 0, 255)
    expect(frame.width == 200 && frame.height == 100 && orange == SIMD4(255, 128, 0, 255), "Compositor")
}
do {  // PNGEncoder, PNGDecoder
    let frame = try Bitmap(width: 2, height: 2, fill: SIMD4(64, 32, 0, 128))  // premultiplied
    let png = try PNGEncoder.encode(frame, level: PNGEncoder.fastLevel)
    let again = try PNGDecoder.decode(png)  // premultiplied again, exactly
    expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && again == frame, "PNGEncoder")
}
do {  // Layer
    let layer = Layer()
    layer.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
    layer.position = Point(x: 60, y: 40)
    layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
                                     timing: MediaTiming(duration: 1)),
              forKey: "fade", beginningAt: 0)
    let shown = layer.presentation(at: 0.5).opacity  // 0.5; the model still reads 1
    expect(shown == 0.5 && layer.opacity == 1, "Layer")
}
do {  // Path
    var p = Path()
    p.move(to: Point(0, 0))
    p.addLine(to: Point(100, 0))
    p.addCurve(to: Point(100, 100), control1: Point(150, 0), control2: Point(150, 100))
    p.closeSubpath()
    let count = p.segments.count  // 3: the line, the curve, and the closing line back to (0, 0)
    expect(count == 3, "Path")
}
do {  // Scene
    let json = #"{"canvas": {"width": 64, "height": 48}, "layers": [{"frame": [8, 8, 32, 24], "backgroundColor": [0.2, 0.4, 0.9, 1]}]}"#
    let scene = try Scene(document: Array(json.utf8))
    let frame = try scene.render(at: 0.5, with: Compositor())  // 64 × 48 pixels
    expect(frame.width == 64 && frame.height == 48 && frame[20, 20][3] == 255 && frame[2, 2][3] == 0, "Scene")
}
do {  // GraphicsContext
    let context = try GraphicsContext(width: 64, height: 64)
    context.fillColor = Color(red: 1, green: 0, blue: 0)
    context.fill(Path(ellipseIn: Rect(x: 8, y: 8, width: 48, height: 48)))
    context.strokeColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
    context.lineWidth = 4
    context.lineJoin = .round
    context.stroke(Path(rect: Rect(x: 4, y: 4, width: 56, height: 56)))
    let centre = context.bitmap[32, 32]  // opaque red: (255, 0, 0, 255)
    expect(centre == SIMD4(255, 0, 0, 255) && context.bitmap[4, 32][3] > 0, "GraphicsContext")
}
do {  // DemoScene
    let scene = DemoScene.make()
    let frame = try scene.render(at: 1.5, with: Compositor())
    expect(frame.width == 640 && frame.height == 1172, "DemoScene")
}
do {  // Law
    let law = TimingFunctionLaws.exactEnds()
    let found = law.counterexample(in: Arbitrary.anyTimingCurves, count: 200, seed: 1)
    // nil: Cadence's curves start at 0 and end at 1 exactly
    expect(found == nil, "Law")
}
do {  // SplitMix64
    var rng = SplitMix64(seed: 42)
    let x = rng.edgeBiased(in: 0...1)  // often 0, 1, a few ulps from them, or 1e-7 in
    expect((0...1).contains(x), "SplitMix64")
}

do {  // ShapeLayer
    let ring = ShapeLayer()
    ring.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
    ring.path = Path(ellipseIn: Rect(x: 10, y: 10, width: 80, height: 80))
    ring.fillColor = nil
    ring.strokeColor = Color(red: 0.2, green: 0.5, blue: 1)
    ring.lineWidth = 6
    ring.strokeEnd = 0.25  // a quarter of the circle, by arc length
    expect(ring.layerClass == .shape && ring.strokeEnd == 0.25, "ShapeLayer")
}
do {  // GradientLayer
    let sky = GradientLayer()
    sky.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    sky.colors = [Color(red: 0.1, green: 0.2, blue: 0.6), Color(red: 0.9, green: 0.6, blue: 0.3)]
    sky.startPoint = Point(x: 0.5, y: 0)
    sky.endPoint = Point(x: 0.5, y: 1)
    expect(sky.colors?.count == 2, "GradientLayer")
}
do {  // TextLayer
    let label = TextLayer()
    label.bounds = Rect(x: 0, y: 0, width: 240, height: 40)
    label.string = "keyframe · cubicPaced"
    label.fontSize = 18
    label.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.1)
    label.alignmentMode = .center
    expect(label.layerClass == .text && label.fontSize == 18 && label.needsDisplay, "TextLayer")
}
do {  // FontTextRenderer
    FontTextRenderer.install()
    expect(TextLayer.renderer != nil, "FontTextRenderer")
}
do {  // ReplicatorLayer
    let spinner = ReplicatorLayer()
    spinner.bounds = Rect(x: 0, y: 0, width: 80, height: 80)
    spinner.instanceCount = 12
    spinner.instanceTransform = Transform3D(rotationAngle: 2 * .pi / 12, x: 0, y: 0, z: 1)
    spinner.instanceDelay = 1.0 / 12
    expect(spinner.instanceCount == 12, "ReplicatorLayer")
}
do {  // EmitterLayer
    var spark = EmitterCell()
    spark.birthRate = 50
    spark.lifetime = 2
    spark.velocity = 80
    spark.emissionRange = .pi / 4
    spark.yAcceleration = 120
    spark.contents = try Bitmap(width: 4, height: 4, fill: SIMD4(255, 255, 255, 255))
    let fountain = EmitterLayer()
    fountain.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
    fountain.emitterPosition = Point(x: 100, y: 180)
    fountain.emitterCells = [spark]
    expect(fountain.particles(at: 1).count == 51, "EmitterLayer")
} catch {
    expect(false, "EmitterLayer")
}
do {  // TiledLayer
    let map = TiledLayer()
    map.bounds = Rect(x: 0, y: 0, width: 100_000, height: 100_000)
    map.levelsOfDetail = 9
    map.levelsOfDetailBias = 2  // 4×, 2×, 1×, ½ … ¹⁄₆₄
    map.pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 32)
    expect(map.tileGrid?.levelCount == 9 && map.tileGrid?.scale(ofLevel: 8) == 1.0 / 64, "TiledLayer")
}

if failures > 0 { exit(1) }
print("every example gives its stated result")
