import CadenceGeometry
@testable import CadenceLayers
import CadenceTestSupport
import XCTest

/// A layer with the given geometry (and a name, for messages).
func makeLayer(
    _ name: String, bounds: Rect = .zero, position: Point = .zero, anchorPoint: Point = Point(x: 0.5, y: 0.5)
) -> Layer {
    let layer = Layer()
    layer.name = name
    layer.bounds = bounds
    layer.position = position
    layer.anchorPoint = anchorPoint
    return layer
}

/// Asserts two lists of numbers agree entry by entry within `tolerance` relative to the
/// largest magnitude in either (or 1); the shape of every `assertClose` below.
func assertClose(_ a: [Double], _ b: [Double], _ tolerance: Double, _ message: @autoclosure () -> String,
                 file: StaticString, line: UInt) {
    let scale = max(1, (a + b).map(abs).max() ?? 1)
    if a.count != b.count || zip(a, b).contains(where: { !(abs($0 - $1) <= tolerance * scale) }) {
        XCTFail(message(), file: file, line: line)
    }
}

func assertClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-12, _ message: @autoclosure () -> String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    assertClose([a.x, a.y], [b.x, b.y], tolerance, "\(a) ≉ \(b) \(message())", file: file, line: line)
}

func assertClose(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-12, _ message: @autoclosure () -> String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    assertClose([a.origin.x, a.origin.y, a.size.width, a.size.height],
                [b.origin.x, b.origin.y, b.size.width, b.size.height],
                tolerance, "\(a) ≉ \(b) \(message())", file: file, line: line)
}

func assertClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12,
                 file: StaticString = #filePath, line: UInt = #line) {
    assertClose(a.fields, b.fields, tolerance, "\(a) ≉ \(b)", file: file, line: line)
}

/// Random layer trees for property tests, edge-biased through `SeededGenerator`. A fifth
/// of the layers are `isGeometryFlipped`.
///
/// Transforms are invertible by construction: rotations about z, scales in 0.5…2 (with
/// flips), translations, rotations about x or y of at most 60° (the plane is foreshortened
/// by at least a half), and mild perspective in sublayer transforms (|m34| ≤ 1/4000, so W
/// stays near 1 for the coordinates the tests use).
struct LayerTreeGenerator {
    var rng: SeededGenerator

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    mutating func number(_ range: ClosedRange<Double>) -> Double { rng.edgeBiased(in: range) }
    mutating func chance(_ p: Double) -> Bool { rng.unit() < p }

    /// A transform from the family above.
    mutating func transform() -> Transform3D {
        var t = Transform3D.identity
        if chance(0.5) { t = t.concatenating(Transform3D(rotationAngle: number(-.pi...(.pi)), x: 0, y: 0, z: 1)) }
        if chance(0.5) {
            let sx = number(0.5...2) * (chance(0.2) ? -1 : 1), sy = number(0.5...2)
            t = t.concatenating(Transform3D(scaleX: sx, y: sy, z: 1))
        }
        if chance(0.3) {
            let axis = chance(0.5) ? (1.0, 0.0) : (0.0, 1.0)
            t = t.concatenating(Transform3D(rotationAngle: number(-.pi / 3 ... .pi / 3), x: axis.0, y: axis.1, z: 0))
        }
        if chance(0.5) { t = t.concatenating(Transform3D(translationX: number(-50...50), y: number(-50...50), z: 0)) }
        return t
    }

    /// A sublayer transform: `transform()`, sometimes with perspective.
    mutating func sublayerTransform() -> Transform3D {
        var t = chance(0.5) ? transform() : .identity
        if chance(0.4) { t.m34 = -number(0...(1.0 / 4000)) }
        return t
    }

    /// One random layer, not in a tree.
    mutating func layer(_ name: String) -> Layer {
        let layer = makeLayer(
            name,
            bounds: Rect(x: number(-20...20), y: number(-20...20), width: number(0...200), height: number(0...200)),
            position: Point(x: number(-100...200), y: number(-100...200)),
            anchorPoint: chance(0.5) ? Point(x: 0.5, y: 0.5) : Point(x: number(0...1), y: number(0...1)))
        if chance(0.6) { layer.transform = transform() }
        if chance(0.4) { layer.sublayerTransform = sublayerTransform() }
        if chance(0.3) { layer.zPosition = number(-50...50) }
        if chance(0.2) { layer.anchorPointZ = number(-20...20) }
        if chance(0.2) { layer.isGeometryFlipped = true }
        return layer
    }

    /// A random tree of at most `maxDepth` levels below the root and `maxChildren`
    /// sublayers per layer; every layer of it, root first.
    mutating func tree(_ prefix: String, maxDepth: Int = 3, maxChildren: Int = 3) -> [Layer] {
        let root = layer(prefix)
        var all = [root]
        func grow(_ parent: Layer, depth: Int) {
            guard depth < maxDepth else { return }
            for i in 0..<Int(rng.next() % UInt64(maxChildren + 1)) {
                let child = layer("\(parent.name!).\(i)")
                try! parent.addSublayer(child)
                all.append(child)
                grow(child, depth: depth + 1)
            }
        }
        grow(root, depth: 0)
        return all
    }
}

/// `point` carried from `source`'s space to `target`'s with no fallback: `nil` when a step
/// has no exact answer (the cases where `convert` substitutes an anchor).
func exactConversion(_ point: Point, from source: Layer?, to target: Layer?) -> Point? {
    Layer.walk(Optional(point), from: source, to: target,
               up: { layer, p in p.flatMap(layer.mapToSuperlayer) },
               down: { layer, p in p.flatMap(layer.mapFromSuperlayer) })
}
