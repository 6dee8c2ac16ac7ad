import Foundation

/// Access to the golden vectors that `Reference/generate.py` writes.
public enum Golden {
    /// The repository's root folder, found from this file's path.
    public static let repositoryRoot: URL = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // CadenceTestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // root
    }()

    /// The parsed JSON of `Reference/goldens/<name>`.
    public static func load(_ name: String) throws -> Any {
        let url = repositoryRoot.appendingPathComponent("Reference/goldens/\(name)")
        let data = try Data(contentsOf: url)
        return try JSONSerialization.jsonObject(with: data)
    }

    /// A number from a golden file: JSON numbers, or the strings "inf", "-inf", "nan".
    public static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
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
}
