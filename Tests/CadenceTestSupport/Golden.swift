import Foundation

/// Access to the golden vectors that `Reference/generate.py` writes.
///
/// The files are decoded with `JSONDecoder`, whose number parsing is correctly rounded;
/// `JSONSerialization` on Linux is not (it reads 1000000000.1234559 one ulp off), which
/// would move inputs that sit exactly on a boundary.
public enum Golden {
    /// The repository's root folder, found from this file's path.
    public static let repositoryRoot: URL = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // CadenceTestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // root
    }()

    /// The JSON of `Reference/goldens/<name>` as plain values: `[String: Any]`, `[Any]`,
    /// `Double`, `String`, `Bool`, and `NSNull` for null.
    public static func load(_ name: String) throws -> Any {
        let url = repositoryRoot.appendingPathComponent("Reference/goldens/\(name)")
        return try JSONDecoder().decode(Value.self, from: Data(contentsOf: url)).plain
    }

    /// A number from a golden file: JSON numbers, or the strings "inf", "-inf", "nan".
    public static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as Double: return n
        case let s as String:
            switch s {
            case "inf", "Infinity": return .infinity
            case "-inf", "-Infinity": return -.infinity
            case "nan", "NaN": return .nan
            default: return Double(s)
            }
        default: return nil
        }
    }

    /// An integer from a golden file (a JSON number with no fraction).
    public static func integer(_ value: Any?) -> Int? {
        number(value).flatMap { Int(exactly: $0) }
    }

    enum Value: Decodable {
        case number(Double), string(String), bool(Bool), null, array([Value]), object([String: Value])

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .string(s) }
            else if let a = try? c.decode([Value].self) { self = .array(a) }
            else { self = .object(try c.decode([String: Value].self)) }
        }

        var plain: Any {
            switch self {
            case .number(let n): return n
            case .string(let s): return s
            case .bool(let b): return b
            case .null: return NSNull()
            case .array(let a): return a.map(\.plain)
            case .object(let o): return o.mapValues(\.plain)
            }
        }
    }
}
