import CadenceGeometry

/// Colours at locations along a gradient (Core Graphics' `CGGradient`, `CAGradientLayer`'s
/// `colors` and `locations`).
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

    /// The sorted stops, premultiplied on the 0…255 scale.
    func stops() -> [(location: Double, color: SIMD4<Float>)] {
        guard !colors.isEmpty else { return [] }
        let n = colors.count
        let spots: [Double] = locations.flatMap { $0.count == n ? $0 : nil }
            ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        var result: [(location: Double, color: SIMD4<Float>)] = []
        for (location, c) in zip(spots, colors) where location.isFinite {
            func unit(_ x: Double) -> Float { x > 0 ? Float(Swift.min(x, 1)) : 0 }
            let a = unit(c.alpha)
            result.append((location, SIMD4(unit(c.red) * a, unit(c.green) * a, unit(c.blue) * a, a) * 255))
        }
        // Stable sort by location.
        return result.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
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

/// A gradient's colour at parameter `t`, premultiplied, 0…255.
struct GradientRamp {
    let stops: [(location: Double, color: SIMD4<Float>)]

    @inline(__always)
    func color(at t: Double) -> SIMD4<Float> {
        let first = stops[0], last = stops[stops.count - 1]
        if !(t > first.location) { return first.color }
        if t >= last.location { return last.color }
        var i = 1
        while stops[i].location <= t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let f = Float((t - a.location) / (b.location - a.location))
        return a.color + (b.color - a.color) * f
    }
}
