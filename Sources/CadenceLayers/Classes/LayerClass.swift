/// The Core Animation class a layer is (`CALayer`, `CAShapeLayer`, …), without the prefix:
/// what `Layer.layerClass` reports and what a scene's `"class"` names.
///
/// `Layer` is a public class that only this module subclasses (it is not `open`): each
/// specialised class is a `final` subclass that adds its typed properties
/// (`ShapeLayer.path`, `GradientLayer.colors`, …). The values of those properties are
/// stored with every other property (`LayerStorage`) and declared in the one property
/// table (`LayerKey`), so key-value coding, animations, implicit actions, presentation
/// snapshots and scenes reach them as they reach `opacity`. A snapshot or copy of a layer is
/// an instance of the same class. User code customises drawing through the delegate, not
/// by subclassing.
public enum LayerClass: String, CaseIterable, Hashable, Sendable {
    /// A plain layer (`CALayer`): background, border, contents, shadow, sublayers.
    case layer
    /// A layer that draws a path, filled and stroked (`CAShapeLayer`, `ShapeLayer`).
    case shape
    /// A layer that fills its bounds with a colour gradient (`CAGradientLayer`,
    /// `GradientLayer`).
    case gradient
    /// A layer that draws its sublayers several times, each copy transformed, delayed and
    /// tinted (`CAReplicatorLayer`, `ReplicatorLayer`).
    case replicator
    /// A layer whose sublayers keep their 3D positions rather than being flattened into its
    /// plane, and which draws nothing of its own (`CATransformLayer`, `TransformLayer`).
    case transform
    /// A layer that draws a string in a font (`CATextLayer`, `TextLayer`), through the text
    /// renderer a text module installs (`TextLayer.renderer`).
    case text
    /// A layer that emits particles from its `emitterCells` (`CAEmitterLayer`,
    /// `EmitterLayer`).
    case emitter
    /// A layer whose content is drawn tile by tile at levels of detail (`CATiledLayer`,
    /// `TiledLayer`).
    case tiled

    /// The class's Swift type.
    public var type: Layer.Type {
        switch self {
        case .layer: Layer.self
        case .shape: ShapeLayer.self
        case .gradient: GradientLayer.self
        case .replicator: ReplicatorLayer.self
        case .transform: TransformLayer.self
        case .text: TextLayer.self
        case .emitter: EmitterLayer.self
        case .tiled: TiledLayer.self
        }
    }
}

extension Layer {
    /// A new layer of class `layerClass`, every property at its default.
    public static func make(_ layerClass: LayerClass) -> Layer {
        switch layerClass {
        case .layer: Layer()
        case .shape: ShapeLayer()
        case .gradient: GradientLayer()
        case .replicator: ReplicatorLayer()
        case .transform: TransformLayer()
        case .text: TextLayer()
        case .emitter: EmitterLayer()
        case .tiled: TiledLayer()
        }
    }

    /// A new layer of the class `storage` records, holding `storage` (`modelCopy()` and
    /// the tree copies).
    static func make(holding storage: LayerStorage) -> Layer {
        let layer = make(storage.layerClass)
        layer.storage = storage
        layer.needsDisplayMark = false  // copies start unmarked (a new text layer is marked)
        return layer
    }

    /// A new presentation layer of `source`'s class (`init(presenting:…)`). A plain layer
    /// inline, as before there were classes; the subclasses out of line, so that the
    /// snapshot's per-layer code stays small enough to inline.
    @inline(__always)
    static func presenting(_ source: __shared Layer, model handle: LayerModelHandle?, superlayer: __shared Layer?) -> Layer {
        if source.storage.layerClass == .layer { return Layer(presenting: source, model: handle, superlayer: superlayer) }
        return presentingSubclass(source, model: handle, superlayer: superlayer)
    }

    @inline(never)
    private static func presentingSubclass(
        _ source: __shared Layer, model handle: LayerModelHandle?, superlayer: __shared Layer?
    ) -> Layer {
        switch source.storage.layerClass {
        case .layer: Layer(presenting: source, model: handle, superlayer: superlayer)
        case .shape: ShapeLayer(presenting: source, model: handle, superlayer: superlayer)
        case .gradient: GradientLayer(presenting: source, model: handle, superlayer: superlayer)
        case .replicator: ReplicatorLayer(presenting: source, model: handle, superlayer: superlayer)
        case .transform: TransformLayer(presenting: source, model: handle, superlayer: superlayer)
        case .text: TextLayer(presenting: source, model: handle, superlayer: superlayer)
        case .emitter: EmitterLayer(presenting: source, model: handle, superlayer: superlayer)
        case .tiled: TiledLayer(presenting: source, model: handle, superlayer: superlayer)
        }
    }
}
