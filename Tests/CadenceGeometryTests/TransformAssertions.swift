import CadenceGeometry
import XCTest

/// Asserts two transforms agree field by field within `tolerance` relative to the largest
/// entry (or 1), failing once with both matrices.
func assertClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let scale = max(1, a.fields.map(abs).max() ?? 1, b.fields.map(abs).max() ?? 1)
    for (x, y) in zip(a.fields, b.fields) where !(abs(x - y) <= tolerance * scale) {
        XCTFail("\(a) ≉ \(b) \(message)", file: file, line: line)
        return
    }
}
