import CadenceAnimation
import CadenceGeometry

/// A value type that requests carry as JSON: a number, or an array of a fixed count of
/// numbers (docs/command-line.md, "Values"). Each kind of `ValueKind` has one such type, and
/// `AnimatableVector` carries the three numbers that the `scale` and `translate` value
/// functions read.
protocol JSONAnimatableValue: KeyPathAnimatable {
    /// How the value is written, for messages: `a number`, `[x, y]`.
    static var encoding: String { get }
    /// The count of numbers in the array form; `nil` when the value is a plain number.
    static var componentCount: Int? { get }
    /// The value of `components` (exactly `componentCount` numbers, or one for a number).
    init(components: [Double])
}

extension JSONAnimatableValue {
    static var componentCount: Int? { nil }

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

extension KeyPathValue {
    /// The value in the command line's encoding (docs/command-line.md, "Values"): a number, or the array of its numbers
    /// (non-finite numbers are written as `null`). Booleans, which requests cannot
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
        }
        return .array(numbers.map(JSONValue.number))
    }
}
