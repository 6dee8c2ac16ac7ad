import CadencePixels
@testable import CadenceScene
@testable import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadenceText
import XCTest

/// `DemoScene`'s bottom row, by its pixels: each check fails when the feature its panel
/// shows stops working (the image is not drawn or drawn the wrong way up, a shadow or
/// mask is lost, a transition does not run).
///
/// Coordinates are canvas pixels (scale 1), worked out from the layout: the bottom row's
/// panels start at y = 398 and x = 12, 168.5, 325, 481.5. Expected colours are the
/// scene's own (the picture's corners, the tray, the panel); a tolerance of 2 per channel
/// covers bilinear sampling and the 8-bit rounding of blends; "darker" means by at least
/// 10 in every colour channel, far above rounding.
final class DemoSceneTests: XCTestCase {
    /// Frames rendered once for all tests, by time.
    nonisolated(unsafe) static var frames: [Double: Bitmap] = [:]

    func frame(at time: Double) throws -> Bitmap {
        if let frame = Self.frames[time] { return frame }
        let frame = try DemoScene.make().render(at: time, with: Compositor())
        Self.frames[time] = frame
        return frame
    }

    /// An opaque colour as RGBA bytes.
    func bytes(_ color: Color) -> SIMD4<Int> {
        SIMD4<Int>(SIMD4(color.red, color.green, color.blue, 1) * 255 + 0.5, rounding: .down)
    }

    func assertColor(
        _ actual: SIMD4<UInt8>, _ expected: Color, tolerance: Int = 2, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let e = bytes(expected), a = SIMD4<Int>(truncatingIfNeeded: actual)
        let difference = a &- e
        let largest = [difference.x, difference.y, difference.z, difference.w].map(abs).max()!
        XCTAssertLessThanOrEqual(largest, tolerance, "\(message): \(actual) is not \(e)", file: file, line: line)
    }

    func assertDarker(
        _ actual: SIMD4<UInt8>, than reference: Color, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let r = bytes(reference)
        let darker = (0..<3).allSatisfy { Int(actual[$0]) + 10 <= Int(r[$0]) }
        XCTAssertTrue(darker, "\(message): \(actual) is not darker than \(r)", file: file, line: line)
    }

    /// The layout the coordinates below are worked out from.
    func testLayout() {
        XCTAssertEqual(DemoScene.panelWidth, 146.5)
        XCTAssertEqual(DemoScene.panelHeight, 183)
        XCTAssertEqual(DemoScene.panelOrigin(8), Point(x: 12, y: 398))
        XCTAssertEqual(DemoScene.panelOrigin(11), Point(x: 481.5, y: 398))
        XCTAssertEqual(DemoScene.panelOrigin(20), Point(x: 12, y: 977))
        XCTAssertEqual(DemoScene.height, DemoScene.panelOrigin(23).y + DemoScene.panelHeight + DemoScene.margin)
        XCTAssertEqual(DemoScene.panels.count, DemoScene.columns * DemoScene.rows)
        XCTAssertFalse(DemoScene.panels.contains { $0 == nil }, "every slot holds a panel")
    }

    /// The picture made in code: its corners, as the doc comment says.
    func testPicture() {
        let picture = DemoScene.picture
        XCTAssertEqual(picture.width, 48)
        XCTAssertEqual(picture.height, 32)
        assertColor(picture[0, 0], DemoScene.pink, tolerance: 0, "top left")
        assertColor(picture[47, 0], DemoScene.yellow, tolerance: 0, "top right")
        assertColor(picture[0, 31], DemoScene.green, tolerance: 0, "bottom left")
        assertColor(picture[47, 31], DemoScene.white, tolerance: 0, "bottom right")
        assertColor(picture[20, 15], DemoScene.white, tolerance: 0, "the arrow")
        XCTAssertEqual(DemoScene.spotlightImage.width, 32)
        XCTAssertEqual(DemoScene.buttonImage.width, 48)
    }

    /// Contents: the picture fits its wide frame upright (pink top left, white bottom
    /// right), letterboxed; at full width the nine-part button keeps a thin border where
    /// the plainly stretched one has a wide one.
    func testContentsPanel() throws {
        let start = try frame(at: 0)
        assertColor(start[52, 444], DemoScene.pink, "the picture's top left corner")
        assertColor(start[117, 484], DemoScene.white, "its bottom right corner")
        assertColor(start[37, 464], DemoScene.rgb(0x202533), "the letterbox, outside the picture")
        let widest = try frame(at: 1.5)
        // 4.5 points in from the left edge, halfway down: the 1.5-point border is behind
        // on the nine-part button, not on the plain one (7.6 points at this stretch).
        XCTAssertLessThan(widest[28, 528][1], 160, "nine-part: the orange fill")
        XCTAssertGreaterThan(widest[28, 558][1], 200, "plain: the light border")
    }

    /// Shadows: the ball's elliptical contact shadow lies under it at rest and stays on
    /// the floor when the ball is at the top (0.5 s); the lifted card casts a shadow.
    func testShadowsPanel() throws {
        let tray = DemoScene.trayColor
        let start = try frame(at: 0), apex = try frame(at: 0.5), lifted = try frame(at: 1.5)
        assertColor(start[300, 500], tray, tolerance: 0, "the tray, away from any shadow")
        assertDarker(start[241, 561], than: tray, "the contact shadow under the ball")
        assertDarker(apex[241, 558], than: tray, "the contact shadow with the ball at the top")
        assertColor(apex[241, 530], tray, tolerance: 0, "where the ball was")
        assertDarker(lifted[210, 480], than: tray, "the lifted card's shadow")
    }

    /// Masks: the stripes show inside both the rounded square and its circular mask, not
    /// outside the square, and not inside the square outside the circle (the nested
    /// mask); the spotlight lights the picture where it is.
    func testMasksPanel() throws {
        let start = try frame(at: 0), later = try frame(at: 1.5)
        assertColor(start[338, 427], DemoScene.panelColor, tolerance: 0, "outside the mask")
        assertColor(start[405, 466], DemoScene.panelColor, tolerance: 0, "in the square, outside its mask")
        XCTAssertNotEqual(start[368, 466], start[338, 427], "the stripes, inside both")
        let lit = later[445, 544], unlit = start[445, 544]
        XCTAssertGreaterThan(Int(lit[0]) + Int(lit[1]) + Int(lit[2]), 2 * (Int(unlit[0]) + Int(unlit[1]) + Int(unlit[2])),
                             "the spotlight brightens the picture it is over")
    }

    /// Transitions: the chart (green, with the picture's thumbnail upright in its flipped
    /// plot's top right corner), the picture pushed in from the right halfway (0.5 s: its
    /// pink corner at mid-window), the picture alone (0.875 s), and the fade back to the
    /// chart halfway (2.75 s: the mean of the two).
    func testTransitionsPanel() throws {
        let start = try frame(at: 0), pushing = try frame(at: 0.5), picture = try frame(at: 0.875)
        let fading = try frame(at: 2.75)
        assertColor(start[497, 472], DemoScene.green, tolerance: 0, "the chart's background")
        assertColor(start[581, 443], DemoScene.pink, "the thumbnail's top left corner, at the top of the flipped plot")
        assertColor(pushing[562, 444], DemoScene.pink, "the picture's corner, pushed halfway in")
        assertColor(picture[505, 444], DemoScene.pink, "the picture's corner at rest")
        XCTAssertNotEqual(picture[562, 444], pushing[562, 444])
        let mean = (SIMD4<Int>(truncatingIfNeeded: start[497, 472]) &+ SIMD4<Int>(truncatingIfNeeded: picture[497, 472]) &+ 1) / 2
        let mix = SIMD4<Int>(truncatingIfNeeded: fading[497, 472])
        XCTAssertLessThanOrEqual([0, 1, 2].map { abs(mix[$0] - mean[$0]) }.max()!, 2, "halfway through the fade: \(mix)")
    }
}

/// The fifth row's content layers (`DemoScene+Shapes.swift`).
extension DemoSceneTests {
    /// The check mark draws itself: near its far end (panel 16 at (12, 784), the shape at
    /// (18, 30) in it, 0.9 of the way along its last segment) the track shows at 0 s and
    /// the green stroke at 1.5 s (strokeEnd 1 at the turn of the autoreversing loop).
    func testStrokeDrawsItself() throws {
        XCTAssertEqual(DemoScene.panelOrigin(16), Point(x: 12, y: 784))
        assertColor(try frame(at: 0)[127, 825], DemoScene.railColor, "the track before the stroke")
        assertColor(try frame(at: 1.5)[127, 825], DemoScene.green, "the stroke at its end")
    }

    /// The conic ring turns around a hole of the panel's colour (panel 17 at (168.5, 784)).
    func testConicRing() throws {
        let f = try frame(at: 0)
        let centre = (x: 168.5 + DemoScene.panelWidth / 2, y: 784.0 + 138)
        assertColor(f[Int(centre.x), Int(centre.y)], DemoScene.panelColor, "the hole")
        XCTAssertNotEqual(f[Int(centre.x) + 27, Int(centre.y)], f[Int(centre.x) - 27, Int(centre.y)], "colours around the ring")
    }
}

/// The fifth row (`DemoScene+Replicators.swift`): panels 18 (replicators) and 19 (a
/// transform-layer cube), at x = 325 and 481.5, y = 784.
extension DemoSceneTests {
    /// The spinner's bright bar runs round: at time 0 the top bar (copy 0) is at the start
    /// of its fade, the bar just after it (copy 1, 1/12 s behind) near the end; a twelfth
    /// of a second later copy 1 is the bright one. The equaliser draws nine tinted bars.
    func testReplicatorPanel() throws {
        let panel = DemoScene.panelOrigin(18)
        XCTAssertEqual(panel, Point(x: 325, y: 784))
        let centre = (x: Int(panel.x + DemoScene.panelWidth / 2), y: Int(panel.y) + 26 + 42)
        let start = try frame(at: 0)
        let top = start[centre.x, centre.y - 28], next = start[centre.x + 14, centre.y - 24]
        XCTAssertGreaterThan(Int(top[0]), Int(next[0]) + 60, "copy 0 bright, copy 1 faded: \(top) \(next)")
        let later = try frame(at: 0.125)
        XCTAssertGreaterThan(Int(later[centre.x + 14, centre.y - 24][0]), Int(later[centre.x, centre.y - 28][0]) - 5)
        // The equaliser's bars sit on its bottom edge, tinted green (first) to bluer (last).
        let baseline = Int(panel.y) + 118 + 52
        let first = start[Int(panel.x) + 14 + 7, baseline], last = start[Int(panel.x) + 14 + 8 * 13 + 7, baseline]
        XCTAssertGreaterThan(Int(first[1]), 150, "green: \(first)")
        XCTAssertGreaterThan(Int(last[2]), Int(first[2]) + 60, "bluer: \(first) \(last)")
    }

    /// The transform-layer cube: translucent faces over the crossing planes inside; the
    /// middle of the panel shows the planes' colours through the near faces.
    func testTransformLayerPanel() throws {
        let panel = DemoScene.panelOrigin(19)
        let middle = (x: Int(panel.x + DemoScene.panelWidth / 2), y: Int(panel.y + 10 + (DemoScene.panelHeight - 10) / 2))
        for time in [0, 0.75, 1.5] {
            let bitmap = try frame(at: time)
            let p = bitmap[middle.x, middle.y]
            XCTAssertGreaterThan(Int(p[0]) + Int(p[1]) + Int(p[2]), 300, "a bright plane shows at \(time) s: \(p)")
        }
    }
}

/// The titles and the sixth row (`DemoScene+Text.swift`): panels 20 (a paragraph), 21
/// (truncation) and 22 (a fountain) at y = 977.
extension DemoSceneTests {
    /// The panels of the scene's root, in panel order (the empty slot has none).
    func panels() -> [Layer] { DemoScene.make().layers[0].sublayers }

    /// `layer` and every layer below it.
    func subtree(_ layer: Layer) -> [Layer] { [layer] + layer.sublayers.flatMap(subtree) }

    /// Every title is drawn: in each title's box on the canvas, dozens of pixels differ
    /// from the panel (glyphs), and none is brighter than the title colour (quiet text,
    /// anti-aliased towards the panel). A title's box without its text layer shows only
    /// the panel, so the check fails when the labels stop rendering.
    func testTitlesRender() throws {
        let f = try frame(at: 0)
        let panel = bytes(DemoScene.panelColor), title = bytes(DemoScene.titleColor)
        for (index, name) in DemoScene.titles.enumerated() {
            let origin = DemoScene.panelOrigin(index)
            var inked = 0
            for y in Int(origin.y) + 7..<Int(origin.y) + 21 {
                for x in Int(origin.x) + 22..<Int(origin.x + DemoScene.panelWidth) - 8 {
                    let p = SIMD4<Int>(truncatingIfNeeded: f[x, y])
                    if p != panel { inked += 1 }
                    XCTAssertTrue((0..<3).allSatisfy { p[$0] <= max(title[$0], panel[$0]) + 2 }, "\(name) at (\(x), \(y)): \(p)")
                }
            }
            XCTAssertGreaterThan(inked, 40, "\(name): \(inked) pixels of text")
        }
        XCTAssertEqual(DemoScene.titles.count, 24)
        XCTAssertEqual(Set(DemoScene.titles).count, 24, "titles are distinct")
    }

    /// The titles and captions do not change, so each text layer is painted into its
    /// backing store on the first frame and reused: later frames paint only the two text
    /// layers whose font size or colour animates.
    func testStaticTextIsPaintedOnce() throws {
        let scene = DemoScene.make()
        let texts = scene.layers.flatMap(subtree).filter { $0 is TextLayer }
        let compositor = Compositor()
        _ = try scene.render(at: 0, with: compositor)
        XCTAssertEqual(compositor.backingStores.paintCount, texts.count)
        for (frame, time) in [0.5, 1.25, 2.0].enumerated() {
            _ = try scene.render(at: time, with: compositor)
            XCTAssertEqual(compositor.backingStores.paintCount, texts.count + 2 * (frame + 1), "at \(time) s")
        }
    }

    /// Every title fits its box: laid out in the default font, its one line keeps every
    /// character (no "…").
    func testTitlesFit() throws {
        let face = try FontTextRenderer.shared.face(named: nil)
        for title in panels().compactMap({ $0.sublayers.first { $0.name == "title" } as? TextLayer }) {
            let layout = TextLayout(title.textDrawing, metrics: face)
            XCTAssertEqual(layout.lines.map(\.text), [title.string!])
        }
    }

    /// The paragraph: a wrapped, justified text layer truncated at its end, whose font size
    /// animates from 9 to 13 points: at 9 the whole text fits, at 13 its last line ends in
    /// "…"; halfway (0.75 s, easeInEaseOut) it is 11.
    func testParagraphPanel() throws {
        let block = try XCTUnwrap(subtree(panels()[20]).compactMap { $0 as? TextLayer }.first { $0.isWrapped })
        XCTAssertEqual(block.alignmentMode, .justified)
        XCTAssertEqual(block.truncationMode, .end)
        let face = try FontTextRenderer.shared.face(named: nil)
        func lines(at time: Double) throws -> [String] {
            let presented = try XCTUnwrap(block.presentation(at: time) as? TextLayer)
            return TextLayout(presented.textDrawing, metrics: face).lines.map(\.text)
        }
        XCTAssertEqual((block.presentation(at: 0.75) as? TextLayer)?.fontSize ?? 0, 11, accuracy: 1e-9)
        let small = try lines(at: 0), large = try lines(at: 1.5)
        XCTAssertEqual(small.joined(separator: " ").split(separator: " "), DemoScene.paragraphText.split(separator: " "))
        XCTAssertFalse(small.last!.hasSuffix("…"))
        XCTAssertTrue(large.last!.hasSuffix("…"), "\(large)")
        XCTAssertLessThan(large.count, small.count + 3)
        XCTAssertNotEqual(try frame(at: 0)[40, 977 + 60], try frame(at: 1.5)[40, 977 + 60], "the text redrawn at its size")
    }

    /// The truncation panel's lines keep their start, both ends, their end.
    func testTruncationPanel() throws {
        let face = try FontTextRenderer.shared.face(named: nil)
        let texts = subtree(panels()[21]).compactMap { $0 as? TextLayer }.filter { $0.string == DemoScene.truncatedLine }
        XCTAssertEqual(texts.map(\.truncationMode), [.start, .middle, .end])
        let shown = texts.map { TextLayout($0.textDrawing, metrics: face).lines.map(\.text) }
        XCTAssertTrue(shown[0][0].hasPrefix("…") && shown[0][0].hasSuffix("does"), "\(shown[0])")
        XCTAssertTrue(shown[1][0].hasPrefix("every") && shown[1][0].contains("…") && shown[1][0].hasSuffix("does"), "\(shown[1])")
        XCTAssertTrue(shown[2][0].hasPrefix("every") && shown[2][0].hasSuffix("…"), "\(shown[2])")
        let centred = try XCTUnwrap(subtree(panels()[21]).compactMap { $0 as? TextLayer }.first { $0.alignmentMode == .center })
        XCTAssertNotEqual((centred.presentation(at: 0) as? TextLayer)?.foregroundColor,
                          (centred.presentation(at: 1) as? TextLayer)?.foregroundColor)
    }

    /// The fountain: an emitter layer already running at the first frame (its time offset),
    /// its particles rising above the nozzle in a fan, moving from frame to frame, and
    /// falling back before they leave the panel's sides.
    func testFountainPanel() throws {
        let emitter = try XCTUnwrap(subtree(panels()[22]).compactMap { $0 as? EmitterLayer }.first)
        XCTAssertEqual(emitter.emitterShape, .line)
        let cell = try XCTUnwrap(emitter.emitterCells.first)
        XCTAssertLessThan(cell.alphaSpeed, 0, "fading")
        XCTAssertGreaterThan(cell.yAcceleration, 0, "gravity (y down)")
        let particles = emitter.particles(at: 10)
        XCTAssertGreaterThan(particles.count, 150)
        XCTAssertLessThan(particles.count, 250)
        let origin = DemoScene.panelOrigin(22)
        func lit(_ bitmap: Bitmap, rows: Range<Int>) -> Int {
            var count = 0
            for y in rows {
                for x in Int(origin.x) + 2..<Int(origin.x + DemoScene.panelWidth) - 2
                where SIMD4<Int>(truncatingIfNeeded: bitmap[x, y]) != bytes(DemoScene.panelColor) { count += 1 }
            }
            return count
        }
        let start = try frame(at: 0), later = try frame(at: 0.5)
        let top = Int(origin.y) + 60..<Int(origin.y) + 140
        XCTAssertGreaterThan(lit(start, rows: top), 300, "particles high above the nozzle at the first frame")
        XCTAssertGreaterThan(lit(later, rows: top), 300)
        var moved = 0
        for y in top { for x in Int(origin.x)..<Int(origin.x + DemoScene.panelWidth) where start[x, y] != later[x, y] { moved += 1 } }
        XCTAssertGreaterThan(moved, 200, "the particles move")
    }

    /// The tiled panel (23): its rings stream outwards as it zooms. Forty pixels right of
    /// the window's centre, at 1/64× (t = 0) that is 2,560 points from the rings' centre,
    /// in the middle of ring 11 (2,048…3,072 points, 32…48 pixels: purple); at 4× (t = 1.5,
    /// the far end of the autoreversed zoom) 10 points, in the middle of ring 3 (8…12
    /// points, again 32…48 pixels: pink). A tile drawn at the wrong place or level, or no
    /// tile, fails it.
    func testTiledPanelZooms() throws {
        let map = try XCTUnwrap(subtree(panels()[23]).compactMap { $0 as? TiledLayer }.first)
        XCTAssertTrue(map.delegate === DemoScene.ZoomRings.shared)
        let origin = DemoScene.panelOrigin(23)
        let x = Int(origin.x + 8 + (DemoScene.panelWidth - 16) / 2) + 40
        let y = Int(origin.y + 26 + (DemoScene.panelHeight - 34) / 2)
        assertColor(try frame(at: 0)[x, y], DemoScene.purple, tolerance: 2, "ring 11 at 1/64×")
        assertColor(try frame(at: 1.5)[x, y], DemoScene.pink, tolerance: 2, "ring 3 at 4×")
    }
}
