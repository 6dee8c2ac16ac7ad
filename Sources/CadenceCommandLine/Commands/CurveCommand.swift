import ArgumentParser
import Cadence
import CadenceScene

/// `cadence curve NAME-or-c1x,c1y,c2x,c2y --out FILE.png [--size N]`: plots a timing
/// function as a PNG (docs/command-line.md; the picture is described on `CurvePlot`).
struct CurveCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Plots a timing function as a PNG.")

    @Argument(help: ArgumentHelp(
        "A name (linear, easeIn, easeOut, easeInEaseOut, default) or four numbers c1x,c1y,c2x,c2y.",
        valueName: "function"))
    var function: String

    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
    var out: String

    // Takes the next argument whatever it looks like, so `--size -1` is refused as a size.
    @Option(parsing: .unconditional, help: "The width and height of the picture in pixels (\(CurvePlot.sizes.lowerBound)…\(CurvePlot.sizes.upperBound)).")
    var size: Int = 512

    init() {}

    func run(console: Console) throws {
        let (timingFunction, label) = try TimingFunction.parse(argument: function, location: "curve")
        for (name, y) in [("c1y", timingFunction.c1y), ("c2y", timingFunction.c2y)] where abs(y) > CurvePlot.yLimit {
            let limit = JSONValue.format(CurvePlot.yLimit)
            throw InputError("curve", "\(name): \(JSONValue.format(y)) is too far from 0...1 to plot (the limit is -\(limit)...\(limit))")
        }
        guard CurvePlot.sizes.contains(size) else {
            throw InputError("--size", "\(size) is outside \(CurvePlot.sizes.lowerBound)...\(CurvePlot.sizes.upperBound)")
        }
        let bitmap = try CurvePlot(timingFunction).render(size: size)
        try FileAccess.write(try PNGEncoder.output(bitmap), to: out, location: "--out")
        try FileAccess.summary("wrote \(MessageText.escaped(out, quotes: false)) (\(size)×\(size), \(label))\n", for: out, to: console)
    }
}
