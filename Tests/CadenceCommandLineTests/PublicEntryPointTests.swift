import CadencePixels
import Cadence
import CadenceCommandLine
import XCTest

/// The command line's public entry points for programs that embed the engine (the C API):
/// the same documents, values and error text as `cadence sample` and `cadence render`.
final class PublicEntryPointTests: XCTestCase {
    func testControlPointsAreCheckedAsTheCommandLineChecksThem() throws {
        let function = try TimingFunction.parse(controlPoints: 0.42, 0, 0.58, 1, location: "here")
        XCTAssertEqual(function, .easeInEaseOut)
        XCTAssertThrowsError(try TimingFunction.parse(controlPoints: 1.5, 0, 0.5, 1, location: "here")) { error in
            XCTAssertEqual(
                "\(error)", "cadence: here: c1x: 1.5 is outside 0...1 (x control points must be in 0...1)")
        }
        XCTAssertThrowsError(try TimingFunction.parse(controlPoints: 0, .nan, 0.5, 1, location: "here")) { error in
            XCTAssertEqual("\(error)", "cadence: here: c1y: nan is not a finite number")
        }
        // The argument form reports the same problem the same way.
        XCTAssertThrowsError(try TimingFunction.parse(argument: "1.5,0,0.5,1", location: "here")) { error in
            XCTAssertEqual(
                "\(error)", "cadence: here: c1x: 1.5 is outside 0...1 (x control points must be in 0...1)")
        }
    }

    func testARequestSamplesAsTheCommandLineDoes() throws {
        let text = """
            {"keyPath": "position", "model": [10, 20], "layer": {"speed": 2},
             "animations": [{"type": "basic", "toValue": [110, 20], "duration": 2}], "times": [0, 0.3, 0.7, 5]}
            """
        let request = try SampleRequest(document: Array(text.utf8), source: "json")
        XCTAssertEqual(request.times, [0, 0.3, 0.7, 5])
        let response = cadence("sample", "-", stdin: text)
        XCTAssertEqual(response.status, 0)
        let values = request.times.map { time -> String in
            guard case .point(let p) = request.sample(atParentTime: time).value else { return "?" }
            return "[\(Self.format(p.x)),\(Self.format(p.y))]"
        }
        XCTAssertEqual(response.output, "{\"values\":[\(values.joined(separator: ","))]}\n")
        XCTAssertEqual(request.sample(atParentTime: .nan).value, .point(Point(x: 10, y: 20)), "NaN shows the model")
    }

    func testTimesAreOptionalOnlyWhenAskedFor() throws {
        let text = #"{"keyPath": "opacity", "model": 1, "animations": []}"#
        XCTAssertEqual(try SampleRequest(document: Array(text.utf8), source: "json", requiringTimes: false).times, [])
        XCTAssertThrowsError(try SampleRequest(document: Array(text.utf8), source: "json")) { error in
            XCTAssertEqual("\(error)", cadence("sample", "-", stdin: text).error.trimmingCharacters(in: .newlines))
        }
    }

    func testASceneDecodesAndRenders() throws {
        let text = """
            {"canvas": {"width": 4, "height": 2, "scale": 2},
             "layers": [{"bounds": [0, 0, 2, 2], "position": [1, 1], "backgroundColor": [1, 0, 0, 1]}]}
            """
        let scene = try Scene(document: Array(text.utf8), source: "json", folder: "")
        XCTAssertEqual(scene.canvas.pixelWidth, 8)
        let bitmap = try scene.render(at: 0, with: Compositor())
        XCTAssertEqual(bitmap[0, 0], SIMD4(255, 0, 0, 255))
        XCTAssertEqual(bitmap[7, 0], SIMD4(0, 0, 0, 0))
        XCTAssertThrowsError(try Scene(document: Array("{".utf8), source: "json", folder: "")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cadence: json:1:2: "), "\(error)")
        }
    }

    /// A number as the response writes it (`JSONValue.format`, internal): whole numbers
    /// without a fraction.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// The demo renders without the command line, through the public scene API (the loop
    /// length and frame count public too).
    func testTheDemoSceneIsAPublicExample() throws {
        let scene = DemoScene.make()
        XCTAssertEqual(scene.canvas.pixelWidth, Int(DemoScene.width))
        let compositor = Compositor(threadCount: 1)
        var bitmap = try Bitmap(width: 1, height: 1)
        for frame in [0, DemoScene.frameCount / 2] {
            try scene.render(at: DemoScene.duration * Double(frame) / Double(DemoScene.frameCount), with: compositor, into: &bitmap)
            XCTAssertEqual(bitmap.height, Int(DemoScene.height))
            XCTAssertNotEqual(bitmap[100, 100], .zero, "the panels are drawn")
        }
    }
}
