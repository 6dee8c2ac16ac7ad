import CadenceLayers
import XCTest

/// The layer tree (`Layer+Hierarchy.swift`).
final class LayerHierarchyTests: XCTestCase {
    var root = Layer(), a = Layer(), b = Layer(), c = Layer()

    override func setUp() {
        root = makeLayer("root")
        a = makeLayer("a")
        b = makeLayer("b")
        c = makeLayer("c")
    }

    func names(_ layer: Layer) -> [String] { layer.sublayers.map { $0.name ?? "?" } }

    func testAddSublayerAppendsAndSetsTheSuperlayer() throws {
        try root.addSublayer(a)
        try root.addSublayer(b)
        XCTAssertEqual(names(root), ["a", "b"])
        XCTAssertIdentical(a.superlayer, root)
        XCTAssertIdentical(b.rootLayer, root)
        // Adding again moves it to the front.
        try root.addSublayer(a)
        XCTAssertEqual(names(root), ["b", "a"])
    }

    // A layer has one superlayer: adding it elsewhere takes it out of the first.
    func testAddingElsewhereMovesTheLayer() throws {
        try root.addSublayer(a)
        try b.addSublayer(a)
        XCTAssertTrue(root.sublayers.isEmpty)
        XCTAssertIdentical(a.superlayer, b)
    }

    func testInsertAtIndex() throws {
        try root.addSublayer(a)
        try root.addSublayer(b)
        try root.insertSublayer(c, at: 1)
        XCTAssertEqual(names(root), ["a", "c", "b"])
        try root.insertSublayer(c, at: 0)
        XCTAssertEqual(names(root), ["c", "a", "b"])
        // The index counts after the layer has left its place: moving to the end is 2.
        try root.insertSublayer(c, at: 2)
        XCTAssertEqual(names(root), ["a", "b", "c"])
        XCTAssertThrowsError(try root.insertSublayer(c, at: 3)) {
            XCTAssertEqual($0 as? LayerError, .indexOutOfRange(index: 3, count: 2))
        }
        XCTAssertThrowsError(try root.insertSublayer(Layer(), at: -1)) {
            XCTAssertEqual($0 as? LayerError, .indexOutOfRange(index: -1, count: 3))
        }
        XCTAssertEqual(names(root), ["a", "b", "c"])
    }

    func testInsertBelowAndAbove() throws {
        try root.addSublayer(a)
        try root.addSublayer(b)
        try root.insertSublayer(c, below: b)
        XCTAssertEqual(names(root), ["a", "c", "b"])
        try root.insertSublayer(c, above: b)
        XCTAssertEqual(names(root), ["a", "b", "c"])
        try root.insertSublayer(a, above: c)
        XCTAssertEqual(names(root), ["b", "c", "a"])
        try root.insertSublayer(a, below: a)  // below itself: nothing changes
        XCTAssertEqual(names(root), ["b", "c", "a"])
        // CALayer raises when the sibling is not a sublayer.
        let stranger = makeLayer("stranger")
        XCTAssertThrowsError(try root.insertSublayer(Layer(), below: stranger)) {
            XCTAssertEqual($0 as? LayerError, .notASublayer(layer: "'stranger'", superlayer: "'root'"))
        }
        XCTAssertThrowsError(try root.insertSublayer(Layer(), above: stranger))
        XCTAssertEqual(root.sublayers.count, 3)
    }

    func testReplaceSublayer() throws {
        try root.addSublayer(a)
        try root.addSublayer(b)
        try root.replaceSublayer(a, with: c)
        XCTAssertEqual(names(root), ["c", "b"])
        XCTAssertNil(a.superlayer)
        // With a sibling: the sibling moves into the replaced one's place.
        try root.replaceSublayer(b, with: c)
        XCTAssertEqual(names(root), ["c"])
        try root.replaceSublayer(c, with: c)
        XCTAssertEqual(names(root), ["c"])
        // Apple: undefined when the old layer is not a sublayer; Cadence throws.
        XCTAssertThrowsError(try root.replaceSublayer(a, with: b)) {
            XCTAssertEqual($0 as? LayerError, .notASublayer(layer: "'a'", superlayer: "'root'"))
        }
    }

    // Bad input: removing a layer that is in no tree does nothing.
    func testRemoveFromSuperlayer() throws {
        a.removeFromSuperlayer()
        XCTAssertNil(a.superlayer)
        try root.addSublayer(a)
        try root.addSublayer(b)
        a.removeFromSuperlayer()
        XCTAssertEqual(names(root), ["b"])
        XCTAssertNil(a.superlayer)
        a.removeFromSuperlayer()
        XCTAssertEqual(names(root), ["b"])
    }

    // CALayer `removeFromSuperlayer`: also from the superlayer's mask.
    func testMask() throws {
        try root.setMask(a)
        XCTAssertIdentical(root.mask, a)
        XCTAssertIdentical(a.superlayer, root)
        XCTAssertTrue(root.sublayers.isEmpty)
        a.removeFromSuperlayer()
        XCTAssertNil(root.mask)
        XCTAssertNil(a.superlayer)
        // A sublayer made the mask leaves the sublayers; a new mask replaces the old one.
        try root.addSublayer(b)
        try root.setMask(b)
        XCTAssertTrue(root.sublayers.isEmpty)
        try root.setMask(c)
        XCTAssertNil(b.superlayer)
        try root.addSublayer(c)
        XCTAssertNil(root.mask)
        XCTAssertEqual(names(root), ["c"])
        try root.setMask(nil)
        XCTAssertNil(root.mask)
    }

    // Issue 5, bad input: a layer added to itself or to a descendant is refused, and the
    // tree stays as it was.
    func testCyclesAreRefused() throws {
        try root.addSublayer(a)
        try a.addSublayer(b)
        XCTAssertThrowsError(try root.addSublayer(root)) {
            XCTAssertEqual($0 as? LayerError, .cycle(layer: "'root'", superlayer: "'root'"))
        }
        XCTAssertThrowsError(try b.addSublayer(root)) {
            XCTAssertEqual($0 as? LayerError, .cycle(layer: "'root'", superlayer: "'b'"))
        }
        XCTAssertThrowsError(try b.insertSublayer(a, at: 0))
        try b.addSublayer(c)
        XCTAssertThrowsError(try b.insertSublayer(a, below: c))
        XCTAssertThrowsError(try b.insertSublayer(a, above: c))
        XCTAssertThrowsError(try b.replaceSublayer(c, with: root))
        XCTAssertThrowsError(try b.setMask(a))
        XCTAssertThrowsError(try b.setSublayers([root]))
        XCTAssertThrowsError(try root.setMask(root))
        // Through a mask: a layer masked by `m` cannot go under `m`.
        let m = makeLayer("m")
        try c.setMask(m)
        XCTAssertThrowsError(try m.addSublayer(root))
        XCTAssertEqual(names(root), ["a"])
        XCTAssertEqual(names(a), ["b"])
        XCTAssertEqual(names(b), ["c"])
        XCTAssertTrue(root.isAncestor(of: m))
        XCTAssertFalse(m.isAncestor(of: root))
    }

    // Bad input (compositor part 2): no mask cycle can be built — a layer as its own mask,
    // two layers masking each other, a mask that is an ancestor, a layer under its own
    // mask — and a refused change leaves the tree as it was.
    func testMaskCyclesAreRefused() throws {
        XCTAssertThrowsError(try a.setMask(a)) {
            XCTAssertEqual($0 as? LayerError, .cycle(layer: "'a'", superlayer: "'a'"))
        }
        XCTAssertNil(a.mask)
        // A masks B masks A.
        try a.setMask(b)
        XCTAssertThrowsError(try b.setMask(a)) {
            XCTAssertEqual($0 as? LayerError, .cycle(layer: "'a'", superlayer: "'b'"))
        }
        XCTAssertIdentical(a.mask, b)
        XCTAssertNil(b.mask)
        XCTAssertIdentical(b.superlayer, a)
        // Through a longer chain of masks: a masks b, b masks c; c cannot mask a.
        try b.setMask(c)
        XCTAssertThrowsError(try c.setMask(a))
        XCTAssertNil(c.mask)
        // A mask that is an ancestor (through sublayers).
        try root.addSublayer(a)
        let leaf = makeLayer("leaf")
        try c.addSublayer(leaf)
        XCTAssertThrowsError(try leaf.setMask(root)) {
            XCTAssertEqual($0 as? LayerError, .cycle(layer: "'root'", superlayer: "'leaf'"))
        }
        XCTAssertThrowsError(try leaf.setMask(b))
        XCTAssertNil(leaf.mask)
        XCTAssertIdentical(a.superlayer, root)
        XCTAssertIdentical(c.superlayer, b)
        // A mask's own subtree cannot take the masked layer either.
        XCTAssertThrowsError(try leaf.addSublayer(a))
        XCTAssertEqual(names(root), ["a"])
    }

    func testSetSublayers() throws {
        try root.addSublayer(a)
        try root.addSublayer(b)
        let other = makeLayer("other")
        try other.addSublayer(c)
        try root.setSublayers([c, a])
        XCTAssertEqual(names(root), ["c", "a"])
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(other.sublayers.isEmpty)
        XCTAssertIdentical(c.superlayer, root)
        XCTAssertThrowsError(try root.setSublayers([b, b])) {
            XCTAssertEqual($0 as? LayerError, .duplicateSublayer(layer: "'b'"))
        }
        XCTAssertEqual(names(root), ["c", "a"])
        try root.setSublayers([])
        XCTAssertTrue(root.sublayers.isEmpty)
        XCTAssertNil(a.superlayer)
    }

    // The superlayer owns its sublayers and is held weakly by them.
    func testSuperlayerIsWeak() throws {
        var parent: Layer? = Layer()
        try parent!.addSublayer(a)
        parent = nil
        XCTAssertNil(a.superlayer)
    }

    // The reference is not owned and never dangles: a mask, and the layers of a
    // presentation snapshot kept after their root is gone, read `nil` too.
    func testSuperlayerReadsNilOnceItIsGone() throws {
        var parent: Layer? = Layer()
        try parent!.setMask(b)
        parent = nil
        XCTAssertNil(b.superlayer)

        try root.addSublayer(a)
        try a.addSublayer(c)
        try a.setMask(b)
        var snapshot: Layer? = root.presentation(at: 0)
        let child = snapshot!.sublayers[0]
        let grandchild = child.sublayers[0], mask = child.mask!
        XCTAssertIdentical(child.superlayer, snapshot)
        XCTAssertIdentical(mask.superlayer, child)
        snapshot = nil
        XCTAssertNil(child.superlayer)
        XCTAssertIdentical(grandchild.superlayer, child)
        XCTAssertIdentical(mask.superlayer, child)
    }

    func testErrorsSayWhere() {
        XCTAssertEqual(LayerError.cycle(layer: "'a'", superlayer: "'b'").description,
                       "cannot add 'a' to 'b': the layer would become its own ancestor")
        XCTAssertEqual(Layer().description, "Layer(unnamed, position: (0.0, 0.0), bounds: (0.0, 0.0, 0.0, 0.0))")
        let unnamed = Layer()
        XCTAssertThrowsError(try unnamed.addSublayer(unnamed)) {
            XCTAssertEqual(($0 as? LayerError)?.description,
                           "cannot add an unnamed layer to an unnamed layer: the layer would become its own ancestor")
        }
    }
}
