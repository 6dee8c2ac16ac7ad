@testable import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
@testable import CadenceTiming
import XCTest

/// `BasicAnimation.value(atParentTime:model:below:)`, whose plain case (fixed ends, no
/// spring, not additive, inside a plain leg: speed 1, no offset, no repeats) is in line, against the general path of
/// `PropertyAnimationProtocol` (reached through a generic function), bit for bit, on
/// seeded animations whose flags are set after construction as well as in it, so that a
/// setter that leaves `hasPlainValue` stale shows.
final class BasicAnimationPlainPathTests: XCTestCase {
    /// The protocol's `value(atParentTime:model:below:)`, not the type's in-line one.
    private func generalValue<A: PropertyAnimationProtocol>(_ a: A, _ t: Double, _ model: A.Value, _ below: A.Value?) -> A.Value? {
        a.value(atParentTime: t, model: model, below: below)
    }

    func testThePlainPathEqualsTheGeneralPath() {
        let seed: UInt64 = 0xBA5_1A1
        var g = SeededGenerator(seed: seed)
        let curves: [TimingFunction?] = [nil, .easeInEaseOut, .easeIn, TimingFunction(controlPoints: 0.9, 0, 0.1, 1)]
        var plainCalls = 0, calls = 0
        for trial in 0..<240 {
            // Half plain timings (speed 1, offset ±0, one leg), half anything.
            let plainTiming = trial % 2 == 0
            let timing = MediaTiming(
                beginTime: g.next() % 5 == 0 ? [0, -0.0, 1][Int(g.next() % 3)] : g.edgeBiased(in: -1...1),
                duration: g.next() % 6 == 0 ? 0 : g.edgeBiased(in: 0.1...3),
                speed: plainTiming || g.next() % 3 != 0 ? 1 : g.edgeBiased(in: -2...2),
                timeOffset: plainTiming ? (g.next() % 2 == 0 ? -0.0 : 0) : g.edgeBiased(in: -2...2),
                repeatCount: plainTiming ? 0 : g.edgeBiased(in: 0...3), autoreverses: !plainTiming && g.next() % 2 == 0,
                fillMode: [.removed, .forwards, .backwards, .both][Int(g.next() % 4)])
            let curve = curves[Int(g.next() % UInt64(curves.count))]
            var scalar = BasicAnimation<Double>(
                keyPath: "opacity", fromValue: trial % 7 == 3 ? -0.0 : -0.5, toValue: 2.25, timing: timing,
                timingFunction: curve, isAdditive: g.next() % 3 == 0)
            var point = BasicAnimation<Point>(
                keyPath: "position", fromValue: Point(x: -1, y: 3), toValue: Point(x: 4, y: -2), timing: timing,
                timingFunction: curve, isCumulative: g.next() % 3 == 0)
            // Flags changed after construction, each of the three that decide the plain case.
            switch trial % 6 {
            case 1: scalar.isAdditive.toggle(); point.isAdditive = true
            case 2: scalar.spring = Spring(); point.spring = Spring(); point.spring = nil
            case 3: scalar.fromValue = nil; point.toValue = nil
            case 4: scalar.toValue = nil; scalar.byValue = 1.5; point.fromValue = nil; point.byValue = Point(x: 1, y: 1)
            case 5: scalar.timing.speed = 1; point.timing.timeOffset = 0.25
            default: break
            }
            let resolved = scalar.resolvedTiming
            // Half anywhere, half inside the first leg.
            let leg = resolved.beginTime...(resolved.beginTime + resolved.duration)
            var times = (0..<80).map { k in k % 2 == 0 ? g.edgeBiased(in: -2...5) : g.edgeBiased(in: leg) }
            for t in [resolved.beginTime, resolved.activeInterval.end] { times += [t, t.nextDown, t.nextUp] }
            times += [0, -0.0, .nan, .infinity, -.infinity]
            for time in times {
                let context = "seed \(seed), trial \(trial), \(timing) at \(time)"
                let s = scalar.value(atParentTime: time, model: 0.75, below: 4)
                let expected = generalValue(scalar, time, 0.75, 4)
                XCTAssertEqual(s?.bitPattern, expected?.bitPattern, "\(context): \(String(describing: s)) ≠ \(String(describing: expected))")
                let p = point.value(atParentTime: time, model: Point(x: 0.5, y: 7), below: nil)
                let expectedPoint = generalValue(point, time, Point(x: 0.5, y: 7), nil)
                XCTAssertEqual(p.map { [$0.x.bitPattern, $0.y.bitPattern] }, expectedPoint.map { [$0.x.bitPattern, $0.y.bitPattern] },
                               "\(context): \(String(describing: p)) ≠ \(String(describing: expectedPoint))")
                for animationIsPlain in [scalar.hasPlainValue, point.hasPlainValue] {
                    calls += 1
                    if animationIsPlain && resolved.plainLegProgress(atParentTime: time) != nil {
                        plainCalls += 1
                    }
                }
            }
        }
        // Both paths are exercised.
        XCTAssertGreaterThan(plainCalls, calls / 25, "seed \(seed): the plain path is taken too rarely")
        XCTAssertLessThan(plainCalls, calls / 2, "seed \(seed): the general path is taken too rarely")
    }

    /// The flag follows each setter (and the initialiser).
    func testPlainValueFollowsTheSetters() {
        var a = BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1)
        XCTAssertTrue(a.hasPlainValue)
        a.isAdditive = true
        XCTAssertFalse(a.hasPlainValue)
        a.isAdditive = false
        XCTAssertTrue(a.hasPlainValue)
        a.spring = Spring()
        XCTAssertFalse(a.hasPlainValue)
        a.spring = nil
        a.toValue = nil
        XCTAssertFalse(a.hasPlainValue)
        a.byValue = 2
        XCTAssertTrue(a.hasPlainValue)
        a.timing.speed = 2
        XCTAssertFalse(a.hasPlainValue)
        a.timing.speed = 1
        XCTAssertTrue(a.hasPlainValue)
        a.timing.repeatCount = 2
        XCTAssertFalse(a.hasPlainValue)
        XCTAssertFalse(BasicAnimation<Double>(keyPath: "opacity", toValue: 1).hasPlainValue)
        XCTAssertFalse(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1, isAdditive: true).hasPlainValue)
    }
}
