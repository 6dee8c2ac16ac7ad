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
