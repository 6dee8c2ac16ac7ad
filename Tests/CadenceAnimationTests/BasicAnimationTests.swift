import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import CadenceTiming
import XCTest

final class BasicAnimationTests: XCTestCase {
    func animation(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> BasicAnimation<Double> {
        BasicAnimation(keyPath: "opacity", fromValue: from, toValue: to, byValue: by, timing: MediaTiming(duration: 1))
    }

    // CABasicAnimation reference: the seven from/to/by cases.
    func testTheSevenFromToByCases() {
        let model = 10.0
        XCTAssert(animation(from: 1, to: 3).endpoints(model: model) == (1, 3))
        XCTAssert(animation(from: 1, by: 3).endpoints(model: model) == (1, 4))
        XCTAssert(animation(to: 3, by: 1).endpoints(model: model) == (2, 3))
        XCTAssert(animation(from: 1).endpoints(model: model) == (1, 10))
        XCTAssert(animation(to: 3).endpoints(model: model) == (10, 3))
        XCTAssert(animation(by: 2).endpoints(model: model) == (10, 12))
        XCTAssert(animation().endpoints(model: model) == (10, 10))
        // All three: byValue is ignored.
        XCTAssert(animation(from: 1, to: 3, by: 100).endpoints(model: model) == (1, 3))
    }

    // A missing end is read from the model at every evaluation, not once.
    func testMissingEndReadsTheModelLive() {
        let a = animation(to: 0)
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 10), 5)
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 20), 10)
    }

    // A nil timing function is linear; a timing function paces the interpolation.
    func testTimingFunctionPacesTheValue() {
        var a = animation(from: 0, to: 100)
        XCTAssertEqual(a.value(atParentTime: 0.25, model: 0), 25)
        a.timingFunction = .easeIn
        XCTAssertEqual(a.value(atParentTime: 0.25, model: 0)!, 100 * TimingFunction.easeIn.progress(at: 0.25), accuracy: 1e-12)
    }

    // removedOnCompletion (default true) cuts a forwards fill off at the end; false keeps it.
    func testRemovedOnCompletionAndFill() {
        var a = animation(from: 0, to: 1)
        a.timing.fillMode = .forwards
        XCTAssertEqual(a.value(atParentTime: 1, model: 5), 1)
        XCTAssertNil(a.value(atParentTime: 2, model: 5))
        a.isRemovedOnCompletion = false
        XCTAssertEqual(a.value(atParentTime: 2, model: 5), 1)
        XCTAssertNil(animation(from: 0, to: 1).value(atParentTime: -1, model: 5))
    }

    // Additive adds to the model; cumulative adds the end value once per completed repeat.
    func testAdditiveAndCumulative() {
        var a = animation(from: 0, to: 2)
        a.isAdditive = true
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 10), 11)
        var c = animation(from: 1, to: 3)
        c.isCumulative = true
        c.timing.repeatCount = 3
        XCTAssertEqual(c.value(atParentTime: 0.5, model: 0), 2)
        XCTAssertEqual(c.value(atParentTime: 1.5, model: 0), 4)
        XCTAssertEqual(c.value(atParentTime: 2.5, model: 0), 6)
        XCTAssertEqual(c.value(atParentTime: 3, model: 0), 7)
    }

    // The open ends of an additive animation read the additive identity, not the model:
    // its values are offsets added to the value below, so the model is never counted
    // twice (docs/animations.md's worked example).
    func testAdditiveOpenEndsReadTheIdentity() {
        func additive(from: Double? = nil, to: Double? = nil, by: Double? = nil) -> BasicAnimation<Double> {
            var a = animation(from: from, to: to, by: by)
            a.isAdditive = true
            return a
        }
        // Opacity model 0.5, additive toValue 0.25, linear over 1 s: 0.5, 0.625, 0.75.
        let to = additive(to: 0.25)
        XCTAssert(to.endpoints(model: 0.5) == (0, 0.25))
        XCTAssertEqual(to.value(atParentTime: 0, model: 0.5), 0.5)
        XCTAssertEqual(to.value(atParentTime: 0.5, model: 0.5), 0.625)
        XCTAssertEqual(to.value(atParentTime: 1, model: 0.5), 0.75)
        // A lone byValue gives the non-additive animation's values.
        for t in [0, 0.25, 0.5, 1.0] {
            XCTAssertEqual(additive(by: 0.2).value(atParentTime: t, model: 0.5), animation(by: 0.2).value(atParentTime: t, model: 0.5))
        }
        XCTAssert(additive(from: 3).endpoints(model: 10) == (3, 0))
        XCTAssert(additive().endpoints(model: 10) == (0, 0))
        XCTAssertEqual(additive().value(atParentTime: 0.5, model: 10), 10, "nothing added")
        // Fixed ends are untouched by the rule.
        XCTAssert(additive(from: 1, to: 3).endpoints(model: 10) == (1, 3))
        // Other kinds: the zero point, the identity transform.
        let point = BasicAnimation<Point>(keyPath: "position", toValue: Point(x: 4, y: 8), timing: MediaTiming(duration: 1), isAdditive: true)
        XCTAssertEqual(point.value(atParentTime: 0.5, model: Point(x: 100, y: 100)), Point(x: 102, y: 104))
        let turn = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
        let rotation = BasicAnimation<Transform3D>(keyPath: "transform", toValue: turn, timing: MediaTiming(duration: 1), isAdditive: true)
        let model = Transform3D(translationX: 10, y: 0, z: 0)
        let end = rotation.value(atParentTime: 1, model: model)!
        XCTAssertEqual(end.m41, turn.concatenating(model).m41, accuracy: 1e-12)
        XCTAssertEqual(end.m11, cos(0.5), accuracy: 1e-12)
        // A value-function animation's open end reads the function's neutral input: an
        // additive scale to 2 starts at scale 1, not 0.
        let scale = BasicAnimation<Double>(keyPath: "transform", toValue: 2, timing: MediaTiming(duration: 1),
                                           isAdditive: true, valueFunction: .scale)
        let start = AnimationEvaluator.presentationValue(
            ofProperty: "transform", model: .transform(.identity), animations: [Animation(scale)], atTime: 0).value
        XCTAssertEqual(start, .transform(.identity))
    }

    // Setting an end after construction takes effect, whichever row of the table it
    // moves to (the ends that do not read the model are worked out when set).
    func testSettingAnEndChangesTheEnds() {
        var a = animation(from: 1, to: 3)
        a.toValue = nil
        XCTAssert(a.endpoints(model: 10) == (1, 10))
        a.byValue = 5
        XCTAssert(a.endpoints(model: 10) == (1, 6))
        a.fromValue = nil
        XCTAssert(a.endpoints(model: 10) == (10, 15))
        a.toValue = 20
        XCTAssert(a.endpoints(model: 10) == (15, 20))
        a.byValue = nil
        XCTAssert(a.endpoints(model: 10) == (10, 20))
        // Cumulative with an end read from the model: each cycle adds to − model.
        a.isCumulative = true
        a.timing.repeatCount = 2
        XCTAssertEqual(a.value(atParentTime: 1.5, model: 10), 15 + 10)
        XCTAssertEqual(a.value(atParentTime: 1.5, model: 16), 18 + 4)
    }

    // A cumulative transform with `toValue` and `byValue`: from = to · by⁻¹, and each
    // completed cycle adds to − from = by (rotations about z compose by adding angles).
    func testCumulativeTransformFromToAndBy() {
        func rotation(_ angle: Double) -> Transform3D { Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1) }
        let a = BasicAnimation<Transform3D>(
            keyPath: "transform", toValue: rotation(0.6), byValue: rotation(0.2),
            timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        let (from, to) = a.endpoints(model: .identity)
        XCTAssertEqual(atan2(from.m12, from.m11), 0.4, accuracy: 1e-15)
        XCTAssertEqual(to, rotation(0.6))
        for (time, angle) in [(0.5, 0.5), (1.5, 0.7), (2.5, 0.9)] {
            let m = a.value(atParentTime: time, model: .identity)!
            XCTAssertEqual(atan2(m.m12, m.m11), angle, accuracy: 1e-14, "at \(time)")
            XCTAssertEqual(m.m33, 1, accuracy: 1e-15)
        }
    }
}

final class BasicAnimationStackTests: XCTestCase {
    // An additive animation adds to the value below it; a non-additive one's open ends read
    // the model value, not the value below.
    func testAdditiveAddsToTheValueBelow() {
        let additive = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 2,
                                              timing: MediaTiming(duration: 1), isAdditive: true)
        let state = MediaTiming(duration: 1).state(atParentTime: 0.5)
        XCTAssertEqual(additive.value(in: state, model: 10), 11)
        XCTAssertEqual(additive.value(in: state, model: 10, below: 100), 101)
        let openEnded = BasicAnimation<Double>(keyPath: "opacity", toValue: 20, timing: MediaTiming(duration: 1))
        XCTAssertEqual(openEnded.value(in: state, model: 10, below: 100), 15)  // from the model, not the value below
    }
}

/// `values(atParentTimes:model:into:)` against one `value(atParentTime:model:)` per time, bit
/// for bit, on seeded random animations: timings with fills, repeats, autoreverses, offsets
/// (one of exactly −D), negative speeds; named and random curves or none; additive or not,
/// cumulative or not; ends that read the model or not; times that favour the ends, NaN
/// and ±∞. `Double` takes the lane path (when not cumulative), `Point` the generic one.
final class BasicAnimationBatchTests: XCTestCase {
    func testValuesEqualOneValuePerTime() {
        let seed: UInt64 = 0xBA5_1C
        var g = SeededGenerator(seed: seed)
        let curves: [TimingFunction?] = [
            nil, .linear, .easeIn, .easeOut, .easeInEaseOut, .default, TimingFunction(controlPoints: 0.9, 0, 0.1, 1),
            TimingFunction(controlPoints: 0.5, -1, 0.5, 2), TimingFunction(controlPoints: 1, 0, 0, 1),
        ]
        for trial in 0..<150 {
            let duration = g.next() % 4 == 0 ? 0 : g.edgeBiased(in: 0.1...3)
            var timing = MediaTiming(
                beginTime: g.edgeBiased(in: -1...1), duration: duration,
                speed: g.next() % 5 == 0 ? g.edgeBiased(in: -2...2) : 1,
                timeOffset: g.next() % 3 == 0 ? g.edgeBiased(in: -3...3) : 0,
                repeatCount: g.next() % 2 == 0 ? g.edgeBiased(in: 0...4) : 0, autoreverses: g.next() % 2 == 0,
                fillMode: [.removed, .forwards, .backwards, .both][Int(g.next() % 4)])
            if trial % 10 == 9 { timing.timeOffset = -timing.resolved().activeDuration }
            let curve = curves[Int(g.next() % UInt64(curves.count))]
            let additive = g.next() % 2 == 0, cumulative = g.next() % 4 == 0, removed = g.next() % 2 == 0
            let ends = g.next() % 4
            let resolved = timing.resolved()
            var times = (0..<301).map { _ in g.edgeBiased(in: -2...8) }
            times += [resolved.activeInterval.start, resolved.activeInterval.end, .nan, .infinity, -.infinity]
            let scalar = BasicAnimation<Double>(
                keyPath: "opacity", fromValue: ends == 3 || ends == 1 ? nil : -0.5, toValue: ends == 2 ? nil : 2.25,
                byValue: ends >= 2 ? 1.5 : nil, timing: timing, timingFunction: curve, isAdditive: additive,
                isCumulative: cumulative, isRemovedOnCompletion: removed)
            let point = BasicAnimation<Point>(
                keyPath: "position", fromValue: Point(x: -1, y: 3), toValue: ends == 2 ? nil : Point(x: 4, y: -2),
                timing: timing, timingFunction: curve, isAdditive: additive, isCumulative: cumulative,
                isRemovedOnCompletion: removed)
            check(scalar, model: 0.75, times, "seed \(seed), trial \(trial)")
            check(point, model: Point(x: 0.5, y: 7), times, "seed \(seed), trial \(trial)")
        }
    }

    // Calls of every length around the blocks' edges (128 times for numbers, 64 for points,
    // the timing function's chunks of 16 groups, a tail): eased animations with each fill
    // mode, repeating and autoreversing or not, removed or not, additive or not; times
    // before, inside and after the active interval, its ends, NaN and ±∞.
    func testValuesAtEveryLengthAroundTheBlocks() {
        let seed: UInt64 = 0xBA5_14
        var g = SeededGenerator(seed: seed)
        let counts = [1, 3, 4, 31, 63, 64, 65, 66, 127, 128, 129, 131, 2 * 128 + 5, 700]
        for (trial, fill) in [FillMode.removed, .forwards, .backwards, .both].enumerated() {
            for repeats in [false, true] {
                let timing = MediaTiming(
                    beginTime: 0.25, duration: 1.5, repeatCount: repeats ? 2.5 : 0, autoreverses: repeats, fillMode: fill)
                let curve: TimingFunction = [.easeInEaseOut, .easeIn, TimingFunction(controlPoints: 0.9, 0, 0.1, 1), .default][trial]
                let scalar = BasicAnimation<Double>(
                    keyPath: "opacity", fromValue: -0.5, toValue: 2.25, timing: timing, timingFunction: curve,
                    isAdditive: repeats, isRemovedOnCompletion: trial % 2 == 0)
                let point = BasicAnimation<Point>(
                    keyPath: "position", fromValue: Point(x: -1, y: 3), toValue: Point(x: 4, y: -2), timing: timing,
                    timingFunction: curve, isAdditive: !repeats, isRemovedOnCompletion: trial % 2 == 1)
                let end = timing.resolved().activeInterval.end
                for count in counts {
                    let times = (0..<count).map { k -> Double in
                        k % 9 == 4 ? [.nan, 0.25, end, -.infinity, .infinity, -3, end + 2][k % 7] : g.edgeBiased(in: -1...(end + 1))
                    }
                    let context = "seed \(seed), fill \(fill), repeats \(repeats), × \(count)"
                    check(scalar, model: 0.75, times, context)
                    check(point, model: Point(x: 0.5, y: 7), times, context)
                }
            }
        }
    }

    func check<Value: Equatable>(_ animation: BasicAnimation<Value>, model: Value, _ times: [Double], _ context: String) {
        var out = [Value](repeating: model, count: times.count)
        times.withUnsafeBufferPointer { t in out.withUnsafeMutableBufferPointer { animation.values(atParentTimes: t, model: model, into: $0) } }
        var mismatches = 0
        for (k, time) in times.enumerated() {
            let expected = animation.value(atParentTime: time, model: model) ?? model
            if let a = out[k] as? Double, let b = expected as? Double, a.bitPattern == b.bitPattern { continue }
            if !(Value.self == Double.self), out[k] == expected { continue }
            mismatches += 1
            if mismatches <= 3 { XCTFail("\(context): \(animation.timing) at \(time): \(out[k]) ≠ \(expected)") }
        }
        XCTAssertEqual(mismatches, 0, context)
    }
}

/// `BasicAnimation.spring` (CASpringAnimation): the spring's progress drives the
/// interpolation in seconds of the cycle, overshooting the end, and the timing function is
/// ignored.
final class SpringAnimationTests: XCTestCase {
    func testTheSpringDrivesTheValue() {
        let spring = Spring()
        var animation = BasicAnimation<Double>(
            keyPath: "position.x", fromValue: 0, toValue: 100, timing: MediaTiming(duration: spring.settlingDuration),
            timingFunction: .easeIn, spring: spring)
        for t in [0, 0.1, 0.3, 0.7, 1.2] {
            XCTAssertEqual(animation.value(atParentTime: t, model: 0)!, 100 * spring.progress(atTime: t), accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertGreaterThan(animation.value(atParentTime: 0.3, model: 0)!, 100, "an under-damped spring overshoots")
        XCTAssertEqual(animation.springVelocity(atParentTime: 0.3)!, spring.velocity(atTime: 0.3), accuracy: 1e-12)
        XCTAssertNil(animation.springVelocity(atParentTime: -1), "not in effect")
        XCTAssertNil(BasicAnimation<Double>(keyPath: "opacity", toValue: 1).springVelocity(atParentTime: 0.1))
        // The batch path gives the same values, bit for bit.
        let times = (0..<300).map { Double($0) / 200 - 0.1 }
        var out = [Double](repeating: .nan, count: times.count)
        times.withUnsafeBufferPointer { t in out.withUnsafeMutableBufferPointer { animation.values(atParentTimes: t, model: 7, into: $0) } }
        for (k, t) in times.enumerated() {
            XCTAssertEqual(out[k].bitPattern, (animation.value(atParentTime: t, model: 7) ?? 7).bitPattern, "t = \(t)")
        }
        // Autoreverse plays the spring back: the reverse leg mirrors the forward one.
        animation.timing.autoreverses = true
        let d = spring.settlingDuration
        XCTAssertEqual(animation.value(atParentTime: d + 0.3, model: 0)!, 100 * spring.progress(atTime: d - 0.3), accuracy: 1e-9)
        // The default 0.25 s cuts the motion short, as on Core Animation.
        let short = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, spring: spring)
        XCTAssertNil(short.value(atParentTime: 0.3, model: 0))
    }
}
