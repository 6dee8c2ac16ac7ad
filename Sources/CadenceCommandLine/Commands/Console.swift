import CadenceScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads standard input and writes its output and errors, so that tests
/// can run commands in-process and capture both streams.
public protocol Console: AnyObject {
    /// Standard input up to its end, or its first `maxCount` bytes when it is longer (the
    /// caller asks for one byte more than it accepts, to tell a long input from one that
    /// fits). Throws an `InputError` at `stdin` when it cannot be read.
    func readStandardInput(upTo maxCount: Int) throws -> [UInt8]
    /// Writes `text` to standard output as it is (no newline is added); throws an
    /// `InputError` at `stdout` when it cannot be written (`/dev/full`).
    func writeOutput(_ text: String) throws
    /// Writes `text` to standard error as it is (no newline is added).
    func writeError(_ text: String)
}

/// The process's own standard input, output and error, read and written with the system's
/// `read` and `write`.
public final class StandardConsole: Console {
    public init() {}

    public func readStandardInput(upTo maxCount: Int) throws -> [UInt8] {
        guard let bytes = FileAccess.readAll(0, limit: maxCount) else { throw FileAccess.failure("stdin", "cannot read") }
        return bytes
    }

    public func writeOutput(_ text: String) throws {
        guard Self.write(text, to: 1) else { throw FileAccess.failure("stdout", "cannot write") }
    }

    public func writeError(_ text: String) {
        _ = Self.write(text, to: 2)
    }

    /// Writes all of `text` to `descriptor`; false (with `errno` set) on an error.
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = FileAccess.systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
    }
}
