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
}

extension FontFace: GlyphMetrics {}

/// A string laid out in a box (a text layer's bounds): lines of glyphs at positions in
/// points, each glyph at its pen position on its line's baseline (y down).
///
/// **Lines** (Cadence's subset of UAX #14, documented in `docs/text.md`): hard breaks at
/// line feeds, carriage returns (and CR LF), U+2028 and U+2029; when wrapped, a line breaks
/// after a run of spaces (U+0020, tab, no-break spaces excepted) and a word wider than the
/// box breaks between its characters; spaces at the end of a wrapped line hang outside the
/// box. Each `Character` is one glyph, its first scalar's: combining marks are dropped and
/// scripts are laid out left to right (no shaping).
///
/// **Truncation** ("…", U+2026): without wrapping, each line wider than the box; with
/// wrapping, the last line that fits the box's height, with the rest of the text after it.
/// Without truncation, lines below the box are dropped (they would be clipped).
///
/// **Alignment** as `TextAlignmentMode`; `.justified` stretches the spaces of wrapped lines
/// that do not end a paragraph. Cost: linear in the characters, at most
/// `TextLayer.maxCharacters` of them.
public struct TextLayout: Hashable, Sendable {
    /// One glyph: its index in the font and its pen position (x on the line, in points
    /// from the box's left edge).
    public struct Glyph: Hashable, Sendable {
        public var glyph: UInt32
        public var x: Double
        public var character: Character
    }
    /// One line: its glyphs, its width in points (the hanging spaces excluded), and its
    /// baseline, in points below the box's top.
    public struct Line: Hashable, Sendable {
        public var glyphs: [Glyph]
        public var width: Double
        public var baseline: Double
        /// The line's text.
        public var text: String { String(glyphs.map(\.character)) }
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

        // Paragraphs, then lines (wrapped ones marked as not ending their paragraph).
        var raw: [(chars: ArraySlice<Character>, endsParagraph: Bool)] = []
        var start = 0
        func paragraph(_ end: Int) {
            let slice = characters[start..<end]
            if text.isWrapped && width > 0 {
                raw.append(contentsOf: measure.wrap(slice, width: width))
            } else {
                raw.append((slice, true))
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
            kept[last] = (ArraySlice(measure.truncate(rest, width: width, mode: text.truncationMode, force: true)), true)
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
            let lineWidth = measure.width(of: chars[...])
            var extraPerSpace = 0.0
            var offset = 0.0
            switch text.alignmentMode {
            case .natural, .left: break
            case .right: offset = width - lineWidth
            case .center: offset = (width - lineWidth) / 2
            case .justified:
                let spaces = chars.filter { $0 == " " }.count
                if !entry.endsParagraph, spaces > 0, width > lineWidth { extraPerSpace = (width - lineWidth) / Double(spaces) }
            }
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(chars.count)
            var x = offset
            var previous: UInt32?
            for c in chars {
                let g = measure.glyph(c)
                if let previous { x += metrics.kerning(previous, g) * scale }
                glyphs.append(Glyph(glyph: g, x: x, character: c))
                x += metrics.advance(g) * scale + (c == " " ? extraPerSpace : 0)
                previous = g
            }
            lines.append(Line(glyphs: glyphs, width: lineWidth + extraPerSpace * Double(chars.filter { $0 == " " }.count),
                              baseline: ascent + Double(index) * lineHeight))
        }
    }
}

/// Widths of characters and the line breaking and truncation over them.
private struct Measure<Metrics: GlyphMetrics> {
    let metrics: Metrics
    let scale: Double

    func glyph(_ c: Character) -> UInt32 { c.unicodeScalars.first.map { metrics.glyph(for: $0) } ?? 0 }

    func advance(_ c: Character) -> Double { metrics.advance(glyph(c)) * scale }

    /// The width of `chars` on one line, kerning included.
    func width(of chars: ArraySlice<Character>) -> Double {
        var total = 0.0
        var previous: UInt32?
        for c in chars {
            let g = glyph(c)
            if let previous { total += metrics.kerning(previous, g) * scale }
            total += metrics.advance(g) * scale
            previous = g
        }
        return total
    }

    /// Greedy wrapping of one paragraph: breaks after runs of spaces, words wider than the
    /// line between characters. Trailing spaces do not count against the width.
    func wrap(_ chars: ArraySlice<Character>, width: Double) -> [(chars: ArraySlice<Character>, endsParagraph: Bool)] {
        var lines: [(chars: ArraySlice<Character>, endsParagraph: Bool)] = []
        var lineStart = chars.startIndex
        var lineWidth = 0.0  // up to the end of the last word, spaces after it excluded
        var pending = 0.0  // the width of spaces since the last word
        var i = chars.startIndex
        while i < chars.endIndex {
            if chars[i] == " " || chars[i] == "\t" {
                pending += advance(chars[i])
                i += 1
                continue
            }
            // A word: i..<wordEnd.
            var wordEnd = i
            var wordWidth = 0.0
            while wordEnd < chars.endIndex, chars[wordEnd] != " ", chars[wordEnd] != "\t" {
                wordWidth += advance(chars[wordEnd])
                wordEnd += 1
            }
            if lineStart < i && lineWidth + pending + wordWidth > width {
                lines.append((chars[lineStart..<i], false))
                lineStart = i
                lineWidth = 0
                pending = 0
            }
            if lineStart == i && wordWidth > width {
                // A word wider than the line: between characters, at least one a line.
                var j = i
                var w = 0.0
                while j < wordEnd {
                    let a = advance(chars[j])
                    if j > lineStart && w + a > width {
                        lines.append((chars[lineStart..<j], false))
                        lineStart = j
                        w = 0
                    }
                    w += a
                    j += 1
                }
                lineWidth = w
            } else {
                lineWidth += pending + wordWidth
            }
            pending = 0
            i = wordEnd
        }
        lines.append((chars[lineStart..<chars.endIndex], true))
        return lines
    }

    /// `chars` shortened with "…" to fit `width` (when it fits already and `force` is false,
    /// as it is). At least the ellipsis remains.
    func truncate(_ chars: [Character], width: Double, mode: TextTruncationMode, force: Bool = false) -> [Character] {
        if !force && self.width(of: chars[...]) <= width { return chars }
        let ellipsis: Character = "…"
        let budget = width - advance(ellipsis)
        switch mode {
        case .none: return chars
        case .end:
            var used = 0.0
            var count = 0
            while count < chars.count, used + advance(chars[count]) <= budget {
                used += advance(chars[count])
                count += 1
            }
            var kept = Array(chars[..<count])
            while let last = kept.last, last.isWhitespace { kept.removeLast() }
            return kept + [ellipsis]
        case .start:
            var used = 0.0
            var count = 0
            while count < chars.count, used + advance(chars[chars.count - 1 - count]) <= budget {
                used += advance(chars[chars.count - 1 - count])
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
