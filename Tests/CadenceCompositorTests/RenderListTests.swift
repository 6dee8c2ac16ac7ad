import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import CadenceTiming
import XCTest

@testable import CadenceCompositor

/// The render list: matrices, order, culling, groups and extents (RenderList+Building.swift).
final class RenderListTests: XCTestCase {
    private let canvas = Canvas(width: 100, height: 80)

    private func list(_ roots: [Layer], on canvas: Canvas? = nil, at time: Double = 0) -> RenderList {
        Compositor().renderList(roots, at: time, on: canvas ?? self.canvas)
    }

    /// Each item's matrix maps the layer's points where `convert(_:to: nil)` does (the one
    /// chain in CadenceLayers), times the canvas scale — for seeded random trees with 2D and
    /// 3D transforms, anchor points, bounds origins and sublayer transforms with perspective.
    func testMatricesAgreeWithLayerConversion() throws {
        var generator = SeededGenerator(seed: 0xC0_4D05)
        for trial in 0..<40 {
            var layers: [Layer] = []
            let root = randomLayer(&generator, name: "0")
            layers.append(root)
            for k in 1..<6 {
                let layer = randomLayer(&generator, name: "\(k)")
                try layers[Int(generator.next() % UInt64(layers.count))].addSublayer(layer)
                layers.append(layer)
            }
            let scale = [1.0, 2, 0.5][trial % 3]
            let items = list([root], on: Canvas(width: 100, height: 80, scale: scale)).items
            for item in items {
                let layer = layers.first { $0.name == item.name }!
                for corner in [Point(x: item.bounds.minX, y: item.bounds.minY), Point(x: item.bounds.maxX, y: item.bounds.maxY)] {
                    let h = item.matrix.homogeneous(x: corner.x, y: corner.y, z: 0)
                    guard h[3] > 1e-3 else { continue }
                    let expected = layer.convert(corner, to: nil)
                    let got = Point(x: h[0] / h[3] / scale, y: h[1] / h[3] / scale)
                    let size = max(1, abs(expected.x), abs(expected.y))
                    XCTAssertEqual(got.x, expected.x, accuracy: 1e-9 * size, "seed \(generator.seed) trial \(trial) \(item.name!)")
                    XCTAssertEqual(got.y, expected.y, accuracy: 1e-9 * size, "seed \(generator.seed) trial \(trial) \(item.name!)")
                }
            }
        }
    }

    private func randomLayer(_ g: inout SeededGenerator, name: String) -> Layer {
        let layer = Layer()
        layer.name = name
        layer.bounds = Rect(x: g.unit() * 10 - 5, y: g.unit() * 10 - 5, width: 5 + g.unit() * 40, height: 5 + g.unit() * 40)
        layer.position = Point(x: g.unit() * 60, y: g.unit() * 60)
        layer.anchorPoint = Point(x: g.edgeBiased(), y: g.edgeBiased())
        layer.anchorPointZ = g.unit() * 10 - 5
        layer.zPosition = g.unit() * 10 - 5
        switch g.next() % 4 {
        case 0: layer.transform = Transform3D(rotationAngle: g.unit() * 6, x: 0, y: 0, z: 1)
        case 1: layer.transform = Transform3D(rotationAngle: g.unit() * 1.2, x: g.unit(), y: g.unit(), z: g.unit())
        case 2: layer.transform = Transform3D(scaleX: 0.5 + g.unit(), y: 0.5 + g.unit(), z: 1)
        default: break
        }
        if g.next() % 3 == 0 {
            var p = Transform3D.identity
            p.m34 = -1 / (300 + g.unit() * 500)
            layer.sublayerTransform = p
        }
        return layer
    }

    /// Depth first, each layer before its sublayers; parent indices, depths and subtree ends
    /// describe the tree; the roots are ordered like siblings.
    func testStructure() throws {
        let a = makeLayer("a", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red)
        let b = makeLayer("b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let c = makeLayer("c", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let d = makeLayer("d", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try a.addSublayer(b)
        try b.addSublayer(c)
        try a.addSublayer(d)
        let e = makeLayer("e", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        e.zPosition = -1
        let items = list([a, e]).items
        XCTAssertEqual(items.map(\.name), ["e", "a", "b", "c", "d"])
        XCTAssertEqual(items.map(\.depth), [0, 0, 1, 2, 1])
        XCTAssertEqual(items.map(\.parent), [nil, nil, 1, 2, 1])
        XCTAssertEqual(items.map(\.subtreeEnd), [1, 5, 4, 4, 5])
    }

    /// Hidden layers, opacity 0, edge-on layers and back-facing single-sided layers are left
    /// out with their sublayers; a double-sided back-facing layer stays.
    func testCulling() throws {
        func tree(_ configure: (Layer) -> Void) throws -> [String?] {
            let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 50, height: 50))
            let layer = makeLayer("layer", frame: Rect(x: 10, y: 10, width: 20, height: 20), background: red)
            try layer.addSublayer(makeLayer("child", frame: Rect(x: 0, y: 0, width: 5, height: 5), background: blue))
            try root.addSublayer(layer)
            configure(layer)
            return list([root]).items.map(\.name)
        }
        XCTAssertEqual(try tree { _ in }, ["root", "layer", "child"])
        XCTAssertEqual(try tree { $0.isHidden = true }, ["root"])
        XCTAssertEqual(try tree { $0.opacity = 0 }, ["root"])
        XCTAssertEqual(try tree { $0.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0) }, ["root"], "edge-on")
        XCTAssertEqual(try tree { $0.transform = Transform3D(scaleX: 0, y: 1, z: 1) }, ["root"], "flattened")
        let flip = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        XCTAssertEqual(try tree { $0.transform = flip }, ["root", "layer", "child"], "double-sided")
        XCTAssertEqual(try tree { $0.transform = flip; $0.isDoubleSided = false }, ["root"], "back-facing")
        XCTAssertEqual(try tree { $0.transform = Transform3D(rotationAngle: 2, x: 0, y: 1, z: 0); $0.isDoubleSided = false },
                       ["root"], "past 90°: back-facing")
        XCTAssertEqual(try tree { $0.transform = Transform3D(rotationAngle: 1, x: 0, y: 1, z: 0); $0.isDoubleSided = false },
                       ["root", "layer", "child"], "turned but facing the viewer")
        // A bottom-left canvas flips y, not the layers' facing.
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.isDoubleSided = false
        XCTAssertEqual(list([root], on: Canvas(width: 50, height: 50, origin: .bottomLeft)).items.count, 1)
    }

    /// Style values are clamped: corner radius and border width to half the shorter side,
    /// opacity to 0…1; invisible backgrounds and borders are dropped.
    func testClampedStyle() {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 20, height: 10), background: Color(red: 1, green: 0, blue: 0, alpha: 0))
        layer.cornerRadius = 50
        layer.borderWidth = 30
        layer.opacity = 3
        let item = list([layer]).items[0]
        XCTAssertEqual(item.cornerRadius, 5)
        XCTAssertEqual(item.borderWidth, 5)
        XCTAssertEqual(item.opacity, 1)
        XCTAssertNil(item.backgroundColor)
        layer.borderColor = nil
        XCTAssertEqual(list([layer]).items[0].borderWidth, 0)
        XCTAssertFalse(list([layer]).items[0].drawsItself)
    }

    /// Extents: own pixels with a pixel of margin, the union of the sublayers', cut by
    /// `masksToBounds`, within the canvas.
    func testExtents() throws {
        let parent = makeLayer("p", frame: Rect(x: 10, y: 10, width: 20, height: 20), background: red)
        try parent.addSublayer(makeLayer("c", frame: Rect(x: 30, y: 0, width: 100, height: 5), background: blue))
        var items = list([parent]).items
        XCTAssertEqual(items[0].pixelBounds, PixelRect(minX: 9, minY: 9, maxX: 31, maxY: 31))
        XCTAssertEqual(items[1].extent, PixelRect(minX: 39, minY: 9, maxX: 100, maxY: 16))
        XCTAssertEqual(items[0].extent, PixelRect(minX: 9, minY: 9, maxX: 100, maxY: 31))
        parent.masksToBounds = true
        items = list([parent]).items
        XCTAssertEqual(items[0].extent, PixelRect(minX: 9, minY: 9, maxX: 31, maxY: 31))
    }

    /// The list reads the presentation: an animation in flight moves the item.
    func testUsesThePresentation() {
        let layer = makeLayer("l", frame: Rect(x: 0, y: 0, width: 10, height: 10), background: red)
        layer.add(BasicAnimation(keyPath: "position", fromValue: Point(x: 5, y: 5), toValue: Point(x: 55, y: 5),
                                 timing: MediaTiming(duration: 1)), forKey: "move")
        let h = list([layer], at: 0.5).items[0].matrix.homogeneous(x: 0, y: 0, z: 0)
        XCTAssertEqual(h[0] / h[3], 25, accuracy: 1e-9)
    }
}
