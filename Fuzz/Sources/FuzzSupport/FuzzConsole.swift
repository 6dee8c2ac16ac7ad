import CadenceCommandLine

/// A console for running `cadence` in-process on fuzz bytes: standard input is the bytes,
/// both output streams are recorded.
public final class FuzzConsole: Console {
    public let input: [UInt8]
    public private(set) var output = ""
    public private(set) var error = ""

    public init(input: [UInt8]) {
        self.input = input
    }

    public func readStandardInput(upTo maxCount: Int) throws -> [UInt8] { Array(input.prefix(maxCount)) }
    public func writeOutput(_ text: String) throws { output += text }
    public func writeError(_ text: String) { error += text }

    /// The longest error line allowed: the line cap, `cadence: `, and the newline.
    public static let maxErrorLine = 512 + 1

    /// Runs `cadence` with `arguments` on this console and checks the command line's
    /// promises, trapping (a finding) when one is broken: status 0 writes its output and no
    /// error; status 2 writes nothing to standard output and exactly one error line,
    /// `cadence: …`, of at most 512 characters with no raw control character; status 1
    /// (an internal error) never happens. Returns the status.
    @discardableResult
    public func run(_ arguments: [String]) -> Int32 {
        let status = CadenceCommand.run(arguments: arguments, console: self)
        switch status {
        case 0:
            check(error.isEmpty, "status 0 with an error: \(error)")
            check(output.hasSuffix("\n"), "status 0 without a final newline")
        case 2:
            check(output.isEmpty, "status 2 with output: \(output.prefix(200))")
            check(error.hasPrefix("cadence: ") && error.hasSuffix("\n"), "not an error line: \(error.prefix(200))")
            let line = error.dropLast()
            check(!line.contains("\n"), "more than one line: \(error.prefix(400))")
            check(line.count <= Self.maxErrorLine, "an error line of \(line.count) characters")
            check(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "a raw control character in \(error.debugDescription.prefix(400))")
        default:
            check(false, "status \(status): \(error.prefix(400))")
        }
        return status
    }
}

/// Traps with `message` (a fuzz finding) when `condition` is false; unlike `precondition`,
/// also in optimised builds with `-Ounchecked`, and printing the message first.
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    print("FUZZ FINDING: \(message())")
    fatalError(message())
}
