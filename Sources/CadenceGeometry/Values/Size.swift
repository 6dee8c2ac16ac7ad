/// A width and a height (Core Graphics' `CGSize`), in points.
///
/// Sizes may be negative; `Rect.standardized` turns a rectangle with a negative size into
/// the same area with a positive one.
public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

extension Size: CustomStringConvertible {
    public var description: String { "(\(width) × \(height))" }
}
