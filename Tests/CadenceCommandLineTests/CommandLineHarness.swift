import CadenceCommandLine
import Foundation
import XCTest

/// A console that reads standard input from a string and records both output streams.
final class RecordingConsole: Console {
    let input: [UInt8]
    private(set) var output = ""
    private(set) var error = ""

    init(input: String = "") {
        self.input = Array(input.utf8)
    }

    /// A console whose standard input is raw bytes (for input that is not valid UTF-8).
    init(bytes: [UInt8]) {
        self.input = bytes
    }

    /// The number of bytes of standard input read so far (a command must not read more
    /// than it asks for).
    private(set) var inputBytesRead = 0

    func readStandardInput(upTo maxCount: Int) throws -> [UInt8] {
        let bytes = Array(input.prefix(maxCount))
        inputBytesRead += bytes.count
        return bytes
    }

    func writeOutput(_ text: String) { output += text }
    func writeError(_ text: String) { error += text }
}

/// What one in-process run of `cadence` produced.
struct RunResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `cadence` in-process with `arguments` and `stdin`.
func cadence(_ arguments: String..., stdin: String = "") -> RunResult {
    cadence(arguments: arguments, stdin: stdin)
}

func cadence(arguments: [String], stdin: String = "") -> RunResult {
    let console = RecordingConsole(input: stdin)
    let status = CadenceCommand.run(arguments: arguments, console: console)
    return RunResult(status: status, output: console.output, error: console.error)
}

/// Asserts that `result` is a bad-input failure: status 2, nothing on standard output,
/// and exactly the one line `cadence: <expected>` on standard error.
func assertBadInput(
    _ result: RunResult, _ expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(result.status, 2, "exit status", file: file, line: line)
    XCTAssertEqual(result.output, "", "standard output", file: file, line: line)
    XCTAssertEqual(result.error, "cadence: \(expected)\n", file: file, line: line)
}

/// Asserts that `result` is a bad-input failure with one line on standard error that
/// starts with `cadence: <prefix>`.
func assertBadInput(
    _ result: RunResult, startingWith prefix: String, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(result.status, 2, "exit status", file: file, line: line)
    XCTAssertEqual(result.output, "", "standard output", file: file, line: line)
    XCTAssertTrue(result.error.hasPrefix("cadence: \(prefix)"), "got \(result.error)", file: file, line: line)
    XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, "one line: \(result.error)", file: file, line: line)
    XCTAssertTrue(result.error.hasSuffix("\n"), file: file, line: line)
}

/// The `cadence` executable built beside the tests (`swift build` and `swift test` build it),
/// for the tests that need a process of its own: signals, the real standard streams.
func cadenceExecutable(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    var folder = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("cadence")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    XCTFail("the cadence executable is not built beside the tests", file: file, line: line)
    throw CocoaError(.fileNoSuchFile)
}

/// Runs the `cadence` executable with `arguments`, standard input read from `input`, and
/// returns its status and both output streams.
func cadenceProcess(_ arguments: [String], input: FileHandle) throws -> RunResult {
    let process = Process()
    process.executableURL = try cadenceExecutable()
    process.arguments = arguments
    process.standardInput = input
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self))
}

/// A fresh, empty folder for files a test writes; removed by the caller's teardown.
func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("cadence-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
