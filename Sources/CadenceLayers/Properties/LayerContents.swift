import CadenceGeometry

/// What a layer displays: Core Animation's `contents`, a `CGImage` there.
///
/// A protocol rather than a concrete image type so that this module does not depend on the
/// compositor: `docs/architecture.md` puts `CadenceCompositor` above `CadenceLayers`, so its `Bitmap`
/// conforms in the compositor (a one-line extension there), and tests may use any small
/// type. The layer stores the value as given and never copies or inspects its pixels;
/// `contentsScale` turns `pixelSize` into points and `contentsGravity` places them.
public protocol LayerContents {
    /// The image's size in pixels (width × height), at least 0.
    var pixelSize: Size { get }
}
