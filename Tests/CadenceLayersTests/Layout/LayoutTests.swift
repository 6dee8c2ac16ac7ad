import CadenceGeometry
@testable import CadenceLayers
import CadenceTiming
import XCTest

/// The layout pass: marking, order, when it runs, and its bound.
final class LayoutTests: XCTestCase {
    func testANewLayerDoesNotNeedLayoutAndLayoutIfNeededClearsTheMark() {
        let layer = Layer()
        let manager = RecordingLayoutManager("root")
        XCTAssertFalse(layer.needsLayout)
        layer.layoutManager = manager  // setting a manager marks
        XCTAssertTrue(layer.needsLayout)
        layer.layoutIfNeeded()
        XCTAssertFalse(layer.needsLayout)
        XCTAssertEqual(manager.log, ["invalidate root", "layout root"])
        layer.layoutIfNeeded()  // nothing marked: no second layout
        XCTAssertEqual(manager.log.filter { $0.hasPrefix("layout") }.count, 1)
    }

    func testABoundsSizeChangeMarksTheLayerButAnOriginChangeDoesNot() {
        let layer = makeFramedLayer("a", Rect(x: 0, y: 0, width: 10, height: 10))
        layer.layoutIfNeeded()
        layer.bounds.origin = Point(x: 5, y: 5)
        XCTAssertFalse(layer.needsLayout)
        layer.position = Point(x: 100, y: 0)
        XCTAssertFalse(layer.needsLayout)
        layer.bounds.size = Size(width: 20, height: 10)
        XCTAssertTrue(layer.needsLayout)
        layer.bounds = Rect(x: 5, y: 5, width: .nan, height: 10)  // refused: no change, no mark
        layer.layoutIfNeeded()
        layer.bounds = Rect(x: 5, y: 5, width: .nan, height: 10)
        XCTAssertFalse(layer.needsLayout)
    }

    func testSetNeedsLayoutMarksTheSuperlayersAndChangingSublayersMarksTheSuperlayer() throws {
        let root = Layer(), middle = Layer(), leaf = Layer()
        try root.addSublayer(middle)
        try middle.addSublayer(leaf)
        XCTAssertTrue(root.needsLayout && middle.needsLayout)
        root.layoutIfNeeded()
        XCTAssertFalse(root.needsLayout || middle.needsLayout || leaf.needsLayout)
        leaf.setNeedsLayout()
        XCTAssertTrue(leaf.needsLayout && middle.needsLayout && root.needsLayout)
        leaf.layoutIfNeeded()  // climbs to the highest marked superlayer
        XCTAssertFalse(root.needsLayout || middle.needsLayout || leaf.needsLayout)
        leaf.removeFromSuperlayer()
        XCTAssertTrue(middle.needsLayout)
    }

    func testThePassRunsTopDownManagerThenDelegate() throws {
        var order: [String] = []
        let root = Layer(), a = Layer(), b = Layer(), a1 = Layer()
        for (layer, name) in [(root, "root"), (a, "a"), (b, "b"), (a1, "a1")] {
            layer.name = name
            let manager = RecordingLayoutManager(name)
            manager.onLog = { if $0.hasPrefix("layout") { order.append($0) } }
            layer.layoutManager = manager
        }
        try root.addSublayer(a)
        try root.addSublayer(b)
        try a.addSublayer(a1)
        let delegate = RecordingLayoutDelegate()
        a.delegate = delegate
        root.layoutIfNeeded()
        XCTAssertEqual(order, ["layout root", "layout a", "layout a1", "layout b"])
        XCTAssertEqual(delegate.log, ["delegate a"])
        // A leaf marked alone lays out alone, with its superlayers (they were marked too).
        order = []
        a1.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(order, ["layout root", "layout a", "layout a1"])
    }

    func testALayoutThatResizesASublayerLaysTheSublayerOutInTheSamePass() throws {
        let root = Layer(), child = Layer()
        let childManager = RecordingLayoutManager("child")
        child.layoutManager = childManager
        root.layoutManager = RecordingLayoutManager("root") { layer in
            layer.sublayers[0].bounds.size = Size(width: layer.bounds.width / 2, height: 10)
        }
        try root.addSublayer(child)
        root.layoutIfNeeded()
        childManager.log = []
        root.bounds.size = Size(width: 100, height: 100)
        root.layoutIfNeeded()
        XCTAssertEqual(child.bounds.size, Size(width: 50, height: 10))
        XCTAssertEqual(childManager.log, ["invalidate child", "layout child"])
        XCTAssertFalse(root.needsLayout || child.needsLayout)
    }

    func testPreferredFrameSizeAsksTheManagerThenFallsBackToTheFrame() {
        let layer = makeFramedLayer("a", Rect(x: 0, y: 0, width: 30, height: 20))
        XCTAssertEqual(layer.preferredFrameSize(), Size(width: 30, height: 20))
        layer.transform = Transform3D(scaleX: 2, y: 3, z: 1)
        XCTAssertEqual(layer.preferredFrameSize(), Size(width: 60, height: 60))
        let manager = RecordingLayoutManager("a", preferred: Size(width: 7, height: 8))
        layer.layoutManager = manager
        XCTAssertEqual(layer.preferredFrameSize(), Size(width: 7, height: 8))
        manager.preferred = Size(width: .nan, height: 8)
        XCTAssertEqual(layer.preferredFrameSize(), Size(width: 60, height: 60))
    }

    func testTheLayoutPropertiesAreNotReachedByKeyValueCoding() {
        let layer = Layer()
        for key in ["layoutManager", "constraints", "autoresizingMask", "scrollMode"] {
            XCTAssertThrowsError(try layer.setValue(.scalar(1), forKeyPath: key)) { error in
                XCTAssertEqual(error as? LayerError, .notKeyValueCodable(key))
            }
            XCTAssertNil(layer.value(forKeyPath: key))
        }
    }

    func testCopiesCarryTheLayoutPropertiesButNotTheMarks() throws {
        let layer = Layer()
        layer.layoutManager = ConstraintLayoutManager()
        layer.autoresizingMask = [.widthSizable]
        layer.constraints = [Constraint(attribute: .minX, relativeTo: "", attribute: .minX)]
        layer.scrollMode = .vertically
        let copy = layer.modelCopy()
        XCTAssertTrue(copy.layoutManager is ConstraintLayoutManager)
        XCTAssertEqual(copy.autoresizingMask, [.widthSizable])
        XCTAssertEqual(copy.constraints, layer.constraints)
        XCTAssertEqual(copy.scrollMode, .vertically)
        XCTAssertTrue(layer.needsLayout)
        XCTAssertFalse(copy.needsLayout)
    }

    func testPresentationNeverLaysOut() {
        let layer = Layer()
        let manager = RecordingLayoutManager("a")
        layer.layoutManager = manager
        let snapshot = layer.presentation(at: 1)
        XCTAssertTrue(layer.needsLayout)
        XCTAssertFalse(snapshot.needsLayout)
        snapshot.setNeedsLayout()
        snapshot.layoutSublayers()
        XCTAssertFalse(snapshot.needsLayout)
        XCTAssertEqual(manager.log, ["invalidate a"])
    }

    // MARK: Commits

    /// A context on a manual clock at 0, and a 100 × 100 root with a 10 × 10 child.
    private func makeCommitFixture() throws -> (ManualMediaClock, TransactionContext, Layer, Layer) {
        let clock = ManualMediaClock(0)
        let root = makeFramedLayer("root", Rect(x: 0, y: 0, width: 100, height: 100))
        let child = makeFramedLayer("child", Rect(x: 0, y: 0, width: 10, height: 10))
        try root.addSublayer(child)
        return (clock, TransactionContext(clock: clock), root, child)
    }

    func testTheOutermostCommitLaysOutInsideItsTransaction() throws {
        let (_, context, root, child) = try makeCommitFixture()
        let manager = RecordingLayoutManager("root") { layer in
            layer.sublayers[0].frame = Rect(x: 0, y: 0, width: layer.bounds.width, height: 10)
        }
        root.layoutManager = manager
        root.layoutIfNeeded()
        context.attach(root)
        manager.log = []

        context.begin()
        context.animationDuration = 2
        context.begin()
        root.bounds.size = Size(width: 300, height: 100)
        context.commit()
        XCTAssertEqual(manager.log, ["invalidate root"])  // an inner commit does not lay out
        context.commit()
        XCTAssertEqual(manager.log, ["invalidate root", "layout root"])
        XCTAssertEqual(child.bounds.width, 300)
        // The change layout made ran its action inside the committing transaction.
        XCTAssertEqual(child.animation(forKey: "bounds")?.timing.duration, 2)
    }

    func testCompletionBlocksWaitForTheAnimationsLayoutAdded() throws {
        let (clock, context, root, child) = try makeCommitFixture()
        root.layoutIfNeeded()
        context.attach(root)
        root.layoutManager = RecordingLayoutManager("root") { layer in
            layer.sublayers[0].opacity = 0.5  // a 1 s animation, added by layout
        }
        context.flush()
        var done = false
        context.begin()
        context.animationDuration = 1
        root.setNeedsLayout()
        context.addCompletionBlock { done = true }
        context.commit()
        XCTAssertNotNil(child.animation(forKey: "opacity"))
        clock.set(0.5)
        context.tick()
        XCTAssertFalse(done, "the animation layout added is part of the transaction")
        clock.set(1)
        context.tick()
        XCTAssertTrue(done)
    }

    func testALayoutThatCommitsOrBeginsTransactionsDoesNotBreakTheStack() throws {
        let context = TransactionContext(clock: ManualMediaClock(0))
        var reports: [TransactionError] = []
        context.logHandler = { reports.append($0) }
        let root = Layer()
        var misbehave: () -> Void = {}
        root.layoutManager = RecordingLayoutManager("root") { _ in misbehave() }
        context.attach(root)
        context.flush()
        XCTAssertEqual(context.openTransactionCount, 0)
        // A layout that commits the transaction being committed (unbalanced).
        misbehave = { context.commit() }
        context.begin()
        root.setNeedsLayout()
        context.commit()
        XCTAssertEqual(context.openTransactionCount, 0)
        // A layout that leaves a transaction open: the implicit commit waits for it.
        misbehave = { context.begin() }
        root.setNeedsLayout()
        context.flush()
        misbehave = {}
        XCTAssertEqual(context.openTransactionCount, 2)
        context.commit()
        XCTAssertEqual(context.openTransactionCount, 0, "the delayed implicit commit followed")
        XCTAssertEqual(reports, [])
    }

    func testTheImplicitTransactionLaysOutWhenFlushed() throws {
        let context = TransactionContext(clock: ManualMediaClock(0))
        let root = Layer()
        let manager = RecordingLayoutManager("root")
        root.layoutManager = manager
        root.layoutIfNeeded()
        context.attach(root)
        root.bounds.size = Size(width: 5, height: 5)
        XCTAssertTrue(root.needsLayout)
        context.flush()
        XCTAssertFalse(root.needsLayout)
        XCTAssertEqual(manager.log.filter { $0.hasPrefix("layout") }.count, 2)
    }

    func testAttachingAMarkedTreeLaysItOutAtTheNextCommit() {
        let context = TransactionContext(clock: ManualMediaClock(0))
        let root = Layer()
        root.layoutManager = RecordingLayoutManager("root")
        context.attach(root)  // opens the implicit transaction
        XCTAssertTrue(context.hasImplicitTransaction)
        context.flush()
        XCTAssertFalse(root.needsLayout)
    }

    // MARK: Bad input

    func testALayoutThatAlwaysMarksItselfStopsAtTheBoundAndIsReported() {
        let context = TransactionContext(clock: ManualMediaClock(0))
        var reports: [TransactionError] = []
        context.logHandler = { reports.append($0) }
        let root = Layer()
        root.name = "grower"
        let manager = RecordingLayoutManager("root") { layer in
            layer.bounds.size.width += 1  // changes its own bounds: marks itself again
        }
        root.layoutManager = manager
        context.attach(root)
        context.flush()
        XCTAssertEqual(manager.log.filter { $0.hasPrefix("layout") }.count, Layer.maxLayoutPasses)
        XCTAssertEqual(reports, [.layoutPassLimit(layer: "'grower'", passes: Layer.maxLayoutPasses)])
        XCTAssertTrue(root.needsLayout)  // left for the next commit
        XCTAssertEqual(reports.first?.description, "layout of 'grower' still needed after 32 passes; left for the next commit")
    }

    func testALayoutThatResizesItselfOnceConverges() {
        let context = TransactionContext(clock: ManualMediaClock(0))
        var reports: [TransactionError] = []
        context.logHandler = { reports.append($0) }
        let root = Layer()
        let manager = RecordingLayoutManager("root") { layer in layer.bounds.size = Size(width: 40, height: 40) }
        root.layoutManager = manager
        context.attach(root)
        context.flush()
        XCTAssertEqual(manager.log.filter { $0.hasPrefix("layout") }.count, 2)
        XCTAssertEqual(reports, [])
        XCTAssertFalse(root.needsLayout)
    }

    func testLayoutIfNeededInsideALayoutDoesNotRecurse() throws {
        let root = Layer(), child = Layer()
        try root.addSublayer(child)
        var calls = 0
        root.layoutManager = RecordingLayoutManager("root") { layer in
            calls += 1
            layer.setNeedsLayout()
            layer.sublayers[0].layoutIfNeeded()
            layer.layoutIfNeeded()
        }
        root.layoutIfNeeded()
        XCTAssertEqual(calls, Layer.maxLayoutPasses)
    }

    func testADeepChainLaysOutWithoutExhaustingTheStack() throws {
        let root = Layer()
        var last = root
        for _ in 0..<5_000 {
            let next = Layer()
            try last.addSublayer(next)
            last = next
        }
        var calls = 0
        last.layoutManager = RecordingLayoutManager("leaf") { _ in calls += 1 }
        root.layoutIfNeeded()
        XCTAssertEqual(calls, 1)
        XCTAssertFalse(last.needsLayout)
    }
}
