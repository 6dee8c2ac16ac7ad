import CadenceAnimation
import CadenceGeometry

/// A value type that requests carry as JSON: a number, or an array of a fixed count of
/// numbers (docs/command-line.md, "Values"); a path as SVG path data, and lists of colours
/// and numbers as arrays of them. Each kind of `ValueKind` has one such type, and
/// `AnimatableVector` carries the three numbers that the `scale` and `translate` value
/// functions read.
protocol JSONAnimatableValue: KeyPathAnimatable {
    /// The value of JSON `json` at `path`, what it allocates charged to `budget` (the
    /// default: `read(_:at:source:)`, a value of fixed size).
    static func read(_ json: JSONValue, at path: JSONPath, source: String, budget: MemoryBudget) throws -> Self
    /// How the value is written, for messages: `a number`, `[x, y]`.
    static var encoding: String { get }
    /// The count of numbers in the array form; `nil` when the value is a plain number.
    static var componentCount: Int? { get }
    /// The value of `components` (exactly `componentCount` numbers, or one for a number).
    init(components: [Double])
}

extension JSONAnimatableValue {
    static var componentCount: Int? { nil }

    static func read(_ json: JSONValue, at path: JSONPath, source: String, budget: MemoryBudget) throws -> Self {
        try read(json, at: path, source: source)
    }

    /// The value of JSON `json` at `path`: a number, or an array of `componentCount`
    /// numbers, each checked where it is.
    static func read(_ json: JSONValue, at path: JSONPath, source: String) throws -> Self {
        guard let count = componentCount else {
            guard case .number(let number) = json else {
                throw InputError(at: path, in: source, "expected \(encoding), got \(json.shapeSummary)")
            }
            return Self(components: [number])
        }
        guard case .array(let elements) = json, elements.count == count else {
            throw InputError(at: path, in: source, "expected \(encoding), got \(json.shapeSummary)")
        }
        return Self(components: try elements.enumerated().map {
            try JSONObjectReader.number($1, at: path.appending($0), source: source)
        })
    }
}

extension Double: JSONAnimatableValue {
    static var encoding: String { "a number" }
    init(components: [Double]) { self = components[0] }
}

extension Point: JSONAnimatableValue {
    static var encoding: String { "[x, y]" }
    static var componentCount: Int? { 2 }
    init(components c: [Double]) { self.init(x: c[0], y: c[1]) }
}

extension Size: JSONAnimatableValue {
    static var encoding: String { "[width, height]" }
    static var componentCount: Int? { 2 }
    init(components c: [Double]) { self.init(width: c[0], height: c[1]) }
}

extension Rect: JSONAnimatableValue {
    static var encoding: String { "[x, y, width, height]" }
    static var componentCount: Int? { 4 }
    init(components c: [Double]) { self.init(x: c[0], y: c[1], width: c[2], height: c[3]) }
}

extension Color: JSONAnimatableValue {
    static var encoding: String { "[r, g, b, a]" }
    static var componentCount: Int? { 4 }
    init(components c: [Double]) { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
}

extension Transform3D: JSONAnimatableValue {
    static var encoding: String { "16 numbers [m11, m12, …, m44]" }
    static var componentCount: Int? { 16 }
    init(components: [Double]) { self = Transform3D(components)! }
}

/// Three numbers `[x, y, z]`, read only as the input of the `scale` and `translate` value
/// functions.
extension AnimatableVector: JSONAnimatableValue {
    static var encoding: String { "[x, y, z]" }
    static var componentCount: Int? { 3 }
    init(components: [Double]) { self.init(components) }
}

/// A path: SVG path data (`"M0 0 L10 0 …"`), its elements charged to the budget.
extension Path: JSONAnimatableValue {
    static var encoding: String { "SVG path data (a string)" }
    init(components: [Double]) { self.init() }
    static func read(_ json: JSONValue, at path: JSONPath, source: String, budget: MemoryBudget) throws -> Path {
        guard case .string(let text) = json else {
            throw InputError(at: path, in: source, "expected \(encoding), got \(json.shapeSummary)")
        }
        return try AnimationDecoder.parsePath(text, at: path, source: source, budget: budget)
    }
}

/// A list of colours `[[r, g, b, a], …]` or of numbers `[n, …]`, each element checked
/// where it is, the list charged to the budget.
extension Array: JSONAnimatableValue where Element: AnimatableListElement & JSONAnimatableValue {
    static var encoding: String { "an array of \(Element.encoding)" }
    init(components: [Double]) { self = [] }
    static func read(_ json: JSONValue, at path: JSONPath, source: String, budget: MemoryBudget) throws -> [Element] {
        guard case .array(let elements) = json else {
            throw InputError(at: path, in: source, "expected \(encoding), got \(json.shapeSummary)")
        }
        try budget.charge(elements.count * MemoryLayout<Element>.stride, for: "\(elements.count) list elements", at: path.description)
        return try elements.enumerated().map { try Element.read($1, at: path.appending($0), source: source) }
    }
}

extension KeyPathValue {
    /// The value in the command line's encoding (docs/command-line.md, "Values"): a number, or the array of its numbers
    /// (non-finite numbers are written as `null`); a path as SVG path data, a list of
    /// colours as an array of `[r, g, b, a]`. Booleans, which requests cannot
    /// animate, are written as JSON Booleans, names (`fillMode`, `contentsGravity`) as JSON
    /// strings.
    var json: JSONValue {
        let numbers: [Double]
        switch self {
        case .scalar(let v): return .number(v)
        case .boolean(let flag): return .bool(flag)
        case .string(let name): return .string(name)
        case .point(let p): numbers = [p.x, p.y]
        case .size(let s): numbers = [s.width, s.height]
        case .rect(let r): numbers = [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): numbers = [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): numbers = t.fields
        case .path(let path): return .string(path.svgPathData)
        case .colorList(let colors): return .array(colors.map { KeyPathValue.color($0).json })
        case .numberList(let list): numbers = list
        }
        return .array(numbers.map(JSONValue.number))
    }
}
