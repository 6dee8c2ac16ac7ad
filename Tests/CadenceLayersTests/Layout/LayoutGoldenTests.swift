import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import XCTest

/// Autoresizing and constraint layout against `Reference/goldens/layout.json`, written by
/// `Reference/generate_layout.py` from an exact model of `docs/layout.md`.
final class LayoutGoldenTests: XCTestCase {
    private func golden() throws -> [String: Any] {
        try XCTUnwrap(Golden.load("layout.json") as? [String: Any])
    }

    private func numbers(_ value: Any?) throws -> [Double] {
        try XCTUnwrap(value as? [Any]).map { try XCTUnwrap(Golden.number($0)) }
    }

    private func rect(_ value: Any?) throws -> Rect {
        let n = try numbers(value)
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    private func largest(_ rects: [Rect]) -> Double {
        rects.flatMap { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }.filter(\.isFinite).map(abs).max() ?? 1
    }

    // Tolerance 1e-13 of the largest magnitude in the case: the share rounds about six
    // times (two differences, a sum of weights, a quotient, a product, a sum), each within
    // half an ulp of numbers no larger than that.
    func testAutoresizingMatchesTheModel() throws {
        let cases = try XCTUnwrap(golden()["autoresizing"] as? [[String: Any]])
        XCTAssertGreaterThan(cases.count, 300)
        for entry in cases {
            let name = entry["name"] as? String ?? "?"
            let frame = try rect(entry["frame"])
            let old = try numbers(entry["oldSize"])
            let bounds = try rect(entry["newBounds"])
            let expected = try rect(entry["result"])
            let mask = AutoresizingMask(rawValue: UInt32(try XCTUnwrap(Golden.integer(entry["mask"]))))
            let result = mask.resized(frame, oldSuperlayerSize: Size(width: old[0], height: old[1]), newSuperlayerBounds: bounds)
            let scale = max(1, largest([frame, bounds, expected, Rect(x: old[0], y: old[1], width: 0, height: 0)]))
            assertClose(result, expected, 1e-13 * scale, name)
        }
    }

    // The same cases through layers (the frame setter and getter round through position
    // and the anchor point): within 1e-9 of the largest magnitude.
    func testAutoresizingThroughLayersMatchesTheModel() throws {
        let cases = try XCTUnwrap(golden()["autoresizing"] as? [[String: Any]])
        for entry in cases {
            let old = try numbers(entry["oldSize"])
            guard old.allSatisfy(\.isFinite) else { continue }
            let bounds = try rect(entry["newBounds"])
            let superlayer = Layer()
            superlayer.bounds = Rect(origin: bounds.origin, size: Size(width: old[0], height: old[1]))
            let sublayer = Layer()
            sublayer.frame = try rect(entry["frame"])
            sublayer.autoresizingMask = AutoresizingMask(rawValue: UInt32(try XCTUnwrap(Golden.integer(entry["mask"]))))
            try superlayer.addSublayer(sublayer)
            superlayer.bounds.size = bounds.size
            let expected = try rect(entry["result"])
            assertClose(sublayer.frame, expected, 1e-9 * max(1, largest([expected, bounds])), entry["name"] as? String ?? "?")
        }
    }

    // Tolerance 1e-9 of the largest magnitude: a frame is read and written through
    // position and the anchor point, and a chain of up to five siblings scales by at most 3.
    func testConstraintSystemsMatchTheModel() throws {
        let cases = try XCTUnwrap(golden()["constraints"] as? [[String: Any]])
        XCTAssertGreaterThan(cases.count, 150)
        for entry in cases {
            let name = entry["name"] as? String ?? "?"
            let superlayer = Layer()
            superlayer.bounds = try rect(entry["bounds"])
            superlayer.layoutManager = ConstraintLayoutManager()
            var sublayers: [Layer] = []
            for object in try XCTUnwrap(entry["layers"] as? [[String: Any]]) {
                let layer = Layer()
                layer.name = object["name"] as? String
                layer.frame = try rect(object["frame"])
                layer.constraints = try XCTUnwrap(object["constraints"] as? [[String: Any]]).map { c in
                    func attribute(_ key: String) throws -> Constraint.Attribute {
                        let name = try XCTUnwrap(c[key] as? String)
                        return try XCTUnwrap(Constraint.Attribute.allCases.first { "\($0)" == name })
                    }
                    return Constraint(attribute: try attribute("attribute"), relativeTo: try XCTUnwrap(c["relativeTo"] as? String),
                                      attribute: try attribute("attribute2"), scale: try XCTUnwrap(Golden.number(c["scale"])),
                                      offset: try XCTUnwrap(Golden.number(c["offset"])))
                }
                try superlayer.addSublayer(layer)
                sublayers.append(layer)
            }
            superlayer.layoutIfNeeded()
            let expected = try XCTUnwrap(entry["frames"] as? [Any]).map { try rect($0) }
            let scale = max(1, largest(expected + [superlayer.bounds]))
            XCTAssertEqual(expected.count, sublayers.count, "\(name): a frame per sublayer")
            for (layer, frame) in zip(sublayers, expected) {
                assertClose(layer.frame, frame, 1e-9 * scale, "\(name), layer \(layer.name ?? "unnamed")")
            }
        }
    }
}
