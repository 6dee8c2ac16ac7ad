@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// `cadence render --in-context`: the model trees drawn as `renderInContext:` draws them.
final class RenderInContextCommandTests: RenderTestCase {
    /// A red 20 × 10 card whose position and animation would move it on a canvas; in a
    /// context it sits at its bounds, (0, 0) at the top left of a `topLeft` canvas and at
    /// the bottom left of a `bottomLeft` one, at the canvas's scale.
    private let card = #"""
        [{"name": "card", "bounds": [0, 0, 20, 10], "position": [25, 20], "backgroundColor": [1, 0, 0, 1],
          "transform": [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
          "animations": {"move": {"type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 20,
                                  "duration": 1}}}]
        """#

    func testTheModelInItsBoundsSpace() throws {
        for (origin, row) in [("topLeft", 2), ("bottomLeft", 57)] {
            let scenePath = try scene(card, canvas: #"{"width": 40, "height": 30, "scale": 2, "origin": "\#(origin)"}"#)
            let out = path("\(origin).png")
            let result = cadence("render", scenePath, "--in-context", "--out", out)
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertEqual(result.output, "wrote \(out) (80×60, in context)\n")
            let bitmap = try image(out)
            XCTAssertEqual(bitmap[2, row], SIMD4(255, 0, 0, 255), origin)
            XCTAssertEqual(bitmap[38, row], SIMD4(255, 0, 0, 255), origin)
            XCTAssertEqual(bitmap[41, row], SIMD4(0, 0, 0, 0), origin)
            XCTAssertEqual(bitmap[2, 30], SIMD4(0, 0, 0, 0), origin)
        }
    }

    func testTimesAreRefused() throws {
        let scenePath = try scene(card)
        for extra in [["--time", "0"], ["--fps", "2"], ["--duration", "1"]] {
            let result = cadence(arguments: ["render", scenePath, "--in-context", "--out", path("x.png")] + extra)
            XCTAssertEqual(result.status, 2, extra.joined(separator: " "))
            XCTAssertEqual(
                result.error,
                "cadence: \(extra[0]): cannot be combined with --in-context (the model trees are drawn, with no time)\n")
        }
        XCTAssertEqual(try contents(), ["scene.json"])
    }

    /// `--max-pixels` estimates the in-context lists' work and refuses a run over it.
    func testMaxPixels() throws {
        let scenePath = try scene(card)
        let result = cadence("render", scenePath, "--in-context", "--max-pixels", "1", "--out", path("x.png"))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasPrefix("cadence: --max-pixels: the frame takes "), result.error)
        XCTAssertEqual(try contents(), ["scene.json"])
        XCTAssertEqual(cadence("render", scenePath, "--in-context", "--max-pixels", "1e9", "--out", path("x.png")).status, 0)
    }
}
