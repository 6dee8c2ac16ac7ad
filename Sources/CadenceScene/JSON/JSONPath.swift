/// A path from the root of a JSON document to one value in it, printed the way a reader
/// would write it: `animations[0].timingFunction[2]`.
struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []

    /// The path of the document itself.
    static let root = JSONPath()

    var isRoot: Bool { components.isEmpty }

    /// The path of member `key` of the object at this path.
    func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The path of element `index` of the array at this path.
    func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// Keys that are plain identifiers are joined with dots; any other key (empty, or with
    /// dots, spaces, brackets or quotes) is written as a quoted subscript, `["a.b"]`, and
    /// every key is shortened and escaped as `MessageText` says (`["x\u001B…"]`).
    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key) && key.utf8.count <= MessageText.maxItemLength:
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                text += "[\(MessageText.quoted(key))]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || ("a"..."z").contains($0)
            || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
