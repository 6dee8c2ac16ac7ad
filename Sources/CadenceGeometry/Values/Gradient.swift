/// Colours at locations along a gradient (Core Graphics' `CGGradient`, `CAGradientLayer`'s
/// `colors` and `locations`), as a value: `DrawingContext` draws it (`GraphicsContext`
/// paints it; a layer's backing store records it). The rules below are the painter's.
///
/// - `colors`: unpremultiplied; interpolated linearly, component by component, between
///   neighbouring stops, then premultiplied (as Core Graphics interpolates in the colour
///   space's components). Components are clamped to 0…1 (NaN as 0).
/// - `locations`: each stop's position in 0…1 along the gradient; `nil` spreads the stops
///   evenly (first at 0, last at 1). Stops are sorted by location (stable: equal locations
///   keep their order and make a hard edge). Bad input: a `locations` array whose count
///   differs from `colors`' is ignored (even spread); a non-finite location drops its stop.
///   Before the first stop the first colour holds, after the last stop the last.
/// - No colours draws nothing; one colour is a solid.
/// - No dithering: each pixel's colour is rounded to bytes once (`SourceOver`'s rule), so
///   a slow gradient over a wide area shows bands one level apart.
public struct Gradient: Hashable, Sendable {
    public var colors: [Color]
    public var locations: [Double]?

    public init(colors: [Color], locations: [Double]? = nil) {
        self.colors = colors
        self.locations = locations
    }
}

/// Whether a gradient paints past its ends (Core Graphics' `CGGradientDrawingOptions`).
public struct GradientDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Extend the start colour before the start (t < 0).
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1)
    /// Extend the end colour past the end (t > 1).
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 2)
}
