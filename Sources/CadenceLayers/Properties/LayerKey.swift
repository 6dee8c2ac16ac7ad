import CadenceAnimation
import CadenceGeometry

/// The layer properties key-value coding reaches by name, each declared once: its case here
/// and its line in `visit(_:)` (kind, where it is stored, whether it animates, whether the
/// style supplies it, the values that mean something). Every `CALayer` property a
/// `KeyPathValue` can carry, and the numeric and Boolean fields of the layer's media timing.
/// The case names are the key names.
///
/// Everything that works on properties by name is derived from this table: key-value coding
/// (`Layer.value(forKeyPath:)`, `setValue(_:forKeyPath:)`), `Layer.defaultValue(forKey:)`
/// (what a new layer's storage holds), the animatable properties (`LayerKeyPaths.properties`,
/// hence the default actions), presentation snapshots (which read and store through the
/// same accessors), and the command line's scene fields. The public property on `Layer`
/// reads and writes through it (`Layer.subscript(_:)`), and the value lives in a field of
/// `LayerStorage` (its initial value is the property's default). So adding a property is
/// its case and declaration here, its storage field with its forwarding accessor in
/// `LayerStorage`, and its public accessor on `Layer`.
enum LayerKey: Int, CaseIterable, Sendable {
    // Geometry.
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame
    // Style.
    case opacity, hidden, masksToBounds, doubleSided, geometryFlipped, cornerRadius, maskedCorners, borderWidth
    case borderColor
    case backgroundColor, shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case contentsRect, contentsCenter, contentsScale, minificationFilterBias
    case shouldRasterize, rasterizationScale, needsDisplayOnBoundsChange
    // Media timing.
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses
    // The specialised classes (`Classes/`): shape, gradient, replicator and emitter layers. New keys
    // go at the end: past the 64th, their assigned bits live in the cold box
    // (`LayerStorage.isExplicit(_:)`), which suits properties only some layers have.
    case fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, strokeStart, strokeEnd
    case startPoint, endPoint
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset, preservesDepth
    // Text layers (`TextLayer`).
    case fontSize, foregroundColor, wrapped
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth, birthRate, lifetime, velocity, scale, spin
    // Tiled layers (`TiledLayer`).
    case tileSize, levelsOfDetail, levelsOfDetailBias

    /// The one declaration of each property, handed to `visitor` (`LayerPropertyVisitor`).
    /// Code that works on the property of a key it does not know at compile time — the
    /// presentation snapshot — is a visitor: specialised for it and inlined, this `switch`
    /// becomes one case per key with the declaration's accessors folded into direct loads
    /// and stores of the storage fields, which costs what a hand-written switch did.
    @inline(__always)
    func visit<Visitor: LayerPropertyVisitor>(_ visitor: inout Visitor) {
        switch self {
        // Geometry. `bounds` is stored standardised and never read from the style; `frame` is
        // derived (`Layer.frame`).
        case .bounds:
            visitor.visit(self, .init(.rect({ $0.storage.bounds }, { $0.bounds = $1.standardized }),
                animatable: true, styled: false))
        case .position:
            visitor.visit(self, .init(.point({ $0.storage.position }, { $0.position = $1 }), animatable: true))
        case .zPosition:
            visitor.visit(self, .init(.scalar({ $0.storage.zPosition }, { $0.zPosition = $1 }), animatable: true))
        case .anchorPoint:
            visitor.visit(self, .init(.point({ $0.storage.anchorPoint }, { $0.anchorPoint = $1 }), animatable: true))
        case .anchorPointZ:
            visitor.visit(self, .init(.scalar({ $0.storage.anchorPointZ }, { $0.anchorPointZ = $1 }), animatable: true))
        case .transform:
            visitor.visit(self, .init(.transform({ $0.storage.transform }, { $0.transform = $1 }), animatable: true))
        case .sublayerTransform:
            visitor.visit(self, .init(.transform({ $0.storage.sublayerTransform }, { $0.sublayerTransform = $1 }),
                animatable: true))
        case .frame: visitor.visit(self, .init(.frame, animatable: false, styled: false))
        // Style.
        case .opacity:
            visitor.visit(self, .init(.scalar({ $0.storage.opacity }, { $0.opacity = $1 }),
                animatable: true, range: .unit))
        case .hidden:
            visitor.visit(self, .init(.boolean({ $0.storage.isHidden }, { $0.isHidden = $1 }), animatable: true))
        case .masksToBounds:
            visitor.visit(self, .init(.boolean({ $0.storage.masksToBounds }, { $0.masksToBounds = $1 }),
                animatable: true))
        case .doubleSided:
            visitor.visit(self, .init(.boolean({ $0.storage.isDoubleSided }, { $0.isDoubleSided = $1 }),
                animatable: true))
        case .geometryFlipped:
            visitor.visit(self, .init(.boolean({ $0.storage.geometryFlipped }, { $0.geometryFlipped = $1 }),
                animatable: false))
        case .cornerRadius:
            visitor.visit(self, .init(.scalar({ $0.storage.cornerRadius }, { $0.cornerRadius = $1 }),
                animatable: true, range: .nonNegative))
        // A number by key (the mask's raw value); the scene reads it as corner names.
        case .maskedCorners:

                           visitor.visit(self, .init(.scalar({ Double($0.storage.maskedCorners.rawValue) }, { $0.maskedCorners = CornerMask(truncating: $1) }),
                          animatable: false, inScene: false))
        case .borderWidth:
            visitor.visit(self, .init(.scalar({ $0.storage.borderWidth }, { $0.borderWidth = $1 }),
                animatable: true, range: .nonNegative))
        case .borderColor:
            visitor.visit(self, .init(.color({ $0.storage.borderColor }, { $0.borderColor = $1 }), animatable: true))
        case .backgroundColor:
            visitor.visit(self, .init(.color({ $0.storage.backgroundColor }, { $0.backgroundColor = $1 }),
                animatable: true))
        case .shadowColor:
            visitor.visit(self, .init(.color({ $0.storage.shadowColor }, { $0.shadowColor = $1 }), animatable: true))
        case .shadowOpacity:
            visitor.visit(self, .init(.scalar({ $0.storage.shadowOpacity }, { $0.shadowOpacity = $1 }),
                animatable: true, range: .unit))
        case .shadowOffset:
            visitor.visit(self, .init(.size({ $0.storage.shadowOffset }, { $0.shadowOffset = $1 }), animatable: true))
        case .shadowRadius:
            visitor.visit(self, .init(.scalar({ $0.storage.shadowRadius }, { $0.shadowRadius = $1 }),
                animatable: true, range: .nonNegative))
        case .contentsRect:
            visitor.visit(self, .init(.rect({ $0.storage.contentsRect }, { $0.contentsRect = $1 }), animatable: true))
        case .contentsCenter:
            visitor.visit(self, .init(.rect({ $0.storage.contentsCenter }, { $0.contentsCenter = $1 }),
                animatable: true))
        case .contentsScale:
            visitor.visit(self, .init(.scalar({ $0.storage.contentsScale }, { $0.contentsScale = $1 }),
                animatable: false, range: .positive))
        case .minificationFilterBias:
            visitor.visit(self, .init(.scalar({ $0.storage.minificationFilterBias }, { $0.minificationFilterBias = $1 }),
                animatable: false))
        // Both "Animatable" in the Quartz Core reference (the Boolean discretely, as `hidden`).
        case .shouldRasterize:
            visitor.visit(self, .init(.boolean({ $0.storage.shouldRasterize }, { $0.shouldRasterize = $1 }),
                animatable: true))
        case .rasterizationScale:

                           visitor.visit(self, .init(.scalar({ $0.storage.rasterizationScale }, { $0.rasterizationScale = $1 }),
                          animatable: true, range: .positive))
        // Shape layers (`ShapeLayer`); all animatable in Core Animation.
        case .fillColor:
            visitor.visit(self, .init(.color({ $0.storage.shape.fillColor }, { $0.shape.fillColor = $1 }),
                animatable: true))
        case .strokeColor:
            visitor.visit(self, .init(.color({ $0.storage.shape.strokeColor }, { $0.shape.strokeColor = $1 }),
                animatable: true))
        case .lineWidth:
            visitor.visit(self, .init(.scalar({ $0.storage.shape.lineWidth }, { $0.shape.lineWidth = $1 }),
                animatable: true, range: .nonNegative))
        case .miterLimit:
            visitor.visit(self, .init(.scalar({ $0.storage.shape.miterLimit }, { $0.shape.miterLimit = $1 }),
                animatable: true, range: .nonNegative))
        case .lineDashPhase:
            visitor.visit(self, .init(.scalar({ $0.storage.shape.lineDashPhase }, { $0.shape.lineDashPhase = $1 }),
                animatable: true))
        case .strokeStart:
            visitor.visit(self, .init(.scalar({ $0.storage.shape.strokeStart }, { $0.shape.strokeStart = $1 }),
                animatable: true, range: .unit))
        case .strokeEnd:
            visitor.visit(self, .init(.scalar({ $0.storage.shape.strokeEnd }, { $0.shape.strokeEnd = $1 }),
                animatable: true, range: .unit))
        // Gradient layers (`GradientLayer`).
        case .startPoint:
            visitor.visit(self, .init(.point({ $0.storage.gradient.startPoint }, { $0.gradient.startPoint = $1 }),
                animatable: true))
        case .endPoint:
            visitor.visit(self, .init(.point({ $0.storage.gradient.endPoint }, { $0.gradient.endPoint = $1 }),
                animatable: true))
        // Replicator layers (`ReplicatorLayer`); all but `preservesDepth` animatable.
        case .instanceCount:
            visitor.visit(self, .init(.scalar({ $0.storage.replicator.instanceCount }, { $0.replicator.instanceCount = $1 }),
                animatable: true, range: .nonNegative))
        case .instanceDelay:
            visitor.visit(self, .init(.scalar({ $0.storage.replicator.instanceDelay }, { $0.replicator.instanceDelay = $1 }),
                animatable: true))
        case .instanceTransform:
            visitor.visit(self, .init(
                .transform({ $0.storage.replicator.instanceTransform }, { $0.replicator.instanceTransform = $1 }),
                animatable: true))
        case .instanceColor:
            visitor.visit(self, .init(.color({ $0.storage.replicator.instanceColor }, { $0.replicator.instanceColor = $1 }),
                animatable: true))
        case .instanceRedOffset:
            visitor.visit(self, .init(
                .scalar({ $0.storage.replicator.instanceRedOffset }, { $0.replicator.instanceRedOffset = $1 }),
                animatable: true))
        case .instanceGreenOffset:
            visitor.visit(self, .init(
                .scalar({ $0.storage.replicator.instanceGreenOffset }, { $0.replicator.instanceGreenOffset = $1 }),
                animatable: true))
        case .instanceBlueOffset:
            visitor.visit(self, .init(
                .scalar({ $0.storage.replicator.instanceBlueOffset }, { $0.replicator.instanceBlueOffset = $1 }),
                animatable: true))
        case .instanceAlphaOffset:
            visitor.visit(self, .init(
                .scalar({ $0.storage.replicator.instanceAlphaOffset }, { $0.replicator.instanceAlphaOffset = $1 }),
                animatable: true))
        case .preservesDepth:
            visitor.visit(self, .init(.boolean({ $0.storage.replicator.preservesDepth }, { $0.replicator.preservesDepth = $1 }),
                animatable: false))
        // Text layers (`TextLayer`): the size and colour animatable (Core Animation's header).
        case .fontSize:
            visitor.visit(self, .init(.scalar({ $0.storage.text.fontSize }, { $0.text.fontSize = $1 }),
                animatable: true, range: .nonNegative))
        case .foregroundColor:
            visitor.visit(self, .init(.color({ $0.storage.text.foregroundColor }, { $0.text.foregroundColor = $1 }),
                animatable: true))
        case .wrapped:
            visitor.visit(self, .init(.boolean({ $0.storage.text.isWrapped }, { $0.text.isWrapped = $1 }),
                animatable: false))
        // Emitter layers (`EmitterLayer`); all animatable in Core Animation.
        case .emitterPosition:
            visitor.visit(self, .init(.point({ $0.storage.emitter.emitterPosition }, { $0.emitter.emitterPosition = $1 }),
                animatable: true))
        case .emitterZPosition:
            visitor.visit(self, .init(
                .scalar({ $0.storage.emitter.emitterZPosition }, { $0.emitter.emitterZPosition = $1 }), animatable: true))
        case .emitterSize:
            visitor.visit(self, .init(.size({ $0.storage.emitter.emitterSize }, { $0.emitter.emitterSize = $1 }),
                animatable: true))
        case .emitterDepth:
            visitor.visit(self, .init(.scalar({ $0.storage.emitter.emitterDepth }, { $0.emitter.emitterDepth = $1 }),
                animatable: true))
        case .birthRate:
            visitor.visit(self, .init(.scalar({ $0.storage.emitter.birthRate }, { $0.emitter.birthRate = $1 }),
                animatable: true))
        case .lifetime:
            visitor.visit(self, .init(.scalar({ $0.storage.emitter.lifetime }, { $0.emitter.lifetime = $1 }),
                animatable: true))
        case .velocity:
            visitor.visit(self, .init(.scalar({ $0.storage.emitter.velocity }, { $0.emitter.velocity = $1 }),
                animatable: true))
        case .scale:
            visitor.visit(self, .init(.scalar({ $0.storage.emitter.scale }, { $0.emitter.scale = $1 }), animatable: true))
        case .spin:
            visitor.visit(self, .init(.scalar({ $0.storage.emitter.spin }, { $0.emitter.spin = $1 }), animatable: true))
        // Tiled layers (`TiledLayer`): not animatable; the counts are stored as given (finite)
        // and read as whole numbers, rounded down and clamped where they are used (`TileGrid`).
        case .tileSize:
            visitor.visit(self, .init(.size({ $0.storage.tiled.tileSize }, { $0.tiled.tileSize = $1 }), animatable: false))
        case .levelsOfDetail:
            visitor.visit(self, .init(
                .scalar({ $0.storage.tiled.levelsOfDetail }, { $0.tiled.levelsOfDetail = $1 }),
                animatable: false))
        case .levelsOfDetailBias:
            visitor.visit(self, .init(
                .scalar({ $0.storage.tiled.levelsOfDetailBias }, { $0.tiled.levelsOfDetailBias = $1 }),
                animatable: false))
        // Display: a switch, not animatable (a scene cannot draw).
        case .needsDisplayOnBoundsChange:
            visitor.visit(self, .init(
                .boolean({ $0.storage.needsDisplayOnBoundsChange }, { $0.needsDisplayOnBoundsChange = $1 }),
                animatable: false, inScene: false))
        // Media timing: any number (a `ResolvedTiming` sanitises it), no action, no style.
        case .beginTime:
            visitor.visit(self, .init(.scalar({ $0.storage.timing.beginTime }, { $0.timing.beginTime = $1 }),
                timing: ()))
        case .duration:
            visitor.visit(self, .init(.scalar({ $0.storage.timing.duration }, { $0.timing.duration = $1 }), timing: ()))
        case .speed:
            visitor.visit(self, .init(.scalar({ $0.storage.timing.speed }, { $0.timing.speed = $1 }), timing: ()))
        case .timeOffset:
            visitor.visit(self, .init(.scalar({ $0.storage.timing.timeOffset }, { $0.timing.timeOffset = $1 }),
                timing: ()))
        case .repeatCount:
            visitor.visit(self, .init(.scalar({ $0.storage.timing.repeatCount }, { $0.timing.repeatCount = $1 }),
                timing: ()))
        case .repeatDuration:
            visitor.visit(self, .init(.scalar({ $0.storage.timing.repeatDuration }, { $0.timing.repeatDuration = $1 }),
                timing: ()))
        case .autoreverses:
            visitor.visit(self, .init(.boolean({ $0.storage.timing.autoreverses }, { $0.timing.autoreverses = $1 }),
                timing: ()))
        }
    }

    /// The class whose property it is (`.layer`: every layer's). Every layer stores and
    /// key-value codes it; only layers of that class draw with it, and a scene sets it only
    /// on a layer of that class. (Not in the declaration: a larger declaration made the
    /// presentation visitor too large for the optimiser to fold, +5 % instructions.)
    var owner: LayerClass {
        switch self {
        case .fillColor, .strokeColor, .lineWidth, .miterLimit, .lineDashPhase, .strokeStart, .strokeEnd: .shape
        case .startPoint, .endPoint: .gradient
        case .instanceCount, .instanceDelay, .instanceTransform, .instanceColor, .instanceRedOffset,
             .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .preservesDepth: .replicator
        case .fontSize, .foregroundColor, .wrapped: .text
        case .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .birthRate, .lifetime, .velocity, .scale,
             .spin: .emitter
        case .tileSize, .levelsOfDetail, .levelsOfDetailBias: .tiled
        default: .layer
        }
    }

    /// The key's declaration.
    var property: LayerProperty {
        var finder = DeclarationFinder()
        visit(&finder)
        return finder.found!
    }

    /// The key names, by `rawValue`.
    static let names: [String] = allCases.map { String(describing: $0) }
    /// The keys by name.
    static let byName: [String: LayerKey] = Dictionary(uniqueKeysWithValues: allCases.map { (names[$0.rawValue], $0) })

    /// The key's name (`"hidden"` for `isHidden`).
    var name: String { LayerKey.names[rawValue] }

    /// The layer properties whose values `KeyPathValue` cannot carry; key-value coding
    /// reads `nil` for them and refuses to write them.
    static let notKeyValueCodable: Set<String> = [
        "contents", "mask", "sublayers", "superlayer", "shadowPath",
        "style", "actions", "delegate", "timing", "affineTransform",
        "filters", "backgroundFilters", "compositingFilter",
        "layoutManager", "constraints", "autoresizingMask", "scrollMode",
    ]

    /// This key's bit in `LayerStorage.explicitKeys` (the first 64 keys) or in the cold
    /// box's `moreExplicitKeys` (the others): use `LayerStorage.isExplicit(_:)` and
    /// `markExplicit(_:)`.
    @inline(__always)
    var bit: UInt64 { 1 << UInt64(rawValue & 63) }

    /// The kind of value the property holds, which names its Swift type: `Double`, `Bool`,
    /// `Point`, `Size`, `Rect`, `Color?` or `Transform3D` (`LayerPropertyValue`). Never
    /// `.discrete` or `.string`.
    var kind: ValueKind { property.access.kind }

    /// Whether the key is a field of the media timing, which takes any number (a
    /// `ResolvedTiming` sanitises it); the other properties refuse non-finite ones.
    var isMediaTiming: Bool { property.isMediaTiming }

    // MARK: Access through `KeyPathValue`s

    enum WriteError: Error {
        case kindMismatch(expected: ValueKind)
        case nonFinite
    }

    /// The property's value through its getter (`nil` for an absent colour).
    func read(_ layer: Layer) -> KeyPathValue? {
        func read<T: LayerPropertyValue>(_: T.Type) -> KeyPathValue? { T.read(self, of: layer)?.keyPathValue }
        switch kind {
        case .scalar: return read(Double.self)
        case .boolean: return read(Bool.self)
        case .point: return read(Point.self)
        case .size: return read(Size.self)
        case .rect: return read(Rect.self)
        case .color: return read(Color?.self)
        case .transform: return read(Transform3D.self)
        case .string, .discrete, .path, .colorList, .numberList: return nil
        }
    }

    /// Writes `value` through the property's setter. Throws `kindMismatch` for a value of
    /// another kind and `nonFinite` for a non-finite one (except in the media timing).
    func write(_ layer: Layer, _ value: KeyPathValue?) throws(WriteError) {
        func write<T: LayerPropertyValue>(_: T.Type) throws(WriteError) {
            guard let typed = T(keyPathValue: value) else { throw .kindMismatch(expected: T.kind) }
            guard isMediaTiming || typed.isFiniteValue else { throw .nonFinite }
            typed.write(self, to: layer)
        }
        switch kind {
        case .scalar: try write(Double.self)
        case .boolean: try write(Bool.self)
        case .point: try write(Point.self)
        case .size: try write(Size.self)
        case .rect: try write(Rect.self)
        case .color: try write(Color?.self)
        case .transform: try write(Transform3D.self)
        case .string, .discrete, .path, .colorList, .numberList: break
        }
    }
}

/// One layer property's declaration (`LayerKey.visit(_:)`): how to reach its stored value,
/// and what the rest of the engine needs to know of it.
struct LayerProperty: Sendable {
    typealias Range = LayerValueRange

    /// Where the value is stored: a field of `LayerStorage` read (through the layer, so
    /// that the storage is not copied) and written by two closures without captures (no
    /// allocation), typed by the property's kind.
    enum Access: Sendable {
        typealias Field<Value> = (get: @Sendable (Layer) -> Value, set: @Sendable (inout LayerStorage, Value) -> Void)
        case scalar(Field<Double>)
        case boolean(Field<Bool>)
        case point(Field<Point>)
        case size(Field<Size>)
        case rect(Field<Rect>)
        case color(Field<Color?>)
        case transform(Field<Transform3D>)
        /// Derived from `bounds`, `position`, `anchorPoint` and `transform` (`Layer.frame`).
        case frame

        static func scalar(_ get: @escaping @Sendable (Layer) -> Double,
                           _ set: @escaping @Sendable (inout LayerStorage, Double) -> Void) -> Access { .scalar((get, set)) }
        static func boolean(_ get: @escaping @Sendable (Layer) -> Bool,
                            _ set: @escaping @Sendable (inout LayerStorage, Bool) -> Void) -> Access { .boolean((get, set)) }
        static func point(_ get: @escaping @Sendable (Layer) -> Point,
                          _ set: @escaping @Sendable (inout LayerStorage, Point) -> Void) -> Access { .point((get, set)) }
        static func size(_ get: @escaping @Sendable (Layer) -> Size,
                         _ set: @escaping @Sendable (inout LayerStorage, Size) -> Void) -> Access { .size((get, set)) }
        static func rect(_ get: @escaping @Sendable (Layer) -> Rect,
                         _ set: @escaping @Sendable (inout LayerStorage, Rect) -> Void) -> Access { .rect((get, set)) }
        static func color(_ get: @escaping @Sendable (Layer) -> Color?,
                          _ set: @escaping @Sendable (inout LayerStorage, Color?) -> Void) -> Access { .color((get, set)) }
        static func transform(_ get: @escaping @Sendable (Layer) -> Transform3D,
                              _ set: @escaping @Sendable (inout LayerStorage, Transform3D) -> Void) -> Access {
            .transform((get, set))
        }

        /// The kind of value the property holds (`frame`: a rectangle).
        var kind: ValueKind {
            switch self {
            case .scalar: .scalar
            case .boolean: .boolean
            case .point: .point
            case .size: .size
            case .rect, .frame: .rect
            case .color: .color
            case .transform: .transform
            }
        }
    }

    let access: Access
    /// Whether Core Animation animates it ("Animatable Properties" and the Quartz Core
    /// reference): it is in `LayerKeyPaths.properties`, and one of a number, point, size,
    /// rectangle, colour or transform has a default action.
    let isAnimatable: Bool
    /// Whether an unassigned property reads the style's value (`Layer.style`).
    let readsStyle: Bool
    /// Whether it is a field of the layer's media timing: any number, no action, no style.
    let isMediaTiming: Bool
    /// The values of a number that mean something.
    let range: Range
    /// Whether a scene's layer object sets it by name, as a value of its kind (the others a
    /// scene gives in a form of its own, or not at all).
    let isSceneValue: Bool
    init(_ access: Access, animatable: Bool, styled: Bool = true, range: Range = .any, inScene: Bool = true) {
        self.access = access
        isAnimatable = animatable
        readsStyle = styled
        isMediaTiming = false
        self.range = range
        isSceneValue = inScene
    }

    /// A field of the media timing (which a scene gives with the layer's other timing fields).
    init(_ access: Access, timing: Void) {
        self.access = access
        isAnimatable = false
        readsStyle = false
        isMediaTiming = true
        range = .any
        isSceneValue = false
    }
}

/// The values of a layer property's number that mean something (`LayerProperty.range`):
/// the command line's scenes refuse the others; the layer itself stores any finite number,
/// as Core Animation does.
package enum LayerValueRange: Sendable {
    case any, unit, nonNegative, positive
}

extension Layer {
    /// The properties a scene's layer object sets by name, as values of their kinds, in the
    /// table's order (`frame` after the geometry it reads, so that it wins over a bounds size
    /// and position given with it): derived from `LayerKey`'s declarations, for the command
    /// line's scene decoder.
    package static let sceneValueProperties: [(name: String, kind: ValueKind, range: LayerValueRange, owner: LayerClass)] =
        LayerKey.allCases.filter { $0.property.isSceneValue }.map { ($0.name, $0.kind, $0.property.range, $0.owner) }
}

/// Code that works on one property given its declaration, typed by the property's storage
/// (`LayerKey.visit(_:)`): `visit` is called once, with the key and its declaration.
protocol LayerPropertyVisitor {
    mutating func visit(_ key: LayerKey, _ property: LayerProperty)
}

/// The visitor that keeps the declaration it is handed (`LayerKey.property`).
private struct DeclarationFinder: LayerPropertyVisitor {
    var found: LayerProperty?
    mutating func visit(_ key: LayerKey, _ property: LayerProperty) { found = property }
}
