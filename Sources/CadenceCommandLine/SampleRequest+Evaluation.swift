import Cadence

/// Evaluating a request: the presentation value of the key path at each requested time.
///
/// The rules (docs/command-line.md states them for users):
/// 1. **Layer time.** A time `tp` of the request is in the layer's parent time space. A
///    layer whose time space is endless (its `duration` 0 or infinite and no
///    `repeatDuration`, the default) gives its animations Apple's active local time
///    `(tp − beginTime) · speed + timeOffset` at every `tp`. A layer with a finite active
///    interval is timed like an animation group: outside that interval (unless its
///    `fillMode` holds it) none of its animations is in effect, and inside it they see its
///    basic local time, repeats and autoreverses included.
/// 2. **Stacking.** The value starts as the model value. Each animation in effect, in
///    order, either replaces it (non-additive) or adds to it (additive); an animation not
///    in effect leaves it unchanged.
/// 3. **Open ends.** `fromValue`/`toValue`/`byValue` ends that are left open are read
///    from the *model value*, never from the animations below (so two stacked animations
///    with only a `toValue` each start from the model value).
extension SampleRequest {
    /// One presentation value per entry of `times`. Values may be non-finite when the
    /// request's numbers overflow (`toValue` 1e308 with `byValue` 1e308).
    func values() -> [Double] {
        let layer = ResolvedTiming(layerTiming, defaultDuration: MediaTiming.defaultLayerDuration)
        let endless = layer.activeDuration == .infinity && layer.cycle == .infinity
        let stack = animations.map { (animation: $0, timing: $0.timing.resolved()) }
        return times.map { time in
            let layerTime: Double
            if endless {
                layerTime = layer.localTime(fromParent: time)
            } else {
                let state = layer.state(atParentTime: time)
                guard state.isInEffect else { return model }
                layerTime = state.basicTime
            }
            var value = model
            for entry in stack {
                let state = entry.timing.state(atParentTime: layerTime)
                // Open ends read the model value; an additive animation adds to the value below.
                value = entry.animation.value(in: state, model: model, below: value) ?? value
            }
            return value
        }
    }

    /// The response document, `{"values":[…]}`, non-finite values written as `null`.
    func response() -> JSONValue {
        .object([("values", .array(values().map(JSONValue.number)))])
    }
}
