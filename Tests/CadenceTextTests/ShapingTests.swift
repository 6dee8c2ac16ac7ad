import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
import XCTest

@testable import CadenceText

/// Arabic "salaam" (seen, lam, alef, meem): joined forms and a lam-alef ligature when shaped.
let salaam = "سلام"

/// `string` laid out unwrapped in a 400 × 100 box at 40 points with `face`.
func layout(_ string: String, face: FontFace, alignment: TextAlignmentMode = .natural) -> TextLayout {
    TextLayout(TextDrawing(string: string, fontSize: 40, alignmentMode: alignment,
                           bounds: Rect(x: 0, y: 0, width: 400, height: 100)),
               metrics: face)
}

#if Shaping
    /// Shaping by HarfBuzz (the `Shaping` trait): Arabic joined and right to left,
    /// Devanagari reordered and conjoined, combining marks placed on their base. Each check
    /// fails when characters are mapped one by one through the character map.
    final class ShapingTests: XCTestCase {
        /// DejaVu Sans (which covers Arabic): the word is three glyphs right to left — meem
        /// alone, the lam-alef ligature, seen in its initial form (the glyph of the
        /// presentation form U+FEB3) at the right.
        func testArabicIsJoinedAndRightToLeft() throws {
            let face = try FontFace(named: nil)
            let line = try XCTUnwrap(layout(salaam, face: face).lines.first)
            let cmap = salaam.unicodeScalars.map { face.glyph(for: $0) }
            XCTAssertEqual(line.glyphs.count, 3)  // lam + alef: one glyph
            XCTAssertEqual(line.glyphs.map(\.character), ["م", "ل", "س"])
            XCTAssertEqual(line.glyphs.last?.glyph, face.glyph(for: "\u{FEB3}"))  // seen, initial
            XCTAssertNotEqual(line.glyphs.last?.glyph, cmap[0])
            XCTAssertEqual(line.glyphs.first?.glyph, cmap[3])  // meem after lam-alef: isolated
            XCTAssertEqual(line.text, salaam)
            // Natural alignment of a right-to-left paragraph is the right edge.
            let last = try XCTUnwrap(line.glyphs.last)
            XCTAssertEqual(last.x + face.advance(last.glyph) * 40 / face.unitsPerEm, 400, accuracy: 1e-9)
            XCTAssertEqual(layout(salaam, face: face, alignment: .left).lines[0].glyphs[0].x, 0)
            XCTAssertEqual(face.paragraphLevel(Array(salaam)[...]), 1)
        }

        /// Mixed: a Latin word in an Arabic paragraph keeps its order, the paragraph reads
        /// right to left (the Latin word at the left, the Arabic at the right), and a number
        /// inside Arabic keeps its digits left to right.
        func testMixedDirectionsAreOrderedByTheirLevels() throws {
            let face = try FontFace(named: nil)
            let line = try XCTUnwrap(layout("\(salaam) abc", face: face).lines.first)
            XCTAssertEqual(line.glyphs.map(\.character).prefix(3), ["a", "b", "c"])
            XCTAssertEqual(line.glyphs.last?.character, "س")
            let numbers = try XCTUnwrap(layout("\(salaam) 123 \(salaam)", face: face).lines.first)
            let digits = numbers.glyphs.map(\.character).filter(\.isNumber)
            XCTAssertEqual(digits, ["1", "2", "3"])
            XCTAssertEqual(layout("abc \(salaam)", face: face).lines[0].glyphs.first?.character, "a")
        }

        /// Lohit Devanagari (fontconfig's font for Hindi; .ci/run installs fonts-lohit-deva):
        /// the vowel sign i (U+093F) is drawn before (left of) the consonant it follows, and
        /// ka + virama + ssa is one conjunct glyph.
        func testDevanagariIsReorderedAndConjoined() throws {
            let face = try FontFace(named: "Lohit Devanagari")
            XCTAssertTrue(face.path.hasSuffix("Lohit-Devanagari.ttf"), face.path)
            let ki = try XCTUnwrap(layout("कि", face: face).lines.first)
            XCTAssertEqual(ki.glyphs.map(\.glyph), [face.glyph(for: "\u{93F}"), face.glyph(for: "\u{915}")])
            XCTAssertLessThan(ki.glyphs[0].x, ki.glyphs[1].x)
            let kssa = try XCTUnwrap(layout("क्ष", face: face).lines.first)
            XCTAssertEqual(kssa.glyphs.count, 1)
            XCTAssertFalse("क्ष".unicodeScalars.map { face.glyph(for: $0) }.contains(kssa.glyphs[0].glyph))
            XCTAssertNotEqual(kssa.glyphs[0].glyph, 0)
        }

        /// A combining acute on "q" (no precomposed glyph): drawn, with no advance of its own,
        /// over the q (its ink inside q's advance); "e" + acute is composed to "é".
        func testCombiningMarksArePlacedOnTheirBase() throws {
            let face = try FontFace(named: nil)
            let line = try XCTUnwrap(layout("q\u{301}e\u{301}", face: face).lines.first)
            XCTAssertEqual(line.glyphs.map(\.glyph), [face.glyph(for: "q"), face.glyph(for: "\u{301}"), face.glyph(for: "é")])
            let s = 40 / face.unitsPerEm
            let mark = try XCTUnwrap(face.outline(line.glyphs[1].glyph).controlPointBounds)
            let q = try XCTUnwrap(face.outline(line.glyphs[0].glyph).controlPointBounds)
            XCTAssertGreaterThan(line.glyphs[1].x + mark.minX * s, line.glyphs[0].x + q.minX * s)
            XCTAssertLessThan(line.glyphs[1].x + mark.maxX * s, line.glyphs[0].x + q.maxX * s)
            XCTAssertEqual(line.glyphs[2].x, line.glyphs[0].x + face.advance(line.glyphs[0].glyph) * s, accuracy: 1e-9)
        }

        /// Bad input stays bounded when shaped: 10⁶ characters of Arabic (only the first
        /// `TextLayer.maxCharacters` laid out), wrapped into a small box or on one line; and
        /// an empty line.
        func testHugeShapedStringsAreBounded() throws {
            let face = try FontFace(named: nil)
            let huge = String(repeating: "\(salaam) ", count: 200_000)
            let wrapped = TextLayout(TextDrawing(string: huge, fontSize: 10, isWrapped: true,
                                                 bounds: Rect(x: 0, y: 0, width: 100, height: 100)), metrics: face)
            XCTAssertLessThanOrEqual(wrapped.lines.count, 9)
            XCTAssertTrue(wrapped.lines.allSatisfy { $0.width <= 100 })
            let oneLine = layout(huge, face: face)
            XCTAssertLessThanOrEqual(oneLine.lines[0].glyphs.count, TextLayer.maxCharacters)
            XCTAssertEqual(face.shape([], paragraphLevel: 1), [])
        }

        /// Rendered: the shaped word is drawn, at the right of its box.
        func testAShapedWordRendersAtTheRight() throws {
            FontTextRenderer.install()
            let layer = TextLayer()
            layer.bounds = Rect(x: 0, y: 0, width: 200, height: 60)
            layer.position = Point(x: 100, y: 30)
            layer.string = salaam
            layer.fontSize = 40
            layer.foregroundColor = .black
            layer.displayIfNeeded()
            let bitmap = try Compositor(threadCount: 1).render([layer], at: 0, on: Canvas(width: 200, height: 60))
            var columns = Set<Int>()
            for y in 0..<60 { for x in 0..<200 where bitmap[x, y][3] > 0 { columns.insert(x) } }
            XCTAssertGreaterThan(columns.min() ?? 0, 100)
            XCTAssertGreaterThanOrEqual(columns.max() ?? 0, 190)
        }
    }
#else
    /// Without the `Shaping` trait, text is laid out from the character map, left to right:
    /// Arabic in logical order, one glyph per character, combining marks dropped.
    final class UnshapedLayoutTests: XCTestCase {
        func testWithoutShapingCharactersMapOneToOne() throws {
            let face = try FontFace(named: nil)
            XCTAssertNil(face.shape(Array(salaam)[...], paragraphLevel: 1))
            let line = try XCTUnwrap(layout(salaam, face: face).lines.first)
            XCTAssertEqual(line.glyphs.map(\.glyph), salaam.unicodeScalars.map { face.glyph(for: $0) })
            XCTAssertEqual(line.glyphs[0].x, 0)
            XCTAssertEqual(layout("q\u{301}", face: face).lines[0].glyphs.map(\.glyph), [face.glyph(for: "q")])
        }
    }
#endif
