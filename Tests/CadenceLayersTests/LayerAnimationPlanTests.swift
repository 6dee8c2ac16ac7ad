@testable import CadenceAnimation
import CadenceGeometry
@_spi(Testing) @testable import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

/// The snapshot's fast path (`LayerAnimationPlan.swift`, `LayerModelHandle.swift`,
/// `LayerStorage.swift`) against its reference twin, `presentationReference(at:)`, which
/// parses every key path and reads and writes every property by name.
final class LayerAnimationPlanTests: XCTestCase {
    // MARK: Fast path matches the reference

    /// Random trees with random animations of every shape the plan handles (typed tracks)
    /// and of the shapes it leaves to the evaluator (fields, groups, extra keys, wrong
    /// kinds, non-specialised boxes), at edge-biased times: the two snapshots agree on
    /// every property, bit for bit.
    func testFastSnapshotMatchesReference() throws {
        let seed: UInt64 = 0xCADE_0601
        var g = AnimationGenerator(seed: seed)
        for trial in 0..<150 {
            let layers = g.tree.tree("t\(trial)", maxDepth: 2, maxChildren: 3)
            for layer in layers { g.decorate(layer) }
            if g.tree.chance(0.3) {
                let mask = g.tree.layer("mask\(trial)")
                g.decorate(mask)
                try layers[0].setMask(mask)
            }
            for _ in 0..<4 {
                let time = g.tree.number(-1...6)
                let fast = layers[0].presentation(at: time)
                let reference = layers[0].presentationReference(at: time)
                assertSameSnapshot(fast, reference, "seed \(seed), trial \(trial), time \(time)")
            }
        }
    }

    /// Value functions of every kind on a transform — numbers, vectors, additive, and a
    /// point animation, which a value function cannot read and so changes nothing — each
    /// reached as the plan types it: the snapshot matches the reference bit for bit.
    func testValueFunctionReachesMatchReference() {
        let timing = MediaTiming(beginTime: 0.1, duration: 1, repeatCount: 2, autoreverses: true)
        let layer = Layer()
        layer.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        layer.add(BasicAnimation<Double>(keyPath: "transform", fromValue: 0, toValue: 2, timing: timing,
                                         valueFunction: .rotateZ), forKey: "spin")
        layer.add(BasicAnimation<AnimatableVector>(
            keyPath: "transform", fromValue: AnimatableVector([0, 0, 0]), toValue: AnimatableVector([10, -20, 5]),
            timing: timing, isAdditive: true, valueFunction: .translate), forKey: "move")
        layer.add(BasicAnimation<Point>(keyPath: "transform", toValue: Point(x: 3, y: 4), timing: timing,
                                        valueFunction: .translate), forKey: "ignored")
        layer.add(BasicAnimation<Double>(keyPath: "transform", fromValue: 1, toValue: 1.5, timing: timing,
                                         isAdditive: true, valueFunction: .scale), forKey: "grow")
        for time in [-1, 0, 0.1, 0.35, 0.6, 1.1, 1.8, 2.1, 5] as [Double] {
            let fast = layer.presentation(at: time)
            assertSameSnapshot(fast, layer.presentationReference(at: time), "time \(time)")
            if time > 0.1 && time < 2.1 { XCTAssertNotEqual(fast.transform, layer.transform, "time \(time)") }
        }
    }

    /// A presentation is a value at its time: changing the model (its properties, its
    /// animations, its sublayers) afterwards leaves a snapshot made before as it was.
    func testSnapshotsDoNotSeeLaterModelChanges() throws {
        let root = Layer(), child = Layer()
        try root.addSublayer(child)
        child.position = Point(x: 10, y: 20)
        child.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
                                         timing: MediaTiming(duration: 1)), forKey: "fade")
        let snapshot = root.presentation(at: 0.25)
        let before = (snapshot.sublayers.count, snapshot.sublayers[0].opacity, snapshot.sublayers[0].position)
        child.position = Point(x: -5, y: 7)
        child.opacity = 0.5
        child.removeAllAnimations()
        child.add(BasicAnimation<Point>(keyPath: "position", toValue: Point(x: 99, y: 99),
                                        timing: MediaTiming(duration: 1)), forKey: "move")
        try root.addSublayer(Layer())
        XCTAssertEqual(snapshot.sublayers.count, before.0)
        XCTAssertEqual(snapshot.sublayers[0].opacity, before.1)
        XCTAssertEqual(snapshot.sublayers[0].position, before.2)
        XCTAssertEqual(before.1, 0.25)
        XCTAssertEqual(before.2, Point(x: 10, y: 20))
    }

    /// Changing the list of animations — through the API or directly — rebuilds the plan;
    /// an unchanged list reuses it.
    func testPlanFollowsTheList() {
        let layer = Layer()
        layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: MediaTiming(duration: 1)),
                  forKey: "fade")
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 0.5)
        let plan = layer.animationPlanCache
        XCTAssertNotNil(plan)
        XCTAssertEqual(layer.presentation(at: 0.25).opacity, 0.25)
        XCTAssertTrue(layer.animationPlanCache === plan, "an unchanged list keeps its plan")
        XCTAssertEqual(layer.removeCompletedAnimations(atLocalTime: 0.5), [])
        XCTAssertTrue(layer.animationPlanCache === plan, "removing nothing keeps the plan")

        layer.add(BasicAnimation<Point>(keyPath: "position", toValue: Point(x: 10, y: 0), timing: MediaTiming(duration: 1)),
                  forKey: "move")
        XCTAssertEqual(layer.presentation(at: 0.5).position, Point(x: 5, y: 0))
        layer.animationEntries[0].animation.timing.beginTime = 0.5  // directly, not through `add`
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 0)
        XCTAssertTrue(sameProperties(layer.presentation(at: 0.5), layer.presentationReference(at: 0.5)))
        layer.removeAnimation(forKey: "move")
        XCTAssertEqual(layer.presentation(at: 0.5).position, .zero)
        layer.removeAllAnimations()
        XCTAssertEqual(layer.presentation(at: 0.75).opacity, 1)

        // A snapshot recognises a current plan before it looks at the list; a plan left
        // behind by a list emptied directly is stale, and the empty list presents nothing.
        layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: MediaTiming(duration: 1)),
                  forKey: "fade")
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 0.5)
        XCTAssertNotNil(layer.animationPlanCache)
        layer.animationEntries.removeAll()  // directly: the plan stays behind
        XCTAssertNotNil(layer.animationPlanCache)
        XCTAssertEqual(layer.presentation(at: 0.5).opacity, 1)
    }

    /// A plan reaches a property with a typed animation only when its value fits; a value
    /// function reaches a transform; fields and groups keep their own reach; the rest is
    /// left out (rule 4 of `AnimationEvaluator`).
    func testPlansReachOnlyWhatFits() {
        func reach<V: PropertyValue>(_: V.Type, _ property: String, _ animations: [Animation]) -> String {
            Reach<V>.plan(animations, property: property).map { reach in
                switch reach {
                case .typed: "typed"
                case .numberFunction: "number function"
                case .vectorFunction: "vector function"
                case .field(let held): "field \(held.animation.field)"
                case .group(let held): "group \(held.animation.children.count)"
                }
            }.joined(separator: ", ")
        }
        XCTAssertEqual(reach(Point.self, "position", [Animation(BasicAnimation<Point>(keyPath: "position", toValue: .zero))]), "typed")
        XCTAssertEqual(reach(Point.self, "position", [.property(PropertyAnimation(BasicAnimation<Point>(keyPath: "position", toValue: .zero)))]), "typed")
        XCTAssertEqual(reach(Transform3D.self, "transform", [Animation(BasicAnimation<Double>(
            keyPath: "transform", toValue: 1, valueFunction: .rotateZ))]), "number function")
        XCTAssertEqual(reach(Transform3D.self, "transform", [Animation(BasicAnimation<AnimatableVector>(
            keyPath: "transform", toValue: AnimatableVector([1, 2, 3]), valueFunction: .translate))]), "vector function")
        // A value function reads numbers only: a point animation with one changes nothing.
        XCTAssertEqual(reach(Transform3D.self, "transform", [Animation(BasicAnimation<Point>(
            keyPath: "transform", toValue: Point(x: 1, y: 2), valueFunction: .translate))]), "")
        XCTAssertEqual(reach(Double.self, "opacity", [Animation(BasicAnimation<Double>(
            keyPath: "opacity", toValue: 1, valueFunction: .rotateZ))]), "")
        XCTAssertEqual(reach(Point.self, "position", [Animation(BasicAnimation<Double>(keyPath: "position.x", toValue: 1))]), "field x")
        XCTAssertEqual(reach(Double.self, "opacity", [Animation(BasicAnimation<Point>(keyPath: "opacity", toValue: .zero))]), "")
        XCTAssertEqual(reach(Double.self, "opacity", [Animation(BasicAnimation<Double>(keyPath: "opacityX", toValue: 1))]), "")
        XCTAssertEqual(reach(Double.self, "opacity", [.group(AnimationGroup(animations: [
            Animation(BasicAnimation<Double>(keyPath: "opacity", toValue: 1)),
            Animation(BasicAnimation<Double>(keyPath: "zPosition", toValue: 1)),
        ])), .group(AnimationGroup(animations: [Animation(BasicAnimation<Double>(keyPath: "zPosition", toValue: 1))]))]),
            "group 1")
    }

    /// The child-time shortcut is `ResolvedTiming.localTime(fromParent:)`, bit for bit,
    /// for sanitised and degenerate timings alike.
    func testLocalTimeMatchesResolvedTiming() {
        let seed: UInt64 = 0xCADE_0602
        var g = SeededGenerator(seed: seed)
        let specials: [Double] = [0, -0.0, 1, -1, .nan, .infinity, -.infinity, 1e-300, 1e300, 0.1]
        func pick() -> Double {
            g.next() % 3 == 0 ? specials[Int(g.next() % UInt64(specials.count))] : g.edgeBiased(in: -10...10)
        }
        let layer = Layer()
        for trial in 0..<5000 {
            layer.timing = MediaTiming(beginTime: pick(), duration: pick(), speed: pick(), timeOffset: pick())
            let t = pick()
            let expected = layer.resolvedTiming.localTime(fromParent: t)
            let got = layer.localTime(fromParent: t)
            XCTAssertTrue(got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN),
                          "seed \(seed), trial \(trial): \(layer.timing) at \(t): \(got) ≠ \(expected)")
        }
    }

    // MARK: The model handle

    /// A snapshot answers `model` with its model layer, does not keep it alive, and reads
    /// `nil` once it is gone; a snapshot of a snapshot points at the same model layer.
    func testSnapshotsFindTheirModelWithoutOwningIt() throws {
        var model: Layer? = Layer()
        try model!.addSublayer(Layer())
        weak let weakModel = model
        weak let weakChild = model!.sublayers[0]
        let snapshot = model!.presentation(at: 0)
        XCTAssertTrue(snapshot.model === model)
        XCTAssertTrue(snapshot.sublayers[0].model === model!.sublayers[0])
        XCTAssertTrue(snapshot.presentation(at: 0).model === model)
        XCTAssertTrue(snapshot.sublayers[0].superlayer === snapshot)
        model = nil
        XCTAssertNil(weakModel, "a snapshot must not keep its model layer alive")
        XCTAssertNil(weakChild)
        XCTAssertNil(snapshot.model)
        XCTAssertNil(snapshot.sublayers[0].model)
        XCTAssertTrue(snapshot.isPresentation)
    }

    /// Snapshots are released with their tree (no cycle through the handle): the root
    /// when the caller drops it, the layers below it when the model lets go of those it
    /// keeps for the next presentation to reuse (`dropRecycledPresentation()`), and at once
    /// for a presentation made without recycling.
    func testSnapshotsAreReleased() throws {
        let model = Layer()
        try model.addSublayer(Layer())
        weak var weakSnapshot: Layer?
        weak var weakChild: Layer?
        do {
            let snapshot = model.presentation(at: 0)
            weakSnapshot = snapshot
            weakChild = snapshot.sublayers[0]
        }
        XCTAssertNil(weakSnapshot)
        XCTAssertNotNil(weakChild, "kept for the next presentation")
        model.dropRecycledPresentation()
        XCTAssertNil(weakChild)
        do {
            let snapshot = model.freshPresentation(at: 0)
            weakSnapshot = snapshot
            weakChild = snapshot.sublayers[0]
        }
        XCTAssertNil(weakSnapshot)
        XCTAssertNil(weakChild)
    }

    /// A snapshot walks the model's sublayers lent and lends each layer its plan
    /// (`Layer.withEachLent`, `lentSnapshotAnimationPlan`): no retain, and so no release,
    /// for either. Who
    /// owns what is unchanged: the model layers and their plans outlive any number of
    /// snapshots (a release too many would free them, and this test would crash), are
    /// freed with the model (a retain too many would keep them), and a snapshot layer kept
    /// after its superlayer is destroyed reads no superlayer.
    func testLentWalksKeepOwnership() throws {
        var root: Layer? = Layer()
        for _ in 0..<3 {
            let child = Layer()
            child.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
                                             timing: MediaTiming(duration: 1)), forKey: "fade")
            try child.addSublayer(Layer())
            try root!.addSublayer(child)
        }
        weak let weakChild = root!.sublayers[1]
        weak let weakGrandchild = root!.sublayers[1].sublayers[0]
        var kept: Layer?
        weak var weakPlan: LayerAnimationPlan?
        for time in [0.25, 0.5, 0.75, 0.5] {
            let snapshot = root!.presentation(at: time)
            kept = snapshot.sublayers[1]
            XCTAssertTrue(kept?.superlayer === snapshot)
            XCTAssertTrue(kept?.sublayers[0].superlayer === kept)
            XCTAssertEqual(kept?.opacity, time)
            XCTAssertTrue(kept?.model === weakChild)
            let plan = root!.sublayers[1].animationPlanCache
            XCTAssertNotNil(plan)
            if weakPlan != nil { XCTAssertTrue(plan === weakPlan, "an unchanged list keeps its plan") }
            weakPlan = plan
        }
        XCTAssertNil(kept?.superlayer, "its superlayer, destroyed, cleared the reference")
        XCTAssertTrue(kept?.sublayers[0].superlayer === kept)
        // A new plan, made by the snapshot itself (the slow path), lent the same way.
        root!.sublayers[1].add(BasicAnimation<Point>(keyPath: "position", toValue: Point(x: 8, y: 0),
                                                     timing: MediaTiming(duration: 1)), forKey: "move")
        XCTAssertEqual(root!.presentation(at: 0.5).sublayers[1].position, Point(x: 4, y: 0))
        XCTAssertNil(weakPlan, "the replaced plan is freed")
        weakPlan = root!.sublayers[1].animationPlanCache
        XCTAssertNotNil(weakPlan)
        XCTAssertNotNil(weakChild)
        XCTAssertNotNil(weakGrandchild)
        root = nil
        XCTAssertNil(weakChild)
        XCTAssertNil(weakGrandchild)
        XCTAssertNil(weakPlan)
        XCTAssertNil(kept?.model)
    }

    /// Every stored property of every layer class, animated alone (to a finite value and to
    /// NaN, from a set and from an unset model value): the property presenters
    /// (`PropertyPresenter`) store what the reference stores, mark the same keys assigned
    /// (the cold box's marks of the keys past the first 64 included), refuse a non-finite
    /// value where the setter does and take it in the media timing.
    func testEveryStoredPropertyIsPresentedAsTheReferenceStoresIt() throws {
        // A finite value of the kind (at 0.25 or 0.75) and a non-finite one.
        func values(_ kind: ValueKind, _ end: Bool) -> (KeyPathValue, KeyPathValue) {
            let a = end ? 0.75 : 0.25
            switch kind {
            case .scalar: return (.scalar(a), .scalar(.nan))
            case .point: return (.point(Point(x: a, y: 2 * a)), .point(Point(x: .nan, y: a)))
            case .size: return (.size(Size(width: a, height: 3 * a)), .size(Size(width: a, height: .infinity)))
            case .rect: return (.rect(Rect(x: a, y: 0, width: 4 * a, height: 2)), .rect(Rect(x: .nan, y: 0, width: 1, height: 1)))
            case .color: return (.color(Color(red: a, green: 0, blue: 1, alpha: 1)), .color(Color(red: .nan, green: 0, blue: 0, alpha: 1)))
            default: return (.transform(Transform3D(translationX: a, y: -a, z: 0)), .transform(Transform3D(translationX: .nan, y: 0, z: 0)))
            }
        }
        func animation<V: KeyPathAnimatable>(_ key: LayerKey, _ from: V, _ to: V) -> Animation {
            Animation(BasicAnimation<V>(keyPath: key.name, fromValue: from, toValue: to, timing: MediaTiming(duration: 1)))
        }
        func animation(_ key: LayerKey, _ from: KeyPathValue, _ to: KeyPathValue) -> Animation {
            switch (from, to) {
            case let (.scalar(a), .scalar(b)): animation(key, a, b)
            case let (.point(a), .point(b)): animation(key, a, b)
            case let (.size(a), .size(b)): animation(key, a, b)
            case let (.rect(a), .rect(b)): animation(key, a, b)
            case let (.color(a), .color(b)): animation(key, a, b)
            case let (.transform(a), .transform(b)): animation(key, a, b)
            default: preconditionFailure("not a planned kind")
            }
        }
        let kinds: [ValueKind] = [.scalar, .point, .size, .rect, .color, .transform]
        var presented = 0
        for key in LayerKey.allCases where key != .frame && kinds.contains(key.kind) {
            for (nonFinite, setModel) in [(false, false), (false, true), (true, false), (true, true)] {
                let layer = Layer.make(key.owner)
                let (from, _) = values(key.kind, false)
                let (finiteTo, nonFiniteTo) = values(key.kind, true)
                if setModel { try key.write(layer, finiteTo) }
                layer.add(animation(key, from, nonFinite ? nonFiniteTo : finiteTo), forKey: "a")
                XCTAssertNotNil(layer.animationPlan.firstPresenter, "\(key.name): presented through its presenter")
                for time in [0.5, 1.5] {
                    let fast = layer.presentation(at: time)
                    let reference = layer.presentationReference(at: time)
                    let message = "\(key.name) (\(key.rawValue)), non-finite \(nonFinite), model set \(setModel), time \(time)"
                    assertSameSnapshot(fast, reference, message)
                    for other in LayerKey.allCases {
                        XCTAssertEqual(fast.storage.isExplicit(other), reference.storage.isExplicit(other), "\(message): \(other.name) marked")
                    }
                    if fast.storage.isExplicit(key) != layer.storage.isExplicit(key) { presented += 1 }
                }
            }
        }
        XCTAssertGreaterThan(presented, 0, "some presented values are stored and marked")
    }

    // MARK: Copy-on-write storage

    /// Copies share the rarely set properties until one of them writes.
    func testColdPropertiesAreCopiedOnWrite() {
        let layer = Layer()
        XCTAssertNil(layer.storage.cold, "a new layer stores no box")
        layer.name = "a"
        layer.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        try? layer.setValue(.scalar(3), forKeyPath: "extra")
        let copy = layer.modelCopy()
        XCTAssertTrue(copy.storage.cold === layer.storage.cold)
        copy.name = "b"
        try? copy.setValue(.scalar(4), forKeyPath: "extra")
        XCTAssertFalse(copy.storage.cold === layer.storage.cold)
        XCTAssertEqual(layer.name, "a")
        XCTAssertEqual(copy.name, "b")
        XCTAssertEqual(layer.value(forKeyPath: "extra"), .scalar(3))
        XCTAssertEqual(copy.value(forKeyPath: "extra"), .scalar(4))
        XCTAssertEqual(copy.backgroundColor, layer.backgroundColor)
        XCTAssertEqual(Layer().sublayerTransform, .identity)
        XCTAssertEqual(Layer().shadowOffset, Size(width: 0, height: -3))
    }

    /// A snapshot layer's storage is copied as bytes, with its own reference to the model's
    /// cold box: the two share the box (a write to either copies it), each keeps it alive
    /// without the other, and a box goes as soon as neither holds it.
    func testSnapshotLayersHoldTheirOwnReferenceToTheColdBox() throws {
        XCTAssertTrue(LayerStorage.isPlainButTheColdBox, "every stored field but the box is plain data")
        weak var box: ColdLayerStorage?
        var snapshot: Layer?
        do {
            let model = Layer()
            model.name = "model"
            model.backgroundColor = Color(red: 0, green: 0.5, blue: 1, alpha: 1)
            model.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
                                             timing: MediaTiming(duration: 1)), forKey: "fade")
            box = model.storage.cold
            XCTAssertNotNil(box)
            do {
                let shown = model.presentation(at: 0.5)
                XCTAssertTrue(shown.storage.cold === model.storage.cold)
                XCTAssertEqual(shown.opacity, 0.5)
                model.cornerRadius = 1  // shared: the write copies the box
                XCTAssertFalse(shown.storage.cold === model.storage.cold)
                XCTAssertNotNil(box, "the snapshot keeps the first box")
                XCTAssertEqual(shown.cornerRadius, 0)
            }
            XCTAssertNil(box, "the snapshot released its reference")
            box = model.storage.cold
            snapshot = model.presentation(at: 0.25)
            model.cornerRadius = 2
            XCTAssertFalse(snapshot?.storage.cold === model.storage.cold)
            snapshot = model.presentation(at: 0.25)
            box = model.storage.cold
        }
        XCTAssertNotNil(box, "the snapshot keeps the box after its model is gone")
        XCTAssertEqual(snapshot?.name, "model")
        XCTAssertEqual(snapshot?.backgroundColor, Color(red: 0, green: 0.5, blue: 1, alpha: 1))
        XCTAssertEqual(snapshot?.opacity, 0.25)
        XCTAssertEqual(snapshot?.cornerRadius, 2)
        XCTAssertNil(snapshot?.model)
        snapshot = nil
        XCTAssertNil(box, "no reference to the box is left over")
    }

    // MARK: Helpers

    /// Every property a snapshot layer has, through its getters, and its tree.
    func assertSameSnapshot(_ a: Layer, _ b: Layer, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(sameProperties(a, b), "\(message): \(a) ≠ \(b)", file: file, line: line)
        XCTAssertTrue(a.model === b.model, message, file: file, line: line)
        XCTAssertEqual(a.sublayers.count, b.sublayers.count, message, file: file, line: line)
        for (x, y) in zip(a.sublayers, b.sublayers) { assertSameSnapshot(x, y, message, file: file, line: line) }
        XCTAssertEqual(a.mask == nil, b.mask == nil, message, file: file, line: line)
        if let x = a.mask, let y = b.mask { assertSameSnapshot(x, y, message, file: file, line: line) }
    }
}

/// Whether two layers hold the same properties, bit for bit (NaN equals NaN).
func sameProperties(_ a: Layer, _ b: Layer) -> Bool {
    func same(_ x: KeyPathValue?, _ y: KeyPathValue?) -> Bool {
        guard let x, let y else { return x == nil && y == nil }
        return x == y || String(describing: x) == String(describing: y)
    }
    for key in LayerKey.allCases where !same(key.read(a), key.read(b)) { return false }
    return a.storage.explicitKeys == b.storage.explicitKeys && a.storage.extraValues == b.storage.extraValues
        && a.isPresentation == b.isPresentation
}

/// Random animations for `LayerAnimationPlanTests`: every shape a layer's list can hold,
/// edge-biased timings.
struct AnimationGenerator {
    var tree: LayerTreeGenerator

    init(seed: UInt64) { tree = LayerTreeGenerator(seed: seed) }

    mutating func timing() -> MediaTiming {
        var t = MediaTiming(
            beginTime: tree.chance(0.5) ? 0 : tree.number(-1...2), duration: tree.chance(0.2) ? 0 : tree.number(0.1...3),
            speed: tree.chance(0.7) ? 1 : tree.number(-2...3), timeOffset: tree.chance(0.7) ? 0 : tree.number(-1...1),
            repeatCount: tree.chance(0.6) ? 0 : (tree.chance(0.3) ? .infinity : tree.number(0...3.5)),
            autoreverses: tree.chance(0.3))
        t.fillMode = [.removed, .forwards, .backwards, .both][Int(tree.rng.next() % 4)]
        return t
    }

    mutating func function() -> TimingFunction? {
        [nil, .easeInEaseOut, .linear, TimingFunction(controlPoints: 0.9, 0, 0.1, 1)][Int(tree.rng.next() % 4)]
    }

    mutating func basic<V: KeyPathAnimatable>(
        _ keyPath: String, _ value: (inout LayerTreeGenerator) -> V, valueFunction: ValueFunction? = nil
    ) -> BasicAnimation<V> {
        BasicAnimation<V>(
            keyPath: keyPath, fromValue: tree.chance(0.5) ? value(&tree) : nil, toValue: tree.chance(0.6) ? value(&tree) : nil,
            byValue: tree.chance(0.3) ? value(&tree) : nil, timing: timing(), timingFunction: function(),
            isAdditive: tree.chance(0.3), isCumulative: tree.chance(0.2), isRemovedOnCompletion: tree.chance(0.6),
            valueFunction: valueFunction)
    }

    mutating func keyframes<V: KeyPathAnimatable>(
        _ keyPath: String, _ value: (inout LayerTreeGenerator) -> V, valueFunction: ValueFunction? = nil
    ) -> KeyframeAnimation<V> {
        let count = 1 + Int(tree.rng.next() % 4)
        var values: [V] = []
        for _ in 0..<count { values.append(value(&tree)) }
        return KeyframeAnimation<V>(
            keyPath: keyPath, values: values,
            calculationMode: [.linear, .discrete, .paced, .cubic][Int(tree.rng.next() % 4)], timing: timing(),
            timingFunction: function(), isAdditive: tree.chance(0.3), isCumulative: tree.chance(0.2),
            isRemovedOnCompletion: tree.chance(0.6), valueFunction: valueFunction)
    }

    /// One animation of some shape.
    mutating func animation() -> Animation {
        let point = { (g: inout LayerTreeGenerator) in Point(x: g.number(-100...100), y: g.number(-100...100)) }
        let number = { (g: inout LayerTreeGenerator) in g.number(-2...2) }
        let rect = { (g: inout LayerTreeGenerator) in
            Rect(x: g.number(-9...9), y: 0, width: g.number(0...50), height: g.number(-5...50))
        }
        let color = { (g: inout LayerTreeGenerator) in
            Color(red: g.number(0...1), green: g.number(0...1), blue: 0.5, alpha: g.number(0...1))
        }
        let transform = { (g: inout LayerTreeGenerator) in g.transform() }
        let size = { (g: inout LayerTreeGenerator) in Size(width: g.number(-2...2), height: g.number(-2...2)) }
        let huge = { (g: inout LayerTreeGenerator) in g.chance(0.5) ? Double.infinity : .nan }
        let functions: [ValueFunction] = [.rotateZ, .rotateX, .scale, .scaleX, .translate, .translateY]
        switch tree.rng.next() % 22 {
        case 0: return Animation(basic("position", point))
        case 1: return Animation(keyframes("position", point))
        case 2: return Animation(basic("opacity", number))
        case 3: return Animation(keyframes("opacity", number))
        case 4: return Animation(basic("transform", number, valueFunction: functions[Int(tree.rng.next() % 6)]))
        case 5: return Animation(keyframes("transform", number, valueFunction: functions[Int(tree.rng.next() % 6)]))
        case 6: return Animation(basic("transform", transform))
        case 7: return Animation(basic("bounds", rect))
        case 8: return Animation(basic("frame", rect))
        case 9: return Animation(basic("backgroundColor", color))
        case 10: return Animation(basic("zPosition", number))
        case 11: return Animation(basic("speed", number))
        case 12: return Animation(basic("position.x", number))
        case 13: return Animation(basic("transform.rotation.z", number))
        case 14: return Animation(basic("myKey", number))
        case 15: return Animation(basic("opacity", point))  // the wrong kind: changes nothing
        case 16: return .property(PropertyAnimation(basic("position", point)))  // the case, spelled out
        case 17:
            let path = try! Path(svgPathData: "M0 0 C 30 -40 60 40 100 0 L 100 80")
            return Animation(KeyframeAnimation<Point>(
                keyPath: "position", path: path, rotationMode: tree.chance(0.5) ? .auto : .autoReverse,
                timing: timing(), isAdditive: tree.chance(0.3)))
        case 18:
            return .group(AnimationGroup(
                animations: [Animation(basic("opacity", number)), Animation(basic("position", point))],
                timing: timing(), timingFunction: function()))
        case 19: return Animation(basic("shadowOffset", size))
        case 20: return Animation(basic("sublayerTransform", number, valueFunction: .scale))
        default: return Animation(basic("opacity", huge))
        }
    }

    /// Some animations on `layer`, and sometimes a style and extra values they read.
    mutating func decorate(_ layer: Layer) {
        if tree.chance(0.2) { layer.style = LayerStyle(values: ["opacity": .scalar(0.25), "myKey": .scalar(7)]) }
        if tree.chance(0.2) { try? layer.setValue(.scalar(3), forKeyPath: "myKey") }
        if tree.chance(0.3) { layer.backgroundColor = Color(red: 0, green: 1, blue: 0, alpha: 1) }
        if tree.chance(0.2) { layer.timing.speed = tree.number(0...2) }
        for i in 0..<Int(tree.rng.next() % 5) {
            layer.add(animation(), forKey: tree.chance(0.8) ? "k\(i % 3)" : nil)
        }
    }
}
