import CadenceGeometry
import CadenceLayers
import XCTest

@testable import CadenceText

/// A fixed-pitch font: 10 units to the em, every glyph 10 wide (10 points at size 10),
/// lines 12 apart, ascender 8; the glyph of a character is its scalar value.
struct FixedPitch: GlyphMetrics {
    var unitsPerEm: Double { 10 }
    var ascender: Double { 8 }
    var lineHeight: Double { 12 }
    func glyph(for scalar: Unicode.Scalar) -> UInt32 { scalar.value }
    func advance(_ glyph: UInt32) -> Double { 10 }
    func kerning(_ left: UInt32, _ right: UInt32) -> Double { 0 }
}

/// `FixedPitch` with kerning: `kerning` units between every pair of "A"s and "V"s (and
/// none next to other characters).
struct Kerned: GlyphMetrics {
    var kerning: Double
    var unitsPerEm: Double { 10 }
    var ascender: Double { 8 }
    var lineHeight: Double { 12 }
    func glyph(for scalar: Unicode.Scalar) -> UInt32 { scalar.value }
    func advance(_ glyph: UInt32) -> Double { 10 }
    func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        let kerned: Set<UInt32> = [65, 86]  // "A", "V"
        return kerned.contains(left) && kerned.contains(right) ? kerning : 0
    }
}

/// Line breaking, truncation and alignment (`TextLayout`) against a fixed-pitch font.
final class TextLayoutTests: XCTestCase {
    func layout(_ string: String, width: Double, height: Double = 1_000, wrapped: Bool = false,
                truncation: TextTruncationMode = .none, alignment: TextAlignmentMode = .natural,
                fontSize: Double = 10) -> TextLayout {
        TextLayout(TextDrawing(string: string, fontSize: fontSize, isWrapped: wrapped, truncationMode: truncation,
                               alignmentMode: alignment, bounds: Rect(x: 0, y: 0, width: width, height: height)),
                   metrics: FixedPitch())
    }

    func testWrapsAtSpacesAndBreaksLongWords() {
        XCTAssertEqual(layout("aaa bbb ccc", width: 75, wrapped: true).lines.map(\.text), ["aaa bbb", "ccc"])
        XCTAssertEqual(layout("abcdefghij", width: 35, wrapped: true).lines.map(\.text), ["abc", "def", "ghi", "j"])
        XCTAssertEqual(layout("ab\ncd", width: 100, wrapped: true).lines.map(\.text), ["ab", "cd"])
        XCTAssertEqual(layout("aaa bbb ccc", width: 75).lines.map(\.text), ["aaa bbb ccc"])  // unwrapped: one line
        let lines = layout("ab\ncd\r\nef", width: 10).lines
        XCTAssertEqual(lines.map(\.text), ["ab", "cd", "ef"])
        XCTAssertEqual(lines.map(\.baseline), [8, 20, 32])
    }

    func testTruncatesWithAnEllipsisAtTheStartMiddleOrEnd() {
        XCTAssertEqual(layout("abcdefghij", width: 55, truncation: .end).lines[0].text, "abcd…")
        XCTAssertEqual(layout("abcdefghij", width: 55, truncation: .start).lines[0].text, "…ghij")
        XCTAssertEqual(layout("abcdefghij", width: 55, truncation: .middle).lines[0].text, "ab…ij")
        XCTAssertEqual(layout("abcde", width: 55, truncation: .end).lines[0].text, "abcde")  // fits: as it is
        // Wrapped: the last line that fits the height takes the rest and the ellipsis.
        let wrapped = layout("aa bb cc dd ee", width: 55, height: 25, wrapped: true, truncation: .end)
        XCTAssertEqual(wrapped.lines.map(\.text), ["aa bb", "cc d…"])
        // Wrapped lines that fit keep every character: the space a line breaks after hangs
        // outside the box ("aaa bbb " is 80 wide in a box of 75).
        let fitting = layout("aaa bbb ccc", width: 75, wrapped: true, truncation: .end)
        XCTAssertEqual(fitting.lines.map(\.text), ["aaa bbb", "ccc"])
    }

    func testAlignsLeftRightCentredAndJustified() {
        XCTAssertEqual(layout("ab", width: 100, alignment: .left).lines[0].glyphs[0].x, 0)
        XCTAssertEqual(layout("ab", width: 100, alignment: .right).lines[0].glyphs[0].x, 80)
        XCTAssertEqual(layout("ab", width: 100, alignment: .center).lines[0].glyphs[0].x, 40)
        let justified = layout("aa bb cc", width: 75, wrapped: true, alignment: .justified).lines
        XCTAssertEqual(justified.map(\.text), ["aa bb", "cc"])
        XCTAssertEqual(justified[0].glyphs[3].x, 55)  // the space stretched by 25
        XCTAssertEqual(justified[1].glyphs[0].x, 0)  // a paragraph's last line: left
    }

    func testBadSizesAndHugeStringsAreBounded() {
        XCTAssertTrue(layout("abc", width: 100, fontSize: 0).lines.isEmpty)
        XCTAssertTrue(layout("abc", width: 100, fontSize: .nan).lines.isEmpty)
        XCTAssertEqual(layout("abc", width: 100, fontSize: 1e9).scale, TextLayer.maxFontSize / 10)
        let huge = String(repeating: "word ", count: 200_000)  // 10⁶ characters
        let wrapped = layout(huge, width: 100, height: 100, wrapped: true)
        XCTAssertLessThanOrEqual(wrapped.lines.count, 9)  // only the lines that show
        let oneLine = layout(huge, width: 100)
        XCTAssertEqual(oneLine.lines[0].glyphs.count, TextLayer.maxCharacters)
    }

    /// Wrapping measures lines as they are laid out, kerning included: a line that fits only
    /// thanks to negative kerning stays whole, and positive kerning never pushes a line past
    /// the box.
    func testWrappingCountsKerning() {
        func wrapped(_ string: String, width: Double, kerning: Double) -> TextLayout {
            TextLayout(TextDrawing(string: string, fontSize: 10, isWrapped: true,
                                   bounds: Rect(x: 0, y: 0, width: width, height: 1_000)),
                       metrics: Kerned(kerning: kerning))
        }
        // "AVAV AV": 70 points of advances, 4 kerned pairs of −5: 50 wide.
        let tight = wrapped("AVAV AV", width: 55, kerning: -5)
        XCTAssertEqual(tight.lines.map(\.text), ["AVAV AV"])
        XCTAssertEqual(tight.lines[0].width, 50)
        // "AAAAA" with +5 between pairs: 70 wide, broken between characters in a box of 56.
        let loose = wrapped("AAAAA", width: 56, kerning: 5)
        XCTAssertEqual(loose.lines.map(\.text), ["AAAA", "A"])
        // Words: "AA AA" is 25 + 10 + 25 = 60 (50 unkerned), too wide for a box of 55.
        let words = wrapped("AA AA AA", width: 55, kerning: 5)
        XCTAssertEqual(words.lines.map(\.text), ["AA", "AA", "AA"])
        for line in loose.lines + words.lines + tight.lines { XCTAssertLessThanOrEqual(line.width, 56) }
        // Leading spaces stay on the first line.
        XCTAssertEqual(wrapped("  AA AA", width: 45, kerning: 0).lines.map(\.text), ["  AA", "AA"])
    }
}
