import CadenceImageIO
import CadencePixels
import CadenceCompositor
import CadenceGeometry
import CadenceLayers

/// A scene document (docs/command-line.md, "Scene files"), decoded: a canvas, the layer
/// trees composited onto it back to front, and the timed model changes it makes (scrolls,
/// `changes`). The command line's `cadence render`, the C API and any engine that imports
/// this module read the same files, with the same errors.
///
/// ```swift
/// let json = #"{"canvas": {"width": 64, "height": 48}, "layers": [{"frame": [8, 8, 32, 24], "backgroundColor": [0.2, 0.4, 0.9, 1]}]}"#
/// let scene = try Scene(document: Array(json.utf8))
/// let frame = try scene.render(at: 0.5, with: Compositor())  // 64 × 48 pixels
/// ```
///
/// Times are in the root time space: a layer tree's root sees the render time as its
/// parent time, and each layer's media timing carries it down
/// (`Layer.presentation(at:)`).
///
/// Not `Sendable`: layers are reference types, so a scene is used by one thread at a time.
public struct Scene {
    /// What the scene is drawn on: size in points, scale, background, origin.
    public internal(set) var canvas: Canvas
    /// The root layers, back to front.
    public internal(set) var layers: [Layer]
    /// The timed model changes (scrolls, `changes`) applied as frames are rendered (`nil`:
    /// none); frames go forward in time.
    var schedule: SceneSchedule? = nil

    init(canvas: Canvas, layers: [Layer], schedule: SceneSchedule? = nil) {
        self.canvas = canvas
        self.layers = layers
        self.schedule = schedule
    }

    /// Decodes the scene in the UTF-8 JSON text `document` (named `source` in errors),
    /// whose `contents` paths are relative to `folder` (empty for the working directory),
    /// within the default input limit (64 MiB a contents file) and memory budget (2 GiB).
    /// Throws ``InputError`` with the text `cadence render` prints, naming the field:
    /// `cadence: layers[0].opacity: 1.5 is outside 0...1`.
    public init(document: [UInt8], source: String = "scene", folder: String = "") throws {
        try self.init(document: document, source: source, folder: folder, budget: MemoryBudget())
    }

    /// Reads and decodes the scene file at `path`, whose `contents` paths are relative to
    /// the file's folder, within the default input limit (64 MiB, the file and each
    /// contents file) and memory budget (2 GiB). Throws ``InputError`` as
    /// ``init(document:source:folder:)`` does, and for a file that cannot be read.
    public init(contentsOf path: String) throws {
        let budget = MemoryBudget()
        let bytes = try FileAccess.readFile(path, limit: FileAccess.defaultInputLimit, budget: budget)
        try self.init(document: bytes, source: path, folder: SceneDecoder.folder(of: path), budget: budget)
    }

    private init(document: [UInt8], source: String, folder: String, budget: MemoryBudget) throws {
        var decoder = SceneDecoder(source: source, folder: folder, budget: budget)
        self = try decoder.scene(try JSONParser.parse(document, source: source, budget: budget))
    }

    /// Applies the scene's timed model changes at or before `time` (seconds) that are not
    /// applied yet, each in a transaction of its own at its time, so they animate as implicit
    /// actions do. ``render(at:with:into:)`` calls it; call it yourself before drawing
    /// ``layers`` with your own renderer. Times must not decrease: a change once applied
    /// stays applied.
    public func advance(to time: Double) {
        schedule?.advance(to: time)
    }

    /// The largest canvas side in pixels (`Bitmap.maxDimension`, 16384).
    static let maxPixels = Bitmap.maxDimension

    /// The bytes one frame holds besides the compositor's scratch: the canvas's bitmap
    /// (`4 · w · h`), the shadow blur's plane (at most as large), and the PNG encoding's
    /// peak (`PNGEncoder.peakBytes`, about twice the bitmap), with 1 MiB for row buffers.
    package var renderingBytes: Int {
        let width = canvas.pixelWidth, height = canvas.pixelHeight
        return 2 * 4 * width * height + PNGEncoder.peakBytes(width: width, height: height) + (1 << 20)
    }

    /// A compositor for this scene within `budget`, and how many frames may be in flight
    /// (drawn, not yet encoded): one frame's memory (`renderingBytes`) is charged, and the
    /// compositor's scratch gets what the budget leaves, at most
    /// `Compositor.scratchByteLimit` (less only changes how deeply nested groups are drawn;
    /// `docs/compositor.md`, "Limits") — per thread, so the compositor gets at most
    /// `threads` threads and fewer when the budget cannot give each that scratch (the
    /// pixels do not depend on the thread count). What is left pays for up to `threads`
    /// more frames in flight.
    package func compositor(within budget: MemoryBudget, threads: Int = 1) throws -> (compositor: Compositor, framesInFlight: Int) {
        let size = "\(canvas.pixelWidth)×\(canvas.pixelHeight)"
        try budget.charge(renderingBytes, for: "rendering and encoding a \(size) canvas", at: "canvas")
        let scratch = Swift.min(Compositor.scratchByteLimit, budget.limit - budget.used)
        let threads = Swift.max(1, Swift.min(threads, scratch > 0 ? (budget.limit - budget.used) / scratch : threads))
        budget.add(scratch * threads)
        let frames = 1 + Swift.max(0, Swift.min(threads, (budget.limit - budget.used) / renderingBytes))
        budget.add((frames - 1) * renderingBytes)
        return (Compositor(scratchByteLimit: scratch, threadCount: threads), frames)
    }

    /// The context `render --in-context` draws into: the canvas's pixel size, its scale as
    /// the transform, y down for a `topLeft` canvas and y up for a `bottomLeft` one, and its
    /// background.
    package var context: BitmapContext {
        BitmapContext(
            pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight,
            transform: AffineTransform(scaleX: canvas.scale, y: canvas.scale), origin: canvas.origin,
            background: canvas.background)
    }

    /// The scene at `time` (seconds), composited by `compositor` (which keeps its scratch
    /// buffers between frames) into `bitmap` (reused when it has the canvas's size). The
    /// scene's timed changes up to `time` are applied first and stay applied, so frames are
    /// rendered at times that do not decrease.
    public func render(at time: Double, with compositor: Compositor, into bitmap: inout Bitmap) throws {
        advance(to: time)
        do {
            try compositor.render(layers, at: time, on: canvas, into: &bitmap)
        } catch {
            // The canvas was checked when the scene was read, so this is not the input's fault.
            throw InternalError(message: "compositing failed at \(JSONValue.format(time)) s: \(error)")
        }
    }

    /// The scene at `time` in a new bitmap (`render(at:with:into:)`).
    public func render(at time: Double, with compositor: Compositor) throws -> Bitmap {
        var bitmap = try Bitmap(width: 1, height: 1)
        try render(at: time, with: compositor, into: &bitmap)
        return bitmap
    }
}
