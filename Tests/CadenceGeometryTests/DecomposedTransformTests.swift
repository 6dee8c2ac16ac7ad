import CadenceGeometry
import CadenceTestSupport
import XCTest

final class DecomposedTransformTests: XCTestCase {
    // Property: decompose → recompose gives the transform back (1e-12 relative).
    func testDecomposeRecomposeRoundTrip() {
        var rng = SeededGenerator(seed: 10)
        for _ in 0..<2000 {
            var m = Transform3DTests.randomTransform(&rng)
            if rng.next() % 4 == 0 { m = m.concatenating(Transform3D(scaleX: -1, y: 1, z: 1)) }  // mirrors
            guard let d = m.decomposed else { return XCTFail("seed \(rng.seed): \(m) not decomposable") }
            assertClose(d.recomposed, m, 1e-12, "seed \(rng.seed)")
        }
    }

    // Interpolation endpoints are the ends (1e-12 relative), for any pair.
    func testInterpolationEndpoints() {
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<1000 {
            let a = Transform3DTests.randomTransform(&rng), b = Transform3DTests.randomTransform(&rng)
            assertClose(a.interpolated(to: b, 0), a, 1e-12, "seed \(rng.seed)")
            assertClose(a.interpolated(to: b, 1), b, 1e-12, "seed \(rng.seed)")
        }
        // m44 ≠ 1 (a projectively scaled matrix) keeps its endpoints too.
        var scaled = Transform3D(translationX: 1, y: 2, z: 3)
        scaled = Transform3D(rows: scaled.r1 * 2, scaled.r2 * 2, scaled.r3 * 2, scaled.r4 * 2)
        assertClose(scaled.interpolated(to: .identity, 0), scaled)
    }

    // Core Animation: an identity → 2π rotation does not move; a quarter turn goes half way
    // at 0.5; the short way is taken (350° is −10°).
    func testRotationInterpolationTakesTheShortWay() {
        let full = Transform3D(rotationAngle: 2 * .pi, x: 0, y: 0, z: 1)
        for t in stride(from: 0.0, through: 1, by: 0.25) {
            assertClose(Transform3D.identity.interpolated(to: full, t), .identity, 1e-15)
        }
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        assertClose(Transform3D.identity.interpolated(to: quarter, 0.5), Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1))
        let almostFull = Transform3D(rotationAngle: 350 * .pi / 180, x: 0, y: 0, z: 1)
        assertClose(Transform3D.identity.interpolated(to: almostFull, 0.5), Transform3D(rotationAngle: -5 * .pi / 180, x: 0, y: 0, z: 1))
        // π is ambiguous but deterministic and a proper rotation at the middle.
        let half = Transform3D.identity.interpolated(to: Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1), 0.5)
        XCTAssertEqual(abs(half.m12), 1, accuracy: 1e-12)
    }

    // Slerp: nearly equal and nearly opposite quaternions stay finite and unit length.
    func testSlerpStability() {
        let a = Quaternion(angle: 0.3, axis: SIMD3(0, 0, 1))
        let b = Quaternion(angle: 0.3 + 1e-13, axis: SIMD3(0, 0, 1))
        for t in [0, 0.5, 1, 1.5] {
            let q = a.slerp(to: b, t)
            XCTAssertEqual((q.vector * q.vector).sum(), 1, accuracy: 1e-15)
        }
        let opposite = Quaternion(-a.vector)
        let still = a.slerp(to: opposite, 0.5).vector  // the same rotation: no motion
        XCTAssertEqual(still[2], a.vector[2], accuracy: 1e-15)
        XCTAssertEqual(still[3], a.vector[3], accuracy: 1e-15)
        let q = Quaternion(angle: 0.8, axis: SIMD3(1, -2, 0.5))
        let m = Transform3D(rotationAngle: 0.8, x: 1, y: -2, z: 0.5)
        assertClose(q.matrix, m, 1e-15)
        let (r0, r1, r2) = q.rows
        let back = Quaternion(rows: r0, r1, r2)
        XCTAssertEqual(abs((back.vector * q.vector).sum()), 1, accuracy: 1e-15)
    }

    // A negative determinant flips the scales consistently, and still round-trips and
    // interpolates continuously from a mirror to itself.
    func testMirror() {
        let mirror = Transform3D(scaleX: -2, y: 3, z: 1)
        let d = try! XCTUnwrap(mirror.decomposed)
        // Gram–Schmidt finds rows (−1,0,0), (0,1,0), (0,0,1): a reflection, so the x scale
        // and row flip, leaving no rotation.
        XCTAssertEqual(d.scale, SIMD3(-2, 3, 1))
        XCTAssertEqual(d.rotation.vector, Quaternion.identity.vector)
        assertClose(d.recomposed, mirror)
        assertClose(mirror.interpolated(to: mirror, 0.37), mirror)
    }

    // Not decomposable (m44 = 0, singular): discrete switch at 0.5.
    func testNonDecomposableSwitchesAtHalf() {
        var noW = Transform3D.identity
        noW.m44 = 0
        XCTAssertNil(noW.decomposed)
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        XCTAssertNil(flat.decomposed)
        let other = Transform3D(translationX: 5, y: 0, z: 0)
        XCTAssertEqual(flat.interpolated(to: other, 0.49), flat)
        XCTAssertEqual(flat.interpolated(to: other, 0.5), other)
        XCTAssertEqual(other.interpolated(to: noW, 0.2), other)
        var nan = Transform3D.identity
        nan.m11 = .nan
        XCTAssertNil(nan.decomposed)
    }

    // 2D matrices interpolate the same whether passed as 3D or as affine.
    func testAffineInterpolationMatches3D() {
        var rng = SeededGenerator(seed: 12)
        for _ in 0..<500 {
            let a = AffineTransform(rotationAngle: rng.unit() * 6).concatenating(AffineTransform(scaleX: 0.5 + rng.unit(), y: 0.5 + rng.unit()))
                .concatenating(AffineTransform(translationX: rng.unit() * 100, y: rng.unit() * 100))
            let b = AffineTransform(a: rng.unit() + 0.5, b: rng.unit() * 0.3, c: rng.unit() * 0.3, d: rng.unit() + 0.5, tx: rng.unit() * 10, ty: 3)
            let t = rng.unit() * 1.4 - 0.2
            let viaAffine = Transform3D(a.interpolated(to: b, t))
            let via3D = Transform3D(a).interpolated(to: Transform3D(b), t)
            assertClose(viaAffine, via3D, 1e-15, "seed \(rng.seed)")
            XCTAssertTrue(via3D.isAffine || abs(via3D.m13) < 1e-15, "seed \(rng.seed)")
        }
    }

    // 2D pairs whose determinants have opposite signs stay in their plane: identity →
    // mirror, mirror x → mirror y, a rotation → a mirrored rotation.
    func testMirroredPairsStayTwoDimensional() {
        let mirrorX = CadenceGeometry.AffineTransform(scaleX: -1, y: 1)
        let mirrorY = CadenceGeometry.AffineTransform(scaleX: 1, y: -1)
        let mirroredRotation = CadenceGeometry.AffineTransform(rotationAngle: -0.5).concatenating(mirrorX)
        let swap = CadenceGeometry.AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        let pairs: [(CadenceGeometry.AffineTransform, CadenceGeometry.AffineTransform)] = [
            (CadenceGeometry.AffineTransform.identity, mirrorX), (mirrorX, mirrorY),
            (CadenceGeometry.AffineTransform(rotationAngle: 0.5), mirroredRotation), (swap, CadenceGeometry.AffineTransform.identity),
        ]
        for (a, b) in pairs {
            for t in stride(from: -0.25, through: 1.25, by: 0.125) {
                let m = Transform3D(a).interpolated(to: Transform3D(b), t)
                let offPlane: Double = abs(m.m13) + abs(m.m23) + abs(m.m31) + abs(m.m32) + abs(m.m33 - 1)
                XCTAssertLessThan(offPlane, 1e-15, "\(a) → \(b) at \(t): \(m)")
                assertClose(Transform3D(a.interpolated(to: b, t)), m, 1e-15)
            }
            assertClose(Transform3D(a).interpolated(to: Transform3D(b), 0), Transform3D(a))
            assertClose(Transform3D(a).interpolated(to: Transform3D(b), 1), Transform3D(b))
        }
    }

    // Pre-decomposed blending equals the full path.
    func testPreDecomposedBlend() {
        var rng = SeededGenerator(seed: 13)
        let a = Transform3DTests.randomTransform(&rng), b = Transform3DTests.randomTransform(&rng)
        let (da, db) = (a.decomposed!, b.decomposed!)
        for t in [0.1, 0.5, 0.9] {
            XCTAssertEqual(da.interpolated(to: db, t).recomposed, a.interpolated(to: b, t))
        }
    }
}

final class TransformComponentTests: XCTestCase {
    // "Key Path Support for Structure Fields": a pure rotation about one axis reads back
    // its angle; rotation = rotation.z; scale is the average; translation is a size.
    func testReadingComponents() {
        XCTAssertEqual(Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1).value(of: .rotationZ), 0.7, accuracy: 1e-15)
        XCTAssertEqual(Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1).value(of: .rotation), 0.7, accuracy: 1e-15)
        XCTAssertEqual(Transform3D(rotationAngle: -0.4, x: 1, y: 0, z: 0).value(of: .rotationX), -0.4, accuracy: 1e-15)
        XCTAssertEqual(Transform3D(rotationAngle: 1.2, x: 0, y: 1, z: 0).value(of: .rotationY), 1.2, accuracy: 1e-15)
        let s = Transform3D(scaleX: 2, y: 3, z: 4)
        XCTAssertEqual(s.value(of: .scaleY), 3, accuracy: 1e-15)
        XCTAssertEqual(s.value(of: .scale), 3, accuracy: 1e-15)
        let t = Transform3D(translationX: 5, y: 6, z: 7)
        XCTAssertEqual(t.value(of: .translationZ), 7)
        XCTAssertEqual(t.translation, Size(width: 5, height: 6))
        // Not decomposable: rotation 0, scale = row lengths.
        let flat = Transform3D(scaleX: 0, y: 2, z: 1)
        XCTAssertEqual(flat.value(of: .scaleX), 0)
        XCTAssertEqual(flat.value(of: .scaleY), 2)
        XCTAssertEqual(flat.value(of: .rotationZ), 0)
    }

    // Writing replaces that component and recomposes; reading it back gives the value.
    func testWritingComponentsRoundTrips() {
        var rng = SeededGenerator(seed: 21)
        for _ in 0..<500 {
            let base = Transform3D(scaleX: 0.5 + rng.unit(), y: 0.5 + rng.unit(), z: 0.5 + rng.unit())
                .concatenating(Transform3D(eulerX: rng.unit() - 0.5, y: rng.unit() - 0.5, z: rng.unit() * 4 - 2))
                .concatenating(Transform3D(translationX: rng.unit() * 10, y: 2, z: 0))
            for component in Transform3D.Component.allCases {
                let value = component.rawValue.hasPrefix("rotation") ? rng.unit() * 2 - 1 : 0.25 + rng.unit() * 3
                let written = base.setting(component, to: value)
                XCTAssertEqual(written.value(of: component), value, accuracy: 1e-12, "\(component) seed \(rng.seed)")
            }
            // Writing translation.x leaves the rest alone.
            var expected = base
            expected.m41 = 99
            XCTAssertEqual(base.setting(.translationX, to: 99), expected)
        }
        // Writing scale sets all three.
        let uniform = Transform3D(scaleX: 1, y: 2, z: 3).setting(.scale, to: 5)
        XCTAssertEqual(uniform.value(of: .scaleX), 5, accuracy: 1e-15)
        XCTAssertEqual(uniform.value(of: .scaleZ), 5, accuracy: 1e-15)
    }

    func testEulerRoundTrip() {
        var rng = SeededGenerator(seed: 22)
        for _ in 0..<1000 {
            let angles = SIMD3(rng.unit() * 6 - 3, rng.unit() * 3 - 1.5, rng.unit() * 6 - 3)
            let back = Quaternion(eulerAngles: angles).eulerAngles
            for i in 0..<3 { XCTAssertEqual(back[i], angles[i], accuracy: 1e-9, "seed \(rng.seed)") }
        }
    }
}

extension Transform3D {
    /// Test helper: rotations about x, then y, then z.
    init(eulerX x: Double, y: Double, z: Double) {
        self = Quaternion(eulerAngles: SIMD3(x, y, z)).matrix
    }
}
