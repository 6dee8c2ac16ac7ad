import CadenceGeometry
import CadenceTestSupport
import XCTest

final class SVGPathParserTests: XCTestCase {
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Path.Element] {
        do {
            return try Path(svgPathData: text).elements
        } catch {
            XCTFail("\(text): \(error)", file: file, line: line)
            return []
        }
    }

    func failure(_ text: String) -> PathParseError? {
        do {
            _ = try Path(svgPathData: text)
            return nil
        } catch {
            return error
        }
    }

    func testEmptyDataIsTheEmptyPath() {
        XCTAssertEqual(parse(""), [])
        XCTAssertEqual(parse(" \t\r\n "), [])
    }

    func testAbsoluteCommands() {
        XCTAssertEqual(
            parse("M 10 20 L 30 40 H 50 V 60 Q 1 2 3 4 C 5 6 7 8 9 10 Z"),
            [
                .moveTo(Point(10, 20)), .lineTo(Point(30, 40)), .lineTo(Point(50, 40)), .lineTo(Point(50, 60)),
                .quadCurveTo(control: Point(1, 2), end: Point(3, 4)),
                .curveTo(control1: Point(5, 6), control2: Point(7, 8), end: Point(9, 10)), .closeSubpath,
            ])
    }

    func testRelativeCommands() {
        XCTAssertEqual(
            parse("m 10 20 l 5 5 h 10 v -5 q 1 1 2 0 c 1 1 2 1 3 0 z"),
            [
                .moveTo(Point(10, 20)), .lineTo(Point(15, 25)), .lineTo(Point(25, 25)), .lineTo(Point(25, 20)),
                .quadCurveTo(control: Point(26, 21), end: Point(27, 20)),
                .curveTo(control1: Point(28, 21), control2: Point(29, 21), end: Point(30, 20)), .closeSubpath,
            ])
    }

    // SVG 1.1 8.3.2: after a move-to's first pair, further pairs are line-tos (relative
    // after `m`); any command's argument group may repeat.
    func testImplicitCommands() {
        XCTAssertEqual(parse("M1 2 3 4 5 6"), [.moveTo(Point(1, 2)), .lineTo(Point(3, 4)), .lineTo(Point(5, 6))])
        XCTAssertEqual(parse("m1 2 3 4 5 6"), [.moveTo(Point(1, 2)), .lineTo(Point(4, 6)), .lineTo(Point(9, 12))])
        XCTAssertEqual(
            parse("M0 0 h1 2 3"), [.moveTo(.zero), .lineTo(Point(1, 0)), .lineTo(Point(3, 0)), .lineTo(Point(6, 0))])
        XCTAssertEqual(
            parse("M0 0 Q1 1 2 0 3 -1 4 0"),
            [
                .moveTo(.zero), .quadCurveTo(control: Point(1, 1), end: Point(2, 0)),
                .quadCurveTo(control: Point(3, -1), end: Point(4, 0)),
            ])
    }

    // SVG 1.1 8.3.6/8.3.7: S and T reflect the previous curve's (last) control point
    // about the current point; after any other command the control point is the current
    // point.
    func testReflectionRules() {
        XCTAssertEqual(
            parse("M0 0 C 1 2 3 2 4 0 S 7 -2 8 0"),
            [
                .moveTo(.zero), .curveTo(control1: Point(1, 2), control2: Point(3, 2), end: Point(4, 0)),
                .curveTo(control1: Point(5, -2), control2: Point(7, -2), end: Point(8, 0)),
            ])
        XCTAssertEqual(
            parse("M0 0 s 3 2 4 0"),
            [.moveTo(.zero), .curveTo(control1: Point(0, 0), control2: Point(3, 2), end: Point(4, 0))])
        XCTAssertEqual(
            parse("M0 0 L 2 0 S 3 2 4 0"),
            [
                .moveTo(.zero), .lineTo(Point(2, 0)),
                .curveTo(control1: Point(2, 0), control2: Point(3, 2), end: Point(4, 0)),
            ])
        // A Q does not feed an S, nor a C a T.
        XCTAssertEqual(
            parse("M0 0 Q 1 1 2 0 S 3 1 4 0")[2],
            .curveTo(control1: Point(2, 0), control2: Point(3, 1), end: Point(4, 0)))
        XCTAssertEqual(parse("M0 0 C 1 1 1 1 2 0 T 4 0")[2], .quadCurveTo(control: Point(2, 0), end: Point(4, 0)))
        // T after Q, then T after T (reflecting the reflected point), relative.
        XCTAssertEqual(
            parse("M0 0 Q 1 1 2 0 T 4 0 t 2 0"),
            [
                .moveTo(.zero), .quadCurveTo(control: Point(1, 1), end: Point(2, 0)),
                .quadCurveTo(control: Point(3, -1), end: Point(4, 0)),
                .quadCurveTo(control: Point(5, 1), end: Point(6, 0)),
            ])
        // T with nothing to reflect is a straight quadratic.
        XCTAssertEqual(parse("M1 1 T 3 3")[1], .quadCurveTo(control: Point(1, 1), end: Point(3, 3)))
        // Implicit repeats of S reflect their own previous group.
        XCTAssertEqual(
            parse("M0 0 S 1 1 2 0 3 -1 4 0")[2],
            .curveTo(control1: Point(3, -1), control2: Point(3, -1), end: Point(4, 0)))
    }

    // SVG 1.1 8.3.3: after Z the current point is the subpath's start; a relative move or
    // line continues from there.
    func testCommandsAfterClose() {
        XCTAssertEqual(
            parse("M 10 10 l 5 0 z m 1 1 l 1 0"),
            [
                .moveTo(Point(10, 10)), .lineTo(Point(15, 10)), .closeSubpath, .moveTo(Point(11, 11)),
                .lineTo(Point(12, 11)),
            ])
        let p = try! Path(svgPathData: "M 10 10 L 20 10 Z l 0 5 Z")
        XCTAssertEqual(p.elements[3], .lineTo(Point(10, 15)))
        XCTAssertEqual(
            p.segments.last, .line(from: Point(10, 15), to: Point(10, 10)), "the second Z closes to the same start")
    }

    func testNumberForms() {
        XCTAssertEqual(parse("M.5.5"), [.moveTo(Point(0.5, 0.5))])
        XCTAssertEqual(parse("M-1-2"), [.moveTo(Point(-1, -2))])
        XCTAssertEqual(parse("M1e-3,2E+2"), [.moveTo(Point(0.001, 200))])
        XCTAssertEqual(parse("M1.5.5"), [.moveTo(Point(1.5, 0.5))])
        XCTAssertEqual(parse("M1.,+2."), [.moveTo(Point(1, 2))])
        XCTAssertEqual(parse("M1e2.5"), [.moveTo(Point(100, 0.5))])
        XCTAssertEqual(parse("M 0.1 -0"), [.moveTo(Point(0.1, 0))])
        XCTAssertEqual(
            parse("M 4.9406564584124654e-324 1.7976931348623157e308"),
            [.moveTo(Point(Double.leastNonzeroMagnitude, .greatestFiniteMagnitude))])
        XCTAssertEqual(parse("M 1e-400 0"), [.moveTo(Point(0, 0))], "underflow rounds to zero")
        // Correct rounding: 0.1 + the nearest-halfway case of Double's own parser.
        XCTAssertEqual(parse("M 2.2250738585072011e-308 0"), [.moveTo(Point(Double.leastNormalMagnitude.nextDown, 0))])
    }

    func testSeparators() {
        let expected: [Path.Element] = [.moveTo(Point(1, 2)), .lineTo(Point(3, 4))]
        XCTAssertEqual(parse("M1,2L3,4"), expected)
        XCTAssertEqual(parse("M 1 , 2 L 3 ,4"), expected)
        XCTAssertEqual(parse("M1 2,3 4"), expected)
        XCTAssertEqual(parse("\tM\n1\r2\n\n3 4  "), expected)
        XCTAssertEqual(parse("M1 2 Z M3 4"), [.moveTo(Point(1, 2)), .closeSubpath, .moveTo(Point(3, 4))])
        XCTAssertEqual(parse("M1 2zm2 2"), [.moveTo(Point(1, 2)), .closeSubpath, .moveTo(Point(3, 4))])
    }

    // Typed errors with the offset of the first thing that does not fit.
    func testErrorsSayWhere() {
        let cases: [(String, PathParseError.Reason, Int)] = [
            ("L 1 2", .missingMoveTo, 0),
            ("  10 20", .missingMoveTo, 2),
            ("M", .expectedNumber, 1),
            ("M 1", .expectedNumber, 3),
            ("M,1 2", .expectedNumber, 1),
            ("M 1 2,", .expectedNumber, 6),
            ("M 1,,2", .expectedNumber, 4),
            ("M 1 2, L 3 4", .expectedNumber, 7),
            ("M 1 2 L 3 x", .expectedNumber, 10),
            ("M 0 0 L 10 20 C 1 2 3", .expectedNumber, 21),
            ("M 1 2 Z 3 4", .expectedCommand, 8),
            ("M 1 2 A 1 1 0 2 1 3 4", .expectedFlag, 14),
            ("M 1 2 a 1 1 0 0 -1 3 4", .expectedFlag, 16),
            ("M 1 2 A 1 1 0 0", .expectedFlag, 15),
            ("M 1 2 A 1 1 0 0 1 3", .expectedNumber, 19),
            ("M 1 2 X 3", .unexpectedCharacter("X"), 6),
            ("M 1 2 ; L 3 4", .unexpectedCharacter(";"), 6),
            ("M 1e 2", .expectedExponent, 3),
            ("M 1e+ 2", .expectedExponent, 3),
            ("M . 2", .expectedNumber, 2),
            ("M - 2", .expectedNumber, 2),
            ("M 1e999 0", .numberOutOfRange, 2),
            ("M 1e308 0 l 1e308 0", .coordinateOverflow, 12),
            ("M 0 0 Q 1e308 0 1e308 0 T -1e308 0", .coordinateOverflow, 26),
        ]
        for (text, reason, offset) in cases {
            guard let error = failure(text) else {
                XCTFail("\(text) parsed")
                continue
            }
            XCTAssertEqual(error.reason, reason, text)
            XCTAssertEqual(error.offset, offset, text)
        }
        XCTAssertEqual(failure("M 0 0 L 1 2 C 1 2 3 x")?.description, "expected a number at offset 20")
        XCTAssertEqual(failure("M 1 2 A 1 1 0 x")?.description, "expected an arc flag (0 or 1) at offset 14")
        // A relative segment whose numbers are all in range but whose end overflows blames
        // the sum, not the number.
        XCTAssertEqual(failure("M 1e308 0 l 1e308 0")?.description,
            "the segment's coordinates overflow (relative or reflected points beyond the range of a double) at offset 12")
    }

    // SVG 1.1 F.2: render up to the error. The error carries the path before it.
    func testErrorCarriesValidPrefix() {
        let error = failure("M 0 0 L 10 0 L 10 10 20 x")
        XCTAssertEqual(
            error?.validPrefix.elements, [.moveTo(.zero), .lineTo(Point(10, 0)), .lineTo(Point(10, 10))])
        XCTAssertEqual(failure("Q 1 1 2 2")?.validPrefix, Path())
    }

    // Path data is ASCII: the first non-ASCII character is an error, so every offset
    // counts ASCII characters (one byte each).
    func testNonASCIIText() {
        let error = failure("M 1 2 L é 3")
        XCTAssertEqual(error?.reason, .expectedNumber)
        XCTAssertEqual(error?.offset, 8)
        let space = failure("M 1 2 \u{00A0} L 3 4")  // a no-break space is not SVG white space
        XCTAssertEqual(space?.reason, .unexpectedCharacter("\u{00A0}"))
        XCTAssertEqual(space?.offset, 6)
        let emoji = failure("M 1 2 🙂 L")
        XCTAssertEqual(emoji?.reason, .unexpectedCharacter("🙂"))
        XCTAssertEqual(emoji?.description, "unexpected character '🙂' at offset 6")
        XCTAssertEqual(failure("M1 2 L 3 4 Z é")?.offset, 13)
        XCTAssertEqual(failure("M 1 2 L 3 4\u{301}")?.reason, .unexpectedCharacter("\u{301}"))
    }

    // Parsing never produces a non-finite coordinate.
    func testParsedPathsAreFinite() {
        var rng = SeededGenerator(seed: 0x5F6_F1)
        let alphabet = Array("MmLlHhVvCcSsQqTtZz0123456789.-+eE, ")
        for i in 0..<2000 {
            let text = String(
                (0..<Int(rng.next() % 40)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            if let path = try? Path(svgPathData: "M0 0" + text) {
                XCTAssert(path.isFinite, "seed \(rng.seed), case \(i): \(text)")
            }
        }
    }

    // Writer → parser round trip: the same elements, every bit.
    func testSVGRoundTrip() throws {
        var rng = SeededGenerator(seed: 0x59_6D)
        for i in 0..<300 {
            var path = rng.randomPath()
            if i % 3 == 0 {
                // Extreme magnitudes and signed zeros.
                path.addLine(to: Point(rng.edgeBiased(in: -1...1) * 1.7976931348623157e308, Double.leastNonzeroMagnitude))
                path.addLine(to: Point(-0.0, 1e-300 * rng.unit()))
            }
            let text = path.svgPathData
            let back = try Path(svgPathData: text)
            XCTAssertEqual(back, path, "seed \(rng.seed), case \(i): \(text)")
        }
        var p = Path()
        p.move(to: Point(1, 2.5))
        p.addQuadCurve(to: Point(3, 4), control: Point(-0.1, 1e-5))
        p.addCurve(to: Point(7, 8), control1: Point(1e20, 0), control2: Point(5, 6))
        p.closeSubpath()
        XCTAssertEqual(p.svgPathData, "M 1 2.5 Q -0.1 1e-05 3 4 C 1e+20 0 5 6 7 8 Z")
        XCTAssertEqual(p.description, p.svgPathData)
    }
}
