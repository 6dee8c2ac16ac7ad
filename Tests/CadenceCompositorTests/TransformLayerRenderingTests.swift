import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// Transform layers: 3D contexts, their depth order and splitting (`docs/compositor.md` § 16).
final class TransformLayerRenderingTests: XCTestCase {
    /// A face: a `size × size` layer centred on its transform layer's origin, placed by `t`.
    private func face(_ name: String, _ color: Color, size: Double = 20, _ t: Transform3D) -> Layer {
        let layer = Layer()
        layer.name = name
        layer.bounds = Rect(x: 0, y: 0, width: size, height: size)
        layer.transform = t
        layer.backgroundColor = color
        return layer
    }

    private func context(_ faces: [Layer], at point: Point = Point(x: 16, y: 16)) throws -> TransformLayer {
        let t = TransformLayer()
        t.name = "context"
        t.position = point
        for f in faces { try t.addSublayer(f) }
        return t
    }

    /// The nearer face is drawn last whatever the sublayer order (a plain layer draws its
    /// sublayers in order, flattened), and `zPosition` is a depth, not only a sibling order.
    func testFacesAreDrawnBackToFront() throws {
        for nearFirst in [true, false] {
            let near = face("near", red, Transform3D(translationX: 0, y: 0, z: 10))
            let far = face("far", blue, Transform3D(translationX: 4, y: 4, z: -10))
            let t = try context(nearFirst ? [near, far] : [far, near])
            t.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0)
            let bitmap = try render([t])
            XCTAssertEqual(bitmap[16, 16], opaqueRed, "near first: \(nearFirst)")
            let names = Compositor().renderList([t], at: 0, on: Canvas(width: 32, height: 32)).items.map(\.name)
            XCTAssertEqual(names, ["context", "far", "near"])
        }
    }

    /// The transform layer draws nothing of its own, is not culled for being edge-on, and
    /// its opacity multiplies each face's (no group): two overlapping faces at 0.5 show
    /// each other.
    func testTheTransformLayerDrawsNothingAndPassesItsOpacityToEachFace() throws {
        let t = try context([face("a", red, Transform3D(translationX: 0, y: 0, z: 1)),
                             face("b", blue, Transform3D(translationX: 0, y: 0, z: 2))])
        t.bounds = Rect(x: -16, y: -16, width: 32, height: 32)  // its anchor point at its origin
        t.backgroundColor = green
        t.borderWidth = 3
        t.opacity = 0.5
        let items = Compositor().renderList([t], at: 0, on: Canvas(width: 32, height: 32)).items
        XCTAssertNil(items[0].backgroundColor)
        XCTAssertNil(items[0].borderColor)
        XCTAssertNil(items[0].groupOpacity)
        XCTAssertEqual(items.dropFirst().map(\.opacity), [0.5, 0.5])
        let bitmap = try render([t])
        let mixed = SIMD4<Int>(truncatingIfNeeded: bitmap[16, 16]) &- SIMD4(64, 0, 128, 191)
        XCTAssertLessThanOrEqual(max(abs(mixed.x), abs(mixed.y), abs(mixed.z), abs(mixed.w)), 1,
                                 "blue at 0.5 over red at 0.5: \(bitmap[16, 16])")
        XCTAssertEqual(bitmap[1, 1], transparent, "no background")
        // Edge-on: the faces turned back are still drawn.
        t.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        t.sublayers[0].transform = Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0)
        XCTAssertNotEqual(try render([t])[16, 16], transparent)
    }

    /// Back faces of faces that are not double-sided are culled (each by its own facing);
    /// a cube's six faces touch along their edges and are not split.
    func testCubeFacesAreCulledAndNotSplit() throws {
        let h = 10.0
        func placed(_ r: Transform3D, _ z: Double) -> Transform3D { Transform3D(translationX: 0, y: 0, z: z).concatenating(r) }
        let turns: [Transform3D] = [
            .identity, Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0), Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0),
            Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0),
        ]
        let faces = turns.enumerated().map { i, r in face("f\(i)", i % 2 == 0 ? red : blue, placed(r, h)) }
        let cube = try context(faces)
        cube.transform = Transform3D(rotationAngle: 0.5, x: 1, y: 1, z: 0)
        let items = Compositor().renderList([cube], at: 0, on: Canvas(width: 32, height: 32)).items
        XCTAssertEqual(items.count, 7)
        XCTAssertTrue(items.allSatisfy { $0.fragment == nil }, "touching faces are not split")
        for f in faces { f.isDoubleSided = false }
        let culled = Compositor().renderList([cube], at: 0, on: Canvas(width: 32, height: 32)).items
        XCTAssertEqual(culled.count, 1 + 3, "three faces turn away")
    }

    /// Two planes crossing: each is cut where the other crosses it, and the halves
    /// interleave: near half of one, the other, then far … — so on either side of the
    /// crossing the nearer plane shows. Compared with a supersampled depth test.
    func testCrossingPlanesAreSplit() throws {
        let a = face("a", red, size: 24, Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0))
        let b = face("b", blue, size: 24, Transform3D(rotationAngle: -0.6, x: 0, y: 1, z: 0))
        let t = try context([a, b])
        let items = Compositor().renderList([t], at: 0, on: Canvas(width: 32, height: 32)).items
        XCTAssertEqual(items.count, 4, "one of the planes is cut in two")
        XCTAssertEqual(items.filter { $0.fragment != nil }.count, 2)
        let bitmap = try render([t])
        // Rotation about y by +0.6 brings the left half of a nearer (z = −x·sin 0.6 > 0).
        XCTAssertEqual(bitmap[8, 16], opaqueRed)
        XCTAssertEqual(bitmap[24, 16], opaqueBlue)
    }

    /// The depth sort's pieces: a polygon crossing another's plane is split in two, the
    /// pieces on either side of it; coplanar polygons keep their order; past
    /// `maxPolygons` the polygons are sorted by their centroids.
    func testDepthSortSplitsAndKeepsCoplanarOrder() {
        let square: (Double) -> [SIMD3<Double>] = { z in [SIMD3(-1, -1, z), SIMD3(1, -1, z), SIMD3(1, 1, z), SIMD3(-1, 1, z)] }
        XCTAssertEqual(DepthSort.backToFront([square(1), square(0), square(2)]).map(\.polygon), [1, 0, 2])
        XCTAssertEqual(DepthSort.backToFront([square(0), square(0)]).map(\.polygon), [0, 1], "coplanar: input order")
        let slanted: [SIMD3<Double>] = [SIMD3(-1, -1, -1), SIMD3(1, -1, 1), SIMD3(1, 1, 1), SIMD3(-1, 1, -1)]
        let pieces = DepthSort.backToFront([square(0), slanted])
        XCTAssertEqual(pieces.map(\.polygon), [1, 0, 1], "far half, the plane, near half")
        XCTAssertEqual(pieces[0].cuts.count, 1)
        let many = (0..<(DepthSort.maxPolygons + 1)).map { square(-Double($0)) }
        XCTAssertEqual(DepthSort.backToFront(many).first?.polygon, DepthSort.maxPolygons, "by centroid")
        XCTAssertTrue(DepthSort.backToFront([[SIMD3(0, 0, 0), SIMD3(1, 1, 1)]]).isEmpty, "no area, no piece")
    }

    /// A replicator that preserves depth sorts its copies in 3D: a copy turned towards the
    /// viewer covers the ones behind it whatever the copy order.
    func testReplicatorPreservingDepthSortsItsCopies() throws {
        let r = ReplicatorLayer()
        r.bounds = Rect(x: 0, y: 0, width: 32, height: 32)
        r.position = Point(x: 16, y: 16)
        r.instanceCount = 2
        r.instanceTransform = Transform3D(translationX: 0, y: 0, z: -5)
        r.instanceColor = .white
        r.instanceRedOffset = -1
        r.instanceBlueOffset = 1
        try r.addSublayer(makeLayer("leaf", frame: Rect(x: 8, y: 8, width: 16, height: 16), background: .white))
        XCTAssertEqual(try render([r])[16, 16], SIMD4(0, 255, 255, 255), "flattened: copy 1 over copy 0")
        r.preservesDepth = true
        XCTAssertEqual(try render([r])[16, 16], opaqueWhite, "in depth: copy 0 is nearer")
    }
}
