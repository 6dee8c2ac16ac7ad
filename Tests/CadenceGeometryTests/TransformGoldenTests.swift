import CadenceGeometry
import CadenceTestSupport
import XCTest

/// Transforms against the 160-digit oracle of `Reference/` (`generate_geometry.py`).
/// Tolerances (Reference/README.md, "Geometry tolerances"): matrices 1e-12 relative to the
/// largest reference entry (invert only where the condition number is ≤ 1e8);
/// decomposition fields 1e-10·max(1, |x|), quaternions up to sign; interpolation 1e-9
/// relative; components 1e-10, 1e-7 for rotation.y near gimbal lock, angles modulo 2π
/// near ±π.
final class TransformGoldenTests: XCTestCase {
    typealias Object = [String: Any]

    func transform(_ value: Any?) -> Transform3D {
        Transform3D((value as? [Any] ?? []).compactMap(Golden.number))!
    }

    func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).compactMap(Golden.number) }

    func assertMatrix(_ actual: Transform3D, _ expected: [Double], _ tolerance: Double, _ message: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        guard expected.count == 16 else {
            return XCTFail("\(message): the golden has \(expected.count) numbers, not 16", file: file, line: line)
        }
        let scale = max(1, expected.map(abs).max() ?? 1)
        for (a, e) in zip(actual.fields, expected) where !(abs(a - e) <= tolerance * scale) {
            return XCTFail("\(message): \(actual.fields) vs \(expected)", file: file, line: line)
        }
    }

    func testMatrixFunctions() throws {
        let root = try XCTUnwrap(Golden.load("transforms.json") as? Object)
        // Every group is in the file: a missing or renamed key fails instead of checking nothing.
        func cases(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> [Object] {
            let list = root[key] as? [Object] ?? []
            XCTAssertFalse(list.isEmpty, "no \(key) cases in transforms.json", file: file, line: line)
            return list
        }
        for c in cases("makeTranslation") {
            let i = numbers(c["input"])
            assertMatrix(Transform3D(translationX: i[0], y: i[1], z: i[2]), numbers(c["output"]), 1e-12, "translation \(i)")
        }
        for c in cases("makeScale") {
            let i = numbers(c["input"])
            assertMatrix(Transform3D(scaleX: i[0], y: i[1], z: i[2]), numbers(c["output"]), 1e-12, "scale \(i)")
        }
        for c in cases("makeRotation") {
            let i = numbers(c["input"])
            assertMatrix(Transform3D(rotationAngle: i[0], x: i[1], y: i[2], z: i[3]), numbers(c["output"]), 1e-12, "rotation \(i)")
        }
        for c in cases("translate") {
            let i = numbers(c["input"])
            assertMatrix(transform(c["t"]).translatedBy(x: i[0], y: i[1], z: i[2]), numbers(c["output"]), 1e-12, "translate \(c["name"]!)")
        }
        for c in cases("scale") {
            let i = numbers(c["input"])
            assertMatrix(transform(c["t"]).scaledBy(x: i[0], y: i[1], z: i[2]), numbers(c["output"]), 1e-12, "scale \(c["name"]!)")
        }
        for c in cases("rotate") {
            let i = numbers(c["input"])
            assertMatrix(transform(c["t"]).rotatedBy(angle: i[0], x: i[1], y: i[2], z: i[3]), numbers(c["output"]), 1e-12, "rotate \(c["name"]!)")
        }
        for c in cases("concat") {
            assertMatrix(transform(c["a"]).concatenating(transform(c["b"])), numbers(c["output"]), 1e-12, "concat \(c["name"]!)")
        }
        var inverted = 0
        for c in cases("invert") {
            let m = Transform3D(numbers(c["input"]))!
            let singular = c["singular"] as? Bool ?? false
            XCTAssertEqual(m.inverse == nil, singular, "invert \(c["name"]!): singular flag")
            if singular {
                XCTAssertEqual(m.inverted.fields.map(\.bitPattern), m.fields.map(\.bitPattern), "\(c["name"]!)")
            } else if let condition = Golden.number(c["condition"]), condition <= 1e8 {
                assertMatrix(m.inverted, numbers(c["output"]), 1e-12 * max(1, condition / 1e4), "invert \(c["name"]!)")
                inverted += 1
            }
        }
        XCTAssertGreaterThan(inverted, 20)
        for c in cases("points") {
            let p = numbers(c["point"]), expected = numbers(c["output"])
            let mapped = transform(c["matrix"]).apply(x: p[0], y: p[1], z: p[2])
            for k in 0..<3 {
                XCTAssertEqual(mapped[k], expected[k], accuracy: 1e-12 * max(1, abs(expected[k])), "point \(c["name"]!)")
            }
        }
        for c in cases("isAffine") {
            XCTAssertEqual(transform(c["matrix"]).isAffine, c["isAffine"] as? Bool, "isAffine \(c["name"]!)")
        }
        for c in cases("affine") {
            let a = numbers(c["affine"])
            let affine = CadenceGeometry.AffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])
            XCTAssertEqual(Transform3D(affine).fields, numbers(c["matrix"]))
            XCTAssertEqual(Transform3D(affine).affineTransform, affine)
        }
        for c in cases("affineConcat") {
            let (a, b, o) = (numbers(c["a"]), numbers(c["b"]), numbers(c["output"]))
            let r = CadenceGeometry.AffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])
                .concatenating(CadenceGeometry.AffineTransform(a: b[0], b: b[1], c: b[2], d: b[3], tx: b[4], ty: b[5]))
            for (x, y) in zip([r.a, r.b, r.c, r.d, r.tx, r.ty], o) { XCTAssertEqual(x, y, accuracy: 1e-12 * max(1, abs(y))) }
        }
        for c in cases("affineInvert") {
            let (a, o) = (numbers(c["input"]), numbers(c["output"]))
            let m = CadenceGeometry.AffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])
            XCTAssertEqual(m.inverse == nil, c["singular"] as? Bool ?? false, "affine invert \(a)")
            let r = m.inverted
            for (x, y) in zip([r.a, r.b, r.c, r.d, r.tx, r.ty], o) { XCTAssertEqual(x, y, accuracy: 1e-10 * max(1, abs(y)), "\(a)") }
        }
        for c in cases("affinePoints") {
            let (a, p, o) = (numbers(c["affine"]), numbers(c["point"]), numbers(c["output"]))
            let q = CadenceGeometry.AffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5]).apply(to: Point(p[0], p[1]))
            XCTAssertEqual(q.x, o[0], accuracy: 1e-12 * max(1, abs(o[0])))
            XCTAssertEqual(q.y, o[1], accuracy: 1e-12 * max(1, abs(o[1])))
        }
        for c in cases("boundingBoxes") {
            let r = numbers(c["rect"])
            let box = transform(c["matrix"]).boundingBox(of: Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
            if c["output"] as? String == "infinite" {
                XCTAssertEqual(box.width, .infinity, "box \(c["name"]!)")
            } else {
                let o = numbers(c["output"])
                for (x, y) in zip([box.origin.x, box.origin.y, box.size.width, box.size.height], o) {
                    XCTAssertEqual(x, y, accuracy: 1e-12 * max(1, abs(y)), "box \(c["name"]!)")
                }
            }
        }
        for c in cases("components") {
            let m = transform(c["matrix"])
            let values = try XCTUnwrap(c["values"] as? Object)
            for component in Transform3D.Component.allCases {
                let expected = try XCTUnwrap(Golden.number(values[component.rawValue]), component.rawValue)
                var actual = m.value(of: component)
                let isAngle = component.rawValue.hasPrefix("rotation")
                if isAngle && c["angleNearPi"] as? Bool == true {
                    actual = expected + remainder(actual - expected, 2 * .pi)
                }
                let tolerance = component == .rotationY && c["nearGimbalLock"] as? Bool == true ? 1e-7 : 1e-10
                XCTAssertEqual(actual, expected, accuracy: tolerance * max(1, abs(expected)), "\(c["name"]!) \(component.rawValue)")
            }
        }
    }

    func testDecompositionAndInterpolation() throws {
        let root = try XCTUnwrap(Golden.load("decomposition.json") as? Object)
        let decompositions = root["decompositions"] as? [Object] ?? []
        XCTAssertGreaterThan(decompositions.count, 80)
        for c in decompositions {
            let name = c["name"] as? String ?? "?"
            let m = transform(c["matrix"])
            guard let expected = c["decomposition"] as? Object else {
                XCTAssertNil(m.decomposed, "\(name) should not decompose")
                continue
            }
            guard let d = m.decomposed else { XCTFail("\(name) should decompose"); continue }
            func check(_ actual: [Double], _ key: String) {
                let golden = numbers(expected[key])
                XCTAssertEqual(golden.count, actual.count, "\(name) \(key): count")
                for (a, e) in zip(actual, golden) {
                    XCTAssertEqual(a, e, accuracy: 1e-10 * max(1, abs(e)), "\(name) \(key)")
                }
            }
            check([d.perspective[0], d.perspective[1], d.perspective[2], d.perspective[3]], "perspective")
            check([d.translation[0], d.translation[1], d.translation[2]], "translate")
            check([d.scale[0], d.scale[1], d.scale[2]], "scale")
            check([d.shear[0], d.shear[1], d.shear[2]], "skew")
            // Quaternions up to sign (Cadence does not force w ≥ 0).
            let q = numbers(expected["quaternion"])
            let sign: Double = (d.rotation.vector * SIMD4(q[0], q[1], q[2], q[3])).sum() < 0 ? -1 : 1
            check((0..<4).map { d.rotation.vector[$0] * sign }, "quaternion")
            assertMatrix(d.recomposed, numbers(c["matrix"]), 1e-12, "\(name) round trip")
        }
        var samples = 0
        for pair in (root["interpolations"] as? [Object] ?? []) + (root["affineInterpolations"] as? [Object] ?? []) {
            let name = pair["name"] as? String ?? "?"
            let a = transform(pair["a"].map { v -> Any in Self.embedded(v) })
            let b = transform(pair["b"].map { v -> Any in Self.embedded(v) })
            let nearlyOpposite = pair["nearlyOpposite"] as? Bool ?? false
            let alternatives = [pair["samples"], pair["otherWaySamples"]].compactMap { $0 as? [Object] }
            for (index, sample) in (alternatives.first ?? []).enumerated() {
                let p = try XCTUnwrap(Golden.number(sample["p"]))
                let result = a.interpolated(to: b, p)
                let candidates = nearlyOpposite ? alternatives.map { numbers($0[index]["matrix"]) } : [numbers(sample["matrix"])]
                // Scale from the finite entries: an infinite one must match exactly, not
                // make every tolerance infinite.
                let scale = max(1, candidates[0].filter(\.isFinite).map(abs).max() ?? 1)
                let matches = candidates.contains { expected in
                    zip(result.fields, expected).allSatisfy { $0 == $1 || abs($0 - $1) <= 1e-9 * scale }
                }
                XCTAssertTrue(matches, "\(name) at \(p): \(result.fields) vs \(candidates[0])")
                if sample["isAffine"] as? Bool == true {
                    // 2D pairs stay in their plane (also with opposite determinants).
                    let offPlane = [result.m13, result.m14, result.m23, result.m24, result.m31, result.m32, result.m34, result.m43]
                    XCTAssertLessThanOrEqual(offPlane.map(abs).max() ?? 0, 1e-15, "\(name) at \(p) leaves the plane")
                }
                samples += 1
            }
        }
        XCTAssertGreaterThan(samples, 300)
    }

    /// The affine pairs give 6 numbers; everything else 16.
    static func embedded(_ value: Any) -> Any {
        guard let list = value as? [Any], list.count == 6 else { return value }
        let a = list.compactMap(Golden.number)
        return Transform3D(CadenceGeometry.AffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])).fields as [Any]
    }
}
