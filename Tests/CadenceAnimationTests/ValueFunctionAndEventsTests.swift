import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import CadenceTiming
import XCTest

final class ValueFunctionTests: XCTestCase {
    // CAValueFunction: rotateZ of an interpolated angle spins past a half turn.
    func testRotateZSpinsTenTimes() {
        let animation = BasicAnimation<Double>(keyPath: "transform", fromValue: 0, toValue: 20 * .pi, timing: MediaTiming(duration: 1))
        var previousAngle = 0.0
        var turns = 0.0
        for i in 1...2000 {
            let angle = animation.value(atParentTime: Double(i) / 2000, model: 0)!
            let m = ValueFunction.rotateZ.transform(angle)
            let seen = atan2(m.m12, m.m11)
            var step = seen - atan2(sin(previousAngle), cos(previousAngle))
            step = remainder(step, 2 * .pi)
            turns += step / (2 * .pi)
            previousAngle = angle
        }
        XCTAssertEqual(turns, 10, accuracy: 1e-9)
    }

    func testEveryFunction() {
        XCTAssertEqual(ValueFunction.scale.transform([2, 3, 4]), Transform3D(scaleX: 2, y: 3, z: 4))
        XCTAssertEqual(ValueFunction.scale.transform([2]), Transform3D(scaleX: 2, y: 1, z: 1))  // missing → 1
        XCTAssertEqual(ValueFunction.scale.transform(2), Transform3D(scaleX: 2, y: 2, z: 2))
        XCTAssertEqual(ValueFunction.translate.transform([1, 2]), Transform3D(translationX: 1, y: 2, z: 0))
        XCTAssertEqual(ValueFunction.translateY.transform(5), Transform3D(translationX: 0, y: 5, z: 0))
        XCTAssertEqual(ValueFunction.scaleZ.transform(3), Transform3D(scaleX: 1, y: 1, z: 3))
        XCTAssertEqual(ValueFunction.rotateX.transform(.pi / 2), Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0))
        XCTAssertEqual(ValueFunction.rotateY.transform(.nan), .identity)
        XCTAssertEqual(ValueFunction.scaleX.transform(.infinity), .identity)
        XCTAssertEqual(ValueFunction.allCases.count, 11)
    }

    // The rotations take a path of their own (the axis known, not tested or normalised):
    // the same bits as `Transform3D(rotationAngle:x:y:z:)` about the unit axis, signed
    // zeros included, for seeded edge-biased angles, quarter turns and bad input.
    func testRotationsEqualTheAxisAngleMatrixBitForBit() {
        let seed: UInt64 = 0xCADE_0012
        var generator = SeededGenerator(seed: seed)
        var angles: [Double] = [0, -0.0, .pi / 2, -.pi / 2, .pi, 3 * .pi / 2, 2 * .pi, 100 * .pi, 1e15, 1e300,
                                -1e-300, .ulpOfOne, .nan, .infinity, -.infinity]
        for _ in 0..<2000 { angles.append(generator.edgeBiased(in: -1000...1000)) }
        let axes: [(ValueFunction, Double, Double, Double)] = [(.rotateX, 1, 0, 0), (.rotateY, 0, 1, 0), (.rotateZ, 0, 0, 1)]
        for (function, x, y, z) in axes {
            for angle in angles {
                let fast = function.transform(angle), reference = Transform3D(rotationAngle: angle, x: x, y: y, z: z)
                let bits = { (m: Transform3D) in [m.r1, m.r2, m.r3, m.r4].flatMap { r in (0..<4).map { r[$0].bitPattern } } }
                XCTAssertEqual(bits(fast), bits(reference), "seed \(seed): \(function) of \(angle)")
            }
        }
    }

    // The one-number form equals the array form for every function and value, bad ones too.
    func testOneNumberFormEqualsTheArrayForm() {
        for function in ValueFunction.allCases {
            for v in [0, 1, -2.5, 0.7, 1e300, .nan, .infinity, -.infinity] {
                let array = function.arity == 3 ? [v, v, v] : [v]
                XCTAssertEqual(function.transform(v), function.transform(array), "\(function) \(v)")
            }
        }
    }
}

final class AnimationEventsTests: XCTestCase {
    let timing = MediaTiming(beginTime: 1, duration: 2).resolved()

    // CAAnimation delegate: animationDidStart when the active duration begins,
    // animationDidStop:finished:YES when it completes, NO when removed first.
    func testStartAndFinish() {
        XCTAssertEqual(AnimationEvents.between(0, and: 0.5, timing: timing), AnimationEvents())
        XCTAssertEqual(AnimationEvents.between(0.5, and: 1, timing: timing), AnimationEvents(started: true))
        XCTAssertEqual(AnimationEvents.between(1, and: 2, timing: timing), AnimationEvents())
        XCTAssertEqual(AnimationEvents.between(2, and: 3, timing: timing), AnimationEvents(stopped: .finished))
        XCTAssertEqual(AnimationEvents.between(0, and: 10, timing: timing), AnimationEvents(started: true, stopped: .finished))
        XCTAssertEqual(AnimationEvents.between(-.infinity, and: 1.5, timing: timing), AnimationEvents(started: true))
        XCTAssertEqual(AnimationEvents.between(3, and: 2, timing: timing), AnimationEvents())  // backwards: nothing
    }

    func testRemoval() {
        XCTAssertEqual(AnimationEvents.between(1.5, and: 2, timing: timing, removalTime: 1.8), AnimationEvents(stopped: .removed))
        XCTAssertEqual(AnimationEvents.between(0.5, and: 2, timing: timing, removalTime: 1.8), AnimationEvents(started: true, stopped: .removed))
        XCTAssertEqual(AnimationEvents.between(0, and: 0.8, timing: timing, removalTime: 0.5), AnimationEvents(stopped: .removed))
        // Removed after finishing: only the finish.
        XCTAssertEqual(AnimationEvents.between(2, and: 5, timing: timing, removalTime: 4), AnimationEvents(stopped: .finished))
    }

    // Negative speed: active before beginTime; starts at begin + D/speed, finishes at begin.
    func testNegativeAndZeroSpeed() {
        let backwards = MediaTiming(beginTime: 10, duration: 2, speed: -1).resolved()
        XCTAssertEqual(AnimationEvents.between(7, and: 8, timing: backwards), AnimationEvents(started: true))
        XCTAssertEqual(AnimationEvents.between(9, and: 10, timing: backwards), AnimationEvents(stopped: .finished))
        let paused = MediaTiming(duration: 1, speed: 0).resolved()
        XCTAssertEqual(AnimationEvents.between(0, and: 100, timing: paused), AnimationEvents())
    }
}
