import CadencePixels
@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// The scene files in `Examples/scenes/`: each renders, at its canvas size, with its
/// background in the corner and its layers where the file puts them.
final class SceneExamplesTests: RenderTestCase {
    private static let scenes = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenes")

    private func render(_ name: String, at time: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bitmap {
        let out = path("\(name)-\(time).png")
        let result = cadence("render", Self.scenes.appendingPathComponent("\(name).json").path, "--time", time, "--out", out)
        XCTAssertEqual(result.status, 0, result.error, file: file, line: line)
        return try image(out)
    }

    /// Asserts that `pixel` is `expected` within 1 per channel (colours such as 0.3 · 255 =
    /// 76.5 may round either way).
    private func assertPixel(_ pixel: SIMD4<UInt8>, _ expected: SIMD4<Int>, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let difference = SIMD4<Int>(truncatingIfNeeded: pixel) &- expected
        XCTAssertLessThanOrEqual(max(abs(difference[0]), abs(difference[1]), abs(difference[2]), abs(difference[3])), 1,
                                 "\(pixel) is not \(expected) \(message)", file: file, line: line)
    }

    func testEverySceneIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.scenes.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names, ["card-flip.json", "scroll-list.json", "spinner.json", "tiled-zoom.json"])
    }

    /// A header and a scroll layer placed by constraints, over ten rows stacked by
    /// constraints (each 8 points below the one before); the list scrolls down to 150 from
    /// 1 s over 1 s, then to show the last row from 2.5 s over 0.5 s (origin 480 − 246).
    func testScrollList() throws {
        let start = try render("scroll-list", at: "0")
        assertPixel(start[120, 30], SIMD4(156, 107, 255, 255), "the header, (12, 12, 216, 40)")
        assertPixel(start[120, 90], SIMD4(77, 140, 255, 255), "row 0 at 62 + 8")
        assertPixel(start[120, 314], SIMD4(15, 18, 23, 255), "row 5 is clipped by the list (it ends at 308)")
        let end = try render("scroll-list", at: "3")
        assertPixel(end[120, 65], SIMD4(255, 209, 64, 255), "the last 6 points of row 4 (200…240, scrolled by 234)")
        assertPixel(end[120, 96], SIMD4(77, 140, 255, 255), "row 5 at 62 + 248 − 234")
        assertPixel(end[120, 288], SIMD4(255, 209, 64, 255), "row 9, the rectangle scrolled to, at the bottom")
        // Half way through the first scroll (linear, the default action's timing): 75.
        let middle = try render("scroll-list", at: "1.5")
        assertPixel(middle[120, 62 + 104 - 75 + 20], SIMD4(61, 219, 150, 255), "row 2 (104…144) at 62 + 104 − 75")
    }

    /// Eight dots pulsing in turn (each `timeOffset` an eighth later) beside a level meter
    /// clipped to its rounded panel.
    func testSpinner() throws {
        let bitmap = try render("spinner", at: "0.5")
        XCTAssertEqual(bitmap.width, 320)
        XCTAssertEqual(bitmap.height, 200)
        assertPixel(bitmap[0, 0], SIMD4(15, 18, 23, 255), "background (0.06, 0.07, 0.09)")
        // The meter's fill is clipped by the panel's rounded corner: its bottom-left pixel
        // (200, 179) lies outside the 24-point radius and shows the canvas.
        assertPixel(bitmap[200, 179], SIMD4(15, 18, 23, 255))
        assertPixel(bitmap[250, 175], SIMD4(61, 219, 150, 255), "the fill (0.24, 0.86, 0.59)")
    }

    /// A 100,000-point tiled layer in a rounded window, zooming from 1/64× to 4× and back
    /// (levels 4× … 1/64×): its checkerboard's squares are 16 pixels at every level. At 1/64×
    /// a square is 1,024 points and the window's centre (160, 120) is the layer's (50,000,
    /// 50,000), in square (48, 48): its edges are at x = 146.75 and 162.75. At 4× the squares
    /// are 4 points, and an edge passes through the centre.
    func testTiledZoom() throws {
        let light = SIMD4(242, 235, 219, 255), dark = SIMD4(61, 89, 128, 255)
        let out = try render("tiled-zoom", at: "0")
        assertPixel(out[0, 0], SIMD4(15, 18, 23, 255), "background")
        assertPixel(out[155, 115], light, "square (48, 48)")
        assertPixel(out[165, 115], dark, "square (49, 48)")
        let deep = try render("tiled-zoom", at: "2")
        assertPixel(deep[162, 122], light, "square (12500, 12500)")
        assertPixel(deep[157, 122], dark, "square (12499, 12500)")
        assertPixel(deep[21, 21], SIMD4(15, 18, 23, 255), "cut by the window's rounded corner")
    }

    /// A card flipping about y in perspective: front face (white, with an image and a
    /// shadow) then back face (blue), each culled when it faces away; the canvas has scale 2.
    func testCardFlip() throws {
        let front = try render("card-flip", at: "0")
        XCTAssertEqual(front.width, 480)
        XCTAssertEqual(front.height, 360)
        assertPixel(front[130, 180], SIMD4(255, 255, 255, 255), "the front, facing the viewer")
        assertPixel(front[240, 180], SIMD4(77, 80, 89, 255), "the curve of its contents image, in the middle")
        let shadow = front[240, 312]
        XCTAssertTrue(shadow[0] < 235 && shadow[3] == 255, "\(shadow): the card's shadow below it, darker than the canvas")
        let back = try render("card-flip", at: "1.5")
        assertPixel(back[240, 180], SIMD4(77, 140, 255, 255), "the back (0.3, 0.55, 1), turned by π")
    }

    /// A sequence of the flip: 6 frames at 2 fps.
    func testCardFlipSequence() throws {
        let out = path("flip")
        let result = cadence("render", Self.scenes.appendingPathComponent("card-flip.json").path,
                             "--fps", "2", "--duration", "3", "--out", out)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try contents("flip").count, 6)
    }
}
