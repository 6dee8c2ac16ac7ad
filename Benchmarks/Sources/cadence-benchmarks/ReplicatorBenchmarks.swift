import BenchmarkShim
import BenchmarkSupport
import CadenceAnimation
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadenceTiming

// Replicators and transform layers (docs/compositor.md § 16): whole 1080p frames, the
// presentation (delayed copies) and render list included, as `render` makes them.

/// A 1920 × 1080 frame: an opaque root and a replicator of 100 copies of one rounded,
/// bordered 120 × 40 bar — each copy turned 7.2° and scaled 0.985 about the middle, so they
/// spread over the canvas in a spiral, tinted by colour offsets — whose fade animation each copy shows
/// `instanceDelay` = 0.01 s later than the one before (so 99 delayed snapshots a frame).
func makeReplicatorScene() -> [Layer] {
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 360, y: 0, width: 1200, height: 1080)
    replicator.instanceCount = 100
    replicator.instanceTransform = Transform3D(scaleX: 0.985, y: 0.985, z: 1)
        .concatenating(Transform3D(rotationAngle: 2 * .pi / 50, x: 0, y: 0, z: 1))
    replicator.instanceDelay = 0.01
    replicator.instanceColor = rgb(0xFF8A3D)
    replicator.instanceRedOffset = -0.006
    replicator.instanceBlueOffset = 0.008
    let bar = box(560, 60, 120, 40, color: .white, radius: 12, border: (2, rgb(0x2A3040)))
    bar.add(BasicAnimation<Double>(
        keyPath: "opacity", fromValue: 1, toValue: 0.3, timing: MediaTiming(duration: 1, repeatCount: .infinity)),
        forKey: "fade")
    add(bar, to: replicator)
    add(replicator, to: root)
    return [root]
}

/// A 1920 × 1080 frame: an opaque root holding a stage with perspective and a transform
/// layer cube of six 600 × 600 translucent, bordered faces around two crossing 400 × 400
/// planes, turned about a tilted axis (so the depth sort splits the planes and orders 8
/// faces, 3 pieces, every frame).
func makeCubeScene() -> [Layer] {
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    let stage = box(0, 0, 1920, 1080, color: nil)
    var perspective = Transform3D.identity
    perspective.m34 = -1 / 1800
    stage.sublayerTransform = perspective
    let cube = TransformLayer()
    cube.position = Point(x: 960, y: 540)
    cube.transform = Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0)
        .concatenating(Transform3D(rotationAngle: -0.4, x: 1, y: 0, z: 0))
    let h = 300.0
    let turns: [Transform3D] = [
        .identity, Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0),
        Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0),
        Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0),
    ]
    let colors = [rgb(0x4C8DFF, 0.6), rgb(0xFF8A3D, 0.6), rgb(0x3DDC97, 0.6), rgb(0x9B6BFF, 0.6), rgb(0xFF4F8B, 0.6),
                  rgb(0xFFD23F, 0.6)]
    for (turn, color) in zip(turns, colors) {
        let face = box(0, 0, 2 * h, 2 * h, color: color, radius: 24, border: (6, .white))
        face.position = .zero
        face.transform = Transform3D(translationX: 0, y: 0, z: h).concatenating(turn)
        add(face, to: cube)
    }
    for angle in [Double.pi / 4, -Double.pi / 4] {
        let plane = box(0, 0, 400, 400, color: rgb(0xF4F6FB), radius: 0)
        plane.position = .zero
        plane.transform = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        add(plane, to: cube)
    }
    add(cube, to: stage)
    add(stage, to: root)
    return [root]
}

func registerReplicatorBenchmarks() {
    let compositor = Compositor(threadCount: 1)
    let fullHD = Canvas(width: 1920, height: 1080)
    let replicator = makeReplicatorScene()
    let list = compositor.renderList(replicator, at: 0.5, on: fullHD)
    precondition(list.items.count == 102, "the replicator scene is not what its name says: \(list.items.count) items")
    registerRender("Compositor.render: replicator of 100 delayed, tinted copies 1920x1080, t in [0,3)", compositor,
                   replicator, on: fullHD, pixels: 1920 * 1080, times: Inputs(in: 0..<3, seed: 0xCADE_1801))
    let cube = makeCubeScene()
    let cubeList = compositor.renderList(cube, at: 0, on: fullHD)
    precondition(cubeList.items.count == 3 + 9 && cubeList.items.filter { $0.fragment != nil }.count == 2,
                 "the cube scene is not what its name says: \(cubeList.items.count) items")
    registerRender("Compositor.render: transform-layer cube (6 translucent faces, 2 crossing planes split) 1920x1080",
                   compositor, cube, on: fullHD, pixels: 1920 * 1080)
    registerBenchmark("Compositor.renderList: transform-layer cube (depth sort and split of 8 faces)", itemsPerIteration: 1) { n in
        var sink = 0
        for _ in 0..<Int(n) { sink &+= compositor.renderList(cube, at: 0, on: fullHD).items.count }
        cadence_benchmark_consume(UInt64(sink))
    }
}
