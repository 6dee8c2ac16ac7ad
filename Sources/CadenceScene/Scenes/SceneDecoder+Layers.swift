import CadenceImageIO
import CadencePixels
import CadenceAnimation
import CadenceCompositor
import CadenceLayers
import CadenceTiming

/// Reading the layer objects of a scene: `CALayer`'s property names, `frame` as a
/// convenience, `sublayers`, `mask`, `animations` by key and the layer's own media timing.
extension SceneDecoder {
    /// A layer property a scene sets through key-value coding (`Layer.setValue(_:forKeyPath:)`),
    /// with the kind of its value and the range of its numbers.
    typealias ValueField = (name: String, kind: ValueKind, range: LayerValueRange, owner: CadenceLayers.LayerClass)

    /// The properties written through key-value coding, in the order they are applied: the
    /// layer's property table (`Layer.sceneValueProperties`), where `frame` comes after
    /// `bounds`, `position`, `anchorPoint` and `transform`, which it reads, so that it wins
    /// over the bounds size and position given with it.
    static let valueFields: [ValueField] = Layer.sceneValueProperties

    /// Every field a layer object may have (and a transition's `previous` object).
    static let layerFields = ["name"] + valueFields.map(\.name) + [
        "maskedCorners", "cornerCurve", "shadowPath", "contents", "contentsGravity", "magnificationFilter",
        "minificationFilter", "mask", "sublayers", "animations",
    ] + classFields.map(\.name) + layoutFields + MediaTiming.fieldNames

    /// The layer object at `path`, with its sublayers, mask and animations.
    mutating func layer(_ json: JSONValue, at path: JSONPath) throws -> Layer {
        let reader = try JSONObjectReader(json, at: path, source: source)
        try reader.rejectUnknownFields(Self.layerFields)
        try budget.charge(Self.layerCost, for: "the layer", at: path.isRoot ? MessageText.path(source) : path.description)
        let (layer, layerClass) = try readClass(reader)
        if let name = reader.nonNull("name") {
            layer.name = try JSONObjectReader.string(name, at: path.appending("name"), source: source)
        }
        for field in Self.valueFields {
            guard let json = reader.value(field.name) else { continue }
            try checkOwner(field.owner, of: field.name, on: layer, at: path)
            try set(field, json, on: layer, at: path.appending(field.name))
        }
        try readClassFields(reader, into: layer, at: path)
        if let corners = try reader.array("maskedCorners", corner) { layer.maskedCorners = CornerMask(corners) }
        if let curve = try reader.choice("cornerCurve", CornerCurve.self, noun: "corner curve", allowsNull: true) {
            layer.cornerCurve = curve
        }
        if let data = reader.nonNull("shadowPath") {
            let at = path.appending("shadowPath")
            let text = try JSONObjectReader.string(data, at: at, source: source)
            layer.shadowPath = try AnimationDecoder.parsePath(text, at: at, source: source, budget: budget)
        }
        if let file = reader.nonNull("contents") {
            let at = path.appending("contents")
            layer.contents = try contents(try JSONObjectReader.string(file, at: at, source: source), at: at, layer: layer.name)
        }
        if let gravity = try reader.choice("contentsGravity", ContentsGravity.self, noun: "contents gravity", allowsNull: true) {
            layer.contentsGravity = gravity
        }
        if let filter = try reader.choice("magnificationFilter", ContentsFilter.self, noun: "filter", allowsNull: true) {
            layer.magnificationFilter = filter
        }
        if let filter = try reader.choice("minificationFilter", ContentsFilter.self, noun: "filter", allowsNull: true) {
            layer.minificationFilter = filter
        }
        layer.timing = try MediaTiming(reading: reader, durationNote: " (0 means infinite)")
        try readLayout(reader, into: layer, class: layerClass)

        if let mask = reader.nonNull("mask") {
            try layer.setMask(try self.layer(mask, at: path.appending("mask")))
        }
        if let sublayers = reader.nonNull("sublayers") {
            let at = path.appending("sublayers")
            for (index, element) in try JSONObjectReader.array(sublayers, at: at, source: source).enumerated() {
                try layer.addSublayer(try self.layer(element, at: at.appending(index)))
            }
        }
        if let animations = reader.nonNull("animations") {
            let objects = try JSONObjectReader(animations, at: path.appending("animations"), source: source)
            let decoder = AnimationDecoder(layerAnimationsIn: source, budget: budget)
            for (key, value) in objects.members {
                let at = objects.path.appending(key)
                let animation = try decoder.animation(value, at: at, allowsPrevious: true)
                guard animation.containsTransition else {
                    layer.add(animation, forKey: key)
                    continue
                }
                let previous: Layer
                if let fields = try JSONObjectReader(value, at: at, source: source).nonNull("previous") {
                    previous = try previousRendering(of: reader, decoded: layer, fields, at: at.appending("previous"))
                } else {
                    previous = Self.emptyRendering(of: layer)
                }
                layer.add(animation, forKey: key, from: previous)
            }
        }
        return layer
    }

    /// The names of `maskedCorners`' corners in a scene: Core Animation's Swift names.
    static let cornerNames: [(name: String, corner: CornerMask)] = [
        ("layerMinXMinYCorner", .layerMinXMinYCorner), ("layerMaxXMinYCorner", .layerMaxXMinYCorner),
        ("layerMinXMaxYCorner", .layerMinXMaxYCorner), ("layerMaxXMaxYCorner", .layerMaxXMaxYCorner),
    ]

    /// One element of a `maskedCorners` array: a corner's name.
    private func corner(_ json: JSONValue, at path: JSONPath) throws -> CornerMask {
        let text = try JSONObjectReader.string(json, at: path, source: source)
        if let known = Self.cornerNames.first(where: { $0.name == text }) { return known.corner }
        throw InputError(at: path, in: source, JSONObjectReader.unknown("corner", json, names: Self.cornerNames.map(\.name)))
    }

    /// The previous rendering a transition's `previous` object (`json`, at `path`)
    /// describes: the layer object `reader` without its `animations`, with the fields of
    /// `json` in place of its own (and those it lacks added), read as a layer object at
    /// `path`. So `previous` overrides a copy of the layer — its sublayers, mask and their
    /// animations included — and every field reads as in any layer object (`frame` after
    /// the geometry it depends on; `null` is the field's default: no colour, contents,
    /// mask or sublayers). The layer's own fields were checked already, so errors come
    /// from `json`'s and name their place in it.
    ///
    /// The sublayers and mask `json` does not replace are not read again: they are model
    /// copies of `layer`'s, which were read from the same objects (reading them again
    /// would read their own transitions' previous renderings again, twice more at every
    /// level of a tree of transitions). So the cost is the layer's own fields plus a copy
    /// of its subtree.
    private mutating func previousRendering(
        of reader: JSONObjectReader, decoded layer: Layer, _ json: JSONValue, at path: JSONPath
    ) throws -> Layer {
        let overrides = try JSONObjectReader(json, at: path, source: source)
        let copied = ["sublayers", "mask"].filter { overrides.value($0) == nil }
        let kept = reader.members.filter { member in
            member.key != "animations" && !Self.scheduledFields.contains(member.key) && !copied.contains(member.key)
                && overrides.value(member.key) == nil
        }
        let previous = try self.layer(.object(kept + overrides.members), at: path)
        if copied.contains("sublayers") { try previous.setSublayers(layer.sublayers.map { $0.modelTreeCopy() }) }
        if copied.contains("mask") { try previous.setMask(layer.mask?.modelTreeCopy()) }
        return previous
    }

    /// The previous rendering of a transition without `previous`: the layer drawing
    /// nothing — its geometry and timing, with no background, border, contents, shadow,
    /// sublayers or mask — so the transition brings the whole layer in from nothing.
    static func emptyRendering(of layer: Layer) -> Layer {
        let empty = layer.modelCopy()
        empty.backgroundColor = nil
        empty.borderWidth = 0
        empty.contents = nil
        empty.shadowOpacity = 0
        return empty
    }

    /// Reads `json` as `field`'s kind, checks its bound, and writes it to `layer`. `null`
    /// leaves the default, except for colours, where it means no colour.
    private func set(_ field: ValueField, _ json: JSONValue, on layer: Layer, at path: JSONPath) throws {
        let value: KeyPathValue?
        switch (field.kind, json) {
        case (.color, .null): value = nil
        case (_, .null): return
        case (.boolean, .bool(let flag)): value = .boolean(flag)
        case (.boolean, _): throw InputError(at: path, in: source, "expected true or false, got \(json.summary)")
        case (.color, _): value = .color(try color(json, at: path))
        case (.scalar, _): value = .scalar(try bounded(JSONObjectReader.number(json, at: path, source: source), field.range, at: path))
        default: value = try field.kind.valueType!.read(json, at: path, source: source, budget: budget).keyPathValue
        }
        do {
            try layer.setValue(value, forKeyPath: field.name)
        } catch {
            throw InputError(at: path, in: source, error.description)
        }
    }

    /// `number`, when it is within `bound`.
    private func bounded(_ number: Double, _ bound: LayerValueRange, at path: JSONPath) throws -> Double {
        let problem: String? = switch bound {
        case .any: nil
        case .unit: (0...1).contains(number) ? nil : "is outside 0...1"
        case .nonNegative: number >= 0 ? nil : "is negative"
        case .positive: number > 0 ? nil : "is not positive"
        }
        guard let problem else { return number }
        throw InputError(at: path, in: source, "\(JSONValue.format(number)) \(problem)")
    }

    /// The PNG at `file` (relative to the scene's folder unless absolute), decoded once
    /// per file (`InputFile.Identity`). Errors name the file and the layer.
    ///
    /// The file is opened and checked (`InputFile`: a regular file within the input
    /// limit), then its signature and header are read and checked alone
    /// (`PNGDecoder.info`), and the image is charged to the budget — its bitmap and mip
    /// chain, `4 · w · h · 4/3` bytes, kept; the decoding's scratch checked as a peak —
    /// before the rest of the file is read.
    mutating func contents(_ file: String, at path: JSONPath, layer name: String?) throws -> Bitmap {
        let location = path.description
        let owner = "\(MessageText.path(file)) (\(name.map { "layer '\(MessageText.item($0))'" } ?? "an unnamed layer"))"
        let input: InputFile
        do {
            guard !file.isEmpty else { throw InputError(location, "the path is empty") }
            input = try InputFile(file.hasPrefix("/") ? file : folder + file, limit: inputLimit, location: location)
        } catch let error as InputError {
            throw InputError(location, file.isEmpty ? error.message : "\(owner): \(error.message)")
        }
        if let image = images[input.identity] { return image }
        do {
            var bytes = try input.read(upTo: PNGDecoder.headerLength)
            let info = try PNGDecoder.info(bytes)
            let kept = info.bitmapBytes / 3 * 4
            let image = "the \(info.width)×\(info.height) image"
            try budget.checkPeak(kept + info.decodingPeakBytes(fileSize: input.size), for: "\(owner): decoding \(image)", at: location)
            try budget.charge(kept, for: "\(owner): \(image)", at: location)
            try input.readRest(appendingTo: &bytes)
            let bitmap = try PNGDecoder.decode(bytes)
            images[input.identity] = bitmap
            return bitmap
        } catch let error as InputError {
            throw error.message.hasPrefix(owner) ? error : InputError(location, "\(owner): \(error.message)")
        } catch {
            throw InputError(location, "\(owner): \(error)")
        }
    }
}
