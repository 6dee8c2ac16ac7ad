import CadenceGeometry
import CadenceLayers
import Synchronization

/// The text layers' renderer over FreeType and fontconfig (`TextRenderer`): finds the font
/// (``FontLocator``), lays the string out (``TextLayout``) and fills every glyph's outline
/// (``FontFace/outline(_:)``, scaled to the font size and placed on its line) as one path
/// with the layer's `foregroundColor`, under the non-zero rule, into the drawing context —
/// so text is anti-aliased by the same path filler as every shape.
///
/// Install it once before text layers display (a scene with a text layer does):
///
/// ```swift
/// FontTextRenderer.install()
/// ```
///
/// Faces are opened once per font name and kept (at most ``maxFaces``; the cache is emptied
/// when full). Glyphs wholly outside the bounds are not drawn. A font that cannot be found
/// or read throws ``TextError``.
public final class FontTextRenderer: TextRenderer {
    /// The renderer `install()` installs.
    public static let shared = FontTextRenderer()

    /// The most font faces kept open.
    public static let maxFaces = 32

    private let faces = Mutex<[String: FontFace]>([:])

    /// A renderer with no face open yet.
    public init() {}

    /// Makes `shared` the renderer of every text layer (`TextLayer.renderer`), unless one
    /// is installed already.
    public static func install() {
        if TextLayer.renderer == nil { TextLayer.renderer = shared }
    }

    /// The face for the font name `name` (`nil`: the default font), opened on first use.
    public func face(named name: String?) throws(TextError) -> FontFace {
        let key = name ?? FontLocator.defaultFamily
        if let face = faces.withLock({ $0[key] }) { return face }
        let face = try FontFace(named: name)
        faces.withLock { faces in
            if faces.count >= FontTextRenderer.maxFaces { faces.removeAll() }
            faces[key] = face
        }
        return face
    }

    /// The outlines of `layout`'s glyphs, scaled and placed in the box whose top left is
    /// `origin` (y down), those wholly outside `bounds` left out.
    public func path(of layout: TextLayout, face: FontFace, origin: Point, clippedTo bounds: Rect) -> Path {
        var path = Path()
        let s = layout.scale
        let ascent = face.ascender * s
        let descent = -face.descender * s
        for line in layout.lines {
            let baseline = origin.y + line.baseline
            guard baseline - ascent < bounds.maxY, baseline + descent > bounds.minY else { continue }
            for glyph in line.glyphs {
                let x = origin.x + glyph.x
                let y = baseline + glyph.y
                guard x < bounds.maxX, x + face.unitsPerEm * s * 2 > bounds.minX else { continue }
                func place(_ p: Point) -> Point { Point(x: x + p.x * s, y: y - p.y * s) }
                for element in face.outline(glyph.glyph).elements {
                    switch element {
                    case .moveTo(let p): path.move(to: place(p))
                    case .lineTo(let p): path.addLine(to: place(p))
                    case .quadCurveTo(let c, let e): path.addQuadCurve(to: place(e), control: place(c))
                    case .curveTo(let c1, let c2, let e): path.addCurve(to: place(e), control1: place(c1), control2: place(c2))
                    case .closeSubpath: path.closeSubpath()
                    }
                }
            }
        }
        return path
    }

    public func draw(_ text: TextDrawing, in context: any DrawingContext) throws {
        guard let color = text.foregroundColor else { return }
        let face = try face(named: text.font)
        let layout = TextLayout(text, metrics: face)
        let path = path(of: layout, face: face, origin: text.bounds.origin, clippedTo: text.bounds)
        guard !path.isEmpty else { return }
        context.saveGState()
        context.fillColor = color
        context.fill(path, rule: .nonZero)
        context.restoreGState()
    }
}
