import CadenceGeometry
import CadenceLayers
import CadenceText

/// Reading the fields of the specialised layer classes that are not values key-value coding
/// sets (docs/command-line.md, "Scene files"): a shape layer's `path` (SVG path data),
/// `fillRule`, `lineCap`, `lineJoin` and `lineDashPattern`, and a gradient layer's `colors`,
/// `locations` and `type`, and a text layer's `string`, `font`, `alignmentMode` and
/// `truncationMode`. Their numeric and colour fields (`fillColor`, `strokeEnd`,
/// `startPoint`, `instanceCount`, …) come from the layer property table with the others.
/// Each is accepted only on a layer of its class.
extension SceneDecoder {
    /// The class fields read here, with the class each belongs to.
    static let classFields: [(name: String, owner: CadenceLayers.LayerClass)] = [
        ("path", .shape), ("fillRule", .shape), ("lineCap", .shape), ("lineJoin", .shape), ("lineDashPattern", .shape),
        ("colors", .gradient), ("locations", .gradient), ("type", .gradient),
        ("string", .text), ("font", .text), ("alignmentMode", .text), ("truncationMode", .text),
        ("emitterCells", .emitter), ("emitterShape", .emitter), ("emitterMode", .emitter), ("renderMode", .emitter),
        ("seed", .emitter), ("pattern", .tiled),
    ]

    /// Refuses `field`, a property of `owner`'s layers, on `layer` when it is of another class.
    func checkOwner(_ owner: CadenceLayers.LayerClass, of field: String, on layer: Layer, at path: JSONPath) throws {
        guard owner != .layer, layer.layerClass != owner else { return }
        throw InputError(at: path.appending(field), in: source,
                         "\(field) is a property of \(owner.rawValue) layers (add \"class\": \"\(owner.rawValue)\")")
    }

    /// Reads the class fields present in `reader` into `layer`.
    mutating func readClassFields(_ reader: JSONObjectReader, into layer: Layer, at path: JSONPath) throws {
        for field in Self.classFields where reader.value(field.name) != nil {
            try checkOwner(field.owner, of: field.name, on: layer, at: path)
        }
        if let shape = layer as? ShapeLayer {
            if let data = reader.nonNull("path") {
                let at = path.appending("path")
                let text = try JSONObjectReader.string(data, at: at, source: source)
                shape.path = try AnimationDecoder.parsePath(text, at: at, source: source, budget: budget)
            }
            if let value = reader.nonNull("fillRule") {
                shape.fillRule = try fillRule(value, at: path.appending("fillRule"))
            }
            if let cap = try reader.choice("lineCap", LineCap.self, noun: "line cap", allowsNull: true) { shape.lineCap = cap }
            if let join = try reader.choice("lineJoin", LineJoin.self, noun: "line join", allowsNull: true) {
                shape.lineJoin = join
            }
            if let pattern = try reader.array("lineDashPattern", dashLength) { shape.lineDashPattern = pattern }
        }
        if let gradient = layer as? GradientLayer {
            if let colors = try reader.array("colors", color) { gradient.colors = colors }
            if let locations = try reader.numbers("locations") { gradient.locations = locations }
            if let type = try reader.choice("type", GradientType.self, noun: "gradient type", allowsNull: true) {
                gradient.type = type
            }
        }
        if let text = layer as? TextLayer {
            if let value = reader.nonNull("string") {
                text.string = try JSONObjectReader.string(value, at: path.appending("string"), source: source)
            }
            if let value = reader.nonNull("font") {
                // A family name for fontconfig; a scene names no font files (it reads only its folder).
                let at = path.appending("font")
                let name = try JSONObjectReader.string(value, at: at, source: source)
                guard !name.contains("/"), name.utf8.count <= FontLocator.maxNameLength else {
                    throw InputError(at: at, in: source, "a font is a family name such as \"DejaVu Sans\", not a file")
                }
                text.font = name
            }
            if let mode = try reader.choice("alignmentMode", TextAlignmentMode.self, noun: "alignment mode", allowsNull: true) {
                text.alignmentMode = mode
            }
            if let mode = try reader.choice("truncationMode", TextTruncationMode.self, noun: "truncation mode",
                                            allowsNull: true)
            {
                text.truncationMode = mode
            }
        }
        if let emitter = layer as? EmitterLayer { try readEmitterFields(reader, into: emitter, at: path) }
        if let tiled = layer as? TiledLayer, let value = reader.nonNull("pattern") {
            tiled.pattern = try tiledPattern(value, at: path.appending("pattern"))
        }
    }

    /// The fields of a tiled layer's `"pattern"` object.
    static let tiledPatternFields = ["color", "alternateColor", "cellSize"]

    /// A tiled layer's `"pattern"`: a checkerboard of `color` (default white) and
    /// `alternateColor` (default black) whose squares are `cellSize` pixels (default 32,
    /// 2…4096) at every level of detail.
    private func tiledPattern(_ json: JSONValue, at path: JSONPath) throws -> TiledLayerPattern {
        let reader = try JSONObjectReader(json, at: path, source: source)
        try reader.rejectUnknownFields(Self.tiledPatternFields)
        var pattern = TiledLayerPattern(color: .white, alternateColor: .black, cellSize: 32)
        if let value = reader.nonNull("color") { pattern.color = try color(value, at: path.appending("color")) }
        if let value = reader.nonNull("alternateColor") {
            pattern.alternateColor = try color(value, at: path.appending("alternateColor"))
        }
        if let size = try reader.number("cellSize", in: 2...4096) { pattern.cellSize = size }
        return pattern
    }

    /// One length of a dash pattern: a number, not negative.
    private func dashLength(_ json: JSONValue, at path: JSONPath) throws -> Double {
        let length = try JSONObjectReader.number(json, at: path, source: source)
        guard length >= 0 else { throw InputError(at: path, in: source, "\(JSONValue.format(length)) is negative") }
        return length
    }

    /// A fill rule by its name (`"nonZero"`, `"evenOdd"`), or by Core Animation's string
    /// values of the constants (`"non-zero"`, `"even-odd"`).
    private func fillRule(_ value: JSONValue, at path: JSONPath) throws -> FillRule {
        switch value {
        case .string("non-zero"): return .nonZero
        case .string("even-odd"): return .evenOdd
        default: return try JSONObjectReader.choice(value, FillRule.self, noun: "fill rule", at: path, source: source)
        }
    }
}
