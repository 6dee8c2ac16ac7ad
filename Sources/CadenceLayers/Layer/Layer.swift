import CadenceAnimation
import CadenceGeometry
import CadencePixels
import CadenceTiming

/// A model layer (Core Animation's `CALayer`): a rectangle with geometry, style, contents
/// and its own time space, in a tree of layers.
///
/// A reference type: a layer's identity is its place in a tree (one superlayer, ordered
/// sublayers, an optional mask). Every property starts at Core Animation's default, listed
/// on each property and in `docs/layers.md`.
///
/// **Threads.** A layer tree is single-threaded: `Layer` has no locks and is not
/// `Sendable`, so the compiler keeps a tree inside one isolation domain (one thread, task
/// or actor). To hand layer state elsewhere, take a snapshot there is no other reference
/// to (`modelCopy()`).
///
/// **Bad values.** Every numeric property except the media timing refuses a non-finite
/// value: assigning NaN or ±∞ (in any field of a point, size, rectangle, colour or
/// transform) leaves the property unchanged, and `setValue(_:forKeyPath:)` throws
/// `LayerError.nonFinite` (Core Animation raises `CALayerInvalidGeometry`). The media
/// timing takes any number and is sanitised when resolved (`docs/time-model.md`).
///
/// **Style.** A property the layer has never assigned reads, when `style` has a value for
/// its key, that value (the shallowest level wins); otherwise its default. `bounds`,
/// `frame` and the media timing never read the style.
///
/// ```swift
/// let layer = Layer()
/// layer.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
/// layer.position = Point(x: 60, y: 40)
/// layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: 0, toValue: 1,
///                                  timing: MediaTiming(duration: 1)),
///           forKey: "fade", beginningAt: 0)
/// let shown = layer.presentation(at: 0.5).opacity  // 0.5; the model still reads 1
/// ```
///
/// **Classes.** `Layer` is Core Animation's `CALayer`; its specialised classes are the
/// subclasses `ShapeLayer`, `GradientLayer`, `ReplicatorLayer` and `TransformLayer`
/// (`LayerClass`). It is not `open`: other modules use these classes as they are and
/// customise a layer through its delegate and properties.
public class Layer {
    // Exclusivity. The stored properties below are `@exclusivity(unchecked)`: the dynamic
    // check Swift makes on every access to a class's `var` (a thread-local access set,
    // about a hundred instructions) was the largest cost of snapshots, conversion and hit
    // testing. It is safe to drop because a layer tree lives in one isolation domain
    // (`Layer` is not `Sendable`) and no access to these properties is held across a call
    // out of this module: each is a plain load or store, or a `modify` of `storage` that
    // runs no user code (delegates and actions are called between accesses, never inside
    // one). So no two accesses to one of them can overlap.

    // MARK: Caches of the fast paths (see the files named; never part of a layer's value)

    /// The plan of what `animationEntries` animates, made by the first snapshot after
    /// they change (`LayerAnimationPlan.swift`); `nil` until then.
    @exclusivity(unchecked)
    final var animationPlanCache: LayerAnimationPlan?
    /// For a model layer that snapshots have been made of: the identity object made by the
    /// first snapshot, owned only so that its destruction clears the handle's `layer`
    /// (`LayerModelHandle.swift`); snapshots reach the model through `modelHandle`.
    @exclusivity(unchecked)
    final var modelIdentity: LayerModelIdentity?
    /// For a presentation snapshot: the handle to the model layer it was made from. For a
    /// model layer that snapshots have been made of: its own handle (the one its identity
    /// owns), so that each snapshot reads it here without touching the identity.
    @exclusivity(unchecked)
    final var modelHandle: LayerModelHandle?

    /// For a presentation snapshot: the transition in effect on the layer at the
    /// snapshot's time, with its previous rendering (`presentation(at:)`); `nil` when none
    /// is, and always `nil` for a model layer.
    @exclusivity(unchecked)
    public internal(set) final var presentedTransition: PresentedTransition?

    /// A layer of a presentation snapshot (`Layer+Animations.swift`): a copy of `source`'s
    /// properties (the animated values are written over them afterwards), marked a
    /// presentation; `handle` to its model layer; and `superlayer` (not owned). No
    /// sublayers, mask, animations or context yet. The properties are copied once,
    /// straight from the source into the new object (`LayerStorage.initialize(_:copying:)`);
    /// `source` and `superlayer` are borrowed (no retain).
    init(presenting source: __shared Layer, model handle: LayerModelHandle?, superlayer: __shared Layer?) {
        storage = LayerStorage()
        modelHandle = handle
        unownedSuperlayer = superlayer
        LayerStorage.initialize(&storage, copying: &source.storage)
        storage.isPresentation = true
    }

    /// Makes this layer, a snapshot layer that nothing outside its snapshot references
    /// (`Layer.isRecyclable`, `Layer+Recycling.swift`), what `init(presenting:model:superlayer:)`
    /// makes of `source`, in place: the same properties, handle and superlayer, every
    /// other field at a new layer's value. Its `sublayers` are left for the snapshot's walk,
    /// which reuses or drops them; `mask`, `presentedTransition` and `transactionContext`
    /// are `nil` already (the recyclable test). A field added to `Layer` must be reset here.
    final func reinitialize(presenting source: __shared Layer, model handle: LayerModelHandle?, superlayer: __shared Layer?) {
        if modelHandle !== handle { modelHandle = handle }
        unownedSuperlayer = superlayer
        LayerStorage.reinitialize(&storage, copying: &source.storage)
        storage.isPresentation = true
        layoutFlags = []
        needsDisplayMark = false
        if animationPlanCache != nil { animationPlanCache = nil }
        if modelIdentity != nil { modelIdentity = nil }
        if !animationEntries.isEmpty { animationEntries = [] }
    }

    /// The model properties; everything but the hierarchy.
    @exclusivity(unchecked)
    final var storage: LayerStorage

    /// Whether the layer (or a layer below it) needs layout, and whether its layout is
    /// running (`Layout/Layer+Layout.swift`). Not a property: copies start clean.
    @exclusivity(unchecked)
    final var layoutFlags: LayoutFlags = []
    /// Whether the layer needs display (`Display/Layer+Display.swift`). Not a property:
    /// copies start clean; a presentation snapshot is marked when a key of
    /// `needsDisplayKeys` is animated.
    @exclusivity(unchecked)
    final var needsDisplayMark = false

    /// The sublayers, back to front (Core Animation's `sublayers`; empty, not `nil`, when
    /// there are none). Change them with `addSublayer(_:)` and its relatives.
    @exclusivity(unchecked)
    public internal(set) final var sublayers: [Layer] = []
    /// The layer this one is a sublayer or the mask of, not owned (the superlayer owns
    /// its sublayers). `nil` for a root, and once the superlayer is destroyed, as a weak
    /// reference would read.
    ///
    /// `unowned(unsafe)`, not `weak`: a weak reference gives the referenced layer a side
    /// table, after which each of its retains and releases takes the runtime's slow path,
    /// and every reference costs a registration and a removal — the largest cost of
    /// building and releasing a presentation snapshot after the animations themselves.
    /// It is safe because it never dangles: a layer refers only to the layer that holds it
    /// among its sublayers or as its mask (`Layer+Hierarchy.swift` keeps both sides
    /// together), or — a replicator's snapshot — among its delayed copies
    /// (`ReplicatorLayer.delayedInstances`), and that layer, when destroyed, clears the
    /// reference first (`deinit`, and `ReplicatorLayer`'s for the copies).
    /// A snapshot layer's transition tree (`presentedTransition.previous`), whose root
    /// refers to the layer's superlayer without being held by it, follows the layer's
    /// `superlayer` (the setter), so it is cleared with it.
    public internal(set) final var superlayer: Layer? {
        @inline(__always) get { unownedSuperlayer }
        set {
            unownedSuperlayer = newValue
            presentedTransition?.previous.superlayer = newValue
        }
    }
    /// `superlayer`'s reference, which its setter keeps with the transition tree's. Stored
    /// apart so that `deinit` can clear the references to a destroyed layer with plain
    /// stores (no call per sublayer, so the loop retains none of them).
    @exclusivity(unchecked)
    final unowned(unsafe) var unownedSuperlayer: Layer?
    /// The layer whose alpha masks this one (default `nil`); its superlayer is this layer,
    /// but it is not among the sublayers. Set it with `setMask(_:)`.
    @exclusivity(unchecked)
    public internal(set) final var mask: Layer?

    /// An attached animation: its key, the animation, and — when it is or contains a
    /// transition — the tree it transitions from, a model copy captured when it was added
    /// (`Layer+Animations.swift`; `nil` otherwise).
    typealias AnimationEntry = (key: String?, animation: Animation, previous: Layer?)

    /// The animations attached to the layer, in the order they were added
    /// (`Layer+Animations.swift`).
    @exclusivity(unchecked)
    final var animationEntries: [AnimationEntry] = []
    /// The context whose transactions this layer's changes join and which runs its actions
    /// (`Layer+Actions.swift`); `nil` (the default): changes are immediate, with no actions.
    /// Set with `TransactionContext.attach(_:)`; copies and snapshots have none.
    @exclusivity(unchecked)
    public internal(set) final var transactionContext: TransactionContext?

    /// A layer with every property at its default, in no tree.
    public init() {
        storage = LayerStorage()
        storage.layerClass = Self.defaultLayerClass
    }

    /// Clears the `superlayer` of the layers that name this one (its sublayers and mask,
    /// and through them their transition trees), which may outlive it: what keeps the
    /// unowned reference from dangling.
    deinit {
        // Plain stores first; the transition trees (rare: snapshot layers with a
        // transition in effect) after, through the setter. (The loop retains none of the
        // sublayers as compiled: lending them, `withEachLent`, saves nothing here.)
        var transitions = false
        for sublayer in sublayers {
            sublayer.unownedSuperlayer = nil
            transitions = transitions || sublayer.presentedTransition != nil
        }
        if transitions { Self.clearTransitionSuperlayers(of: sublayers) }
        mask?.superlayer = nil
    }

    /// Calls `body` with each layer of `layers` in order, lent rather than retained: one
    /// retain and release fewer per layer than a `for` loop whose body makes a call (the
    /// compiler cannot see that the array outlives it). The caller's array holds every
    /// layer for the walk, so
    /// `body` must not let a layer escape without retaining it (storing it does) and must
    /// not assume it outlives the array.
    @inline(__always)
    static func withEachLent(_ layers: [Layer], _ body: (Layer) -> Void) {
        layers.withUnsafeBufferPointer { layers in
            layers.withMemoryRebound(to: Unmanaged<Layer>.self) { layers in
                for layer in layers { layer._withUnsafeGuaranteedRef(body) }
            }
        }
    }

    /// Clears the superlayer of the transition trees of `sublayers` (those of a destroyed
    /// layer). Out of line: the rare path of `deinit`.
    @inline(never)
    private static func clearTransitionSuperlayers(of sublayers: [Layer]) {
        for sublayer in sublayers { sublayer.presentedTransition?.previous.superlayer = nil }
    }

    /// The class a new layer of this type is (each subclass names its own).
    class var defaultLayerClass: LayerClass { .layer }

    /// The Core Animation class this layer is (`LayerClass`): the subclass it is an instance
    /// of, which its copies and presentation snapshots are too.
    public final var layerClass: LayerClass { storage.layerClass }
}

// Everything else is in extensions, whose members a subclass cannot override: a call to
// any of them is direct, as it was when `Layer` was final.
extension Layer {
    // MARK: Reading and writing through the style rule

    /// `stored`, or the style's value for `key` when the layer has not assigned `key` and
    /// has a style with a value of the right kind.
    ///
    /// The style flag is tested first, a byte of `storage.hot`: most layers have no style,
    /// and testing the key first made the compiler copy the whole storage out of the layer
    /// to the stack for the test (a 300-byte `memcpy` per property a snapshot presents).
    @inline(__always)
    func styled<T: LayerPropertyValue>(_ key: LayerKey, _ stored: T) -> T {
        guard storage.hot.hasStyle, !storage.isExplicit(key), let style = storage.style else { return stored }
        return style.value(forKey: key.name).flatMap { T(keyPathValue: $0) } ?? stored
    }

    /// Stores `value` with `store` and marks `key` assigned, unless `value` is not finite;
    /// with a transaction context, as part of its transaction, running the key's action.
    /// (`store` is a closure literal at each setter, inlined into a plain store: no key
    /// path is made.)
    @inline(__always)
    func assign<T: LayerPropertyValue>(_ value: T, _ key: LayerKey, _ store: (inout LayerStorage, T) -> Void) {
        guard value.isFiniteValue else { return }
        if transactionContext != nil { return assignRunningActions(key) { store(&$0, value) } }
        store(&storage, value)
        storage.markExplicit(key)
    }

    /// The property `key` through its declaration (`LayerKey.visit(_:)`): read with the
    /// style rule when it has one, written as `assign(_:_:_:)` does (`frame` and `bounds`
    /// through their setters). The public properties read and write through this, so the
    /// table is the one place a key meets its storage; with the key a literal, the
    /// optimiser folds the table's `switch` away and an access costs a direct one. `T` must
    /// be the key's type.
    @inline(__always)
    subscript<T: LayerPropertyValue>(key: LayerKey) -> T {
        get {
            guard let value = T.read(key, of: self) else { preconditionFailure("\(key.name) is not a \(T.self)") }
            return value
        }
        set { newValue.write(key, to: self) }
    }

    // MARK: Geometry

    /// The layer's own coordinate space: its origin and size, in points. Default
    /// `(0, 0, 0, 0)`. Standardised when set, as Core Animation does: a negative width or
    /// height is flipped and the origin moved to the minimum corner, so setting
    /// `(0, 0, −100, −50)` reads back `(−100, −50, 100, 50)` (and `frame` follows from that).
    /// Animated values in a presentation snapshot are standardised the same way. Never
    /// read from the style.
    ///
    /// A change of size marks the layer as needing layout and resizes the sublayers by
    /// their `autoresizingMask` at once (`docs/layout.md`); any change marks it as needing
    /// display when `needsDisplayOnBoundsChange` is set.
    public var bounds: Rect {
        get { storage.bounds }
        set {
            let old = storage.bounds
            assign(newValue.standardized, .bounds) { $0.bounds = $1 }
            if storage.bounds != old { boundsDidChange(from: old) }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinate space. Default (0, 0).
    public var position: Point {
        get { self[.position] }
        set { self[.position] = newValue }
    }

    /// The layer's position on the z axis, in points. Default 0.
    public var zPosition: Double {
        get { self[.zPosition] }
        set { self[.zPosition] = newValue }
    }

    /// The point of the bounds, in the unit square (0…1 from the bounds' minimum to maximum
    /// edge), that `position` places and `transform` turns about. Default (0.5, 0.5).
    public var anchorPoint: Point {
        get { self[.anchorPoint] }
        set { self[.anchorPoint] = newValue }
    }

    /// The z component of the anchor point, in points. Default 0.
    public var anchorPointZ: Double {
        get { self[.anchorPointZ] }
        set { self[.anchorPointZ] = newValue }
    }

    /// The transform applied to the layer (and its sublayers) about its anchor point.
    /// Default identity.
    public var transform: Transform3D {
        get { self[.transform] }
        set { self[.transform] = newValue }
    }

    /// The transform applied to the sublayers, about this layer's anchor point (typically
    /// a perspective). Default identity. It does not apply to the mask.
    public var sublayerTransform: Transform3D {
        get { self[.sublayerTransform] }
        set { self[.sublayerTransform] = newValue }
    }

    // MARK: Style

    /// 0 (transparent) … 1 (opaque). Default 1. Values outside 0…1 are kept (clamped only
    /// when drawn). Core Animation stores a `Float`.
    public var opacity: Double {
        get { self[.opacity] }
        set { self[.opacity] = newValue }
    }

    /// Whether the layer (and its sublayers) is not drawn and not hit-tested. Default
    /// false. Key `hidden`.
    public var isHidden: Bool {
        get { self[.hidden] }
        set { self[.hidden] = newValue }
    }

    /// Whether sublayers and contents are clipped to the bounds (with `cornerRadius`).
    /// Default false.
    public var masksToBounds: Bool {
        get { self[.masksToBounds] }
        set { self[.masksToBounds] = newValue }
    }

    /// Whether the layer is drawn when it faces away from the viewer. Default true. Key
    /// `doubleSided`.
    public var isDoubleSided: Bool {
        get { self[.doubleSided] }
        set { self[.doubleSided] = newValue }
    }

    /// Whether the layer's sublayers and mask are laid out upside down: their y axis is
    /// mirrored about the middle of this layer's bounds (`B.minY + B.maxY − y`, the
    /// standardised bounds), between their placement and this layer's `sublayerTransform`
    /// (`transformToSuperlayer`). Default false. Key `geometryFlipped`. Core Animation's
    /// geometry is y-up on macOS; a flipped layer gives its sublayers y-down coordinates
    /// there (and y-up ones on a y-down screen). The layer's own drawing — background,
    /// border, and `contents`, which "display the same regardless of the value of
    /// `geometryFlipped`" — is unchanged; see `contentsAreFlipped` for its sublayers'
    /// contents. No default animation (a Boolean).
    public var isGeometryFlipped: Bool {
        get { self[.geometryFlipped] }
        set { self[.geometryFlipped] = newValue }
    }

    /// Whether the layer's contents are implicitly flipped when rendered (Core Animation's
    /// `contentsAreFlipped`): true when an odd number of the layers from this one up to the
    /// root, inclusive, have `isGeometryFlipped` — the layer itself, then its superlayers
    /// (which for a mask begin with the layer it masks). Two flips cancel, three do not; a
    /// detached flipped layer answers true. This is Core Animation's rule (checked on Apple
    /// hardware): on macOS a flipped layer's own backing store is drawn y-flipped, which is
    /// what this reports.
    ///
    /// The compositor does not read it: contents are drawn upright on the canvas whatever
    /// the flips (`docs/compositor.md` §9), which it gets from the flips strictly above the
    /// layer — `contentsAreFlipped != isGeometryFlipped` — as it walks the tree.
    ///
    /// Cost: one read of each flag up the tree (a walk up the superlayer references).
    public var contentsAreFlipped: Bool {
        var flipped = isGeometryFlipped
        var node = superlayer
        while let layer = node {
            if layer.isGeometryFlipped { flipped.toggle() }
            node = layer.superlayer
        }
        return flipped
    }

    /// The radius of the rounded corners of the background, border and (with
    /// `masksToBounds`) the clip, in points. Default 0.
    public var cornerRadius: Double {
        get { self[.cornerRadius] }
        set { self[.cornerRadius] = newValue }
    }

    /// Which corners `cornerRadius` rounds (Core Animation's `maskedCorners`), named in the
    /// layer's own coordinates (`CornerMask`). Default `.all`. The others are square in the
    /// background, the border, the clip and the shadow of the layer's alpha. Key-value coding
    /// reads and writes it as a number, the mask's raw value (`maskedCorners` 15 is all
    /// four; a written number is truncated to an integer and keeps its four corner bits).
    /// Not animatable (no default action). Hit testing ignores it.
    public var maskedCorners: CornerMask {
        // Through the table (its number) only when a style may supply it.
        get { storage.hasStyle ? CornerMask(truncating: self[.maskedCorners]) : storage.maskedCorners }
        set { self[.maskedCorners] = Double(newValue.rawValue) }
    }

    /// The curve of the rounded corners (Core Animation's `cornerCurve`): `.circular` (the
    /// default) or `.continuous` (`CornerCurve`). Not read from the style; key-value coding
    /// reads and writes its name (an unknown one is kept and acts as `.circular`). Not
    /// animatable (no default action). Hit testing ignores it.
    public var cornerCurve: CornerCurve {
        get { storage.cornerCurve }
        set {
            storage.cornerCurve = newValue
            storage.setUnknownName(nil, for: .cornerCurve)
        }
    }

    /// The width of the border, drawn inside the bounds above contents and sublayers, in
    /// points. Default 0.
    public var borderWidth: Double {
        get { self[.borderWidth] }
        set { self[.borderWidth] = newValue }
    }

    /// The border colour. Default opaque black.
    public var borderColor: Color? {
        get { self[.borderColor] }
        set { self[.borderColor] = newValue }
    }

    /// The background colour. Default `nil` (no background).
    public var backgroundColor: Color? {
        get { self[.backgroundColor] }
        set { self[.backgroundColor] = newValue }
    }

    /// The shadow colour. Default opaque black.
    public var shadowColor: Color? {
        get { self[.shadowColor] }
        set { self[.shadowColor] = newValue }
    }

    /// The shadow's opacity, 0…1. Default 0 (no shadow). Core Animation stores a `Float`.
    public var shadowOpacity: Double {
        get { self[.shadowOpacity] }
        set { self[.shadowOpacity] = newValue }
    }

    /// The shadow's offset in the layer's coordinate space, in points. Default (0, −3), Core
    /// Animation's value (which points up on a y-down screen).
    public var shadowOffset: Size {
        get { self[.shadowOffset] }
        set { self[.shadowOffset] = newValue }
    }

    /// The shadow's blur radius, in points. Default 3.
    public var shadowRadius: Double {
        get { self[.shadowRadius] }
        set { self[.shadowRadius] = newValue }
    }

    /// The shadow's shape (filled non-zero) instead of the layer's alpha. Default `nil`.
    /// Not finite-checked and not read from the style.
    public var shadowPath: Path? {
        get { storage.shadowPath }
        set {
            if transactionContext != nil { return changeRunningActions("shadowPath") { $0.storage.shadowPath = newValue } }
            storage.shadowPath = newValue
        }
    }

    // MARK: Contents

    /// What the layer displays (Core Animation's `CGImage` contents): a premultiplied RGBA
    /// bitmap, sized in pixels; `contentsScale` turns them into points and
    /// `contentsGravity` places them. Default `nil`. The layer keeps the value as given
    /// (its pixels shared, copied only when one side writes) and never inspects them.
    /// Setting it drops the `backingStore` a display drew, and a display that draws sets
    /// it to `nil` (`display()`).
    public var contents: Bitmap? {
        get { storage.contents }
        set {
            if transactionContext != nil {
                return changeRunningActions("contents") {
                    $0.storage.contents = newValue
                    $0.storage.backingStore = nil
                }
            }
            storage.contents = newValue
            storage.backingStore = nil
        }
    }

    /// The part of the contents drawn, in the unit square. Default (0, 0, 1, 1).
    public var contentsRect: Rect {
        get { self[.contentsRect] }
        set { self[.contentsRect] = newValue }
    }

    /// The stretchable centre of the contents (nine-part scaling), in the unit square.
    /// Default (0, 0, 1, 1).
    public var contentsCenter: Rect {
        get { self[.contentsCenter] }
        set { self[.contentsCenter] = newValue }
    }

    /// How the contents are placed in the bounds. Default `.resize`. Key-value coding reads
    /// and writes it as its name (`"resizeAspect"`); an unknown name is kept and acts as
    /// `.resize` (`LayerNameKey`).
    public var contentsGravity: ContentsGravity {
        get { storage.contentsGravity }
        set {
            storage.contentsGravity = newValue
            storage.setUnknownName(nil, for: .contentsGravity)
        }
    }

    /// Pixels per point of the contents, and of the backing store a display draws. Default
    /// 1. Changing it does not redraw (call `setNeedsDisplay()`, as on Core Animation).
    public var contentsScale: Double {
        get { self[.contentsScale] }
        set { self[.contentsScale] = newValue }
    }

    /// The filter used when the contents are drawn larger than their pixels (Core
    /// Animation's `magnificationFilter`). Default `.linear`. Not read from the style;
    /// key-value coding reads and writes its name (an unknown one acts as `.linear`).
    public var magnificationFilter: ContentsFilter {
        get { storage.magnificationFilter }
        set {
            storage.magnificationFilter = newValue
            storage.setUnknownName(nil, for: .magnificationFilter)
        }
    }

    /// The filter used when the contents are drawn smaller than their pixels (Core
    /// Animation's `minificationFilter`). Default `.linear`. Not read from the style;
    /// key-value coding reads and writes its name (an unknown one acts as `.linear`).
    public var minificationFilter: ContentsFilter {
        get { storage.minificationFilter }
        set {
            storage.minificationFilter = newValue
            storage.setUnknownName(nil, for: .minificationFilter)
        }
    }

    /// Added to the level of detail the `.trilinear` minification filter picks
    /// (`log2` of the texel footprint), in mipmap levels: positive blurs, negative
    /// sharpens. Default 0. Any finite number (Core Animation stores a `Float`); a
    /// non-finite one is refused. Not animatable on Core Animation: no default action.
    public var minificationFilterBias: Double {
        get { self[.minificationFilterBias] }
        set { self[.minificationFilterBias] = newValue }
    }

    // MARK: Rasterization

    /// Whether the layer and its sublayers are rendered as one bitmap before compositing
    /// (Core Animation's `shouldRasterize`). Default false. Animatable, discretely (a
    /// Boolean: no default action). The compositor keeps the subtree's pixels and
    /// composites them like contents while the subtree's presented state does not change
    /// (`docs/compositor.md`, "Rasterization").
    public var shouldRasterize: Bool {
        get { self[.shouldRasterize] }
        set { self[.shouldRasterize] = newValue }
    }

    /// The scale of the rasterized bitmap relative to the layer's coordinate space, when
    /// `shouldRasterize` is true (Core Animation's `rasterizationScale`): 1 rasterizes at
    /// the layer's size, larger values magnify. Default 1. Animatable (a number).
    public var rasterizationScale: Double {
        get { self[.rasterizationScale] }
        set { self[.rasterizationScale] = newValue }
    }

    // MARK: Identity, behaviour and time

    /// A name for finding the layer and for messages. Default `nil`.
    public var name: String? {
        get { storage.name }
        set { storage.name = newValue }
    }

    /// Values for properties this layer has not set, and actions. Default `nil`.
    public var style: LayerStyle? {
        get { storage.style }
        set { storage.style = newValue }
    }

    /// Actions by event (key path or `Layer.Event`). Default `nil`. A `NullAction` entry
    /// stops the action search.
    public var actions: [String: any LayerAction]? {
        get { storage.actions }
        set { storage.actions = newValue }
    }

    /// The delegate, held weakly. Default `nil`.
    public var delegate: (any LayerDelegate)? {
        get { storage.delegate }
        set { storage.delegate = newValue }
    }

    /// The layer's media timing: how its time space (which its sublayers and animations
    /// live in) runs from its superlayer's. Every field at `MediaTiming`'s default except
    /// `duration`, which a new layer reports as +∞ (Core Animation's value); a `duration`
    /// of 0 written later also means infinite for a layer (`MediaTiming.defaultLayerDuration`),
    /// so the two behave the same.
    public var timing: MediaTiming {
        get { storage.timing }
        set {
            // A new fill mode replaces a name key-value coding stored for it.
            if newValue.fillMode != storage.timing.fillMode { storage.setUnknownName(nil, for: .fillMode) }
            storage.timing = newValue
        }
    }

    /// `timing` resolved with a layer's default duration (infinite).
    public var resolvedTiming: ResolvedTiming {
        ResolvedTiming(storage.timing, defaultDuration: MediaTiming.defaultLayerDuration)
    }

    /// How the layer appears in messages: `'name'`, or "an unnamed layer".
    var displayName: String { storage.name.map { "'\($0)'" } ?? "an unnamed layer" }
}

extension Layer: CustomStringConvertible {
    public var description: String {
        "Layer(\(storage.name ?? "unnamed"), position: \(position), bounds: \(bounds))"
    }
}
