import CadenceGeometry
import CadenceTesting
import XCTest

/// Asserts two transforms agree field by field within `tolerance` relative to the largest
/// entry (or 1), failing once with both matrices.
func assertClose(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    do {
        try TransformImplementation.requireClose(a, b, within: tolerance, message)
    } catch {
        XCTFail("\(error)", file: file, line: line)
    }
}
