import CadenceGeometry
import CadenceTestSupport
import XCTest

/// `PathSegment`'s arc length and its inverse against `Reference/goldens/arc-length.json`
/// (mpmath at 50 digits, split at the speed's critical points; see
/// `Reference/oracle/arc_length.py`).
final class PathArcLengthGoldenTests: XCTestCase {
    struct Case {
        let name: String
        let segment: PathSegment
        let length: Double
        let lengths: [(t: Double, length: Double)]
        /// `t` is nil for a segment that is a single point.
        let parameters: [(fraction: Double, t: Double?, speed: Double?)]
    }

    static func cases() throws -> [Case] {
        let root = try XCTUnwrap(Golden.load("arc-length.json") as? [String: Any])
        let segments = try XCTUnwrap(root["segments"] as? [[String: Any]])
        return try segments.map { entry in
            let name = try XCTUnwrap(entry["name"] as? String)
            let points = try XCTUnwrap(entry["points"] as? [[Any]]).map { pair in
                Point(x: Golden.number(pair[0])!, y: Golden.number(pair[1])!)
            }
            let segment: PathSegment
            switch points.count {
            case 2: segment = .line(from: points[0], to: points[1])
            case 3: segment = .quadCurve(from: points[0], control: points[1], to: points[2])
            default: segment = .cubicCurve(from: points[0], control1: points[1], control2: points[2], to: points[3])
            }
            let lengths = try XCTUnwrap(entry["lengths"] as? [[String: Any]]).map {
                (t: Golden.number($0["t"])!, length: Golden.number($0["length"])!)
            }
            let parameters = try XCTUnwrap(entry["parameters"] as? [[String: Any]]).map {
                (fraction: Golden.number($0["fraction"])!, t: Golden.number($0["t"]), speed: Golden.number($0["speed"]))
            }
            return Case(
                name: name, segment: segment, length: try XCTUnwrap(Golden.number(entry["length"])), lengths: lengths,
                parameters: parameters)
        }
    }

    func testLengthsMatchGoldens() throws {
        var worst = 0.0
        var worstName = ""
        for c in try Self.cases() {
            // Relative to the whole length (partial lengths near t = 0 are tiny).
            let scale = max(c.length, .leastNormalMagnitude)
            var errors = [Swift.abs(c.segment.length - c.length) / scale]
            for (t, length) in c.lengths {
                errors.append(Swift.abs(c.segment.length(to: t) - length) / scale)
            }
            let error = errors.max()!
            if error > worst {
                worst = error
                worstName = c.name
            }
            // 1e-14: the panel sums' rounding; the contract (1e-9) is far away.
            XCTAssertLessThan(error, 1e-14, c.name)
        }
        print("path arc length vs Reference/goldens/arc-length.json: worst relative error \(worst) (\(worstName))")
    }

    func testParametersMatchGoldens() throws {
        var worst = 0.0
        for c in try Self.cases() {
            for (fraction, t, speed) in c.parameters {
                let ours = c.segment.parameter(atLength: fraction * c.length)
                guard let t else {
                    XCTAssertEqual(ours, 0, "\(c.name): a point's parameter is 0")
                    continue
                }
                // In length: the documented 1e-14 of the distance, plus the length's rounding.
                let lengthError = Swift.abs(c.segment.length(to: ours) - fraction * c.length) / c.length
                worst = max(worst, lengthError)
                XCTAssertLessThan(lengthError, 1e-13, "\(c.name), fraction \(fraction)")
                // In t, where the curve moves: Δt ≈ Δs / speed.
                if let speed, speed > 1e-3 * c.length {
                    XCTAssertEqual(ours, t, accuracy: 1e-13 * c.length / speed, "\(c.name), fraction \(fraction)")
                }
            }
        }
        print("path arc-length inverse vs Reference/goldens/arc-length.json: worst relative length error \(worst)")
    }
}
