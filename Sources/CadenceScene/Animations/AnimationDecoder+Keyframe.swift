import CadenceAnimation
import CadenceGeometry
import CadenceTiming

/// Reading the fields of a keyframe animation (`CAKeyframeAnimation`).
///
/// Each field is checked on its own: `values` must all be of the animation's kind,
/// `keyTimes` numbers in 0…1, `timingFunctions` timing functions, the Kochanek–Bartels
/// arrays numbers, `path` valid SVG path data on a point animation. How the arrays fit
/// together (counts, ascending key times) is left to the library, which ignores an array
/// that does not fit as Core Animation does.
extension AnimationDecoder {
    func keyframe<V: JSONAnimatableValue>(
        _: V.Type, _ reader: JSONObjectReader, _ common: Common, _ property: PropertyContext,
        isAdditive: Bool, isCumulative: Bool
    ) throws -> KeyframeAnimation<V> {
        let at = reader.path
        let mode = try reader.choice("calculationMode", CalculationMode.self, noun: "calculation mode") ?? .linear
        if case .array(let elements)? = reader.nonNull("values") {
            let paced = mode == .paced || mode == .cubicPaced ? Self.pacedSegmentCost : 0
            try charge(elements.count * (Self.keyframeCost + paced), "\(elements.count) keyframes", at: at.appending("values"))
        }
        let values = try reader.array("values") { try V.read($0, at: $1, source: source, budget: budget) } ?? []
        var path: Path?
        if let data = reader.nonNull("path") {
            let text = try JSONObjectReader.string(data, at: at.appending("path"), source: source)
            guard V.self == Point.self else {
                let takes = property.valueFunction.map { "the value function \"\($0.rawValue)\" reads numbers" }
                    ?? "\(MessageText.quoted(property.keyPath)) takes \(property.kind.rawValue) values"
                throw InputError(at: at.appending("path"), in: source, "a path gives points, but \(takes)")
            }
            path = try parsePath(text, at: at.appending("path"))
        }
        let timingFunctions = try reader.array("timingFunctions") {
            try charge(Self.timingFunctionCost, "the timing function", at: $1)
            return try TimingFunction.parse(json: $0, at: $1, source: source)
        }
        return KeyframeAnimation<V>(
            keyPath: property.keyPath, values: values, path: path,
            keyTimes: try reader.numbers("keyTimes", in: 0...1), timingFunctions: timingFunctions,
            calculationMode: mode,
            tensionValues: try reader.numbers("tensionValues") ?? [],
            continuityValues: try reader.numbers("continuityValues") ?? [],
            biasValues: try reader.numbers("biasValues") ?? [],
            rotationMode: try reader.choice("rotationMode", RotationMode.self, noun: "rotation mode", allowsNull: true),
            timing: common.timing, timingFunction: common.timingFunction, isAdditive: isAdditive,
            isCumulative: isCumulative, isRemovedOnCompletion: common.isRemovedOnCompletion,
            valueFunction: property.valueFunction)
    }

    /// The SVG path data `text` at `path`, its elements charged at `pathElementCost` (once
    /// parsed: parsing itself allocates a few tens of bytes per character at most, within
    /// the input limit).
    func parsePath(_ text: String, at path: JSONPath) throws -> Path {
        try Self.parsePath(text, at: path, source: source, budget: budget)
    }

    /// `parsePath(_:at:)` for any document (scenes' `shadowPath`).
    static func parsePath(_ text: String, at path: JSONPath, source: String, budget: MemoryBudget) throws -> Path {
        let parsed: Path
        do {
            parsed = try Path(svgPathData: text)
        } catch {
            throw InputError(at: path, in: source, error.description)
        }
        let count = parsed.elements.count
        try budget.charge(count * pathElementCost, for: "the path's \(count) elements", at: path.description)
        return parsed
    }
}
