import CCadence
import Cadence

extension MediaTiming {
    /// The timing of the C struct `timing`, or a failure of `call` for a fill mode outside
    /// the enumeration.
    init(_ timing: cadence_media_timing, in call: APICall) throws(APIFailure) {
        let fillModes: [FillMode] = [.removed, .forwards, .backwards, .both]
        let raw = Int(timing.fill_mode.rawValue)
        guard fillModes.indices.contains(raw) else {
            throw call.failure(CADENCE_ERROR_INVALID_ARGUMENT, "timing.fill_mode: \(raw) is not a cadence_fill_mode")
        }
        self.init(
            beginTime: timing.begin_time, duration: timing.duration, speed: timing.speed,
            timeOffset: timing.time_offset, repeatCount: timing.repeat_count,
            repeatDuration: timing.repeat_duration, autoreverses: timing.autoreverses, fillMode: fillModes[raw])
    }
}

extension cadence_timing_state {
    /// The C form of `state`, with Apple's active local time `localTime`.
    init(_ state: TimingState, localTime: Double) {
        let phase: cadence_phase = switch state.phase {
        case .before: CADENCE_PHASE_BEFORE
        case .active: CADENCE_PHASE_ACTIVE
        case .after: CADENCE_PHASE_AFTER
        case .undefined: CADENCE_PHASE_UNDEFINED
        }
        self.init(
            phase: phase, in_effect: state.isInEffect, reversed: state.isReversed, iteration: Int64(state.iteration),
            local_time: localTime, basic_time: state.basicTime, progress: state.progress)
    }
}

extension ResolvedTiming {
    /// The C state at `parentTime`.
    func cState(atParentTime parentTime: Double) -> cadence_timing_state {
        cadence_timing_state(state(atParentTime: parentTime), localTime: localTime(fromParent: parentTime))
    }
}

@c @implementation
public func cadence_media_timing_init(_ timing: UnsafeMutablePointer<cadence_media_timing>?) -> cadence_status {
    APICall.run("cadence_media_timing_init") { call in
        try call.required(timing, "timing").pointee = cadence_media_timing(
            begin_time: 0, duration: 0, speed: 1, time_offset: 0, repeat_count: 0, repeat_duration: 0,
            autoreverses: false, fill_mode: CADENCE_FILL_REMOVED)
    }
}

@c @implementation
public func cadence_media_timing_state(
    _ timing: UnsafePointer<cadence_media_timing>?, _ defaultDuration: Double, _ parentTime: Double,
    _ state: UnsafeMutablePointer<cadence_timing_state>?
) -> cadence_status {
    APICall.run("cadence_media_timing_state") { call in
        let timing = try MediaTiming(try call.required(timing, "timing").pointee, in: call)
        let state = try call.required(state, "state")
        state.pointee = timing.resolved(defaultDuration: defaultDuration).cState(atParentTime: parentTime)
    }
}

@c @implementation
public func cadence_media_timing_state_batch(
    _ timing: UnsafePointer<cadence_media_timing>?, _ defaultDuration: Double, _ parentTimes: UnsafePointer<Double>?,
    _ count: Int, _ states: UnsafeMutablePointer<cadence_timing_state>?, _ capacity: Int
) -> cadence_status {
    APICall.run("cadence_media_timing_state_batch") { call in
        let resolved = try MediaTiming(try call.required(timing, "timing").pointee, in: call)
            .resolved(defaultDuration: defaultDuration)
        let times = try call.buffer(parentTimes, count: count, "parent_times")
        let states = try call.output(states, capacity: capacity, needed: count, "states")
        for i in times.indices { states[i] = resolved.cState(atParentTime: times[i]) }
    }
}

/// The call `name`: `convert` on the resolved `timing` and `time`, written to `out` (the
/// parameter `outName`).
private func convert(
    _ name: String, _ timing: UnsafePointer<cadence_media_timing>?, _ time: Double, _ out: UnsafeMutablePointer<Double>?,
    _ outName: String, _ convert: (ResolvedTiming, Double) -> Double
) -> cadence_status {
    APICall.run(name) { call in
        let timing = try MediaTiming(try call.required(timing, "timing").pointee, in: call)
        try call.required(out, outName).pointee = convert(timing.resolved(), time)
    }
}

@c @implementation
public func cadence_media_timing_local_time(
    _ timing: UnsafePointer<cadence_media_timing>?, _ parentTime: Double, _ localTime: UnsafeMutablePointer<Double>?
) -> cadence_status {
    convert("cadence_media_timing_local_time", timing, parentTime, localTime, "local_time") { $0.localTime(fromParent: $1) }
}

@c @implementation
public func cadence_media_timing_parent_time(
    _ timing: UnsafePointer<cadence_media_timing>?, _ localTime: Double, _ parentTime: UnsafeMutablePointer<Double>?
) -> cadence_status {
    convert("cadence_media_timing_parent_time", timing, localTime, parentTime, "parent_time") { $0.parentTime(fromLocal: $1) }
}
