import CadenceAnimation
import CadenceGeometry
import CadenceTiming

/// Every model property of a layer except its place in a tree, with Core Animation's
/// defaults; one value, so a copy of a layer's properties is one assignment
/// (`Layer.copyModelProperties(from:)`).
///
/// Layout (for copy cost and cache footprint). The properties every frame reads —
/// geometry, opacity, the flags, the media timing — are stored inline and are plain
/// numbers, so a copy of them is a `memcpy`. Everything else — the style properties that
/// are rarely set, and every property that holds a reference (name, style, actions,
/// contents, delegate, extra keys) — lives in one copy-on-write box, `cold`, shared
/// between copies until one of them writes. Copying a `LayerStorage` therefore costs one
/// `memcpy` of about 300 bytes and at most one retain, whatever the layer holds; the first
/// write to a cold property of a shared box copies the box.
///
/// What hit testing and conversion read of most layers — the flags (`geometryFlipped`
/// mirrored among them), the 2D placement, and whether the transform, sublayer transform
/// and style are there at all — is `hot`: 96 bytes of plain numbers at the front, read in
/// one access without touching the rest (`LayerPlacement`). The flags are kept by the setters below, so they always describe
/// the stored values.
struct LayerStorage {
    /// The first part of the storage (see above).
    struct Hot {
        /// The `LayerKey.bit`s of the properties assigned since the layer was made; the
        /// others read through `style` when there is one.
        var explicitKeys: UInt64 = 0
        /// Whether the layer is a presentation snapshot.
        var isPresentation = false
        var isHidden = false
        var masksToBounds = false
        var isDoubleSided = true
        /// Whether `style` is not `nil`.
        fileprivate(set) var hasStyle = false
        /// Whether `transform` is the identity.
        fileprivate(set) var transformIsIdentity = true
        /// Whether `sublayerTransform` is not the identity.
        fileprivate(set) var hasSublayerTransform = false
        /// `geometryFlipped` (stored in `cold`; kept here for the chain's one read).
        fileprivate(set) var isGeometryFlipped = false
        var bounds = Rect.zero
        var position = Point.zero
        var anchorPoint = Point(x: 0.5, y: 0.5)
        var zPosition = 0.0
        var anchorPointZ = 0.0
    }

    var hot = Hot()
    /// The transform (`transform`, which keeps `hot.transformIsIdentity`).
    private var storedTransform = Transform3D.identity
    // Style and time.
    var opacity = 1.0
    var timing = MediaTiming()

    /// The rest, shared copy-on-write (`ColdLayerStorage`); `nil` while every one of them
    /// is at its default (so a new layer stores no reference at all).
    private(set) var cold: ColdLayerStorage? = nil

    // MARK: Hot, by name.

    var explicitKeys: UInt64 {
        get { hot.explicitKeys }
        set { hot.explicitKeys = newValue }
    }
    var isPresentation: Bool {
        get { hot.isPresentation }
        set { hot.isPresentation = newValue }
    }
    var isHidden: Bool {
        get { hot.isHidden }
        set { hot.isHidden = newValue }
    }
    var masksToBounds: Bool {
        get { hot.masksToBounds }
        set { hot.masksToBounds = newValue }
    }
    var isDoubleSided: Bool {
        get { hot.isDoubleSided }
        set { hot.isDoubleSided = newValue }
    }
    var bounds: Rect {
        get { hot.bounds }
        set { hot.bounds = newValue }
    }
    var position: Point {
        get { hot.position }
        set { hot.position = newValue }
    }
    var anchorPoint: Point {
        get { hot.anchorPoint }
        set { hot.anchorPoint = newValue }
    }
    var zPosition: Double {
        get { hot.zPosition }
        set { hot.zPosition = newValue }
    }
    var anchorPointZ: Double {
        get { hot.anchorPointZ }
        set { hot.anchorPointZ = newValue }
    }
    var transform: Transform3D {
        get { storedTransform }
        set {
            storedTransform = newValue
            hot.transformIsIdentity = newValue.isIdentity
        }
    }

    /// The cold values to read: the box, or the defaults.
    @inline(__always)
    private var coldValues: ColdLayerStorage { cold ?? ColdLayerStorage.defaults }

    /// `cold`, made (or copied) first unless this storage is its only owner.
    @inline(__always)
    private var uniqueCold: ColdLayerStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&cold) { cold = ColdLayerStorage(copying: coldValues) }
            return cold.unsafelyUnwrapped
        }
    }

    // MARK: Cold: in the shared box.

    var sublayerTransform: Transform3D {
        get { coldValues.sublayerTransform }
        set {
            uniqueCold.sublayerTransform = newValue
            hot.hasSublayerTransform = !newValue.isIdentity
        }
    }
    var cornerRadius: Double {
        get { coldValues.cornerRadius }
        set { uniqueCold.cornerRadius = newValue }
    }
    var borderWidth: Double {
        get { coldValues.borderWidth }
        set { uniqueCold.borderWidth = newValue }
    }
    var borderColor: Color? {
        get { coldValues.borderColor }
        set { uniqueCold.borderColor = newValue }
    }
    var backgroundColor: Color? {
        get { coldValues.backgroundColor }
        set { uniqueCold.backgroundColor = newValue }
    }
    var shadowColor: Color? {
        get { coldValues.shadowColor }
        set { uniqueCold.shadowColor = newValue }
    }
    var shadowOpacity: Double {
        get { coldValues.shadowOpacity }
        set { uniqueCold.shadowOpacity = newValue }
    }
    var shadowOffset: Size {
        get { coldValues.shadowOffset }
        set { uniqueCold.shadowOffset = newValue }
    }
    var shadowRadius: Double {
        get { coldValues.shadowRadius }
        set { uniqueCold.shadowRadius = newValue }
    }
    var shadowPath: Path? {
        get { coldValues.shadowPath }
        set { uniqueCold.shadowPath = newValue }
    }
    var contents: (any LayerContents)? {
        get { coldValues.contents }
        set { uniqueCold.contents = newValue }
    }
    var contentsRect: Rect {
        get { coldValues.contentsRect }
        set { uniqueCold.contentsRect = newValue }
    }
    var contentsCenter: Rect {
        get { coldValues.contentsCenter }
        set { uniqueCold.contentsCenter = newValue }
    }
    var contentsGravity: ContentsGravity {
        get { coldValues.contentsGravity }
        set { uniqueCold.contentsGravity = newValue }
    }
    var contentsScale: Double {
        get { coldValues.contentsScale }
        set { uniqueCold.contentsScale = newValue }
    }
    var geometryFlipped: Bool {
        get { coldValues.geometryFlipped }
        set {
            uniqueCold.geometryFlipped = newValue
            hot.isGeometryFlipped = newValue
        }
    }
    var magnificationFilter: ContentsFilter {
        get { coldValues.magnificationFilter }
        set { uniqueCold.magnificationFilter = newValue }
    }
    var minificationFilter: ContentsFilter {
        get { coldValues.minificationFilter }
        set { uniqueCold.minificationFilter = newValue }
    }
    var minificationFilterBias: Double {
        get { coldValues.minificationFilterBias }
        set { uniqueCold.minificationFilterBias = newValue }
    }
    var name: String? {
        get { coldValues.name }
        set { uniqueCold.name = newValue }
    }
    var style: LayerStyle? {
        get { cold?.style }
        set {
            uniqueCold.style = newValue
            hot.hasStyle = newValue != nil
        }
    }
    /// Whether the layer has a style (every property reads its stored value when not).
    var hasStyle: Bool { hot.hasStyle }
    var actions: [String: any LayerAction]? {
        get { coldValues.actions }
        set { uniqueCold.actions = newValue }
    }
    /// Held weakly, as `Layer.delegate` says.
    var delegate: (any LayerDelegate)? {
        get { coldValues.delegate }
        set { uniqueCold.delegate = newValue }
    }
    /// Values of keys that are not properties (the key-value coding container).
    var extraValues: [String: KeyPathValue] {
        get { coldValues.extraValues }
        _modify {
            let box = uniqueCold
            yield &box.extraValues
        }
    }
}

/// The part of `LayerStorage` that is rarely set or holds references: one box per distinct
/// set of values, shared by the copies of a layer's storage (copy-on-write through
/// `LayerStorage`, which copies the box before its first write when it is shared, and
/// keeps the flags of `LayerStorage.Hot` that describe it; so only `LayerStorage` writes).
final class ColdLayerStorage {
    /// The values of a storage without a box (Core Animation's defaults). Never written:
    /// it is never a storage's box.
    nonisolated(unsafe) static let defaults = ColdLayerStorage()

    fileprivate(set) var sublayerTransform = Transform3D.identity
    fileprivate(set) var cornerRadius = 0.0
    fileprivate(set) var borderWidth = 0.0
    fileprivate(set) var borderColor: Color? = .black
    fileprivate(set) var backgroundColor: Color? = nil
    fileprivate(set) var shadowColor: Color? = .black
    fileprivate(set) var shadowOpacity = 0.0
    fileprivate(set) var shadowOffset = Size(width: 0, height: -3)
    fileprivate(set) var shadowRadius = 3.0
    fileprivate(set) var shadowPath: Path? = nil
    fileprivate(set) var contents: (any LayerContents)? = nil
    fileprivate(set) var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    fileprivate(set) var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    fileprivate(set) var contentsGravity = ContentsGravity.resize
    fileprivate(set) var contentsScale = 1.0
    fileprivate(set) var geometryFlipped = false
    fileprivate(set) var magnificationFilter = ContentsFilter.linear
    fileprivate(set) var minificationFilter = ContentsFilter.linear
    fileprivate(set) var minificationFilterBias = 0.0
    fileprivate(set) var name: String? = nil
    fileprivate(set) var style: LayerStyle? = nil
    fileprivate(set) var actions: [String: any LayerAction]? = nil
    fileprivate(set) weak var delegate: (any LayerDelegate)? = nil
    fileprivate(set) var extraValues: [String: KeyPathValue] = [:]

    init() {}

    /// A box with the same values as `other` (the contents object, style, actions and
    /// delegate shared, as a copy of the values would share them).
    init(copying other: ColdLayerStorage) {
        sublayerTransform = other.sublayerTransform
        cornerRadius = other.cornerRadius
        borderWidth = other.borderWidth
        borderColor = other.borderColor
        backgroundColor = other.backgroundColor
        shadowColor = other.shadowColor
        shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset
        shadowRadius = other.shadowRadius
        shadowPath = other.shadowPath
        contents = other.contents
        contentsRect = other.contentsRect
        contentsCenter = other.contentsCenter
        contentsGravity = other.contentsGravity
        contentsScale = other.contentsScale
        geometryFlipped = other.geometryFlipped
        magnificationFilter = other.magnificationFilter
        minificationFilter = other.minificationFilter
        minificationFilterBias = other.minificationFilterBias
        name = other.name
        style = other.style
        actions = other.actions
        delegate = other.delegate
        extraValues = other.extraValues
    }
}
