@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// Bounded time and memory: the memory budget refuses, before allocating, what would pass
/// it (naming what asked), the work budgets refuse runs over them up front, and huge
/// cubicPaced values cost what ordinary ones do. Sizes are kept small: the budgets are set
/// low rather than the inputs made large.
final class ResourceBudgetTests: RenderTestCase {
    // MARK: Time

    /// cubicPaced keyframes of huge values take bounded work in `sample` and `render` (each
    /// segment took about 30 s: the pacing integral never met its stopping test once the
    /// speed overflowed, and recursed to its depth limit at every table step).
    func testHugeCubicPacedValuesAreFast() throws {
        // 100 keyframes near 9e307 (a hundred took about an hour).
        let values = (0..<100).map { JSONValueText.number(Double($0 % 7) * 1.25e307) }.joined(separator: ", ")
        let points = (0..<100).map { "[\(JSONValueText.number(Double($0 % 5) * 2e307)), \(JSONValueText.number(Double($0 % 3) * 3e307))]" }
            .joined(separator: ", ")
        let start = Date()
        let scalars = sampledValues(
            keyPath: "zPosition", model: "0",
            animations: #"{"type": "keyframe", "calculationMode": "cubicPaced", "values": [\#(values)], "duration": 1}"#,
            times: stride(from: 0.0, through: 1, by: 0.01).map { $0 })
        XCTAssertEqual(scalars.count, 101)
        XCTAssertEqual(scalars.first, .number(0))
        let pairs = sampledValues(
            keyPath: "position", model: "[0, 0]",
            animations: #"{"type": "keyframe", "calculationMode": "cubicPaced", "values": [\#(points)], "duration": 1}"#,
            times: [0, 0.5, 1])
        XCTAssertEqual(pairs.count, 3)
        // The issue's example, through render: two keyframes, 9e307 and 0.
        let scenePath = try scene(#"""
            [{"bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": [1, 0, 0, 1],
              "animations": {"z": {"type": "keyframe", "keyPath": "zPosition", "calculationMode": "cubicPaced",
                                   "values": [9e307, 0], "duration": 1},
                             "x": {"type": "keyframe", "keyPath": "position.x", "calculationMode": "cubicPaced",
                                   "values": [\#(values)], "duration": 1}}}]
            """#)
        let result = cadence("render", scenePath, "--fps", "4", "--duration", "1", "--out", path("frames"))
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(try contents("frames").count, 4)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "bounded work (a debug build takes well under a second)")
    }

    /// `--max-evaluations` refuses a request of more evaluations (times × animations, a
    /// group counted with its children) before any is made.
    func testEvaluationBudget() {
        let request = #"""
            {"keyPath": "opacity", "model": 1, "times": [0, 0.5, 1],
             "animations": [{"type": "basic", "toValue": 0}, {"type": "group", "animations": [{"type": "basic", "toValue": 1}]}]}
            """#
        XCTAssertEqual(cadence(arguments: ["sample", "-", "--max-evaluations", "9"], stdin: request).status, 0)
        assertBadInput(cadence(arguments: ["sample", "-", "--max-evaluations", "8"], stdin: request),
            "--max-evaluations: the request asks for 9 evaluations (3 times × the animations), more than 8")
        assertBadInput(cadence(arguments: ["sample", "-", "--max-evaluations", "0"], stdin: request),
            "--max-evaluations: 0 is not a positive count")
    }

    /// `--max-pixels` refuses a render whose estimated pixel passes pass it, before any
    /// frame is drawn; the estimate grows with the layers' areas and their effects.
    func testPixelBudget() throws {
        let plain = #"[{"frame": [0, 0, 40, 30], "backgroundColor": [1, 0, 0, 1]}]"#
        let scenePath = try scene(plain)
        // The canvas (1,200 pixels) and the layer's bounds with their anti-aliased edge.
        let list = try decode(#"{"canvas": {"width": 40, "height": 30}, "layers": \#(plain)}"#)
        let work = Compositor().renderList(list.layers, at: 0, on: list.canvas).pixelWork
        XCTAssertEqual(work, 1_200 + 1_200)
        XCTAssertEqual(cadence("render", scenePath, "--time", "0", "--out", path("a.png"), "--max-pixels", "2400").status, 0)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("b.png"), "--max-pixels", "2399"),
            "--max-pixels: the frame takes 2400 estimated pixel passes, more than 2399")
        assertBadInput(cadence("render", scenePath, "--fps", "10", "--duration", "1", "--out", path("c"), "--max-pixels", "20000"),
            "--max-pixels: the 10 frames take 24000 estimated pixel passes, more than 20000")
        XCTAssertEqual(try contents(), ["a.png", "scene.json"], "nothing written when refused")
        // A shadowed translucent layer with a sublayer costs its group (2 passes) and its
        // shadow (10) over its extent on top: 1,200 · (1 + 1 + 2 + 10).
        let shadowed = try decode(#"""
            {"canvas": {"width": 40, "height": 30}, "layers": [{"frame": [0, 0, 40, 30], "backgroundColor": [1, 0, 0, 1],
              "opacity": 0.5, "shadowOpacity": 1, "shadowRadius": 4, "sublayers": [{"frame": [0, 0, 10, 10]}]}]}
            """#)
        XCTAssertEqual(Compositor().renderList(shadowed.layers, at: 0, on: shadowed.canvas).pixelWork, 1_200 * 14)
    }

    // MARK: Memory

    /// A long `times` array is charged as it is parsed and as its response is made: over
    /// the budget, one line naming what asked (it cost 100 to 300 times its size, unchecked).
    func testTimesAndResponseAreCharged() {
        let times = String(repeating: "0,", count: 99_999) + "0"
        let scalar = #"{"keyPath": "opacity", "model": 1, "times": [\#(times)]}"#
        assertBadInput(cadence(arguments: ["sample", "-", "--max-memory", "2M"], stdin: scalar),
            "stdin:1:79252: the parsed document needs more memory than the budget of 2 MiB leaves (--max-memory raises it)")
        // The tree fits (about 4.8 MiB) but a transform's response (100,000 × 402 bytes) does not.
        let transform = #"{"keyPath": "transform", "model": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1], "times": [\#(times)]}"#
        assertBadInput(cadence(arguments: ["sample", "-", "--max-memory", "24M"], stdin: transform),
            "times: the response of 100000 values would take 38.3 MiB, over the memory budget of 24 MiB; 5.5 MiB already in use "
                + "(--max-memory raises it)")
        XCTAssertEqual(cadence(arguments: ["sample", "-", "--max-memory", "48M"], stdin: transform).status, 0)
    }

    /// Keyframes, paths, layers and canvases are charged before they are built.
    func testDecodedObjectsAndCanvasAreCharged() throws {
        let values = String(repeating: "1, ", count: 999) + "2"
        assertBadInput(cadence(arguments: ["sample", "-", "--max-memory", "8M"], stdin: #"""
            {"keyPath": "opacity", "model": 1, "times": [0],
             "animations": [{"type": "keyframe", "calculationMode": "cubicPaced", "values": [\#(values)]}]}
            """#),
            "animations[0].values: 1000 keyframes would take 15.9 MiB, over the memory budget of 8 MiB; 52.1 KiB already in use "
                + "(--max-memory raises it)")
        let layers = "[" + Array(repeating: "{}", count: 3_000).joined(separator: ",") + "]"
        let scenePath = try scene(layers)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("x.png"), "--max-memory", "8M"),
            startingWith: "layers[")
        let big = try scene("[]", canvas: #"{"width": 8192, "height": 8192}"#, name: "big.json")
        assertBadInput(cadence("render", big, "--time", "0", "--out", path("x.png"), "--max-memory", "512M"),
            "canvas: rendering and encoding a 8192×8192 canvas would take 1.0 GiB, over the memory budget of 512 MiB; 665 bytes "
                + "already in use (--max-memory raises it)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
    }
}
