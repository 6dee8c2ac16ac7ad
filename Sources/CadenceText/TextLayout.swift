import CadenceGeometry
import CadenceLayers

/// What a layout needs of a font, in font units (``FontFace`` conforms; tests use a fixed
/// pitch font of their own).
public protocol GlyphMetrics {
    /// Font units to the em.
    var unitsPerEm: Double { get }
    /// The ascender above the baseline, in font units.
    var ascender: Double { get }
    /// The distance between baselines, in font units.
    var lineHeight: Double { get }
    /// The glyph of a character's first scalar (0: none).
    func glyph(for scalar: Unicode.Scalar) -> UInt32
    /// The advance of a glyph.
    func advance(_ glyph: UInt32) -> Double
    /// The kerning added between two glyphs.
    func kerning(_ left: UInt32, _ right: UInt32) -> Double
    /// `characters`, one line of a paragraph at bidi level `paragraphLevel` (0: left to
    /// right, 1: right to left), shaped: its glyphs in visual order, left to right; `nil`
    /// when these metrics do not shape, and the layout maps each character through
    /// ``glyph(for:)`` (the default). ``FontFace`` shapes with HarfBuzz under the package
    /// trait `Shaping`.
    func shape(_ characters: ArraySlice<Character>, paragraphLevel: Int) -> [ShapedGlyph]?
    /// The bidi level of a paragraph: 1 when it reads right to left (0, the default, when
    /// these metrics do not shape).
    func paragraphLevel(_ paragraph: ArraySlice<Character>) -> Int
}

extension GlyphMetrics {
    /// Not shaped: `nil`.
    public func shape(_ characters: ArraySlice<Character>, paragraphLevel: Int) -> [ShapedGlyph]? { nil }
    /// Left to right: 0.
    public func paragraphLevel(_ paragraph: ArraySlice<Character>) -> Int { 0 }
}

/// One glyph of a shaped line, in font units (y up): its index in the font, the pen's
/// advance after it, its offset from the pen, and the index of the character it shows
/// (the first of a ligature's), counted from the start of the line shaped.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in the font.
    public var glyph: UInt32
    /// How far the pen moves after the glyph (0 for a mark).
    public var advance: Double
    /// Where the glyph is drawn from the pen (y up).
    public var xOffset: Double, yOffset: Double
    /// The index of the (first) character it shows, from the start of the line shaped.
    public var character: Int

    /// A glyph at `advance`, drawn `xOffset`, `yOffset` from the pen.
    public init(glyph: UInt32, advance: Double, xOffset: Double = 0, yOffset: Double = 0, character: Int) {
        self.glyph = glyph
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.character = character
    }
}

extension FontFace: GlyphMetrics {}

/// A string laid out in a box (a text layer's bounds): lines of glyphs at positions in
/// points, each glyph at its pen position on its line's baseline (y down).
///
/// **Lines** (Cadence's subset of UAX #14, documented in `docs/text.md`): hard breaks at
/// line feeds, carriage returns (and CR LF), U+2028 and U+2029; when wrapped, a line breaks
/// after a run of spaces (U+0020, tab, no-break spaces excepted) and a word wider than the
/// box breaks between its characters; spaces at the end of a wrapped line hang outside the
/// box. Without shaping (the default), each `Character` is one glyph, its first scalar's:
/// combining marks are dropped and scripts are laid out left to right. With metrics that
/// shape (``GlyphMetrics/shape(_:paragraphLevel:)``: ``FontFace`` under the `Shaping`
/// trait) each line is shaped as a whole, right-to-left runs in visual order, and widths
/// for wrapping are the shaped widths of words.
///
/// **Truncation** ("…", U+2026): without wrapping, each line wider than the box; with
/// wrapping, the last line that fits the box's height, with the rest of the text after it.
/// Without truncation, lines below the box are dropped (they would be clipped).
///
/// **Alignment** as `TextAlignmentMode`; `.justified` stretches the spaces of wrapped lines
/// that do not end a paragraph. Cost: linear in the characters, at most
/// `TextLayer.maxCharacters` of them.
public struct TextLayout: Hashable, Sendable {
    /// One glyph: its index in the font, its position (x on the line, in points from the
    /// box's left edge; y in points below the baseline, 0 but for marks placed by shaping),
    /// and the character it shows (a ligature's first).
    public struct Glyph: Hashable, Sendable {
        public var glyph: UInt32
        public var x: Double
        public var y: Double = 0
        public var character: Character
    }
    /// One line: its glyphs (left to right), its text (in logical order), its width in
    /// points (the hanging spaces excluded), and its baseline, in points below the box's top.
    public struct Line: Hashable, Sendable {
        public var glyphs: [Glyph]
        public var text: String
        public var width: Double
        public var baseline: Double
    }

    /// The lines, top to bottom.
    public var lines: [Line]
    /// The scale from font units to points (`fontSize / unitsPerEm`).
    public var scale: Double

    /// Lays `text.string` out in a box of `text.bounds`' size with `metrics`.
    public init(_ text: TextDrawing, metrics: some GlyphMetrics) {
        let size = min(max(text.fontSize.isFinite ? text.fontSize : 0, 0), TextLayer.maxFontSize)
        scale = size / metrics.unitsPerEm
        lines = []
        guard size > 0 else { return }
        let width = text.bounds.width
        let height = text.bounds.height
        let lineHeight = metrics.lineHeight * scale
        let ascent = metrics.ascender * scale
        // The most lines that can show: those whose top is inside the box (at least one).
        let visible = lineHeight > 0 ? max(1, Int(min((height / lineHeight).rounded(.up), 1e6))) : 1
        let fitting = lineHeight > 0 ? max(1, Int(min((height / lineHeight).rounded(.down), 1e6))) : 1
        let characters = Array(text.string.prefix(TextLayer.maxCharacters))
        let measure = Measure(metrics: metrics, scale: scale)

        // Paragraphs, then lines (wrapped ones marked as not ending their paragraph), each
        // with its paragraph's bidi level.
        var raw: [(chars: ArraySlice<Character>, endsParagraph: Bool, level: Int)] = []
        var start = 0
        func paragraph(_ end: Int) {
            let slice = characters[start..<end]
            let level = measure.shapes ? metrics.paragraphLevel(slice) : 0
            if text.isWrapped && width > 0 {
                raw.append(contentsOf: measure.wrap(slice, width: width).map { ($0.chars, $0.endsParagraph, level) })
            } else {
                raw.append((slice, true, level))
            }
        }
        for (i, c) in characters.enumerated() where c.isNewline {
            paragraph(i)
            start = i + 1
            if raw.count > visible { break }
        }
        if start <= characters.count && raw.count <= visible { paragraph(characters.count) }

        let truncates = text.truncationMode != .none
        var kept = raw.prefix(truncates && text.isWrapped ? fitting : visible)
        if truncates && text.isWrapped && raw.count > kept.count, let last = kept.indices.last {
            // The last line that fits, with the rest of the text after it, truncated.
            let restStart = kept[last].chars.startIndex
            let rest = characters[restStart...].map { $0.isNewline ? " " : $0 }
            kept[last].chars = ArraySlice(measure.truncate(rest, width: width, mode: text.truncationMode))
            kept[last].endsParagraph = true
        } else if truncates {
            for i in kept.indices {
                // A wrapped line's spaces at its end hang outside the box: they never make
                // it too wide.
                var line = kept[i].chars
                while text.isWrapped, let last = line.last, last.isWhitespace { line = line.dropLast() }
                guard measure.width(of: line) > width else { continue }
                kept[i].chars = ArraySlice(measure.truncate(Array(kept[i].chars), width: width, mode: text.truncationMode))
            }
        }

        for (index, entry) in kept.enumerated() {
            var chars = Array(entry.chars)
            while let last = chars.last, last.isWhitespace, text.isWrapped { chars.removeLast() }  // hanging spaces
            let shaped = measure.shapes ? metrics.shape(chars[...], paragraphLevel: entry.level) : nil
            let lineWidth = shaped.map { $0.reduce(0) { $0 + $1.advance } * scale } ?? measure.width(of: chars[...])
            let spaces = chars.count { $0 == " " }
            var extraPerSpace = 0.0
            var offset = 0.0
            let rightToLeft = entry.level & 1 == 1
            switch text.alignmentMode {
            case .left: break
            case .natural: offset = rightToLeft ? width - lineWidth : 0
            case .right: offset = width - lineWidth
            case .center: offset = (width - lineWidth) / 2
            case .justified:
                if !entry.endsParagraph, spaces > 0, width > lineWidth {
                    extraPerSpace = (width - lineWidth) / Double(spaces)
                } else if rightToLeft {
                    offset = width - lineWidth
                }
            }
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(chars.count)
            var x = offset
            if let shaped {
                for g in shaped {
                    let c = chars[g.character]
                    glyphs.append(Glyph(glyph: g.glyph, x: x + g.xOffset * scale, y: -g.yOffset * scale, character: c))
                    x += g.advance * scale + (c == " " ? extraPerSpace : 0)
                }
            } else {
                var previous: UInt32?
                for c in chars {
                    let g = measure.glyph(c)
                    if let previous { x += metrics.kerning(previous, g) * scale }
                    glyphs.append(Glyph(glyph: g, x: x, character: c))
                    x += metrics.advance(g) * scale + (c == " " ? extraPerSpace : 0)
                    previous = g
                }
            }
            lines.append(Line(glyphs: glyphs, text: String(chars), width: lineWidth + extraPerSpace * Double(spaces),
                              baseline: ascent + Double(index) * lineHeight))
        }
    }
}

/// Widths of characters and the line breaking and truncation over them.
private struct Measure<Metrics: GlyphMetrics> {
    let metrics: Metrics
    let scale: Double
    /// Whether the metrics shape (``GlyphMetrics/shape(_:paragraphLevel:)`` is not `nil`).
    let shapes: Bool

    init(metrics: Metrics, scale: Double) {
        self.metrics = metrics
        self.scale = scale
        shapes = metrics.shape([], paragraphLevel: 0) != nil
    }

    func glyph(_ c: Character) -> UInt32 { c.unicodeScalars.first.map { metrics.glyph(for: $0) } ?? 0 }

    func advance(_ c: Character) -> Double { metrics.advance(glyph(c)) * scale }

    /// The width of `chars` on one line: shaped, or advances and kerning.
    func width(of chars: ArraySlice<Character>) -> Double { width(of: chars, after: nil) }

    /// The width that `chars` adds to a line after `previous`: its own width and, unshaped,
    /// the kerning between `previous` and its first character (kerning is between pairs of
    /// neighbours, so the widths of a line's pieces add up to the line's). Shaped, the
    /// piece is shaped alone.
    func width(of chars: ArraySlice<Character>, after previous: Character?) -> Double {
        if shapes, let shaped = metrics.shape(chars, paragraphLevel: 0) {
            return shaped.reduce(0) { $0 + $1.advance } * scale
        }
        var total = 0.0
        var previous = previous.map(glyph)
        for c in chars {
            let g = glyph(c)
            if let previous { total += metrics.kerning(previous, g) * scale }
            total += metrics.advance(g) * scale
            previous = g
        }
        return total
    }

    /// Greedy wrapping of one paragraph: breaks after runs of spaces, words wider than the
    /// line between characters. Widths are those the line is laid out with (kerning
    /// included, or shaped); trailing spaces do not count against the width.
    func wrap(_ chars: ArraySlice<Character>, width: Double) -> [(chars: ArraySlice<Character>, endsParagraph: Bool)] {
        var lines: [(chars: ArraySlice<Character>, endsParagraph: Bool)] = []
        var lineStart = chars.startIndex
        var lineEnd = chars.startIndex  // the end of the line's last word
        var lineWidth = 0.0  // the width of lineStart..<lineEnd
        var i = chars.startIndex
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" }
        while i < chars.endIndex {
            if isSpace(chars[i]) {
                i += 1
                continue
            }
            // A word: i..<wordEnd, after the spaces lineEnd..<i.
            var wordEnd = i
            while wordEnd < chars.endIndex, !isSpace(chars[wordEnd]) { wordEnd += 1 }
            if lineStart == lineEnd {
                // The line's first word (with the paragraph's leading spaces).
                lineWidth = self.width(of: chars[lineStart..<wordEnd], after: nil)
            } else {
                let extended = lineWidth + self.width(of: chars[lineEnd..<wordEnd], after: chars[lineEnd - 1])
                if extended <= width {
                    lineWidth = extended
                } else {
                    lines.append((chars[lineStart..<i], false))
                    lineStart = i
                    lineWidth = self.width(of: chars[i..<wordEnd], after: nil)
                }
            }
            if lineWidth > width {
                // A word wider than the line: between characters, at least one a line.
                var w = 0.0
                for j in lineStart..<wordEnd {
                    let a = self.width(of: chars[j...j], after: j > lineStart ? chars[j - 1] : nil)
                    if j > lineStart && w + a > width {
                        lines.append((chars[lineStart..<j], false))
                        lineStart = j
                        w = self.width(of: chars[j...j], after: nil)
                    } else {
                        w += a
                    }
                }
                lineWidth = w
            }
            lineEnd = wordEnd
            i = wordEnd
        }
        lines.append((chars[lineStart..<chars.endIndex], true))
        return lines
    }

    /// `chars` shortened with "…" to fit `width`; the callers have found it too wide (or
    /// want the ellipsis after it). At least the ellipsis remains.
    func truncate(_ chars: [Character], width: Double, mode: TextTruncationMode) -> [Character] {
        let ellipsis: Character = "…"
        let budget = width - advance(ellipsis)
        switch mode {
        case .none: return chars
        case .end:
            var used = 0.0
            var count = 0
            while count < chars.count {
                let next = used + advance(chars[count])
                guard next <= budget else { break }
                used = next
                count += 1
            }
            var kept = Array(chars[..<count])
            while let last = kept.last, last.isWhitespace { kept.removeLast() }
            return kept + [ellipsis]
        case .start:
            var used = 0.0
            var count = 0
            while count < chars.count {
                let next = used + advance(chars[chars.count - 1 - count])
                guard next <= budget else { break }
                used = next
                count += 1
            }
            var kept = Array(chars[(chars.count - count)...])
            while let first = kept.first, first.isWhitespace { kept.removeFirst() }
            return [ellipsis] + kept
        case .middle:
            var used = 0.0
            var head = 0
            var tail = 0
            var fromHead = true
            while head + tail < chars.count {
                let c = fromHead ? chars[head] : chars[chars.count - 1 - tail]
                guard used + advance(c) <= budget else { break }
                used += advance(c)
                if fromHead { head += 1 } else { tail += 1 }
                fromHead.toggle()
            }
            return Array(chars[..<head]) + [ellipsis] + Array(chars[(chars.count - tail)...])
        }
    }
}
