import CadenceAnimation
import CadenceGeometry
import CadencePixels
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
        /// The `LayerKey.bit`s of the properties assigned since the layer was made, of the
        /// first 64 keys (the rest: `ColdLayerStorage.Values.moreExplicitKeys`); the others
        /// read through `style` when there is one.
        var explicitKeys: UInt64 = 0
        /// Whether the layer is a presentation snapshot.
        var isPresentation = false
        /// The layer's class (`LayerClass`), which its object is an instance of.
        var layerClass = LayerClass.layer
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
        // The defaults written out (not `Rect.zero`, `Point.zero`): a new storage is then
        // plain constant stores, with no call to a global's accessor.
        var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        var position = Point(x: 0, y: 0)
        var anchorPoint = Point(x: 0.5, y: 0.5)
        var zPosition = 0.0
        var anchorPointZ = 0.0
    }

    var hot = Hot()
    /// The transform (`transform`, which keeps `hot.transformIsIdentity`), packed
    /// (`PackedTransform`: the layer object keeps the allocator's plain path).
    private var storedTransform = PackedTransform.identity
    // Style and time.
    var opacity = 1.0
    /// A layer's `duration` starts at +∞, as Core Animation reports it (a 0 written later
    /// still means ∞ for a layer: the time model is the same).
    var timing = MediaTiming(duration: .infinity)

    /// The rest, shared copy-on-write (`ColdLayerStorage`); `nil` while every one of them
    /// is at its default (so a new layer stores no reference at all).
    private(set) var cold: ColdLayerStorage? = nil

    // MARK: Hot, by name.

    var explicitKeys: UInt64 {
        get { hot.explicitKeys }
        set { hot.explicitKeys = newValue }
    }
    /// Whether `key` was assigned since the layer was made (`explicitKeys` for the first
    /// 64 keys, the cold box's second word for the others).
    @inline(__always)
    func isExplicit(_ key: LayerKey) -> Bool {
        key.rawValue < 64 ? hot.explicitKeys & key.bit != 0 : Self.isExplicit(key, in: cold)
    }
    /// `isExplicit(_:)` for a key past the first 64, out of line. Static, taking the box
    /// alone: a method would take the whole storage, which a caller reading it from its
    /// layer copied to the stack for the call (a 300-byte `memcpy` and a retain and
    /// release of the box) before even testing the key — once per presented property.
    @inline(never)
    private static func isExplicit(_ key: LayerKey, in cold: ColdLayerStorage?) -> Bool {
        (cold ?? ColdLayerStorage.defaults).values.moreExplicitKeys & key.bit != 0
    }
    /// Marks `key` assigned.
    @inline(__always)
    mutating func markExplicit(_ key: LayerKey) {
        if key.rawValue < 64 { hot.explicitKeys |= key.bit } else { markExplicitInCold(key) }
    }
    /// `markExplicit(_:)` for a key past the first 64, out of line: inlined, the cold box's
    /// copy-on-write check grew the presentation visitor past what the optimiser folds
    /// (+16 % instructions on the 1,000-layer snapshot).
    @inline(never)
    private mutating func markExplicitInCold(_ key: LayerKey) {
        uniqueCold.values.moreExplicitKeys |= key.bit
    }
    var isPresentation: Bool {
        get { hot.isPresentation }
        set { hot.isPresentation = newValue }
    }
    var layerClass: LayerClass {
        get { hot.layerClass }
        set { hot.layerClass = newValue }
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
        get { storedTransform.transform }
        set {
            storedTransform = PackedTransform(newValue)
            hot.transformIsIdentity = newValue.isIdentity
        }
    }

    /// The box to read: `cold`, or the defaults.
    @inline(__always)
    private var coldBox: ColdLayerStorage { cold ?? ColdLayerStorage.defaults }

    /// `cold`, made (or copied) first unless this storage is its only owner.
    @inline(__always)
    private var uniqueCold: ColdLayerStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&cold) { cold = ColdLayerStorage(coldBox.values) }
            return cold.unsafelyUnwrapped
        }
    }

    // MARK: Cold: in the shared box.

    var sublayerTransform: Transform3D {
        get { coldBox.values.sublayerTransform }
        set {
            uniqueCold.values.sublayerTransform = newValue
            hot.hasSublayerTransform = !newValue.isIdentity
        }
    }
    var cornerRadius: Double {
        get { coldBox.values.cornerRadius }
        set { uniqueCold.values.cornerRadius = newValue }
    }
    var maskedCorners: CornerMask {
        get { coldBox.values.maskedCorners }
        set { uniqueCold.values.maskedCorners = newValue }
    }
    var cornerCurve: CornerCurve {
        get { coldBox.values.cornerCurve }
        set { uniqueCold.values.cornerCurve = newValue }
    }
    var borderWidth: Double {
        get { coldBox.values.borderWidth }
        set { uniqueCold.values.borderWidth = newValue }
    }
    var borderColor: Color? {
        get { coldBox.values.borderColor }
        set { uniqueCold.values.borderColor = newValue }
    }
    var backgroundColor: Color? {
        get { coldBox.values.backgroundColor }
        set { uniqueCold.values.backgroundColor = newValue }
    }
    var shadowColor: Color? {
        get { coldBox.values.shadowColor }
        set { uniqueCold.values.shadowColor = newValue }
    }
    var shadowOpacity: Double {
        get { coldBox.values.shadowOpacity }
        set { uniqueCold.values.shadowOpacity = newValue }
    }
    var shadowOffset: Size {
        get { coldBox.values.shadowOffset }
        set { uniqueCold.values.shadowOffset = newValue }
    }
    var shadowRadius: Double {
        get { coldBox.values.shadowRadius }
        set { uniqueCold.values.shadowRadius = newValue }
    }
    var shadowPath: Path? {
        get { coldBox.values.shadowPath }
        set { uniqueCold.values.shadowPath = newValue }
    }
    var contents: Bitmap? {
        get { coldBox.values.contents }
        set { uniqueCold.values.contents = newValue }
    }
    var contentsRect: Rect {
        get { coldBox.values.contentsRect }
        set { uniqueCold.values.contentsRect = newValue }
    }
    var contentsCenter: Rect {
        get { coldBox.values.contentsCenter }
        set { uniqueCold.values.contentsCenter = newValue }
    }
    var contentsGravity: ContentsGravity {
        get { coldBox.values.contentsGravity }
        set { uniqueCold.values.contentsGravity = newValue }
    }
    var contentsScale: Double {
        get { coldBox.values.contentsScale }
        set { uniqueCold.values.contentsScale = newValue }
    }
    var geometryFlipped: Bool {
        get { coldBox.values.geometryFlipped }
        set {
            uniqueCold.values.geometryFlipped = newValue
            hot.isGeometryFlipped = newValue
        }
    }
    var magnificationFilter: ContentsFilter {
        get { coldBox.values.magnificationFilter }
        set { uniqueCold.values.magnificationFilter = newValue }
    }
    var minificationFilter: ContentsFilter {
        get { coldBox.values.minificationFilter }
        set { uniqueCold.values.minificationFilter = newValue }
    }
    var minificationFilterBias: Double {
        get { coldBox.values.minificationFilterBias }
        set { uniqueCold.values.minificationFilterBias = newValue }
    }
    var shouldRasterize: Bool {
        get { coldBox.values.shouldRasterize }
        set { uniqueCold.values.shouldRasterize = newValue }
    }
    var rasterizationScale: Double {
        get { coldBox.values.rasterizationScale }
        set { uniqueCold.values.rasterizationScale = newValue }
    }
    /// The properties of a shape layer (`ShapeLayer`).
    var shape: ShapeLayerValues {
        get { coldBox.values.shape }
        _modify { yield &uniqueCold.values.shape }
    }
    /// The properties of a gradient layer (`GradientLayer`).
    var gradient: GradientLayerValues {
        get { coldBox.values.gradient }
        _modify { yield &uniqueCold.values.gradient }
    }
    var text: TextLayerValues {
        get { coldBox.values.text }
        _modify { yield &uniqueCold.values.text }
    }
    /// The properties of a replicator layer (`ReplicatorLayer`).
    var replicator: ReplicatorLayerValues {
        get { coldBox.values.replicator }
        _modify { yield &uniqueCold.values.replicator }
    }
    /// The properties of an emitter layer (`EmitterLayer`).
    var emitter: EmitterLayerValues {
        get { coldBox.values.emitter }
        _modify { yield &uniqueCold.values.emitter }
    }
    /// The properties of a tiled layer (`TiledLayer`).
    var tiled: TiledLayerValues {
        get { coldBox.values.tiled }
        _modify { yield &uniqueCold.values.tiled }
    }
    var needsDisplayOnBoundsChange: Bool {
        get { coldBox.values.needsDisplayOnBoundsChange }
        set { uniqueCold.values.needsDisplayOnBoundsChange = newValue }
    }
    var needsDisplayKeys: Set<String> {
        get { cold?.values.needsDisplayKeys ?? [] }
        set { uniqueCold.values.needsDisplayKeys = newValue }
    }
    /// Whether `needsDisplayKeys` holds a key (one load when the layer has no cold box).
    var hasDisplayKeys: Bool { cold.map { !$0.values.needsDisplayKeys.isEmpty } ?? false }
    var backingStore: DisplayList? {
        get { cold?.values.backingStore }
        set {
            guard newValue != nil || cold?.values.backingStore != nil else { return }
            uniqueCold.values.backingStore = newValue
        }
    }
    var name: String? {
        get { coldBox.values.name }
        set { uniqueCold.values.name = newValue }
    }
    var style: LayerStyle? {
        get { cold?.values.style }
        set {
            uniqueCold.values.style = newValue
            hot.hasStyle = newValue != nil
        }
    }
    /// Whether the layer has a style (every property reads its stored value when not).
    var hasStyle: Bool { hot.hasStyle }

    /// The cached facts that disagree with the stored values they describe, by name
    /// (empty when the storage is sound): `hot`'s flags for the style, the transform, the
    /// sublayer transform and the flip, and bounds stored standardised. For tests (a
    /// debug check after every mutation: `Layer.storageInvariantViolations`); nothing in
    /// the library calls it.
    var invariantViolations: [String] {
        var violations: [String] = []
        if hot.hasStyle != (style != nil) { violations.append("hasStyle") }
        if hot.transformIsIdentity != transform.isIdentity { violations.append("transformIsIdentity") }
        if hot.hasSublayerTransform != !sublayerTransform.isIdentity { violations.append("hasSublayerTransform") }
        if hot.isGeometryFlipped != geometryFlipped { violations.append("isGeometryFlipped") }
        if !(hot.bounds.size.width >= 0 && hot.bounds.size.height >= 0) { violations.append("bounds not standardised") }
        return violations
    }
    var actions: [String: any LayerAction]? {
        get { coldBox.values.actions }
        set { uniqueCold.values.actions = newValue }
    }
    /// Held weakly, as `Layer.delegate` says.
    var delegate: (any LayerDelegate)? {
        get { coldBox.values.delegate }
        set { uniqueCold.values.delegate = newValue }
    }
    var layoutManager: (any LayoutManager)? {
        get { coldBox.values.layoutManager }
        set { uniqueCold.values.layoutManager = newValue }
    }
    var autoresizingMask: AutoresizingMask {
        get { coldBox.values.autoresizingMask }
        set { uniqueCold.values.autoresizingMask = newValue }
    }
    var constraints: [Constraint] {
        get { coldBox.values.constraints }
        set { uniqueCold.values.constraints = newValue }
    }
    var scrollMode: ScrollMode? {
        get { coldBox.values.scrollMode }
        set { uniqueCold.values.scrollMode = newValue }
    }
    /// The name stored for `key` (a `LayerNameKey`) when it is not a known value, else `nil`.
    func unknownName(_ key: LayerNameKey) -> String? {
        cold?.values.unknownNames[key.rawValue]
    }
    /// Stores `name` as `key`'s unknown name (`nil` removes it). Removing costs nothing
    /// (no copy of the shared values) when there is none.
    mutating func setUnknownName(_ name: String?, for key: LayerNameKey) {
        guard name != nil || unknownName(key) != nil else { return }
        uniqueCold.values.unknownNames[key.rawValue] = name
    }
    // MARK: Copying into a new layer

    /// Whether every stored field but `cold` is plain data (no references), so that
    /// `initialize(_:copying:)` may copy them as bytes: checked by a test, and before each
    /// copy in debug builds. The sizes compared catch a field added beside these.
    static var isPlainButTheColdBox: Bool {
        _isPOD(Hot.self) && _isPOD(PackedTransform.self) && _isPOD(MediaTiming.self)
            && MemoryLayout<LayerStorage>.size
                == MemoryLayout<(Hot, PackedTransform, Double, MediaTiming, ColdLayerStorage?)>.size
    }

    /// Replaces `destination`, a storage that holds no cold box (a new layer's default
    /// storage), with a copy of `source`: one `memcpy` of the plain fields and a retain of
    /// the shared box. Assigning the storage instead (`storage = source.storage`) made the
    /// compiler stage the copy on the stack and retain the box through an outlined copy of
    /// the whole value: two `memcpy`s and a field-by-field copy, about 190 instructions
    /// per snapshot layer against about 80 here. The bytes copied over `destination`'s
    /// `nil` box drop nothing; the box's reference is then put in place with its own
    /// retain (`initialize(to:)` takes the loaded, retained reference without releasing
    /// the bits it overwrites).
    @inline(__always)
    static func initialize(_ destination: inout LayerStorage, copying source: inout LayerStorage) {
        assert(destination.cold == nil && isPlainButTheColdBox, "cadence: LayerStorage copied as bytes over a box")
        let box = source.cold
        withUnsafeMutablePointer(to: &destination) { target in
            withUnsafeMutablePointer(to: &source) { origin in
                UnsafeMutableRawPointer(target).copyMemory(from: origin, byteCount: MemoryLayout<LayerStorage>.size)
            }
            withUnsafeMutablePointer(to: &target.pointee.cold) { $0.initialize(to: box) }
        }
    }

    /// Replaces `destination`, any storage (a recycled snapshot layer's,
    /// `Layer+Recycling.swift`), with a copy of `source`, as `initialize(_:copying:)` does
    /// a new one's: when the two hold different boxes, `destination`'s is released and
    /// `source`'s retained first, so that both slots then hold the same reference and
    /// the bytes copied over it change no count; when they hold the same box (a layer
    /// presented again, its model unchanged), no count moves at all.
    @inline(__always)
    static func reinitialize(_ destination: inout LayerStorage, copying source: inout LayerStorage) {
        assert(isPlainButTheColdBox, "cadence: LayerStorage copied as bytes over a box")
        if destination.cold !== source.cold { destination.cold = source.cold }
        withUnsafeMutablePointer(to: &destination) { target in
            withUnsafeMutablePointer(to: &source) { origin in
                UnsafeMutableRawPointer(target).copyMemory(from: origin, byteCount: MemoryLayout<LayerStorage>.size)
            }
        }
    }

    /// Values of keys that are not properties (the key-value coding container).
    var extraValues: [String: KeyPathValue] {
        get { coldBox.values.extraValues }
        _modify {
            let box = uniqueCold
            yield &box.values.extraValues
        }
    }
}

/// A `Transform3D` stored as sixteen `Double`s, row by row (8-byte aligned, where the
/// rows' `SIMD4<Double>` are 32: any alignment above 8 sends every layer object to the
/// allocator's slower aligned path on Linux).
struct PackedTransform {
    var fields: (Double, Double, Double, Double, Double, Double, Double, Double,
                 Double, Double, Double, Double, Double, Double, Double, Double)

    @inline(__always)
    init(_ t: Transform3D) {
        fields = (t.r1[0], t.r1[1], t.r1[2], t.r1[3], t.r2[0], t.r2[1], t.r2[2], t.r2[3],
                  t.r3[0], t.r3[1], t.r3[2], t.r3[3], t.r4[0], t.r4[1], t.r4[2], t.r4[3])
    }

    /// The identity, written out (no call to `Transform3D.identity`'s accessor).
    static var identity: PackedTransform {
        PackedTransform(fields: (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))
    }

    @inline(__always)
    init(fields: (Double, Double, Double, Double, Double, Double, Double, Double,
                  Double, Double, Double, Double, Double, Double, Double, Double)) {
        self.fields = fields
    }

    @inline(__always)
    var transform: Transform3D {
        let f = fields
        return Transform3D(rows: SIMD4(f.0, f.1, f.2, f.3), SIMD4(f.4, f.5, f.6, f.7), SIMD4(f.8, f.9, f.10, f.11),
                           SIMD4(f.12, f.13, f.14, f.15))
    }
}

/// The part of `LayerStorage` that is rarely set or holds references: one box per distinct
/// set of values, shared by the copies of a layer's storage (copy-on-write through
/// `LayerStorage`, which copies the box before its first write when it is shared, and
/// keeps the flags of `LayerStorage.Hot` that describe it; so only `LayerStorage` writes).
final class ColdLayerStorage {
    /// The values, with Core Animation's defaults.
    struct Values {
        var sublayerTransform = Transform3D.identity
        var cornerRadius = 0.0
        var maskedCorners = CornerMask.all
        var cornerCurve = CornerCurve.circular
        var borderWidth = 0.0
        var borderColor: Color? = .black
        var backgroundColor: Color? = nil
        var shadowColor: Color? = .black
        var shadowOpacity = 0.0
        var shadowOffset = Size(width: 0, height: -3)
        var shadowRadius = 3.0
        var shadowPath: Path? = nil
        var contents: Bitmap? = nil
        var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
        var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
        var contentsGravity = ContentsGravity.resize
        var contentsScale = 1.0
        var geometryFlipped = false
        var magnificationFilter = ContentsFilter.linear
        var minificationFilter = ContentsFilter.linear
        var minificationFilterBias = 0.0
        var name: String? = nil
        var style: LayerStyle? = nil
        var actions: [String: any LayerAction]? = nil
        weak var delegate: (any LayerDelegate)? = nil
        var extraValues: [String: KeyPathValue] = [:]
        /// Names given through key-value coding to the string-valued properties that are
        /// not among their known values (`LayerNameKey`), by key, stored as given.
        var unknownNames: [String: String] = [:]
        // Layout (`Layout/`).
        var layoutManager: (any LayoutManager)? = nil
        var autoresizingMask = AutoresizingMask()
        var constraints: [Constraint] = []
        var scrollMode: ScrollMode? = nil
        // Rasterization (the compositor's cache of the subtree's pixels).
        var shouldRasterize = false
        var rasterizationScale = 1.0
        // The specialised classes' properties (`Classes/`), on every layer, read only by
        // the layers of their class.
        var shape = ShapeLayerValues()
        var gradient = GradientLayerValues()
        var replicator = ReplicatorLayerValues()
        var text = TextLayerValues()
        var emitter = EmitterLayerValues()
        var tiled = TiledLayerValues()
        // Display (`Display/`).
        var needsDisplayOnBoundsChange = false
        /// The assigned keys past the first 64 (`LayerStorage.isExplicit(_:)`).
        var moreExplicitKeys: UInt64 = 0
        var needsDisplayKeys: Set<String> = []
        var backingStore: DisplayList? = nil
    }

    /// The values of a storage without a box (Core Animation's defaults). Never written:
    /// it is never a storage's box.
    nonisolated(unsafe) static let defaults = ColdLayerStorage(Values())

    fileprivate(set) var values: Values

    /// A box holding `values` (a copy of another box's values shares its contents object,
    /// style, actions and delegate, as a copy of the values would).
    init(_ values: Values) { self.values = values }
}
