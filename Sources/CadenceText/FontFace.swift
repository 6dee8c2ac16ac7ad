import CFreeType
import CadenceGeometry
import Synchronization

#if Shaping
    import CHarfBuzz
#endif

/// One font file opened by FreeType: its metrics, each character's glyph, the glyphs'
/// advances, kerning and outlines, all in font units (``unitsPerEm`` to the em), y up.
///
/// Outlines are read unhinted and unscaled (`FT_LOAD_NO_SCALE`), so one outline serves
/// every size and subpixel position: the renderer scales and places it. Advances and
/// outlines are cached, at most ``maxCachedGlyphs`` glyphs a face (the cache is emptied
/// when full). Thread-safe: FreeType's face is used under a lock.
public final class FontFace: Sendable {
    /// The file the face was read from.
    public let path: String
    /// Font units to the em.
    public let unitsPerEm: Double
    /// The ascender above the baseline and the descender below it (negative), in font units
    /// (the horizontal header's, which FreeType reports).
    public let ascender: Double, descender: Double
    /// The distance between baselines, in font units.
    public let lineHeight: Double

    /// The most glyphs whose outlines and advances a face keeps.
    public static let maxCachedGlyphs = 4_096

    struct State: ~Copyable {
        let library: FT_Library
        let face: FT_Face
        var outlines: [UInt32: Path] = [:]
        var advances: [UInt32: Double] = [:]
        #if Shaping
            /// HarfBuzz's font over `face` (hb-ft), scaled to font units.
            let shaper: OpaquePointer
        #endif
        deinit {
            #if Shaping
                hb_font_destroy(shaper)
            #endif
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }
    }
    let state: Mutex<State>
    private let hasKerning: Bool

    /// Opens the font file at `path` (its first face). Throws ``TextError/fontUnreadable(path:code:)``.
    public init(path: String) throws(TextError) {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else { throw .fontUnreadable(path: path, code: initError) }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face, face.pointee.units_per_EM > 0 else {
            FT_Done_FreeType(library)
            throw .fontUnreadable(path: path, code: openError == 0 ? -1 : openError)
        }
        self.path = path
        let f = face.pointee
        unitsPerEm = Double(f.units_per_EM)
        ascender = Double(f.ascender)
        descender = Double(f.descender)
        lineHeight = Double(f.height) > 0 ? Double(f.height) : Double(f.ascender) - Double(f.descender)
        hasKerning = f.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        #if Shaping
            // HarfBuzz reads the font's tables through FreeType's face (hb-ft) and positions in
            // font units: the scale is the em, as the outlines are unscaled.
            let hbFace = hb_ft_face_create_referenced(face)
            let shaper = hb_font_create(hbFace)!
            hb_face_destroy(hbFace)
            hb_font_set_scale(shaper, Int32(f.units_per_EM), Int32(f.units_per_EM))
            state = Mutex(State(library: library, face: face, shaper: shaper))
        #else
            state = Mutex(State(library: library, face: face))
        #endif
    }

    /// The face the font `name` names (`FontLocator.file(for:)`).
    public convenience init(named name: String?) throws(TextError) {
        try self.init(path: FontLocator.file(for: name))
    }

    /// The glyph of `scalar` (0, the font's "missing glyph" box, when the font has none).
    public func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        state.withLock { UInt32(FT_Get_Char_Index($0.face, FT_ULong(scalar.value))) }
    }

    /// The horizontal advance of `glyph`, in font units (FreeType's `FT_Get_Advance`).
    public func advance(_ glyph: UInt32) -> Double {
        state.withLock { state in
            if let cached = state.advances[glyph] { return cached }
            var advance: FT_Fixed = 0
            let error = FT_Get_Advance(state.face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance)
            let value = error == 0 ? Double(advance) : 0
            if state.advances.count >= FontFace.maxCachedGlyphs { state.advances.removeAll(keepingCapacity: true) }
            state.advances[glyph] = value
            return value
        }
    }

    /// The kerning between `left` and `right`, in font units: added to `left`'s advance
    /// (the font's `kern` table through `FT_Get_Kerning`; 0 without one).
    public func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning else { return 0 }
        return state.withLock { state in
            var vector = FT_Vector()
            guard FT_Get_Kerning(state.face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &vector) == 0 else {
                return 0
            }
            return Double(vector.x)
        }
    }

    /// The outline of `glyph` in font units, y up (empty for a blank glyph or one FreeType
    /// cannot load). Contours are closed; fill it under the non-zero rule.
    public func outline(_ glyph: UInt32) -> Path {
        state.withLock { state in
            if let cached = state.outlines[glyph] { return cached }
            var path = Path()
            if FT_Load_Glyph(state.face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0,
               let slot = state.face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
            {
                path = FontFace.decompose(&slot.pointee.outline)
            }
            if state.outlines.count >= FontFace.maxCachedGlyphs { state.outlines.removeAll(keepingCapacity: true) }
            state.outlines[glyph] = path
            return path
        }
    }

    /// `outline` as a path (FreeType's `FT_Outline_Decompose`; quadratic and cubic pieces).
    private static func decompose(_ outline: inout FT_Outline) -> Path {
        final class Builder {
            var path = Path()
            var open = false
        }
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                if b.open { b.path.closeSubpath() }
                guard let to else { return 1 }
                b.path.move(to: Point(x: Double(to.pointee.x), y: Double(to.pointee.y)))
                b.open = true
                return 0
            },
            line_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                guard let to else { return 1 }
                b.path.addLine(to: Point(x: Double(to.pointee.x), y: Double(to.pointee.y)))
                return 0
            },
            conic_to: { control, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                guard let control, let to else { return 1 }
                b.path.addQuadCurve(to: Point(x: Double(to.pointee.x), y: Double(to.pointee.y)),
                                    control: Point(x: Double(control.pointee.x), y: Double(control.pointee.y)))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                guard let c1, let c2, let to else { return 1 }
                b.path.addCurve(to: Point(x: Double(to.pointee.x), y: Double(to.pointee.y)),
                                control1: Point(x: Double(c1.pointee.x), y: Double(c1.pointee.y)),
                                control2: Point(x: Double(c2.pointee.x), y: Double(c2.pointee.y)))
                return 0
            },
            shift: 0, delta: 0)
        let builder = Builder()
        let user = Unmanaged.passUnretained(builder).toOpaque()
        let error = withExtendedLifetime(builder) { FT_Outline_Decompose(&outline, &funcs, user) }
        if builder.open { builder.path.closeSubpath() }
        return error == 0 ? builder.path : Path()
    }
}
