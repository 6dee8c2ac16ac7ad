import CadenceAnimation
import CadenceGeometry
import CadenceTiming

/// Every model property of a layer except its place in a tree, with Core Animation's
/// defaults; one value, so a copy of a layer's properties is one assignment
/// (`Layer.copyModelProperties(from:)`).
struct LayerStorage {
    /// Whether the layer is a presentation snapshot.
    var isPresentation = false
    // Geometry.
    var bounds = Rect.zero
    var position = Point.zero
    var zPosition = 0.0
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var anchorPointZ = 0.0
    var transform = Transform3D.identity
    var sublayerTransform = Transform3D.identity

    // Style.
    var opacity = 1.0
    var isHidden = false
    var masksToBounds = false
    var isDoubleSided = true
    var cornerRadius = 0.0
    var borderWidth = 0.0
    var borderColor: Color? = .black
    var backgroundColor: Color? = nil
    var shadowColor: Color? = .black
    var shadowOpacity = 0.0
    var shadowOffset = Size(width: 0, height: -3)
    var shadowRadius = 3.0
    var shadowPath: Path? = nil

    // Contents.
    var contents: (any LayerContents)? = nil
    var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = ContentsGravity.resize
    var contentsScale = 1.0

    // Identity, behaviour, time.
    var name: String? = nil
    var style: LayerStyle? = nil
    var actions: [String: any LayerAction]? = nil
    weak var delegate: (any LayerDelegate)? = nil
    var timing = MediaTiming()

    /// Values of keys that are not properties (the key-value coding container).
    var extraValues: [String: KeyPathValue] = [:]
    /// The `LayerKey.bit`s of the properties assigned since the layer was made; the others
    /// read through `style` when there is one.
    var explicitKeys: UInt64 = 0
}
