import CadenceTestSupport
import CadenceTiming
import XCTest

/// `ResolvedTiming.progress(atParentTimes:…)` (four lanes at a time) against one
/// `state(atParentTime:)` per time, bit for bit, on seeded random timings and times that
/// favour the awkward places: the ends of the interval and of each iteration, fills,
/// offsets that wrap, negative and zero speeds, NaN and infinite times.
final class ResolvedTimingBatchTests: XCTestCase {
    func testBatchEqualsOneStatePerTime() {
        let seed: UInt64 = 0x7157_BA7C
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
}
