import XCTest

@testable import CadenceText

/// Cadence's subset of UAX #9 (`Bidi`): levels and visual order, checked against the
/// examples worked by hand from the algorithm's rules.
final class BidiTests: XCTestCase {
    typealias C = Bidi.Class

    /// Classes from a pattern: L (left to right), R (Hebrew-like), A (Arabic letter),
    /// 1 (European digit), 9 (Arabic-Indic digit), m (mark), space (whitespace), . (neutral).
    func classes(_ pattern: String) -> [C] {
        pattern.map { c -> C in
            switch c {
            case "L": .leftToRight
            case "R": .rightToLeft
            case "A": .arabicLetter
            case "1": .europeanNumber
            case "9": .arabicNumber
            case "m": .nonspacingMark
            case " ": .whitespace
            default: .neutral
            }
        }
    }

    func testTheParagraphLevelIsTheFirstStrongCharacters() {
        XCTAssertEqual(Bidi.paragraphLevel(classes("1. LR")), 0)
        XCTAssertEqual(Bidi.paragraphLevel(classes("1. RL")), 1)
        XCTAssertEqual(Bidi.paragraphLevel(classes(" 1A")), 1)
        XCTAssertEqual(Bidi.paragraphLevel(classes("11 .")), 0)  // none: left to right
        XCTAssertEqual(Bidi.paragraphLevel(classes("")), 0)
    }

    func testLevels() {
        // Neutrals between R and R take R; between L and R the paragraph's direction.
        XCTAssertEqual(Bidi.levels(classes("LL RR RR LL"), paragraphLevel: 0), [0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0])
        // Right-to-left paragraph: L at 2, the neutral between L and R at 1.
        XCTAssertEqual(Bidi.levels(classes("RR LL.RR"), paragraphLevel: 1), [1, 1, 1, 2, 2, 1, 1, 1])
        // Marks take the class before them (W1); trailing whitespace the paragraph level (L1).
        XCTAssertEqual(Bidi.levels(classes("LRm  "), paragraphLevel: 0), [0, 1, 1, 0, 0])
        // European digits: after L they are L (W7), after R at level 2 in an LTR paragraph
        // (I1), after an Arabic letter Arabic numbers (W2), also at 2; the space between R and
        // a number counts the number as R (N1).
        XCTAssertEqual(Bidi.levels(classes("L 11"), paragraphLevel: 0), [0, 0, 0, 0])
        XCTAssertEqual(Bidi.levels(classes("R 11"), paragraphLevel: 0), [1, 1, 2, 2])
        XCTAssertEqual(Bidi.levels(classes("A 11"), paragraphLevel: 1), [1, 1, 2, 2])
        XCTAssertEqual(Bidi.levels(classes("A 99"), paragraphLevel: 0), [1, 1, 2, 2])
        XCTAssertEqual(Bidi.levels([], paragraphLevel: 0), [])
    }

    /// L2 over runs: the number inside a right-to-left run keeps its order.
    func testVisualOrderReversesFromTheHighestLevel() {
        XCTAssertEqual(Bidi.visualOrder([0, 1, 0]), [0, 1, 2])
        XCTAssertEqual(Bidi.visualOrder([0, 1, 2, 1, 0]), [0, 3, 2, 1, 4])
        XCTAssertEqual(Bidi.visualOrder([1, 2, 1]), [2, 1, 0])
        XCTAssertEqual(Bidi.visualOrder([1, 1]), [1, 0])
        XCTAssertEqual(Bidi.visualOrder([0, 0]), [0, 1])
        XCTAssertEqual(Bidi.visualOrder([]), [])
    }
}
