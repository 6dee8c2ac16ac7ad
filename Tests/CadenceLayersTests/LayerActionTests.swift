import CadenceAnimation
import CadenceGeometry
@testable import CadenceLayers
import CadencePixels
import CadenceTiming
import XCTest

/// An action that writes "label:event:layer name" to a shared log when it runs.
final class RecordingAction: LayerAction {
    let label: String
    let log: ActionLog

    init(_ label: String, _ log: ActionLog) {
        self.label = label
        self.log = log
    }

    func run(forKey event: String, on layer: Layer, arguments: [String: KeyPathValue]?) {
        log.entries.append("\(label):\(event):\(layer.name ?? "-")")
    }
}

final class ActionLog {
    var entries: [String] = []
}

/// A delegate with an action table, which also records the model value of `opacity` it
/// sees when asked.
final class TableDelegate: LayerDelegate {
    var table: [String: any LayerAction] = [:]
    var opacitySeen: [Double] = []

    func action(for layer: Layer, forKey event: String) -> (any LayerAction)? {
        opacitySeen.append(layer.opacity)
        return table[event]
    }
}

final class LayerActionTests: XCTestCase {
    // A layer with no context runs no action and gets no animation; its change is immediate.
    func testNoContextNoActions() {
        let log = ActionLog()
        let layer = Layer()
        layer.actions = ["opacity": RecordingAction("actions", log)]
        layer.opacity = 0
        XCTAssertEqual(layer.opacity, 0)
        XCTAssertEqual(log.entries, [])
        XCTAssertNil(layer.transactionContext)

        let (context, _, attached) = makeAttachedLayer()
        XCTAssertTrue(attached.transactionContext === context)
        context.detach(attached)
        attached.opacity = 0
        XCTAssertTrue(attached.animations.isEmpty)
        XCTAssertEqual(context.openTransactionCount, 0)
    }

    // The search order: delegate, actions, style's actions (shallowest first), default.
    func testSearchOrder() {
        let log = ActionLog()
        let (_, _, layer) = makeAttachedLayer()
        let delegate = TableDelegate()
        layer.delegate = delegate
        delegate.table["opacity"] = RecordingAction("delegate", log)
        layer.actions = ["opacity": RecordingAction("actions", log)]
        layer.style = LayerStyle(
            actions: ["opacity": RecordingAction("style", log)],
            style: LayerStyle(actions: ["opacity": RecordingAction("nested style", log), "zPosition": RecordingAction("nested style", log)]))
        func found(_ event: String = "opacity") -> String? {
            (layer.action(forKey: event) as? RecordingAction)?.label
        }
        XCTAssertEqual(found(), "delegate")
        delegate.table = [:]
        XCTAssertEqual(found(), "actions")
        layer.actions = nil
        XCTAssertEqual(found(), "style")
        XCTAssertEqual(found("zPosition"), "nested style")
        layer.style = nil
        XCTAssertTrue(layer.action(forKey: "opacity") is Animation, "the default action")
        XCTAssertNil(layer.action(forKey: "somethingElse"))

        layer.actions = ["opacity": RecordingAction("actions", log)]
        layer.opacity = 0.5
        XCTAssertEqual(log.entries, ["actions:opacity:-"])
        XCTAssertTrue(layer.animations.isEmpty, "the found action replaces the default animation")
    }

    // An explicit NullAction at any step ends the search: nothing after it is consulted,
    // and nothing runs.
    func testNullActionStopsTheSearch() {
        let log = ActionLog()
        let (_, _, layer) = makeAttachedLayer()
        let delegate = TableDelegate()
        layer.delegate = delegate
        layer.actions = ["opacity": RecordingAction("actions", log)]
        delegate.table["opacity"] = NullAction()
        XCTAssertTrue(layer.action(forKey: "opacity") is NullAction)
        layer.opacity = 0.5
        XCTAssertEqual(log.entries, [])

        delegate.table = [:]
        layer.actions = ["opacity": NullAction()]
        layer.style = LayerStyle(actions: ["opacity": RecordingAction("style", log)])
        layer.opacity = 0.25
        XCTAssertEqual(log.entries, [])

        layer.actions = nil
        layer.style = LayerStyle(actions: ["opacity": NullAction()])
        layer.opacity = 0
        XCTAssertTrue(layer.animations.isEmpty, "no default animation")
        XCTAssertEqual(layer.opacity, 0)
    }

    // The delegate is asked before the change: it sees the old model value.
    func testTheDelegateSeesTheOldValue() {
        let (_, _, layer) = makeAttachedLayer()
        let delegate = TableDelegate()
        layer.delegate = delegate
        layer.opacity = 0.25
        XCTAssertEqual(delegate.opacitySeen, [1])
    }

    // The default action: a basic animation from the presentation value to the model
    // value, with the transaction's duration and timing function, under the property's key.
    func testDefaultActionAnimatesToTheModelValue() throws {
        let (context, _, layer) = makeAttachedLayer()
        context.begin()
        context.animationTimingFunction = .easeIn
        layer.opacity = 0
        context.commit()
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
        XCTAssertEqual(layer.opacity, 0, "the model value changes at once")
        XCTAssertEqual(layer.presentation(at: 0).opacity, 1)
        XCTAssertEqual(layer.presentation(at: 0.125).opacity, 1 - TimingFunction.easeIn.progress(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(layer.presentation(at: 0.25).opacity, 0)
        XCTAssertEqual(layer.presentation(at: 0.3).opacity, 0, "removed on completion: the model shows")
    }

    // The static lookup (`+defaultActionForKey:`): the class's template for a key, a basic
    // animation of the property with no ends over 0.25 s; nil where there is no default.
    func testStaticDefaultAction() throws {
        func property(_ key: String) -> PropertyAnimation? {
            guard case .property(let property)? = Layer.defaultAction(forKey: key) as? Animation else { return nil }
            return property
        }
        let basic = try XCTUnwrap(property("opacity")?.basic(of: Double.self))
        XCTAssertEqual(basic.keyPath, "opacity")
        XCTAssertNil(basic.fromValue)
        XCTAssertNil(basic.toValue)
        XCTAssertEqual(basic.timing.duration, 0.25)
        XCTAssertNil(basic.timingFunction)
        XCTAssertNotNil(property("position")?.basic(of: Point.self))
        XCTAssertNotNil(property("transform")?.basic(of: Transform3D.self))
        for key in ["hidden", "contents", "contentsGravity", "onOrderIn", "noSuchKey"] {
            XCTAssertNil(Layer.defaultAction(forKey: key), key)
        }
    }

    // Mid-animation, the new animation starts from the presentation value, not from the
    // old model value.
    func testDefaultActionStartsFromThePresentationValue() throws {
        let (context, clock, layer) = makeAttachedLayer()
        context.begin()
        context.animationDuration = 1
        layer.position = Point(x: 100, y: 0)
        context.commit()
        clock.set(0.5)
        XCTAssertEqual(layer.presentation(at: 0.5).position, Point(x: 50, y: 0))
        context.begin()
        context.animationDuration = 1
        layer.position = Point(x: 0, y: 100)
        context.commit()
        XCTAssertEqual(layer.animationKeys(), ["position"])
        assertClose(layer.presentation(at: 0.5).position, Point(x: 50, y: 0))
        assertClose(layer.presentation(at: 1).position, Point(x: 25, y: 50))
        assertClose(layer.presentation(at: 1.5).position, Point(x: 0, y: 100))
    }

    // Every animatable kind gets a default animation; Booleans, discrete properties,
    // missing colours and a non-positive duration get none.
    func testWhichChangesAnimate() throws {
        let (context, _, layer) = makeAttachedLayer()
        context.begin()
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        layer.shadowOffset = Size(width: 1, height: 1)
        layer.borderColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        layer.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        layer.masksToBounds = true
        layer.contentsScale = 2
        layer.timing.speed = 2
        context.commit()
        XCTAssertEqual(layer.animationKeys(), ["bounds", "shadowOffset", "borderColor", "transform"])

        layer.removeAllAnimations()
        context.begin()
        context.animationDuration = 0
        layer.opacity = 0
        context.commit()
        XCTAssertTrue(layer.animations.isEmpty)
    }

    // Key-value coding and the frame setter go through the same setters.
    func testKeyValueCodingAndFrameRunActions() throws {
        let (context, _, layer) = makeAttachedLayer()
        context.begin()
        try layer.setValue(.scalar(5), forKeyPath: "position.x")
        layer.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        context.commit()
        XCTAssertEqual(layer.animationKeys(), ["bounds", "position"])
    }

    // disableActions suppresses every action: property changes, order events, transitions.
    func testDisableActions() throws {
        let log = ActionLog()
        let (context, _, root) = makeAttachedLayer()
        let child = Layer(), other = Layer()
        try root.addSublayer(child)
        for layer in [child, other] {
            layer.actions = [Layer.Event.onOrderIn: RecordingAction("in", log), Layer.Event.onOrderOut: RecordingAction("out", log),
                             Layer.Event.transition: RecordingAction("transition", log)]
        }
        log.entries = []
        context.begin()
        context.disableActions = true
        child.opacity = 0
        child.isHidden = true
        try root.replaceSublayer(child, with: other)
        other.removeFromSuperlayer()
        context.commit()
        XCTAssertEqual(log.entries, [])
        XCTAssertTrue(child.animations.isEmpty)
        XCTAssertEqual(child.opacity, 0)
    }

    // onOrderIn on insertion (the inserted layer joins the context, subtree included),
    // onOrderOut on removal; a move is a removal and an insertion.
    func testOrderInAndOut() throws {
        let log = ActionLog()
        let (context, _, root) = makeAttachedLayer()
        root.name = "root"
        let child = Layer(), grandchild = Layer(), sibling = Layer()
        child.name = "child"
        sibling.name = "sibling"
        try child.addSublayer(grandchild)
        for layer in [child, sibling] {
            layer.actions = [Layer.Event.onOrderIn: RecordingAction("in", log), Layer.Event.onOrderOut: RecordingAction("out", log)]
        }
        try root.addSublayer(child)
        XCTAssertTrue(grandchild.transactionContext === context)
        try root.insertSublayer(sibling, below: child)
        try root.insertSublayer(sibling, at: 1)
        child.removeFromSuperlayer()
        XCTAssertTrue(child.transactionContext === context, "a layer keeps its context when it leaves")
        XCTAssertEqual(log.entries, ["in:onOrderIn:child", "in:onOrderIn:sibling", "out:onOrderOut:sibling",
                                     "in:onOrderIn:sibling", "out:onOrderOut:child"])
    }

    // Hiding triggers onOrderOut and showing onOrderIn (after the "hidden" event itself);
    // setting the same value again triggers no order event.
    func testHiddenTriggersOrderEvents() {
        let log = ActionLog()
        let (_, _, layer) = makeAttachedLayer()
        layer.actions = [Layer.Event.onOrderIn: RecordingAction("in", log), Layer.Event.onOrderOut: RecordingAction("out", log),
                         "hidden": RecordingAction("property", log)]
        layer.isHidden = true
        layer.isHidden = true
        layer.isHidden = false
        XCTAssertEqual(log.entries, ["property:hidden:-", "out:onOrderOut:-", "property:hidden:-",
                                     "property:hidden:-", "in:onOrderIn:-"])
    }

    // replaceSublayer: the old layer leaves (onOrderOut), the new one gets `transition`
    // instead of onOrderIn; a Transition action is added under "transition".
    func testReplaceSublayerTriggersTransition() throws {
        let log = ActionLog()
        let (context, _, root) = makeAttachedLayer()
        let old = Layer(), new = Layer()
        old.name = "old"
        new.name = "new"
        try root.addSublayer(old)
        for layer in [old, new] {
            layer.actions = [Layer.Event.onOrderIn: RecordingAction("in", log), Layer.Event.onOrderOut: RecordingAction("out", log),
                             Layer.Event.transition: RecordingAction("transition", log)]
        }
        try root.replaceSublayer(old, with: new)
        XCTAssertEqual(log.entries, ["out:onOrderOut:old", "transition:transition:new"])

        let newer = Layer()
        newer.actions = [Layer.Event.transition: Transition(type: .push, subtype: .fromRight, timing: MediaTiming(duration: 1))]
        context.begin()
        try root.replaceSublayer(new, with: newer)
        context.commit()
        guard case .transition(let transition)? = newer.animation(forKey: Layer.Event.transition) else {
            return XCTFail("no transition on the new layer")
        }
        XCTAssertEqual(transition.type, .push)
    }

    // setSublayers: layers that leave get onOrderOut, layers that come onOrderIn, the ones
    // kept nothing. A mask joins the context and triggers nothing.
    func testSetSublayersAndMask() throws {
        let log = ActionLog()
        let (context, _, root) = makeAttachedLayer()
        let a = Layer(), b = Layer(), c = Layer(), mask = Layer()
        for (layer, name) in [(a, "a"), (b, "b"), (c, "c"), (mask, "mask")] {
            layer.name = name
            layer.actions = [Layer.Event.onOrderIn: RecordingAction("in", log), Layer.Event.onOrderOut: RecordingAction("out", log)]
        }
        try root.setSublayers([a, b])
        log.entries = []
        try root.setSublayers([b, c])
        XCTAssertEqual(log.entries, ["out:onOrderOut:a", "in:onOrderIn:c"])
        log.entries = []
        try root.setMask(mask)
        XCTAssertTrue(mask.transactionContext === context)
        try root.setMask(nil)
        XCTAssertEqual(log.entries, [])
    }

    // The guide's Listing 2: the delegate answers "contents" with a push transition, which
    // goes under the transition key.
    func testContentsActionFromTheDelegate() {
        let (_, _, layer) = makeAttachedLayer()
        let delegate = TableDelegate()
        delegate.table["contents"] = Transition(
            type: .push, subtype: .fromRight, timing: MediaTiming(duration: 1), timingFunction: .easeIn)
        layer.delegate = delegate
        layer.contents = try? Bitmap(width: 1, height: 1)
        XCTAssertEqual(layer.animationKeys(), [Layer.Event.transition])
        layer.shadowPath = nil
        XCTAssertEqual(layer.animationKeys(), [Layer.Event.transition], "discrete properties have no default animation")
    }

    // An animation used as an action with no duration takes the transaction's.
    func testAnimationActionsTakeTheTransactionDuration() throws {
        let (context, _, layer) = makeAttachedLayer()
        layer.actions = ["opacity": BasicAnimation<Double>(keyPath: "opacity", fromValue: 0.5)]
        context.begin()
        context.animationDuration = 2
        layer.opacity = 1
        context.commit()
        XCTAssertEqual(layer.animation(forKey: "opacity")?.timing.duration, 2)
        XCTAssertEqual(layer.presentation(at: 1).opacity, 0.75)
    }

    // Snapshots and copies have no context: changing them runs nothing.
    func testCopiesHaveNoContext() {
        let (context, _, layer) = makeAttachedLayer()
        XCTAssertNil(layer.presentation(at: 0).transactionContext)
        let copy = layer.modelCopy()
        copy.opacity = 0
        XCTAssertTrue(copy.animations.isEmpty)
        XCTAssertEqual(context.openTransactionCount, 0)
    }
}
