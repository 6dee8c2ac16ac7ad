import CadenceGeometry
import CadencePixels

/// A layer's backing store: the drawing calls its `draw(in:)` (or its delegate's
/// `draw(_:in:)`) made the last time it displayed, recorded in order, with the bounds and
/// scale they were made for.
///
/// **Why a recording.** The layers sit below the compositor that owns the pixel kernels, so
/// a layer keeps what it drew as calls; the compositor paints them through a
/// `GraphicsContext` into a bitmap of `pixelWidth × pixelHeight` pixels the first frame the
/// list is shown, and keeps that bitmap while the list is shown (keyed by the list's
/// identity: a list never changes once recorded, a redraw makes a new one). So a frame with
/// no invalidation neither calls the drawing code nor paints again.
///
/// **Space.** The calls are in the layer's bounds coordinates as they were when it
/// displayed (`bounds`): the bitmap covers `bounds` at `scale` pixels a point, pixel (0, 0)
/// at `bounds`' origin, y down. The compositor places the bitmap like `contents` of that
/// many pixels at `scale` (`contentsGravity`, `contentsRect`, `contentsCenter` apply), so a
/// layer resized without redrawing stretches its old drawing, as on Core Animation.
/// Drawing outside `bounds` is cut off at the bitmap's edges.
///
/// **Limits.** At most `maxCommands` calls and `maxPathElements` path elements are kept;
/// past either, later calls are dropped and `isTruncated` is set (a drawing loop that never
/// ends still hangs: it is the caller's code). The bitmap has at most `maxPixelCount`
/// pixels and `Bitmap.maxDimension` on a side: past that, `effectiveScale` is lowered until
/// it fits (the drawing is painted at a lower resolution and stretched to the same size).
///
/// Cost: one array append per call; the paths and images are shared, not copied.
public final class DisplayList: @unchecked Sendable {
    /// One recorded call.
    enum Command {
        case save, restore
        case fillColor(Color), strokeColor(Color), alpha(Double), strokeStyle(StrokeStyle)
        case concatenate(AffineTransform)
        case fill(Path, FillRule), stroke(Path), clip(Path, FillRule)
        case linearGradient(Gradient, start: Point, end: Point, GradientDrawingOptions)
        case radialGradient(Gradient, Point, Double, Point, Double, GradientDrawingOptions)
        case image(Bitmap, Rect, ContentsFilter)
    }

    /// The most calls a list keeps (2²⁰).
    public static let maxCommands = 1 << 20
    /// The most path elements, over all recorded paths, a list keeps (2²²).
    public static let maxPathElements = 1 << 22
    /// The most pixels a backing store's bitmap has (2²⁴, 64 MiB of RGBA8).
    public static let maxPixelCount = 1 << 24

    /// The layer's bounds when it displayed: the user space the calls were made in.
    public let bounds: Rect
    /// The layer's `contentsScale` when it displayed (1 when that was not finite and
    /// positive): pixels per point asked for.
    public let scale: Double
    /// The scale the bitmap is painted at: `scale`, lowered when the bitmap would pass
    /// `maxPixelCount` pixels or `Bitmap.maxDimension` on a side.
    public let effectiveScale: Double
    /// The bitmap's size: `bounds` at `effectiveScale`, rounded up to whole pixels (at
    /// least 1 on each side).
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Whether calls were dropped past `maxCommands` or `maxPathElements`.
    public let isTruncated: Bool
    /// The calls, in order.
    let commands: [Command]

    /// The number of recorded calls.
    public var commandCount: Int { commands.count }

    init(bounds: Rect, scale: Double, commands: [Command], isTruncated: Bool) {
        self.bounds = bounds
        self.scale = scale
        self.commands = commands
        self.isTruncated = isTruncated
        let size = Self.pixelSize(of: bounds.size, at: scale)
        (pixelWidth, pixelHeight, effectiveScale) = (size.width, size.height, size.scale)
    }

    /// The pixel size of `size` points at `scale` pixels a point within the limits, and the
    /// scale that gives it (`scale` or lower). `size` must be finite and positive.
    static func pixelSize(of size: Size, at scale: Double) -> (width: Int, height: Int, scale: Double) {
        var s = scale
        let limit = Double(Bitmap.maxDimension)
        s = Swift.min(s, limit / size.width, limit / size.height)
        let area = size.width * size.height * s * s
        if area > Double(maxPixelCount) { s *= (Double(maxPixelCount) / area).squareRoot() }
        func pixels(_ points: Double) -> Int { Swift.min(Swift.max(Int((points * s - 1e-9).rounded(.up)), 1), Bitmap.maxDimension) }
        return (pixels(size.width), pixels(size.height), s)
    }

    /// Replays the calls into `context`, in order, inside one saved state (so a drawing that
    /// left states saved or transforms applied leaves `context` as it found it; a `restore`
    /// with nothing recorded to restore is skipped). Recording starts with the identity
    /// transform: replay into a context whose `ctm` maps the bounds to the pixels wanted
    /// (the compositor uses `T(−bounds.origin) · S(effectiveScale)`).
    public func replay(into context: some DrawingContext) {
        context.saveGState()
        var depth = 0
        for command in commands {
            switch command {
            case .save:
                depth += 1
                context.saveGState()
            case .restore:
                guard depth > 0 else { continue }
                depth -= 1
                context.restoreGState()
            case .fillColor(let c): context.fillColor = c
            case .strokeColor(let c): context.strokeColor = c
            case .alpha(let a): context.alpha = a
            case .strokeStyle(let s): context.strokeStyle = s
            case .concatenate(let t): context.concatenate(t)
            case .fill(let path, let rule): context.fill(path, rule: rule)
            case .stroke(let path): context.stroke(path)
            case .clip(let path, let rule): context.clip(to: path, rule: rule)
            case .linearGradient(let g, let start, let end, let options):
                context.drawLinearGradient(g, start: start, end: end, options: options)
            case .radialGradient(let g, let c0, let r0, let c1, let r1, let options):
                context.drawRadialGradient(g, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1, options: options)
            case .image(let image, let rect, let filter): context.draw(image, in: rect, filter: filter)
            }
        }
        for _ in 0..<depth { context.restoreGState() }
        context.restoreGState()
    }
}

/// The context a layer draws into while it displays: it records each call into a
/// `DisplayList` and keeps the graphics state its getters answer with.
final class DisplayListRecorder: DrawingContext {
    private struct State {
        var ctm = AffineTransform.identity
        /// The clip's box in device space (the recording's: the bounds' points).
        var clip: Rect
        var fillColor = Color.black
        var strokeColor = Color.black
        var alpha = 1.0
        var strokeStyle = StrokeStyle()
    }

    /// The most saved states (2¹⁶, as `GraphicsContext`): a save past it is dropped.
    static let maxSavedStates = 1 << 16

    private let bounds: Rect
    private let scale: Double
    private var state: State
    private var saved: [State] = []
    private var commands: [DisplayList.Command] = []
    private var pathElements = 0
    private var truncated = false

    init(bounds: Rect, scale: Double) {
        self.bounds = bounds
        self.scale = scale
        state = State(clip: bounds)
    }

    /// The list recorded so far.
    func finish() -> DisplayList {
        DisplayList(bounds: bounds, scale: scale, commands: commands, isTruncated: truncated)
    }

    /// Whether nothing that paints was recorded.
    var drawsNothing: Bool {
        !commands.contains { command in
            switch command {
            case .fill, .stroke, .linearGradient, .radialGradient, .image: true
            default: false
            }
        }
    }

    private func record(_ command: DisplayList.Command, elements: Int = 0) {
        guard !truncated else { return }
        guard commands.count < DisplayList.maxCommands, pathElements + elements <= DisplayList.maxPathElements else {
            truncated = true
            return
        }
        pathElements += elements
        commands.append(command)
    }

    func saveGState() {
        guard saved.count < Self.maxSavedStates else { return }
        saved.append(state)
        record(.save)
    }

    func restoreGState() {
        guard let top = saved.popLast() else { return }
        state = top
        record(.restore)
    }

    var fillColor: Color {
        get { state.fillColor }
        set { state.fillColor = newValue; record(.fillColor(newValue)) }
    }

    var strokeColor: Color {
        get { state.strokeColor }
        set { state.strokeColor = newValue; record(.strokeColor(newValue)) }
    }

    var alpha: Double {
        get { state.alpha }
        set { state.alpha = newValue; record(.alpha(newValue)) }
    }

    var strokeStyle: StrokeStyle {
        get { state.strokeStyle }
        set { state.strokeStyle = newValue; record(.strokeStyle(newValue)) }
    }

    var ctm: AffineTransform { state.ctm }

    func concatenate(_ transform: AffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
        record(.concatenate(transform))
    }

    func fill(_ path: Path, rule: FillRule) { record(.fill(path, rule), elements: path.elements.count) }
    func stroke(_ path: Path) { record(.stroke(path), elements: path.elements.count) }
    func clip(to path: Path, rule: FillRule) {
        if state.ctm.inverse == nil {
            // A transform that collapses space maps every path to no area: nothing can be
            // drawn until the state is restored.
            state.clip = Rect(x: state.clip.minX, y: state.clip.minY, width: 0, height: 0)
        } else if let box = path.controlPointBounds {
            // The path's box in device space, intersected with the clip's (a box that is not
            // finite leaves the clip as it is).
            let device = Transform3D(state.ctm).boundingBox(of: box)
            if device.isFiniteValue { state.clip = state.clip.intersection(device) }
        }
        record(.clip(path, rule), elements: path.elements.count)
    }

    var clipBoundingBox: Rect { Rect.clipBox(of: state.clip, under: state.ctm) }

    func drawLinearGradient(_ gradient: Gradient, start: Point, end: Point, options: GradientDrawingOptions) {
        record(.linearGradient(gradient, start: start, end: end, options), elements: gradient.colors.count)
    }

    func drawRadialGradient(
        _ gradient: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double,
        options: GradientDrawingOptions
    ) {
        record(.radialGradient(gradient, startCenter, startRadius, endCenter, endRadius, options), elements: gradient.colors.count)
    }

    func draw(_ image: Bitmap, in rect: Rect, filter: ContentsFilter) { record(.image(image, rect, filter)) }
}
