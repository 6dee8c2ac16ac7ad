import ArgumentParser
import Cadence
import CadenceScene

/// `cadence demo [--out DIR] [--threads N] [--png-level L]`: renders the built-in scene
/// (`DemoScene`) as numbered PNG frames plus a contact sheet of them, into DIR (default
/// `cadence-demo`), and prints one summary line per file, then the frames per second and
/// the share of encoding. Files are written as `cadence render` writes a sequence (drawn
/// in bands and encoded at once, `FramePipeline`): each atomically, and on a failure
/// this run's files and created folders are removed.
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

    @OptionGroup var frames: FrameOptions

    /// The last line: frames per second, and the drawing and the encoding (summed over
    /// the frames, which overlap) against the wall time: `24 frames in 0.21 s (114.3
    /// frames/s, 2 threads): drawing 0.05 s, PNG encoding 0.32 s (summed over frames
    /// encoded at once)`.
    static func summary(_ timing: FramePipeline.Timing, threads: Int) -> String {
        func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
        return "\(timing.frames) frames in \(seconds(timing.wall)) (\(String(format: "%.1f", timing.framesPerSecond)) frames/s, "
            + "\(threads) thread\(threads == 1 ? "" : "s")): drawing \(seconds(timing.drawing)), "
            + "PNG encoding \(seconds(timing.encoding)) (summed over frames encoded at once)\n"
    }

    /// The contact sheet's file name.
    static let sheetName = "contact-sheet.png"

    init() {}

    func run(console: Console) throws {
        let threads = try frames.threadCount(), level = try frames.level()
        let scene = DemoScene.make()
        let times = (0..<DemoScene.frameCount).map { DemoScene.duration * Double($0) / Double(DemoScene.frameCount) }
        let lines = try FrameFolder.writing(into: out, location: "--out") { folder in
            var sheet = try ContactSheet(
                frameWidth: scene.canvas.pixelWidth, frameHeight: scene.canvas.pixelHeight, frameCount: times.count,
                background: SIMD4(8, 9, 13, 255))
            let compositor = Compositor(threadCount: threads)
            var (lines, timing) = try folder.writeFrames(
                of: scene, at: times, with: compositor, level: level, framesInFlight: threads + 1) { sheet.add($0) }
            let file = try folder.write(try PNGEncoder.output(sheet.bitmap, level: level), as: Self.sheetName)
            lines += "wrote \(MessageText.escaped(file, quotes: false)) (\(sheet.bitmap.width)×\(sheet.bitmap.height), \(sheet.count) frames in a \(sheet.grid) grid)\n"
            return lines + Self.summary(timing, threads: threads)
        }
        try console.writeOutput(lines)
    }
}
