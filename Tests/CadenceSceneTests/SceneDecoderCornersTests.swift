@testable import CadenceScene
import CadenceLayers
import CadenceSceneTestSupport
import Foundation
import XCTest

/// The scene fields `maskedCorners` (corner names) and `cornerCurve`.
final class SceneDecoderCornersTests: SceneTestCase {
    func testCornersAreRead() throws {
        let layer = try decodeLayer(#"""
            {"bounds": [0, 0, 10, 10], "cornerRadius": 3, "cornerCurve": "continuous",
             "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMaxYCorner"]}
            """#)
        XCTAssertEqual(layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(layer.cornerCurve, .continuous)
        XCTAssertEqual(try decodeLayer(#"{"maskedCorners": []}"#).maskedCorners, [])
        XCTAssertEqual(try decodeLayer(#"{"maskedCorners": null, "cornerCurve": null}"#).maskedCorners, .all)
    }

    func testCornerErrors() throws {
        try assertSceneError(
            #"[{"maskedCorners": ["layerMinXMinYcorner"]}]"#,
            #"layers[0].maskedCorners[0]: unknown corner "layerMinXMinYcorner" (did you mean "layerMinXMinYCorner"?)"#)
        try assertSceneError(
            #"[{"maskedCorners": ["top"]}]"#,
            #"layers[0].maskedCorners[0]: unknown corner "top" (expected "layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner" or "layerMaxXMaxYCorner")"#)
        try assertSceneError(#"[{"maskedCorners": 15}]"#, "layers[0].maskedCorners: expected an array, got 15")
        try assertSceneError(
            #"[{"cornerCurve": "smooth"}]"#,
            #"layers[0].cornerCurve: unknown corner curve "smooth" (expected "circular" or "continuous")"#)
    }
}
