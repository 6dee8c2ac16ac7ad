// Fuzz target: `cadence render -` on the bytes — scene decoding (layers, masks,
// transitions, animations, contents paths), the render list and the compositor — written to
// /dev/null, with the command line's promises checked (FuzzConsole.run). The memory budget
// and a pixel-work budget bound each unit, so a slow unit is a finding.
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let console = FuzzConsole(input: Array(UnsafeBufferPointer(start: data, count: count)))
    console.run([
        "render", "-", "--time", "0.5", "--out", "/dev/null", "--max-input", "1M", "--max-memory", "256M",
        "--max-pixels", "2000000",
    ])
    return 0
}

runFuzzer(fuzzScene)
