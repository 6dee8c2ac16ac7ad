import CadenceAnimation
import CadenceTiming

/// Reading a request from JSON, strictly: every field is checked for its type and range,
/// unknown fields are errors, and each error names its path (`animations[0].duration`).
extension SampleRequest {
    static let requestFields = ["keyPath", "model", "layer", "animations", "times"]

    /// Decodes the request in `json`; `source` names the document in errors about the
    /// document as a whole. The animations and the times are charged to `budget`.
    ///
    /// With `requiringTimes` false a request without `times` is accepted (its `times` are
    /// empty): the C API evaluates an animation at times its caller gives.
    package init(json: JSONValue, source: String, budget: MemoryBudget = MemoryBudget(), requiringTimes: Bool = true) throws {
        let request = try JSONObjectReader(json, at: .root, source: source)
        try request.rejectUnknownFields(Self.requestFields)

        let keyPathAt = JSONPath.root.appending("keyPath")
        keyPath = try JSONObjectReader.string(try request.required("keyPath", "a string"), at: keyPathAt, source: source)
        guard !keyPath.isEmpty else { throw InputError(at: keyPathAt, in: source, "the key path is empty") }

        // A key path Cadence knows decides the kind; for any other the model's shape does.
        let modelAt = JSONPath.root.appending("model")
        let known = try ValueKind.of(keyPath: keyPath, at: keyPathAt, source: source)
        let shapes = "a number or an array of 2, 4 or 16 numbers"
        let modelValue = try request.required("model", known?.valueType?.encoding ?? shapes)
        guard let kind = known ?? ValueKind.ofShape(modelValue) else {
            throw InputError(
                at: modelAt, in: source,
                "expected \(shapes) (the kind of \(MessageText.quoted(keyPath)) comes from the model's shape), got \(modelValue.shapeSummary)")
        }
        model = try kind.valueType!.read(modelValue, at: modelAt, source: source, budget: budget).keyPathValue

        if let layer = request.nonNull("layer") {
            let reader = try JSONObjectReader(layer, at: JSONPath.root.appending("layer"), source: source)
            try reader.rejectUnknownFields(MediaTiming.fieldNames)
            layerTiming = try MediaTiming(reading: reader, durationNote: " (0 means infinite)")
        } else {
            layerTiming = MediaTiming()
        }

        let decoder = AnimationDecoder(keyPath: keyPath, kind: kind, source: source, budget: budget)
        animations = try request.array("animations", decoder.animation) ?? []

        let timesAt = JSONPath.root.appending("times")
        guard requiringTimes || request.nonNull("times") != nil else {
            times = []
            return
        }
        let timeValues = try JSONObjectReader.array(try request.required("times", "an array of numbers"), at: timesAt, source: source)
        try budget.charge(timeValues.count * 8, for: "\(timeValues.count) times", at: timesAt.description)
        times = try timeValues.enumerated().map { try JSONObjectReader.number($1, at: timesAt.appending($0), source: source) }
    }

    /// Decodes the request in the UTF-8 JSON text `document` (named `source` in errors),
    /// within the default memory budget. A missing `times` is accepted unless
    /// `requiringTimes`. Throws `InputError` with the text `cadence sample` prints.
    public init(document: [UInt8], source: String = "request", requiringTimes: Bool = true) throws {
        let budget = MemoryBudget()
        try self.init(
            json: try JSONParser.parse(document, source: source, budget: budget), source: source, budget: budget,
            requiringTimes: requiringTimes)
    }
}
