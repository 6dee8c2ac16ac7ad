import CadenceAnimation
import CadenceGeometry
import CadenceTestSupport
import CadenceTiming
import XCTest

/// `KeyframeCurve` and `KeyframePath` against every case of
/// `Reference/goldens/keyframes.json` (`Reference/oracle/keyframes.py`: exact rationals,
/// mpmath at 50 digits, rounded once). Format and tolerances: `Reference/README.md`,
/// "goldens/keyframes.json" and "Animation tolerances the Swift tests should use".
///
/// - Scalars are `KeyframeCurve<Double>`, points `KeyframeCurve<Point>`, 4-vectors
///   `KeyframeCurve<Color>`, paths `KeyframePath`.
/// - With an animation `timingFunction`, the sample's `progress` goes through it first.
/// - Values: within 1e-12 · scale (linear, cubic), exact (discrete), 1e-9 · scale (paced,
///   cubicPaced, and paths in the paced modes), scale = max(1, largest |component|).
/// - Rotation: within 1e-9 rad modulo 2π, skipped where `slowTangent`.
/// - `nearBoundary` samples pass on either side (`value`/`rotation` or
///   `valueOther`/`rotationOther`).
/// - Per case: the key-frame count, `keyTimesUsed`, `timingFunctionsUsed` exactly, the
///   effective key times exactly and the paced boundaries to 1e-10 (fractions of lengths
///   that are each good to 1e-12 relative).
final class KeyframeGoldenTests: XCTestCase {
    /// What one evaluation gives: the value's components (`nil`: no contribution) and the
    /// rotation (`nil` without a rotation mode).
    struct Outcome {
        var value: [Double]?
        var rotation: Double?
    }

    /// What a case states about its keyframes: count, which given arrays are used, and
    /// the key times in effect.
    typealias Facts = (count: Int, keyTimesUsed: Bool, timingFunctionsUsed: Bool, keyTimes: [Double])

    /// The worst errors seen, relative to each case's tolerance unit.
    struct Tally {
        var samples = 0
        var rotations = 0
        var worstValue: [String: (error: Double, name: String)] = [:]
        var worstRotation = (error: 0.0, name: "")

        mutating func value(_ error: Double, _ kind: String, _ name: String) {
            if error > worstValue[kind, default: (0, "")].error { worstValue[kind] = (error, name) }
        }
    }

    func testEveryCase() throws {
        let root = try XCTUnwrap(Golden.load("keyframes.json") as? [String: Any])
        let cases = try XCTUnwrap(root["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.count, 152)
        var tally = Tally()
        for entry in cases { try check(entry, &tally) }
        // About 3300 samples in all (Reference/README.md).
        XCTAssertGreaterThan(tally.samples, 3200)
        print("keyframes.json: \(cases.count) cases, \(tally.samples) samples, \(tally.rotations) rotations compared")
        for (kind, worst) in tally.worstValue.sorted(by: { $0.key < $1.key }) {
            print("  worst \(kind) value error: \(worst.error) × scale (\(worst.name))")
        }
        print("  worst rotation error: \(tally.worstRotation.error) rad (\(tally.worstRotation.name))")
    }

    func check(_ entry: [String: Any], _ tally: inout Tally) throws {
        let name = try XCTUnwrap(entry["name"] as? String)
        let kind = try XCTUnwrap(entry["kind"] as? String)
        let mode = try XCTUnwrap(CalculationMode(rawValue: XCTUnwrap(entry["calculationMode"] as? String)))
        let keyTimes = (entry["keyTimes"] as? [Any])?.map { Golden.number($0)! }
        let timingFunctions = (entry["timingFunctions"] as? [[Any]])?.map(Self.timingFunction)
        let rotationMode = (entry["rotationMode"] as? String).flatMap(RotationMode.init(rawValue:))
        let animationTiming = (entry["timingFunction"] as? [Any]).map(Self.timingFunction)
        let vectors = (entry["values"] as? [[Any]])?.map { $0.map { Golden.number($0)! } } ?? []
        let tcb = ["tensionValues", "continuityValues", "biasValues"].map {
            (entry[$0] as? [Any])?.map { Golden.number($0)! } ?? []
        }

        let facts: Facts
        let evaluate: (Double) -> Outcome
        var points = vectors
        // A curve of values of type V, made from and read back to components.
        func curve<V: AnimatableValue>(_ make: ([Double]) -> V, _ components: @escaping (V) -> [Double]) -> (Facts, (Double) -> Outcome) {
            let curve = KeyframeCurve(values: vectors.map(make), mode: mode, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                      tension: tcb[0], continuity: tcb[1], bias: tcb[2])
            return ((curve.values.count, curve.keyTimesUsed, curve.timingFunctionsUsed, curve.keyTimes),
                    { Outcome(value: curve.value(at: $0).map(components)) })
        }
        switch kind {
        case "path":
            let path = try Path(svgPathData: XCTUnwrap(entry["path"] as? String))
            let expected = try XCTUnwrap(entry["pathSegments"] as? [[[Any]]]).map { $0.map { Point(Golden.number($0[0])!, Golden.number($0[1])!) } }
            XCTAssertEqual(path.segments.map(\.controlPoints), expected, "\(name): segments")
            points = expected.flatMap { $0.map { [$0.x, $0.y] } }
            let keyframes = KeyframePath(path: path, mode: mode, keyTimes: keyTimes, timingFunctions: timingFunctions)
            facts = (keyframes.keyframeCount, keyframes.keyTimesUsed, keyframes.timingFunctionsUsed, keyframes.keyTimes)
            evaluate = { p in
                guard let (point, rotation) = keyframes.sample(at: p, rotationMode: rotationMode) else { return Outcome() }
                return Outcome(value: [point.x, point.y], rotation: rotation)
            }
        case "scalar":
            (facts, evaluate) = curve({ $0[0] }, { [$0] })
        case "point":
            (facts, evaluate) = curve({ Point($0[0], $0[1]) }, { [$0.x, $0.y] })
        default:
            XCTAssertEqual(kind, "vector4")
            (facts, evaluate) = curve({ Color(SIMD4($0[0], $0[1], $0[2], $0[3])) }, { [$0.red, $0.green, $0.blue, $0.alpha] })
        }

        XCTAssertEqual(facts.count, Golden.integer(entry["keyframeCount"]), "\(name): keyframeCount")
        XCTAssertEqual(facts.keyTimesUsed, entry["keyTimesUsed"] as? Bool, "\(name): keyTimesUsed")
        XCTAssertEqual(facts.timingFunctionsUsed, entry["timingFunctionsUsed"] as? Bool, "\(name): timingFunctionsUsed")
        if let effective = (entry["effectiveKeyTimes"] as? [Any])?.map({ Golden.number($0)! }) {
            XCTAssertEqual(facts.keyTimes, effective, "\(name): effective key times")
        } else if let boundaries = (entry["pacedBoundaries"] as? [Any])?.map({ Golden.number($0)! }) {
            XCTAssertEqual(facts.keyTimes.count, boundaries.count, "\(name): paced boundaries")
            for (ours, theirs) in zip(facts.keyTimes, boundaries) {
                XCTAssertEqual(ours, theirs, accuracy: 1e-10, "\(name): paced boundaries")
            }
        } else if facts.count >= 2 {
            XCTAssertEqual(facts.keyTimes, [], "\(name): no key times over zero length")
        }

        let scale = max(1, points.joined().map(Swift.abs).max() ?? 0)
        let paced = mode == .paced || mode == .cubicPaced
        let tolerance = mode == .discrete ? 0 : paced ? 1e-9 : 1e-12
        let category = kind == "path" ? "path \(paced ? "paced" : mode == .discrete ? "discrete" : "linear")" : mode.rawValue
        let checksRotation = kind == "path" && rotationMode != nil

        for sample in try XCTUnwrap(entry["samples"] as? [[String: Any]]) {
            var p = try XCTUnwrap(Golden.number(sample["p"]))
            if let animationTiming { p = animationTiming.progress(at: try XCTUnwrap(Golden.number(sample["progress"]))) }
            let ours = evaluate(p)
            let slow = sample["slowTangent"] as? Bool ?? false
            var sides = [Outcome(value: Self.vector(sample["value"]), rotation: Golden.number(sample["rotation"]))]
            if sample["nearBoundary"] as? Bool ?? false {
                sides.append(Outcome(value: Self.vector(sample["valueOther"]), rotation: Golden.number(sample["rotationOther"])))
            }
            // Errors against each side; the sample passes if one side is within tolerance.
            let errors = sides.map { side -> (value: Double, rotation: Double) in
                (Self.valueError(ours.value, side.value, scale: scale),
                 checksRotation && !slow && side.value != nil ? Self.angleError(ours.rotation, side.rotation) : 0)
            }
            let best = errors.min { max($0.value - tolerance, $0.rotation - 1e-9) < max($1.value - tolerance, $1.rotation - 1e-9) }!
            tally.samples += 1
            if checksRotation && !slow && sides[0].value != nil { tally.rotations += 1 }
            tally.value(best.value, category, name)
            if best.rotation > tally.worstRotation.error { tally.worstRotation = (best.rotation, name) }
            XCTAssertLessThanOrEqual(best.value, tolerance, "\(name): p = \(p), value \(String(describing: ours.value)) vs \(sides.map(\.value))")
            XCTAssertLessThanOrEqual(best.rotation, 1e-9, "\(name): p = \(p), rotation \(String(describing: ours.rotation)) vs \(sides.map(\.rotation))")
        }
    }

    static func timingFunction(_ c: [Any]) -> TimingFunction {
        TimingFunction(controlPoints: Golden.number(c[0])!, Golden.number(c[1])!, Golden.number(c[2])!, Golden.number(c[3])!)
    }

    static func vector(_ value: Any?) -> [Double]? {
        (value as? [Any])?.map { Golden.number($0)! }
    }

    /// The largest component error over `scale`; 0 when both are `nil`, ∞ when only one is.
    static func valueError(_ ours: [Double]?, _ expected: [Double]?, scale: Double) -> Double {
        switch (ours, expected) {
        case (nil, nil): return 0
        case (let a?, let b?) where a.count == b.count:
            let error = zip(a, b).map { $0 == $1 ? 0 : Swift.abs($0 - $1) / scale }.max() ?? 0
            return error.isNaN ? .infinity : error
        default: return .infinity
        }
    }

    /// The angle between two rotations modulo 2π; 0 when both are `nil`, ∞ when only one is.
    static func angleError(_ ours: Double?, _ expected: Double?) -> Double {
        switch (ours, expected) {
        case (nil, nil): return 0
        case (let a?, let b?):
            let error = Swift.abs((a - b).remainder(dividingBy: 2 * .pi))
            return error.isNaN ? .infinity : error
        default: return .infinity
        }
    }
}
