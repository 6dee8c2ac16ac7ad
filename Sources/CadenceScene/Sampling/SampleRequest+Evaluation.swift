import CadenceAnimation
import CadenceGeometry
import CadenceTiming

/// Evaluating a request: the presentation value of the key path at each requested time.
///
/// The rules (docs/command-line.md states them for users):
/// 1. **Layer time.** A time `tp` of the request is in the layer's parent time space; the
///    layer's animations see `ResolvedTiming.layerTime(atParentTime:)`, the rule `render`
///    and `Layer.presentation(at:)` use too: an endless time space (its `duration` 0 or
///    infinite and no `repeatDuration`, the default) gives Apple's active local time
///    `(tp − beginTime) · speed + timeOffset` at every `tp`; a finite one is timed like an
///    animation group: outside its active interval (unless its `fillMode` holds it) none of
///    its animations is in effect, and inside it they see its basic local time, repeats and
///    autoreverses included.
/// 2. **Animations.** At the layer's time, `AnimationEvaluator` folds the model value and
///    the animations into the presentation value: stacking in order, additive ones adding
///    to the value below, open ends reading the model value, groups in their own time
///    space, transitions contributing nothing, the rotation of path animations.
extension SampleRequest {
    /// Calls `body` with the presentation value at each entry of `times`, in order. Values
    /// may be non-finite when the request's numbers overflow (`toValue` 1e308 with
    /// `byValue` 1e308).
    func forEachSample(_ body: (PresentationSample) -> Void) {
        let layer = ResolvedTiming(layerTiming, defaultDuration: MediaTiming.defaultLayerDuration)
        for time in times { body(sample(atParentTime: time, layer: layer)) }
    }

    /// The presentation value at `time`, a time in the layer's parent time space (seconds;
    /// NaN shows the model value), as `cadence sample` computes it.
    public func sample(atParentTime time: Double) -> PresentationSample {
        sample(atParentTime: time, layer: ResolvedTiming(layerTiming, defaultDuration: MediaTiming.defaultLayerDuration))
    }

    /// `sample(atParentTime:)` with the layer's resolved timing given (resolved once by a
    /// caller that samples many times: `layerTiming` resolved with a layer's default duration).
    package func sample(atParentTime time: Double, layer: ResolvedTiming) -> PresentationSample {
        // NaN where the layer's time space is not in effect: nothing is, the model shows.
        AnimationEvaluator.presentationValue(
            ofProperty: keyPath, model: model, animations: animations, atTime: layer.layerTime(atParentTime: time))
    }

    /// The number of animation evaluations the request asks for, the measure of its work
    /// that `--max-evaluations` bounds: the count of `times` times the count of animations,
    /// each group and each of its children counted (at least one per time, for the model).
    package var evaluationCount: Double {
        Double(times.count) * Double(Swift.max(1, Self.count(animations)))
    }

    private static func count(_ animations: [Animation]) -> Int {
        animations.reduce(0) { total, animation in
            if case .group(let group) = animation { return total + 1 + count(group.animations) }
            return total + 1
        }
    }

    /// Whether the response writes each entry as `{"value": v, "rotation": r}`: when some
    /// animation of the request, at any depth, is a path animation with a rotation mode.
    /// Every entry then has that form (`"rotation": null` where no such animation is in
    /// effect), so that consumers see one shape.
    var reportsRotation: Bool { Self.hasRotatingPath(animations) }

    /// The paths and lists the animations hold, at any depth (none for other kinds, whose
    /// values have the model's size).
    private static func values(in animations: [Animation]) -> [KeyPathValue] {
        func values<V: KeyPathAnimatable>(_ property: PropertyAnimation, _: V.Type) -> [KeyPathValue] {
            if let basic = property.basic(of: V.self) {
                return [basic.fromValue, basic.toValue, basic.byValue].compactMap { $0?.keyPathValue }
            }
            return property.keyframe(of: V.self)?.values.map(\.keyPathValue) ?? []
        }
        return animations.flatMap { animation -> [KeyPathValue] in
            switch animation {
            case .property(let property):
                return values(property, Path.self) + values(property, [Color].self) + values(property, [Double].self)
            case .group(let group): return Self.values(in: group.animations)
            case .transition: return []
            }
        }
    }

    private static func hasRotatingPath(_ animations: [Animation]) -> Bool {
        animations.contains { animation in
            switch animation {
            case .property(let property):
                return property.rotatesAlongPath
            case .group(let group):
                return hasRotatingPath(group.animations)
            case .transition:
                return false
            }
        }
    }

    /// The most characters one number takes in the response (`-2.2250738585072014e-308`).
    static let maxNumberLength = 24

    /// The most bytes of response text per time: each number with its comma, the brackets
    /// of an array, and the `{"value":…,"rotation":…}` wrapper when rotations are reported.
    /// A path or list is as long as the longest of the model and the request's values
    /// (interpolation keeps the structure of one of its ends), a path's commands counted
    /// as numbers.
    package var responseBytesPerSample: Int {
        func size(_ value: KeyPathValue) -> Int {
            if case .path(let path) = value { return path.elements.count + value.components.count }
            return value.components.count
        }
        let numbers = ([model] + Self.values(in: animations)).map(size).max() ?? 1
        let value = Swift.max(numbers, 1) * (Self.maxNumberLength + 1) + 2
        return reportsRotation ? value + Self.maxNumberLength + 24 : value
    }

    /// The response document, `{"values":[…]}`, in the value encoding of the key path's
    /// kind (non-finite numbers written as `null`), written as each value is evaluated
    /// rather than built as a tree: its memory is the text itself, at most
    /// `responseBytesPerSample` per time.
    package func responseText() -> String {
        var text = "{\"values\":["
        text.reserveCapacity(16 + times.count * responseBytesPerSample)
        let rotation = reportsRotation
        var first = true
        forEachSample { sample in
            if !first { text += "," }
            first = false
            guard rotation else {
                text += sample.value.json.serialized()
                return
            }
            text += "{\"value\":" + sample.value.json.serialized() + ",\"rotation\":"
                + (sample.rotation.map(JSONValue.format) ?? "null") + "}"
        }
        return text + "]}"
    }
}
