// Fuzz target: SVG path data (`Path(svgPathData:)`), then what animations and shadows do
// with a path: its length, bounds and arc-length table. Checked: a parsed path holds only
// finite coordinates; an error's offset is inside the data; the length is a number ≥ 0
// (+∞ only when it overflows); every location the table gives is a segment of the path
// with t in 0…1; `Path.location(atDistance:)` agrees with the table bit for bit.
import Cadence
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPath(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let path: Path
    do {
        path = try Path(svgPathData: text)
    } catch {
        check(error.offset >= 0 && error.offset <= text.utf8.count, "offset \(error.offset) outside \(text.utf8.count) bytes")
        return 0
    }
    check(path.isFinite, "a non-finite point in \(text.debugDescription.prefix(200))")
    guard path.elements.count <= 256 else { return 0 }
    let table = PathArcLengthTable(path)
    check(!table.length.isNaN && table.length >= 0, "length \(table.length)")
    _ = path.bounds
    for fraction in [0, 0.25, 0.5, 0.999, 1, 2] {
        let distance = table.length.isFinite ? table.length * fraction : fraction
        guard let location = table.location(atDistance: distance) else {
            check(table.segments.isEmpty, "no location on a path with segments")
            continue
        }
        check(table.segments.indices.contains(location.segmentIndex), "segment \(location.segmentIndex)")
        check((0...1).contains(location.t), "t \(location.t)")
        check(path.location(atDistance: distance) == location, "Path and its table disagree")
    }
    return 0
}

runFuzzer(fuzzPath)
