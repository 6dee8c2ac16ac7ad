import Cadence

/// Reading a request from JSON, strictly: every field is checked for its type and range,
/// unknown fields are errors, and each error names its path (`animations[0].duration`).
extension SampleRequest {
    static let requestFields = ["keyPath", "model", "layer", "animations", "times"]
    static let timingFields = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode",
    ]
    static let basicAnimationFields = ["type", "keyPath", "fromValue", "toValue", "byValue"] + timingFields + [
        "timingFunction", "additive", "cumulative", "valueFunction", "removedOnCompletion",
    ]
    /// Animation types of INTERFACE.md that later versions evaluate.
    static let laterAnimationTypes = ["keyframe", "group", "transition"]
    static let valueFunctionNames = [
        "rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ", "translate", "translateX",
        "translateY", "translateZ",
    ]

    /// Decodes the request in `json`; `source` names the document in errors about the
    /// document as a whole.
    init(json: JSONValue, source: String) throws {
        let request = try JSONObjectReader(json, at: .root, source: source)
        try request.rejectUnknownFields(Self.requestFields)

        let keyPathValue = try request.required("keyPath", "a string")
        keyPath = try JSONObjectReader.string(keyPathValue, at: JSONPath.root.appending("keyPath"), source: source)
        guard !keyPath.isEmpty else {
            throw InputError(at: JSONPath.root.appending("keyPath"), in: source, "the key path is empty")
        }
        if let kind = ValueKind.of(keyPath: keyPath), kind != .scalar {
            throw InputError(
                at: JSONPath.root.appending("keyPath"), in: source,
                "\"\(keyPath)\" takes \(kind.rawValue) values (\(kind.encoding)); only scalar key paths are supported yet")
        }

        let modelValue = try request.required("model", "a number")
        guard case .number(let model) = modelValue else {
            throw InputError(
                at: JSONPath.root.appending("model"), in: source,
                "expected a number, got \(modelValue.summary) (only scalar key paths are supported yet)")
        }
        self.model = model

        if let layer = request.value("layer"), layer != .null {
            let reader = try JSONObjectReader(layer, at: JSONPath.root.appending("layer"), source: source)
            try reader.rejectUnknownFields(Self.timingFields)
            layerTiming = try Self.timing(reader, durationNote: " (0 means infinite)")
        } else {
            layerTiming = MediaTiming()
        }

        var animations: [BasicAnimation<Double>] = []
        if let list = request.value("animations") {
            let path = JSONPath.root.appending("animations")
            for (index, element) in try JSONObjectReader.array(list, at: path, source: source).enumerated() {
                animations.append(try Self.animation(element, at: path.appending(index), keyPath: keyPath, source: source))
            }
        }
        self.animations = animations

        let timesPath = JSONPath.root.appending("times")
        let timesValue = try request.required("times", "an array of numbers")
        times = try JSONObjectReader.array(timesValue, at: timesPath, source: source).enumerated().map {
            try JSONObjectReader.number($1, at: timesPath.appending($0), source: source)
        }
    }

    /// The media-timing fields of `reader`'s object (absent fields keep their defaults).
    private static func timing(_ reader: JSONObjectReader, durationNote: String) throws -> MediaTiming {
        var timing = MediaTiming()
        if let value = try reader.number("beginTime") { timing.beginTime = value }
        if let value = try reader.nonNegativeNumber("duration", note: durationNote) { timing.duration = value }
        if let value = try reader.number("speed") { timing.speed = value }
        if let value = try reader.number("timeOffset") { timing.timeOffset = value }
        if let value = try reader.countOrInfinity("repeatCount") { timing.repeatCount = value }
        if let value = try reader.countOrInfinity("repeatDuration") { timing.repeatDuration = value }
        if let value = try reader.bool("autoreverses") { timing.autoreverses = value }
        if let value = try reader.choice("fillMode", FillMode.allCases.map(\.rawValue)) {
            timing.fillMode = FillMode(rawValue: value)!
        }
        return timing
    }

    /// The animation object `value` at `path` of a request for `keyPath`.
    private static func animation(
        _ value: JSONValue, at path: JSONPath, keyPath: String, source: String
    ) throws -> BasicAnimation<Double> {
        let reader = try JSONObjectReader(value, at: path, source: source)
        // The type decides which fields are known, so it is checked first.
        let typeValue = try reader.required("type", "a string")
        let type = try JSONObjectReader.string(typeValue, at: path.appending("type"), source: source)
        guard type == "basic" else {
            if laterAnimationTypes.contains(type) {
                throw InputError(
                    at: path.appending("type"), in: source,
                    "\"\(type)\" animations are not supported yet (this version samples \"basic\" animations)")
            }
            throw InputError(
                at: path.appending("type"), in: source,
                "unknown animation type \(typeValue.summary) (expected \(JSONObjectReader.list(["basic"] + laterAnimationTypes)))")
        }
        try reader.rejectUnknownFields(basicAnimationFields)

        if let value = reader.value("keyPath"), value != .null {
            let own = try JSONObjectReader.string(value, at: path.appending("keyPath"), source: source)
            guard own == keyPath else {
                throw InputError(
                    at: path.appending("keyPath"), in: source,
                    "\"\(own)\" differs from the request's keyPath \"\(keyPath)\"")
            }
        }
        if let value = reader.value("valueFunction"), value != .null {
            let name = try JSONObjectReader.string(value, at: path.appending("valueFunction"), source: source)
            guard valueFunctionNames.contains(name) else {
                throw InputError(
                    at: path.appending("valueFunction"), in: source,
                    "unknown value function \(value.summary) (expected \(JSONObjectReader.list(valueFunctionNames)))")
            }
            throw InputError(at: path.appending("valueFunction"), in: source, "value functions are not supported yet")
        }

        var timingFunction: TimingFunction?
        if let value = reader.value("timingFunction"), value != .null {
            timingFunction = try TimingFunction.parse(json: value, at: path.appending("timingFunction"), source: source)
        }
        return BasicAnimation(
            keyPath: keyPath,
            fromValue: try reader.optionalNumber("fromValue"),
            toValue: try reader.optionalNumber("toValue"),
            byValue: try reader.optionalNumber("byValue"),
            timing: try timing(reader, durationNote: " (0 means the 0.25 s default)"),
            timingFunction: timingFunction,
            isAdditive: try reader.bool("additive") ?? false,
            isCumulative: try reader.bool("cumulative") ?? false,
            isRemovedOnCompletion: try reader.bool("removedOnCompletion") ?? true)
    }
}
