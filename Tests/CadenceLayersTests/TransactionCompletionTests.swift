import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming
import XCTest

/// Completion blocks: they run once, after the outermost commit, when the clock (read by
/// `tick()`) has passed the end of every animation of their transaction.
final class TransactionCompletionTests: XCTestCase {
    /// Ticks at each time in `times` and returns `log` after each tick.
    private func ticks(_ context: TransactionContext, _ clock: ManualMediaClock, at times: [Double],
                       log: () -> [String]) -> [[String]] {
        times.map { time in
            clock.set(time)
            context.tick()
            return log()
        }
    }

    // The block runs once, at the first tick at or after the end of the last animation.
    func testTheBlockRunsOnceAfterTheLastAnimationEnds() throws {
        let (context, clock, layer) = makeAttachedLayer()
        var log: [String] = []
        context.begin()
        context.animationDuration = 1
        layer.opacity = 0
        context.animationDuration = 2
        layer.position = Point(x: 10, y: 0)
        context.addCompletionBlock { log.append("done") }
        context.commit()
        XCTAssertTrue(context.hasPendingCompletions)
        XCTAssertEqual(ticks(context, clock, at: [0.5, 1, 1.999, 2, 3], log: { log }),
                       [[], [], [], ["done"], ["done"]])
        XCTAssertFalse(context.hasPendingCompletions)
    }

    // A second block adds to the first (Core Animation's setter would replace it); both
    // run, in the order added.
    func testASecondBlockAdds() throws {
        let (context, clock, layer) = makeAttachedLayer()
        var log: [String] = []
        context.begin()
        layer.opacity = 0
        context.addCompletionBlock { log.append("first") }
        context.addCompletionBlock { log.append("second") }
        context.commit()
        XCTAssertEqual(ticks(context, clock, at: [0.25], log: { log }), [["first", "second"]])
    }

    // With no animation, the blocks run at the next turn (tick or flush), never inside
    // the commit (Core Animation's behaviour).
    func testWithNoAnimationTheBlockRunsAtTheNextTurn() throws {
        let context = TransactionContext(clock: ManualMediaClock())
        var runs = 0
        context.begin()
        context.addCompletionBlock { runs += 1 }
        XCTAssertEqual(runs, 0)
        context.commit()
        XCTAssertEqual(runs, 0, "not inside commit()")
        context.tick()
        XCTAssertEqual(runs, 1)
        context.tick()
        XCTAssertEqual(runs, 1)
        // A flush is a turn too.
        context.begin()
        context.addCompletionBlock { runs += 1 }
        context.commit()
        XCTAssertEqual(runs, 1)
        context.flush()
        XCTAssertEqual(runs, 2)
        // The implicit transaction a turn commits waits for the next turn.
        context.addCompletionBlock { runs += 1 }
        context.tick()
        XCTAssertEqual(runs, 2, "committed by this tick")
        context.tick()
        XCTAssertEqual(runs, 3)
    }

    // Only the outermost commit fires: an inner transaction's blocks wait for it.
    func testOnlyTheOutermostCommitFires() throws {
        let context = TransactionContext(clock: ManualMediaClock())
        var log: [String] = []
        context.begin()
        context.begin()
        context.addCompletionBlock { log.append("inner") }
        context.commit()
        context.tick()
        XCTAssertEqual(log, [])
        context.addCompletionBlock { log.append("outer") }
        context.commit()
        XCTAssertEqual(log, [])
        context.tick()
        XCTAssertEqual(log, ["inner", "outer"])
    }

    // `completionBlock` reads the innermost transaction's block back and replaces it; a
    // replaced block is not lost: it runs at the next turn once the animations added so
    // far have finished (the class reference: "or the completion block is set to a
    // different value, the block will be invoked immediately").
    func testCompletionBlockProperty() throws {
        let (context, clock, layer) = makeAttachedLayer()
        var log: [String] = []
        XCTAssertNil(context.completionBlock)
        XCTAssertEqual(context.openTransactionCount, 0, "reading opens nothing")
        context.begin()
        XCTAssertNil(context.completionBlock)
        context.completionBlock = { log.append("first") }
        XCTAssertNotNil(context.completionBlock)
        context.completionBlock?()
        XCTAssertEqual(log, ["first"], "the block read back is the one set")
        log.removeAll()
        context.completionBlock = nil  // replaces "first", which no animation holds
        XCTAssertNil(context.completionBlock)
        context.animationDuration = 1
        layer.opacity = 0
        context.completionBlock = { log.append("second") }
        context.addCompletionBlock { log.append("third") }
        context.completionBlock?()
        XCTAssertEqual(log, ["second", "third"], "several blocks read back as one, in order")
        log.removeAll()
        context.completionBlock = { log.append("fourth") }  // replaces second and third, which wait for the opacity animation
        context.commit()
        XCTAssertEqual(log, [])
        XCTAssertEqual(ticks(context, clock, at: [0, 0.5, 1], log: { log }),
                       [["first"], ["first"], ["first", "second", "third", "fourth"]])
    }

    // An inner transaction's blocks wait for its own animations; the outer transaction's
    // wait for its own and the inner ones'.
    func testEachTransactionWaitsForItsOwnAnimations() throws {
        let (context, clock, layer) = makeAttachedLayer()
        var log: [String] = []
        context.begin()
        context.animationDuration = 3
        layer.position = Point(x: 10, y: 0)
        context.begin()
        context.animationDuration = 1
        layer.opacity = 0
        context.addCompletionBlock { log.append("inner") }
        context.commit()
        context.addCompletionBlock { log.append("outer") }
        context.commit()
        XCTAssertEqual(ticks(context, clock, at: [0.5, 1, 2, 3], log: { log }),
                       [[], ["inner"], ["inner"], ["inner", "outer"]])

        // The outer waits for an inner animation that outlasts its own.
        context.begin()
        context.animationDuration = 1
        layer.position = .zero
        context.begin()
        context.animationDuration = 2
        layer.opacity = 1
        context.commit()
        context.addCompletionBlock { log.append("outer 2") }
        context.commit()
        XCTAssertEqual(ticks(context, clock, at: [4, 5], log: { log }).map(\.last), ["outer", "outer 2"])
    }

    // The implicit transaction's blocks start waiting at the flush.
    func testImplicitTransactionBlocks() {
        let (context, clock, layer) = makeAttachedLayer()
        var runs = 0
        layer.opacity = 0
        context.addCompletionBlock { runs += 1 }
        clock.set(1)
        context.tick()
        XCTAssertEqual(runs, 0, "the animation began at the flush, at 1")
        clock.set(1.25)
        context.tick()
        XCTAssertEqual(runs, 1)
    }

    // An animation removed from its layer (or replaced under its key) counts as finished,
    // as does one whose layer no longer exists.
    func testRemovedAnimationsCountAsFinished() throws {
        let (context, _, layer) = makeAttachedLayer()
        var runs = 0
        context.begin()
        context.animationDuration = 10
        layer.opacity = 0
        context.addCompletionBlock { runs += 1 }
        context.commit()
        context.tick()
        XCTAssertEqual(runs, 0)
        layer.removeAllAnimations()
        context.tick()
        XCTAssertEqual(runs, 1)

        var gone: Layer? = Layer()
        context.attach(gone!)
        context.begin()
        gone!.opacity = 0
        context.addCompletionBlock { runs += 1 }
        context.commit()
        gone = nil
        context.tick()
        XCTAssertEqual(runs, 2)
    }

    // Animations that run as actions count too, and a paused one never finishes.
    func testAnimationActionsCount() throws {
        let (context, clock, layer) = makeAttachedLayer()
        var runs = 0
        layer.actions = ["opacity": BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, timing: MediaTiming(duration: 0.5))]
        context.begin()
        layer.opacity = 1
        context.addCompletionBlock { runs += 1 }
        context.commit()
        XCTAssertEqual(ticks(context, clock, at: [0.25, 0.5], log: { [runs].map(String.init) }), [["0"], ["1"]])

        layer.actions = ["opacity": BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, timing: MediaTiming(speed: 0))]
        context.begin()
        layer.opacity = 0.5
        context.addCompletionBlock { runs += 1 }
        context.commit()
        clock.set(100)
        context.tick()
        XCTAssertEqual(runs, 1)
        XCTAssertTrue(context.hasPendingCompletions)
    }
}
