/// Bad input — a scene or request document, a file, an argument: what is wrong and where.
///
/// Its ``description`` is the one line the command line prints, `cadence: <location>:
/// <message>` (the process then exits with status 2), and the C API's last error.
/// `location` is a path into the document (`animations[0].duration`), a place in a file
/// (`request.json:3:14`), or the name of a file or argument (`--size`, `curve`).
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var location: String
    /// What the problem is, in a short phrase without a final full stop.
    public var message: String

    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// An error at `path` inside a document; the empty path (the document itself) is
    /// reported as `source`, the document's name (shortened and escaped as `MessageText`
    /// says).
    init(at path: JSONPath, in source: String, _ message: String) {
        self.init(path.isRoot ? MessageText.path(source) : path.description, message)
    }

    /// The line printed on standard error, without the newline: `cadence: where: what`.
    /// Control characters are escaped (`\u001B`, line breaks included, so that it stays one
    /// line) and the line is cut at `MessageText.maxLineLength` characters.
    public var description: String {
        MessageText.line("cadence: \(location): \(message)")
    }
}
