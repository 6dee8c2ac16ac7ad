import CadenceAnimation
import CadenceGeometry
import CadencePixels
@_spi(Testing) @testable import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

/// A small image filled with `value`, to tell contents apart.
func testImage(_ value: UInt8 = 1) -> Bitmap {
    try! Bitmap(width: 4, height: 2, fill: SIMD4(repeating: value))
}

/// Whether `a` is `b` with its pixels shared, not copied.
func sharesPixels(_ a: Bitmap?, _ b: Bitmap) -> Bool {
    guard let a, a == b else { return false }
    return a.pixels.withUnsafeBufferPointer { x in b.pixels.withUnsafeBufferPointer { x.baseAddress == $0.baseAddress } }
}

/// Transitions with a previous rendering (`Layer+Animations.swift`, `Layer+Actions.swift`,
/// `PresentedTransition.swift`): what is captured, when, and how snapshots present it.
final class TransitionCaptureTests: XCTestCase {
    let red = Color(red: 1, green: 0, blue: 0)

    func makeSquare(_ name: String, color: Color? = .black) -> Layer {
        let layer = makeLayer(name, bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 5, y: 5))
        layer.backgroundColor = color
        return layer
    }

    // MARK: Capture at the call

    // Without `previous` the layer's tree as it is at the call is captured: add the
    // transition, then change the layer.
    // The previous tree's root refers to the layer's superlayer without being held by it:
    // it follows the layer's superlayer, and reads `nil` once that is gone.
    func testPreviousTreeFollowsTheLayersSuperlayer() throws {
        let root = makeSquare("root"), layer = makeSquare("l")
        try root.addSublayer(layer)
        layer.add(Transition(type: .fade, timing: MediaTiming(duration: 1)))
        var snapshot: Layer? = root.presentation(at: 0.5)
        let presented = snapshot!.sublayers[0]
        guard let previous = presented.presentedTransition?.previous else { return XCTFail("no transition presented") }
        XCTAssertIdentical(previous.superlayer, snapshot)
        presented.removeFromSuperlayer()
        XCTAssertNil(previous.superlayer)
        try snapshot!.addSublayer(presented)
        XCTAssertIdentical(previous.superlayer, snapshot)
        snapshot = nil
        XCTAssertNil(presented.superlayer)
        XCTAssertNil(previous.superlayer)
    }

    func testTransitionCapturesTheLayerAtTheCall() throws {
        let layer = makeSquare("l")
        try layer.addSublayer(makeSquare("child"))
        layer.add(Transition(type: .push, subtype: .fromTop, timing: MediaTiming(duration: 1)))
        XCTAssertEqual(layer.animationKeys(), [Layer.Event.transition])
        layer.backgroundColor = .white
        try layer.setSublayers([])

        let snapshot = layer.presentation(at: 0.25)
        guard let presented = snapshot.presentedTransition else { return XCTFail("no transition presented") }
        XCTAssertEqual(presented.type, .push)
        XCTAssertEqual(presented.direction, .fromTop)
        XCTAssertEqual(presented.progress, 0.25)
        XCTAssertEqual(presented.previous.backgroundColor, .black)
        XCTAssertEqual(presented.previous.sublayers.map(\.name), ["child"])
        XCTAssertTrue(presented.previous.isPresentation)
        XCTAssertFalse(presented.previous.model === layer, "the capture is a copy")
        XCTAssertEqual(snapshot.backgroundColor, .white)
        XCTAssertTrue(snapshot.sublayers.isEmpty)
        // Not in effect before its start or after its end (removed on completion); never on
        // a model layer.
        XCTAssertNil(layer.presentation(at: -0.5).presentedTransition)
        XCTAssertNil(layer.presentation(at: 1.5).presentedTransition)
        XCTAssertNil(layer.presentedTransition)
        // No subtype: motion from the left.
        layer.add(Transition(type: .moveIn, timing: MediaTiming(duration: 1)))
        XCTAssertEqual(layer.presentation(at: 0.5).presentedTransition?.direction, .fromLeft)
    }

    // Adding `.transition` through `add(_: Animation, …)` is the same as `previous` nil.
    func testPlainTransitionAnimationCapturesTheLayer() {
        let layer = makeSquare("l")
        layer.add(.transition(Transition(timing: MediaTiming(duration: 1))), forKey: "t")
        layer.backgroundColor = .white
        let presented = layer.presentation(at: 0.5).presentedTransition
        XCTAssertEqual(presented?.type, .fade)
        XCTAssertEqual(presented?.progress, 0.5)
        XCTAssertEqual(presented?.previous.backgroundColor, .black)
        // A property animation captures nothing.
        layer.add(BasicAnimation(keyPath: "opacity", fromValue: 0.0, toValue: 1.0), forKey: "fade")
        XCTAssertNil(layer.animationEntries.last?.previous)
        XCTAssertNotNil(layer.animationEntries.first?.previous)
    }

    // `from:` captures a deep model copy of another tree: sublayers, mask, contents (the
    // same object), animations; later changes to it do not reach the copy.
    func testCaptureOfAnotherTree() throws {
        let other = makeSquare("other", color: red)
        let image = testImage()
        other.contents = image
        try other.addSublayer(makeSquare("sub"))
        try other.setMask(makeSquare("mask"))
        other.add(BasicAnimation(keyPath: "opacity", fromValue: 0.0, toValue: 1.0, timing: MediaTiming(duration: 2)), forKey: "fade")
        let layer = makeSquare("l")
        layer.add(Transition(timing: MediaTiming(duration: 2)), from: other)
        other.backgroundColor = .white
        other.sublayers[0].removeFromSuperlayer()
        other.removeAllAnimations()

        guard let previous = layer.presentation(at: 1).presentedTransition?.previous else { return XCTFail("no transition") }
        XCTAssertEqual(previous.name, "other")
        XCTAssertEqual(previous.backgroundColor, red)
        XCTAssertTrue(sharesPixels(previous.contents, image))
        XCTAssertEqual(previous.sublayers.map(\.name), ["sub"])
        XCTAssertEqual(previous.mask?.name, "mask")
        XCTAssertTrue(previous.mask?.superlayer === previous)
        XCTAssertEqual(previous.opacity, 0.5, "the captured animations run")
    }

    // MARK: Time and place

    // The previous tree is evaluated at the same root time, as if it stood in the layer's
    // place: its root's parent time is the layer's parent time. Its progress reads the
    // layer's local time, as property animations on the layer do.
    func testPreviousTreeRunsInTheLayersPlace() throws {
        let superlayer = makeSquare("s")
        superlayer.timing.speed = 2
        superlayer.isGeometryFlipped = true
        let layer = makeSquare("l")
        layer.timing.beginTime = 1
        try superlayer.addSublayer(layer)
        let previous = makeSquare("p")
        previous.timing.speed = 0.5
        previous.add(BasicAnimation(keyPath: "opacity", fromValue: 0.0, toValue: 1.0, timing: MediaTiming(duration: 10)),
                     forKey: "fade")
        layer.add(Transition(timing: MediaTiming(duration: 10)), from: previous)
        layer.add(BasicAnimation(keyPath: "zPosition", fromValue: 0.0, toValue: 1.0, timing: MediaTiming(duration: 10)),
                  forKey: "z")

        // Root time 3: the superlayer's time is 6, the layer's 5 (progress 0.5), the
        // previous root's (6 − 0) · 0.5 = 3 (opacity 0.3).
        let tree = superlayer.presentation(at: 3)
        let snapshot = tree.sublayers[0]
        guard let presented = snapshot.presentedTransition else { return XCTFail("no transition") }
        XCTAssertEqual(presented.progress, 0.5)
        XCTAssertEqual(presented.progress, snapshot.zPosition, "the same local time as a property animation")
        XCTAssertEqual(presented.previous.opacity, 0.3, accuracy: 1e-15)
        // In the layer's place: the superlayer is the snapshot's, not holding it.
        XCTAssertTrue(presented.previous.superlayer === tree)
        XCTAssertFalse(tree.sublayers.contains { $0 === presented.previous })
        XCTAssertTrue(presented.previous.contentsAreFlipped)
        XCTAssertEqual(presented.previous.transformToSuperlayer, presented.previous.transformToSuperlayer(asSublayerOf: tree))
        XCTAssertEqual(presented.previous.convert(Point.zero, to: tree), Point(x: 0, y: 10), "flipped like the layer")
        XCTAssertEqual(snapshot.convert(Point.zero, to: tree), Point(x: 0, y: 10))
        // A snapshot taken from the layer itself works its parent time out from the root time.
        let direct = layer.presentation(at: 3)
        XCTAssertEqual(direct.presentedTransition?.progress, 0.5)
        XCTAssertEqual(direct.presentedTransition?.previous.opacity ?? .nan, 0.3, accuracy: 1e-15)
        XCTAssertNil(direct.presentedTransition?.previous.superlayer)
    }

    // The last added transition in effect wins; each keeps its own capture; the reference
    // snapshot presents the same.
    func testLastTransitionInEffectWins() {
        let layer = makeSquare("l")
        layer.add(Transition(type: .fade, timing: MediaTiming(duration: 10)), forKey: "a")
        layer.backgroundColor = red
        layer.add(Transition(type: .reveal, subtype: .fromRight, timing: MediaTiming(duration: 1)), forKey: "b")
        layer.backgroundColor = .white

        for (time, type, previousColor, progress) in [(0.5, TransitionType.reveal, red, 0.5), (2, .fade, .black, 0.2)] {
            for snapshot in [layer.presentation(at: time), layer.presentationReference(at: time)] {
                let presented = snapshot.presentedTransition
                XCTAssertEqual(presented?.type, type, "at \(time)")
                XCTAssertEqual(presented?.previous.backgroundColor, previousColor, "at \(time)")
                XCTAssertEqual(presented?.progress ?? .nan, progress, accuracy: 1e-15, "at \(time)")
            }
        }
        // Kept after its end (not removed on completion, filling forwards): still presented
        // at its final progress, and on top.
        layer.add(Transition(type: .push, endProgress: 0.75,
                             timing: MediaTiming(duration: 1, fillMode: .forwards), isRemovedOnCompletion: false),
                  forKey: "c")
        XCTAssertEqual(layer.presentation(at: 5).presentedTransition?.type, .push)
        XCTAssertEqual(layer.presentation(at: 5).presentedTransition?.progress, 0.75)
    }

    // A transition inside a group counts at the group's child time; the group's capture
    // is its previous rendering.
    func testTransitionInsideAGroup() {
        let layer = makeSquare("l")
        let transition = Transition(type: .moveIn, timing: MediaTiming(beginTime: 0.5, duration: 1))
        layer.add(.group(AnimationGroup(animations: [.transition(transition)], timing: MediaTiming(duration: 2))), forKey: "g")
        layer.backgroundColor = .white
        XCTAssertNil(layer.presentation(at: 0.25).presentedTransition, "the child has not begun")
        XCTAssertEqual(layer.presentation(at: 1).presentedTransition?.progress, 0.5)
        XCTAssertEqual(layer.presentation(at: 1).presentedTransition?.previous.backgroundColor, .black)
        XCTAssertNil(layer.presentation(at: 2.5).presentedTransition, "the group has ended")
    }

    // MARK: Removal and what captures hold

    // Removing the entry frees its capture.
    func testRemovalDropsTheCapture() {
        let layer = makeSquare("l")
        layer.add(Transition(timing: MediaTiming(duration: 1)))
        weak let captured = layer.animationEntries.last?.previous
        XCTAssertNotNil(captured)
        do {
            let snapshot = layer.presentation(at: 0.5)
            XCTAssertNotNil(snapshot.presentedTransition)
        }
        XCTAssertEqual(layer.removeCompletedAnimations(atLocalTime: 0.5), [])
        XCTAssertNotNil(captured)
        XCTAssertEqual(layer.removeCompletedAnimations(atLocalTime: 2), [Layer.Event.transition])
        XCTAssertNil(captured, "the capture goes with its entry")
        XCTAssertNil(layer.presentation(at: 0.5).presentedTransition)
    }

    // A captured tree keeps its animations but not their captures: a previous rendering
    // shows no transition of its own, captures never chain, and a snapshot presents each
    // captured tree once per transition in effect. `modelTreeCopy()` keeps them.
    func testCapturesHoldNoCaptures() throws {
        let layer = makeSquare("l")
        let child = makeSquare("child")
        try layer.addSublayer(child)
        child.add(Transition(timing: MediaTiming(duration: 10)), forKey: "inner")
        layer.add(Transition(timing: MediaTiming(duration: 10)), forKey: "first")
        layer.add(Transition(timing: MediaTiming(duration: 10)), forKey: "second")
        guard let capture = layer.animationEntries.last?.previous else { return XCTFail("no capture") }
        XCTAssertEqual(capture.animationEntries.map(\.key), ["first"])
        XCTAssertNil(capture.animationEntries[0].previous)
        XCTAssertEqual(capture.sublayers[0].animationKeys(), ["inner"])
        XCTAssertNil(capture.sublayers[0].animationEntries[0].previous)

        let snapshot = layer.presentation(at: 1)
        XCTAssertNotNil(snapshot.presentedTransition)
        XCTAssertNotNil(snapshot.sublayers[0].presentedTransition, "the live child presents its own")
        XCTAssertNil(snapshot.presentedTransition?.previous.presentedTransition)
        XCTAssertNil(snapshot.presentedTransition?.previous.sublayers[0].presentedTransition)
        // The public copy keeps them (shared).
        XCTAssertTrue(layer.modelTreeCopy().animationEntries.last?.previous === capture)
    }

    // Bad input: a chain of 60 levels, each with a transition in effect, presents in
    // time linear in (levels × captured sizes), not doubling per level.
    func testDeepTreesOfTransitionsPresentQuickly() throws {
        let root = makeSquare("0")
        var node = root
        for level in 1...60 {
            let child = makeSquare("\(level)")
            try node.addSublayer(child)
            node = child
        }
        for layer in sequence(first: root, next: { $0.sublayers.first }) {
            layer.add(Transition(timing: MediaTiming(duration: 10)))
        }
        var presented = 0
        var snapshot: Layer? = root.presentation(at: 1)
        while let current = snapshot {
            if current.presentedTransition != nil { presented += 1 }
            snapshot = current.sublayers.first
        }
        XCTAssertEqual(presented, 61)
    }

    // MARK: Actions

    // replaceSublayer's transition action starts from the replaced layer.
    func testReplaceSublayerCapturesTheReplacedLayer() throws {
        let actions: [any LayerAction] = [
            Transition(type: .push, timing: MediaTiming(duration: 1)),
            Animation.transition(Transition(type: .push, timing: MediaTiming(duration: 1))),
        ]
        for action in actions {
            let (context, clock, root) = makeAttachedLayer(at: 2)
            let old = makeSquare("old", color: red)
            try old.addSublayer(makeSquare("old.child"))
            try root.addSublayer(old)
            let new = makeSquare("new", color: .white)
            new.actions = [Layer.Event.transition: action]
            try root.replaceSublayer(old, with: new)
            context.flush()
            old.backgroundColor = .black
            clock.set(2.25)
            let presented = root.presentation(at: clock.now()).sublayers[0].presentedTransition
            XCTAssertEqual(presented?.type, .push)
            XCTAssertEqual(presented?.progress, 0.25)
            XCTAssertEqual(presented?.previous.name, "old")
            XCTAssertEqual(presented?.previous.backgroundColor, red)
            XCTAssertEqual(presented?.previous.sublayers.map(\.name), ["old.child"])
            XCTAssertEqual(new.animationKeys(), [Layer.Event.transition])
        }
    }

    // A transition found as a property's action starts from the layer before the change
    // (Core Animation's `actions["contents"] = transition`).
    func testPropertyChangeTransitionCapturesBeforeTheChange() {
        let (context, _, layer) = makeAttachedLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.contents = testImage(1)
        context.flush()
        layer.actions = ["contents": Transition(timing: MediaTiming(duration: 1))]
        let image = testImage(2)
        layer.contents = image
        context.flush()
        let snapshot = layer.presentation(at: 0.5)
        XCTAssertTrue(sharesPixels(snapshot.contents, image))
        guard let previous = snapshot.presentedTransition?.previous else { return XCTFail("no transition") }
        XCTAssertEqual(previous.contents, testImage(1))
        XCTAssertNotNil(previous.contents)
    }

    // The context's own entry point: counts for completion blocks, captures `previous`.
    func testContextAddsTransitionsFromAnotherLayer() throws {
        let (context, clock, layer) = makeAttachedLayer()
        var done = false
        context.begin()
        context.addCompletionBlock { done = true }
        context.add(Transition(timing: MediaTiming(duration: 1)), to: layer, from: makeSquare("other", color: red))
        context.commit()
        XCTAssertEqual(layer.presentation(at: 0.5).presentedTransition?.previous.backgroundColor, red)
        clock.set(1)
        context.tick()
        XCTAssertTrue(done)
    }

    // MARK: The tree copy

    func testModelTreeCopy() throws {
        let (_, _, layer) = makeAttachedLayer()
        layer.name = "root"
        let sub = makeSquare("sub"), subsub = makeSquare("subsub"), mask = makeSquare("mask"), maskSub = makeSquare("maskSub")
        try layer.addSublayer(sub)
        try sub.addSublayer(subsub)
        try layer.setMask(mask)
        try mask.addSublayer(maskSub)
        sub.add(BasicAnimation(keyPath: "opacity", fromValue: 0.0, toValue: 1.0), forKey: "fade")
        let copy = layer.modelTreeCopy()
        XCTAssertNil(copy.superlayer)
        XCTAssertNil(copy.transactionContext)
        XCTAssertEqual(copy.name, "root")
        XCTAssertEqual(copy.sublayers.map(\.name), ["sub"])
        XCTAssertFalse(copy.sublayers[0] === sub)
        XCTAssertTrue(copy.sublayers[0].superlayer === copy)
        XCTAssertEqual(copy.sublayers[0].sublayers.map(\.name), ["subsub"])
        XCTAssertTrue(copy.sublayers[0].sublayers[0].superlayer === copy.sublayers[0])
        XCTAssertEqual(copy.mask?.name, "mask")
        XCTAssertTrue(copy.mask?.superlayer === copy)
        XCTAssertEqual(copy.mask?.sublayers.map(\.name), ["maskSub"])
        XCTAssertEqual(copy.sublayers[0].animationKeys(), ["fade"])
        XCTAssertNil(copy.sublayers[0].transactionContext)
        // A snapshot copies as a model layer.
        XCTAssertFalse(layer.presentation(at: 0).modelTreeCopy().isPresentation)
    }
}
