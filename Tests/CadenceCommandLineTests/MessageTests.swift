@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import Foundation
import XCTest

/// Error lines stay one safe line: control characters escaped, items and lines shortened;
/// and the arguments and values the messages were wrong about.
final class MessageTests: RenderTestCase {
    private func sample(_ request: String) -> RunResult {
        cadence("sample", "-", stdin: request)
    }

    // MARK: Escaping and length

    func testMessageText() {
        XCTAssertEqual(MessageText.quoted("a\u{1B}[31mb\"c\\"), #""a\u001B[31mb\"c\\""#)
        XCTAssertEqual(MessageText.line("x\u{0}\u{7}\u{7F}\u{85}\u{202E}\u{2028}\ny"), #"x\u0000\u0007\u007F\u0085\u202E\u2028\u000Ay"#)
        XCTAssertEqual(MessageText.item("plain é ✓"), "plain é ✓")
        let long = String(repeating: "a", count: 50) + String(repeating: "b", count: 50)
        XCTAssertEqual(MessageText.item(long), String(repeating: "a", count: 44) + "…" + String(repeating: "b", count: 19))
        XCTAssertEqual(MessageText.item(String(repeating: "x", count: 64)), String(repeating: "x", count: 64))
    }

    /// Raw control characters from keys, key paths, path data and file names reach the
    /// terminal escaped (a terminal escape in a scene file was copied into the error line).
    func testControlCharactersAreEscaped() throws {
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "x\u001b[2J": 1}"#),
            #"["x\u001B[2J"]: unknown field"#)
        assertBadInput(sample(#"{"keyPath": "position.\u001b[2J", "model": [0, 0], "times": [0]}"#),
            #"keyPath: "position" (a point) has no field "\u001B[2J" (expected "x" or "y")"#)
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "animations": [{"type": "basic", "duration": "\u0007\u007f"}]}"#),
            #"animations[0].duration: expected a number, got "\u0007\u007F""#)
        assertBadInput(sample(#"{"keyPath": "position", "model": [0, 0], "times": [0], "animations": [{"type": "keyframe", "path": "M 0 0 \u001b"}]}"#),
            #"animations[0].path: unexpected character '\u001B' at offset 6"#)
        try assertSceneError(#"[{"name": "a\u001bb", "contents": "x\u001b.png"}]"#,
            #"layers[0].contents: x\u001B.png (layer 'a\u001Bb'): cannot read: No such file or directory"#)
        assertBadInput(cadence("sample", path("bell\u{7}.json")),
            #"\#(path("bell"))\u0007.json: cannot read: No such file or directory"#)
        for result in [sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "x\u001b": 1}"#), cadence("sample", "\u{1B}c")] {
            XCTAssertFalse(result.error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, result.error)
        }
    }

    /// A 1 MB unknown key is shortened, and the whole line has a fixed length (it was echoed
    /// whole).
    func testLongInputIsShortened() {
        let key = String(repeating: "k", count: 1 << 20)
        let result = sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "\#(key)": 1}"#)
        assertBadInput(result, #"["\#(String(repeating: "k", count: 44))…\#(String(repeating: "k", count: 19))"]: unknown field"#)
        // A group in a group… 100 deep: a location of 1,500 characters.
        let deep = String(repeating: #"{"type": "group", "animations": ["#, count: 100) + #"{"type": "basic", "duration": "x"}"#
            + String(repeating: "]}", count: 100)
        let line = sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "animations": [\#(deep)]}"#).error
        XCTAssertLessThanOrEqual(line.count, MessageText.maxLineLength + 1, line)
        XCTAssertTrue(line.contains("…"))
        XCTAssertTrue(line.hasSuffix("\n"))
        let number = "1" + String(repeating: "0", count: 100_000)
        assertBadInput(sample(#"{"keyPath": "opacity", "model": \#(number), "times": [0]}"#),
            "stdin:1:33: the number \(String(repeating: "1", count: 1) + String(repeating: "0", count: 43))…\(String(repeating: "0", count: 19)) is too large for a double")
    }

    // MARK: Arguments

    /// A negative number after an option is its value (`--time -1` was read as a missing
    /// value; `--time=-1` worked), so the range check speaks.
    func testNegativeNumbersAfterOptions() throws {
        let scenePath = try scene()
        let result = cadence("render", scenePath, "--time", "-1", "--out", path("a.png"))
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "wrote \(path("a.png")) (40×30, -1 s)\n")
        assertBadInput(cadence("render", scenePath, "--fps", "-1", "--duration", "1", "--out", path("f")), "--fps: -1 is not a positive number")
        assertBadInput(cadence("render", scenePath, "--fps", "1", "--duration", "-2", "--out", path("f")),
            "--duration: -2 is not a positive number")
        assertBadInput(cadence("curve", "linear", "--size", "-1", "--out", path("c.png")), "--size: -1 is outside 16...4096")
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("a.png"), "--max-pixels", "-1"),
            "--max-pixels: -1 is not a positive count")
    }

    // MARK: Values

    /// Key paths with an empty component are refused like other bad key paths (`position.`
    /// and `transform.` were accepted as unknown scalar key paths).
    func testKeyPathsWithEmptyComponents() throws {
        for keyPath in ["position.", "transform.", ".x", "my..value", "a."] {
            assertBadInput(sample(#"{"keyPath": "\#(keyPath)", "model": 1, "times": [0]}"#),
                #"keyPath: "\#(keyPath)" has an empty component (names are joined by single dots)"#)
        }
        assertBadInput(sample(#"{"keyPath": "position", "model": [0, 0], "times": [0], "animations": [{"type": "basic", "keyPath": "position."}]}"#),
            #"animations[0].keyPath: "position." has an empty component (names are joined by single dots)"#)
        try assertSceneError(#"[{"animations": {"a": {"type": "basic", "keyPath": "opacity."}}}]"#,
            #"layers[0].animations.a.keyPath: "opacity." has an empty component (names are joined by single dots)"#)
    }

    /// A subnormal duration gives finite values (it gave `null`, which the docs reserve for
    /// overflow): it reads as the smallest normal duration.
    func testSubnormalDurationIsFinite() {
        let values = sampledValues(
            keyPath: "opacity", model: "1", animations: #"{"type": "basic", "fromValue": 0, "toValue": 1, "duration": 5e-324}"#,
            times: [0, 1e-310, 1])
        XCTAssertEqual(values, [.number(0), .number(1e-310 * (1 / Double.leastNormalMagnitude)), .number(1)])
    }

    /// A relative segment that overflows blames the segment, not a number that is in range.
    func testRelativePathOverflow() {
        assertBadInput(sample(#"{"keyPath": "position", "model": [0, 0], "times": [0], "animations": [{"type": "keyframe", "path": "M 1e308 0 l 1e308 0"}]}"#),
            "animations[0].path: the segment's coordinates overflow (relative or reflected points beyond the range of a double) at offset 12")
    }
}
