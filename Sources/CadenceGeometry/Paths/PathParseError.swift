/// Why SVG path data could not be read, and where.
///
/// `offset` is 0-based. Path data is ASCII and parsing stops at the first character that
/// is not, so everything before the offset is ASCII: it counts characters and UTF-8 bytes
/// alike (what an editor's column shows for a one-line string). An error at the end of
/// the data has `offset` equal to the data's length. `description` reads
/// "expected a number at offset 12".
///
/// SVG 1.1 asks renderers to draw the path "up to the command in error";
/// `validPrefix` is that path: every element parsed before the failing command.
public struct PathParseError: Error, Hashable, Sendable {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// A coordinate or other number was required here.
        case expectedNumber
        /// A command letter (or the end of the data) was expected here.
        case expectedCommand
        /// Path data must start with a move-to (`M` or `m`).
        case missingMoveTo
        /// A command Cadence does not read. No command produces it since arcs (`A`, `a`)
        /// are supported; kept so that code matching on it still compiles.
        case unsupportedCommand(Character)
        /// An arc's large-arc or sweep flag must be the single character `0` or `1`.
        case expectedFlag
        /// A character that cannot appear here.
        case unexpectedCharacter(Character)
        /// An exponent marker (`e` or `E`) without digits after it.
        case expectedExponent
        /// A number is beyond the range of `Double` (it would be infinite).
        case numberOutOfRange
        /// Every number of the segment is in range, but a coordinate computed from them
        /// (a relative one added to the current point, or a reflected control point) is
        /// not; the offset is the segment's first number.
        case coordinateOverflow
    }

    /// What went wrong.
    public let reason: Reason
    /// Where: the number of characters (all ASCII) before the problem.
    public let offset: Int
    /// The elements before the failing command (SVG's error-processing rule).
    public let validPrefix: Path

    public init(reason: Reason, offset: Int, validPrefix: Path = Path()) {
        self.reason = reason
        self.offset = offset
        self.validPrefix = validPrefix
    }

    /// What went wrong, without the place: "expected a number".
    public var message: String {
        switch reason {
        case .expectedNumber: return "expected a number"
        case .expectedCommand: return "expected a command letter"
        case .missingMoveTo: return "path data must begin with a move-to (M or m)"
        case .unsupportedCommand(let c): return "the command '\(c)' is not supported"
        case .expectedFlag: return "expected an arc flag (0 or 1)"
        case .unexpectedCharacter(let c): return "unexpected character '\(c)'"
        case .expectedExponent: return "expected digits after the exponent marker"
        case .numberOutOfRange: return "number out of range"
        case .coordinateOverflow: return "the segment's coordinates overflow (relative or reflected points beyond the range of a double)"
        }
    }
}

extension PathParseError: CustomStringConvertible {
    /// "expected a number at offset 12".
    public var description: String { "\(message) at offset \(offset)" }
}
