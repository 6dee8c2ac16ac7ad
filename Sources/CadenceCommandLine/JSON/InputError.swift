/// Bad input to the command line: what is wrong and where.
///
/// Printed as one line, `cadence: <location>: <message>`, and the process exits with
/// status 2 (`ExitStatus.badInput`). `location` is a path into the request document
/// (`animations[0].duration`), a place in a file (`request.json:3:14`), or the name of a
/// file or argument (`--size`, `curve`).
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

/// The process exit statuses of `cadence`.
public enum ExitStatus: Int32, Sendable {
    /// The command did what was asked.
    case success = 0
    /// Something outside the input failed (an internal error).
    case failure = 1
    /// The input was bad: an unreadable file, invalid JSON, a field of the wrong type or
    /// out of range, or a usage error in the arguments.
    case badInput = 2
}
