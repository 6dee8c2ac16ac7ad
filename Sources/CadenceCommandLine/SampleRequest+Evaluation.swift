import Cadence

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
    /// One presentation value per entry of `times`. Values may be non-finite when the
    /// request's numbers overflow (`toValue` 1e308 with `byValue` 1e308).
    func samples() -> [PresentationSample] {
        let layer = ResolvedTiming(layerTiming, defaultDuration: MediaTiming.defaultLayerDuration)
        return times.map { time in
            // NaN where the layer's time space is not in effect: nothing is, the model shows.
            AnimationEvaluator.presentationValue(
                ofProperty: keyPath, model: model, animations: animations, atTime: layer.layerTime(atParentTime: time))
        }
    }

    /// Whether the response writes each entry as `{"value": v, "rotation": r}`: when some
    /// animation of the request, at any depth, is a path animation with a rotation mode.
    /// Every entry then has that form (`"rotation": null` where no such animation is in
    /// effect), so that consumers see one shape.
    var reportsRotation: Bool { Self.hasRotatingPath(animations) }

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

    /// The response document, `{"values":[…]}`, in the value encoding of the key path's
    /// kind (non-finite numbers written as `null`).
    func response() -> JSONValue {
        let samples = samples()
        guard reportsRotation else { return .object([("values", .array(samples.map(\.value.json)))]) }
        return .object([("values", .array(samples.map { sample in
            .object([("value", sample.value.json), ("rotation", sample.rotation.map(JSONValue.number) ?? .null)])
        }))])
    }
}
