import ArgumentParser
import CadenceTestSupport
import Foundation
import XCTest

@testable import CadenceCommandLine

/// Every way a `cadence sample` request can be bad: exit status 2, nothing on standard
/// output, one line `cadence: <where>: <what>` on standard error.
final class SampleCommandErrorTests: XCTestCase {
    private func sample(_ request: String) -> RunResult {
        cadence("sample", "-", stdin: request)
    }

    /// A valid request with `animation` (JSON text of the fields after "type": "basic").
    private func withAnimation(_ fields: String) -> RunResult {
        sample(#"{"keyPath": "opacity", "model": 1, "animations": [{"type": "basic", \#(fields)}], "times": [0]}"#)
    }

    /// A valid request with `layer` (JSON text).
    private func withLayer(_ layer: String) -> RunResult {
        sample(#"{"keyPath": "opacity", "model": 1, "layer": \#(layer), "times": [0]}"#)
    }

    // MARK: Files

    func testMissingFile() {
        assertBadInput(cadence("sample", "/nonexistent/request.json"),
            "/nonexistent/request.json: cannot read: No such file or directory")
    }

    func testFolderInsteadOfFile() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        assertBadInput(cadence("sample", folder.path), "\(folder.path): cannot read: it is a folder, not a regular file")
    }

    func testEmptyFileName() {
        assertBadInput(cadence("sample", ""), "file: the file name is empty")
    }

    func testSyntaxErrorsInAFileAreLocatedInIt() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.json")
        try "{\n  \"keyPath\": \"opacity\"\n  \"model\": 1\n}".write(to: file, atomically: true, encoding: .utf8)
        assertBadInput(cadence("sample", file.path), "\(file.path):3:3: expected ',' or '}' after a member, found '\"'")
    }

    // MARK: JSON syntax

    func testSyntaxErrors() {
        assertBadInput(sample(""), "stdin:1:1: the document is empty")
        assertBadInput(sample("  \n "), "stdin:2:2: the document is empty")
        assertBadInput(sample("{\"keyPath\": }"), "stdin:1:13: expected a value, found '}'")
        assertBadInput(sample("{\"a\": 1,}"), "stdin:1:9: expected a string key in quotes, found '}'")
        assertBadInput(sample("{\"a\" 1}"), "stdin:1:6: expected ':' after a key, found '1'")
        assertBadInput(sample("[1 2]"), "stdin:1:4: expected ',' or ']' after an element, found '2'")
        assertBadInput(sample("{} {}"), "stdin:1:4: unexpected '{' after the end of the document")
        assertBadInput(sample("{\"a\": tru}"), "stdin:1:7: expected a value, found 't'")
        assertBadInput(sample("{\"a\": NaN}"), "stdin:1:7: expected a value, found 'N'")
        assertBadInput(sample("{\"a\": \"open"), "stdin:1:7: string is not closed")
        assertBadInput(sample("{\"a\": 01}"), "stdin:1:7: a number may not start with a leading zero")
        assertBadInput(sample("{\"a\": 1.}"), "stdin:1:9: expected a digit after '.', found '}'")
        assertBadInput(sample("{\"a\": -}"), "stdin:1:8: expected a digit, found '}'")
        assertBadInput(sample("{\"a\": 1e}"), "stdin:1:9: expected a digit in the exponent, found '}'")
        assertBadInput(sample("{\"a\": 1e999}"), "stdin:1:7: the number 1e999 is too large for a double")
        assertBadInput(sample("{\"a\": \"\\q\"}"), "stdin:1:8: unknown escape '\\q' in a string")
        assertBadInput(sample("{\"a\": \"\\u12\"}"), "stdin:1:12: expected 4 hexadecimal digits after \\u, found '\"'")
        assertBadInput(sample("{\"a\": \"\\ud800\"}"), "stdin:1:14: unpaired surrogate in a \\u escape")
        assertBadInput(sample("{\"a\": \"x\ny\"}"), "stdin:1:9: control character in a string (write it as an escape such as \\n)")
        assertBadInput(sample("{\"é\": x}"), "stdin:1:7: expected a value, found 'x'")
    }

    func testInvalidUTF8() {
        let console = RecordingConsole(bytes: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
        let status = CadenceCommand.run(arguments: ["sample", "-"], console: console)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(console.error, "cadence: stdin:1:2: string is not valid UTF-8\n")
    }

    func testNestingTooDeep() {
        let deep = String(repeating: "[", count: 100_000)
        assertBadInput(sample(deep), "stdin:1:257: nesting deeper than 256 levels")
    }

    func testDuplicateKeysAreErrorsAtTheirPath() {
        assertBadInput(sample(#"{"keyPath": "opacity", "keyPath": "opacity"}"#), "keyPath: field appears twice in the same object")
        assertBadInput(withAnimation(#""duration": 1, "duration": 2"#), "animations[0].duration: field appears twice in the same object")
    }

    // MARK: The request object

    func testDocumentMustBeAnObject() {
        assertBadInput(sample("[1, 2]"), "stdin: expected an object, got an array")
        assertBadInput(sample("3"), "stdin: expected an object, got 3")
    }

    func testUnknownFieldsAreNamed() {
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "time": [0]}"#), #"time: unknown field (did you mean "times"?)"#)
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "colour": 1}"#), "colour: unknown field")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": [0], "a b": 1}"#), #"["a b"]: unknown field"#)
        assertBadInput(withAnimation(#""durration": 1"#), #"animations[0].durration: unknown field (did you mean "duration"?)"#)
        assertBadInput(withAnimation(#""keyTimes": [0, 1]"#), "animations[0].keyTimes: unknown field")
        assertBadInput(withLayer(#"{"opacity": 1}"#), "layer.opacity: unknown field")
    }

    func testKeyPath() {
        assertBadInput(sample(#"{"model": 1, "times": [0]}"#), "keyPath: missing (a string is required)")
        assertBadInput(sample(#"{"keyPath": 3, "model": 1, "times": [0]}"#), "keyPath: expected a string, got 3")
        assertBadInput(sample(#"{"keyPath": "", "model": 1, "times": [0]}"#), "keyPath: the key path is empty")
        assertBadInput(sample(#"{"keyPath": "backgroundColor", "model": 1, "times": [0]}"#),
            "model: expected [r, g, b, a], got 1")
    }

    func testModel() {
        assertBadInput(sample(#"{"keyPath": "opacity", "times": [0]}"#), "model: missing (a number is required)")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": [1, 2], "times": [0]}"#),
            "model: expected a number, got an array of 2")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": null, "times": [0]}"#),
            "model: expected a number, got null")
    }

    func testTimes() {
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1}"#), "times: missing (an array of numbers is required)")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": 0}"#), "times: expected an array, got 0")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": [0, 1, 2, "3"]}"#), #"times[3]: expected a number, got "3""#)
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "times": [null]}"#), "times[0]: expected a number, got null")
    }

    func testLayer() {
        assertBadInput(withLayer("[]"), "layer: expected an object, got an empty array")
        assertBadInput(withLayer(#"{"duration": -1}"#), "layer.duration: -1 is negative (0 means infinite)")
        assertBadInput(withLayer(#"{"speed": "fast"}"#), #"layer.speed: expected a number, got "fast""#)
        assertBadInput(withLayer(#"{"fillMode": "frozen"}"#),
            #"layer.fillMode: unknown fill mode "frozen" (expected "removed", "forwards", "backwards" or "both")"#)
    }

    // MARK: Animations

    func testAnimationsList() {
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "animations": {}, "times": [0]}"#),
            "animations: expected an array, got an object")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "animations": [{"type": "basic"}, 3], "times": [0]}"#),
            "animations[1]: expected an object, got 3")
    }

    func testAnimationType() {
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "animations": [{}], "times": [0]}"#),
            "animations[0].type: missing (a string is required)")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "animations": [{"type": 1}], "times": [0]}"#),
            "animations[0].type: expected a string, got 1")
        assertBadInput(sample(#"{"keyPath": "opacity", "model": 1, "animations": [{"type": "spring"}], "times": [0]}"#),
            #"animations[0].type: unknown animation type "spring" (expected "basic", "keyframe", "group" or "transition")"#)
    }

    func testAnimationKeyPathAndValueFunctionMayBeNull() {
        XCTAssertEqual(withAnimation(#""keyPath": "opacity""#).status, 0)
        XCTAssertEqual(withAnimation(#""keyPath": null"#).status, 0)
        XCTAssertEqual(withAnimation(#""valueFunction": null"#).status, 0)
    }

    func testAnimationValues() {
        assertBadInput(withAnimation(#""fromValue": "0""#), #"animations[0].fromValue: expected a number, got "0""#)
        assertBadInput(withAnimation(#""toValue": [1, 2]"#), "animations[0].toValue: expected a number, got an array of 2")
        assertBadInput(withAnimation(#""byValue": true"#), "animations[0].byValue: expected a number, got true")
    }

    func testAnimationTiming() {
        assertBadInput(withAnimation(#""duration": "x""#), #"animations[0].duration: expected a number, got "x""#)
        assertBadInput(withAnimation(#""duration": -0.5"#), "animations[0].duration: -0.5 is negative (0 means the 0.25 s default)")
        assertBadInput(withAnimation(#""beginTime": null"#), "animations[0].beginTime: expected a number, got null")
        assertBadInput(withAnimation(#""speed": false"#), "animations[0].speed: expected a number, got false")
        assertBadInput(withAnimation(#""timeOffset": {}"#), "animations[0].timeOffset: expected a number, got an object")
        assertBadInput(withAnimation(#""repeatCount": -1"#), "animations[0].repeatCount: -1 is negative")
        assertBadInput(withAnimation(#""repeatCount": "forever""#),
            #"animations[0].repeatCount: expected a number or "infinity", got "forever""#)
        assertBadInput(withAnimation(#""repeatDuration": -2"#), "animations[0].repeatDuration: -2 is negative")
        assertBadInput(withAnimation(#""duration": "infinity""#), #"animations[0].duration: expected a number, got "infinity""#)
        assertBadInput(withAnimation(#""autoreverses": 1"#), "animations[0].autoreverses: expected true or false, got 1")
        assertBadInput(withAnimation(#""fillMode": "Forwards""#),
            #"animations[0].fillMode: unknown fill mode "Forwards" (did you mean "forwards"?)"#)
        assertBadInput(withAnimation(#""fillMode": "hold""#),
            #"animations[0].fillMode: unknown fill mode "hold" (expected "removed", "forwards", "backwards" or "both")"#)
        assertBadInput(withAnimation(#""fillMode": 0"#), "animations[0].fillMode: expected a string, got 0")
    }

    func testAnimationFlags() {
        assertBadInput(withAnimation(#""additive": "yes""#), #"animations[0].additive: expected true or false, got "yes""#)
        assertBadInput(withAnimation(#""cumulative": null"#), "animations[0].cumulative: expected true or false, got null")
        assertBadInput(withAnimation(#""removedOnCompletion": 0"#), "animations[0].removedOnCompletion: expected true or false, got 0")
    }

    func testTimingFunction() {
        assertBadInput(withAnimation(#""timingFunction": "easein""#),
            #"animations[0].timingFunction: unknown timing function "easein" (did you mean "easeIn"?)"#)
        assertBadInput(withAnimation(#""timingFunction": "bounce""#),
            #"animations[0].timingFunction: unknown timing function "bounce" (expected "linear", "easeIn", "easeOut", "easeInEaseOut", "default" or [c1x, c1y, c2x, c2y])"#)
        assertBadInput(withAnimation(#""timingFunction": [0.5, 0, 1]"#),
            "animations[0].timingFunction: expected 4 numbers [c1x, c1y, c2x, c2y], got 3")
        assertBadInput(withAnimation(#""timingFunction": [0.5, 0, 1.5, 1]"#),
            "animations[0].timingFunction[2]: 1.5 is outside 0...1 (x control points must be in 0...1)")
        assertBadInput(withAnimation(#""timingFunction": [0.5, "0", 1, 1]"#),
            #"animations[0].timingFunction[1]: expected a number, got "0""#)
        assertBadInput(withAnimation(#""timingFunction": 1"#),
            "animations[0].timingFunction: expected a timing function name or [c1x, c1y, c2x, c2y], got 1")
    }

    /// Long strings are cut in messages so the line stays readable: 64 characters, the
    /// first 44 and the last 19 around an ellipsis.
    func testLongValuesAreShortenedInMessages() {
        let long = "<" + String(repeating: "x", count: 98) + ">"
        assertBadInput(withAnimation(#""duration": "\#(long)""#),
            "animations[0].duration: expected a number, got \"<\(String(repeating: "x", count: 43))…\(String(repeating: "x", count: 18))>\"")
    }

    /// The first error in document order of checks is reported, and only one.
    func testOnlyOneErrorIsReported() {
        let result = sample(#"{"keyPath": 1, "model": "m", "times": "t"}"#)
        assertBadInput(result, "keyPath: expected a string, got 1")
    }

    // MARK: Never crash

    /// Every prefix of a valid request, and 500 seeded random byte edits of it, give
    /// either a response or one error line with exit status 2 (the `sample` fuzz target,
    /// `Fuzz/`, searches the same space at length in CI).
    func testTruncatedAndMangledRequestsNeverCrash() throws {
        try assertNeverCrashes("sample-opacity.json", seed: 0xCADE_0002)
        try assertNeverCrashes("sample-path-rotation.json", seed: 0xCADE_0003)
        try assertNeverCrashes("sample-spin-group.json", seed: 0xCADE_0004)
    }

    private func assertNeverCrashes(_ example: String, seed: UInt64) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/\(example)")
        let bytes = Array(try Data(contentsOf: url))
        // The command line parsed once, run on every input (as `run(arguments:console:)` runs it).
        let arguments = ["sample", "-"]
        let parsed = try CadenceCommand.parseAsRoot(arguments)
        func run(_ console: RecordingConsole) -> Int32 { CadenceCommand.run(arguments: arguments, console: console) { parsed } }
        // Every proper prefix of the document itself (the file ends with a newline).
        let end = bytes.lastIndex { $0 == UInt8(ascii: "}") }!
        for length in 0...end {
            let console = RecordingConsole(bytes: Array(bytes[..<length]))
            let status = run(console)
            XCTAssertEqual(status, 2, "prefix of \(length) bytes")
            XCTAssertEqual(console.error.filter { $0 == "\n" }.count, 1, "prefix of \(length) bytes: \(console.error)")
        }
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("{}[]\",:0123456789.-+eE truefalsnul\\".utf8) + [0x00, 0xFF, 0xC3]
        for trial in 0..<500 {
            var mangled = bytes
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let index = Int(generator.next() % UInt64(mangled.count))
                switch generator.next() % 3 {
                case 0: mangled[index] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: mangled.remove(at: index)
                default: mangled.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: index)
                }
            }
            let console = RecordingConsole(bytes: mangled)
            let status = run(console)
            let context = "\(example), seed \(seed), trial \(trial): \(String(decoding: mangled, as: UTF8.self))"
            if status == 0 {
                XCTAssertEqual(console.error, "", context)
                XCTAssertTrue(console.output.hasPrefix("{\"values\":["), context)
            } else {
                XCTAssertEqual(status, 2, context)
                XCTAssertEqual(console.output, "", context)
                XCTAssertTrue(console.error.hasPrefix("cadence: "), context)
                XCTAssertEqual(console.error.filter { $0 == "\n" }.count, 1, context)
            }
        }
    }
}
