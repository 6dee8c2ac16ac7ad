import CadenceCompositor
import CadenceGeometry
import CadenceImageIO
import CadenceLayers
import CadencePixels
import CadenceScene
import CadenceTestSupport
import CadenceText
import Foundation
import XCTest

/// The text goldens (issue 20, section 1): every scene in `Reference/scenes-text/` —
/// wrapped, justified, centred and right-aligned text layers in DejaVu Sans with kerned
/// pairs — rendered by Cadence and by an independent renderer (`Reference/render/text.py`:
/// its own layout in Python, glyphs and advances from cairo's font stack, kerning from its
/// own `kern` parser, outlines filled by cairo), compared under a text metric:
///
/// 1. **Layout**: every glyph's index and pen position (x and baseline, in canvas pixels)
///    equals the reference's within ``positionTolerance`` (the same font units reach both
///    through doubles; cairo's advances pass through FreeType's 16.16 fixed point).
/// 2. **Pixels**: the mean |difference| of each premultiplied channel over the canvas at
///    most ``meanLimit`` and the largest at most ``largestLimit``. Two rasterizers fill one
///    outline: cairo's from FreeType's 26.6 outline, sampling coverage on sub-scanlines,
///    Cadence's from the unscaled outline with exact areas, so edge pixels differ by a few levels (measured: mean
///    0.18, largest 10); the text moved by a quarter pixel is at mean 4.3, largest 90
///    (`Reference/tests/test_text.py`).
///
/// The layers sit at whole pixels: a backing store at a sub-pixel position is resampled
/// (docs/compositor.md § 16), which the reference does not model.
///
/// With the environment variable `CADENCE_GOLDEN_IMAGE_OUTPUT` set to a folder, the rendered
/// images are written there (`<scene>.png`).
final class TextGoldenTests: XCTestCase {
    static let reference = Golden.repositoryRoot.appendingPathComponent("Reference")
    /// Pen positions agree within a thousandth of a pixel.
    static let positionTolerance = 1e-3
    /// The mean |difference| allowed per channel (0…255); measured 0.18 (2026-11-26).
    static let meanLimit = 0.25
    /// The largest |difference| allowed in any channel of any pixel; measured 10 (an
    /// anti-aliased glyph edge where cairo's coverage and the exact area differ).
    static let largestLimit = 14

    func testTextScenesMatchTheReference() throws {
        FontTextRenderer.install()
        let scenes = Self.reference.appendingPathComponent("scenes-text")
        let names = try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }.sorted()
        XCTAssertEqual(names, ["text-paragraph"])
        for name in names {
            let scene = try Scene(contentsOf: scenes.appendingPathComponent("\(name).json").path)
            try checkLayout(scene, name: name)
            try checkPixels(scene, name: name)
        }
    }

    /// The reference's glyph record: per layer, per line, the baseline and (glyph, x).
    struct Record: Decodable {
        struct Layer: Decodable {
            struct Line: Decodable {
                var baseline: Double
                var glyphs: [[Double]]
            }
            var name: String
            var lines: [Line]
        }
        var layers: [Layer]
    }

    func checkLayout(_ scene: Scene, name: String) throws {
        let url = Self.reference.appendingPathComponent("goldens/text/\(name).glyphs.json")
        let record = try JSONDecoder().decode(Record.self, from: Data(contentsOf: url))
        let layers = scene.layers.compactMap { $0 as? TextLayer }
        XCTAssertEqual(layers.count, record.layers.count)
        var worst = 0.0
        for (layer, expected) in zip(layers, record.layers) {
            let drawing = layer.textDrawing
            let layout = TextLayout(drawing, metrics: try FontTextRenderer.shared.face(named: drawing.font))
            let origin = layer.convert(Point(x: 0, y: 0), to: nil)
            XCTAssertEqual(layout.lines.count, expected.lines.count, "\(name) \(expected.name)")
            for (line, expectedLine) in zip(layout.lines, expected.lines) {
                XCTAssertEqual(line.glyphs.map { Double($0.glyph) }, expectedLine.glyphs.map { $0[0] }, "\(expected.name)")
                worst = max(worst, abs(origin.y + line.baseline - expectedLine.baseline))
                for (glyph, e) in zip(line.glyphs, expectedLine.glyphs) { worst = max(worst, abs(origin.x + glyph.x - e[1])) }
            }
        }
        print("\(name): pen positions within \(worst) px of the reference")
        XCTAssertLessThanOrEqual(worst, Self.positionTolerance, name)
    }

    func checkPixels(_ scene: Scene, name: String) throws {
        let rendered = try scene.render(at: 0, with: Compositor(threadCount: 1))
        let golden = try PNGDecoder.decode(
            Array(try Data(contentsOf: Self.reference.appendingPathComponent("goldens/text/\(name).png"))))
        XCTAssertEqual(rendered.width, golden.width)
        XCTAssertEqual(rendered.height, golden.height)
        var sums = SIMD4<Double>.zero
        var largest = 0
        for y in 0..<min(rendered.height, golden.height) {
            for x in 0..<min(rendered.width, golden.width) {
                let a = SIMD4<Int>(truncatingIfNeeded: rendered[x, y]), b = SIMD4<Int>(truncatingIfNeeded: golden[x, y])
                let d = SIMD4<Int>((a &- b).indices.map { abs(a[$0] - b[$0]) })
                sums += SIMD4<Double>(d)
                largest = max(largest, d.max())
            }
        }
        if let output = ProcessInfo.processInfo.environment["CADENCE_GOLDEN_IMAGE_OUTPUT"] {
            try Data(PNGEncoder.encode(rendered)).write(to: URL(fileURLWithPath: output).appendingPathComponent("\(name).png"))
        }
        let means = sums / Double(golden.width * golden.height)
        print("\(name): mean |difference| R G B A \(means), largest \(largest)")
        XCTAssertLessThanOrEqual(means.max(), Self.meanLimit, name)
        XCTAssertLessThanOrEqual(largest, Self.largestLimit, name)
    }
}
