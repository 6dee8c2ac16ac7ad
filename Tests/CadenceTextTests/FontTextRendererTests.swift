import CFreeType
import CadenceAnimation
import CadenceTiming
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
import XCTest

@testable import CadenceText

/// Fonts through FreeType and fontconfig, and text layers drawn by the compositor.
final class FontTextRendererTests: XCTestCase {
    override func setUp() { FontTextRenderer.install() }

    func testTheDefaultFontIsDejaVuSans() throws {
        XCTAssertTrue(try FontLocator.file(for: nil).hasSuffix("DejaVuSans.ttf"))
        XCTAssertThrowsError(try FontFace(path: "/nonexistent/font.ttf"))
        XCTAssertThrowsError(try FontLocator.file(for: "a\0b")) { XCTAssertEqual($0 as? TextError, .fontNotFound("a\0b")) }
    }

    /// Advances agree with FreeType's own scaled, unhinted advances at 100 pixels to the em
    /// (26.6 fixed point: within 1/64 pixel).
    func testAdvancesMatchFreeTypesScaledAdvances() throws {
        let face = try FontFace(named: nil)
        var library: FT_Library?
        XCTAssertEqual(FT_Init_FreeType(&library), 0)
        defer { FT_Done_FreeType(library) }
        var ftFace: FT_Face?
        XCTAssertEqual(FT_New_Face(library, face.path, 0, &ftFace), 0)
        defer { FT_Done_Face(ftFace) }
        XCTAssertEqual(FT_Set_Pixel_Sizes(ftFace, 0, 100), 0)
        for scalar in "AVaW .,gé1".unicodeScalars {
            let glyph = face.glyph(for: scalar)
            XCTAssertNotEqual(glyph, 0)
            XCTAssertEqual(FT_Load_Glyph(ftFace, glyph, FT_Int32(FT_LOAD_NO_HINTING)), 0)
            let expected = Double(ftFace!.pointee.glyph.pointee.linearHoriAdvance) / 65_536
            XCTAssertEqual(face.advance(glyph) * 100 / face.unitsPerEm, expected, accuracy: 1.0 / 64, "\(scalar)")
        }
    }

    /// "H" at 100 points: the ink's bounding box is the outline's, within a pixel.
    func testARenderedGlyphsInkBoxIsTheOutlines() throws {
        let face = try FontFace(named: nil)
        let layer = blackH(fontSize: 100)
        XCTAssertNotNil(layer.backingStore)
        let bitmap = try Compositor(threadCount: 1).render([layer], at: 0, on: Canvas(width: 200, height: 150))
        let ink = inkBox(bitmap)
        let outline = try XCTUnwrap(face.outline(face.glyph(for: "H")).controlPointBounds)
        let s = 100 / face.unitsPerEm
        let ascent = face.ascender * s
        XCTAssertEqual(ink.minX, outline.minX * s, accuracy: 1)
        XCTAssertEqual(ink.maxX, outline.maxX * s, accuracy: 1)
        XCTAssertEqual(ink.minY, ascent - outline.maxY * s, accuracy: 1)
        XCTAssertEqual(ink.maxY, ascent - outline.minY * s, accuracy: 1)
    }

    /// An animated `fontSize` is presented at its interpolated value: the ink of "H" at the
    /// animation's middle is that of the mean size.
    func testAnAnimatedFontSizeDrawsTheInterpolatedSize() throws {
        let layer = blackH(fontSize: 20)
        layer.add(BasicAnimation(keyPath: "fontSize", fromValue: 20.0, toValue: 100.0, timing: MediaTiming(duration: 1)),
                  forKey: "grow")
        let compositor = Compositor(threadCount: 1)
        let middle = inkBox(try compositor.render([layer], at: 0.5, on: Canvas(width: 200, height: 150)))
        let face = try FontFace(named: nil)
        let outline = try XCTUnwrap(face.outline(face.glyph(for: "H")).controlPointBounds)
        // Within 2: the ink box takes in a partly covered pixel at each edge.
        XCTAssertEqual(middle.height, outline.height * 60 / face.unitsPerEm, accuracy: 2)
        let model = inkBox(try compositor.render([layer], at: 2, on: Canvas(width: 200, height: 150)))
        XCTAssertEqual(model.height, outline.height * 20 / face.unitsPerEm, accuracy: 2)
    }

    func testWithoutARendererATextLayerDrawsNothing() {
        let saved = TextLayer.renderer
        TextLayer.renderer = nil
        defer { TextLayer.renderer = saved }
        let layer = TextLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        layer.string = "x"
        XCTAssertThrowsError(try layer.draw(in: GraphicsContext(width: 50, height: 50))) {
            XCTAssertEqual($0 as? TextLayerError, .noRenderer)
        }
    }

    /// A black "H" at `fontSize` in a 200 × 150 layer at the canvas's origin, displayed.
    func blackH(fontSize: Double) -> TextLayer {
        let layer = TextLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 200, height: 150)
        layer.position = Point(x: 100, y: 75)
        layer.string = "H"
        layer.fontSize = fontSize
        layer.foregroundColor = .black
        layer.displayIfNeeded()
        return layer
    }

    /// The box of the pixels with any alpha, in pixels (edges, not centres).
    func inkBox(_ bitmap: Bitmap) -> Rect {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y][3] > 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }
}
