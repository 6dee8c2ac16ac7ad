// Fuzz target: animation evaluation from decoded requests. The bytes drive a generator
// (`FuzzReader`) that writes a *valid* `cadence sample` request — a key path of each value
// kind, basic, keyframe (every calculation mode, key times, timing functions,
// Kochanek–Bartels values, paths with rotation), group and transition animations, every
// media-timing field, value functions — with numbers biased to the edges, and evaluates it
// at random times. Checked:
// - the request is accepted (status 0) and the response has one value per time;
// - values are finite, or documented: `null` only when some number of the request is
//   beyond ±1e6 or below 1e-6 in magnitude (overflow, as docs/command-line.md says);
// - every cubicPaced and paced keyframe curve of the request is built within
//   `SplinePacing.maxSpeedEvaluations` and answers every progress within
//   `SplinePacing.maxSolveSteps` (the step budget that bounds evaluation);
// - the whole unit takes bounded time (libFuzzer's -timeout catches the rest).
@testable import CadenceAnimation
@testable import CadenceScene
import Cadence
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimation(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    var generator = RequestGenerator(FuzzReader(Array(UnsafeBufferPointer(start: data, count: count))))
    let request = generator.request()
    let console = FuzzConsole(input: Array(request.utf8))
    let status = console.run(["sample", "-"])
    check(status == 0, "a valid request was refused: \(console.error)\n\(request)")
    guard case .array(let values)? = (try? JSONParser.parse(console.output, source: "response"))?["values"] else {
        check(false, "not a response: \(console.output.prefix(300))")
        return 0
    }
    check(values.count == generator.timeCount, "\(values.count) values for \(generator.timeCount) times")
    if generator.isModerate {
        for value in values {
            let shown = value["value"] ?? value
            check(!shown.serialized().contains("null"), "null from moderate numbers: \(shown.serialized())\n\(request)")
        }
    }
    for curve in generator.pacedScalars { checkPacing(KeyframeCurve(values: curve.values, mode: curve.mode, tension: curve.tension)) }
    for curve in generator.pacedPoints { checkPacing(KeyframeCurve(values: curve.values, mode: curve.mode, tension: curve.tension)) }
    return 0
}

/// The pacing of `curve` (if any) stays within its construction and solve budgets.
func checkPacing<V>(_ curve: KeyframeCurve<V>) {
    guard let pacing = curve.pacing else { return }
    let segments = Swift.max(1, curve.values.count - 1)
    check(pacing.speedEvaluations <= SplinePacing.maxSpeedEvaluations(segments: segments),
        "\(pacing.speedEvaluations) speed evaluations for \(segments) segments")
    for k in 0...32 {
        let steps = pacing.solve(Double(k) / 32).steps
        check(steps <= SplinePacing.maxSolveSteps, "\(steps) solve steps at \(k)/32")
    }
}

/// Writes a valid request from fuzz bytes, remembering what the checks need.
struct RequestGenerator {
    var reader: FuzzReader
    /// Whether every number written is 0 or within 1e-6…1e6 in magnitude.
    var isModerate = true
    /// Whether the key path takes points (the only values a `path` gives).
    var isPoint = false
    var timeCount = 0
    var pacedScalars: [(values: [Double], mode: CalculationMode, tension: [Double])] = []
    var pacedPoints: [(values: [Point], mode: CalculationMode, tension: [Double])] = []

    init(_ reader: FuzzReader) {
        self.reader = reader
    }

    /// The key paths, with the number of components of their values (0 for a transform
    /// model given as a matrix).
    static let keyPaths: [(String, Int)] = [
        ("opacity", 1), ("position", 2), ("shadowOffset", 2), ("bounds", 4), ("backgroundColor", 4), ("transform", 16),
        ("position.x", 1), ("transform.rotation.z", 1), ("myValue", 1), ("myPoint", 2),
    ]

    mutating func number() -> Double {
        let value = reader.number()
        if value != 0 && !(1e-6...1e6).contains(abs(value)) { isModerate = false }
        return value
    }

    mutating func nonNegative() -> Double { abs(number()) }

    mutating func numberText() -> String { json(number()) }

    /// A number for path data: within ±1e300, so that the relative segments of one path
    /// (at most eight) cannot add up past the range of a double, which is an error.
    mutating func pathNumberText() -> String {
        let x = number()
        return json(abs(x) > 1e300 ? x / 1e10 : x)
    }

    mutating func value(_ components: Int) -> String {
        if components == 1 { return numberText() }
        if components == 16 && reader.chance(2) {
            // A transform made of a rotation, a scale and a translation, as users write them.
            let angle = number(), scale = number(), tx = number()
            let c = cos(angle), s = sin(angle)
            var fields: [String] = []
            for field in [c * scale, s * scale, 0, 0, -s * scale, c * scale, 0, 0, 0, 0, 1, 0, tx, 0, 0, 1] { fields.append(fixed(field)) }
            return "[" + fields.joined(separator: ",") + "]"
        }
        return "[" + (0..<components).map { _ in numberText() }.joined(separator: ",") + "]"
    }

    /// `value` as JSON, non-finite products read as 0 (and the request as not moderate).
    mutating func fixed(_ value: Double) -> String {
        guard value.isFinite else {
            isModerate = false
            return "0"
        }
        return json(value)
    }

    mutating func timingFunction() -> String {
        if reader.chance(2) { return "\"" + reader.pick(["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]) + "\"" }
        return "[\(json(reader.unit())), \(numberText()), \(json(reader.unit())), \(numberText())]"
    }

    mutating func timing() -> [String] {
        var fields: [String] = []
        if reader.chance(2) { fields.append("\"beginTime\": \(numberText())") }
        if reader.chance(2) { fields.append("\"duration\": \(json(nonNegative()))") }
        if reader.chance(3) { fields.append("\"speed\": \(numberText())") }
        if reader.chance(3) { fields.append("\"timeOffset\": \(numberText())") }
        if reader.chance(3) { fields.append("\"repeatCount\": " + (reader.chance(4) ? "\"infinity\"" : json(nonNegative()))) }
        if reader.chance(4) { fields.append("\"repeatDuration\": " + (reader.chance(4) ? "\"infinity\"" : json(nonNegative()))) }
        if reader.chance(3) { fields.append("\"autoreverses\": true") }
        if reader.chance(2) { fields.append("\"fillMode\": \"\(reader.pick(["removed", "forwards", "backwards", "both"]))\"") }
        if reader.chance(3) { fields.append("\"timingFunction\": \(timingFunction())") }
        if reader.chance(4) { fields.append("\"removedOnCompletion\": false") }
        return fields
    }

    mutating func animation(_ keyPath: String, _ components: Int, depth: Int) -> String {
        var fields = timing()
        switch reader.int(in: 0...7) {
        case 0 where depth < 2:
            let count = reader.int(in: 0...3)
            let children = (0..<count).map { _ in animation(keyPath, components, depth: depth + 1) }
            fields.append("\"type\": \"group\", \"animations\": [\(children.joined(separator: ", "))]")
        case 1:
            fields.append("\"type\": \"transition\", \"transitionType\": \"\(reader.pick(["fade", "moveIn", "push", "reveal"]))\"")
        case 2, 3:
            fields.append("\"type\": \"basic\"")
            let components = property(components, into: &fields)
            for key in ["fromValue", "toValue", "byValue"] where reader.chance(2) {
                fields.append("\"\(key)\": \(value(components))")
            }
        default:
            fields.append("\"type\": \"keyframe\"")
            let components = property(components, into: &fields)
            fields += keyframe(components)
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The flags of a property animation, and a value function on a transform sometimes;
    /// returns the components of the animation's values (1 under a value function).
    mutating func property(_ components: Int, into fields: inout [String]) -> Int {
        if reader.chance(3) { fields.append("\"additive\": true") }
        if reader.chance(4) { fields.append("\"cumulative\": true") }
        guard components == 16, reader.chance(2) else { return components }
        fields.append("\"valueFunction\": \"\(reader.pick(ValueFunction.allCases).rawValue)\"")
        return 1
    }

    mutating func keyframe(_ components: Int) -> [String] {
        var fields: [String] = []
        let mode = reader.pick(CalculationMode.allCases)
        fields.append("\"calculationMode\": \"\(mode.rawValue)\"")
        let count = reader.int(in: 0...7)
        let tension = (0..<count).map { _ in number() }
        if isPoint && components == 2 && reader.chance(3) {
            // A path, absolute and relative segments, with a rotation mode sometimes.
            var data = "M \(pathNumberText()) \(pathNumberText())"
            for _ in 0..<count {
                switch reader.int(in: 0...3) {
                case 0: data += " L \(pathNumberText()) \(pathNumberText())"
                case 1: data += " q \(pathNumberText()) \(pathNumberText()) \(pathNumberText()) \(pathNumberText())"
                case 2: data += " C \((0..<6).map { _ in pathNumberText() }.joined(separator: " "))"
                default: data += " h \(pathNumberText())"
                }
            }
            fields.append("\"path\": \"\(data)\"")
            if reader.chance(2) { fields.append("\"rotationMode\": \"\(reader.pick(["auto", "autoReverse"]))\"") }
        } else {
            var scalars: [Double] = []
            var points: [Point] = []
            var texts: [String] = []
            for _ in 0..<count {
                if components == 1 {
                    let x = number()
                    scalars.append(x)
                    texts.append(json(x))
                } else if components == 2 {
                    let p = Point(number(), number())
                    points.append(p)
                    texts.append("[\(json(p.x)), \(json(p.y))]")
                } else {
                    texts.append(value(components))
                }
            }
            fields.append("\"values\": [\(texts.joined(separator: ", "))]")
            if mode == .cubicPaced || mode == .paced || mode == .cubic {
                if components == 1 { pacedScalars.append((scalars, mode, tension)) }
                if components == 2 { pacedPoints.append((points, mode, tension)) }
            }
        }
        if !tension.isEmpty { fields.append("\"tensionValues\": [\(tension.map(json).joined(separator: ", "))]") }
        if reader.chance(3) {
            let times = (0...count).map { _ in reader.unit() }
            fields.append("\"keyTimes\": [\((reader.chance(2) ? times.sorted() : times).map(json).joined(separator: ", "))]")
        }
        if reader.chance(3) {
            fields.append("\"timingFunctions\": [\((0..<Swift.max(0, count - 1)).map { _ in timingFunction() }.joined(separator: ", "))]")
        }
        return fields
    }

    mutating func request() -> String {
        let (keyPath, components) = reader.pick(Self.keyPaths)
        isPoint = keyPath == "position" || keyPath == "myPoint"
        let model = value(components)
        var layer = ""
        if reader.chance(3) { layer = "\"layer\": {\(timing().filter { !$0.hasPrefix("\"timingFunction\"") && !$0.hasPrefix("\"removedOnCompletion\"") }.joined(separator: ", "))}, " }
        let animations = (0..<reader.int(in: 0...3)).map { _ in animation(keyPath, components, depth: 0) }
        timeCount = reader.int(in: 1...12)
        let times = (0..<timeCount).map { _ in reader.chance(2) ? json(Double(reader.int(in: -4...40)) / 8) : numberText() }
        return "{\"keyPath\": \"\(keyPath)\", \"model\": \(model), \(layer)\"animations\": [\(animations.joined(separator: ", "))], "
            + "\"times\": [\(times.joined(separator: ", "))]}"
    }
}

runFuzzer(fuzzAnimation)
