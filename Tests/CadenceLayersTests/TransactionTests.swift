import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming
import XCTest

/// A context on a manual clock at `time`, and a layer attached to it.
func makeAttachedLayer(at time: Double = 0) -> (TransactionContext, ManualMediaClock, Layer) {
    let clock = ManualMediaClock(time)
    let context = TransactionContext(clock: clock)
    let layer = Layer()
    context.attach(layer)
    return (context, clock, layer)
}

final class TransactionTests: XCTestCase {
    // The settings with no transaction open: the seeds' defaults.
    func testDefaults() {
        let context = TransactionContext(clock: ManualMediaClock())
        XCTAssertEqual(context.animationDuration, 0.25)
        XCTAssertNil(context.animationTimingFunction)
        XCTAssertFalse(context.disableActions)
        XCTAssertNil(context.value(forKey: "anything"))
        XCTAssertEqual(context.openTransactionCount, 0)
    }

    // A nested transaction inherits the enclosing settings; its commit restores them.
    func testNestingInheritsAndRestores() throws {
        let context = TransactionContext(clock: ManualMediaClock())
        context.begin()
        context.animationDuration = 2
        context.animationTimingFunction = .easeIn
        context.disableActions = true
        context.begin()
        XCTAssertEqual(context.animationDuration, 2)
        XCTAssertEqual(context.animationTimingFunction, .easeIn)
        XCTAssertTrue(context.disableActions)
        context.animationDuration = 5
        context.animationTimingFunction = nil
        context.disableActions = false
        XCTAssertEqual(context.openTransactionCount, 2)
        context.commit()
        XCTAssertEqual(context.animationDuration, 2)
        XCTAssertEqual(context.animationTimingFunction, .easeIn)
        XCTAssertTrue(context.disableActions)
        context.commit()
        XCTAssertEqual(context.animationDuration, 0.25)
        XCTAssertNil(context.animationTimingFunction)
        XCTAssertFalse(context.disableActions)
    }

    // Arbitrary values by key have nested scope: set in the innermost, read through the
    // enclosing ones; `nil` uncovers the enclosing value. The `Key` names are typed.
    func testArbitraryValuesByKey() throws {
        let context = TransactionContext(clock: ManualMediaClock())
        context.begin()
        try context.setValue("outer", forKey: "tag")
        context.begin()
        XCTAssertEqual(context.value(forKey: "tag") as? String, "outer")
        try context.setValue("inner", forKey: "tag")
        XCTAssertEqual(context.value(forKey: "tag") as? String, "inner")
        try context.setValue(nil, forKey: "tag")
        XCTAssertEqual(context.value(forKey: "tag") as? String, "outer")
        try context.setValue("inner", forKey: "tag")
        try context.setValue(10.0, forKey: TransactionContext.Key.animationDuration)
        XCTAssertEqual(context.animationDuration, 10)
        XCTAssertEqual(context.value(forKey: TransactionContext.Key.animationDuration) as? Double, 10)
        try context.setValue(TimingFunction.easeOut, forKey: TransactionContext.Key.animationTimingFunction)
        XCTAssertEqual(context.animationTimingFunction, .easeOut)
        try context.setValue(true, forKey: TransactionContext.Key.disableActions)
        XCTAssertEqual(context.value(forKey: TransactionContext.Key.disableActions) as? Bool, true)
        try context.setValue(nil, forKey: TransactionContext.Key.animationDuration)
        XCTAssertEqual(context.animationDuration, 0.25)
        context.commit()
        XCTAssertEqual(context.value(forKey: "tag") as? String, "outer")
        XCTAssertFalse(context.disableActions)
        context.commit()
        XCTAssertNil(context.value(forKey: "tag"))
    }

    // A value of the wrong type for a typed key is refused, naming the key.
    func testTypedKeysRefuseOtherTypes() {
        let context = TransactionContext(clock: ManualMediaClock())
        XCTAssertThrowsError(try context.setValue("10", forKey: TransactionContext.Key.animationDuration)) { error in
            XCTAssertEqual(error as? TransactionError,
                           .kindMismatch(key: "animationDuration", expected: "Double", found: "String"))
            XCTAssertEqual("\(error)", "transaction value 'animationDuration': expected a Double, got a String")
        }
        XCTAssertEqual(context.animationDuration, 0.25)
    }

    // commit() without begin() does not throw and changes nothing (Core Animation logs and
    // carries on): it is reported to the log hook, silent by default; the implicit
    // transaction is not committed by it. The same for unlock() without lock().
    func testUnbalancedCommitAndUnlockAreLoggedAndIgnored() {
        let (context, _, layer) = makeAttachedLayer()
        context.commit()  // silent: no handler
        var logged: [TransactionError] = []
        context.logHandler = { logged.append($0) }
        context.commit()
        XCTAssertEqual(logged, [.commitWithoutBegin])
        XCTAssertEqual(context.openTransactionCount, 0)
        layer.opacity = 0.5
        context.commit()
        XCTAssertTrue(context.hasImplicitTransaction, "the implicit transaction stays open")
        XCTAssertEqual(context.openTransactionCount, 1)
        XCTAssertEqual(logged, [.commitWithoutBegin, .commitWithoutBegin])
        XCTAssertEqual("\(TransactionError.commitWithoutBegin)", "commit(): no explicit transaction is open (begin() was not called)")

        // lock() is recursive: two locks need two unlocks; a third unlock is logged.
        context.lock()
        context.lock()
        XCTAssertEqual(context.lockCount, 2)
        context.unlock()
        context.unlock()
        XCTAssertEqual(context.lockCount, 0)
        context.unlock()
        XCTAssertEqual(context.lockCount, 0)
        XCTAssertEqual(logged.last, .unlockWithoutLock)
        XCTAssertEqual("\(TransactionError.unlockWithoutLock)", "unlock(): the transaction lock is not held (lock() was not called)")
    }

    // A change outside any transaction opens the implicit one; an explicit transaction
    // begun then nests inside it; a flush waits for the explicit ones; tick flushes.
    func testTheImplicitTransaction() throws {
        let (context, _, layer) = makeAttachedLayer()
        layer.opacity = 0.5
        XCTAssertTrue(context.hasImplicitTransaction)
        XCTAssertEqual(context.openTransactionCount, 1)
        context.flush()
        XCTAssertEqual(context.openTransactionCount, 0)

        layer.opacity = 0.25
        context.begin()
        XCTAssertEqual(context.openTransactionCount, 2)
        context.flush()
        XCTAssertEqual(context.openTransactionCount, 2, "a flush waits for the explicit transaction")
        context.commit()
        XCTAssertEqual(context.openTransactionCount, 0, "the last explicit commit carries out the flush")

        context.animationDuration = 3
        XCTAssertTrue(context.hasImplicitTransaction, "writing a setting opens the implicit transaction")
        context.tick()
        XCTAssertEqual(context.openTransactionCount, 0)
        XCTAssertEqual(context.animationDuration, 0.25)
    }

    // The guide's Listing 4: the outer transaction's 2 s for position, the inner's 5 s for
    // zPosition and opacity.
    func testGuideNestedDurations() throws {
        let (context, _, layer) = makeAttachedLayer()
        context.begin()
        context.animationDuration = 2
        layer.position = .zero
        context.begin()
        context.animationDuration = 5
        layer.zPosition = 200
        layer.opacity = 0
        context.commit()
        context.commit()
        XCTAssertEqual(layer.animation(forKey: "position")?.timing.duration, 2)
        XCTAssertEqual(layer.animation(forKey: "zPosition")?.timing.duration, 5)
        XCTAssertEqual(layer.animation(forKey: "opacity")?.timing.duration, 5)
    }

    // Only the outermost commit takes effect: the animations of a transaction, nested
    // ones included, begin when the outermost transaction commits.
    func testAnimationsBeginAtTheOutermostCommit() throws {
        let (context, clock, layer) = makeAttachedLayer()
        context.begin()
        context.begin()
        layer.opacity = 0
        context.commit()
        clock.set(1)
        XCTAssertEqual(layer.presentation(at: 1).opacity, 0, "begun at 0 until the commit (and a snapshot plan is cached)")
        context.commit()
        XCTAssertEqual(layer.animation(forKey: "opacity")?.timing.beginTime, 1)
        XCTAssertEqual(layer.presentation(at: 1).opacity, 1)
        XCTAssertEqual(layer.presentation(at: 1.125).opacity, 0.5)
        XCTAssertEqual(layer.presentation(at: 1.25).opacity, 0)
    }

    // The implicit transaction's animations begin when it is flushed (at the tick that
    // stands in for the run loop).
    func testImplicitAnimationsBeginAtTheFlush() {
        let (context, clock, layer) = makeAttachedLayer()
        layer.opacity = 0
        clock.set(0.5)
        context.tick()
        XCTAssertEqual(layer.animation(forKey: "opacity")?.timing.beginTime, 0.5)
        XCTAssertEqual(layer.presentation(at: 0.625).opacity, 0.5)
    }

    // The begin time is in the layer's time space: a layer running at speed 2 from 10 s.
    func testBeginTimeIsInTheLayerTimeSpace() throws {
        let (context, _, root) = makeAttachedLayer(at: 12)
        let child = Layer()
        child.timing.speed = 2
        child.timing.beginTime = 10
        try root.addSublayer(child)
        context.begin()
        child.opacity = 0
        context.commit()
        XCTAssertEqual(child.animation(forKey: "opacity")?.timing.beginTime, 4)
        XCTAssertEqual(child.presentation(at: 12.0625).opacity, 0.5, "0.125 s of the layer's time")
    }

    // The two contexts of two threads (tasks) never meet: each task owns its context and
    // layers, the single-threaded contract, and each gets the same deterministic result.
    func testSeparateContextsPerThread() async throws {
        let results = await withTaskGroup(of: [Double].self) { group in
            for index in 0..<4 {
                group.addTask {
                    let (context, clock, layer) = makeAttachedLayer(at: Double(index))
                    context.begin()
                    context.animationDuration = 1
                    layer.opacity = 0
                    context.commit()
                    clock.advance(by: 0.5)
                    return [layer.presentation(at: clock.now()).opacity, Double(context.openTransactionCount)]
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(results, Array(repeating: [0.5, 0], count: 4))

        let a = TransactionContext(clock: ManualMediaClock()), b = TransactionContext(clock: ManualMediaClock())
        a.begin()
        a.animationDuration = 4
        XCTAssertEqual(b.openTransactionCount, 0)
        XCTAssertEqual(b.animationDuration, 0.25)
        a.commit()
    }
}
