import Foundation

/// Where a command reads standard input and writes its output and errors, so that tests
/// can run commands in-process and capture both streams.
public protocol Console: AnyObject {
    /// All of standard input, up to its end.
    func readStandardInput() throws -> [UInt8]
    /// Writes `text` to standard output as it is (no newline is added).
    func writeOutput(_ text: String)
    /// Writes `text` to standard error as it is (no newline is added).
    func writeError(_ text: String)
}

/// The process's own standard input, output and error.
public final class StandardConsole: Console {
    public init() {}

    public func readStandardInput() throws -> [UInt8] {
        Array(try FileHandle.standardInput.readToEnd() ?? Data())
    }

    public func writeOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
