/// A rectangle: an origin and a size (Core Graphics' `CGRect`).
///
/// The size may be negative, as in Core Graphics; `minX`/`maxX` and friends read the
/// standardised edges, so they hold for either sign.
public struct Rect: Hashable, Sendable, Codable {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Whether `point` is inside the rectangle (standardised first): the near edges
    /// included, the far ones excluded (`CGRectContainsPoint`), so (0, 0, 100, 100)
    /// contains (99.9, 99.9) but not (100, 100). An empty rectangle contains nothing; a
    /// NaN point is never contained.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        let b = standardized
        return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
    }

    /// The area both rectangles cover (`CGRectIntersection`), standardized. Where they do not
    /// overlap, a rectangle of no area (a width or height of 0) at the larger of the two
    /// minimum corners' coordinates — test `width > 0 && height > 0` for an overlap. Not
    /// meaningful for rectangles with NaN coordinates.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: Swift.max(x1 - x0, 0), height: Swift.max(y1 - y0, 0))
    }

    /// The same area with a non-negative width and height.
    @inlinable
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: Swift.abs(size.width), height: Swift.abs(size.height))
    }

    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { Swift.abs(size.width) }
    @inlinable public var height: Double { Swift.abs(size.height) }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
