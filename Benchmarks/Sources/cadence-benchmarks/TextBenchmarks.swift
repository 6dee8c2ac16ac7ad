import BenchmarkShim
import BenchmarkSupport
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceText

// Text layers (docs/text.md): a paragraph of 500 glyphs laid out and drawn into a 1080p
// frame, with the faces' glyph outlines and advances cached (the first frame fills the
// caches; every timed frame redraws the layer).

/// 500 characters of running text, wrapped into a 1,200-point box at 24 points (six lines).
let textParagraph: String = {
    let words = ["Layers", "draw", "their", "text", "through", "a", "renderer", "that", "lays", "glyphs", "out",
                 "in", "lines,", "wraps", "at", "spaces", "and", "fills", "every", "outline", "with", "the", "same",
                 "anti-aliased", "path", "filler", "as", "any", "shape."]
    var text = ""
    var i = 0
    while text.count < 500 {
        text += (text.isEmpty ? "" : " ") + words[i % words.count]
        i += 1
    }
    return String(text.prefix(500))
}()

/// A 1920 × 1080 frame: an opaque root and, with `string`, a text layer of 1,200 × 400
/// points at (120, 120) holding it (wrapped, justified, 24-point DejaVu Sans).
func makeTextScene(_ string: String?) -> (root: Layer, text: TextLayer) {
    let root = box(0, 0, 1920, 1080, color: rgb(0xF4F1EA))
    let text = TextLayer()
    text.frame = Rect(x: 120, y: 120, width: 1200, height: 400)
    text.string = string
    text.fontSize = 24
    text.foregroundColor = rgb(0x1C1F26)
    text.isWrapped = true
    text.alignmentMode = .justified
    add(text, to: root)
    return (root, text)
}

func registerTextBenchmarks() {
    FontTextRenderer.install()
    let compositor = Compositor(threadCount: 1)
    let fullHD = Canvas(width: 1920, height: 1080)
    let face = try! FontTextRenderer.shared.face(named: nil)
    let (root, text) = makeTextScene(textParagraph)
    let layout = TextLayout(text.textDrawing, metrics: face)
    let glyphs = layout.lines.reduce(0) { $0 + $1.glyphs.count }
    precondition(glyphs == 500 - layout.lines.count + 1, "the paragraph is not 500 glyphs: \(glyphs) in \(layout.lines.count) lines")
    text.displayIfNeeded()
    _ = try! compositor.render([root], at: 0, on: fullHD)  // fills the glyph caches

    registerBenchmark("TextLayout: 500-character paragraph, wrapped and justified at 24 pt", itemsPerIteration: 500) { n in
        var sink = 0.0
        for _ in 0..<Int(n) { sink += TextLayout(text.textDrawing, metrics: face).lines.last!.width }
        cadence_benchmark_consume(UInt64(sink))
    }
    registerBenchmark("TextLayer redrawn and rendered: 500-glyph paragraph 1920x1080", itemsPerIteration: 1920 * 1080) { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            text.setNeedsDisplay()
            text.displayIfNeeded()
            let bitmap = try! compositor.render([root], at: 0, on: fullHD)
            sink ^= UInt64(bitmap.pixels[(k &* 4097) % bitmap.pixels.count])
        }
        cadence_benchmark_consume(sink)
    }
    // The same-run baseline: the frame with the text layer empty.
    let (emptyRoot, _) = makeTextScene(nil)
    registerRender("TextLayer redrawn and rendered: baseline without text 1920x1080", compositor, [emptyRoot], on: fullHD,
                   pixels: 1920 * 1080)
}
