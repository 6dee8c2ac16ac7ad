#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads SVG 1.1 path data (the `d` attribute) into a `Path`: one pass over the UTF-8
/// bytes, no backtracking.
///
/// Grammar (SVG 1.1, section 8.3.9):
/// - Commands `M m L l H h V v C c S s Q q T t A a Z z`; upper case absolute, lower case
///   relative to the current point. Data must begin with a move-to; empty data (or only
///   white space) is the empty path.
/// - A command's argument group may repeat without repeating the letter; groups after a
///   move-to's first are line-tos (relative after `m`).
/// - White space is space, tab, CR and LF. Between two numbers: white space, a comma, or
///   both (`comma-wsp`), or nothing when the second number's sign or point ends the first
///   (`-1-2`, `.5.5`). A comma may not come before a command's first number, after its
///   last, or twice.
/// - Numbers: optional sign, digits with an optional fraction (`1`, `1.`, `.5`, `1.5`),
///   optional exponent (`1e-3`, `2E+4`). They are converted correctly rounded.
/// - `S`: the first control point is the previous `C`/`S` segment's second control point
///   reflected about the current point, or the current point itself after any other
///   command. `T` likewise with the previous `Q`/`T` control point.
/// - `A rx ry x-axis-rotation large-arc-flag sweep-flag x y`: an elliptical arc, turned
///   into cubic Béziers of at most a quarter turn (`Path.appendArc`) by SVG 1.1's
///   endpoint-to-centre conversion (Appendix F.6.5) with its out-of-range rules (F.6.6):
///   an arc to its own start draws nothing, a zero radius draws a straight line, negative
///   radii count as their magnitude, radii too small to reach the end are scaled up
///   until they just do. The rotation is in degrees. Each flag is one character, `0` or
///   `1`, and needs no separator after it (`a5 5 0 01 10 0`, as browsers read it); the
///   last curve ends exactly on the arc's end point.
/// - After `Z`, the current point is the closed subpath's start, and a following
///   command other than a move-to continues from there (SVG 1.1, 8.3.3).
/// - Every number and every computed coordinate must be finite, so the result never holds
///   NaN or ±∞.
struct _SVGPathParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var path = Path()
    var current = SIMD2<Double>.zero
    var subpathStart = SIMD2<Double>.zero
    /// The second control point of the previous segment if it was a `C` or `S`.
    var lastCubicControl: SIMD2<Double>?
    /// The control point of the previous segment if it was a `Q` or `T`.
    var lastQuadControl: SIMD2<Double>?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// An error at byte `offset` (every byte before it is ASCII: one byte, one character).
    func failure(_ reason: PathParseError.Reason, at offset: Int) -> PathParseError {
        PathParseError(reason: reason, offset: offset, validPrefix: path)
    }

    /// The character starting at byte `offset`, for messages.
    func character(at offset: Int) -> Character {
        let end = Swift.min(offset + 4, bytes.count)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return text.unicodeScalars.first.map(Character.init) ?? "\u{FFFD}"
    }

    // MARK: Lexing

    var atEnd: Bool { index >= bytes.count }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    static func startsNumber(_ c: UInt8) -> Bool { isDigit(c) || c == 0x2B || c == 0x2D || c == 0x2E }

    mutating func skipWhitespace() {
        while let c = peek, Self.isWhitespace(c) { index += 1 }
    }

    /// `comma-wsp?` between two numbers of one command.
    mutating func skipSeparator() {
        skipWhitespace()
        if peek == 0x2C {
            index += 1
            skipWhitespace()
        }
    }

    /// One number; throws `expectedNumber` if none starts here.
    mutating func number() throws(PathParseError) -> Double {
        let start = index
        if let c = peek, c == 0x2B || c == 0x2D { index += 1 }
        var digits = 0
        while let c = peek, Self.isDigit(c) {
            index += 1
            digits += 1
        }
        if peek == 0x2E {
            index += 1
            while let c = peek, Self.isDigit(c) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { throw failure(.expectedNumber, at: start) }
        if let c = peek, c == 0x65 || c == 0x45 {
            let marker = index
            index += 1
            if let s = peek, s == 0x2B || s == 0x2D { index += 1 }
            guard let d = peek, Self.isDigit(d) else { throw failure(.expectedExponent, at: marker) }
            while let d = peek, Self.isDigit(d) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure(.numberOutOfRange, at: start) }
        return value
    }

    /// A coordinate pair, separated as between any two numbers.
    mutating func pair() throws(PathParseError) -> SIMD2<Double> {
        let x = try number()
        skipSeparator()
        let y = try number()
        return SIMD2(x, y)
    }

    // MARK: Parsing

    mutating func parse() throws(PathParseError) -> Path {
        skipWhitespace()
        guard let first = peek else { return path }
        guard first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw failure(.missingMoveTo, at: index)
        }
        while let c = peek {
            let commandOffset = index
            switch c {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
                path.closeSubpath()
                current = subpathStart
                lastCubicControl = nil
                lastQuadControl = nil
                skipWhitespace()
            case UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: "L"), UInt8(ascii: "l"),
                UInt8(ascii: "H"), UInt8(ascii: "h"), UInt8(ascii: "V"), UInt8(ascii: "v"),
                UInt8(ascii: "C"), UInt8(ascii: "c"), UInt8(ascii: "S"), UInt8(ascii: "s"),
                UInt8(ascii: "Q"), UInt8(ascii: "q"), UInt8(ascii: "T"), UInt8(ascii: "t"),
                UInt8(ascii: "A"), UInt8(ascii: "a"):
                index += 1
                skipWhitespace()
                try arguments(of: c)
            default:
                if Self.startsNumber(c) { throw failure(.expectedCommand, at: commandOffset) }
                throw failure(.unexpectedCharacter(character(at: commandOffset)), at: commandOffset)
            }
        }
        return path
    }

    /// One or more argument groups of `command`, and the white space after them.
    mutating func arguments(of command: UInt8) throws(PathParseError) {
        var command = command
        while true {
            let groupOffset = index
            try group(of: command, at: groupOffset)
            // A move-to's later pairs are line-tos.
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            skipWhitespace()
            if peek == 0x2C {
                index += 1
                skipWhitespace()
                guard let c = peek, Self.startsNumber(c) else { throw failure(.expectedNumber, at: index) }
                continue
            }
            guard let c = peek, Self.startsNumber(c) else { return }
        }
    }

    /// One argument group, applied to the path.
    mutating func group(of command: UInt8, at offset: Int) throws(PathParseError) {
        if command | 0x20 == UInt8(ascii: "a") { return try arc(relative: command == UInt8(ascii: "a"), at: offset) }
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? current : .zero
        var cubicControl: SIMD2<Double>? = nil
        var quadControl: SIMD2<Double>? = nil
        var points: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) = (.zero, .zero, .zero)
        let end: SIMD2<Double>
        switch command | 0x20 {  // lower case
        case UInt8(ascii: "m"), UInt8(ascii: "l"):
            end = origin + (try pair())
        case UInt8(ascii: "h"):
            end = SIMD2(origin.x + (try number()), current.y)
        case UInt8(ascii: "v"):
            end = SIMD2(current.x, origin.y + (try number()))
        case UInt8(ascii: "c"):
            points.0 = origin + (try pair())
            skipSeparator()
            points.1 = origin + (try pair())
            skipSeparator()
            end = origin + (try pair())
            cubicControl = points.1
        case UInt8(ascii: "s"):
            points.0 = lastCubicControl.map { 2 * current - $0 } ?? current
            points.1 = origin + (try pair())
            skipSeparator()
            end = origin + (try pair())
            cubicControl = points.1
        case UInt8(ascii: "q"):
            points.0 = origin + (try pair())
            skipSeparator()
            end = origin + (try pair())
            quadControl = points.0
        default:  // "t"
            points.0 = lastQuadControl.map { 2 * current - $0 } ?? current
            end = origin + (try pair())
            quadControl = points.0
        }
        let all = SIMD8(points.0.x, points.0.y, points.1.x, points.1.y, end.x, end.y, 0, 0)
        guard all.min() > -.infinity, all.max() < .infinity else { throw failure(.coordinateOverflow, at: offset) }
        let p = PathSegment._p
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            path.move(to: p(end))
            subpathStart = end
        case UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"):
            path.addLine(to: p(end))
        case UInt8(ascii: "c"), UInt8(ascii: "s"):
            path.addCurve(to: p(end), control1: p(points.0), control2: p(points.1))
        default:  // "q", "t"
            path.addQuadCurve(to: p(end), control: p(points.0))
        }
        current = end
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    /// A flag of an arc: one character, `0` or `1`, then an optional separator.
    mutating func flag() throws(PathParseError) -> Bool {
        guard let c = peek, c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else { throw failure(.expectedFlag, at: index) }
        index += 1
        skipSeparator()
        return c == UInt8(ascii: "1")
    }

    /// One argument group of `A`/`a` (see the type), applied to the path.
    mutating func arc(relative: Bool, at offset: Int) throws(PathParseError) {
        var radii = try pair()
        skipSeparator()
        let rotationDegrees = try number()
        skipSeparator()
        let large = try flag()
        let sweepsPositive = try flag()
        let end = (relative ? current : .zero) + (try pair())
        guard end.x.isFinite, end.y.isFinite else { throw failure(.numberOutOfRange, at: offset) }
        defer {
            current = end
            lastCubicControl = nil
            lastQuadControl = nil
        }
        let start = current
        if path.currentPoint == nil { path.move(to: PathSegment._p(start)) }
        guard end != start else { return }  // F.6.2: omitted
        radii = SIMD2(Swift.abs(radii.x), Swift.abs(radii.y))
        guard radii.x > 0, radii.y > 0 else { return path.addLine(to: PathSegment._p(end)) }
        // F.6.5, in the rotated frame of the ellipse's axes; the half-chord first.
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let (c, s) = (cos(phi), sin(phi))
        let h = (start - end) / 2
        let p = SIMD2(c * h.x + s * h.y, -s * h.x + c * h.y)
        // F.6.6: radii too small to span the chord grow, keeping their ratio.
        let scaled = p / radii
        let lambda = (scaled * scaled).sum()
        if lambda > 1 { radii *= lambda.squareRoot() }
        let (rx2, ry2) = (radii.x * radii.x, radii.y * radii.y)
        let denominator = rx2 * p.y * p.y + ry2 * p.x * p.x
        let ratio = Swift.max(0, (rx2 * ry2 - denominator) / denominator)
        let root = (large != sweepsPositive ? 1.0 : -1.0) * ratio.squareRoot()
        let centerPrime: SIMD2<Double> = root * SIMD2(radii.x * p.y / radii.y, -radii.y * p.x / radii.x)
        let turned = SIMD2(c * centerPrime.x - s * centerPrime.y, s * centerPrime.x + c * centerPrime.y)
        let center: SIMD2<Double> = turned + (start + end) / 2
        func angle(_ v: SIMD2<Double>) -> Double { atan2(v.y, v.x) }
        let u = (p - centerPrime) / radii, v = (-p - centerPrime) / radii
        let theta = angle(u)
        var delta = angle(v) - theta
        if sweepsPositive && delta < 0 { delta += 2 * .pi }
        if !sweepsPositive && delta > 0 { delta -= 2 * .pi }
        guard center.x.isFinite, center.y.isFinite, radii.x.isFinite, radii.y.isFinite, delta.isFinite else {
            throw failure(.numberOutOfRange, at: offset)
        }
        path.appendArc(center: center, radii: radii, rotation: phi, start: theta, sweep: delta, end: end)
    }
}

