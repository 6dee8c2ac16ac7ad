import CadenceLayers
import CadenceAnimation
import CadenceTiming

/// Reads the animation objects of a request (docs/command-line.md, "Animations") into the
/// library's animations, strictly: the `type` decides which fields are known, every
/// field is checked for its type and range, and each error names its path
/// (`animations[0].values[2]`).
///
/// Values are read as the kind of the request's key path, or of the structure field an
/// animation's own `keyPath` names (`position.x` in a `position` request is a scalar); an
/// animation with a `valueFunction` reads numbers (or `[x, y, z]` for `scale` and
/// `translate`) and must animate a whole transform.
///
/// The animations of a scene's layers have no request key path: each property animation
/// names its own, a layer property or a structure field of one, whose kind the property
/// table gives (`AnimationDecoder+Layers.swift`).
///
/// **Memory.** Each animation is charged to `budget` before it is built, at sizes that
/// bound what the library keeps (measured, rounded up): `animationCost` (1 KiB) an
/// animation, `timingFunctionCost` (1 KiB) a timing function (its ~1 KiB table),
/// `keyframeCost` (256 bytes) a keyframe, `pacedSegmentCost` (16 KiB) a segment of a paced
/// or cubicPaced animation (its pacing tables, at most 116 pieces), and `pathElementCost`
/// (1 KiB) an element of a `path` (segment, speed function, arc-length panels).
struct AnimationDecoder {
    /// The request's key path, which animations without their own `keyPath` animate, and
    /// the kind of its values; `nil` for the animations of a scene's layers.
    let request: (keyPath: String, kind: ValueKind)?
    /// The document's name, reported for errors about the document itself.
    let source: String
    /// What the decoded animations are charged to.
    let budget: MemoryBudget

    static let animationCost = 1 << 10
    static let timingFunctionCost = 1 << 10
    static let keyframeCost = 256
    static let pacedSegmentCost = 16 << 10
    static let pathElementCost = 1 << 10

    /// A decoder for the animations of a `cadence sample` request of `keyPath`.
    init(keyPath: String, kind: ValueKind, source: String, budget: MemoryBudget = MemoryBudget()) {
        request = (keyPath, kind)
        self.source = source
        self.budget = budget
    }

    /// A decoder for the animations of a scene's layers (`cadence render`).
    init(layerAnimationsIn source: String, budget: MemoryBudget = MemoryBudget()) {
        request = nil
        self.source = source
        self.budget = budget
    }

    /// Charges `bytes` of `what` to the budget, located at `path`.
    func charge(_ bytes: Int, _ what: @autoclosure () -> String, at path: JSONPath) throws {
        try budget.charge(bytes, for: what(), at: path.isRoot ? MessageText.path(source) : path.description)
    }

    /// The `type` of an animation object.
    enum AnimationType: String, CaseIterable {
        case basic, keyframe, group, transition
    }

    /// What every animation object has besides its `type`.
    struct Common {
        var timing: MediaTiming
        var timingFunction: TimingFunction?
        var isRemovedOnCompletion: Bool
    }

    /// What a property animation animates: its key path, the kind there, and its value
    /// function.
    struct PropertyContext {
        var keyPath: String
        var kind: ValueKind
        var valueFunction: ValueFunction? = nil
    }

    static let commonFields = ["type"] + MediaTiming.fieldNames + ["timingFunction", "removedOnCompletion"]
    static let propertyFields = commonFields + ["keyPath", "additive", "cumulative", "valueFunction"]
    /// The fields each type knows; any other is an error.
    static let fields: [AnimationType: [String]] = [
        .basic: propertyFields + ["fromValue", "toValue", "byValue"],
        .keyframe: propertyFields + [
            "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
            "continuityValues", "biasValues", "rotationMode",
        ],
        .group: commonFields + ["animations"],
        .transition: commonFields + ["transitionType", "subtype", "startProgress", "endProgress", "previous"],
    ]

    /// The animation object `value` at `path`, where a transition may not have `previous`.
    func animation(_ value: JSONValue, at path: JSONPath) throws -> Animation {
        try animation(value, at: path, allowsPrevious: false)
    }

    /// The animation object `value` at `path`.
    ///
    /// A transition's `previous` (its previous rendering, a layer object) is read by the
    /// scene decoder, so only where `allowsPrevious` says: on a transition directly in a
    /// scene layer's `animations`. Anywhere else — inside a group, or in `cadence sample`,
    /// which has no layer to render — it is refused with a message saying so; on the other
    /// types it is an unknown field.
    func animation(_ value: JSONValue, at path: JSONPath, allowsPrevious: Bool) throws -> Animation {
        let reader = try JSONObjectReader(value, at: path, source: source)
        try charge(Self.animationCost, "the animation", at: path)
        // The type decides which fields are known, so it is checked first.
        _ = try reader.required("type", "a string")
        let type = try reader.choice("type", AnimationType.self, noun: "animation type")!
        try reader.rejectUnknownFields(Self.fields[type]!)

        var timingFunction: TimingFunction?
        if let value = reader.nonNull("timingFunction") {
            try charge(Self.timingFunctionCost, "the timing function", at: path.appending("timingFunction"))
            timingFunction = try TimingFunction.parse(json: value, at: path.appending("timingFunction"), source: source)
        }
        let common = Common(
            timing: try MediaTiming(reading: reader, durationNote: " (0 means the 0.25 s default)"),
            timingFunction: timingFunction,
            isRemovedOnCompletion: try reader.bool("removedOnCompletion") ?? true)

        switch type {
        case .basic, .keyframe:
            return .property(try property(type, reader, common))
        case .group:
            return .group(AnimationGroup(
                animations: try reader.array("animations", animation) ?? [],
                timing: common.timing, timingFunction: common.timingFunction,
                isRemovedOnCompletion: common.isRemovedOnCompletion))
        case .transition:
            if !allowsPrevious, reader.value("previous") != nil {
                let message = request != nil
                    ? "a previous rendering belongs to a transition on a scene layer (cadence render); cadence sample has no layer to render"
                    : "allowed only on a transition directly in a layer's animations, not inside a group"
                throw InputError(at: path.appending("previous"), in: source, message)
            }
            return .transition(Transition(
                type: try reader.choice("transitionType", TransitionType.self, noun: "transition type") ?? .fade,
                subtype: try reader.choice("subtype", TransitionSubtype.self, noun: "subtype", allowsNull: true),
                startProgress: try reader.number("startProgress", in: 0...1) ?? 0,
                endProgress: try reader.number("endProgress", in: 0...1) ?? 1,
                timing: common.timing, timingFunction: common.timingFunction,
                isRemovedOnCompletion: common.isRemovedOnCompletion))
        }
    }

    // MARK: Property animations

    /// A basic or keyframe animation: its key path, value function and value type are
    /// resolved, then its values are read as that type.
    private func property(_ type: AnimationType, _ reader: JSONObjectReader, _ common: Common) throws -> PropertyAnimation {
        let keyPathAt = reader.path.appending("keyPath")
        let ownKeyPath: String
        let ownKind: ValueKind
        if let value = reader.nonNull("keyPath") {
            ownKeyPath = try JSONObjectReader.string(value, at: keyPathAt, source: source)
            ownKind = try fieldKind(of: ownKeyPath, at: keyPathAt)
        } else if let request {
            (ownKeyPath, ownKind) = request
        } else {
            throw InputError(at: keyPathAt, in: source, "missing (a string is required)")
        }
        guard let function = try reader.choice("valueFunction", ValueFunction.self, noun: "value function", allowsNull: true)
        else { return try typed(ownKind.valueType!, type, reader, common, PropertyContext(keyPath: ownKeyPath, kind: ownKind)) }

        guard ownKind == .transform else {
            throw InputError(
                at: reader.path.appending("valueFunction"), in: source,
                "a value function makes a transform, but \(MessageText.quoted(ownKeyPath)) takes \(ownKind.rawValue) values")
        }
        // `scale` and `translate` read [x, y, z] when the first value is an array, else one
        // number for all three axes; the other functions read one number.
        let first = type == .basic
            ? ["fromValue", "toValue", "byValue"].lazy.compactMap(reader.nonNull).first
            : reader.nonNull("values").flatMap { if case .array(let values) = $0 { values.first } else { nil } }
        var valueType: any JSONAnimatableValue.Type = Double.self
        if function.arity == 3, case .array? = first { valueType = AnimatableVector.self }
        let property = PropertyContext(keyPath: ownKeyPath, kind: ownKind, valueFunction: function)
        return try typed(valueType, type, reader, common, property)
    }

    /// The kind of an animation's own `keyPath`: the request's key path itself, or a
    /// structure field of it (`position.x` in `position`, `transform.rotation.z` in
    /// `transform`).
    private func fieldKind(of ownKeyPath: String, at path: JSONPath) throws -> ValueKind {
        guard let (keyPath, kind) = request else { return try layerKind(of: ownKeyPath, at: path) }
        try ValueKind.checkComponents(of: ownKeyPath, at: path, source: source)
        guard let field = AnimationEvaluator.field(of: ownKeyPath, in: keyPath) else {
            throw InputError(
                at: path, in: source,
                "\(MessageText.quoted(ownKeyPath)) is neither the request's keyPath \(MessageText.quoted(keyPath)) nor a field of it")
        }
        if field.isEmpty { return kind }
        guard let fieldKind = LayerKeyPaths.structureFields[kind]?[field] else {
            throw InputError(at: path, in: source, ValueKind.fieldMessage(field, of: keyPath, kind: kind))
        }
        return fieldKind
    }

    /// The animation of `type` whose values are `V`s.
    private func typed<V: JSONAnimatableValue>(
        _: V.Type, _ type: AnimationType, _ reader: JSONObjectReader, _ common: Common, _ property: PropertyContext
    ) throws -> PropertyAnimation {
        func value(_ key: String) throws -> V? {
            try reader.nonNull(key).map { try V.read($0, at: reader.path.appending(key), source: source, budget: budget) }
        }
        let isAdditive = try reader.bool("additive") ?? false
        let isCumulative = try reader.bool("cumulative") ?? false
        guard type == .basic else {
            return PropertyAnimation(
                try keyframe(V.self, reader, common, property, isAdditive: isAdditive, isCumulative: isCumulative))
        }
        return PropertyAnimation(BasicAnimation<V>(
            keyPath: property.keyPath, fromValue: try value("fromValue"), toValue: try value("toValue"),
            byValue: try value("byValue"), timing: common.timing, timingFunction: common.timingFunction,
            isAdditive: isAdditive, isCumulative: isCumulative, isRemovedOnCompletion: common.isRemovedOnCompletion,
            valueFunction: property.valueFunction))
    }
}
