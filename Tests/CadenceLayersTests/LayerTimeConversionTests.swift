import CadenceLayers
import CadenceTestSupport
import CadenceTiming
import XCTest

/// Times between layers (`Layer+TimeConversion.swift`).
final class LayerTimeConversionTests: XCTestCase {
    // CAMediaTiming: t = (tp − beginTime) · speed + timeOffset, and back.
    func testOneLayer() {
        let layer = Layer()
        layer.timing = MediaTiming(beginTime: 2, speed: 3, timeOffset: 0.5)
        XCTAssertEqual(layer.convertTime(5, from: nil), 9.5)
        XCTAssertEqual(layer.convertTime(9.5, to: nil), 5)
        XCTAssertEqual(layer.convertTime(7, from: layer), 7)
    }

    // Through the tree: up to the common superlayer, down to the target.
    func testSiblingsAndNesting() throws {
        let parent = Layer(), child = Layer(), sibling = Layer()
        parent.timing.speed = 2
        child.timing.beginTime = 1
        sibling.timing.speed = 0.5
        try parent.addSublayer(child)
        try parent.addSublayer(sibling)
        XCTAssertEqual(child.convertTime(3, from: nil), 5)  // parent 6, child 6 − 1
        XCTAssertEqual(sibling.convertTime(5, from: child), 3)  // parent 6, sibling 6 · 0.5
        XCTAssertEqual(child.convertTime(3, to: sibling), 2)
        XCTAssertEqual(parent.convertTime(5, from: child), 6)
    }

    // Issue 5: layers in different trees meet in root time.
    func testDifferentTrees() {
        let a = Layer(), b = Layer()
        a.timing.speed = 2
        b.timing.timeOffset = 10
        XCTAssertEqual(b.convertTime(4, from: a), 12)
        XCTAssertEqual(a.convertTime(12, from: b), 4)
    }

    // A paused layer (speed 0) has no inverse: up through it gives its beginTime.
    func testPausedLayer() {
        let layer = Layer()
        layer.timing = MediaTiming(beginTime: 7, speed: 0, timeOffset: 3)
        XCTAssertEqual(layer.convertTime(100, to: nil), 7)
        XCTAssertEqual(layer.convertTime(100, from: nil), 3)
        XCTAssertEqual(layer.convertTime(.nan, from: nil), 3)  // paused: always its offset
        XCTAssertTrue(Layer().convertTime(.nan, from: nil).isNaN)
    }

    // Property: the same answers as `TimeSpaceTree` on a mirror of random trees.
    func testMatchesTimeSpaceTree() {
        let seed: UInt64 = 77
        var g = LayerTreeGenerator(seed: seed)
        for trial in 0..<100 {
            let layers = g.tree("t", maxDepth: 4) + g.tree("u", maxDepth: 2)
            var tree = TimeSpaceTree()
            var nodes: [ObjectIdentifier: TimeSpaceTree.Node] = [:]
            for layer in layers {
                layer.timing = MediaTiming(
                    beginTime: g.chance(0.5) ? g.number(-5...5) : 0, speed: g.chance(0.5) ? g.number(-3...3) : 1,
                    timeOffset: g.chance(0.5) ? g.number(-5...5) : 0)
                nodes[ObjectIdentifier(layer)] = tree.add(
                    layer.timing, parent: layer.superlayer.map { nodes[ObjectIdentifier($0)]! })
            }
            let a = layers[Int(g.rng.next() % UInt64(layers.count))]
            let b = layers[Int(g.rng.next() % UInt64(layers.count))]
            let t = g.number(-100...100)
            let expected = tree.convert(t, from: nodes[ObjectIdentifier(a)], to: nodes[ObjectIdentifier(b)])
            XCTAssertEqual(b.convertTime(t, from: a), expected, accuracy: 1e-9 * max(1, abs(expected)),
                           "seed \(seed), trial \(trial)")
            XCTAssertEqual(a.convertTime(t, to: nil), tree.convert(t, from: nodes[ObjectIdentifier(a)], to: nil),
                           "seed \(seed), trial \(trial)")
        }
    }
}
