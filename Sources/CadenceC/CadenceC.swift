// CadenceC: the C API of Cadence (`cadence.h` in the CCadence target), built as the shared
// library libCadenceC.so.
//
// Each function declared in the header is implemented here with `@c @implementation`, so
// the compiler checks every signature against the header. A call goes through
// `APICall.run`: the body reads its arguments (pointers checked, handles looked up in
// `HandleTable`), calls the engine, writes its outputs, and any thrown error becomes a
// status and the thread's last error (kept by the C side, `cadence_last_error.c`).
// Documents are read by CadenceScene (`SampleRequest`, `Scene`), as the command line reads
// them, so a document means the same and fails with the same text as `cadence sample` and
// `cadence render`.
//
// This module must never trap on input: no force unwraps of caller data, no unchecked
// arithmetic on caller counts, every buffer bounded by the count its caller passed.
import CCadence

@c @implementation
public func cadence_version(_ major: UnsafeMutablePointer<UInt32>?, _ minor: UnsafeMutablePointer<UInt32>?)
    -> cadence_status
{
    major?.pointee = UInt32(CADENCE_ABI_MAJOR)
    minor?.pointee = UInt32(CADENCE_ABI_MINOR)
    return CADENCE_OK
}

@c @implementation
public func cadence_live_handle_count(_ count: UnsafeMutablePointer<Int>?) -> cadence_status {
    APICall.run("cadence_live_handle_count") { call in
        try call.required(count, "count").pointee = HandleTable.liveCount
    }
}
