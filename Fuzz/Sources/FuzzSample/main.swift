// Fuzz target: `cadence sample -` on the bytes — the JSON reader, request decoding (every
// animation type and field) and evaluation — with the command line's promises checked
// (FuzzConsole.run): one clean error line, or a response. Each unit is bounded by the
// memory budget and an evaluation budget, so a slow unit is a finding.
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSample(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let console = FuzzConsole(input: Array(UnsafeBufferPointer(start: data, count: count)))
    console.run(["sample", "-", "--max-memory", "256M", "--max-evaluations", "100000"])
    return 0
}

runFuzzer(fuzzSample)
