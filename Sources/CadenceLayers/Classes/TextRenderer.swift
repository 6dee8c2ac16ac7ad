import CadenceGeometry
import Synchronization

/// What lays out and draws a text layer's string (`TextLayer`): a text module's font
/// machinery (`CadenceText`'s `FontTextRenderer`), installed once as
/// `TextLayer.renderer`. The core modules never import fonts: this protocol is how a text
/// layer reaches them, as a layer's delegate is how drawing code reaches a layer.
///
/// `draw(_:in:)` is called while a text layer displays, with the layer's bounds as user
/// space (y down): it fills the glyph outlines with `text.foregroundColor`. It may throw
/// (no font found); the layer then keeps its previous drawing and reports the error.
public protocol TextRenderer: Sendable {
    /// Lays `text` out in `text.bounds` and draws it into `context`.
    func draw(_ text: TextDrawing, in context: any DrawingContext) throws
}

/// A text layer's properties as a renderer reads them (`TextLayer.textDrawing`).
public struct TextDrawing: Hashable, Sendable {
    /// The string (empty for none).
    public var string: String
    /// The font name or file (`TextLayer.font`); `nil` for the default.
    public var font: String?
    /// The size in points; finite, not negative.
    public var fontSize: Double
    /// The fill colour of the glyphs.
    public var foregroundColor: Color?
    /// Whether lines wrap at word boundaries.
    public var isWrapped: Bool
    /// Where a line too long is shortened with "…".
    public var truncationMode: TextTruncationMode
    /// How lines sit in the bounds.
    public var alignmentMode: TextAlignmentMode
    /// The layer's bounds: the box the text is laid out in.
    public var bounds: Rect

    /// A text to draw; every field as named.
    public init(
        string: String, font: String? = nil, fontSize: Double = 36, foregroundColor: Color? = .white,
        isWrapped: Bool = false, truncationMode: TextTruncationMode = .none, alignmentMode: TextAlignmentMode = .natural,
        bounds: Rect
    ) {
        self.string = string
        self.font = font
        self.fontSize = fontSize
        self.foregroundColor = foregroundColor
        self.isWrapped = isWrapped
        self.truncationMode = truncationMode
        self.alignmentMode = alignmentMode
        self.bounds = bounds
    }
}

/// Why a text layer drew nothing (reported through `TransactionError.drawFailed`).
public enum TextLayerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No `TextLayer.renderer` is installed (import `CadenceText` and install its renderer).
    case noRenderer

    public var description: String {
        switch self {
        case .noRenderer: "no text renderer is installed (CadenceText's FontTextRenderer.install())"
        }
    }
}

extension TextLayer {
    private static let installed = Mutex<(any TextRenderer)?>(nil)

    /// The renderer every text layer draws through; `nil` (the default) until a text module
    /// installs one. Setting it affects the next display of every text layer. Thread-safe.
    public static var renderer: (any TextRenderer)? {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }
}
