import CadenceGeometry
import CadenceLayers

/// Reading an emitter layer's fields that are not values key-value coding sets
/// (docs/command-line.md, "Scene files"): `emitterShape`, `emitterMode`, `renderMode`,
/// `seed` and `emitterCells`, whose objects carry `CAEmitterCell`'s property names (and
/// their own `emitterCells`). A cell's `contents` is a PNG file, as a layer's is.
extension SceneDecoder {
    /// The numeric fields of a cell object, with where each goes.
    static let emitterCellNumbers: [(name: String, field: WritableKeyPath<EmitterCell, Double> & Sendable)] = [
        ("birthRate", \.birthRate), ("lifetimeRange", \.lifetimeRange),
        ("velocity", \.velocity), ("velocityRange", \.velocityRange),
        ("xAcceleration", \.xAcceleration), ("yAcceleration", \.yAcceleration), ("zAcceleration", \.zAcceleration),
        ("emissionLatitude", \.emissionLatitude), ("emissionLongitude", \.emissionLongitude),
        ("emissionRange", \.emissionRange), ("spin", \.spin), ("spinRange", \.spinRange),
        ("scale", \.scale), ("scaleRange", \.scaleRange), ("scaleSpeed", \.scaleSpeed),
        ("redRange", \.redRange), ("greenRange", \.greenRange), ("blueRange", \.blueRange), ("alphaRange", \.alphaRange),
        ("redSpeed", \.redSpeed), ("greenSpeed", \.greenSpeed), ("blueSpeed", \.blueSpeed), ("alphaSpeed", \.alphaSpeed),
        ("contentsScale", \.contentsScale),
    ]

    /// Every field a cell object may have.
    static let emitterCellFields = emitterCellNumbers.map(\.name)
        + ["name", "enabled", "lifetime", "color", "contents", "emitterCells"]

    /// The most cells in one emitter layer's `emitterCells`, nested ones included: 1,024 (each layer is also charged to the scene's memory budget).
    static let maxEmitterCells = 1024
    /// How deep cell objects nest: `EmitterLayer.maxCellDepth`.
    static let maxEmitterCellDepth = EmitterLayer.maxCellDepth

    mutating func readEmitterFields(_ reader: JSONObjectReader, into emitter: EmitterLayer, at path: JSONPath) throws {
        if let shape = try reader.choice("emitterShape", EmitterShape.self, noun: "emitter shape", allowsNull: true) {
            emitter.emitterShape = shape
        }
        if let mode = try reader.choice("emitterMode", EmitterMode.self, noun: "emitter mode", allowsNull: true) {
            emitter.emitterMode = mode
        }
        if let mode = try reader.choice("renderMode", EmitterRenderMode.self, noun: "render mode", allowsNull: true) {
            emitter.renderMode = mode
        }
        if let seed = try reader.number("seed", in: 0...Double(UInt32.max)) {
            guard seed == seed.rounded() else {
                throw InputError(at: path.appending("seed"), in: source, "\(JSONValue.format(seed)) is not a whole number")
            }
            emitter.seed = UInt32(seed)
        }
        var count = 0
        if let cells = try reader.array("emitterCells", { try emitterCell($0, at: $1, depth: 1, count: &count) }) {
            emitter.emitterCells = cells
        }
    }

    /// The cell object at `path`, `depth` levels down (1: the layer's own cells).
    private mutating func emitterCell(_ json: JSONValue, at path: JSONPath, depth: Int, count: inout Int) throws -> EmitterCell {
        let reader = try JSONObjectReader(json, at: path, source: source)
        try reader.rejectUnknownFields(Self.emitterCellFields)
        count += 1
        guard count <= Self.maxEmitterCells else {
            throw InputError(at: path, in: source, "more than \(Self.maxEmitterCells) emitter cells")
        }
        guard depth <= Self.maxEmitterCellDepth else {
            throw InputError(at: path, in: source, "emitter cells nest deeper than \(Self.maxEmitterCellDepth)")
        }
        var cell = EmitterCell()
        if let name = reader.nonNull("name") { cell.name = try JSONObjectReader.string(name, at: path.appending("name"), source: source) }
        if let enabled = try reader.bool("enabled") { cell.isEnabled = enabled }
        for entry in Self.emitterCellNumbers {
            if let value = try reader.number(entry.name) { cell[keyPath: entry.field] = value }
        }
        if let lifetime = try reader.countOrInfinity("lifetime") { cell.lifetime = lifetime }
        if let value = reader.nonNull("color") { cell.color = try color(value, at: path.appending("color")) }
        if let file = reader.nonNull("contents") {
            let at = path.appending("contents")
            cell.contents = try contents(try JSONObjectReader.string(file, at: at, source: source), at: at, layer: cell.name)
        }
        if let cells = try reader.array("emitterCells", { try emitterCell($0, at: $1, depth: depth + 1, count: &count) }) {
            cell.emitterCells = cells
        }
        return cell
    }
}
