import ArgumentParser
import CadenceScene

/// The `cadence` command: the root of the command line (docs/command-line.md).
///
/// Run it with `CadenceCommand.run(arguments:console:)`, which the executable calls with
/// the process's arguments and tests call with their own: it never exits the process and
/// never traps, and it returns the exit status (`ExitStatus`).
public struct CadenceCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cadence",
        abstract: "Core Animation's timing and animation math from the command line.",
        discussion: "Bad input exits with status 2 and one line on standard error: cadence: <where>: <what>.",
        subcommands: [SampleCommand.self, RenderCommand.self, DemoCommand.self, CurveCommand.self])

    public init() {}

    /// Parses `arguments` (without the program name), runs the command they name, and
    /// returns the exit status: 0 on success (help included), 2 for bad input or bad
    /// arguments, 1 for an internal failure. Errors are written to `console` as exactly one
    /// line, `cadence: <where>: <what>`.
    public static func run(arguments: [String], console: Console) -> Int32 {
        run(arguments: arguments, console: console) { try parseAsRoot(arguments) }
    }

    /// `run(arguments:console:)` with the parsing given: `parse` returns the command that
    /// `arguments` name (tests that run one command line on thousands of inputs parse it
    /// once: parsing is about 10 ms in a debug build, far more than a bad input's run).
    static func run(arguments: [String], console: Console, parse: () throws -> ParsableCommand) -> Int32 {
        do {
            var command = try parse()
            if let command = command as? any ConsoleCommand {
                try command.run(console: console)
            } else {
                try command.run()  // the help command and the bare root print help
            }
            return ExitStatus.success.rawValue
        } catch let error as InputError {
            console.writeError("\(error)\n")
            return ExitStatus.badInput.rawValue
        } catch let error as InternalError {
            console.writeError("cadence: internal error: \(error.message)\n")
            return ExitStatus.failure.rawValue
        } catch {
            if exitCode(for: error) == .success {
                try? console.writeOutput(fullMessage(for: error) + "\n")
                return ExitStatus.success.rawValue
            }
            // A usage error found by ArgumentParser (missing argument, unknown option,
            // value that does not parse): one line, exit status 2.
            var message = message(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            let words = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let subcommand = configuration.subcommands.first { $0._commandName == arguments.first }
            let help = subcommand.map { "cadence help \($0._commandName)" } ?? "cadence --help"
            console.writeError("\(InputError("arguments", "\(words) (see '\(help)')"))\n")
            return ExitStatus.badInput.rawValue
        }
    }
}

/// A subcommand that reads and writes through a `Console`.
protocol ConsoleCommand: ParsableCommand {
    func run(console: Console) throws
}

extension ConsoleCommand {
    /// ArgumentParser's entry point, for use through `main()`: runs on the process's
    /// standard streams.
    public func run() throws {
        try run(console: StandardConsole())
    }
}
