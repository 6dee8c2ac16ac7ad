import CadenceGeometry

/// A layer that draws a string in a font (Core Animation's `CATextLayer`), laid out in its
/// bounds: wrapped at word boundaries or not, truncated with "…", aligned.
///
/// **Where the glyphs come from.** Fonts need FreeType and fontconfig, which the core
/// modules never import, so the layer holds the text's properties and draws through a
/// ``TextRenderer`` that a text module installs once (`CadenceText`'s
/// `FontTextRenderer.install()`; a scene that names a text layer installs it). While the
/// layer displays, the renderer lays the string out and fills each glyph's outline into the
/// layer's backing store (`DisplayList`), so the compositor paints text with the same
/// anti-aliased path filler as every shape, at `contentsScale`. With no renderer installed
/// the layer draws nothing and its transaction context's `logHandler` receives
/// `TransactionError.drawFailed` (the reason: ``TextLayerError/noRenderer``).
///
/// **Display.** A text layer starts marked as needing display, redraws when its bounds
/// change (`needsDisplayOnBoundsChange` starts true: **Cadence's choice**, as text is laid
/// out in the bounds), and every setter here marks it. `fontSize` and `foregroundColor`
/// animate (implicitly too): the two keys are in `needsDisplayKeys`, so each presentation
/// snapshot that presents another value is drawn again at that value.
///
/// ```swift
/// let label = TextLayer()
/// label.bounds = Rect(x: 0, y: 0, width: 240, height: 40)
/// label.string = "keyframe · cubicPaced"
/// label.fontSize = 18
/// label.foregroundColor = Color(red: 0.1, green: 0.1, blue: 0.1)
/// label.alignmentMode = .center
/// ```
public final class TextLayer: Layer {
    override class var defaultLayerClass: LayerClass { .text }

    /// A new text layer: every property at its default, marked as needing display.
    public override init() {
        super.init()
        storage.needsDisplayKeys = TextLayer.displayKeys
        storage.needsDisplayOnBoundsChange = true
        needsDisplayMark = true
    }

    override init(presenting source: __shared Layer, model handle: LayerModelHandle?, superlayer: __shared Layer?) {
        super.init(presenting: source, model: handle, superlayer: superlayer)
    }

    /// The keys whose change redraws a text layer (its `needsDisplayKeys` to start with).
    static let displayKeys: Set<String> = ["fontSize", "foregroundColor", "wrapped"]

    /// The text drawn (Core Animation's `string`, plain; no attributed runs). Default `nil`
    /// (nothing drawn). At most ``maxCharacters`` characters are laid out. Not animatable.
    public var string: String? {
        get { storage.text.string }
        set {
            storage.text.string = newValue
            setNeedsDisplay()
        }
    }

    /// The font, by family name (`"DejaVu Sans"`, `"DejaVu Serif:bold"`: a fontconfig
    /// pattern) or by the path of a font file (a string with a `/`). Default `nil`: the
    /// renderer's default font (**Cadence's choice:** DejaVu Sans, where Core Animation's is
    /// Helvetica). A name that matches no font falls back to the default; with no font at all
    /// the layer draws nothing and reports it. Not animatable.
    public var font: String? {
        get { storage.text.font }
        set {
            storage.text.font = newValue
            setNeedsDisplay()
        }
    }

    /// The font's size in points (the em square). Default 36, Core Animation's. Animatable.
    /// 0 draws nothing; sizes above ``maxFontSize`` are drawn at that size; a non-finite size
    /// is refused (the property keeps its value).
    public var fontSize: Double {
        get { self[.fontSize] }
        set {
            self[.fontSize] = newValue
            setNeedsDisplay()
        }
    }

    /// The colour the glyphs are filled with. Default opaque white (Core Animation's);
    /// `nil` draws nothing. Animatable.
    public var foregroundColor: Color? {
        get { self[.foregroundColor] }
        set {
            self[.foregroundColor] = newValue
            setNeedsDisplay()
        }
    }

    /// Whether lines wrap at word boundaries to fit the bounds' width (Core Animation's
    /// `wrapped`, the key-value coding and scene key). Default false: each line of the
    /// string (separated by line breaks) is one line, cut at the bounds or truncated.
    public var isWrapped: Bool {
        get { self[.wrapped] }
        set {
            self[.wrapped] = newValue
            setNeedsDisplay()
        }
    }

    /// Where a line too long for the bounds loses characters for "…" (Core Animation's
    /// `truncationMode`). Default `.none`. Not animatable.
    public var truncationMode: TextTruncationMode {
        get { storage.text.truncationMode }
        set {
            storage.text.truncationMode = newValue
            setNeedsDisplay()
        }
    }

    /// How lines sit horizontally in the bounds (Core Animation's `alignmentMode`). Default
    /// `.natural`: left, and right for a right-to-left paragraph when the renderer shapes
    /// text (`CadenceText` under its `Shaping` trait). Not animatable.
    public var alignmentMode: TextAlignmentMode {
        get { storage.text.alignmentMode }
        set {
            storage.text.alignmentMode = newValue
            setNeedsDisplay()
        }
    }

    /// The most characters (`Character`s) laid out: the rest of a longer string is ignored,
    /// so a string of 10⁶ characters costs what one of 65,536 does.
    public static let maxCharacters = 65_536

    /// The largest font size drawn, in points: larger sizes draw at this one.
    public static let maxFontSize = 16_384.0

    /// What the renderer draws for this layer now: its properties and bounds.
    public var textDrawing: TextDrawing {
        let values = storage.text
        return TextDrawing(
            string: values.string ?? "", font: values.font, fontSize: fontSize, foregroundColor: foregroundColor,
            isWrapped: isWrapped, truncationMode: values.truncationMode, alignmentMode: values.alignmentMode,
            bounds: bounds)
    }

    /// Draws the text into `context` through the installed renderer (`draw(in:)` of a text
    /// layer). Nothing to draw (no string, size 0, no colour) draws nothing.
    func drawText(in context: any DrawingContext) throws {
        let drawing = textDrawing
        guard !drawing.string.isEmpty, drawing.fontSize > 0, let color = drawing.foregroundColor, color.alpha > 0 else {
            return
        }
        guard let renderer = TextLayer.renderer else { throw TextLayerError.noRenderer }
        try renderer.draw(drawing, in: context)
    }
}

/// Where a line too long for a text layer's bounds is shortened, with "…" in place of the
/// characters removed (Core Animation's `kCATruncation…` constants; raw values are their
/// strings).
public enum TextTruncationMode: String, CaseIterable, Hashable, Sendable {
    /// Not truncated: the line is cut at the bounds.
    case none
    /// Characters removed from the start ("…end of the line").
    case start
    /// Characters removed from the middle ("start…end").
    case middle
    /// Characters removed from the end ("start of the line…").
    case end
}

/// How a text layer's lines sit horizontally in its bounds (Core Animation's
/// `kCAAlignment…` constants; raw values are their strings).
public enum TextAlignmentMode: String, CaseIterable, Hashable, Sendable {
    /// The script's natural alignment: left, or right for a paragraph whose first strong
    /// character is right to left when the renderer shapes text (without shaping every
    /// paragraph is laid out left to right, so left).
    case natural
    /// Flush left.
    case left
    /// Flush right.
    case right
    /// Centred.
    case center
    /// Both edges flush: the space between words is stretched, except on the last line of
    /// a paragraph (aligned as `.natural`) and on lines without spaces.
    case justified
}

/// The stored properties of a text layer (`LayerStorage.text`).
struct TextLayerValues {
    var string: String? = nil
    var font: String? = nil
    var fontSize = 36.0
    var foregroundColor: Color? = .white
    var isWrapped = false
    var truncationMode = TextTruncationMode.none
    var alignmentMode = TextAlignmentMode.natural
}
