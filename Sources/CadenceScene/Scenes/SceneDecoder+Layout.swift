import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceText

/// Reading the layout and scrolling fields of a layer object (docs/command-line.md, "Scene
/// files"): `class`, `autoresizingMask`, `layoutManager`, `constraints`, `scrollMode` and
/// `scrolls`, and the timed model `changes` that set them in motion. Names are Core Animation's without prefix.
extension SceneDecoder {
    /// The layer classes a scene may name (`"class"`); the others are not built yet.
    /// `scroll` is a plain layer that scrolls; the rest are `CadenceLayers.LayerClass`es.
    enum LayerClass: String, CaseIterable {
        case layer, scroll, shape, gradient, replicator, transform, text, emitter, tiled

        /// The class of the layer object made for it.
        var layerClass: CadenceLayers.LayerClass {
            switch self {
            case .layer, .scroll: .layer
            case .shape: .shape
            case .gradient: .gradient
            case .replicator: .replicator
            case .transform: .transform
            case .text: .text
            case .emitter: .emitter
            case .tiled: .tiled
            }
        }
    }

    /// The layout managers a scene may name (`"layoutManager"`).
    enum LayoutManagerName: String, CaseIterable {
        case constraints
    }

    /// The autoresizing flags by their Core Animation names (`kCALayerMinXMargin` …).
    enum AutoresizingName: String, CaseIterable {
        case minXMargin, widthSizable, maxXMargin, minYMargin, heightSizable, maxYMargin

        var flag: AutoresizingMask {
            switch self {
            case .minXMargin: .minXMargin
            case .widthSizable: .widthSizable
            case .maxXMargin: .maxXMargin
            case .minYMargin: .minYMargin
            case .heightSizable: .heightSizable
            case .maxYMargin: .maxYMargin
            }
        }
    }

    /// The constraint attributes by their Core Animation names (`kCAConstraintMinX` …).
    enum AttributeName: String, CaseIterable {
        case minX, midX, maxX, width, minY, midY, maxY, height

        var attribute: Constraint.Attribute { Constraint.Attribute.allCases[AttributeName.allCases.firstIndex(of: self)!] }
    }

    /// The layout and scrolling fields of a layer object.
    static let layoutFields = ["class", "autoresizingMask", "layoutManager", "constraints", "scrollMode", "scrolls", "changes"]
    static let constraintFields = ["attribute", "relativeTo", "attribute2", "scale", "offset"]
    static let scrollFields = ["time", "toPoint", "toRect", "animationDuration"]
    static let changeFields = ["time", "keyPath", "value", "animationDuration"]
    /// The fields that schedule something over time rather than describe the layer (a
    /// transition's previous rendering does not repeat them).
    static let scheduledFields = ["scrolls", "changes"]

    /// A new layer of the class `"class"` names, before its other fields are read (so a
    /// scroll layer's `masksToBounds` default can be overridden by the object).
    func readClass(_ reader: JSONObjectReader) throws -> (Layer, LayerClass) {
        let layerClass = try reader.choice("class", LayerClass.self, noun: "layer class", allowsNull: true) ?? .layer
        let layer = Layer.make(layerClass.layerClass)
        // A text layer draws through the font renderer (CadenceText), installed once.
        if layerClass == .text { FontTextRenderer.install() }
        if layerClass == .scroll {
            layer.scrollMode = .both
            layer.masksToBounds = true
        }
        return (layer, layerClass)
    }

    /// Reads `autoresizingMask`, `layoutManager`, `constraints`, `scrollMode`, `scrolls` and
    /// `changes` into `layer`, of class `layerClass`. Scrolls and changes are kept in
    /// `changes`, applied when the scene is rendered.
    mutating func readLayout(_ reader: JSONObjectReader, into layer: Layer, class layerClass: LayerClass) throws {
        let path = reader.path
        if let names = try reader.array("autoresizingMask", { value, at in
            try JSONObjectReader.choice(value, AutoresizingName.self, noun: "autoresizing flag", at: at, source: source)
        }) {
            layer.autoresizingMask = AutoresizingMask(names.map(\.flag))
        }
        if try reader.choice("layoutManager", LayoutManagerName.self, noun: "layout manager", allowsNull: true) != nil {
            layer.layoutManager = ConstraintLayoutManager()
        }
        if let constraints = try reader.array("constraints", { value, at in try constraint(value, at: at) }) {
            layer.constraints = constraints
        }
        let scrollOnly = ["scrollMode", "scrolls"].filter { reader.nonNull($0) != nil }
        if layerClass != .scroll, let field = scrollOnly.first {
            throw InputError(at: path.appending(field), in: source, "only a \"scroll\" layer scrolls (add \"class\": \"scroll\")")
        }
        if let mode = try reader.choice("scrollMode", ScrollMode.self, noun: "scroll mode", allowsNull: true) {
            layer.scrollMode = mode
        }
        if let events = try reader.array("scrolls", { value, at in try scroll(value, of: layer, at: at) }) {
            changes += events
        }
        if let events = try reader.array("changes", { value, at in try change(value, of: layer, at: at) }) {
            changes += events
        }
    }

    /// A reader of the timed object (a scroll or a change) at `path` with only `fields`, its
    /// `time` (finite, required) and its `animationDuration` (≥ 0, default 0.25).
    private func timedObject(_ json: JSONValue, fields: [String], at path: JSONPath) throws
        -> (reader: JSONObjectReader, time: Double, duration: Double)
    {
        let reader = try JSONObjectReader(json, at: path, source: source)
        try reader.rejectUnknownFields(fields)
        let time = try JSONObjectReader.number(try reader.required("time", "a number"), at: path.appending("time"), source: source)
        let duration = try reader.nonNegativeNumber("animationDuration") ?? TransactionContext.defaultAnimationDuration
        return (reader, time, duration)
    }

    /// The change object at `path` for `layer`: a `time` (finite, required), a `keyPath`
    /// naming an animatable layer property or a structure field of one, and a `value` of
    /// its kind; `animationDuration` (≥ 0, default 0.25) is the transaction's, 0 for a
    /// jump. At `time` the model value is set, so it animates as an implicit action and
    /// the sublayers follow by autoresizing and layout.
    private func change(_ json: JSONValue, of layer: Layer, at path: JSONPath) throws -> SceneSchedule.Change {
        let (reader, time, duration) = try timedObject(json, fields: Self.changeFields, at: path)
        let keyPathPath = path.appending("keyPath")
        let keyPath = try JSONObjectReader.string(try reader.required("keyPath", "a key path"), at: keyPathPath, source: source)
        guard let type = try ValueKind.of(keyPath: keyPath, at: keyPathPath, source: source, refusal: "scenes do not change")?.valueType
        else {
            throw InputError(at: keyPathPath, in: source, "\(MessageText.quoted(keyPath)) is not an animatable layer property")
        }
        let value = try type.read(try reader.required("value", "a value"), at: path.appending("value"), source: source, budget: budget).keyPathValue
        // The value is finite (JSON has no other numbers), so the layer takes it.
        return SceneSchedule.Change(time: time, animationDuration: duration) { try? layer.setValue(value, forKeyPath: keyPath) }
    }

    /// The constraint object at `path`: `attribute`, `relativeTo` (a sibling's name, or
    /// `"superlayer"`) and `attribute2` required; `scale` (default 1) and `offset`
    /// (default 0) finite numbers.
    private func constraint(_ json: JSONValue, at path: JSONPath) throws -> Constraint {
        let reader = try JSONObjectReader(json, at: path, source: source)
        try reader.rejectUnknownFields(Self.constraintFields)
        func attribute(_ key: String) throws -> Constraint.Attribute {
            let value = try reader.required(key, "an attribute name")
            return try JSONObjectReader.choice(value, AttributeName.self, noun: "attribute", at: path.appending(key), source: source).attribute
        }
        let target = try attribute("attribute")
        let name = try JSONObjectReader.string(try reader.required("relativeTo", "a layer name"), at: path.appending("relativeTo"), source: source)
        let sourceAttribute = try attribute("attribute2")
        return Constraint(attribute: target, relativeTo: name, attribute: sourceAttribute,
                          scale: try reader.number("scale") ?? 1, offset: try reader.number("offset") ?? 0)
    }

    /// The scroll object at `path` for `layer`: a `time` (finite, required) and exactly one
    /// of `toPoint` and `toRect`; `animationDuration` (≥ 0, default 0.25) is the
    /// transaction's, 0 for a jump.
    private func scroll(_ json: JSONValue, of layer: Layer, at path: JSONPath) throws -> SceneSchedule.Change {
        let (reader, time, duration) = try timedObject(json, fields: Self.scrollFields, at: path)
        let point = try reader.nonNull("toPoint").map { try Point.read($0, at: path.appending("toPoint"), source: source) }
        let rect = try reader.nonNull("toRect").map { try Rect.read($0, at: path.appending("toRect"), source: source) }
        let apply: () -> Void
        switch (point, rect) {
        case let (point?, nil): apply = { layer.scroll(to: point) }
        case let (nil, rect?): apply = { layer.scroll(to: rect) }
        case (nil, nil): throw InputError(at: path, in: source, "give \"toPoint\" or \"toRect\"")
        case (_?, _?): throw InputError(at: path.appending("toRect"), in: source, "give \"toPoint\" or \"toRect\", not both")
        }
        return SceneSchedule.Change(time: time, animationDuration: duration, apply: apply)
    }
}
