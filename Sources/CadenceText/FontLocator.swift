import CFontconfig

/// Finds font files by name through fontconfig (the library every Linux desktop asks).
///
/// A name is a fontconfig pattern (`"DejaVu Sans"`, `"DejaVu Serif:bold"`); `nil` is
/// ``defaultFamily``. fontconfig answers its best match, so an unknown family falls back to
/// the closest installed font (DejaVu Sans on Debian's image); with no font installed at
/// all the lookup throws ``TextError/fontNotFound(_:)``. A string containing a `/` is a file
/// path and is used as it is. Cost: one fontconfig match (the renderer caches its faces).
public enum FontLocator {
    /// The family a text layer without a font uses (**Cadence's choice**, where Core
    /// Animation's default is Helvetica).
    public static let defaultFamily = "DejaVu Sans"

    /// The file of the font `name` names (see the type's rules).
    public static func file(for name: String?) throws(TextError) -> String {
        let name = name ?? defaultFamily
        if name.contains("/") { return name }
        guard name.utf8.count <= maxNameLength, !name.utf8.contains(0) else { throw .fontNotFound(name) }
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontNotFound(name) }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse(name) else { throw .fontNotFound(name) }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw .fontNotFound(name) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { throw .fontNotFound(name) }
        return String(cString: file)
    }

    /// The longest font name looked up, in UTF-8 bytes (longer names are not fonts).
    public static let maxNameLength = 1_024
}

/// Why text could not be drawn.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No font file matches the name (fontconfig found none at all).
    case fontNotFound(String)
    /// FreeType could not read the file (its error code).
    case fontUnreadable(path: String, code: Int32)

    public var description: String {
        switch self {
        case .fontNotFound(let name): "cadence: no font found for \"\(name)\" (install fonts-dejavu-core)"
        case .fontUnreadable(let path, let code): "cadence: FreeType cannot read the font \(path) (error \(code))"
        }
    }
}
