import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import CadenceTiming
import XCTest

/// Helpers: one-second animations of a property, erased for the evaluator.
private func basic<V: KeyPathAnimatable>(
    _ keyPath: String, from: V? = nil, to: V? = nil, by: V? = nil, timing: MediaTiming = MediaTiming(duration: 1),
    additive: Bool = false, cumulative: Bool = false, removed: Bool = true, function: ValueFunction? = nil
) -> Animation {
    Animation(BasicAnimation(
        keyPath: keyPath, fromValue: from, toValue: to, byValue: by, timing: timing, isAdditive: additive,
        isCumulative: cumulative, isRemovedOnCompletion: removed, valueFunction: function))
}

private func evaluate(_ property: String, _ model: KeyPathValue, _ animations: [Animation], at time: Double) -> KeyPathValue {
    AnimationEvaluator.presentationValue(ofProperty: property, model: model, animations: animations, atTime: time).value
}

final class AnimationEvaluatorTests: XCTestCase {
    // Nothing in effect: the model value.
    func testNoAnimationInEffectGivesTheModel() {
        let animations = [basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(beginTime: 5, duration: 1))]
        XCTAssertEqual(evaluate("opacity", .scalar(0.3), animations, at: 1), .scalar(0.3))
        XCTAssertEqual(evaluate("opacity", .scalar(0.3), [], at: 1), .scalar(0.3))
    }

    // Later animations replace earlier ones unless additive; additive adds to the value below.
    func testStackOrderReplaceAndAdd() {
        let replace = basic("opacity", from: 0.0, to: 1.0)
        let add = basic("opacity", from: 10.0, to: 20.0, additive: true)
        XCTAssertEqual(evaluate("opacity", .scalar(100), [replace, add], at: 0.5), .scalar(0.5 + 15))
        XCTAssertEqual(evaluate("opacity", .scalar(100), [add, replace], at: 0.5), .scalar(0.5))
        // Open ends read the model, not the value below.
        let toOnly = basic("opacity", to: 0.0)
        XCTAssertEqual(evaluate("opacity", .scalar(100), [replace, toOnly], at: 0.5), .scalar(50))
    }

    // Cumulative: each completed repeat adds to − from.
    func testCumulativeAddsOncePerCompletedRepeat() {
        let timing = MediaTiming(duration: 1, repeatCount: 3)
        let a = basic("position", from: Point(x: 0, y: 0), to: Point(x: 10, y: 1), timing: timing, cumulative: true)
        XCTAssertEqual(evaluate("position", .point(.zero), [a], at: 2.5), .point(Point(x: 25, y: 2.5)))
    }

    // Fill modes and removedOnCompletion decide contribution outside the active interval.
    func testFillAndRemoval() {
        let kept = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(duration: 1, fillMode: .forwards), removed: false)
        let removed = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(duration: 1, fillMode: .forwards))
        XCTAssertEqual(evaluate("opacity", .scalar(7), [kept], at: 3), .scalar(1))
        XCTAssertEqual(evaluate("opacity", .scalar(7), [removed], at: 3), .scalar(7))
        XCTAssertEqual(evaluate("opacity", .scalar(7), [removed], at: 1), .scalar(1))  // the end itself is active
        let backwards = basic("opacity", from: 0.25, to: 1.0, timing: MediaTiming(beginTime: 2, duration: 1, fillMode: .backwards))
        XCTAssertEqual(evaluate("opacity", .scalar(7), [backwards], at: 0), .scalar(0.25))
    }

    // A field key path animates one field of the property; the others keep their value.
    func testStructureFieldsOfAProperty() {
        let x = basic("position.x", from: 0.0, to: 100.0)
        let model = KeyPathValue.point(Point(x: 5, y: 6))
        XCTAssertEqual(evaluate("position", model, [x], at: 0.5), .point(Point(x: 50, y: 6)))
        let width = basic("bounds.size.width", by: 10.0, additive: true)
        let bounds = KeyPathValue.rect(Rect(x: 1, y: 2, width: 30, height: 40))
        // Additive by only: its open end reads 0 (0 → 10), at 0.5 it is 5, added to the
        // value below (30): the same as the non-additive by-only animation (30 → 40).
        XCTAssertEqual(evaluate("bounds", bounds, [width], at: 0.5), .rect(Rect(x: 1, y: 2, width: 35, height: 40)))
        // Other properties and prefixes that are not fields are left alone.
        XCTAssertEqual(evaluate("positionX", model, [x], at: 0.5), model)
        XCTAssertNil(AnimationEvaluator.field(of: "position.x", in: "pos"))
        XCTAssertEqual(AnimationEvaluator.field(of: "transform.rotation.z", in: "transform"), "rotation.z")
    }

    // A value of the wrong kind for the property leaves it alone.
    func testMismatchedKindLeavesTheValue() {
        let point = basic("opacity", from: Point(x: 0, y: 0), to: Point(x: 1, y: 1))
        XCTAssertEqual(evaluate("opacity", .scalar(0.5), [point], at: 0.5), .scalar(0.5))
    }

    // transform through rotateZ from 0 to 20π: ten turns; the angle at every time is 20π·t.
    func testValueFunctionSpinsPastHalfTurns() {
        let spin = basic("transform", from: 0.0, to: 20 * Double.pi, function: .rotateZ)
        for t in [0.0, 0.0125, 0.3, 0.5, 0.7775] {
            guard case .transform(let m) = evaluate("transform", .transform(.identity), [spin], at: t) else {
                return XCTFail("expected a transform")
            }
            let angle = 20 * Double.pi * t
            XCTAssertEqual(m.m11, cos(angle), accuracy: 1e-12)
            XCTAssertEqual(m.m12, sin(angle), accuracy: 1e-12)
        }
        // An additive value function concatenates onto the value below (translation stays).
        let below = Transform3D(translationX: 10, y: 0, z: 0)
        let scale = basic("transform", from: 1.0, to: 3.0, additive: true, function: .scale)
        guard case .transform(let m) = evaluate("transform", .transform(below), [scale], at: 0.5) else {
            return XCTFail("expected a transform")
        }
        XCTAssertEqual(m, Transform3D(scaleX: 2, y: 2, z: 2).concatenating(below))
        // Open ends read the neutral input: a scale "to 3" starts from 1.
        let toThree = basic("transform", to: 3.0, function: .scaleX)
        XCTAssertEqual(evaluate("transform", .transform(below), [toThree], at: 0.5), .transform(Transform3D(scaleX: 2, y: 1, z: 1)))
        let translate = basic("transform", from: AnimatableVector([0, 0, 0]), to: AnimatableVector([10, 20, 30]), function: .translate)
        XCTAssertEqual(evaluate("transform", .transform(.identity), [translate], at: 0.5),
                       .transform(Transform3D(translationX: 5, y: 10, z: 15)))
    }

    // Transitions animate no property.
    func testTransitionsAreSkipped() {
        XCTAssertEqual(evaluate("opacity", .scalar(1), [.transition(Transition())], at: 0.1), .scalar(1))
    }

    // The batch equals the evaluator on each animation alone, for a mix of kinds (fast
    // and general entries), and writes nothing beyond each value's numbers.
    func testBatchEqualsOneByOne() {
        let seed: UInt64 = 41
        var generator = SeededGenerator(seed: seed)
        var animations: [PropertyAnimation] = []
        var models: [KeyPathValue] = []
        for i in 0..<60 {
            let timing = MediaTiming(beginTime: generator.unit(), duration: 0.5 + generator.unit(), repeatCount: Double(i % 3))
            let curve: TimingFunction? = i % 2 == 0 ? .easeInEaseOut : nil
            let additive = i % 7 == 0, cumulative = i % 5 == 0
            switch i % 6 {
            case 0, 1:
                animations.append(PropertyAnimation(BasicAnimation<Double>(
                    keyPath: "opacity", fromValue: generator.unit(), toValue: generator.unit() * 10,
                    timing: timing, timingFunction: curve, isAdditive: additive, isCumulative: cumulative)))
                models.append(.scalar(generator.unit()))
            case 2:
                animations.append(PropertyAnimation(BasicAnimation<Point>(
                    keyPath: "position", fromValue: Point(x: generator.unit(), y: 3), byValue: Point(x: 5, y: generator.unit()),
                    timing: timing, timingFunction: curve, isAdditive: additive, isCumulative: cumulative)))
                models.append(.point(Point(x: 1, y: 2)))
            case 3:
                animations.append(PropertyAnimation(BasicAnimation<Color>(
                    keyPath: "backgroundColor", toValue: Color(red: 1, green: 0, blue: generator.unit(), alpha: 1),
                    timing: timing, timingFunction: curve)))  // reads the model: the general path
                models.append(.color(Color(red: 0, green: 1, blue: 0, alpha: 0.5)))
            case 4:
                animations.append(PropertyAnimation(KeyframeAnimation<Double>(
                    keyPath: "opacity", values: [0, 1, generator.unit()], calculationMode: .cubic, timing: timing,
                    isAdditive: additive, isCumulative: cumulative)))
                models.append(.scalar(0.5))
            default:
                animations.append(PropertyAnimation(BasicAnimation<Transform3D>(
                    keyPath: "transform", fromValue: .identity, toValue: Transform3D(rotationAngle: generator.unit(), x: 0, y: 0, z: 1),
                    timing: timing, timingFunction: curve)))
                models.append(.transform(.identity))
            }
        }
        let batch = AnimationBatch(animations, models: models)
        XCTAssertEqual(batch.stride, 16)
        let samples = 500
        let times = (0..<samples).map { _ in generator.unit() * 4 - 0.5 }
        let indices = (0..<samples).map { Int32($0 % 63) }  // 60…62 are outside: nothing written
        var out = [Double](repeating: -7, count: samples * 16 + 1)
        let written = indices.withUnsafeBufferPointer { indexBuffer in
            times.withUnsafeBufferPointer { timeBuffer in
                out.withUnsafeMutableBufferPointer { batch.evaluate(indices: indexBuffer, times: timeBuffer, into: $0) }
            }
        }
        XCTAssertEqual(written, samples)
        for k in 0..<samples {
            let index = Int(indices[k])
            let slot = Array(out[(k * 16)..<(k * 16 + 16)])
            guard index < 60 else {
                XCTAssertEqual(slot, Array(repeating: -7, count: 16), "seed \(seed), sample \(k): an index outside writes nothing")
                continue
            }
            let expected = AnimationEvaluator.presentationValue(
                ofProperty: animations[index].keyPath, model: models[index], animations: [.property(animations[index])],
                atTime: times[k]).value.components
            XCTAssertEqual(slot.prefix(expected.count).map(\.bitPattern), expected.map(\.bitPattern), "seed \(seed), sample \(k)")
            XCTAssertTrue(slot.dropFirst(expected.count).allSatisfy { $0 == -7 }, "sample \(k): beyond the value's numbers")
        }
        XCTAssertEqual(out.last, -7)

        // More animations than a chunk holds samples (8,192): runs of several animations
        // each; and more samples than a chunk: several chunks.
        let many = (0..<10_000).map { (i: Int) -> PropertyAnimation in
            let value = Double(i)
            let timing = MediaTiming(duration: 1 + Double(i % 5))
            let curve: TimingFunction? = i % 3 == 0 ? .easeOut : nil
            return PropertyAnimation(BasicAnimation<Double>(
                keyPath: "opacity", fromValue: value, toValue: -value, timing: timing, timingFunction: curve))
        }
        let manyBatch = AnimationBatch(many, models: [])
        let manyIndices = (0..<20_000).map { _ in Int32(generator.next() % 10_400) }  // some outside
        let manyTimes = (0..<20_000).map { _ in generator.unit() * 6 }
        var manyOut = [Double](repeating: .nan, count: 20_000)
        manyIndices.withUnsafeBufferPointer { i in
            manyTimes.withUnsafeBufferPointer { t in manyOut.withUnsafeMutableBufferPointer { _ = manyBatch.evaluate(indices: i, times: t, into: $0) } }
        }
        for k in 0..<20_000 {
            let index = Int(manyIndices[k])
            guard index < 10_000 else {
                XCTAssertTrue(manyOut[k].isNaN, "sample \(k): an index outside writes nothing")
                continue
            }
            let expected = many[index].basic(of: Double.self)!.value(atParentTime: manyTimes[k], model: 0) ?? 0
            XCTAssertEqual(manyOut[k].bitPattern, expected.bitPattern, "seed \(seed), many, sample \(k)")
        }

        // Values worked out by hand: 0→10 over 1 s; 100→200 over 2 s from t = 1.
        let pair = AnimationBatch([
            PropertyAnimation(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 10, timing: MediaTiming(duration: 1))),
            PropertyAnimation(BasicAnimation<Double>(
                keyPath: "opacity", fromValue: 100, toValue: 200, timing: MediaTiming(beginTime: 1, duration: 2))),
        ], models: [.scalar(-1), .scalar(-1)])
        XCTAssertEqual(pair.stride, 1)
        let handIndices: [Int32] = [0, 1, 0, 1, 7, -1]
        let handTimes = [0.5, 2, 5, 0.5, 0.5, 0.5]
        var handOut = [Double](repeating: .nan, count: 6)
        handIndices.withUnsafeBufferPointer { indexBuffer in
            handTimes.withUnsafeBufferPointer { timeBuffer in
                handOut.withUnsafeMutableBufferPointer { _ = pair.evaluate(indices: indexBuffer, times: timeBuffer, into: $0) }
            }
        }
        // In effect; in effect; removed after its end; before its begin; no such animation (twice).
        XCTAssertEqual(Array(handOut.prefix(4)), [5, 150, -1, -1])
        XCTAssertTrue(handOut[4].isNaN && handOut[5].isNaN)
    }

    // Runs longer than the values' scratch (16 KiB: 128 transforms, 512 colours) and
    // longer than a chunk (8,192 samples): each run is worked out in several pieces, and
    // every piece's values land at their samples, bit for bit the evaluator's.
    func testBatchLongRunsEqualOneByOne() {
        let seed: UInt64 = 0x1016
        var generator = SeededGenerator(seed: seed)
        let timing = MediaTiming(beginTime: 0.25, duration: 1.5, autoreverses: true)
        let animations = [
            PropertyAnimation(BasicAnimation<Transform3D>(
                keyPath: "transform", fromValue: .identity, toValue: Transform3D(rotationAngle: 1, x: 0, y: 0, z: 1),
                timing: timing, timingFunction: .easeIn)),
            PropertyAnimation(BasicAnimation<Color>(
                keyPath: "backgroundColor", toValue: Color(red: 1, green: 0, blue: 0.5, alpha: 1), timing: timing,
                timingFunction: .easeInEaseOut)),
            PropertyAnimation(BasicAnimation<Point>(
                keyPath: "position", fromValue: Point(x: 1, y: 2), toValue: Point(x: 30, y: -4), timing: timing,
                timingFunction: .easeOut, isAdditive: true)),
            PropertyAnimation(KeyframeAnimation<Double>(
                keyPath: "opacity", values: [0, 1, 0.25, 1], calculationMode: .cubic, timing: timing)),
            PropertyAnimation(BasicAnimation<Double>(
                keyPath: "opacity", fromValue: 3, toValue: -2, timing: timing, timingFunction: .easeInEaseOut)),
        ]
        let models: [KeyPathValue] = [
            .transform(.identity), .color(Color(red: 0, green: 1, blue: 0, alpha: 0.5)), .point(Point(x: -1, y: 1)),
            .scalar(0.5), .scalar(7),
        ]
        let batch = AnimationBatch(animations, models: models)
        XCTAssertEqual(batch.stride, 16)
        // Mostly the transform (runs of about 4,000 in a chunk of 8,192), then the others.
        let samples = 12_000
        let indices = (0..<samples).map { _ in Int32(generator.next() % 2 == 0 ? 0 : generator.next() % 5) }
        let times = (0..<samples).map { _ in generator.edgeBiased(in: -0.5...4) }
        var out = [Double](repeating: -7, count: samples * 16)
        indices.withUnsafeBufferPointer { i in
            times.withUnsafeBufferPointer { t in out.withUnsafeMutableBufferPointer { _ = batch.evaluate(indices: i, times: t, into: $0) } }
        }
        for k in 0..<samples {
            let index = Int(indices[k])
            let expected = AnimationEvaluator.presentationValue(
                ofProperty: animations[index].keyPath, model: models[index], animations: [.property(animations[index])],
                atTime: times[k]).value.components
            let slot = out[(k * 16)..<(k * 16 + 16)]
            XCTAssertEqual(slot.prefix(expected.count).map(\.bitPattern), expected.map(\.bitPattern), "seed \(seed), sample \(k)")
            XCTAssertTrue(slot.dropFirst(expected.count).allSatisfy { $0 == -7 }, "seed \(seed), sample \(k): beyond the value")
        }
    }

    // One animation at many times equals one call per time, for basic animations (the
    // block path, with and without a timing function, cumulative and additive) and
    // keyframes (the default), bit for bit.
    func testValuesAtManyTimesEqualOneByOne() {
        let seed: UInt64 = 0xB10C
        var generator = SeededGenerator(seed: seed)
        let times = (0..<1000).map { _ in generator.edgeBiased(in: -1...5) } + [.nan, .infinity, -.infinity]
        // The output is filled first with a value no animation here produces, so a time the
        // batch skips (where the answer is the model) fails.
        func check<A: PropertyAnimationProtocol>(_ animation: A, model: A.Value) where A.Value: Equatable {
            guard let sentinel = (123_456.5 as? A.Value) ?? (Point(x: 98_765, y: -4_321) as? A.Value) else {
                return XCTFail("no sentinel for \(A.Value.self)")
            }
            var out = [A.Value](repeating: sentinel, count: times.count)
            times.withUnsafeBufferPointer { t in out.withUnsafeMutableBufferPointer { animation.values(atParentTimes: t, model: model, into: $0) } }
            for (k, time) in times.enumerated() {
                XCTAssertEqual(out[k], animation.value(atParentTime: time, model: model) ?? model, "seed \(seed), time \(time)")
            }
        }
        let timing = MediaTiming(beginTime: 0.2, duration: 1.5, repeatCount: 2.5, autoreverses: true, fillMode: .both)
        check(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, timing: timing, timingFunction: .easeInEaseOut), model: 7)
        check(BasicAnimation<Double>(keyPath: "opacity", toValue: 3, timing: timing, isAdditive: true, isCumulative: true), model: 7)
        check(BasicAnimation<Point>(
            keyPath: "position", fromValue: Point(x: 0, y: 1), byValue: Point(x: 4, y: -2), timing: timing,
            timingFunction: TimingFunction(controlPoints: 0.9, 0, 0.1, 1), isCumulative: true), model: Point(x: 1, y: 1))
        check(KeyframeAnimation<Double>(keyPath: "opacity", values: [0, 2, 1], calculationMode: .cubic, timing: timing), model: 7)
        // Keyframes through the default's lanes: cumulative and additive, removed on
        // completion or kept, one forward leg, a path, and no keyframes at all (`nil`).
        let leg = MediaTiming(beginTime: -0.3, duration: 2.5, fillMode: .forwards)
        for removed in [false, true] {
            check(KeyframeAnimation<Double>(
                keyPath: "opacity", values: [1, -2, 4, 0.5], calculationMode: .linear, timing: timing,
                timingFunction: .easeOut, isAdditive: true, isCumulative: true, isRemovedOnCompletion: removed), model: 7)
            check(KeyframeAnimation<Double>(
                keyPath: "opacity", values: [0, 1, 0.25, 1], calculationMode: .cubicPaced, timing: leg,
                isRemovedOnCompletion: removed), model: -1)
        }
        check(KeyframeAnimation<Point>(
            keyPath: "position", path: try! Path(svgPathData: "M0 0 C 40 -60 80 60 120 0 L 200 40"),
            calculationMode: .paced, rotationMode: .auto, timing: leg, isCumulative: true), model: Point(x: 3, y: 4))
        check(KeyframeAnimation<Double>(keyPath: "opacity", values: [], timing: leg), model: 2)
    }
}

final class AnimationGroupTests: XCTestCase {
    private func group(_ children: [Animation], timing: MediaTiming, removed: Bool = true) -> Animation {
        .group(AnimationGroup(animations: children, timing: timing, isRemovedOnCompletion: removed))
    }

    // The children's time (one-leg timings take the fast path) equals the state's rule:
    // the basic time, or the eased progress times the duration; nil where the group does
    // not contribute.
    func testChildTimeEqualsTheStatesRule() {
        let seed: UInt64 = 0xC41D
        var g = SeededGenerator(seed: seed)
        for trial in 0..<200 {
            let timing = MediaTiming(
                beginTime: g.edgeBiased(in: -1...1), duration: g.next() % 5 == 0 ? 0 : g.edgeBiased(in: 0.1...3),
                speed: g.next() % 4 == 0 ? g.edgeBiased(in: -2...2) : 1, timeOffset: g.next() % 3 == 0 ? g.edgeBiased(in: -2...2) : 0,
                repeatCount: g.next() % 3 == 0 ? g.edgeBiased(in: 0...3) : 0, autoreverses: g.next() % 4 == 0,
                fillMode: [.removed, .forwards, .backwards, .both][Int(g.next() % 4)])
            let curve: TimingFunction? = [nil, .easeInEaseOut, TimingFunction(controlPoints: 0.9, 0, 0.1, 1)][Int(g.next() % 3)]
            let group = AnimationGroup(timing: timing, timingFunction: curve, isRemovedOnCompletion: g.next() % 2 == 0)
            let resolved = timing.resolved()
            // Random times, and exactly the fast path's edges: the begin time, iteration
            // boundaries and both ends of the active interval.
            let edges = (0..<4).map { resolved.beginTime + Double($0) * resolved.cycle / resolved.speed }
                + [resolved.activeInterval.start, resolved.activeInterval.end, .nan]
            for time in (0..<50).map({ _ in g.edgeBiased(in: -2...6) }) + edges {
                for honoursRemoval in [false, true] {
                    let state = resolved.state(atParentTime: time)
                    let expected: Double? = state.contributes(isRemovedOnCompletion: honoursRemoval && group.isRemovedOnCompletion)
                        ? curve.map { $0.progress(at: state.progress) * resolved.duration } ?? state.basicTime : nil
                    XCTAssertEqual(group.childTime(atParentTime: time, honoursRemoval: honoursRemoval)?.bitPattern, expected?.bitPattern,
                                   "seed \(seed), trial \(trial), \(timing) at \(time)")
                }
            }
        }
    }

    // Children run in the group's time: their beginTime is relative to the group's.
    func testChildrenRunInTheGroupsTimeSpace() {
        let child = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(beginTime: 1, duration: 2))
        let g = group([child], timing: MediaTiming(beginTime: 10, duration: 4))
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 10.5), .scalar(-1))  // child not begun
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 12), .scalar(0.5))
    }

    // Clipped, not scaled, to the group's duration (default 0.25 s).
    func testChildrenAreClippedNotScaled() {
        let child = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(duration: 1))
        let g = group([child], timing: MediaTiming())
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 0.2), .scalar(0.2))
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 0.5), .scalar(-1))
    }

    // A repeating, autoreversing group replays its children backwards; children's
    // removedOnCompletion is ignored, the group's applies.
    func testRepeatReverseAndRemoval() {
        let child = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(duration: 1))
        let g = group([child], timing: MediaTiming(duration: 2, repeatCount: 1, autoreverses: true))
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 3.5), .scalar(0.5))  // back leg: group time 0.5
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 2.5), .scalar(-1))  // group time 1.5: child ended, removed? no: ignored, but no fill
        let filling = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(duration: 1, fillMode: .forwards))
        let g2 = group([filling], timing: MediaTiming(duration: 2))
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g2], at: 1.5), .scalar(1))  // child fill kept inside the group
        let g3 = group([filling], timing: MediaTiming(duration: 2, fillMode: .forwards), removed: false)
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g3], at: 50), .scalar(1))
        let g4 = group([filling], timing: MediaTiming(duration: 2, fillMode: .forwards))
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g4], at: 50), .scalar(-1))
    }

    // Groups nest and splice their children into the stack in order, additive flags kept.
    func testNestingAndSplicing() {
        let inner = group([basic("opacity", by: 1.0, additive: true)], timing: MediaTiming(duration: 1))
        let outer = group([basic("opacity", from: 10.0, to: 20.0), inner], timing: MediaTiming(duration: 1))
        // The additive by-only child adds 0 → 1 (its open end reads 0), 0.5 at 0.5.
        XCTAssertEqual(evaluate("opacity", .scalar(2), [outer], at: 0.5), .scalar(15 + 0.5))
    }

    // A group's timing function warps the time its children see.
    func testGroupTimingFunction() {
        let child = basic("opacity", from: 0.0, to: 1.0, timing: MediaTiming(duration: 1))
        let g = Animation.group(AnimationGroup(animations: [child], timing: MediaTiming(duration: 1), timingFunction: .easeIn))
        XCTAssertEqual(evaluate("opacity", .scalar(-1), [g], at: 0.25), .scalar(TimingFunction.easeIn.progress(at: 0.25)))
    }
}

final class TransitionTests: XCTestCase {
    // Defaults from the class reference: fade, no subtype, progress 0 → 1.
    func testDefaults() {
        let t = Transition()
        XCTAssertEqual(t.type, .fade)
        XCTAssertNil(t.subtype)
        XCTAssertEqual(t.startProgress, 0)
        XCTAssertEqual(t.endProgress, 1)
        XCTAssertEqual(t.direction, .fromLeft)
        XCTAssertEqual(t.progress(atParentTime: 0.125), 0.5)  // 0.25 s default duration
        XCTAssertNil(t.progress(atParentTime: 1))
    }

    // startProgress/endProgress bound the progress; the timing function paces it; bad values
    // are clamped or read as defaults.
    func testProgressRange() {
        var t = Transition(type: .push, subtype: .fromTop, startProgress: 0.2, endProgress: 0.6, timing: MediaTiming(duration: 1))
        XCTAssertEqual(t.progress(atParentTime: 0)!, 0.2, accuracy: 1e-15)
        XCTAssertEqual(t.progress(atParentTime: 0.5)!, 0.4, accuracy: 1e-15)
        XCTAssertEqual(t.progress(atParentTime: 1)!, 0.6, accuracy: 1e-15)
        t.timingFunction = .easeIn
        XCTAssertEqual(t.progress(atParentTime: 0.5)!, 0.2 + 0.4 * TimingFunction.easeIn.progress(at: 0.5), accuracy: 1e-15)
        let odd = Transition(startProgress: .nan, endProgress: 7, timing: MediaTiming(duration: 1))
        XCTAssertEqual(odd.progress(atParentTime: 0.5), 0.5)
        let backwards = Transition(startProgress: 1, endProgress: 0, timing: MediaTiming(duration: 1))
        XCTAssertEqual(backwards.progress(atParentTime: 0.25), 0.75)
    }
}

final class KeyframeAnimationTests: XCTestCase {
    // The animation's timing and timing function feed the keyframe curve; the per-segment
    // timing functions apply after it.
    func testTimingFeedsTheCurve() {
        let a = KeyframeAnimation<Double>(keyPath: "opacity", values: [0, 10, 20], timing: MediaTiming(duration: 2))
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 0), 5)
        XCTAssertEqual(a.value(atParentTime: 1.5, model: 0), 15)
        var eased = a
        eased.timingFunction = .easeIn
        let p = TimingFunction.easeIn.progress(at: 0.25)
        XCTAssertEqual(eased.value(atParentTime: 0.5, model: 0)!, 20 * p, accuracy: 1e-12)
    }

    // Cumulative keyframes add last − first per completed cycle.
    func testCumulativeAddsLastMinusFirst() {
        let a = KeyframeAnimation<Double>(
            keyPath: "opacity", values: [1, 5, 3], timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        XCTAssertEqual(a.value(atParentTime: 2.5, model: 0), 5 + 2 * 2)
        // New values bring a new change per cycle.
        var b = a
        b.values = [0, 10]
        XCTAssertEqual(b.value(atParentTime: 2.5, model: 0), 5 + 2 * 10)
        // A path: its last point − its first, also after the path changes.
        var moving = KeyframeAnimation<Point>(
            keyPath: "position", path: try! Path(svgPathData: "M 0 0 L 10 0 L 10 5"),
            timing: MediaTiming(duration: 1, repeatCount: 3), isCumulative: true)
        XCTAssertEqual(moving.value(atParentTime: 2.5, model: .zero), Point(x: 10 + 2 * 10, y: 0 + 2 * 5))
        moving.path = try! Path(svgPathData: "M 1 1 L 2 3")
        XCTAssertEqual(moving.value(atParentTime: 1.5, model: .zero), Point(x: 1.5 + 1, y: 2 + 2))
        moving.path = nil
        XCTAssertNil(moving.value(atParentTime: 1.5, model: .zero), "no values: no keyframes")
    }

    // Changing a keyframe property rebuilds the curve.
    func testChangingPropertiesRebuilds() {
        var a = KeyframeAnimation<Double>(keyPath: "opacity", values: [0, 10], timing: MediaTiming(duration: 1))
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 0), 5)
        a.values = [0, 100, 200]
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 0), 100)
        a.keyTimes = [0, 0.25, 1]
        XCTAssertEqual(a.value(atParentTime: 0.25, model: 0), 100)
        a.calculationMode = .discrete
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 0), 100)
    }

    // No keyframes: nothing contributes; additive keyframes add to the value below.
    func testEmptyAndAdditive() {
        let empty = KeyframeAnimation<Double>(keyPath: "opacity", timing: MediaTiming(duration: 1))
        XCTAssertNil(empty.value(atParentTime: 0.5, model: 3))
        let additive = KeyframeAnimation<Double>(keyPath: "opacity", values: [0, 2], timing: MediaTiming(duration: 1), isAdditive: true)
        XCTAssertEqual(additive.value(atParentTime: 0.5, model: 3), 4)
    }

    // A path on a non-point animation is ignored (the values are used).
    func testPathOnlyForPoints() {
        let path = try! Path(svgPathData: "M0 0 L10 0")
        let a = KeyframeAnimation<Double>(keyPath: "opacity", values: [0, 4], path: path, timing: MediaTiming(duration: 1))
        XCTAssertNil(a.pathKeyframes)
        XCTAssertEqual(a.value(atParentTime: 0.5, model: 0), 2)
    }
}

/// Groups with no children (Core Animation's `animations` nil or empty) and the static
/// default-action lookup need no special cases.
final class EmptyGroupTests: XCTestCase {
    func testAnEmptyGroupContributesNothing() {
        let empty = AnimationGroup(timing: MediaTiming(duration: 1))
        XCTAssertTrue(empty.animations.isEmpty)
        XCTAssertEqual(empty.childTime(atParentTime: 0.5), 0.5, "timed as any group")
        let sample = AnimationEvaluator.presentationValue(
            ofProperty: "opacity", model: .scalar(0.3), animations: [.group(empty), .group(AnimationGroup(animations: []))], atTime: 0.5)
        XCTAssertEqual(sample.value, .scalar(0.3))
        XCTAssertNil(sample.rotation)
    }
}
