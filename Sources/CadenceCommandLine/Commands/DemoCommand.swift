import ArgumentParser
import Cadence

/// `cadence demo [--out DIR]`: renders the built-in scene (`DemoScene`) as numbered PNG
/// frames plus a contact sheet of them, into DIR (default `cadence-demo`), and prints one
/// summary line per file. Files are written as `cadence render` writes a sequence: each
/// atomically, and on a failure this run's files and created folders are removed.
struct DemoCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Renders the built-in demo scene as PNG frames and a contact sheet.",
        discussion: """
            Writes \(DemoScene.frameCount) frames (frame-0000.png ...) over \(JSONValue.format(DemoScene.duration)) s \
            and contact-sheet.png into the folder --out. See docs/command-line.md.
            """)

    @Option(help: ArgumentHelp("The folder to write into (created if missing).", valueName: "dir"))
    var out: String = "cadence-demo"

    /// The contact sheet's file name.
    static let sheetName = "contact-sheet.png"

    init() {}

    func run(console: Console) throws {
        let scene = DemoScene.make()
        let times = (0..<DemoScene.frameCount).map { DemoScene.duration * Double($0) / Double(DemoScene.frameCount) }
        let lines = try FrameFolder.writing(into: out, location: "--out") { folder in
            var sheet = try ContactSheet(
                frameWidth: scene.canvas.pixelWidth, frameHeight: scene.canvas.pixelHeight, frameCount: times.count,
                background: SIMD4(8, 9, 13, 255))
            var lines = try folder.writeFrames(of: scene, at: times) { sheet.add($0) }
            let file = try folder.write(try PNGEncoder.output(sheet.bitmap), as: Self.sheetName)
            lines += "wrote \(MessageText.escaped(file, quotes: false)) (\(sheet.bitmap.width)×\(sheet.bitmap.height), \(sheet.count) frames in a \(sheet.grid) grid)\n"
            return lines
        }
        try console.writeOutput(lines)
    }
}
