/// A strict JSON parser (RFC 8259) that reports where a document goes wrong.
///
/// Syntax errors are located as `source:line:column` (1-based; columns count characters);
/// a key that appears twice in one object is an error located by its path
/// (`animations[0].duration`), since silently keeping one of the two hides typos.
/// Numbers must fit in a `Double` (`1e999` is an error, not infinity); there is no NaN or
/// infinity literal. Nesting deeper than `maxDepth` is an error rather than a stack
/// overflow. A leading UTF-8 byte-order mark is skipped. Cost: one pass, linear in the
/// input.
///
/// **Memory.** The tree is charged to a `MemoryBudget` as it grows, and parsing stops with
/// an error once the budget is spent: `valueCost` (48 bytes) for each value in an array
/// (a 24-byte `JSONValue`, twice for the array's spare capacity), `memberCost` (128) for
/// each object member (a 40-byte pair, twice, and the key's entry in the duplicate check),
/// `containerCost` (32) for each array and object, and each string's bytes past the 15
/// that Swift keeps inline. A document of small numbers costs about 25 times its size.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 256
    /// The memory charged per array element, object member, container (see above).
    static let valueCost = 48
    static let memberCost = 128
    static let containerCost = 32
    /// Charges are passed to the budget in steps of this many bytes.
    static let chargeStep = 1 << 16

    private let bytes: [UInt8]
    private let source: String
    private var offset = 0
    private let budget: MemoryBudget
    /// Bytes of tree not yet charged to `budget`.
    private var pending = 0

    /// Parses `bytes` (UTF-8 JSON text) as one document named `source` in error locations,
    /// charging the tree to `budget`.
    package static func parse(_ bytes: [UInt8], source: String, budget: MemoryBudget = MemoryBudget()) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, source: source, budget: budget)
        return try parser.parseDocument()
    }

    /// Parses `text` as one document named `source` in error locations.
    package static func parse(_ text: String, source: String, budget: MemoryBudget = MemoryBudget()) throws -> JSONValue {
        try parse(Array(text.utf8), source: source, budget: budget)
    }

    private init(bytes: [UInt8], source: String, budget: MemoryBudget) {
        self.bytes = bytes
        self.source = source
        self.budget = budget
    }

    // MARK: Grammar

    private mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        guard offset < bytes.count else { throw syntaxError("the document is empty") }
        let value = try parseValue(at: .root, depth: 0)
        skipWhitespace()
        guard offset == bytes.count else {
            throw syntaxError("unexpected \(foundDescription) after the end of the document")
        }
        try charge(0, flush: true)
        return value
    }

    /// Adds `bytes` to the tree's cost, passing it to the budget in steps.
    private mutating func charge(_ bytes: Int, flush: Bool = false) throws {
        pending += bytes
        guard pending >= Self.chargeStep || flush else { return }
        guard budget.add(pending) else {
            throw syntaxError(
                "the parsed document needs more memory than the budget of \(FileAccess.describe(bytes: budget.limit)) "
                    + "leaves (--max-memory raises it)")
        }
        pending = 0
    }

    private mutating func parseValue(at path: JSONPath, depth: Int) throws -> JSONValue {
        guard let byte = peek() else { throw syntaxError("expected a value, found the end of the document") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(at: path, depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(at: path, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw syntaxError("expected a value, found \(foundDescription)")
        }
    }

    private mutating func parseObject(at path: JSONPath, depth: Int) throws -> JSONValue {
        guard depth <= Self.maxDepth else { throw syntaxError("nesting deeper than \(Self.maxDepth) levels") }
        offset += 1  // {
        try charge(Self.containerCost)
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw syntaxError("expected a string key in quotes, found \(foundDescription)")
            }
            let key = try parseString()
            let memberPath = path.appending(key)
            guard keys.insert(key).inserted else {
                throw InputError(at: memberPath, in: source, "field appears twice in the same object")
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw syntaxError("expected ':' after a key, found \(foundDescription)")
            }
            offset += 1
            skipWhitespace()
            try charge(Self.memberCost)
            members.append((key, try parseValue(at: memberPath, depth: depth)))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default:
                throw syntaxError("expected ',' or '}' after a member, found \(foundDescription)")
            }
        }
    }

    private mutating func parseArray(at path: JSONPath, depth: Int) throws -> JSONValue {
        guard depth <= Self.maxDepth else { throw syntaxError("nesting deeper than \(Self.maxDepth) levels") }
        offset += 1  // [
        try charge(Self.containerCost)
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            try charge(Self.valueCost)
            elements.append(try parseValue(at: path.appending(elements.count), depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default:
                throw syntaxError("expected ',' or ']' after an element, found \(foundDescription)")
            }
        }
    }

    private mutating func parseString() throws -> String {
        let start = offset
        offset += 1  // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else {
                offset = start
                throw syntaxError("string is not closed")
            }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                if utf8.count > 15 { try charge(utf8.count + 32) }
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    offset = start
                    throw syntaxError("string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw syntaxError("control character in a string (write it as an escape such as \\n)")
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws {
        guard let byte = peek() else { throw syntaxError("string is not closed") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var code = try parseHex4()
            if (0xD800..<0xDC00).contains(code) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard bytes[offset...].starts(with: Array("\\u".utf8)) else {
                    throw syntaxError("unpaired surrogate in a \\u escape")
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw syntaxError("unpaired surrogate in a \\u escape") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw syntaxError("unpaired surrogate in a \\u escape")
            }
            utf8.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
        default:
            offset -= 2  // point at the backslash
            let shown = byte >= 0x21 && byte < 0x7F ? " '\\\(Character(Unicode.Scalar(byte)))'" : ""
            throw syntaxError("unknown escape\(shown) in a string")
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else {
                throw syntaxError("expected 4 hexadecimal digits after \\u, found \(foundDescription)")
            }
            code = code << 4 | digit
            offset += 1
        }
        return code
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, converted with correct
    /// rounding by the standard library.
    private mutating func parseNumber() throws -> Double {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
            if let byte = peek(), Self.isDigit(byte) {
                offset = start
                throw syntaxError("a number may not start with a leading zero")
            }
        } else {
            guard skipDigits() > 0 else { throw syntaxError("expected a digit, found \(foundDescription)") }
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw syntaxError("expected a digit after '.', found \(foundDescription)") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else {
                throw syntaxError("expected a digit in the exponent, found \(foundDescription)")
            }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw syntaxError("the number \(MessageText.shortened(text, to: MessageText.maxItemLength)) is too large for a double")
        }
        return value
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek(), Self.isDigit(byte) { offset += 1 }
        return offset - start
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func expectLiteral(_ literal: String) throws {
        let expected = Array(literal.utf8)
        guard bytes[offset...].starts(with: expected) else {
            throw syntaxError("expected a value, found \(foundDescription)")
        }
        offset += expected.count
    }

    // MARK: Scanning and errors

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset += 1
        }
    }

    /// The character at the current offset, quoted, for messages.
    private var foundDescription: String {
        guard offset < bytes.count else { return "the end of the document" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return "whitespace" }
        if byte < 0x80 { return "the control character 0x\(String(byte, radix: 16, uppercase: true))" }
        // A multi-byte UTF-8 character: show it when it decodes.
        let end = Swift.min(bytes.count, offset + 4)
        for length in 2...4 where offset + length <= end {
            if let text = String(validating: bytes[offset..<offset + length], as: UTF8.self) {
                return "'\(text)'"
            }
        }
        return "the byte 0x\(String(byte, radix: 16, uppercase: true)) (not UTF-8)"
    }

    /// An error at the current offset, located as `source:line:column`.
    private func syntaxError(_ message: String) -> InputError {
        var line = 1
        var column = 1
        for byte in bytes[..<Swift.min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return InputError("\(MessageText.path(source)):\(line):\(column)", message)
    }
}
