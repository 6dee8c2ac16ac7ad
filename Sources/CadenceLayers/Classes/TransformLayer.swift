/// A layer whose sublayers live in true 3D (Core Animation's `CATransformLayer`): they are
/// not flattened into its plane but keep their depth, so that sublayers of different depths
/// hide one another as solid objects do (the faces of a cube). It draws nothing of its own
/// (no background, border, contents or shadow) and its `opacity`, `masksToBounds` and
/// filters are ignored, as Core Animation ignores them; its transform and sublayer
/// transform place the sublayers.
public final class TransformLayer: Layer {
    override class var defaultLayerClass: LayerClass { .transform }
}
