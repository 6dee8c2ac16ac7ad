/// A rectangle of whole pixels, half-open: columns `minX ..< maxX`, rows `minY ..< maxY`,
/// y down, pixel (x, y) covering `x ..< x+1` × `y ..< y+1`.
///
/// Empty when either extent is not positive; every empty rectangle behaves the same
/// (`intersection` and `union` normalise it to `.empty`).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var minX, minY, maxX, maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The rectangle of `width × height` pixels at the origin.
    public init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    public var isEmpty: Bool { maxX <= minX || maxY <= minY }
    public var width: Int { isEmpty ? 0 : maxX - minX }
    public var height: Int { isEmpty ? 0 : maxY - minY }
    /// `width · height`, the number of pixels.
    public var area: Int { width * height }

    /// The pixels in both (`.empty` when none).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(
            minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
            maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
        return r.isEmpty ? .empty : r
    }

    /// The smallest rectangle holding both (an empty operand is ignored).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other.isEmpty ? .empty : other }
        if other.isEmpty { return self }
        return PixelRect(
            minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
            maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    public var description: String { "x \(minX)..<\(maxX), y \(minY)..<\(maxY)" }
}
