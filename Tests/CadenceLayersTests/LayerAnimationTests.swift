import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

final class LayerAnimationTests: XCTestCase {
    private func opacity(to value: Double, duration: Double = 1, begin: Double = 0) -> BasicAnimation<Double> {
        BasicAnimation(keyPath: "opacity", toValue: value, timing: MediaTiming(beginTime: begin, duration: duration))
    }

    // add / animation(forKey:) / remove / keys; the same key replaces and goes on top.
    func testAddingFindingAndRemoving() {
        let layer = Layer()
        layer.add(opacity(to: 0), forKey: "fade")
        layer.add(BasicAnimation<Point>(keyPath: "position", toValue: Point(x: 5, y: 5)), forKey: "move")
        layer.add(opacity(to: 0.5), forKey: nil)
        XCTAssertEqual(layer.animationKeys(), ["fade", "move"])
        layer.add(opacity(to: 0.25), forKey: "fade")
        XCTAssertEqual(layer.animationKeys(), ["move", "fade"])
        XCTAssertNotNil(layer.animation(forKey: "move"))
        XCTAssertNil(layer.animation(forKey: "nothing"))
        layer.removeAnimation(forKey: "move")
        XCTAssertEqual(layer.animationKeys(), ["fade"])
        XCTAssertEqual(layer.animations.count, 2)
        layer.removeAllAnimations()
        XCTAssertTrue(layer.animations.isEmpty)
    }

    // The layer keeps its own copy: changing the original afterwards changes nothing.
    func testTheLayerKeepsItsOwnCopy() {
        let layer = Layer()
        var animation = opacity(to: 0)
        layer.add(animation, forKey: "fade")
        animation.toValue = 100
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 0.5)
    }

    // beginningAt stamps a beginTime of 0, as Core Animation does at commit.
    func testBeginningAtStampsBeginTime() {
        let layer = Layer()
        layer.add(opacity(to: 0), forKey: "fade", beginningAt: 10)
        XCTAssertEqual(layer.presentation(at: 5).opacity, 1)
        XCTAssertEqual(layer.presentation(at: 10.5).opacity, 0.5)
        layer.add(opacity(to: 0, begin: 2), forKey: "fade", beginningAt: 10)
        XCTAssertEqual(layer.animation(forKey: "fade")?.timing.beginTime, 2)
    }

    // A snapshot applies every animation, down the tree, through the layers' time spaces.
    func testPresentationSnapshotOfATree() throws {
        let root = Layer()
        let child = Layer()
        child.timing.speed = 2
        try root.addSublayer(child)
        child.position = Point(x: 10, y: 20)
        child.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: 100, timing: MediaTiming(duration: 1)), forKey: "x")
        root.add(opacity(to: 0), forKey: "fade")
        let snapshot = root.presentation(at: 0.25)
        XCTAssertEqual(snapshot.opacity, 0.75)
        XCTAssertEqual(snapshot.sublayers.count, 1)
        XCTAssertEqual(snapshot.sublayers[0].position, Point(x: 50, y: 20))  // child time 0.5
        XCTAssertTrue(snapshot.sublayers[0].superlayer === snapshot)
        XCTAssertTrue(snapshot.isPresentation)
        XCTAssertTrue(snapshot.sublayers[0].model === child)
        XCTAssertTrue(root.model === root)
        XCTAssertTrue(snapshot.animations.isEmpty)
        // The model is untouched.
        XCTAssertEqual(child.position, Point(x: 10, y: 20))
        XCTAssertEqual(root.presentationValue(forKeyPath: "opacity", at: 0.5), .scalar(0.5))
        XCTAssertEqual(child.presentationValue(forKeyPath: "position.x", at: 0.25), .scalar(50))
    }

    // Nothing in effect: the snapshot equals the model (property test over random trees).
    func testSnapshotWithNothingInEffectEqualsTheModel() throws {
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<20 {
            let root = Layer()
            var layers = [root]
            for _ in 0..<8 {
                let layer = Layer()
                layer.position = Point(x: generator.unit() * 100, y: generator.unit() * 100)
                layer.bounds = Rect(x: 0, y: 0, width: generator.unit() * 50, height: generator.unit() * 50)
                layer.opacity = generator.unit()
                layer.add(opacity(to: 0, begin: 10 + generator.unit()), forKey: "later")
                try layers[Int(generator.next() % UInt64(layers.count))].addSublayer(layer)
                layers.append(layer)
            }
            let snapshot = root.presentation(at: 1)
            func check(_ model: Layer, _ presented: Layer) {
                XCTAssertEqual(model.position, presented.position)
                XCTAssertEqual(model.bounds, presented.bounds)
                XCTAssertEqual(model.opacity, presented.opacity)
                XCTAssertEqual(model.sublayers.count, presented.sublayers.count)
                for (a, b) in zip(model.sublayers, presented.sublayers) { check(a, b) }
            }
            check(root, snapshot)
        }
    }

    // Removed-on-completion animations stop contributing after their end and are dropped
    // when asked; kept ones stay.
    func testRemovalOnCompletion() {
        let layer = Layer()
        var kept = opacity(to: 0)
        kept.timing.fillMode = .forwards
        kept.isRemovedOnCompletion = false
        layer.add(opacity(to: 0.5), forKey: "gone")
        XCTAssertEqual(layer.presentation(at: 2).opacity, 1)
        layer.add(kept, forKey: "kept")
        XCTAssertEqual(layer.presentation(at: 2).opacity, 0)
        XCTAssertEqual(layer.removeCompletedAnimations(atLocalTime: 2), ["gone"])
        XCTAssertEqual(layer.animationKeys(), ["kept"])
        // timeOffset moves the position inside the active interval, not the interval: an
        // animation of 1 s with an offset of 0.1 is still there at 0.95 and gone after 1.
        var offset = opacity(to: 0)
        offset.timing.timeOffset = 0.1
        layer.add(offset, forKey: "offset")
        XCTAssertEqual(layer.removeCompletedAnimations(atLocalTime: 0.95), [])
        XCTAssertEqual(layer.removeCompletedAnimations(atLocalTime: 1.05), ["offset"])
    }

    // A path animation with a rotation mode turns the presented layer about z.
    func testPathRotationTurnsTheLayer() throws {
        let layer = Layer()
        let path = try Path(svgPathData: "M0 0 L0 100")
        layer.add(KeyframeAnimation<Point>(keyPath: "position", path: path, rotationMode: .auto, timing: MediaTiming(duration: 1)),
                  forKey: "along")
        let presented = layer.presentation(at: 0.5)
        XCTAssertEqual(presented.position.y, 50, accuracy: 1e-12)
        XCTAssertEqual(presented.transform.m11, 0, accuracy: 1e-15)  // a quarter turn: heading +y
        XCTAssertEqual(presented.transform.m12, 1, accuracy: 1e-15)
    }

    // Animations of key paths the layer does not have, or of the wrong kind, change nothing.
    func testUnknownOrMismatchedKeyPaths() {
        let layer = Layer()
        layer.opacity = 0.3
        layer.add(BasicAnimation<Point>(keyPath: "opacity", toValue: Point(x: 1, y: 1)), forKey: "wrong")
        layer.add(BasicAnimation<Double>(keyPath: "noSuchProperty.x", toValue: 4), forKey: "unknown")
        XCTAssertEqual(layer.presentation(at: 0.1).opacity, 0.3)
    }

    // Snapshots of very deep trees do not recurse per level (an explicit stack).
    func testDeepTreeSnapshot() throws {
        let root = Layer()
        var last = root
        for _ in 0..<5_000 {
            let layer = Layer()
            layer.position = Point(x: 1, y: 0)
            try last.addSublayer(layer)
            last = layer
        }
        last.add(opacity(to: 0), forKey: "fade")
        var presented = root.presentation(at: 0.5)
        var depth = 0
        while let next = presented.sublayers.first {
            presented = next
            depth += 1
        }
        XCTAssertEqual(depth, 5_000)
        XCTAssertEqual(presented.opacity, 0.5)
    }
}
