extension Path {
    /// Reads SVG path data, the value of an SVG `<path>` element's `d` attribute.
    ///
    /// - Supported: absolute and relative `M L H V C S Q T Z` with SVG 1.1's grammar:
    ///   implicit repeats, line-tos after a move-to's first pair, `comma-wsp` rules, numbers
    ///   such as `1e-3`, `.5.5` and `-1-2`, and the reflection rules of `S` and `T`. Empty
    ///   data is the empty path. `H`/`V` become line-tos, `S`/`T` curves with their
    ///   reflected control points resolved, relative coordinates absolute ones.
    /// - Elliptical arcs `A`/`a` become cubic Béziers by SVG's endpoint conversion and
    ///   out-of-range rules (`_SVGPathParser`, `docs/paths.md`).
    /// - Errors: a `PathParseError` with the character offset of the first thing that does
    ///   not fit ("expected a number at offset 12"), and the path up to it. Numbers and
    ///   coordinates beyond the range of `Double` are errors, so a parsed path is always
    ///   finite (never NaN or ±∞).
    /// - Cost: one pass, O(length); one small string per number for the correctly rounded
    ///   conversion.
    /// - Source: SVG 1.1 (Second Edition), section 8.3, "The grammar for path data".
    public init(svgPathData: String) throws(PathParseError) {
        var text = svgPathData
        let result = text.withUTF8 { bytes in
            var parser = _SVGPathParser(bytes)
            return Result { () throws(PathParseError) in try parser.parse() }
        }
        self = try result.get()
    }

    /// The path as SVG path data, with absolute commands only: `M x y`, `L x y`,
    /// `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `Z`, separated by spaces.
    ///
    /// Numbers are written in the shortest form that reads back as the same `Double`
    /// (`1`, `0.1`, `1e-05`, `-2.5e+20`), so `Path(svgPathData: p.svgPathData) == p` for
    /// every finite path. Non-finite coordinates are written as `nan`, `inf` or `-inf`,
    /// which SVG (and the parser) reject.
    public var svgPathData: String {
        var out = ""
        func write(_ command: Character, _ points: Point...) {
            if !out.isEmpty { out.append(" ") }
            out.append(command)
            for p in points {
                out.append(" ")
                out.append(Self.svgNumber(p.x))
                out.append(" ")
                out.append(Self.svgNumber(p.y))
            }
        }
        for element in elements {
            switch element {
            case .moveTo(let p): write("M", p)
            case .lineTo(let p): write("L", p)
            case .quadCurveTo(let c, let p): write("Q", c, p)
            case .curveTo(let c1, let c2, let p): write("C", c1, c2, p)
            case .closeSubpath: write("Z")
            }
        }
        return out
    }

    /// The shortest text that reads back as `value`, without a trailing ".0".
    static func svgNumber(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
