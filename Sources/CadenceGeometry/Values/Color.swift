/// An RGBA colour with components in 0…1, **not** premultiplied (Core Graphics' `CGColor`
/// in an RGB space). Animations interpolate it component by component, unpremultiplied,
/// as Core Animation does; components outside 0…1 are kept (an overshooting timing
/// function may produce them) and clamped only when pixels are made.
public struct Color: Hashable, Sendable, Codable {
    public var red, green, blue, alpha: Double

    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The components as a vector `(r, g, b, a)`.
    @inlinable
    public var components: SIMD4<Double> {
        get { SIMD4(red, green, blue, alpha) }
        set { (red, green, blue, alpha) = (newValue[0], newValue[1], newValue[2], newValue[3]) }
    }

    @inlinable
    public init(_ components: SIMD4<Double>) {
        self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
}
