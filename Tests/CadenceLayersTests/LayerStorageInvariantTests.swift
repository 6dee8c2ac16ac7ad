import CadenceAnimation
import CadenceGeometry
@_spi(Testing) @testable import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

/// The layer storage's cached facts (the flags of its hot part) stay true to the stored
/// values through every kind of mutation: setters, key-value coding, the style, copies,
/// presentation snapshots with animated transforms. Seeded; a failure names the seed and
/// the step.
final class LayerStorageInvariantTests: XCTestCase {
    func testCachedFlagsDescribeTheStoredValuesAfterEveryMutation() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let root = Layer()
            var layers = [root]
            for index in 1..<6 {
                let layer = Layer()
                try layers[Int(rng.next() % UInt64(index))].addSublayer(layer)
                layers.append(layer)
            }
            func transform() -> Transform3D {
                switch rng.next() % 3 {
                case 0: return .identity
                case 1: return Transform3D(rotationAngle: rng.unit() * 6, x: 0, y: 0, z: 1)
                default: return Transform3D(translationX: rng.unit() * 10, y: 0, z: 0).scaledBy(x: 2, y: 1, z: 1)
                }
            }
            for step in 0..<200 {
                let layer = layers[Int(rng.next() % UInt64(layers.count))]
                switch rng.next() % 10 {
                case 0: layer.transform = transform()
                case 1: layer.sublayerTransform = transform()
                case 2: layer.isGeometryFlipped.toggle()
                case 3: layer.style = rng.next() % 2 == 0 ? nil : LayerStyle(values: ["opacity": .scalar(0.5)])
                case 4: layer.bounds = Rect(x: 0, y: 0, width: rng.unit() * 200 - 100, height: rng.unit() * 200 - 100)
                case 5: try layer.setValue(.transform(transform()), forKeyPath: "transform")
                case 6: try layer.setValue(.boolean(rng.next() % 2 == 0), forKeyPath: "geometryFlipped")
                case 7: try layer.setValue(.scalar(rng.unit() * 3), forKeyPath: "transform.rotation.z")
                case 8:
                    layer.add(BasicAnimation<Transform3D>(
                        keyPath: "transform", fromValue: .identity, toValue: transform(), timing: MediaTiming(duration: 1)),
                        forKey: "turn", beginningAt: 0)
                default: try layer.setValue(.transform(transform()), forKeyPath: "sublayerTransform")
                }
                for layer in layers {
                    XCTAssertEqual(layer.storageInvariantViolations, [], "seed \(seed) step \(step): model")
                }
                if step % 20 == 19 {
                    var snapshots = [root.presentation(at: rng.unit() * 2), root.modelTreeCopy()]
                    while let snapshot = snapshots.popLast() {
                        XCTAssertEqual(snapshot.storageInvariantViolations, [], "seed \(seed) step \(step): snapshot or copy")
                        snapshots += snapshot.sublayers
                    }
                }
            }
        }
    }

    func testAViolationIsReported() {
        // The check can fail: bounds written past the standardising setter (into the hot
        // part, which only the storage's setters should write) are named.
        let layer = Layer()
        layer.transform = Transform3D(scaleX: 2, y: 2, z: 1)
        XCTAssertEqual(layer.storageInvariantViolations, [])
        layer.storage.hot.bounds = Rect(x: 0, y: 0, width: -5, height: 1)
        XCTAssertEqual(layer.storageInvariantViolations, ["bounds not standardised"])
    }
}
