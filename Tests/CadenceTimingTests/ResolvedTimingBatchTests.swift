import CadenceTestSupport
import CadenceTiming
import XCTest

/// `ResolvedTiming.progress(atParentTimes:…)` (four lanes at a time) against one
/// `state(atParentTime:)` per time, bit for bit, on seeded random timings and times that
/// favour the awkward places: the ends of the interval and of each iteration, fills,
/// offsets that wrap, negative and zero speeds, NaN and infinite times.
final class ResolvedTimingBatchTests: XCTestCase {
    /// Seeded random timings (400) and times for each that favour the awkward places; each
    /// with its trial number.
    private func forEachCase(seed: UInt64, _ body: (Int, ResolvedTiming, [Double]) -> Void) {
        var g = SeededGenerator(seed: seed)
        let specials: [Double] = [0, -0.0, 1, 2, 0.5, 3, 4.5, 1e-300, 1e300, .infinity]
        func pick(_ range: ClosedRange<Double>) -> Double {
            g.next() % 4 == 0 ? specials[Int(g.next() % UInt64(specials.count))] * (g.next() % 2 == 0 ? 1 : -1)
                : g.edgeBiased(in: range)
        }
        for trial in 0..<400 {
            let raw = MediaTiming(
                beginTime: pick(-2...2), duration: pick(0...3), speed: g.next() % 5 == 0 ? pick(-2...2) : 1,
                timeOffset: g.next() % 3 == 0 ? pick(-4...4) : 0, repeatCount: g.next() % 2 == 0 ? pick(0...5) : 0,
                repeatDuration: g.next() % 6 == 0 ? pick(0...9) : 0, autoreverses: g.next() % 2 == 0,
                fillMode: [.removed, .forwards, .backwards, .both][Int(g.next() % 4)]
            ).resolved()
            // An offset of exactly −D now and then: at the end the position is 0 and shows
            // the end.
            let timing = trial % 10 == 9 ? MediaTiming(
                beginTime: raw.beginTime, duration: raw.duration, speed: raw.speed, timeOffset: -raw.cycle,
                repeatCount: 1, autoreverses: raw.autoreverses, fillMode: raw.fillMode
            ).resolved() : raw
            var times = (0..<203).map { _ in pick(-5...15) }
            // Iteration boundaries and the end of the active interval, exactly.
            for k in 0..<6 { times.append(timing.beginTime + Double(k) * timing.cycle / timing.speed) }
            times.append(timing.activeInterval.end)
            times.append(timing.activeInterval.start)
            times += [.nan, .infinity, -.infinity]
            body(trial, timing, times)
        }
    }

    func testBatchEqualsOneStatePerTime() {
        let seed: UInt64 = 0x7157_BA7C
        forEachCase(seed: seed) { trial, timing, times in
            for removed in [false, true] {
                var progress = [Double](repeating: -1, count: times.count)
                var iterations = [Int](repeating: -1, count: times.count)
                times.withUnsafeBufferPointer { t in
                    progress.withUnsafeMutableBufferPointer { p in
                        iterations.withUnsafeMutableBufferPointer { i in
                            timing.progress(atParentTimes: t, isRemovedOnCompletion: removed, into: p, iterations: i)
                        }
                    }
                }
                for (k, time) in times.enumerated() {
                    let state = timing.state(atParentTime: time)
                    let contributes = state.contributes(isRemovedOnCompletion: removed)
                    let expected = contributes ? state.progress : .nan
                    XCTAssertTrue(progress[k].bitPattern == expected.bitPattern || (progress[k].isNaN && expected.isNaN),
                                  "seed \(seed), trial \(trial), \(timing) at \(time): \(progress[k]) ≠ \(expected)")
                    XCTAssertEqual(iterations[k], contributes ? state.iteration : 0, "seed \(seed), trial \(trial) at \(time)")
                }
            }
        }
    }

    /// One forward leg with no offset (the batch's own loop for it, which stops at the first
    /// group it does not settle): every fill mode, removed on completion or not, speeds of
    /// both signs, times before, inside and after the interval in runs and shuffled, with the
    /// interval's ends, ±0, ±∞ and NaN placed at every offset of a group; the same progress
    /// and iteration as one `state(atParentTime:)` per time, bit for bit. A call shorter than the
    /// output buffer (another tail length): nothing written past it.
    func testOneLegWithoutOffsetEqualsOneStatePerTime() {
        var g = SeededGenerator(seed: 0x1E6_0FF)
        for fill in [FillMode.removed, .forwards, .backwards, .both] {
            for (begin, duration, speed) in [(0.0, 2.0, 1.0), (1.5, 0.75, 1.0), (-1.0, 3.0, -2.0), (0.25, 1.0, 0.5)] {
                let timing = MediaTiming(beginTime: begin, duration: duration, speed: speed, fillMode: fill).resolved()
                let end = timing.activeInterval.end, start = timing.activeInterval.start
                let specials: [Double] = [start, end, 0, -0.0, .infinity, -.infinity, .nan, end.nextDown, end.nextUp]
                // Runs of times inside, then before and after, then a mix; then each special
                // value at each position of a group of inside times.
                var times = (0..<64).map { _ in begin + Double.random(in: 0..<1, using: &g) * duration / abs(speed) }
                times += (0..<16).map { _ in begin - Double.random(in: 0..<5, using: &g) }
                times += (0..<16).map { _ in begin + Double.random(in: -5..<9, using: &g) }
                for special in specials {
                    for position in 0..<4 {
                        var group = (0..<4).map { _ in begin + Double.random(in: 0..<1, using: &g) * duration / abs(speed) }
                        group[position] = special
                        times += group
                    }
                }
                times += [begin, begin]  // a tail of two
                for removed in [false, true] {
                    for cut in [0, 3] {
                        var progress = [Double](repeating: -1, count: times.count - cut)
                        var iterations = [Int](repeating: -1, count: times.count)
                        times.withUnsafeBufferPointer { t in
                            progress.withUnsafeMutableBufferPointer { p in
                                iterations.withUnsafeMutableBufferPointer { i in
                                    // Both inputs cut to the output's count (a debug build
                                    // asserts on different lengths).
                                    let n = cut == 0 ? t.count : p.count
                                    timing.progress(
                                        atParentTimes: UnsafeBufferPointer(rebasing: t[0..<n]), isRemovedOnCompletion: removed,
                                        into: p, iterations: UnsafeMutableBufferPointer(rebasing: i[0..<n]))
                                }
                            }
                        }
                        for k in 0..<(times.count - cut) {
                            let state = timing.state(atParentTime: times[k])
                            let contributes = state.contributes(isRemovedOnCompletion: removed)
                            let expected = contributes ? state.progress : .nan
                            let context = "\(timing), removed \(removed), at \(times[k]) (#\(k))"
                            XCTAssertTrue(progress[k].bitPattern == expected.bitPattern || (progress[k].isNaN && expected.isNaN),
                                          "\(context): \(progress[k]) ≠ \(expected)")
                            XCTAssertEqual(iterations[k], contributes ? state.iteration : 0, context)
                        }
                        for k in (times.count - cut)..<times.count { XCTAssertEqual(iterations[k], -1) }
                    }
                }
            }
        }
    }

    /// `firstIterationTime(atParentTime:)` and `firstIterationProgress(atParentTime:)` (the
    /// evaluators' fast path): where they give a number, the state there is active, in
    /// iteration 0, forwards and contributing, with that basic time and progress bit for
    /// bit; NaN (both) everywhere else they decline. And they do settle most times inside a
    /// one-leg timing (the fast path is taken).
    func testFirstIterationFastPathEqualsState() {
        let seed: UInt64 = 0xF1_257
        var settled = 0
        forEachCase(seed: seed) { trial, timing, times in
            for time in times {
                let basic = timing.firstIterationTime(atParentTime: time)
                let progress = timing.firstIterationProgress(atParentTime: time)
                guard !basic.isNaN else {
                    XCTAssertTrue(progress.isNaN, "seed \(seed), trial \(trial), \(timing) at \(time)")
                    continue
                }
                settled += 1
                let state = timing.state(atParentTime: time)
                let context = "seed \(seed), trial \(trial), \(timing) at \(time): \(state)"
                XCTAssertEqual(state.phase, .active, context)
                XCTAssertTrue(state.contributes(isRemovedOnCompletion: true), context)
                XCTAssertEqual(state.iteration, 0, context)
                XCTAssertFalse(state.isReversed, context)
                XCTAssertEqual(basic.bitPattern, state.basicTime.bitPattern, context)
                XCTAssertEqual(progress.bitPattern, state.progress.bitPattern, context)
            }
        }
        // 1,307 of the 86,800 times settle (most random timings repeat or reverse).
        XCTAssertGreaterThan(settled, 1_000, "seed \(seed): the fast path settles too few times")
        // Inside a plain timing it always settles; past its end, repeating, reversing or
        // paused, never.
        let plain = MediaTiming(beginTime: 1, duration: 2).resolved()
        XCTAssertEqual(plain.firstIterationProgress(atParentTime: 2), 0.5)
        XCTAssertEqual(plain.firstIterationTime(atParentTime: 1), 0)
        XCTAssertTrue(plain.firstIterationTime(atParentTime: 3).isNaN)  // the end shows the end state
        XCTAssertTrue(plain.firstIterationTime(atParentTime: 0.5).isNaN)
        for declined in [MediaTiming(duration: 2, repeatCount: 2), MediaTiming(duration: 2, autoreverses: true),
                         MediaTiming(duration: 2, speed: 0)] {
            XCTAssertTrue(declined.resolved().firstIterationTime(atParentTime: 0.5).isNaN, "\(declined)")
        }
    }

    /// `plainLegProgress(atParentTime:)` on a plain leg (speed 1, no offset, one forward
    /// leg) against the state and `firstIterationProgress`, bit for bit, where a
    /// difference would show: begin times and durations of every scale (down to the
    /// smallest normal duration, up to those whose `1 / d` is subnormal, which are not
    /// plain), an offset of −0, times at the begin and end ±1 ulp, ±0, NaN and ±∞. It
    /// declines only where the state is not active or the position is −0.
    func testPlainLegEqualsState() {
        let seed: UInt64 = 0x9_1A1
        var g = SeededGenerator(seed: seed)
        let durations: [Double] = [0.5, 2, 3, 1e-300, .leastNormalMagnitude, 0x1p1021, 0x1.8p1021, 1e308, 0]
        var plain = 0, settled = 0
        for trial in 0..<400 {
            let duration = trial % 3 == 0 ? durations[Int(g.next() % UInt64(durations.count))] : g.edgeBiased(in: 0...3)
            let begin = trial % 5 == 0 ? [0, -0.0, 1e300, -1e-300][Int(g.next() % 4)] : g.edgeBiased(in: -2...2)
            let timing = MediaTiming(
                beginTime: begin, duration: duration, timeOffset: trial % 4 == 0 ? -0.0 : 0,
                fillMode: [.removed, .forwards, .backwards, .both][Int(g.next() % 4)]).resolved()
            guard timing.isPlainLeg else { continue }
            plain += 1
            let end = timing.beginTime + timing.duration
            var times = (0..<60).map { _ in g.edgeBiased(in: -1...4) }
            for t in [timing.beginTime, end] { times += [t, t.nextDown, t.nextUp] }
            times += [0, -0.0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude]
            for time in times {
                let context = "seed \(seed), trial \(trial), \(timing) at \(time)"
                let state = timing.state(atParentTime: time)
                let first = timing.firstIterationProgress(atParentTime: time)
                guard let progress = timing.plainLegProgress(atParentTime: time) else {
                    XCTAssertTrue(first.isNaN || (time - timing.beginTime == 0 && first == 0), "\(context): declined")
                    continue
                }
                settled += 1
                XCTAssertEqual(state.phase, .active, context)
                XCTAssertEqual(progress.bitPattern, state.progress.bitPattern, "\(context): \(progress) ≠ \(state.progress)")
                XCTAssertEqual(progress.bitPattern, first.bitPattern, "\(context): \(progress) ≠ \(first)")
            }
        }
        XCTAssertGreaterThan(plain, 300, "seed \(seed): too few plain legs")
        XCTAssertGreaterThan(settled, 3_000, "seed \(seed): the short path settles too few times")
        XCTAssertTrue(MediaTiming(duration: 2, timeOffset: -0.0).resolved().isPlainLeg)
        // Not plain: a duration whose inverse is subnormal, an offset, a speed, a repeat.
        for timing in [MediaTiming(duration: 1e308), MediaTiming(duration: 2, timeOffset: 0.5),
                       MediaTiming(duration: 2, speed: 2), MediaTiming(duration: 2, repeatCount: 2)] {
            XCTAssertFalse(timing.resolved().isPlainLeg, "\(timing)")
        }
    }
}
