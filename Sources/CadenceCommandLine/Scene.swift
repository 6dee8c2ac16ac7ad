import Cadence

/// A scene of `cadence render` (INTERFACE.md, "Scenes"; docs/command-line.md): a canvas
/// and the layer trees composited onto it, back to front.
///
/// Times are in the root time space: a layer tree's root sees the render time as its
/// parent time, and each layer's media timing carries it down
/// (`Layer.presentation(at:)`).
struct Scene {
    /// What the scene is drawn on: size in points, scale, background, origin.
    var canvas: Canvas
    /// The root layers, back to front.
    var layers: [Layer]

    /// The largest canvas side in pixels (`Bitmap.maxDimension`, 16384).
    static let maxPixels = Bitmap.maxDimension

    /// The scene at `time` (seconds), composited by `compositor` (which keeps its scratch
    /// buffers between frames).
    func render(at time: Double, with compositor: Compositor) throws -> Bitmap {
        do {
            return try compositor.render(layers, at: time, on: canvas)
        } catch {
            // The canvas was checked when the scene was read, so this is not the input's fault.
            throw InternalError(message: "compositing failed at \(JSONValue.format(time)) s: \(error)")
        }
    }
}
