import ArgumentParser

/// `cadence sample FILE`: evaluates the animations of a JSON request at given times and
/// prints `{"values":[…]}` (docs/command-line.md).
struct SampleCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Evaluates the animations of a key path at given times.",
        discussion: """
            FILE is a JSON request {"keyPath", "model", "layer", "animations", "times"}; \
            the presentation values are printed as {"values":[...]}. See docs/command-line.md.
            """)

    @Argument(help: ArgumentHelp("The request file, or - for standard input.", valueName: "file"))
    var file: String

    init() {}

    func run(console: Console) throws {
        let (bytes, source) = try FileAccess.readDocument(file, console: console, location: "file")
        let json = try JSONParser.parse(bytes, source: source)
        let request = try SampleRequest(json: json, source: source)
        console.writeOutput(request.response().serialized() + "\n")
    }
}
