// Loading a scene document with CadenceScene and rendering it, as an engine that embeds
// Cadence would, without the command line. The CadenceScene DocC page shows this file;
// `swift build` compiles it and CI runs it.
import CadenceImageIO
import CadenceCompositor
import CadenceScene

// A scene document: the JSON `cadence render` reads. A file works too, with its `contents`
// images relative to its folder: `try Scene(contentsOf: path)`.
let json = """
    {"canvas": {"width": 200, "height": 120, "background": [1, 1, 1, 1]},
     "layers": [{"name": "card", "bounds": [0, 0, 120, 72], "position": [100, 60],
                 "backgroundColor": [0.2, 0.4, 0.9, 1], "cornerRadius": 12,
                 "animations": {"spin": {"type": "basic", "keyPath": "transform.rotation.z",
                                         "toValue": 6.283, "duration": 2}}}]}
    """
let scene = try Scene(document: Array(json.utf8))

// Frames at any times, drawn by one compositor that keeps its scratch between frames.
let compositor = Compositor()
let frame = try scene.render(at: 0.5, with: compositor)
let png = try PNGEncoder.encode(frame)

// Bad input throws one error naming the field: the line `cadence render` prints.
var message = ""
do {
    _ = try Scene(document: Array(#"{"canvas": {"width": 200, "height": 120}, "layers": [{"opacity": 2}]}"#.utf8))
} catch let error as InputError {
    message = error.description  // cadence: layers[0].opacity: 2 is outside 0...1
}

// The demo scene, built in code: sixteen panels, every kind of animation.
let demo = DemoScene.make()
let demoFrame = try demo.render(at: 1.5, with: compositor)
// snippet.hide
precondition(frame.width == 200 && png.count > 0 && demoFrame.width == 640)
precondition(message == "cadence: layers[0].opacity: 2 is outside 0...1", message)
