import CadenceAnimation
import CadenceGeometry
@_spi(Testing) @testable import CadenceLayers
import CadenceTiming
import XCTest

/// Recycled presentations (`Layer+Recycling.swift`) against their twin, `freshPresentation(at:)`,
/// which makes every layer new: the same trees, field for field, whatever the caller keeps
/// and however the model changes between frames; a presentation the caller holds never
/// changes; the kept layers are freed with the model.
final class LayerRecyclingTests: XCTestCase {
    /// `a` and `b` hold the same properties (bit for bit), models, sublayers and masks, and
    /// each layer's sublayers and mask name it as their superlayer.
    func assertSameTree(_ a: Layer, _ b: Layer, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(sameProperties(a, b), "\(message): \(a) ≠ \(b)", file: file, line: line)
        XCTAssertTrue(a.model === b.model, message, file: file, line: line)
        XCTAssertEqual(a.sublayers.count, b.sublayers.count, message, file: file, line: line)
        XCTAssertEqual(a.layerClass, b.layerClass, message, file: file, line: line)
        XCTAssertEqual(a.needsDisplay, b.needsDisplay, message, file: file, line: line)
        XCTAssertEqual(a.presentedTransition == nil, b.presentedTransition == nil, message, file: file, line: line)
        for (x, y) in zip(a.sublayers, b.sublayers) {
            XCTAssertTrue(x.superlayer === a, message, file: file, line: line)
            assertSameTree(x, y, message, file: file, line: line)
        }
        XCTAssertEqual(a.mask == nil, b.mask == nil, message, file: file, line: line)
        if let x = a.mask, let y = b.mask {
            XCTAssertTrue(x.superlayer === a, message, file: file, line: line)
            assertSameTree(x, y, message, file: file, line: line)
        }
    }

    /// Every layer of `root`'s tree, root first, depth first.
    func allLayers(of root: Layer) -> [Layer] {
        var all = [root]
        for sublayer in root.sublayers { all += allLayers(of: sublayer) }
        if let mask = root.mask { all += allLayers(of: mask) }
        return all
    }

    /// Random trees with random animations (`AnimationGenerator`), presented frame after
    /// frame with the model changed between frames (properties, animations, sublayers
    /// added, removed and moved, masks, classes): each recycled presentation equals the
    /// fresh one. The layers of a dropped frame are reused: a frame of an unchanged tree
    /// is made of the same objects as the frame before.
    func testRecycledTreesMatchFresh() throws {
        let seed: UInt64 = 0xCADE_0A01
        var g = AnimationGenerator(seed: seed)
        var reusedFrames = 0
        for trial in 0..<60 {
            let layers = g.tree.tree("t\(trial)", maxDepth: 3, maxChildren: 3)
            for layer in layers { g.decorate(layer) }
            let root = layers[0]
            var previous: [ObjectIdentifier] = []
            var previousPlain = false
            for frame in 0..<6 {
                let time = g.tree.number(-1...6)
                let message = "seed \(seed), trial \(trial), frame \(frame), time \(time)"
                let changed = frame > 0 && g.tree.chance(0.5)
                if changed {
                    let all = allLayers(of: root).filter { !$0.isPresentation }
                    let target = all[Int(g.tree.rng.next() % UInt64(all.count))]
                    switch g.tree.rng.next() % 6 {
                    case 0: try target.addSublayer(g.tree.layer("added\(frame)"))
                    case 1: if target !== root { target.removeFromSuperlayer() }
                    case 2: g.decorate(target)
                    case 3: target.removeAllAnimations()
                    case 4: try target.addSublayer(ShapeLayer())
                    default: try target.setMask(g.tree.chance(0.5) ? g.tree.layer("mask\(frame)") : nil)
                    }
                }
                let recycled = root.presentation(at: time)
                assertSameTree(recycled, root.freshPresentation(at: time), message)
                // Every layer reusable: plain, no mask, no transition.
                let plain = allLayers(of: recycled).allSatisfy { (layer: Layer) -> Bool in
                    layer.layerClass == .layer && layer.mask == nil && layer.presentedTransition == nil
                }
                let identities = allLayers(of: recycled).dropFirst().map(ObjectIdentifier.init)
                if !changed && plain && previousPlain && !identities.isEmpty {
                    XCTAssertEqual(identities, previous, "\(message): an unchanged tree reuses every layer below the root")
                    reusedFrames += 1
                }
                previous = Array(identities)
                previousPlain = plain
            }
        }
        XCTAssertGreaterThan(reusedFrames, 20, "frames that reused every layer")
    }

    /// A presentation the caller holds — the root, only a deep sublayer, or only a
    /// sublayers array — is never changed by later presentations, and the later ones are
    /// right; a layer kept after its presentation's root is dropped reads no superlayer
    /// once the next presentation has been made.
    func testHeldPresentationsNeverChange() throws {
        let root = Layer()
        for i in 0..<3 {
            let group = Layer()
            group.position = Point(x: Double(i), y: 0)
            for j in 0..<3 {
                let leaf = Layer()
                leaf.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
                                                timing: MediaTiming(duration: 1)), forKey: "fade")
                leaf.add(BasicAnimation<Point>(keyPath: "position", fromValue: .zero, toValue: Point(x: 10, y: Double(j)),
                                               timing: MediaTiming(duration: 1)), forKey: "move")
                try leaf.addSublayer(Layer())
                try group.addSublayer(leaf)
            }
            try root.addSublayer(group)
        }
        _ = root.presentation(at: 0.1)  // something kept to reuse

        // The whole root held.
        let held = root.presentation(at: 0.25)
        for time in [0.5, 0.75] {
            assertSameTree(root.presentation(at: time), root.freshPresentation(at: time), "time \(time)")
            assertSameTree(held, root.freshPresentation(at: 0.25), "the held root, after time \(time)")
        }

        // Only a deep sublayer held: unchanged, its own sublayer still its own; its
        // superlayer, part of the dropped tree, cleared by the next presentation.
        var deep: Layer? = root.presentation(at: 0.3).sublayers[1].sublayers[2]
        XCTAssertNil(deep?.superlayer?.superlayer, "the root was dropped")
        assertSameTree(root.presentation(at: 0.9), root.freshPresentation(at: 0.9), "after the deep sublayer")
        XCTAssertNil(deep?.superlayer)
        assertSameTree(deep!, root.freshPresentation(at: 0.3).sublayers[1].sublayers[2], "the held deep sublayer")
        XCTAssertEqual(deep?.opacity, 0.3)
        deep = nil

        // Only a sublayers array held.
        let array = root.presentation(at: 0.4).sublayers[2].sublayers
        assertSameTree(root.presentation(at: 0.8), root.freshPresentation(at: 0.8), "after the array")
        let fresh = root.freshPresentation(at: 0.4).sublayers[2].sublayers
        for (x, y) in zip(array, fresh) { assertSameTree(x, y, "the held array") }
        XCTAssertEqual(array.map(\.opacity), [0.4, 0.4, 0.4])

        // A layer of a dropped presentation with a weak reference is not reused: it keeps
        // its values while it lives, and is freed by the next presentation.
        weak var watched = root.presentation(at: 0.6).sublayers[0].sublayers[0]
        XCTAssertEqual(watched?.opacity, 0.6)
        assertSameTree(root.presentation(at: 0.2), root.freshPresentation(at: 0.2), "after the weak reference")
        XCTAssertNil(watched, "a layer with a weak reference is let go, not reused")
    }

    /// The kept layers are freed with the model layer, or by `dropRecycledPresentation()`;
    /// the model layers are not kept alive by them.
    func testRecycledLayersAreFreed() throws {
        var root: Layer? = Layer()
        try root!.addSublayer(Layer())
        try root!.sublayers[0].addSublayer(Layer())
        weak var weakModel = root
        weak var weakKept: Layer?
        weak var weakKeptLeaf: Layer?
        do {
            let snapshot = root!.presentation(at: 0)
            _ = root!.presentation(at: 0)
            XCTAssertTrue(snapshot.sublayers[0].superlayer === snapshot)
        }
        // Weak references taken after the last presentation: they stop the next one
        // reusing these layers, not their being kept.
        weakKept = root!.modelIdentity!.recycledSublayers.first
        weakKeptLeaf = weakKept?.sublayers.first
        XCTAssertNotNil(weakKept)
        XCTAssertNotNil(weakKeptLeaf)
        root!.dropRecycledPresentation()
        XCTAssertNil(weakKept)
        XCTAssertNil(weakKeptLeaf)

        _ = root!.presentation(at: 0)
        weakKept = root!.modelIdentity!.recycledSublayers.first
        XCTAssertNotNil(weakKept)
        root = nil
        XCTAssertNil(weakModel)
        XCTAssertNil(weakKept)
    }

    /// Only a root keeps its presentation's layers: presenting each layer of a tree (to read
    /// its animated values) keeps nothing below the root, and a root added as a sublayer
    /// drops what it kept when it is next presented.
    func testOnlyRootsKeepTheirPresentations() throws {
        let root = Layer()
        let middle = Layer()
        try root.addSublayer(middle)
        try middle.addSublayer(Layer())
        try middle.sublayers[0].addSublayer(Layer())
        for layer in [middle, middle.sublayers[0]] {
            _ = layer.presentation(at: 0)
            XCTAssertEqual(layer.modelIdentity?.recycledSublayers.count ?? 0, 0, "a sublayer keeps nothing")
        }
        _ = root.presentation(at: 0)
        XCTAssertEqual(root.modelIdentity?.recycledSublayers.count, 1)

        let other = Layer()
        try other.addSublayer(Layer())
        _ = other.presentation(at: 0)
        XCTAssertEqual(other.modelIdentity?.recycledSublayers.count, 1, "a root keeps its sublayers' layers")
        weak var kept = other.modelIdentity?.recycledSublayers.first
        XCTAssertNotNil(kept)
        try root.addSublayer(other)
        let presented = other.presentation(at: 0)
        XCTAssertEqual(presented.sublayers.count, 1)
        XCTAssertEqual(other.modelIdentity?.recycledSublayers.count ?? 0, 0, "dropped once it has a superlayer")
        XCTAssertNil(kept)
    }
}
