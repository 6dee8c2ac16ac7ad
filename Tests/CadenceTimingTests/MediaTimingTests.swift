import CadenceTestSupport
import CadenceTiming
import XCTest

/// Every rule of docs/time-model.md, each test naming the seed or fact it checks.
final class MediaTimingTests: XCTestCase {
    func state(_ timing: MediaTiming, _ t: Double, defaultDuration: Double = 0.25) -> TimingState {
        timing.state(atParentTime: t, defaultDuration: defaultDuration)
    }

    // CAMediaTiming reference: every property's default.
    func testDefaults() {
        let timing = MediaTiming()
        XCTAssertEqual(timing.beginTime, 0)
        XCTAssertEqual(timing.duration, 0)
        XCTAssertEqual(timing.speed, 1)
        XCTAssertEqual(timing.timeOffset, 0)
        XCTAssertEqual(timing.repeatCount, 0)
        XCTAssertEqual(timing.repeatDuration, 0)
        XCTAssertFalse(timing.autoreverses)
        XCTAssertEqual(timing.fillMode, .removed)
    }

    // Animation Types and Timing guide: a zero duration means 0.25 s for an animation.
    func testZeroDurationMeansQuarterSecondForAnimationsAndInfiniteForLayers() {
        XCTAssertEqual(MediaTiming().resolved().duration, 0.25)
        XCTAssertEqual(MediaTiming().resolved().activeDuration, 0.25)
        XCTAssertEqual(MediaTiming().resolved(defaultDuration: .infinity).activeDuration, .infinity)
        let s = state(MediaTiming(), 0.125)
        XCTAssertEqual(s.progress, 0.5)
        // A layer's local time runs on unbounded: basic time is the active time itself.
        let layer = state(MediaTiming(beginTime: 10), 1e6, defaultDuration: .infinity)
        XCTAssertEqual(layer.basicTime, 1e6 - 10)
        XCTAssertEqual(layer.progress, 0)
    }

    // CAMediaTiming.h: t = (tp − beginTime) · speed + timeOffset.
    func testActiveLocalTimeFormula() {
        let r = MediaTiming(beginTime: 2, speed: 3, timeOffset: 0.5).resolved()
        XCTAssertEqual(r.localTime(fromParent: 5), (5 - 2) * 3 + 0.5)
        XCTAssertEqual(r.parentTime(fromLocal: r.localTime(fromParent: 5)), 5)
    }

    // Guide, "Repeating Animations": repeatCount 2.5 on a 10 s animation runs 25 s,
    // ending half way through its third iteration.
    func testFractionalRepeatCount() {
        let timing = MediaTiming(duration: 10, repeatCount: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.resolved().activeDuration, 25)
        let mid = state(timing, 23)
        XCTAssertEqual(mid.iteration, 2)
        XCTAssertEqual(mid.basicTime, 3, accuracy: 1e-12)
        let end = state(timing, 25)
        XCTAssertEqual(end.phase, .active)
        XCTAssertEqual(end.iteration, 2)
        XCTAssertEqual(end.progress, 0.5)
        XCTAssertEqual(state(timing, 30).progress, 0.5)
        XCTAssertEqual(state(timing, 30).phase, .after)
    }

    // One repeat of an autoreversing animation is forward plus back: the active duration
    // doubles; the backward leg mirrors time.
    func testAutoreversesDoublesTheCycleAndMirrorsTime() {
        let timing = MediaTiming(duration: 1, autoreverses: true)
        XCTAssertEqual(timing.resolved().activeDuration, 2)
        let forward = state(timing, 0.25)
        XCTAssertFalse(forward.isReversed)
        XCTAssertEqual(forward.progress, 0.25)
        let backward = state(timing, 1.25)
        XCTAssertTrue(backward.isReversed)
        XCTAssertEqual(backward.progress, 0.75)
        XCTAssertEqual(backward.iteration, 0)
        // With repeatCount 3 the active duration is 3 forward-and-back cycles.
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 3, autoreverses: true).resolved().activeDuration, 6)
    }

    // The end of the active interval is inclusive: the final value shows exactly at the end.
    func testFinalValueShowsExactlyAtTheEnd() {
        let s = state(MediaTiming(duration: 2), 2)
        XCTAssertEqual(s.phase, .active)
        XCTAssertTrue(s.isInEffect)
        XCTAssertEqual(s.progress, 1)
        XCTAssertEqual(s.iteration, 0)
        XCTAssertFalse(state(MediaTiming(duration: 2), 2.nextUp).isInEffect)
        // With repeats, the end of the last iteration, not the start of another.
        let repeated = state(MediaTiming(duration: 1, repeatCount: 3), 3)
        XCTAssertEqual(repeated.iteration, 2)
        XCTAssertEqual(repeated.progress, 1)
    }

    // Autoreverses with an integral repeatCount ends on the start value; with 2.5 it ends
    // at the end of a forward leg, on the final value.
    func testAutoreverseEnds() {
        let twice = state(MediaTiming(duration: 1, repeatCount: 2, autoreverses: true), 4)
        XCTAssertEqual(twice.progress, 0)
        XCTAssertTrue(twice.isReversed)
        XCTAssertEqual(twice.iteration, 1)
        let once = state(MediaTiming(duration: 1, autoreverses: true), 2)
        XCTAssertEqual(once.progress, 0)
        let twoAndAHalf = MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true)
        XCTAssertEqual(twoAndAHalf.resolved().activeDuration, 5)
        let end = state(twoAndAHalf, 5)
        XCTAssertEqual(end.progress, 1)
        XCTAssertFalse(end.isReversed)
        XCTAssertEqual(end.iteration, 2)
    }

    // The worked example: a 1 s animation with timeOffset 0.25 added at 0 shows
    // basic time 0.05 at t = 0.8 and ends at t = 1.
    func testTimeOffsetWrapsWithoutChangingTheActiveInterval() {
        let timing = MediaTiming(duration: 1, timeOffset: 0.25)
        XCTAssertEqual(state(timing, 0).basicTime, 0.25)
        XCTAssertEqual(state(timing, 0.8).basicTime, 0.05, accuracy: 1e-15)
        XCTAssertEqual(state(timing, 0.75).basicTime, 0)
        XCTAssertTrue(state(timing, 1).isInEffect)
        XCTAssertEqual(state(timing, 1).basicTime, 0.25, accuracy: 1e-15)  // the left limit
        XCTAssertFalse(state(timing, 1.0001).isInEffect)
        // A negative offset wraps the other way.
        XCTAssertEqual(state(MediaTiming(duration: 1, timeOffset: -0.25), 0).basicTime, 0.75)
        // An offset of a whole active duration changes nothing, and the end shows the end.
        XCTAssertEqual(state(MediaTiming(duration: 1, timeOffset: 1), 1).progress, 1)
        // So does an offset of minus one, where the position at the end is 0 without any
        // wrapping (found by the Python package's property test against the oracle).
        let back = state(MediaTiming(duration: 1, timeOffset: -1), 1)
        XCTAssertEqual(back.basicTime, 1)
        XCTAssertEqual(back.progress, 1)
        XCTAssertEqual(state(MediaTiming(duration: 2, timeOffset: -4, repeatCount: 2), 4).progress, 1)
    }

    // The four fill modes (CAMediaTiming reference, "Fill Modes").
    func testFillModes() {
        let cases: [(FillMode, before: Bool, after: Bool)] = [
            (.removed, false, false), (.forwards, false, true), (.backwards, true, false), (.both, true, true),
        ]
        for (mode, before, after) in cases {
            let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: mode)
            let early = state(timing, 0)
            XCTAssertEqual(early.phase, .before)
            XCTAssertEqual(early.isInEffect, before, "\(mode) before")
            if before { XCTAssertEqual(early.progress, 0) }
            let late = state(timing, 5)
            XCTAssertEqual(late.phase, .after)
            XCTAssertEqual(late.isInEffect, after, "\(mode) after")
            if after { XCTAssertEqual(late.progress, 1) }
            XCTAssertTrue(state(timing, 2).isInEffect)
        }
    }

    // Guide, "Timing, Timespaces": a 10 s animation on a layer of speed 2 takes 5 s;
    // a sublayer of speed 2 takes a quarter of the time.
    func testSpeedScalesThroughTheTree() {
        var tree = TimeSpaceTree()
        let layer = tree.add(MediaTiming(speed: 2))
        let sublayer = tree.add(MediaTiming(speed: 2), parent: layer)
        let animation = MediaTiming(duration: 10).resolved()
        XCTAssertEqual(animation.state(atParentTime: tree.localTime(atRootTime: 5, in: layer)).progress, 1)
        XCTAssertEqual(animation.state(atParentTime: tree.localTime(atRootTime: 2.5, in: sublayer)).progress, 1)
    }

    // Speed 0 pauses at timeOffset (no division by zero, no NaN); negative speed plays
    // backwards, its active interval lying before beginTime in parent time.
    func testZeroAndNegativeSpeed() {
        let paused = MediaTiming(duration: 1, speed: 0, timeOffset: 0.4)
        for t in [-1e9, 0, 0.5, 1e9, .infinity, -.infinity] {
            let s = state(paused, t)
            XCTAssertEqual(s.phase, .active)
            XCTAssertEqual(s.basicTime, 0.4, accuracy: 1e-15)
        }
        XCTAssertEqual(paused.resolved().parentTime(fromLocal: 7), 0)
        let backwards = MediaTiming(beginTime: 10, duration: 2, speed: -1)
        XCTAssertEqual(state(backwards, 9.5).progress, 0.25)
        XCTAssertEqual(state(backwards, 8.5).progress, 0.75)
        XCTAssertEqual(state(backwards, 8).progress, 1)
        XCTAssertEqual(state(backwards, 10.5).phase, .before)
        XCTAssertEqual(state(backwards, 7).phase, .after)
    }

    // Apple's QA1673 recipe: pause and resume a layer; local time must be continuous.
    func testPauseAndResumeRecipeIsContinuous() {
        var tree = TimeSpaceTree()
        let layer = tree.add(MediaTiming())
        var timing = MediaTiming()
        let clock = ManualMediaClock(1000)
        var samples: [(Double, Double)] = []
        func sample() { samples.append((clock.now(), tree.convert(clock.now(), from: nil, to: layer))) }
        clock.advance(by: 1.5)
        sample()
        // Pause.
        let pausedTime = tree.convert(clock.now(), from: nil, to: layer)
        timing.speed = 0
        timing.timeOffset = pausedTime
        tree.setTiming(timing, of: layer)
        sample()
        clock.advance(by: 3)
        sample()
        XCTAssertEqual(samples[1].1, samples[0].1)
        XCTAssertEqual(samples[2].1, pausedTime)  // frozen while paused
        // Resume.
        timing.speed = 1
        timing.timeOffset = 0
        timing.beginTime = 0
        tree.setTiming(timing, of: layer)
        timing.beginTime = tree.convert(clock.now(), from: nil, to: layer) - pausedTime
        tree.setTiming(timing, of: layer)
        sample()
        XCTAssertEqual(samples[3].1, pausedTime, accuracy: 1e-12)  // picks up where it stopped
        clock.advance(by: 0.5)
        sample()
        XCTAssertEqual(samples[4].1, pausedTime + 0.5, accuracy: 1e-12)  // and runs at speed 1
    }

    // Bad values: NaN/±∞ beginTime, timeOffset, speed read as defaults; NaN, zero or
    // negative durations read as the default; NaN or negative repeat values as 0.
    func testBadPropertyValuesAreSanitised() {
        let r = MediaTiming(
            beginTime: .nan, duration: -3, speed: .infinity, timeOffset: -.infinity,
            repeatCount: .nan, repeatDuration: -1
        ).resolved()
        XCTAssertEqual(r.beginTime, 0)
        XCTAssertEqual(r.speed, 1)
        XCTAssertEqual(r.timeOffset, 0)
        XCTAssertEqual(r.duration, 0.25)
        XCTAssertEqual(r.activeDuration, 0.25)
        XCTAssertEqual(MediaTiming(duration: .nan).resolved().duration, 0.25)
        XCTAssertEqual(MediaTiming(speed: .nan).resolved().speed, 1)
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: -2).resolved().activeDuration, 1)
        // +∞ durations and repeat counts are kept.
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: .infinity).resolved().activeDuration, .infinity)
        let endless = MediaTiming(duration: .infinity).resolved()
        XCTAssertEqual(endless.state(atParentTime: 5).progress, 0)
        XCTAssertEqual(endless.state(atParentTime: 5).basicTime, 5)
        // A bad default duration falls back to 0.25 s.
        XCTAssertEqual(MediaTiming().resolved(defaultDuration: .nan).duration, 0.25)
        XCTAssertEqual(MediaTiming().resolved(defaultDuration: -1).duration, 0.25)
    }

    // A subnormal duration reads as the smallest normal one, so 1 / d is finite and the
    // progress at every time is a number in 0…1 (0 · ∞ made it NaN at the start).
    func testSubnormalDurationsReadAsTheSmallestNormal() {
        for d in [5e-324, 1e-310, Double.leastNormalMagnitude.nextDown] {
            for timing in [MediaTiming(duration: d, fillMode: .both), MediaTiming(duration: d, repeatCount: 3, autoreverses: true)] {
                let r = timing.resolved()
                XCTAssertEqual(r.duration, Double.leastNormalMagnitude, "\(d)")
                for t in [-1, 0, 1e-320, 1e-309, 3e-308, 1] {
                    let progress = r.state(atParentTime: t).progress
                    XCTAssertTrue((0...1).contains(progress), "d \(d) t \(t): \(progress)")
                }
            }
        }
        XCTAssertEqual(MediaTiming().resolved(defaultDuration: 5e-324).duration, Double.leastNormalMagnitude)
        // A subnormal repeat count (found by the testing kit's bounded-progress law): its
        // repeats last the smallest normal duration, not 0 s, so progress is a number.
        let tiny = MediaTiming(beginTime: 1, timeOffset: 1, repeatCount: .leastNonzeroMagnitude, repeatDuration: 1, fillMode: .backwards)
        XCTAssertEqual(tiny.resolved().activeDuration, Double.leastNormalMagnitude)
        XCTAssertEqual(tiny.state(atParentTime: 0).progress, 0)
    }

    // Both repeatCount and repeatDuration set (Apple: undefined): the shorter wins.
    func testRepeatCountAndRepeatDurationTakeTheShorter() {
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 3, repeatDuration: 2).resolved().activeDuration, 2)
        XCTAssertEqual(MediaTiming(duration: 1, repeatCount: 1.5, repeatDuration: 2).resolved().activeDuration, 1.5)
        XCTAssertEqual(MediaTiming(duration: 1, repeatDuration: 2.25).resolved().activeDuration, 2.25)
    }

    // NaN and infinite parent times.
    func testNaNAndInfiniteTimes() {
        let timing = MediaTiming(duration: 1, fillMode: .both)
        XCTAssertEqual(state(timing, .nan), .notInEffect(.undefined))
        XCTAssertEqual(state(timing, .infinity).phase, .after)
        XCTAssertEqual(state(timing, .infinity).progress, 1)
        XCTAssertEqual(state(timing, -.infinity).phase, .before)
        XCTAssertEqual(state(timing, -.infinity).progress, 0)
        // Forever-repeating animation at t = ∞: no position exists.
        let forever = MediaTiming(duration: 1, repeatCount: .infinity, fillMode: .both)
        XCTAssertEqual(state(forever, .infinity), .notInEffect(.undefined))
        XCTAssertEqual(state(forever, 1e300).phase, .active)
        XCTAssertFalse(state(forever, 1e300).progress.isNaN)
    }

    // Tree conversion both ways through 8 levels, through siblings, and nil as the root.
    func testTreeConversion() {
        var rng = SeededGenerator(seed: 42)
        var tree = TimeSpaceTree()
        var nodes: [TimeSpaceTree.Node] = []
        for i in 0..<40 {
            let parent: TimeSpaceTree.Node? = i == 0 ? nil : (rng.next() % 5 == 0 ? nil : nodes[Int(rng.next() % UInt64(i))])
            nodes.append(tree.add(
                MediaTiming(beginTime: rng.unit() * 10 - 5, speed: [0.5, 2, -1, 1.5][Int(rng.next() % 4)],
                            timeOffset: rng.unit() * 4 - 2), parent: parent))
        }
        for _ in 0..<5000 {
            let a = rng.next() % 8 == 0 ? nil : nodes[Int(rng.next() % 40)]
            let b = rng.next() % 8 == 0 ? nil : nodes[Int(rng.next() % 40)]
            let t = rng.unit() * 200 - 100
            let there = tree.convert(t, from: a, to: b)
            let back = tree.convert(there, from: b, to: a)
            XCTAssertEqual(back, t, accuracy: 1e-9 * max(1, abs(t)), "seed \(rng.seed)")
            // Through the root equals direct conversion.
            let viaRoot = tree.convert(tree.convert(t, from: a, to: nil), from: nil, to: b)
            XCTAssertEqual(there, viaRoot, accuracy: 1e-9 * max(1, abs(there)), "seed \(rng.seed)")
        }
        XCTAssertEqual(tree.convert(3, from: nil, to: nil), 3)
        XCTAssertEqual(tree.convert(3, from: nodes[5], to: nodes[5]), 3)
    }

    // The media clock is monotonic and reads seconds; a manual clock reads what it is set to.
    func testClocks() {
        let a = currentMediaTime()
        let b = SystemMediaClock().now()
        XCTAssertGreaterThanOrEqual(b, a)
        XCTAssertGreaterThan(a, 0)
        let clock = ManualMediaClock(5)
        clock.advance(by: 0.5)
        XCTAssertEqual(clock.now(), 5.5)
        clock.set(1)
        XCTAssertEqual(clock.now(), 1)
    }
}
