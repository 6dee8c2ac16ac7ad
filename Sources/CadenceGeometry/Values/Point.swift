/// A point in a two-dimensional coordinate space (Core Graphics' `CGPoint`).
///
/// Coordinates are `Double` (CGFloat on 64-bit platforms). Cadence's default space has its
/// origin at the top left with y growing downwards, as on iOS.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
