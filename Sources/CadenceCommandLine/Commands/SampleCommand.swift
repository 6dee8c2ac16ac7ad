import ArgumentParser
import CadenceScene

/// `cadence sample FILE`: evaluates the animations of a JSON request at given times and
/// prints `{"values":[…]}` (docs/command-line.md).
///
/// Resources: the request is read within `--max-input`, and the parsed request, the
/// decoded animations, the times and the response text are charged to the `--max-memory`
/// budget before they are made. The work is `SampleRequest.evaluationCount` evaluations,
/// which `--max-evaluations` bounds (no bound by default): a request over it is refused
/// before any is made.
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

    @OptionGroup var resources: ResourceOptions

    @Option(
        name: .customLong("max-evaluations"), parsing: .unconditional,
        help: ArgumentHelp("Refuse a request of more evaluations (times × animations) than this.", valueName: "count"))
    var maxEvaluations: Double?

    init() {}

    func run(console: Console) throws {
        let inputLimit = try resources.inputLimit()
        let budget = try resources.memoryBudget()
        if let maxEvaluations, !(maxEvaluations >= 1) {
            throw InputError("--max-evaluations", "\(RenderCommand.format(maxEvaluations)) is not a positive count")
        }
        let (bytes, source) = try FileAccess.readDocument(file, console: console, location: "file", limit: inputLimit, budget: budget)
        let json = try JSONParser.parse(bytes, source: source, budget: budget)
        let request = try SampleRequest(json: json, source: source, budget: budget)
        if let maxEvaluations, request.evaluationCount > maxEvaluations {
            throw InputError(
                "--max-evaluations",
                "the request asks for \(RenderCommand.format(request.evaluationCount)) evaluations (\(request.times.count) times "
                    + "× the animations), more than \(RenderCommand.format(maxEvaluations))")
        }
        try budget.charge(
            request.times.count * request.responseBytesPerSample, for: "the response of \(request.times.count) values",
            at: "times")
        try console.writeOutput(request.responseText() + "\n")
    }
}
