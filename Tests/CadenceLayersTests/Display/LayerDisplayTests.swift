import CadenceAnimation
import CadenceGeometry
@testable import CadenceLayers
import CadencePixels
import CadenceTiming
import XCTest

/// A delegate that logs its calls and draws a red square (or throws, or draws through
/// `onDraw`).
final class DrawingDelegate: LayerDelegate {
    var log: [String] = []
    var implementsDisplay = false
    var failure: Error?
    var onDraw: ((Layer, any DrawingContext) -> Void)?

    func display(_ layer: Layer) {
        guard implementsDisplay else { return layer.drawBackingStore() }  // as the protocol's default
        log.append("display \(layer.name ?? "")")
        layer.contents = try? Bitmap(width: 2, height: 2)
    }

    func draw(_ layer: Layer, in context: any DrawingContext) throws {
        log.append("draw \(layer.name ?? "")")
        if let failure { throw failure }
        if let onDraw { return onDraw(layer, context) }
        context.fillColor = Color(red: 1, green: 0, blue: 0)
        context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
    }

    func layoutSublayers(of layer: Layer) {
        if !layer.sublayers.isEmpty { log.append("layout \(layer.name ?? "")") }
    }
}

struct DrawError: Error, CustomStringConvertible {
    var description: String { "out of ink" }
}

func drawingLayer(_ name: String, _ delegate: DrawingDelegate, size: Double = 20) -> Layer {
    let layer = Layer()
    layer.name = name
    layer.bounds = Rect(x: 0, y: 0, width: size, height: size)
    layer.delegate = delegate
    return layer
}

/// Display and backing stores: marking, when `display()` runs, what it keeps, bad input.
final class LayerDisplayTests: XCTestCase {
    func testDisplayRunsOnceUntilTheLayerIsMarkedAgain() {
        let delegate = DrawingDelegate()
        let layer = drawingLayer("a", delegate)
        XCTAssertFalse(layer.needsDisplay)
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.log, [])  // a new layer is not marked
        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay)
        layer.displayIfNeeded()
        layer.displayIfNeeded()
        XCTAssertFalse(layer.needsDisplay)
        XCTAssertEqual(delegate.log, ["draw a"])
        let store = layer.backingStore
        XCTAssertNotNil(store)
        XCTAssertEqual(store?.commandCount, 2)  // the colour, the fill
        layer.position = Point(x: 50, y: 50)  // not a display change
        layer.displayIfNeeded()
        XCTAssertTrue(layer.backingStore === store)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.log, ["draw a", "draw a"])
        XCTAssertFalse(layer.backingStore === store)  // a redraw makes a new list
    }

    func testSetNeedsDisplayInRectMarksOnlyForARectThatMeetsTheBounds() {
        let layer = drawingLayer("a", DrawingDelegate())
        for rect in [Rect(x: 30, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: 0, height: 5),
                     Rect(x: .nan, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: .infinity, height: 5),
                     Rect(x: 20, y: 20, width: 5, height: 5)] {
            layer.setNeedsDisplay(in: rect)
            XCTAssertFalse(layer.needsDisplay, "\(rect)")
        }
        layer.setNeedsDisplay(in: Rect(x: 25, y: 25, width: -10, height: -10))  // standardised: (15, 15, 10, 10)
        XCTAssertTrue(layer.needsDisplay)
    }

    func testNeedsDisplayOnBoundsChange() {
        let layer = drawingLayer("a", DrawingDelegate())
        layer.bounds.size = Size(width: 30, height: 30)
        XCTAssertFalse(layer.needsDisplay)  // default false: the old drawing stretches
        layer.needsDisplayOnBoundsChange = true
        XCTAssertEqual(layer.value(forKeyPath: "needsDisplayOnBoundsChange"), .boolean(true))
        layer.bounds.size = Size(width: 30, height: 30)  // no change
        XCTAssertFalse(layer.needsDisplay)
        layer.bounds.origin = Point(x: 5, y: 0)  // any change of the bounds
        XCTAssertTrue(layer.needsDisplay)
        layer.display()
        layer.bounds = Rect(x: .nan, y: 0, width: 1, height: 1)  // refused: no change, no mark
        XCTAssertFalse(layer.needsDisplay)
        layer.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        XCTAssertTrue(layer.needsDisplay)
    }

    func testTheDelegatesDisplayWinsOverItsDrawing() {
        let delegate = DrawingDelegate()
        delegate.implementsDisplay = true
        let layer = drawingLayer("a", delegate)
        layer.display()
        XCTAssertEqual(delegate.log, ["display a"])
        XCTAssertNil(layer.backingStore)
        XCTAssertEqual(layer.contents?.width, 2)
        // Without display(_:) of its own, the default draws through draw(_:in:).
        delegate.implementsDisplay = false
        layer.display()
        XCTAssertEqual(delegate.log, ["display a", "draw a"])
        XCTAssertNotNil(layer.backingStore)
        XCTAssertNil(layer.contents)  // display that draws replaces the contents
        layer.contents = try? Bitmap(width: 1, height: 1)
        XCTAssertNil(layer.backingStore)  // and contents set replace the drawing
    }

    /// A delegate that implements only `draw(_:in:)`: the protocol's default `display(_:)`.
    final class DrawOnly: LayerDelegate {
        var draws = 0
        func draw(_ layer: Layer, in context: any DrawingContext) throws {
            draws += 1
            context.stroke(Rect(x: 1, y: 1, width: 5, height: 5))
        }
    }

    func testADelegateWithOnlyDrawGetsTheDrawingAndNoDelegateDrawsNothing() {
        let delegate = DrawOnly()
        let layer = Layer()
        layer.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        layer.delegate = delegate
        layer.display()
        XCTAssertEqual(delegate.draws, 1)
        XCTAssertEqual(layer.backingStore?.commandCount, 1)
        let plain = Layer()
        plain.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        plain.contents = try? Bitmap(width: 1, height: 1)
        plain.display()  // Core Animation: a layer that draws nothing loses its contents
        XCTAssertNil(plain.backingStore)
        XCTAssertNil(plain.contents)
    }

    func testContentsScaleSizesTheBackingStore() throws {
        let delegate = DrawingDelegate()  // held weakly by the layer
        let layer = drawingLayer("a", delegate)
        layer.bounds = Rect(x: 10, y: 10, width: 30, height: 20.5)
        layer.display()
        let one = try XCTUnwrap(layer.backingStore)
        XCTAssertEqual([one.pixelWidth, one.pixelHeight], [30, 21])
        XCTAssertEqual(one.bounds, layer.bounds)
        layer.contentsScale = 2
        XCTAssertTrue(layer.backingStore === one)  // a new scale does not redraw by itself
        layer.display()
        let two = try XCTUnwrap(layer.backingStore)
        XCTAssertEqual([two.pixelWidth, two.pixelHeight], [60, 41])
        XCTAssertEqual(two.scale, 2)
        XCTAssertEqual(two.effectiveScale, 2)
    }

    func testHugeBoundsCapTheBackingStoreAndZeroBoundsDrawNothing() throws {
        let delegate = DrawingDelegate()
        let layer = drawingLayer("a", delegate)
        layer.bounds = Rect(x: 0, y: 0, width: 1e9, height: 1e9)
        layer.contentsScale = 3
        layer.display()
        let store = try XCTUnwrap(layer.backingStore)
        XCTAssertLessThanOrEqual(store.pixelWidth * store.pixelHeight, DisplayList.maxPixelCount)
        XCTAssertEqual(store.pixelWidth, store.pixelHeight)  // the aspect is kept
        XCTAssertEqual(store.effectiveScale, 4096 / 1e9, accuracy: 1e-15)
        layer.bounds = Rect(x: 0, y: 0, width: 1e6, height: 1)  // a sliver: the side limit
        layer.display()
        XCTAssertEqual(layer.backingStore?.pixelWidth, Bitmap.maxDimension)
        XCTAssertEqual(layer.backingStore?.pixelHeight, 1)
        layer.bounds = Rect(x: 0, y: 0, width: 0, height: 50)
        delegate.log = []
        layer.display()
        XCTAssertEqual(delegate.log, [])  // no area: not drawn
        XCTAssertNil(layer.backingStore)
        layer.contentsScale = .nan  // refused
        XCTAssertEqual(layer.contentsScale, 3)
    }

    func testADrawingThatThrowsKeepsThePreviousContentAndIsReported() throws {
        let delegate = DrawingDelegate()
        let layer = drawingLayer("a", delegate)
        let context = TransactionContext(clock: ManualMediaClock())
        var reports: [TransactionError] = []
        context.logHandler = { reports.append($0) }
        context.attach(layer)
        layer.display()
        let before = try XCTUnwrap(layer.backingStore)
        delegate.failure = DrawError()
        layer.setNeedsDisplay()
        context.flush()
        XCTAssertTrue(layer.backingStore === before)
        XCTAssertFalse(layer.needsDisplay)  // not retried every frame
        XCTAssertEqual(reports, [.drawFailed(layer: "'a'", message: "out of ink")])
        XCTAssertEqual(reports.first?.description, "drawing 'a' failed: out of ink; its previous content is kept")
    }

    func testARunawayDrawingIsTruncated() throws {
        let delegate = DrawingDelegate()
        delegate.onDraw = { _, context in
            context.fill(Rect(x: 0, y: 0, width: 1, height: 1))
            for _ in 0..<(DisplayList.maxCommands + 10) { context.alpha = 0.5 }
        }
        let layer = drawingLayer("a", delegate)
        layer.display()
        let store = try XCTUnwrap(layer.backingStore)
        XCTAssertTrue(store.isTruncated)
        XCTAssertEqual(store.commandCount, DisplayList.maxCommands)
        // The path elements' limit: 2²² elements, five to a rectangle.
        delegate.onDraw = { _, context in
            for _ in 0...(DisplayList.maxPathElements / 5) { context.fill(Rect(x: 0, y: 0, width: 1, height: 1)) }
        }
        layer.display()
        XCTAssertEqual(layer.backingStore?.isTruncated, true)
        XCTAssertEqual(layer.backingStore?.commandCount, DisplayList.maxPathElements / 5)
        // Unbalanced states and far-away drawing are recorded as they are.
        delegate.onDraw = { _, context in
            context.saveGState()
            context.translateBy(x: 1e300, y: 0)
            context.restoreGState()
            context.restoreGState()  // nothing saved: ignored
            context.fill(Path(rect: Rect(x: -1e12, y: 0, width: 1, height: .nan)))
        }
        layer.display()
        XCTAssertEqual(layer.backingStore?.isTruncated, false)
        XCTAssertEqual(layer.backingStore?.commandCount, 4)
    }

    func testTheRecordingContextAnswersItsState() {
        let delegate = DrawingDelegate()
        var seen: [CadenceGeometry.AffineTransform] = []
        var widths: [Double] = []
        delegate.onDraw = { _, context in
            context.saveGState()
            context.scaleBy(x: 2, y: 3)
            context.lineWidth = 4
            seen.append(context.ctm)
            widths.append(context.lineWidth)
            context.restoreGState()
            seen.append(context.ctm)
            widths.append(context.lineWidth)
        }
        drawingLayer("a", delegate).display()
        XCTAssertEqual(seen, [CadenceGeometry.AffineTransform(scaleX: 2, y: 3), .identity])
        XCTAssertEqual(widths, [4, 1])
    }

    // The clip's box: the bounds, cut by clips, in user space (through `ctm`).
    func testTheRecordingContextAnswersItsClipBoundingBox() {
        let delegate = DrawingDelegate()
        var boxes: [Rect] = []
        delegate.onDraw = { layer, context in
            boxes.append(context.clipBoundingBox)
            context.clip(to: Rect(x: 5, y: -10, width: 100, height: 20))
            boxes.append(context.clipBoundingBox)
            context.scaleBy(x: 2, y: 2)
            boxes.append(context.clipBoundingBox)
            context.clip(to: Rect(x: 20, y: 20, width: 5, height: 5))  // outside: nothing left
            boxes.append(context.clipBoundingBox)
        }

        let layer = drawingLayer("a", delegate)
        layer.display()
        let b = layer.bounds
        XCTAssertEqual(boxes, [b, Rect(x: 5, y: b.minY, width: b.maxX - 5, height: 10 - b.minY),
                               Rect(x: 2.5, y: b.minY / 2, width: (b.maxX - 5) / 2, height: (10 - b.minY) / 2),
                               Rect(x: 20, y: 20, width: 0, height: 0)])
        // Core Graphics' CGRectInfinite: finite, so its edges, middle and intersections are
        // numbers (with −∞ and ∞ the middle is NaN and an intersection is empty).
        let infinite = Rect.infiniteClip
        XCTAssertTrue(infinite.isFiniteValue)
        XCTAssertEqual(infinite.minX, -(0x1p1023 - 0x1p970))  // −8.98846567431158e307
        XCTAssertEqual(infinite.maxX, 0x1p1023 - 0x1p970, accuracy: 0x1p971)
        XCTAssertEqual(infinite.midX, 0, accuracy: 0x1p971)
        XCTAssertEqual(infinite.intersection(b), b)
    }

    func testDisplayRunsInTheCommitAfterLayout() throws {
        let delegate = DrawingDelegate()
        let root = drawingLayer("root", delegate)
        let child = drawingLayer("child", delegate)
        try root.addSublayer(child)
        let context = TransactionContext(clock: ManualMediaClock())
        context.attach(root)
        context.flush()
        delegate.log = []
        child.setNeedsDisplay()
        XCTAssertTrue(context.hasImplicitTransaction)  // marking opens the implicit transaction
        root.setNeedsLayout()
        XCTAssertEqual(delegate.log, [])
        context.begin()
        root.setNeedsDisplay()
        context.commit()  // the outermost commit is the implicit one's
        XCTAssertEqual(delegate.log, [])
        context.flush()
        XCTAssertEqual(delegate.log, ["layout root", "draw child", "draw root"])
        context.flush()
        XCTAssertEqual(delegate.log.count, 3)
        // An explicit outermost transaction displays at its commit.
        context.begin()
        root.setNeedsDisplay()
        context.commit()
        XCTAssertEqual(delegate.log.last, "draw root")
    }

    func testALayerMarkedBeforeItIsAttachedIsDisplayedAtTheNextCommit() {
        let delegate = DrawingDelegate()
        let layer = drawingLayer("a", delegate)
        layer.setNeedsDisplay()
        let context = TransactionContext(clock: ManualMediaClock())
        context.attach(layer)
        context.flush()
        XCTAssertEqual(delegate.log, ["draw a"])
    }

    func testADisplayLinkDisplaysTreesWithoutAContextAfterLayoutAndBeforeTheRenderer() throws {
        let delegate = DrawingDelegate()
        let root = drawingLayer("root", delegate)
        let child = drawingLayer("child", delegate)
        try root.addSublayer(child)
        let link = DisplayLink(clock: ManualFrameClock(), context: nil)
        link.layers = [root]
        link.renderer = { _ in delegate.log.append("render") }
        child.setNeedsDisplay()
        link.step()
        XCTAssertEqual(delegate.log, ["layout root", "draw child", "render"])
        link.step()
        XCTAssertEqual(delegate.log.suffix(1), ["render"])
    }

    func testNeedsDisplayKeysMarkOnAChangeThroughKeyValueCoding() throws {
        let delegate = DrawingDelegate()
        let layer = drawingLayer("a", delegate)
        try layer.setValue(.scalar(0.5), forKeyPath: "progress")
        XCTAssertFalse(layer.needsDisplay)
        layer.needsDisplayKeys = ["progress", "position"]
        XCTAssertTrue(layer.needsDisplay(forKey: "progress"))
        XCTAssertTrue(layer.needsDisplay(forKey: "position.x"))
        XCTAssertFalse(layer.needsDisplay(forKey: "opacity"))
        try layer.setValue(.scalar(0.5), forKeyPath: "progress")  // the same value
        XCTAssertFalse(layer.needsDisplay)
        try layer.setValue(.scalar(0.75), forKeyPath: "progress")
        XCTAssertTrue(layer.needsDisplay)
        layer.display()
        try layer.setValue(.scalar(3), forKeyPath: "position.x")
        XCTAssertTrue(layer.needsDisplay)
        layer.display()
        XCTAssertThrowsError(try layer.setValue(.boolean(true), forKeyPath: "position"))
        XCTAssertFalse(layer.needsDisplay)  // a refused write changes nothing
        XCTAssertEqual(layer.modelCopy().needsDisplayKeys, ["progress", "position"])
    }

    func testAnAnimatedDisplayKeyMarksEverySnapshotThatPresentsAnotherValue() throws {
        let delegate = DrawingDelegate()
        var drawn: [Double] = []
        delegate.onDraw = { layer, _ in
            if case .scalar(let v)? = layer.value(forKeyPath: "progress") { drawn.append(v) }
        }
        let layer = drawingLayer("a", delegate)
        layer.needsDisplayKeys = ["progress"]
        try layer.setValue(.scalar(1), forKeyPath: "progress")
        layer.display()
        drawn = []
        layer.add(BasicAnimation<Double>(keyPath: "progress", fromValue: 0, toValue: 1, timing: MediaTiming(duration: 1)),
                  forKey: "p", beginningAt: 0)
        for t in [0.25, 0.5, 2.0] {
            let snapshot = layer.presentation(at: t)
            XCTAssertEqual(snapshot.needsDisplay, t < 1, "\(t)")
            snapshot.displayIfNeeded()
        }
        XCTAssertEqual(drawn, [0.25, 0.5])  // the presented values; none after the end
        XCTAssertFalse(layer.needsDisplay)
        XCTAssertFalse(layer.presentation(at: 0.5).needsDisplay && layer.needsDisplayKeys.isEmpty)
    }
}
