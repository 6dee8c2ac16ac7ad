import CCadence
import CadenceScene

/// One call through the C API: its name (the `<where>` of messages about its arguments),
/// the checks of its arguments, and the conversion of whatever it throws into a status and
/// the thread's last error.
struct APICall {
    /// The C function's name.
    let function: String

    /// Runs `body` as the call `function`: `CADENCE_OK` when it returns, else the status of
    /// what it threw, with the message stored for `cadence_last_error()`.
    static func run(_ function: String, _ body: (APICall) throws -> Void) -> cadence_status {
        let call = APICall(function: function)
        do {
            try body(call)
            return CADENCE_OK
        } catch let failure as APIFailure {
            store(failure.message)
            return failure.status
        } catch let error as InputError {
            store(error.description)
            return CADENCE_ERROR_INVALID_DOCUMENT
        } catch let error as InternalError {
            store("cadence: internal error: \(error.message)")
            return CADENCE_ERROR_INTERNAL
        } catch {
            store("cadence: internal error: \(error)")
            return CADENCE_ERROR_INTERNAL
        }
    }

    /// Sets the thread's last error.
    private static func store(_ message: String) {
        var message = message
        message.withUTF8 { cadence_internal_set_last_error(UnsafeRawPointer($0.baseAddress)?.assumingMemoryBound(to: CChar.self), $0.count) }
    }

    /// A failure of this call: `status`, with the message `cadence: <function>: <what>`.
    func failure(_ status: cadence_status, _ what: String) -> APIFailure {
        APIFailure(status: status, message: InputError(function, what).description)
    }

    /// `pointer`, or a `CADENCE_ERROR_NULL_ARGUMENT` failure naming the parameter `name`.
    func required<Pointer>(_ pointer: Pointer?, _ name: String) throws(APIFailure) -> Pointer {
        guard let pointer else { throw failure(CADENCE_ERROR_NULL_ARGUMENT, "\(name) is NULL") }
        return pointer
    }

    /// `buffer` holding `count` elements, or a failure: NULL with a count above 0.
    /// A zero count gives an empty buffer whatever the pointer.
    func buffer<Element>(_ buffer: UnsafePointer<Element>?, count: Int, _ name: String) throws(APIFailure)
        -> UnsafeBufferPointer<Element>
    {
        guard count >= 0 else {
            throw failure(CADENCE_ERROR_INVALID_ARGUMENT, "\(name): a count of \(UInt(bitPattern: count)) is too large")
        }
        guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: try required(buffer, name), count: count)
    }

    /// The output buffer `buffer` of `capacity` elements, checked to hold `needed`: a
    /// `CADENCE_ERROR_BUFFER_TOO_SMALL` failure when it does not, NULL with `needed` above 0
    /// a `CADENCE_ERROR_NULL_ARGUMENT` one.
    func output<Element>(_ buffer: UnsafeMutablePointer<Element>?, capacity: Int, needed: Int, _ name: String)
        throws(APIFailure) -> UnsafeMutableBufferPointer<Element>
    {
        guard needed > 0 else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        let start = try required(buffer, name)
        // A capacity above Int.max (negative here) is as large as any need.
        guard UInt(bitPattern: capacity) >= UInt(needed) else {
            throw failure(CADENCE_ERROR_BUFFER_TOO_SMALL, "\(name) holds \(capacity), \(needed) needed")
        }
        return UnsafeMutableBufferPointer(start: start, count: needed)
    }

    /// The NUL-terminated UTF-8 text at `text`, or a failure: NULL, or not UTF-8.
    func string(_ text: UnsafePointer<CChar>?, _ name: String) throws(APIFailure) -> String {
        guard let string = String(validatingCString: try required(text, name)) else {
            throw failure(CADENCE_ERROR_INVALID_ARGUMENT, "\(name) is not valid UTF-8")
        }
        return string
    }

    /// `value`, or a `CADENCE_ERROR_INVALID_ARGUMENT` failure when it is NaN.
    func number(_ value: Double, _ name: String) throws(APIFailure) -> Double {
        guard !value.isNaN else { throw failure(CADENCE_ERROR_INVALID_ARGUMENT, "\(name) is NaN") }
        return value
    }

    /// The result of `body`, its `InputError`s (about arguments, not documents) turned into
    /// `CADENCE_ERROR_INVALID_ARGUMENT` failures with the same text.
    func arguments<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as InputError {
            throw APIFailure(status: CADENCE_ERROR_INVALID_ARGUMENT, message: error.description)
        }
    }
}

/// What a call returns when it fails: the status, and the message `cadence_last_error()`
/// gives.
struct APIFailure: Error {
    var status: cadence_status
    var message: String
}
