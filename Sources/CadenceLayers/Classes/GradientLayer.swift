import CadenceGeometry

/// A layer that fills its bounds (inside its rounded corners) with a colour gradient
/// (Core Animation's `CAGradientLayer`), above its background and below its sublayers.
///
/// The colours are spread over `locations` (evenly when `nil`) along the line from
/// `startPoint` to `endPoint`, given in the unit square of the bounds; before the first
/// location the first colour holds, after the last the last.
///
/// ```swift
/// let sky = GradientLayer()
/// sky.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
/// sky.colors = [Color(red: 0.1, green: 0.2, blue: 0.6), Color(red: 0.9, green: 0.6, blue: 0.3)]
/// sky.startPoint = Point(x: 0.5, y: 0)
/// sky.endPoint = Point(x: 0.5, y: 1)
/// ```
public final class GradientLayer: Layer {
    override class var defaultLayerClass: LayerClass { .gradient }

    /// The gradient's colours, in order. Default `nil` (nothing drawn).
    public var colors: [Color]? {
        get { storage.gradient.colors }
        set {
            if transactionContext != nil { return changeRunningActions("colors") { $0.storage.gradient.colors = newValue } }
            storage.gradient.colors = newValue
        }
    }

    /// Where each colour stops, from 0 (the start point) to 1 (the end point), one per
    /// colour. Default `nil`: evenly spread.
    public var locations: [Double]? {
        get { storage.gradient.locations }
        set {
            if transactionContext != nil {
                return changeRunningActions("locations") { $0.storage.gradient.locations = newValue }
            }
            storage.gradient.locations = newValue
        }
    }

    /// Where the gradient starts, in the unit square of the bounds. Default (0.5, 0).
    public var startPoint: Point {
        get { self[.startPoint] }
        set { self[.startPoint] = newValue }
    }

    /// Where the gradient ends, in the unit square of the bounds. Default (0.5, 1).
    public var endPoint: Point {
        get { self[.endPoint] }
        set { self[.endPoint] = newValue }
    }

    /// The kind of gradient. Default `.axial`. Not animatable.
    public var type: GradientType {
        get { storage.gradient.type }
        set { storage.gradient.type = newValue }
    }
}

/// The kinds of gradient a `GradientLayer` draws (Core Animation's `kCAGradientLayerAxial`,
/// `…Radial`, `…Conic`), by their names without prefix.
public enum GradientType: String, CaseIterable, Hashable, Sendable {
    /// Colours vary along the line from the start point to the end point, constant across it.
    case axial
    /// Colours vary with the distance from the start point; the end point gives the radii
    /// (its x and y distances from the start point, in the unit square scaled to the bounds:
    /// an ellipse).
    case radial
    /// Colours vary with the angle about the start point, from the direction of the end
    /// point, once around.
    case conic
}

/// The stored properties of a gradient layer (`LayerStorage.gradient`).
struct GradientLayerValues {
    var colors: [Color]? = nil
    var locations: [Double]? = nil
    var startPoint = Point(x: 0.5, y: 0)
    var endPoint = Point(x: 0.5, y: 1)
    var type = GradientType.axial
}
