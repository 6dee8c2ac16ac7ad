/// A parsed JSON value that keeps what `JSONSerialization` loses: booleans apart from
/// numbers, and the order of an object's members.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Always finite: the parser rejects numbers that do not fit in a `Double`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order; keys are unique (the parser rejects duplicates).
    case object([(key: String, value: JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The value of member `key` of an object; `nil` for a missing key or a non-object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, for error messages: `"x"`, `3`, `true`, `null`, `an array`,
    /// `an object`. Strings are quoted as `MessageText.quoted` does (shortened, control
    /// characters escaped).
    var summary: String {
        switch self {
        case .null, .bool, .number: return serialized()
        case .string(let text): return MessageText.quoted(text)
        case .array(let elements): return elements.isEmpty ? "an empty array" : "an array"
        case .object: return "an object"
        }
    }

    /// `summary`, with the length of a non-empty array (`an array of 3`), for messages
    /// about values whose kind is their shape.
    var shapeSummary: String {
        if case .array(let elements) = self, !elements.isEmpty { return "an array of \(elements.count)" }
        return summary
    }
}

// MARK: - Writing

extension JSONValue {
    /// The value as compact JSON text (no spaces, members in order).
    ///
    /// Numbers are written exactly: integers below 1e16 in magnitude as integers (`-0` as
    /// `0`), any other value in Swift's shortest round-tripping form (`0.1`, `1e-07`,
    /// `1e+16`), which is valid JSON. `.number` never holds a non-finite value when it
    /// comes from the parser; one built in code is written as `null`, since JSON has no
    /// NaN or infinity.
    package func serialized() -> String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += JSONValue.format(value)
        case .string(let value): JSONValue.writeString(value, to: &text)
        case .array(let elements):
            text += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { text += "," }
                JSONValue.writeString(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// Integral values below this magnitude are written as integers (exact: each converts
    /// to `Int64` without rounding); from here on Swift's exponent form is shorter.
    static let plainIntegerLimit = 1e16

    /// `value` as a JSON number, or `null` when it is NaN or infinite.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero) && Swift.abs(value) < plainIntegerLimit {
            return String(Int64(value))
        }
        return value.description
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
