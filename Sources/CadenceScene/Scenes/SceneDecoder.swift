import CadencePixels
import CadenceCompositor
import CadenceGeometry
import CadenceLayers

/// Reads a scene document (docs/command-line.md, "Scene files") into a `Scene`, strictly: unknown
/// fields are errors, every value is checked for its type, shape and range, and each error
/// names its path (`layers[0].sublayers[2].cornerRadius`). Contents images are read and
/// decoded here, so a scene that decodes renders without touching the file system.
///
/// Nesting is bounded by `JSONParser.maxDepth` (256 levels of arrays and objects): a layer
/// and its `sublayers` array take two levels, so sublayers nest about 127 deep and masks
/// about 255; deeper documents are refused by the parser, so the recursion here and in the
/// compositor stays shallow.
///
/// Resources: each contents file is read within `inputLimit` and decoded once per file
/// (by device and inode, whatever the spelling of its path); layers (`layerCost` each),
/// animations, paths and images (with their mip chains and decoding scratch) are charged
/// to `budget` before they are made.
package struct SceneDecoder {
    /// The document's name, reported for errors about the document itself.
    let source: String
    /// The folder that `contents` paths are relative to, with its final `/` (empty for
    /// the working directory).
    let folder: String
    /// The largest contents file read.
    let inputLimit: Int
    /// What the decoded scene is charged to.
    let budget: MemoryBudget
    /// The contents images read so far, by the file they were read from.
    var images: [InputFile.Identity: Bitmap] = [:]

    /// The bytes charged per layer: the model layer (about 1.3 KiB with its property
    /// storage), its presentation copy and its render-list item at each frame, rounded up.
    static let layerCost = 4 << 10
    /// The timed changes read so far (`scrolls` of scroll layers, `changes` of any
    /// layer), for the scene's schedule.
    var changes: [SceneSchedule.Change] = []

    /// A decoder for the document `source`, whose `contents` paths are relative to
    /// `folder` (a path, with or without its final `/`; empty for the working directory).
    init(
        source: String, folder: String, inputLimit: Int = FileAccess.defaultInputLimit,
        budget: MemoryBudget = MemoryBudget()
    ) {
        self.source = source
        self.folder = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        self.inputLimit = inputLimit
        self.budget = budget
    }

    /// A decoder for the scene file at `path` (`-` is standard input, named `stdin`,
    /// whose contents paths are relative to the working directory).
    package init(file path: String, inputLimit: Int = FileAccess.defaultInputLimit, budget: MemoryBudget = MemoryBudget()) {
        guard path != "-" else {
            self.init(source: "stdin", folder: "", inputLimit: inputLimit, budget: budget)
            return
        }
        self.init(source: path, folder: Self.folder(of: path), inputLimit: inputLimit, budget: budget)
    }

    /// The folder of the file at `path`, with its final `/` (empty for a name without one).
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    static let sceneFields = ["canvas", "layers"]
    static let canvasFields = ["width", "height", "scale", "background", "origin"]

    /// The scene in `json`.
    package mutating func scene(_ json: JSONValue) throws -> Scene {
        let reader = try JSONObjectReader(json, at: .root, source: source)
        try reader.rejectUnknownFields(Self.sceneFields)
        let canvas = try self.canvas(try reader.required("canvas", "an object"), at: JSONPath.root.appending("canvas"))
        var layers: [Layer] = []
        if let value = reader.nonNull("layers") {
            let path = JSONPath.root.appending("layers")
            for (index, element) in try JSONObjectReader.array(value, at: path, source: source).enumerated() {
                layers.append(try layer(element, at: path.appending(index)))
            }
        }
        // Layout (constraints) before the first frame; scrolls as frames are rendered.
        for root in layers { root.layoutIfNeeded() }
        // Display (text layers lay their text out in their laid-out bounds).
        for root in layers { root.displayTreeIfNeeded() }
        let schedule = changes.isEmpty ? nil : SceneSchedule(changes, roots: layers)
        return Scene(canvas: canvas, layers: layers, schedule: schedule)
    }

    // MARK: Canvas

    /// The canvas object at `path`: a size in points whose pixels (× `scale`, rounded)
    /// are 1…16384 on each side, a positive scale, an optional background colour and
    /// origin.
    func canvas(_ json: JSONValue, at path: JSONPath) throws -> Canvas {
        let reader = try JSONObjectReader(json, at: path, source: source)
        try reader.rejectUnknownFields(Self.canvasFields)
        let scale = try positive(reader, "scale") ?? 1
        func side(_ key: String) throws -> Double {
            _ = try reader.required(key, "a number")
            let points = try positive(reader, key)!
            let pixels = (points * scale).rounded()
            let at = "\(JSONValue.format(points)) at scale \(JSONValue.format(scale))"
            guard pixels >= 1 else { throw InputError(at: path.appending(key), in: source, "\(at) is less than 1 pixel") }
            guard pixels <= Double(Scene.maxPixels) else {
                throw InputError(at: path.appending(key), in: source, "\(at) is more than \(Scene.maxPixels) pixels (the limit)")
            }
            return points
        }
        let width = try side("width")
        let height = try side("height")
        let background = try reader.nonNull("background").map { try color($0, at: path.appending("background")) }
        let origin = try reader.choice("origin", Canvas.Origin.self, noun: "origin") ?? .topLeft
        return Canvas(width: width, height: height, scale: scale, background: background, origin: origin)
    }

    // MARK: Values

    /// The number at `key` of `reader`, which must be above 0; `nil` when absent.
    func positive(_ reader: JSONObjectReader, _ key: String) throws -> Double? {
        guard let number = try reader.number(key) else { return nil }
        guard number > 0 else { throw InputError(at: reader.path.appending(key), in: source, "\(JSONValue.format(number)) is not positive") }
        return number
    }

    /// The colour `[r, g, b, a]` at `path`, each component in 0…1.
    func color(_ json: JSONValue, at path: JSONPath) throws -> Color {
        let color = try Color.read(json, at: path, source: source)
        for (index, component) in [color.red, color.green, color.blue, color.alpha].enumerated() {
            _ = try JSONObjectReader.check(component, in: 0...1, at: path.appending(index), source: source)
        }
        return color
    }
}
