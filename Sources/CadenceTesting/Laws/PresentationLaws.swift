import Cadence

/// A presentation implementation under test: the values a layer shows at a time.
public struct PresentationImplementation: Sendable {
    /// What failures call it.
    public var name: String
    /// For a layer (of a tree) and a root time: the presented value at a key path
    /// (`nil` when the layer has none).
    public var present: @Sendable (Layer, Double) -> (String) -> KeyPathValue?

    /// An implementation called `name` of `present`.
    public init(name: String, present: @escaping @Sendable (Layer, Double) -> (String) -> KeyPathValue?) {
        self.name = name
        self.present = present
    }

    /// Cadence's `Layer.presentation(at:)` snapshot: the reference.
    public static let cadence = PresentationImplementation(name: "Cadence") { layer, time in
        let presented = layer.presentation(at: time)
        return { presented.value(forKeyPath: $0) }
    }
}

/// Laws of presentation.
public enum PresentationLaws {
    /// The root times `presentationWithoutAnimationsIsTheModel(of:)` looks at.
    public static let times: [Double] = [-1, 0, 0.25, 1, 7.5]

    /// With its animations removed (`removeAllAnimations()` on every layer of a tree that
    /// had some), every layer presents its model: each animatable key path
    /// (`LayerKeyPaths.properties`) reads the same in the presentation as in the model, at
    /// each of `times`.
    public static func presentationWithoutAnimationsIsTheModel(of implementation: PresentationImplementation = .cadence) -> Law<LayerTreeSample> {
        Law("\(implementation.name) presentation: without animations every layer presents its model") { sample in
            let (_, layers) = sample.makeTree()
            for layer in layers { layer.removeAllAnimations() }
            let keys = LayerKeyPaths.properties.keys.sorted()
            for time in times {
                for (index, layer) in layers.enumerated() {
                    let presented = implementation.present(layer, time)
                    for key in keys {
                        let model = layer.value(forKeyPath: key), shown = presented(key)
                        try Violation.unless(model == shown, "layer \(index) at time \(time): \(key) presents \(shown.map { "\($0)" } ?? "nil"), its model is \(model.map { "\($0)" } ?? "nil")")
                    }
                }
            }
        }
    }
}
