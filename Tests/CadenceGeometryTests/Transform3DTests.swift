import CadenceGeometry
import CadenceTestSupport
import XCTest

final class Transform3DTests: XCTestCase {
    /// A well-conditioned random transform: scale 0.5…2, rotation, shear ≤ 0.3,
    /// translation ±100, sometimes perspective.
    static func randomTransform(_ rng: inout SeededGenerator) -> Transform3D {
        var m = Transform3D(scaleX: 0.5 + 1.5 * rng.unit(), y: 0.5 + 1.5 * rng.unit(), z: 0.5 + 1.5 * rng.unit())
        var shear = Transform3D.identity
        shear.m21 = rng.unit() * 0.6 - 0.3
        shear.m31 = rng.unit() * 0.6 - 0.3
        m = m.concatenating(shear)
        m = m.concatenating(Transform3D(rotationAngle: rng.unit() * 6.28, x: rng.unit() - 0.5, y: rng.unit() - 0.5, z: rng.unit() - 0.5))
        m = m.concatenating(Transform3D(translationX: rng.unit() * 200 - 100, y: rng.unit() * 200 - 100, z: rng.unit() * 20 - 10))
        if rng.next() % 3 == 0 { m.m34 = -1 / (300 + 700 * rng.unit()) }
        return m
    }

    // CONVENTIONS.md item 4, the worked example of the doc comment (the property is in
    // Transform3DPropertyTests).
    func testConcatAppliesTheFirstOperandFirst() {
        // The worked example of the doc comment.
        let m = Transform3D(translationX: 10, y: 20, z: 0).concatenating(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1))
        XCTAssertEqual(m.apply(to: Point(x: 1, y: 0)), Point(x: -20, y: 11))
    }

    // Seed: CATransform3DMakeTranslation/Scale put tx ty tz in the fourth row, sx sy sz on
    // the diagonal; MakeRotation about z sends (1, 0) towards (0, 1).
    func testMakeFunctions() {
        let t = Transform3D(translationX: 1, y: 2, z: 3)
        XCTAssertEqual(t.fields, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1])
        XCTAssertEqual(Transform3D(scaleX: 2, y: 3, z: 4).fields, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        let r = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 5)
        XCTAssertEqual(r.m11, cos(0.3), accuracy: 1e-16)
        XCTAssertEqual(r.m12, sin(0.3), accuracy: 1e-16)
        XCTAssertEqual(r.m21, -sin(0.3), accuracy: 1e-16)
        XCTAssertEqual(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1).apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1))
        // Zero-length axis: identity (seed). Non-finite axis: identity too.
        XCTAssertTrue(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0).isIdentity)
        XCTAssertTrue(Transform3D(rotationAngle: 1, x: .nan, y: 0, z: 1).isIdentity)
        XCTAssertTrue(Transform3D(rotationAngle: .nan, x: 0, y: 0, z: 1).isIdentity)
        XCTAssertTrue(Transform3D(rotationAngle: .infinity, x: 0, y: 0, z: 1).isIdentity)
        XCTAssertTrue(AffineTransform(rotationAngle: .nan).isIdentity)
        // A rotation about an arbitrary axis leaves the axis fixed and is orthonormal.
        let axis = Transform3D(rotationAngle: 1.1, x: 1, y: 2, z: 3)
        let fixed = axis.applyToVector(x: 1, y: 2, z: 3)
        XCTAssertEqual(fixed[0], 1, accuracy: 1e-14)
        XCTAssertEqual(fixed[1], 2, accuracy: 1e-14)
        XCTAssertEqual(fixed[2], 3, accuracy: 1e-14)
        assertClose(axis.concatenating(Transform3D(rotationAngle: -1.1, x: 1, y: 2, z: 3)), .identity, 1e-15)
    }

    // Property: the residual of M·M⁻¹ is bounded by the condition number. Random dense
    // matrices (entries uniform in −1…1), half of them with rows scaled by powers of ten
    // from 1e-3 to 1e3 (the singularity test is relative to each row's length), kept when
    // cond_F = ‖M‖_F·‖M⁻¹‖_F (an upper bound of the 2-norm condition number) is below 1e8.
    // max |M·M⁻¹ − I| ≤ 8·ε·cond_F, ε = 2.2e-16: the cofactors and the product each round
    // a few times per entry; the largest ratio seen on these inputs is 3.0 (3.5 with FMA).
    func testInverseResidualIsBoundedByConditionNumber() {
        var rng = SeededGenerator(seed: 5)
        func frobenius(_ m: Transform3D) -> Double { m.fields.reduce(0) { $0 + $1 * $1 }.squareRoot() }
        var worst = 0.0, checked = 0
        for i in 0..<20_000 {
            var rows = (0..<4).map { _ in SIMD4(rng.unit(), rng.unit(), rng.unit(), rng.unit()) * 2 - 1 }
            if i % 2 == 1 { rows = rows.map { $0 * pow(10, (rng.unit() * 6 - 3).rounded()) } }
            let m = Transform3D(rows: rows[0], rows[1], rows[2], rows[3])
            guard let inverse = m.inverse else { continue }
            let condition = frobenius(m) * frobenius(inverse)
            guard condition < 1e8 else { continue }
            let residual = zip(m.concatenating(inverse).fields, Transform3D.identity.fields).map { abs($0 - $1) }.max()!
            let ratio = residual / (condition * Double.ulpOfOne)
            worst = max(worst, ratio)
            checked += 1
            XCTAssertLessThanOrEqual(ratio, 8, "seed \(rng.seed): \(m), cond_F \(condition)")
            if ratio > 8 { return }
        }
        XCTAssertGreaterThan(checked, 15_000)
        print("inverse residual / (ε·cond_F): worst \(worst) over \(checked) matrices (seed 5)")
    }

    // Seed: CATransform3DInvert returns the original matrix when it has no inverse.
    // Singularity is relative to scale: a uniform scale of 0.04 inverts.
    func testSingularAndSmallScales() {
        let small = Transform3D(scaleX: 0.04, y: 0.04, z: 0.04).concatenating(Transform3D(translationX: 1000, y: 1000, z: 1000))
        XCTAssertNotNil(small.inverse)
        assertClose(small.inverted.concatenating(small), .identity, 1e-12)
        let flat = Transform3D(scaleX: 1, y: 0, z: 1)
        XCTAssertNil(flat.inverse)
        XCTAssertEqual(flat.inverted, flat)
        var nan = Transform3D.identity
        nan.m12 = .nan
        XCTAssertNil(nan.inverse)
        XCTAssertEqual(nan.inverted.fields.map(\.bitPattern), nan.fields.map(\.bitPattern))
        var infinite = Transform3D.identity
        infinite.m41 = .infinity
        XCTAssertNil(infinite.inverse)
        // Nearly singular relative to scale: rows almost parallel.
        let nearly = Transform3D(m11: 1, m12: 1, m13: 0, m14: 0, m21: 1, m22: 1 + 1e-16, m23: 0, m24: 0,
                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        XCTAssertNil(nearly.inverse)
        XCTAssertEqual(Transform3D(scaleX: 2, y: 4, z: 8).determinant, 64)
    }

    func testIdentityAndEquality() {
        XCTAssertTrue(Transform3D.identity.isIdentity)
        XCTAssertFalse(Transform3D(translationX: 0, y: 0, z: 1e-300).isIdentity)
        XCTAssertEqual(Transform3D(rotationAngle: 2 * .pi, x: 0, y: 0, z: 1), .identity)  // exact at whole turns
        XCTAssertNotEqual(Transform3D(scaleX: 1, y: 1, z: 1.0.nextUp), .identity)
    }

    // Seed: MakeAffineTransform / IsAffine / GetAffineTransform.
    func testAffineRoundTrip() {
        let affine = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let m = Transform3D(affine)
        XCTAssertTrue(m.isAffine)
        XCTAssertEqual(m.affineTransform, affine)
        XCTAssertEqual(m.fields, [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        var perspective = m
        perspective.m34 = -0.002
        XCTAssertFalse(perspective.isAffine)
        XCTAssertFalse(Transform3D(translationX: 0, y: 0, z: 1).isAffine)
        let p = Point(x: 7, y: -3)
        XCTAssertEqual(affine.apply(to: p), m.apply(to: p))
        // Affine concat, inverse.
        let b = AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(translationX: 3, y: 1))
        XCTAssertEqual(Transform3D(affine.concatenating(b)), Transform3D(affine).concatenating(Transform3D(b)))
        let inverse = try! XCTUnwrap(b.inverse)
        let q = b.concatenating(inverse)
        XCTAssertEqual(q.a, 1, accuracy: 1e-15)
        XCTAssertEqual(q.tx, 0, accuracy: 1e-15)
        XCTAssertNil(AffineTransform(scaleX: 0, y: 1).inverse)
        XCTAssertEqual(AffineTransform(scaleX: 0, y: 1).inverted, AffineTransform(scaleX: 0, y: 1))
    }

    // Points through perspective: m34 = −1/d shrinks points at positive z… here, a layer
    // rotated about y by 60° under d = 500: its right edge recedes and its image narrows.
    func testPerspectiveDivideAndBoundingBox() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let m = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0).concatenating(perspective)
        let h = m.homogeneous(x: 100, y: 0, z: 0)
        // The rotation sends x = 100 to z = −100·sin 60°; the perspective makes W = 1 − z/500.
        let expectedW: Double = 1 + 100 * sin(Double.pi / 3) / 500
        XCTAssertEqual(h[3], expectedW, accuracy: 1e-12)
        let projected = m.apply(to: Point(x: 100, y: 0))
        XCTAssertEqual(projected.x, h[0] / h[3], accuracy: 1e-12)
        // The frame of a rotated square is its bounding box.
        let box = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1).boundingBox(of: Rect(x: -1, y: -1, width: 2, height: 2))
        XCTAssertEqual(box.minX, -2.0.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(box.width, 2 * 2.0.squareRoot(), accuracy: 1e-15)
        // A corner behind the viewer: the infinite rectangle.
        var behind = Transform3D.identity
        behind.m14 = -0.1
        XCTAssertEqual(behind.boundingBox(of: Rect(x: 0, y: 0, width: 100, height: 10)).width, .infinity)
    }

    // Bad input: NaN fields have no inverse or decomposition, map points to NaN, give the
    // infinite bounding box, and read components as the fallback (rotation 0, scale 0).
    func testNaNTransforms() {
        var m = Transform3D.identity
        m.m21 = .nan
        XCTAssertFalse(m.isFinite)
        XCTAssertTrue(Transform3D.identity.isFinite)
        XCTAssertNil(m.inverse)
        XCTAssertNil(m.decomposed)
        XCTAssertTrue(m.apply(to: Point(x: 1, y: 1)).x.isNaN)
        XCTAssertEqual(m.boundingBox(of: Rect(x: 0, y: 0, width: 1, height: 1)).width, .infinity)
        XCTAssertEqual(m.value(of: .rotationZ), 0)
        XCTAssertEqual(m.value(of: .scaleY), 0)
        XCTAssertEqual(m.interpolated(to: .identity, 0.7), .identity)
    }

    func testCodableIsSixteenNumbersInFieldOrder() throws {
        let m = Transform3D(translationX: 1, y: 2, z: 3)
        let json = String(decoding: try JSONEncoder().encode(m), as: UTF8.self)
        XCTAssertEqual(json, "[1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1]")
        XCTAssertEqual(try JSONDecoder().decode(Transform3D.self, from: Data(json.utf8)), m)
        XCTAssertThrowsError(try JSONDecoder().decode(Transform3D.self, from: Data("[1,2,3]".utf8)))
    }

    func testBatchPointMapping() {
        let m = Transform3D(scaleX: 2, y: 3, z: 1).concatenating(Transform3D(translationX: 1, y: 1, z: 0))
        var points = [Point(x: 1, y: 1), Point(x: -2, y: 0.5)]
        points.withUnsafeMutableBufferPointer { m.apply(to: $0) }
        XCTAssertEqual(points, [Point(x: 3, y: 4), Point(x: -3, y: 2.5)])
    }
}
