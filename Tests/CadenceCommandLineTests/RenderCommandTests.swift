@testable import CadenceCommandLine
import Cadence
import Foundation
import XCTest

/// `cadence render`: one frame, frame sequences, arguments, and what is (not) written.
final class RenderCommandTests: RenderTestCase {
    /// A red 20 × 10 card centred on a white 40 × 30 canvas, moving right by 10 points per
    /// second (linear, 1 s).
    private let movingCard = #"""
        [{"name": "card", "bounds": [0, 0, 20, 10], "position": [20, 15], "backgroundColor": [1, 0, 0, 1],
          "animations": {"move": {"type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 20,
                                  "duration": 1, "timingFunction": "linear"}}}]
        """#
    private let whiteCanvas = #"{"width": 40, "height": 30, "background": [1, 1, 1, 1]}"#

    // MARK: One frame

    func testOneFrame() throws {
        let scenePath = try scene(movingCard, canvas: whiteCanvas)
        let out = path("frame.png")
        let result = cadence("render", scenePath, "--time", "0.5", "--out", out)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "wrote \(out) (40×30, 0.5 s)\n")
        XCTAssertEqual(result.error, "")
        XCTAssertEqual(try contents(), ["frame.png", "scene.json"], "no temporary file is left")
        let bitmap = try image(out)
        XCTAssertEqual(bitmap.width, 40)
        XCTAssertEqual(bitmap.height, 30)
        XCTAssertEqual(bitmap[0, 0], SIMD4(255, 255, 255, 255), "background")
        // At 0.5 s the card spans x 5…25: pixel 6 is red, pixel 27 is background.
        XCTAssertEqual(bitmap[6, 15], SIMD4(255, 0, 0, 255))
        XCTAssertEqual(bitmap[27, 15], SIMD4(255, 255, 255, 255))
    }

    func testTheAnimationMovesBetweenTimes() throws {
        let scenePath = try scene(movingCard, canvas: whiteCanvas)
        XCTAssertEqual(cadence("render", scenePath, "--time", "0", "--out", path("a.png")).status, 0)
        XCTAssertEqual(cadence("render", scenePath, "--time", "1", "--out", path("b.png")).status, 0)
        // At 0 s the card spans x 0…20; at 1 s the animation has ended (removed) and the
        // card is back at its model position, x 10…30.
        XCTAssertEqual(try image(path("a.png"))[2, 15], SIMD4(255, 0, 0, 255))
        XCTAssertEqual(try image(path("b.png"))[2, 15], SIMD4(255, 255, 255, 255))
        XCTAssertEqual(try image(path("b.png"))[28, 15], SIMD4(255, 0, 0, 255))
    }

    // A layer with a finite time space times its animations as `sample` does (one rule,
    // `ResolvedTiming.layerTime`): repeats wrap the card's move, and after the layer's
    // active interval the model shows.
    func testAFiniteLayerTimeSpaceRendersAsSampleSays() throws {
        let card = #"""
            [{"name": "card", "bounds": [0, 0, 20, 10], "position": [20, 15], "backgroundColor": [1, 0, 0, 1],
              "duration": 1, "repeatCount": 2,
              "animations": {"move": {"type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 20,
                                      "duration": 1, "timingFunction": "linear"}}}]
            """#
        let scenePath = try scene(card, canvas: whiteCanvas)
        let request = #"""
            {"keyPath": "position.x", "model": 20, "layer": {"duration": 1, "repeatCount": 2},
             "animations": [{"type": "basic", "fromValue": 10, "toValue": 20, "duration": 1, "timingFunction": "linear"}],
             "times": [1.5, 2.5]}
            """#
        XCTAssertEqual(sampledValues(request).map(\.numbers), [[15], [20]])
        for (time, x) in [(1.5, 15), (2.5, 20)] {
            let out = path("t\(time).png")
            XCTAssertEqual(cadence("render", scenePath, "--time", "\(time)", "--out", out).status, 0)
            let bitmap = try image(out)
            // The card spans x − 10 … x + 10.
            XCTAssertEqual(bitmap[x - 9, 15], SIMD4(255, 0, 0, 255), "t = \(time)")
            XCTAssertEqual(bitmap[x - 11, 15], SIMD4(255, 255, 255, 255), "t = \(time)")
        }
    }

    func testSceneFromStandardInput() throws {
        let out = path("stdin.png")
        let result = cadence(arguments: ["render", "-", "--time", "0", "--out", out],
                             stdin: #"{"canvas": {"width": 8, "height": 4, "scale": 2}}"#)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "wrote \(out) (16×8, 0 s)\n")
        XCTAssertEqual(try image(out)[0, 0], .zero, "no background: transparent")
    }

    /// An existing file is replaced only when the new one is complete; a failed run
    /// leaves it as it was.
    func testFailureLeavesAnExistingFileAlone() throws {
        let out = try write("old", to: "out.png")
        let scenePath = try scene(#"[{"opacity": 2}]"#)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", out), "layers[0].opacity: 2 is outside 0...1")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "old")
        XCTAssertEqual(try contents(), ["out.png", "scene.json"])
    }

    // MARK: Sequences

    func testFrameSequence() throws {
        let scenePath = try scene(movingCard, canvas: whiteCanvas)
        let out = path("frames")
        let result = cadence("render", scenePath, "--fps", "4", "--duration", "1", "--out", out)
        XCTAssertEqual(result.status, 0, result.error)
        let expected = ["0", "0.25", "0.5", "0.75"].enumerated().map { index, time in
            "wrote \(out)/frame-000\(index).png (40×30, \(time) s)\n"
        }
        XCTAssertEqual(result.output, expected.joined())
        XCTAssertEqual(try contents("frames"), ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png"])
        // Frame 3 (0.75 s): the card spans x 7.5…27.5.
        XCTAssertEqual(try image(out + "/frame-0003.png")[26, 15], SIMD4(255, 0, 0, 255))
        XCTAssertEqual(try image(out + "/frame-0000.png")[26, 15], SIMD4(255, 255, 255, 255))
    }

    /// `--threads` (frames drawn in bands and encoded at once) and `--png-level` change
    /// neither the pixels nor the order of the files; level 0 stores (the largest files).
    func testThreadsAndPNGLevel() throws {
        let scenePath = try scene(movingCard, canvas: whiteCanvas)
        let expected = cadence("render", scenePath, "--fps", "8", "--duration", "1", "--out", path("one"), "--threads", "1")
        XCTAssertEqual(expected.status, 0, expected.error)
        for (threads, level) in [("2", "0"), ("7", "9"), ("3", "2")] {
            let out = path("t\(threads)")
            let result = cadence("render", scenePath, "--fps", "8", "--duration", "1", "--out", out,
                                 "--threads", threads, "--png-level", level)
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertEqual(result.output, expected.output.replacingOccurrences(of: path("one"), with: out))
            for index in 0..<8 {
                let name = FrameFolder.frameName(index)
                XCTAssertEqual(try image(out + "/" + name), try image(path("one") + "/" + name), "\(threads) threads, \(name)")
                if level == "0" {
                    let stored = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)).count
                    XCTAssertGreaterThan(stored, try Data(contentsOf: URL(fileURLWithPath: path("one") + "/" + name)).count)
                }
            }
        }
        let single = cadence("render", scenePath, "--time", "0.5", "--out", path("single.png"), "--png-level", "0", "--threads", "2")
        XCTAssertEqual(single.status, 0, single.error)
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("x.png"), "--threads", "257"),
                       "--threads: 257 is not in 1...256")
        assertBadInput(cadence("render", scenePath, "--time", "0", "--out", path("x.png"), "--png-level", "-1"),
                       "--png-level: -1 is not in 0...9")
    }

    /// The frame count is ⌈duration · fps⌉, with products a hair above a whole number
    /// (rounding) counted as that number; folders are created with their parents.
    func testFrameCountsAndNestedFolders() throws {
        let scenePath = try scene()
        for (fps, duration, count) in [("3", "0.5", 2), ("29.97", "3.0030030030030030", 90), ("10", "0.01", 1)] {
            let out = path("nested/\(fps)-\(duration)")
            let result = cadence("render", scenePath, "--fps", fps, "--duration", duration, "--out", out)
            XCTAssertEqual(result.status, 0, result.error)
            XCTAssertEqual(result.output.split(separator: "\n").count, count, "\(fps) fps, \(duration) s")
            XCTAssertEqual(try contents("nested/\(fps)-\(duration)").count, count)
        }
    }

    /// When a frame cannot be written (here a folder stands where frame 2 goes), the
    /// frames this run wrote are removed; what was there before stays.
    func testFailedSequenceRemovesItsFrames() throws {
        let scenePath = try scene()
        let out = path("frames")
        try FileManager.default.createDirectory(atPath: out + "/frame-0002.png", withIntermediateDirectories: true)
        try write("keep", to: "frames/notes.txt")
        let result = cadence("render", scenePath, "--fps", "10", "--duration", "1", "--out", out)
        assertBadInput(result, startingWith: "--out: cannot write \(out)/frame-0002.png: ")
        XCTAssertEqual(try contents("frames"), ["frame-0002.png", "notes.txt"])
    }

    func testOutputFolderThatIsAFile() throws {
        let scenePath = try scene()
        let out = try write("", to: "file")
        assertBadInput(cadence("render", scenePath, "--fps", "1", "--duration", "1", "--out", out + "/frames"),
                       "--out: \(out) is a file, not a folder")
        assertBadInput(cadence("render", scenePath, "--fps", "1", "--duration", "1", "--out", out),
                       "--out: \(out) is a file, not a folder")
    }

    /// Finite numbers at the edge of `Double` (geometry that overflows once transformed),
    /// empty, negative and singular layers: each is a defined picture, not a trap.
    func testExtremeGeometryRenders() throws {
        let scenePath = try scene(#"""
            [{"bounds": [0, 0, 1e308, 1e308], "position": [1e308, -1e308], "backgroundColor": [1, 0, 0, 1],
              "cornerRadius": 1e308, "borderWidth": 1e308},
             {"bounds": [-1e308, -1e308, 1e300, 1e300], "opacity": 0.5, "masksToBounds": true, "backgroundColor": [0, 1, 0, 1],
              "transform": [1e308, 0, 0, 0, 0, 1e308, 0, 0, 0, 0, 1, 1e308, 1e308, 0, 0, 1],
              "sublayers": [{"bounds": [0, 0, 10, 10], "backgroundColor": [0, 0, 1, 1]}]},
             {"bounds": [0, 0, 10, 10], "position": [20, 15], "anchorPointZ": 1e308, "zPosition": -1e308,
              "sublayerTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1e308, 0, 0, 0, 1],
              "sublayers": [{"bounds": [0, 0, 5, 5], "backgroundColor": [0, 0, 0, 1], "zPosition": 1e308}]},
             {"bounds": [0, 0, 0, 0], "position": [5, 5], "backgroundColor": [0, 0, 0, 1], "borderWidth": 3},
             {"bounds": [0, 0, -10, -10], "position": [5, 5], "backgroundColor": [0, 0, 0, 1]},
             {"bounds": [0, 0, 10, 10], "position": [5, 5], "backgroundColor": [0, 0, 0, 1],
              "transform": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}]
            """#)
        let result = cadence("render", scenePath, "--time", "0", "--out", path("extreme.png"))
        XCTAssertEqual(result.status, 0, result.error)
    }

    // MARK: Arguments

    func testArgumentErrors() throws {
        let scenePath = try scene()
        let out = path("x")
        assertBadInput(cadence("render", scenePath, "--time", "1", "--fps", "2", "--out", out),
                       "--time: cannot be combined with --fps and --duration (one frame or a sequence)")
        assertBadInput(cadence("render", scenePath, "--out", out),
                       "render: give --time T for one frame, or --fps F and --duration D for a sequence")
        assertBadInput(cadence("render", scenePath, "--fps", "2", "--out", out),
                       "--duration: missing (a sequence needs --fps and --duration)")
        assertBadInput(cadence("render", scenePath, "--duration", "2", "--out", out),
                       "--fps: missing (a sequence needs --fps and --duration)")
        assertBadInput(cadence("render", scenePath, "--fps", "0", "--duration", "2", "--out", out), "--fps: 0 is not a positive number")
        assertBadInput(cadence("render", scenePath, "--fps", "2", "--duration", "inf", "--out", out),
                       "--duration: inf is not a positive number")
        assertBadInput(cadence("render", scenePath, "--time", "nan", "--out", out), "--time: nan is not a finite number")
        assertBadInput(cadence("render", scenePath, "--fps", "60", "--duration", "1000", "--out", out),
                       "--duration: 1000 s at 60 fps is more than 10000 frames (the limit)")
        assertBadInput(cadence("render", scenePath, "--time", "0"),
                       "arguments: Missing expected argument '--out <path>' (see 'cadence help render')")
        assertBadInput(cadence("render", path("nope.json"), "--time", "0", "--out", out),
                       "\(path("nope.json")): cannot read: No such file or directory")
        assertBadInput(cadence("render", "", "--time", "0", "--out", out), "scene: the file name is empty")
        XCTAssertEqual(try contents(), ["scene.json"])
    }

    func testHelpListsRenderAndDemo() {
        let help = cadence("--help").output
        XCTAssertTrue(help.contains("render"), help)
        XCTAssertTrue(help.contains("demo"), help)
        XCTAssertEqual(cadence("help", "render").status, 0)
    }
}
