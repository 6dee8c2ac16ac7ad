/// Text from the input — keys, values, key paths, file names — made safe to print inside
/// one line of a message.
///
/// Two rules, applied wherever input text reaches a message or a summary line:
/// - **Control characters are escaped** as `\u001B` (four upper-case hexadecimal digits):
///   the C0 controls (line breaks and tabs included), DEL, the C1 controls, the Unicode line
///   and paragraph separators and the bidirectional formatting characters, so that a
///   terminal escape in a scene file never reaches the terminal and a message stays one line
///   that reads in order.
/// - **Items are shortened**: a key, value, key path or name to `maxItemLength` (64)
///   characters, a file path to `maxPathLength` (160). A longer one keeps its first 70 %
///   and its last characters around an ellipsis (`…`), so a file's extension and a key's
///   end stay visible. A whole message line is cut the same way at `maxLineLength` (512).
///
/// Cost: proportional to the characters kept (shortening comes first and walks only the
/// two ends, so a 1 MB key costs what a 64-character one does).
package enum MessageText {
    /// The most characters one quoted key, value, key path or name takes in a message.
    package static let maxItemLength = 64
    /// The most characters one file path takes in a message.
    package static let maxPathLength = 160
    /// The most characters of one message line, `cadence: ` included.
    package static let maxLineLength = 512

    /// `text` in double quotes, shortened, with `"` and `\` escaped as in JSON and control
    /// characters as `\u001B`: `"opac\u001Bity"`.
    package static func quoted(_ text: String) -> String {
        "\"" + escaped(shortened(text, to: maxItemLength), quotes: true) + "\""
    }

    /// `text` shortened (to `maxItemLength`) and with its control characters escaped,
    /// unquoted (for names inside other quotes: `layer 'card'`).
    package static func item(_ text: String) -> String {
        escaped(shortened(text, to: maxItemLength), quotes: false)
    }

    /// The file path `text` shortened (to `maxPathLength`) and with its control characters
    /// escaped, unquoted.
    package static func path(_ text: String) -> String {
        escaped(shortened(text, to: maxPathLength), quotes: false)
    }

    /// `text` with its control characters escaped, cut at `maxLineLength` characters.
    package static func line(_ text: String) -> String {
        escaped(shortened(text, to: maxLineLength), quotes: false)
    }

    /// `text` when it has at most `limit` characters (grapheme clusters); otherwise its
    /// first `limit · 0.7` and last `limit · 0.3 − 1` characters around `…`.
    package static func shortened(_ text: String, to limit: Int) -> String {
        guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut < text.endIndex else {
            return text
        }
        let head = limit * 7 / 10
        let tail = limit - head - 1
        return String(text.prefix(head)) + "…" + String(text.suffix(tail))
    }

    /// Whether `scalar` is escaped in messages: C0, DEL, C1, U+2028/U+2029 and the
    /// bidirectional marks, embeddings, overrides and isolates.
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
            return true
        default:
            return false
        }
    }

    /// `text` with each escaped scalar written as `\uXXXX`; with `quotes`, `"` and `\` as
    /// `\"` and `\\` too.
    package static func escaped(_ text: String, quotes: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isEscaped($0) || (quotes && ($0 == "\"" || $0 == "\\")) }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else if quotes && (scalar == "\"" || scalar == "\\") {
                result += "\\"
                result.unicodeScalars.append(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
