import Cadence
import PropertyBased

/// A small layer tree as a value: each layer's parent, a few properties and animations.
/// `makeTree()` builds Cadence's `Layer`s from it (a fresh tree on every call).
public struct LayerTreeSample: Hashable, Sendable, CustomStringConvertible {
    /// One layer's description.
    public struct Node: Hashable, Sendable {
        /// The index of an earlier node (`nil` for the root, node 0).
        public var parent: Int?
        public var position: Point
        public var size: Size
        public var opacity: Double
        public var cornerRadius: Double
        public var zPosition: Double
        /// A rotation about z, in radians, as the layer's transform.
        public var rotation: Double
        /// A grey level for the background colour.
        public var gray: Double
        /// Animations on the layer, in the order they are added.
        public var animations: [AnimationSample]

        /// A node of the given parts.
        public init(parent: Int?, position: Point, size: Size, opacity: Double, cornerRadius: Double, zPosition: Double,
                    rotation: Double, gray: Double, animations: [AnimationSample]) {
            self.parent = parent
            self.position = position
            self.size = size
            self.opacity = opacity
            self.cornerRadius = cornerRadius
            self.zPosition = zPosition
            self.rotation = rotation
            self.gray = gray
            self.animations = animations
        }
    }

    /// An animation on a node, beginning at 0 in its layer's time.
    public enum AnimationSample: Hashable, Sendable {
        /// A basic animation of `opacity` from one value to another over a timing.
        case opacity(from: Double, to: Double, timing: MediaTiming)
        /// A keyframe animation of `position` (additive or not).
        case position(KeyframeSample, duration: Double, additive: Bool)
        /// A basic animation of `transform.rotation.z` by an angle.
        case rotation(by: Double, duration: Double)
    }

    /// The layers, the root first; every parent comes before its children.
    public var nodes: [Node]

    /// A tree of `nodes`.
    public init(nodes: [Node]) {
        self.nodes = nodes
    }

    /// Builds the tree and returns its root and every layer, in node order.
    public func makeTree() -> (root: Layer, layers: [Layer]) {
        let layers = nodes.map { node -> Layer in
            let layer = Layer()
            layer.bounds = Rect(x: 0, y: 0, width: node.size.width, height: node.size.height)
            layer.position = node.position
            layer.opacity = node.opacity
            layer.cornerRadius = node.cornerRadius
            layer.zPosition = node.zPosition
            layer.transform = Transform3D(rotationAngle: node.rotation, x: 0, y: 0, z: 1)
            layer.backgroundColor = Color(red: node.gray, green: node.gray, blue: node.gray)
            for (i, animation) in node.animations.enumerated() {
                switch animation {
                case let .opacity(from, to, timing):
                    layer.add(BasicAnimation<Double>(keyPath: "opacity", fromValue: from, toValue: to, timing: timing), forKey: "a\(i)", beginningAt: 0)
                case let .position(keyframes, duration, additive):
                    var path = keyframes.animation(duration: duration)
                    path.isAdditive = additive
                    layer.add(path, forKey: "a\(i)", beginningAt: 0)
                case let .rotation(angle, duration):
                    layer.add(BasicAnimation<Double>(keyPath: "transform.rotation.z", byValue: angle, timing: MediaTiming(duration: duration)), forKey: "a\(i)", beginningAt: 0)
                }
            }
            return layer
        }
        for (node, layer) in zip(nodes, layers) {
            if let parent = node.parent { try? layers[parent].addSublayer(layer) }
        }
        return (layers[0], layers)
    }

    /// "n layers: parent indices …, animations per layer …".
    public var description: String {
        let parents = nodes.map { $0.parent.map(String.init) ?? "root" }.joined(separator: ", ")
        let animations = nodes.map { "\($0.animations)" }.joined(separator: "; ")
        return "\(nodes.count) layers (parents \(parents)); animations \(animations)"
    }
}

extension Arbitrary {
    /// Small layer trees: 1…6 layers, each under a random earlier one, with random
    /// position, size, opacity, corner radius, z position, rotation and grey background,
    /// and 0…3 animations each (opacity over any media timing, keyframed position in any
    /// calculation mode, additive or not, rotation by an angle).
    public static var layerTrees: AnyGenerator<LayerTreeSample> {
        let animation = Gen.frequency(
            (1, zip(edgeBiased(in: 0...1), edgeBiased(in: 0...1), mediaTimings)
                .map { LayerTreeSample.AnimationSample.opacity(from: $0, to: $1, timing: $2) }),
            (1, zip(keyframes(), edgeBiased(in: 0.1...3), Gen.bool)
                .map { LayerTreeSample.AnimationSample.position($0, duration: $1, additive: $2) }),
            (1, zip(edgeBiased(in: -7...7), edgeBiased(in: 0.1...3))
                .map { LayerTreeSample.AnimationSample.rotation(by: $0, duration: $1) }))
        let node = zip(
            Gen.int(in: 0...5),
            zip(edgeBiased(in: -200...200), edgeBiased(in: -200...200), edgeBiased(in: 0...300), edgeBiased(in: 0...300)),
            zip(edgeBiased(in: 0...1), edgeBiased(in: 0...40), edgeBiased(in: -10...10), edgeBiased(in: -3.2...3.2), edgeBiased(in: 0...1)),
            animation.array(of: 0...3))
        return node.array(of: 1...6).map { specs in
            LayerTreeSample(nodes: specs.enumerated().map { index, spec in
                let (parent, place, look, animations) = spec
                return LayerTreeSample.Node(
                    parent: index == 0 ? nil : parent % index, position: Point(place.0, place.1), size: Size(width: place.2, height: place.3),
                    opacity: look.0, cornerRadius: look.1, zPosition: look.2, rotation: look.3, gray: look.4, animations: animations)
            })
        }.eraseToAny()
    }
}
