import CCadence
import Cadence
import CadenceScene

/// The object behind a `cadence_timing_function` handle: immutable, so shared by threads.
final class TimingFunctionObject: HandleObject {
    static let kind = "timing function"
    let function: TimingFunction

    init(_ function: TimingFunction) { self.function = function }
}

@c @implementation
public func cadence_timing_function_create(
    _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> cadence_status {
    APICall.run("cadence_timing_function_create") { call in
        let out = try call.required(out, "out")
        let function = try call.arguments {
            try TimingFunction.parse(controlPoints: c1x, c1y, c2x, c2y, location: call.function)
        }
        out.pointee = HandleTable.insert(TimingFunctionObject(function))
    }
}

@c @implementation
public func cadence_timing_function_create_named(
    _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> cadence_status {
    APICall.run("cadence_timing_function_create_named") { call in
        let name = try call.string(name, "name")
        let out = try call.required(out, "out")
        let function = try call.arguments { try TimingFunction.parse(argument: name, location: call.function).function }
        out.pointee = HandleTable.insert(TimingFunctionObject(function))
    }
}

@c @implementation
public func cadence_timing_function_destroy(_ function: OpaquePointer?) {
    HandleTable.remove(function, as: TimingFunctionObject.self)
}

@c @implementation
public func cadence_timing_function_control_points(
    _ function: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_timing_function_control_points") { call in
        let f = try HandleTable.object(function, as: TimingFunctionObject.self, in: call, "function").function
        let out = try call.required(out, "out")
        (out[0], out[1], out[2], out[3]) = (f.c1x, f.c1y, f.c2x, f.c2y)
    }
}

/// The call `name`: `body` of the function behind `function` at input progress `x`,
/// written to `out` (the parameter `outName`).
private func evaluate(
    _ name: String, _ function: OpaquePointer?, _ x: Double, _ out: UnsafeMutablePointer<Double>?, _ outName: String,
    _ body: (TimingFunctionObject, Double) -> Double
) -> cadence_status {
    APICall.run(name) { call in
        let object = try HandleTable.object(function, as: TimingFunctionObject.self, in: call, "function")
        try call.required(out, outName).pointee = body(object, x)
    }
}

@c @implementation
public func cadence_timing_function_progress(
    _ function: OpaquePointer?, _ x: Double, _ y: UnsafeMutablePointer<Double>?
) -> cadence_status {
    evaluate("cadence_timing_function_progress", function, x, y, "y") { $0.function.progress(at: $1) }
}

@c @implementation
public func cadence_timing_function_progress_correctly_rounded(
    _ function: OpaquePointer?, _ x: Double, _ y: UnsafeMutablePointer<Double>?
) -> cadence_status {
    evaluate("cadence_timing_function_progress_correctly_rounded", function, x, y, "y") { $0.function.correctlyRoundedProgress(at: $1) }
}

@c @implementation
public func cadence_timing_function_progress_batch(
    _ function: OpaquePointer?, _ xs: UnsafePointer<Double>?, _ count: Int, _ ys: UnsafeMutablePointer<Double>?,
    _ capacity: Int
) -> cadence_status {
    APICall.run("cadence_timing_function_progress_batch") { call in
        let f = try HandleTable.object(function, as: TimingFunctionObject.self, in: call, "function").function
        let inputs = try call.buffer(xs, count: count, "xs")
        let outputs = try call.output(ys, capacity: capacity, needed: count, "ys")
        guard count > 0 else { return }
        // The batch kernel reads and writes lanes at a time; when the buffers are the same
        // it still reads each lane before writing it.
        f.progress(at: inputs, into: outputs)
    }
}

@c @implementation
public func cadence_timing_function_velocity(
    _ function: OpaquePointer?, _ x: Double, _ dydx: UnsafeMutablePointer<Double>?
) -> cadence_status {
    evaluate("cadence_timing_function_velocity", function, x, dydx, "dydx") { $0.function.velocity(at: $1) }
}
