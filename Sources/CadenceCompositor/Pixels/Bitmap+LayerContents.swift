import CadenceGeometry
import CadenceLayers

/// A bitmap is what a layer displays: `Layer.contents` takes one (Core Animation's
/// `CGImage`), sized in pixels; `contentsScale` turns them into points.
extension Bitmap: LayerContents {
    public var pixelSize: Size { Size(width: Double(width), height: Double(height)) }
}
