import CadenceCompositor
import CadenceGeometry
import CadenceLayers

/// A scene of `cadence render` (docs/command-line.md, "Scene files"): a canvas
/// and the layer trees composited onto it, back to front.
///
/// Times are in the root time space: a layer tree's root sees the render time as its
/// parent time, and each layer's media timing carries it down
/// (`Layer.presentation(at:)`).
///
/// Public for programs that embed the engine (the C API renders the same documents).
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
    /// within the default input limit and memory budget. Throws `InputError` with the text
    /// `cadence render` prints.
    public init(document: [UInt8], source: String, folder: String) throws {
        let budget = MemoryBudget()
        var decoder = SceneDecoder(source: source, folder: folder, budget: budget)
        self = try decoder.scene(try JSONParser.parse(document, source: source, budget: budget))
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
        schedule?.advance(to: time)
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
