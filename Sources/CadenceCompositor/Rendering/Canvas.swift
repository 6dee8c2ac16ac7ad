import CadenceGeometry
import CadencePixels

/// The surface a scene is composited onto: its size in points, the pixels per point, the
/// colour under everything, and where the origin is.
public struct Canvas: Hashable, Sendable {
    /// Where the point (0, 0) of the root space lies.
    public enum Origin: String, Hashable, Sendable, CaseIterable {
        /// Top left, y down (iOS; the default).
        case topLeft
        /// Bottom left, y up (macOS).
        case bottomLeft
    }

    /// Size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point (a canvas of scale 2 has twice the pixels in each direction).
    public var scale: Double
    /// The colour the canvas is cleared to (unpremultiplied); `nil` is transparent.
    public var background: Color?
    public var origin: Origin

    public init(width: Double, height: Double, scale: Double = 1, background: Color? = nil, origin: Origin = .topLeft) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.origin = origin
    }

    /// The pixel size: points × scale, rounded to the nearest integer. 0 when the size or
    /// the scale is not a finite positive number (so never a trap); saturates at
    /// `Int32.max`. `Compositor.render` accepts 1…`Bitmap.maxDimension`.
    public var pixelWidth: Int { Self.pixels(width, scale) }
    public var pixelHeight: Int { Self.pixels(height, scale) }

    static func pixels(_ points: Double, _ scale: Double) -> Int {
        guard points.isFinite, scale.isFinite, points > 0, scale > 0 else { return 0 }
        return Int(Swift.min((points * scale).rounded(), Double(Int32.max)))
    }
}
