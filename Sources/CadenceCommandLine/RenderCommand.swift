import ArgumentParser
import Cadence

/// `cadence render SCENE --time T --out FILE.png` and
/// `cadence render SCENE --fps F --duration D --out DIR`: composites a scene document
/// (docs/command-line.md, "cadence render") at one time, or as a sequence of frames
/// `frame-0000.png` … at times `i / F` for `0 ≤ i < ⌈D · F⌉`.
///
/// The whole scene, contents images included, is read and checked before anything is
/// written. A single frame is written atomically; a sequence is written frame by frame
/// into DIR (created with its parents when missing), each frame atomically, and on a
/// failure the frames of this run and the folders it created are removed
/// (`FrameFolder`). Standard output gets one line per file written, after all are written.
struct RenderCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Composites a scene at one time, or as a sequence of frames.",
        discussion: """
            SCENE is a JSON scene {"canvas", "layers"} (- for standard input); contents \
            paths are relative to its folder. With --time, writes one PNG to --out; with \
            --fps and --duration, writes frame-0000.png ... into the folder --out. See \
            docs/command-line.md.
            """)

    @Argument(help: ArgumentHelp("The scene file, or - for standard input.", valueName: "scene"))
    var scene: String

    @Option(help: ArgumentHelp("The time to render, in seconds (one PNG).", valueName: "seconds"))
    var time: Double?

    @Option(help: ArgumentHelp("Frames per second of a sequence.", valueName: "fps"))
    var fps: Double?

    @Option(help: ArgumentHelp("The length of a sequence in seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The PNG file (with --time) or the folder of frames (with --fps).", valueName: "path"))
    var out: String

    /// The most frames one sequence may have (frame names have four digits).
    static let maxFrames = 10_000

    init() {}

    func run(console: Console) throws {
        let times = try frameTimes()
        let scene = try Self.readScene(self.scene, console: console)
        guard let times else {
            let bitmap = try scene.render(at: time!, with: Compositor())
            try FileAccess.writeAtomically(try PNGEncoder.output(bitmap), to: out, location: "--out")
            let size = "\(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight)"
            console.writeOutput("wrote \(out) (\(size), \(JSONValue.format(time!)) s)\n")
            return
        }
        let lines = try FrameFolder.writing(into: out, location: "--out") { folder in
            try folder.writeFrames(of: scene, at: times)
        }
        console.writeOutput(lines)
    }

    /// The frame times of a sequence, or `nil` for one frame at `time`; checks that the
    /// options make exactly one of the two forms.
    func frameTimes() throws -> [Double]? {
        if let time {
            if fps != nil || duration != nil {
                throw InputError("--time", "cannot be combined with --fps and --duration (one frame or a sequence)")
            }
            guard time.isFinite else { throw InputError("--time", "\(Self.format(time)) is not a finite number") }
            return nil
        }
        guard let fps, let duration else {
            if fps != nil { throw InputError("--duration", "missing (a sequence needs --fps and --duration)") }
            if duration != nil { throw InputError("--fps", "missing (a sequence needs --fps and --duration)") }
            throw InputError("render", "give --time T for one frame, or --fps F and --duration D for a sequence")
        }
        guard fps.isFinite, fps > 0 else { throw InputError("--fps", "\(Self.format(fps)) is not a positive number") }
        guard duration.isFinite, duration > 0 else {
            throw InputError("--duration", "\(Self.format(duration)) is not a positive number")
        }
        // A product within a billionth of a frame of a whole number counts as that number
        // (3 s at 29.97 fps is 90 frames), so that rounding does not add a frame.
        let frames = (duration * fps - 1e-9).rounded(.up)
        guard frames <= Double(Self.maxFrames) else {
            let at = "\(Self.format(duration)) s at \(Self.format(fps)) fps"
            throw InputError("--duration", "\(at) is more than \(Self.maxFrames) frames (the limit)")
        }
        return (0..<Swift.max(1, Int(frames))).map { Double($0) / fps }
    }

    /// A number from the arguments as it reads best: `2`, `0.5`, `nan`, `inf`.
    static func format(_ number: Double) -> String {
        number.isFinite ? JSONValue.format(number) : "\(number)"
    }

    /// The scene in the file at `path` (`-` for standard input), read and checked.
    static func readScene(_ path: String, console: Console) throws -> Scene {
        let (bytes, source) = try FileAccess.readDocument(path, console: console, location: "scene")
        var decoder = SceneDecoder(file: path)
        return try decoder.scene(try JSONParser.parse(bytes, source: source))
    }
}
