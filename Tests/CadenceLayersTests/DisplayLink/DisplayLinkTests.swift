import CadenceAnimation
import CadenceGeometry
@testable import CadenceLayers
import CadenceTiming
import XCTest

/// The display link: the order of a frame's events, skipping, invalidation.
final class DisplayLinkTests: XCTestCase {
    func testTimestampsIntervalsAndPausing() {
        let clock = ManualFrameClock(framesPerSecond: 60)
        var fired: [(Double, Double)] = []
        let link = DisplayLink(clock: clock, context: nil) { fired.append(($0.timestamp, $0.targetTimestamp)) }
        XCTAssertEqual(link.duration, 1.0 / 60)
        XCTAssertEqual(link.preferredFramesPerSecond, 60)
        link.run(refreshes: 2)
        XCTAssertEqual(fired.map(\.0), [0, 1.0 / 60])
        XCTAssertEqual(fired.map(\.1), [1.0 / 60, 2.0 / 60])
        fired = []
        link.preferredFramesPerSecond = 20
        XCTAssertEqual(link.frameInterval, 3)
        link.run(refreshes: 6)  // refreshes 2…7 fire at 3 and 6
        XCTAssertEqual(fired.map(\.0), [3.0 / 60, 6.0 / 60])
        XCTAssertEqual(fired.first?.1, 6.0 / 60)
        link.frameInterval = 0
        XCTAssertEqual(link.frameInterval, 1)
        link.preferredFramesPerSecond = -1
        XCTAssertEqual(link.frameInterval, 1)
        fired = []
        link.isPaused = true
        link.run(refreshes: 3)
        XCTAssertTrue(fired.isEmpty)
        XCTAssertEqual(link.refreshCount, 11)
        link.isPaused = false
        link.invalidate()
        XCTAssertFalse(link.step())
        XCTAssertEqual(link.refreshCount, 11)
        XCTAssertTrue(fired.isEmpty)
    }

    func testATreeWithoutAContextIsLaidOutBeforeTheRenderer() throws {
        let root = Layer()
        var log: [String] = []
        let manager = RecordingLayoutManager("root")
        manager.onLog = { if $0.hasPrefix("layout") { log.append("layout") } }
        root.layoutManager = manager
        let child = Layer()
        try root.addSublayer(child)
        let link = DisplayLink(clock: ManualFrameClock(), context: nil) { _ in log.append("handler") }
        link.layers = [child, root]  // one tree: laid out once
        link.renderer = { _ in log.append("render") }
        link.run(refreshes: 2)
        XCTAssertEqual(log, ["handler", "layout", "render", "handler", "render"])
    }

    // 10,000 frames of a tree with layout, implicit animations and completion blocks: every
    // frame runs handler → layout → render → due completions, and each completion runs at
    // the first later frame at which its animations (0.25 s) have ended, in commit order.
    func testTenThousandFramesKeepTheirEventOrder() throws {
        let clock = ManualFrameClock(framesPerSecond: 60)
        let context = TransactionContext(clock: clock)
        let root = makeFramedLayer("root", Rect(x: 0, y: 0, width: 100, height: 100))
        let items = (0..<3).map { makeFramedLayer("item\($0)", Rect(x: 0, y: 0, width: 10, height: 10)) }
        for item in items { try root.addSublayer(item) }
        var log: [String] = []
        var frame = 0
        let manager = RecordingLayoutManager("root") { layer in
            layer.sublayers[0].bounds.size.width = layer.bounds.width / 2
        }
        manager.onLog = { if $0.hasPrefix("layout") { log.append("layout \(frame)") } }
        root.layoutManager = manager
        context.attach(root)

        var commits: [(id: Int, frame: Int)] = []
        let link = DisplayLink(clock: clock, context: context) { link in
            XCTAssertEqual(link.timestamp, clock.now())
            log.append("handler \(frame)")
            guard frame % 7 == 0 else { return }
            let change = frame / 7
            root.bounds.size.width = change % 2 == 0 ? 150 : 100  // marks the root for layout
            items[change % 3].position = Point(x: Double(frame), y: 0)  // a 0.25 s animation
            let id = commits.count
            commits.append((id, frame))
            context.addCompletionBlock { log.append("completion \(id)") }
        }
        link.renderer = { time in
            XCTAssertFalse(root.needsLayout)
            _ = root.presentation(at: time)
            log.append("render \(frame)")
        }
        let frames = 10_000
        for index in 0..<frames {
            frame = index
            link.step()
        }

        // The model of the same run.
        var expected: [String] = []
        var waiting = commits[...]
        var pending: [(id: Int, frame: Int)] = []
        for index in 0..<frames {
            expected.append("handler \(index)")
            if index % 7 == 0 { expected.append("layout \(index)") }
            expected.append("render \(index)")
            var still: [(id: Int, frame: Int)] = []
            for commit in pending {
                if clock.time(ofFrame: index) - clock.time(ofFrame: commit.frame) >= 0.25 {
                    expected.append("completion \(commit.id)")
                } else {
                    still.append(commit)
                }
            }
            pending = still
            while let next = waiting.first, next.frame == index {
                pending.append(next)
                waiting.removeFirst()
            }
        }
        XCTAssertEqual(commits.count, 1_429)
        XCTAssertEqual(log.count, expected.count)
        if let first = zip(log, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            XCTFail("event \(first.offset): \(first.element.0), expected \(first.element.1)")
        }
        // Commits up to frame 9982 end by frame 9999; the last two wait beyond the run.
        XCTAssertEqual(log.filter { $0.hasPrefix("completion") }.count, 1_427)
    }

    // Animation delegate events from the tick: after the renderer, before the completion
    // blocks; each at the first fired frame at or past its time in the layer's time space
    // (a sublayer at speed 2 sees its animation end twice as soon); tree order, then the
    // order the animations were added; an animation that starts and ends between two
    // frames reports both at once.
    func testAnimationEventsFireFromTheTickInOrder() throws {
        let clock = ManualFrameClock(framesPerSecond: 10)
        let context = TransactionContext(clock: clock)
        let root = Layer(), fast = Layer()
        fast.timing.speed = 2
        try root.addSublayer(fast)
        func fade(begin: Double, duration: Double) -> BasicAnimation<Double> {
            BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1, timing: MediaTiming(beginTime: begin, duration: duration))
        }
        root.add(fade(begin: 0.25, duration: 0.5), forKey: "a")   // starts at 0.3, ends at 0.8
        root.add(fade(begin: 0.31, duration: 0.02), forKey: "b")  // all between 0.3 and 0.4 (frame 4)
        fast.add(fade(begin: 0, duration: 0.6), forKey: "c")       // layer time 2t: ends at t = 0.3
        var log: [String] = []
        let link = DisplayLink(clock: clock, context: context)
        link.layers = [fast]  // any layer of the tree: the tree is walked from its root
        link.renderer = { log.append("render \(Int(($0 * 10).rounded()))") }
        link.animationEvents = { layer, key, events in
            let name = layer === root ? "root" : "fast"
            if events.started { log.append("start \(name).\(key ?? "")") }
            if let stop = events.stopped { log.append("stop \(name).\(key ?? "") \(stop)") }
        }
        context.attach(root)
        context.begin()
        root.position = Point(x: 5, y: 5)  // a 0.25 s implicit animation from time 0
        context.addCompletionBlock { log.append("completion") }
        context.commit()
        link.run(refreshes: 10)  // frames at 0, 0.1, …, 0.9
        XCTAssertEqual(log, [
            "render 0", "start root.position", "start fast.c",
            "render 1", "render 2",
            "render 3", "start root.a", "stop root.position finished", "stop fast.c finished", "completion",
            "render 4", "start root.b", "stop root.b finished",
            "render 5", "render 6", "render 7",
            "render 8", "stop root.a finished",
            "render 9",
        ])
    }

    // A mask's animations report their events too, after its layer's and before the
    // sublayers'.
    func testAMasksAnimationsReportTheirEvents() throws {
        let clock = ManualFrameClock(framesPerSecond: 10)
        let root = Layer(), mask = Layer(), sublayer = Layer()
        try root.setMask(mask)
        try root.addSublayer(sublayer)
        for (layer, key) in [(sublayer, "s"), (mask, "m"), (root, "r")] {
            layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
                                             timing: MediaTiming(beginTime: 0.15, duration: 0.5)), forKey: key)
        }
        var log: [String] = []
        let link = DisplayLink(clock: clock, context: nil)
        link.layers = [root]
        link.animationEvents = { _, key, events in if events.started { log.append(key ?? "") } }
        link.run(refreshes: 3)
        XCTAssertEqual(log, ["r", "m", "s"])
    }
}
