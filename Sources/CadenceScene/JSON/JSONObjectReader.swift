/// Strict, located reading of one JSON object: typed accessors for its fields that throw
/// an `InputError` naming the field's path and the expected type, and a check that the
/// object has no fields other than the known ones (so that typos are caught).
struct JSONObjectReader {
    let members: [(key: String, value: JSONValue)]
    let path: JSONPath
    /// The document's name, reported for errors about the document itself.
    let source: String

    /// Reads `value` at `path`, which must be an object.
    init(_ value: JSONValue, at path: JSONPath, source: String) throws {
        guard case .object(let members) = value else {
            throw InputError(at: path, in: source, "expected an object, got \(value.summary)")
        }
        self.members = members
        self.path = path
        self.source = source
    }

    /// Throws at the first field whose key is not in `known`, suggesting the closest known
    /// key when it is a likely typo.
    func rejectUnknownFields(_ known: [String]) throws {
        for (key, _) in members where !known.contains(key) {
            var message = "unknown field"
            if let suggestion = Self.closest(to: key, in: known) { message += " (did you mean \"\(suggestion)\"?)" }
            throw InputError(at: path.appending(key), in: source, message)
        }
    }

    /// The raw value of `key`, or `nil` when absent.
    func value(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The raw value of `key`; throws when absent.
    func required(_ key: String, _ expected: String) throws -> JSONValue {
        guard let value = value(key) else {
            throw InputError(at: path.appending(key), in: source, "missing (\(expected) is required)")
        }
        return value
    }

    /// The number at `key`, or `nil` when absent.
    func number(_ key: String) throws -> Double? {
        try value(key).map { try Self.number($0, at: path.appending(key), source: source) }
    }

    /// The number at `key`, which must be in `range`; `nil` when absent.
    func number(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        try number(key).map { try Self.check($0, in: range, at: path.appending(key), source: source) }
    }

    /// The non-negative number at `key`, or `nil` when absent.
    func nonNegativeNumber(_ key: String, note: String = "") throws -> Double? {
        guard let number = try number(key) else { return nil }
        guard number >= 0 else {
            throw InputError(at: path.appending(key), in: source, "\(JSONValue.format(number)) is negative\(note)")
        }
        return number
    }

    /// A non-negative number, or the string `"infinity"` (for `repeatCount` and
    /// `repeatDuration`); `nil` when absent.
    func countOrInfinity(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        switch value {
        case .string("infinity"): return .infinity
        case .number(let number) where number >= 0: return number
        case .number(let number):
            throw InputError(at: path.appending(key), in: source, "\(JSONValue.format(number)) is negative")
        default:
            throw InputError(
                at: path.appending(key), in: source, "expected a number or \"infinity\", got \(value.summary)")
        }
    }

    /// The Boolean at `key`, or `nil` when absent.
    func bool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            throw InputError(at: path.appending(key), in: source, "expected true or false, got \(value.summary)")
        }
        return flag
    }

    /// The name at `key`, which must be the raw value of one of `E`'s cases; `nil` when
    /// absent, and also when `null` if `allowsNull`. An unknown name is reported with
    /// `noun` ("unknown calculation mode") and the nearest name as a suggestion, or the
    /// list of names when none is near.
    func choice<E: RawRepresentable & CaseIterable>(
        _ key: String, _ type: E.Type, noun: String = "value", allowsNull: Bool = false
    ) throws -> E? where E.RawValue == String {
        guard let value = allowsNull ? nonNull(key) : self.value(key) else { return nil }
        return try Self.choice(value, E.self, noun: noun, at: path.appending(key), source: source)
    }

    /// The name `value` at `path`, which must be the raw value of one of `E`'s cases
    /// (reported as `choice(_:_:noun:allowsNull:)` does).
    static func choice<E: RawRepresentable & CaseIterable>(
        _ value: JSONValue, _ type: E.Type, noun: String, at path: JSONPath, source: String
    ) throws -> E where E.RawValue == String {
        let text = try string(value, at: path, source: source)
        if let known = E(rawValue: text) { return known }
        throw InputError(at: path, in: source, unknown(noun, value, names: E.allCases.map(\.rawValue)))
    }

    /// "unknown NOUN VALUE", with the closest of `names` as a suggestion, or the list of
    /// them when none is close.
    static func unknown(_ noun: String, _ value: JSONValue, names: [String]) -> String {
        let message = "unknown \(noun) \(value.summary)"
        guard case .string(let text) = value, let suggestion = closest(to: text, in: names) else {
            return message + " (expected \(list(names)))"
        }
        return message + " (did you mean \"\(suggestion)\"?)"
    }

    /// The value of `key`, or `nil` when it is absent or `null` (for the fields that
    /// are optional objects on Core Animation).
    func nonNull(_ key: String) -> JSONValue? {
        guard let value = value(key), value != .null else { return nil }
        return value
    }

    /// The array at `key`, each element read by `element` with its path; `nil` when absent
    /// or `null`.
    func array<Element>(_ key: String, _ element: (JSONValue, JSONPath) throws -> Element) throws -> [Element]? {
        guard let value = nonNull(key) else { return nil }
        let arrayPath = path.appending(key)
        return try Self.array(value, at: arrayPath, source: source).enumerated().map {
            try element($1, arrayPath.appending($0))
        }
    }

    /// The array of numbers at `key`, each in `range` when one is given; `nil` when absent
    /// or `null`.
    func numbers(_ key: String, in range: ClosedRange<Double>? = nil) throws -> [Double]? {
        try array(key) { element, elementPath in
            let number = try Self.number(element, at: elementPath, source: source)
            guard let range else { return number }
            return try Self.check(number, in: range, at: elementPath, source: source)
        }
    }

    // MARK: Values

    static func number(_ value: JSONValue, at path: JSONPath, source: String) throws -> Double {
        guard case .number(let number) = value else {
            throw InputError(at: path, in: source, "expected a number, got \(value.summary)")
        }
        return number
    }

    /// `number`, when it is in `range`: "1.2 is outside 0...1" otherwise.
    static func check(_ number: Double, in range: ClosedRange<Double>, at path: JSONPath, source: String) throws -> Double {
        guard range.contains(number) else {
            let bounds = "\(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"
            throw InputError(at: path, in: source, "\(JSONValue.format(number)) is outside \(bounds)")
        }
        return number
    }

    static func string(_ value: JSONValue, at path: JSONPath, source: String) throws -> String {
        guard case .string(let text) = value else {
            throw InputError(at: path, in: source, "expected a string, got \(value.summary)")
        }
        return text
    }

    static func array(_ value: JSONValue, at path: JSONPath, source: String) throws -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw InputError(at: path, in: source, "expected an array, got \(value.summary)")
        }
        return elements
    }

    /// `a, b, c or d`, each quoted.
    static func list(_ choices: [String]) -> String {
        let quoted = choices.map { JSONValue.string($0).serialized() }
        guard quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    // MARK: Suggestions

    /// The known key nearest to `key` (case-insensitive edit distance), if it is within a
    /// third of the key's length (at least 1, at most 3 edits).
    static func closest(to key: String, in known: [String]) -> String? {
        // A key longer than every known one by more than the limit is no typo of them; the
        // test keeps a long key from costing its length times each candidate's.
        let longest = known.map(\.count).max() ?? 0
        guard key.utf8.count <= 4 * (longest + 3) else { return nil }
        let limit = Swift.min(3, Swift.max(1, key.count / 3))
        let lowered = Array(key.lowercased())
        var best: (key: String, distance: Int)?
        for candidate in known where Swift.abs(candidate.count - lowered.count) <= limit {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= limit && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.key
    }

    /// Levenshtein distance, two rows.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
