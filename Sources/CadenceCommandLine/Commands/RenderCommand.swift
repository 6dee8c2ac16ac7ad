import ArgumentParser
import Cadence
import CadenceScene

/// `cadence render SCENE --time T --out FILE.png` and
/// `cadence render SCENE --fps F --duration D --out DIR`: composites a scene document
/// (docs/command-line.md, "cadence render") at one time, or as a sequence of frames
/// `frame-0000.png` … at times `i / F` for `0 ≤ i < ⌈D · F⌉`.
///
/// The whole scene, contents images included, is read and checked before anything is
/// written. A single frame is written as `FileAccess.write` says (atomically for a file,
/// into a device or FIFO, never replacing a special file or a link); a sequence is
/// written into DIR (created with its parents when missing) through temporary files that
/// are renamed into place only when every frame is written, so a failed run changes
/// nothing there (`FrameFolder`). Standard output gets one line per file written, after
/// all are written.
///
/// Frames are drawn in `--threads` bands at once and encoded (PNG at `--png-level`) while
/// the next frames are drawn (`FramePipeline`).
///
/// Resources: the scene and its contents files are read within `--max-input`; the scene,
/// its images and the rendering (`Scene.renderingBytes`) are charged to the `--max-memory`
/// budget before they are made, and the compositor's scratch gets what the budget leaves,
/// at most `Compositor.scratchByteLimit` per thread, and then frames in flight. With `--max-pixels`, the render lists of every
/// frame are made first and their estimated pixel passes (`RenderList.pixelWork`) summed:
/// a run over the bound is refused before any frame is drawn.
struct RenderCommand: ConsoleCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Composites a scene at one time, or as a sequence of frames.",
        discussion: """
            SCENE is a JSON scene {"canvas", "layers"} (- for standard input); contents \
            paths are relative to its folder. With --time, writes one PNG to --out; with \
            --fps and --duration, writes frame-0000.png ... into the folder --out. With \
            --in-context, draws the model layer trees as renderInContext does (no time) \
            into one PNG. See docs/command-line.md.
            """)

    @Argument(help: ArgumentHelp("The scene file, or - for standard input.", valueName: "scene"))
    var scene: String

    // Numeric options take the next argument whatever it looks like, so `--time -1` is the
    // time −1 (not a missing value followed by an option `-1`).
    @Option(parsing: .unconditional, help: ArgumentHelp("The time to render, in seconds (one PNG).", valueName: "seconds"))
    var time: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second of a sequence.", valueName: "fps"))
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("The length of a sequence in seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("The PNG file (with --time) or the folder of frames (with --fps).", valueName: "path"))
    var out: String

    @Flag(
        name: .customLong("in-context"),
        help: "Draw the model trees as renderInContext does (no time: each root in its own bounds space).")
    var inContext = false

    @OptionGroup var frames: FrameOptions

    @OptionGroup var resources: ResourceOptions

    @Option(
        name: .customLong("max-pixels"), parsing: .unconditional,
        help: ArgumentHelp("Refuse a run whose frames take more estimated pixel passes than this.", valueName: "count"))
    var maxPixels: Double?

    /// The most frames one sequence may have (frame names have four digits).
    static let maxFrames = 10_000

    init() {}

    func run(console: Console) throws {
        if inContext { return try runInContext(console: console) }
        let times = try frameTimes()
        let threads = try frames.threadCount(), level = try frames.level()
        let inputLimit = try resources.inputLimit()
        let budget = try resources.memoryBudget()
        let maxPixels = try workLimit()
        if times == nil { _ = try FileAccess.outputTarget(out, location: "--out") }
        let scene = try Self.readScene(self.scene, console: console, inputLimit: inputLimit, budget: budget)
        let (compositor, framesInFlight) = try scene.compositor(within: budget, threads: threads)
        if let maxPixels { try Self.checkWork(of: scene, at: times ?? [time!], with: compositor, max: maxPixels) }
        guard let times else {
            let bitmap = try scene.render(at: time!, with: compositor)
            try FileAccess.write(try PNGEncoder.output(bitmap, level: level), to: out, location: "--out")
            let size = "\(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight)"
            try FileAccess.summary("wrote \(MessageText.escaped(out, quotes: false)) (\(size), \(JSONValue.format(time!)) s)\n", for: out, to: console)
            return
        }
        let lines = try FrameFolder.writing(into: out, location: "--out") { folder in
            try folder.writeFrames(of: scene, at: times, with: compositor, level: level, framesInFlight: framesInFlight).lines
        }
        try console.writeOutput(lines)
    }

    /// `--in-context`: the scene's roots drawn as `Compositor.render(layerTrees:in:)` draws
    /// them into a context the canvas's pixel size, scaled by the canvas's scale, y down for
    /// a `topLeft` canvas and y up for a `bottomLeft` one, cleared to its background; one
    /// PNG. The model trees have no time, so `--time`, `--fps` and `--duration` are refused.
    func runInContext(console: Console) throws {
        for (option, given) in [("--time", time != nil), ("--fps", fps != nil), ("--duration", duration != nil)] where given {
            throw InputError(option, "cannot be combined with --in-context (the model trees are drawn, with no time)")
        }
        let threads = try frames.threadCount(), level = try frames.level()
        let inputLimit = try resources.inputLimit()
        let budget = try resources.memoryBudget()
        let maxPixels = try workLimit()
        _ = try FileAccess.outputTarget(out, location: "--out")
        let scene = try Self.readScene(self.scene, console: console, inputLimit: inputLimit, budget: budget)
        let (compositor, _) = try scene.compositor(within: budget, threads: threads)
        let context = scene.context
        if let maxPixels {
            let total = scene.layers.reduce(0.0) { $0 + Double(compositor.renderList(layerTree: $1, in: context).pixelWork) }
            guard total <= maxPixels else {
                throw InputError("--max-pixels", "the frame takes \(Self.format(total)) estimated pixel passes, more than \(Self.format(maxPixels))")
            }
        }
        let bitmap: Bitmap
        do {
            bitmap = try compositor.render(layerTrees: scene.layers, in: context)
        } catch {
            // The canvas was checked when the scene was read, so this is not the input's fault.
            throw InternalError(message: "compositing in a context failed: \(error)")
        }
        try FileAccess.write(try PNGEncoder.output(bitmap, level: level), to: out, location: "--out")
        let size = "\(context.pixelWidth)×\(context.pixelHeight)"
        try FileAccess.summary("wrote \(MessageText.escaped(out, quotes: false)) (\(size), in context)\n", for: out, to: console)
    }

    /// `--max-pixels`, checked: `nil` when not given; throws unless a count of at least 1.
    func workLimit() throws -> Double? {
        guard let maxPixels else { return nil }
        guard maxPixels >= 1 else { throw InputError("--max-pixels", "\(Self.format(maxPixels)) is not a positive count") }
        return maxPixels
    }

    /// Throws at `--max-pixels` when drawing `scene` at `times` is estimated at more than
    /// `max` pixel passes: the render list of each frame is made (by `compositor`, whose
    /// image cache the frames then reuse) and its `pixelWork` summed. The message gives the
    /// estimate, so `--max-pixels 1` tells the work of a run without doing it.
    static func checkWork(of scene: Scene, at times: [Double], with compositor: Compositor, max: Double) throws {
        var total = 0.0
        for time in times {
            total += Double(compositor.renderList(scene.layers, at: time, on: scene.canvas).pixelWork)
        }
        guard total <= max else {
            let frames = times.count == 1 ? "the frame takes" : "the \(times.count) frames take"
            throw InputError("--max-pixels", "\(frames) \(format(total)) estimated pixel passes, more than \(format(max))")
        }
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

    /// The scene in the file at `path` (`-` for standard input), read and checked within
    /// `inputLimit` and `budget`.
    static func readScene(
        _ path: String, console: Console, inputLimit: Int = FileAccess.defaultInputLimit,
        budget: MemoryBudget = MemoryBudget()
    ) throws -> Scene {
        let (bytes, source) = try FileAccess.readDocument(path, console: console, location: "scene", limit: inputLimit, budget: budget)
        var decoder = SceneDecoder(file: path, inputLimit: inputLimit, budget: budget)
        return try decoder.scene(try JSONParser.parse(bytes, source: source, budget: budget))
    }
}
