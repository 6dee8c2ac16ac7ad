import CCadence
import Cadence
import CadenceScene

/// The object behind a `cadence_animation` handle: a decoded `cadence sample` request.
/// Immutable (the evaluator keeps no state), so shared by threads.
final class AnimationObject: HandleObject {
    static let kind = "animation"
    let request: SampleRequest
    /// The request's layer timing, resolved once for every evaluation.
    let layer: ResolvedTiming
    /// Doubles per value.
    let valueCount: Int

    init(_ request: SampleRequest) {
        self.request = request
        layer = ResolvedTiming(request.layerTiming, defaultDuration: MediaTiming.defaultLayerDuration)
        valueCount = request.model.numberCount
    }

    /// Writes the presentation value at `time` to `value` (`valueCount` doubles) and its
    /// rotation (NaN when none) to `rotation`.
    func evaluate(at time: Double, into value: UnsafeMutablePointer<Double>, rotation: UnsafeMutablePointer<Double>?)
        throws
    {
        let sample = request.sample(atParentTime: time, layer: layer)
        guard sample.value.numberCount == valueCount else {
            throw InternalError(message: "a \(sample.value.kind.rawValue) value for a \(request.model.kind.rawValue) model")
        }
        sample.value.write(to: value)
        rotation?.pointee = sample.rotation ?? .nan
    }
}

extension KeyPathValue {
    /// The number of doubles the C API writes for a value of this kind (the numbers of its
    /// JSON encoding; a Boolean as 0 or 1; 0 for a name, which requests do not animate).
    var numberCount: Int {
        switch self {
        case .scalar, .boolean: 1
        case .point, .size: 2
        case .rect, .color: 4
        case .transform: 16
        case .string, .path, .colorList, .numberList: 0
        }
    }

    /// Writes the `numberCount` numbers of this value to `out`, in the order of its JSON
    /// encoding.
    func write(to out: UnsafeMutablePointer<Double>) {
        switch self {
        case .scalar(let v): out[0] = v
        case .boolean(let flag): out[0] = flag ? 1 : 0
        case .point(let p): (out[0], out[1]) = (p.x, p.y)
        case .size(let s): (out[0], out[1]) = (s.width, s.height)
        case .rect(let r): (out[0], out[1], out[2], out[3]) = (r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .color(let c): (out[0], out[1], out[2], out[3]) = (c.red, c.green, c.blue, c.alpha)
        case .transform(let t): t.write(to: out)
        case .string, .path, .colorList, .numberList: break
        }
    }
}

extension APICall {
    /// The `length` bytes at `json`, or a failure when they are NULL (and `length` is not 0).
    func document(_ json: UnsafePointer<CChar>?, length: Int) throws(APIFailure) -> [UInt8] {
        let bytes = try buffer(json, count: length, "json")
        return bytes.withMemoryRebound(to: UInt8.self) { Array($0) }
    }
}

@c @implementation
public func cadence_animation_create_json(
    _ json: UnsafePointer<CChar>?, _ length: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> cadence_status {
    APICall.run("cadence_animation_create_json") { call in
        let document = try call.document(json, length: length)
        let out = try call.required(out, "out")
        let request = try SampleRequest(document: document, source: "json", requiringTimes: false)
        out.pointee = HandleTable.insert(AnimationObject(request))
    }
}

@c @implementation
public func cadence_animation_destroy(_ animation: OpaquePointer?) {
    HandleTable.remove(animation, as: AnimationObject.self)
}

@c @implementation
public func cadence_animation_value_count(_ animation: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?)
    -> cadence_status
{
    APICall.run("cadence_animation_value_count") { call in
        let object = try HandleTable.object(animation, as: AnimationObject.self, in: call, "animation")
        try call.required(count, "count").pointee = object.valueCount
    }
}

@c @implementation
public func cadence_animation_request_times(
    _ animation: OpaquePointer?, _ times: UnsafeMutablePointer<Double>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> cadence_status {
    APICall.run("cadence_animation_request_times") { call in
        let requestTimes = try HandleTable.object(animation, as: AnimationObject.self, in: call, "animation").request.times
        let count = try call.required(count, "count")
        count.pointee = requestTimes.count
        guard capacity > 0 || times != nil else { return }  // asking for the count
        let out = try call.output(times, capacity: capacity, needed: requestTimes.count, "times")
        for i in out.indices { out[i] = requestTimes[i] }
    }
}

@c @implementation
public func cadence_animation_evaluate(
    _ animation: OpaquePointer?, _ time: Double, _ value: UnsafeMutablePointer<Double>?, _ capacity: Int,
    _ rotation: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_animation_evaluate") { call in
        let object = try HandleTable.object(animation, as: AnimationObject.self, in: call, "animation")
        let out = try call.output(value, capacity: capacity, needed: object.valueCount, "value")
        guard let start = out.baseAddress else { return }
        try object.evaluate(at: time, into: start, rotation: rotation)
    }
}

@c @implementation
public func cadence_animation_evaluate_batch(
    _ animation: OpaquePointer?, _ times: UnsafePointer<Double>?, _ count: Int, _ values: UnsafeMutablePointer<Double>?,
    _ capacity: Int, _ rotations: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_animation_evaluate_batch") { call in
        let object = try HandleTable.object(animation, as: AnimationObject.self, in: call, "animation")
        let times = try call.buffer(times, count: count, "times")
        let (needed, overflow) = count.multipliedReportingOverflow(by: object.valueCount)
        guard !overflow else { throw call.failure(CADENCE_ERROR_BUFFER_TOO_SMALL, "values cannot hold \(count) values") }
        let out = try call.output(values, capacity: capacity, needed: needed, "values")
        guard let start = out.baseAddress else { return }
        for (i, time) in times.enumerated() {
            try object.evaluate(at: time, into: start + i * object.valueCount, rotation: rotations.map { $0 + i })
        }
    }
}
