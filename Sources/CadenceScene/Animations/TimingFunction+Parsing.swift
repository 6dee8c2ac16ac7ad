import CadenceTiming

/// Reading timing functions from requests and arguments: a name (`"easeIn"`) or the four
/// numbers `c1x, c1y, c2x, c2y`.
///
/// The command line is stricter than `TimingFunction.init(controlPoints:)`, which clamps
/// x control points into 0…1 and turns non-finite points into `linear`: here an x outside
/// 0…1 or a non-finite number is an error, since it is almost always a mistake.
extension TimingFunction {
    /// The names accepted, in the order error messages list them.
    static let acceptedNames = Name.allCases.map(\.rawValue)

    /// The timing function of JSON `value` at `path`: a name or an array of four numbers.
    static func parse(json value: JSONValue, at path: JSONPath, source: String) throws -> TimingFunction {
        switch value {
        case .string(let name):
            guard let known = Name(rawValue: name) else {
                throw InputError(at: path, in: source, unknownNameMessage(name, numbers: "[c1x, c1y, c2x, c2y]"))
            }
            return TimingFunction(named: known)
        case .array(let elements):
            guard elements.count == 4 else {
                throw InputError(
                    at: path, in: source, "expected 4 numbers [c1x, c1y, c2x, c2y], got \(elements.count)")
            }
            var numbers: [Double] = []
            for (index, element) in elements.enumerated() {
                let number = try JSONObjectReader.number(element, at: path.appending(index), source: source)
                if let problem = controlPointProblem(number, index: index) {
                    throw InputError(at: path.appending(index), in: source, problem)
                }
                numbers.append(number)
            }
            return TimingFunction(controlPoints: numbers[0], numbers[1], numbers[2], numbers[3])
        default:
            throw InputError(
                at: path, in: source,
                "expected a timing function name or [c1x, c1y, c2x, c2y], got \(value.summary)")
        }
    }

    /// The timing function named by command-line `text`: a name, or four numbers separated
    /// by commas (`0.42,0,0.58,1`; spaces around the numbers are allowed). Returns the
    /// function and a label for it (the name, or the four numbers as written by `JSONValue`).
    /// Errors carry `location` as their location.
    public static func parse(argument text: String, location: String) throws -> (function: TimingFunction, label: String) {
        if let name = Name(rawValue: text) { return (TimingFunction(named: name), name.rawValue) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count > 1 else { throw InputError(location, unknownNameMessage(text, numbers: "four numbers c1x,c1y,c2x,c2y")) }
        guard parts.count == 4 else {
            throw InputError(location, "expected 4 numbers c1x,c1y,c2x,c2y, got \(parts.count) in \(MessageText.quoted(text))")
        }
        var numbers: [Double] = []
        for (index, part) in parts.enumerated() {
            let trimmed = trimmingSpaces(part)
            guard let number = Double(trimmed) else {
                throw InputError(location, "\(controlPointLabels[index]): \(MessageText.quoted(trimmed)) is not a number")
            }
            try check(number, index: index, location: location)
            numbers.append(number)
        }
        let function = TimingFunction(controlPoints: numbers[0], numbers[1], numbers[2], numbers[3])
        return (function, numbers.map(JSONValue.format).joined(separator: ","))
    }

    /// The timing function with control points `(c1x, c1y)` and `(c2x, c2y)`, checked as
    /// the command line checks them: every number finite, x control points in 0...1.
    /// Errors carry `location` and name the coordinate (`c1x: 1.5 is outside 0...1 …`).
    public static func parse(
        controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, location: String
    ) throws -> TimingFunction {
        for (index, number) in [c1x, c1y, c2x, c2y].enumerated() { try check(number, index: index, location: location) }
        return TimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    }

    /// Throws at `location` when `value` cannot be control-point coordinate `index`.
    private static func check(_ value: Double, index: Int, location: String) throws {
        if let problem = controlPointProblem(value, index: index) {
            throw InputError(location, "\(controlPointLabels[index]): \(problem)")
        }
    }

    /// `text` without the spaces and tabs at its ends (Unicode's space separators, as
    /// Foundation's `CharacterSet.whitespaces` has them, without importing Foundation).
    private static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static let controlPointLabels = ["c1x", "c1y", "c2x", "c2y"]

    /// Why `value` cannot be control-point coordinate `index` (0 = c1x … 3 = c2y), or `nil`.
    private static func controlPointProblem(_ value: Double, index: Int) -> String? {
        guard value.isFinite else { return "\(value) is not a finite number" }
        if index % 2 == 0 && !(0...1).contains(value) {
            return "\(JSONValue.format(value)) is outside 0...1 (x control points must be in 0...1)"
        }
        return nil
    }

    private static func unknownNameMessage(_ name: String, numbers: String) -> String {
        var message = "unknown timing function \(JSONValue.string(name).summary)"
        if let suggestion = JSONObjectReader.closest(to: name, in: acceptedNames) {
            message += " (did you mean \"\(suggestion)\"?)"
        } else {
            let names = acceptedNames.map { JSONValue.string($0).serialized() }.joined(separator: ", ")
            message += " (expected \(names) or \(numbers))"
        }
        return message
    }
}
