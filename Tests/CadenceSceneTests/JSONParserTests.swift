@testable import CadenceScene
import XCTest

/// The strict JSON parser and writer behind `cadence sample`.
final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text, source: "t")
    }

    private func error(_ text: String) -> InputError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error as? InputError
        }
    }

    func testValues() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" true "), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("-0.5e1"), .number(-5))
        XCTAssertEqual(try parse("1E+2"), .number(100))
        XCTAssertEqual(try parse("0"), .number(0))
        XCTAssertEqual(try parse("[]"), .array([]))
        XCTAssertEqual(try parse("{}"), .object([]))
        XCTAssertEqual(try parse(#"[1, [2], {"a": null}]"#),
            .array([.number(1), .array([.number(2)]), .object([("a", .null)])]))
    }

    /// Booleans stay apart from numbers (JSONSerialization gives NSNumber for both).
    func testBooleansAreNotNumbers() throws {
        XCTAssertNotEqual(try parse("true"), .number(1))
        XCTAssertNotEqual(try parse("1"), .bool(true))
    }

    func testMembersKeepTheirOrder() throws {
        guard case .object(let members) = try parse(#"{"z": 1, "a": 2, "m": 3}"#) else { return XCTFail() }
        XCTAssertEqual(members.map(\.key), ["z", "a", "m"])
    }

    func testNumbersRoundCorrectly() throws {
        XCTAssertEqual(try parse("0.1"), .number(0.1))
        XCTAssertEqual(try parse("1e-400"), .number(0), "underflow is not an error")
        XCTAssertEqual(try parse("2.2250738585072014e-308"), .number(.leastNormalMagnitude))
        XCTAssertEqual(try parse("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
        XCTAssertEqual(error("-1.8e308")?.message, "the number -1.8e308 is too large for a double")
    }

    func testStrings() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u20AC""#), .string("é€"))
        XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try parse("\"😀\""), .string("😀"))
        XCTAssertEqual(error(#""\udc00""#)?.message, "unpaired surrogate in a \\u escape")
        XCTAssertEqual(error(#""\ud83d\u0041""#)?.message, "unpaired surrogate in a \\u escape")
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), source: "t"), .array([.number(1)]))
    }

    func testLocationsCountLinesAndCharacters() {
        XCTAssertEqual(error("[\n\n  1,\n  x]")?.location, "t:4:3")
        XCTAssertEqual(error("[\"ééé\", x]")?.location, "t:1:9")
    }

    func testNestingLimit() throws {
        let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        XCTAssertNoThrow(try parse(ok))
        let deep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
        XCTAssertEqual(error(deep)?.message, "nesting deeper than 256 levels")
        XCTAssertEqual(error(String(repeating: "{\"a\":", count: 300))?.message, "nesting deeper than 256 levels")
    }

    func testDuplicateKeysNameTheirPath() {
        let duplicate = error(#"{"a": [{"b": 1, "b": 2}]}"#)
        XCTAssertEqual(duplicate?.location, "a[0].b")
        XCTAssertEqual(duplicate?.message, "field appears twice in the same object")
    }

    // MARK: Paths

    func testPathsPrintTheWayAReaderWritesThem() {
        let path = JSONPath.root.appending("animations").appending(0).appending("timingFunction").appending(2)
        XCTAssertEqual(path.description, "animations[0].timingFunction[2]")
        XCTAssertEqual(JSONPath.root.appending("a.b").appending("c").description, #"["a.b"].c"#)
        XCTAssertEqual(JSONPath.root.appending("").description, #"[""]"#)
        XCTAssertEqual(JSONPath.root.appending("1st").description, #"["1st"]"#)
        XCTAssertEqual(JSONPath.root.appending(3).description, "[3]")
        XCTAssertTrue(JSONPath.root.isRoot)
        XCTAssertEqual(InputError(at: .root, in: "request.json", "x").location, "request.json")
    }

    // MARK: Writing

    func testNumbersAreWrittenExactlyAndShort() {
        XCTAssertEqual(JSONValue.format(1), "1")
        XCTAssertEqual(JSONValue.format(-0.0), "0")
        XCTAssertEqual(JSONValue.format(0.1), "0.1")
        XCTAssertEqual(JSONValue.format(1e-7), "1e-07")
        XCTAssertEqual(JSONValue.format(9007199254740991), "9007199254740991")
        XCTAssertEqual(JSONValue.format(9007199254740992), "9007199254740992")
        XCTAssertEqual(JSONValue.format(9999999999999998), "9999999999999998")
        XCTAssertEqual(JSONValue.format(1e16), "1e+16")
        XCTAssertEqual(JSONValue.format(-2.5), "-2.5")
        XCTAssertEqual(JSONValue.format(1e300), "1e+300")
        XCTAssertEqual(JSONValue.format(.infinity), "null")
        XCTAssertEqual(JSONValue.format(-.infinity), "null")
        XCTAssertEqual(JSONValue.format(.nan), "null")
        // Every written number reads back as the same double.
        for value in [0.1, 1.0 / 3, -2.5e-300, 123456.789, 9007199254740992 as Double, 0.12957676084535252,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude] {
            XCTAssertEqual(try parse(JSONValue.format(value)), .number(value))
        }
    }

    func testWritingRoundTrips() throws {
        let text = #"{"a":[1,true,null,"x\"\n\u0001é"],"b":{}}"#
        XCTAssertEqual(try parse(text).serialized(), text)
    }

    func testSummariesForMessages() {
        XCTAssertEqual(JSONValue.string("x").summary, #""x""#)
        XCTAssertEqual(JSONValue.number(2.5).summary, "2.5")
        XCTAssertEqual(JSONValue.bool(false).summary, "false")
        XCTAssertEqual(JSONValue.null.summary, "null")
        XCTAssertEqual(JSONValue.array([]).summary, "an empty array")
        XCTAssertEqual(JSONValue.array([.null]).summary, "an array")
        XCTAssertEqual(JSONValue.object([]).summary, "an object")
    }

    func testSuggestions() {
        XCTAssertEqual(JSONObjectReader.closest(to: "durration", in: ["duration", "speed"]), "duration")
        XCTAssertEqual(JSONObjectReader.closest(to: "FillMode", in: ["fillMode"]), "fillMode")
        XCTAssertNil(JSONObjectReader.closest(to: "colour", in: ["model", "times"]))
        XCTAssertEqual(JSONObjectReader.editDistance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(JSONObjectReader.editDistance([], Array("abc")), 3)
    }
}
