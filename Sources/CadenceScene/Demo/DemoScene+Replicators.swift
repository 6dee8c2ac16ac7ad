import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming

// The fifth row's replicator and transform-layer panels (`docs/compositor.md` § 19).
extension DemoScene {
    /// Top: the classic activity indicator — one rounded bar in a replicator of 12 copies,
    /// each turned 30° further about the replicator's middle, each copy's fade 1/12 s later
    /// than the one before, so the bright bar runs round. Bottom: an equaliser — one bar,
    /// 9 copies side by side, each copy's bounce (`transform.scale.y` about the bar's
    /// bottom) 0.11 s later, tinted from green to blue by `instanceRedOffset` and
    /// `instanceBlueOffset`.
    static func replicators(_ panel: Layer) {
        let spinner = ReplicatorLayer()
        spinner.frame = Rect(x: panelWidth / 2 - 42, y: 26, width: 84, height: 84)
        spinner.instanceCount = 12
        spinner.instanceTransform = Transform3D(rotationAngle: 2 * .pi / 12, x: 0, y: 0, z: 1)
        spinner.instanceDelay = 1.0 / 12
        let bar = box(x: 42 - 4, y: 2, width: 8, height: 24, color: white, radius: 4)
        bar.opacity = 0.25
        bar.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 1, toValue: 0.25, timing: loop(1)), forKey: "fade")
        add(bar, to: spinner)
        add(spinner, to: panel)

        let equaliser = ReplicatorLayer()
        equaliser.frame = Rect(x: 14, y: 118, width: panelWidth - 28, height: 54)
        equaliser.instanceCount = 9
        equaliser.instanceTransform = Transform3D(translationX: (panelWidth - 28) / 9, y: 0, z: 0)
        equaliser.instanceDelay = 0.11
        equaliser.instanceColor = green
        equaliser.instanceRedOffset = -0.03
        equaliser.instanceBlueOffset = 0.08
        let level = Layer()
        let width = (panelWidth - 28) / 9 - 4
        level.bounds = Rect(x: 0, y: 0, width: width, height: 54)
        level.anchorPoint = Point(x: 0.5, y: 1)  // scaled about its bottom edge
        level.position = Point(x: 2 + width / 2, y: 54)
        level.backgroundColor = .white
        level.cornerRadius = 2
        level.transform = Transform3D(scaleX: 1, y: 0.2, z: 1)
        level.add(BasicAnimation<Double>(
            keyPath: "transform.scale.y", fromValue: 0.2, toValue: 1, timing: loop(0.5, autoreverses: true),
            timingFunction: .easeInEaseOut), forKey: "bounce")
        add(level, to: equaliser)
        add(equaliser, to: panel)
    }

    /// A cube whose six faces are separate layers of a transform layer (no back-face
    /// culling needed: the faces are translucent and sorted back to front every frame),
    /// with two planes crossing inside it that the depth sort splits where they cut each
    /// other; the transform layer turns about a tilted vertical axis under the stage's
    /// perspective.
    static func transformCube(_ panel: Layer) {
        let stage = perspectiveStage()
        let cube = TransformLayer()
        cube.position = Point(x: stage.bounds.width / 2, y: stage.bounds.height / 2)
        let side = 62.0, h = side / 2
        let placements: [(Transform3D, Color)] = [
            (Transform3D(translationX: 0, y: 0, z: h), blue),
            (Transform3D(translationX: 0, y: 0, z: -h).concatenating(Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)), orange),
            (Transform3D(translationX: 0, y: 0, z: h).concatenating(Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)), green),
            (Transform3D(translationX: 0, y: 0, z: h).concatenating(Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0)), purple),
            (Transform3D(translationX: 0, y: 0, z: h).concatenating(Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)), pink),
            (Transform3D(translationX: 0, y: 0, z: h).concatenating(Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0)), yellow),
        ]
        for (placement, color) in placements {
            let face = Layer()
            face.bounds = Rect(x: 0, y: 0, width: side, height: side)
            face.transform = placement
            face.backgroundColor = color.withAlpha(0.55)
            face.borderWidth = 2
            face.borderColor = white
            add(face, to: cube)
        }
        for (angle, color) in [(Double.pi / 4, white), (-Double.pi / 4, yellow)] {
            let plane = Layer()
            plane.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            plane.transform = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
            plane.backgroundColor = color
            add(plane, to: cube)
        }
        let tilt = Transform3D(rotationAngle: -0.4, x: 1, y: 0, z: 0)
        let steps = 24
        let values = (0...steps).map { i in
            Transform3D(rotationAngle: 2 * .pi * Double(i) / Double(steps), x: 0, y: 1, z: 0).concatenating(tilt)
        }
        cube.transform = values[0]
        cube.add(KeyframeAnimation<Transform3D>(keyPath: "transform", values: values, timing: loop(duration)), forKey: "spin")
        add(cube, to: stage)
        add(stage, to: panel)
    }

    /// A layer filling a panel below its title bar whose `sublayerTransform` is a
    /// perspective (m34 = −1/320) about its middle: where the 3D panels' objects stand.
    static func perspectiveStage() -> Layer {
        let stage = box(x: 0, y: 10, width: panelWidth, height: panelHeight - 10, color: nil, radius: 0)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 320
        stage.sublayerTransform = perspective
        return stage
    }
}
