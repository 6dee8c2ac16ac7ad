import CadenceGeometry

// Points and rectangles between layers' coordinate spaces (`convertPoint:fromLayer:` and
// relatives). `docs/layers.md` states the rules.

extension Layer {
    /// `point`, given in `layer`'s coordinate space (`nil`: the root space all roots share),
    /// in this layer's coordinate space.
    ///
    /// The point goes up from `layer` to the nearest layer both are in (or, for layers in
    /// different trees, to the root space, each root's own position applied), one level at
    /// a time through `transformToSuperlayer` flattened to the superlayer's plane, then down
    /// to this layer through the inverse of each level. Full 3D transforms and perspective
    /// take part; z is dropped at each level, as Core Animation flattens each layer's
    /// sublayers into its plane.
    ///
    /// A step with no answer has a fixed one, so the result is finite for a finite point:
    /// going up, a point at or behind the viewer (W ≤ 0) lands on the layer's `position`;
    /// going down through a singular level (an edge-on or flattened layer) or to a point
    /// with no preimage in front of the viewer, it lands on the layer's anchor point
    /// (`bounds.origin + anchorPoint · bounds.size`). A non-finite point gives (NaN, NaN).
    ///
    /// Cost: one matrix chain per level (and one 4×4 inverse per level going down); no
    /// allocation.
    public func convert(_ point: Point, from layer: Layer?) -> Point {
        Self.convert(point, from: layer, to: self)
    }

    /// `point`, given in this layer's coordinate space, in `layer`'s (`nil`: the root
    /// space). The inverse of `convert(_:from:)`; the same rules.
    public func convert(_ point: Point, to layer: Layer?) -> Point {
        Self.convert(point, from: self, to: layer)
    }

    /// `rect`, given in `layer`'s coordinate space (`nil`: the root space), in this layer's:
    /// the bounding box of its four corners, each converted as `convert(_:from:)` converts
    /// a point (so the result is finite). A negative size is standardised first; a
    /// non-finite rectangle gives (NaN, NaN, NaN, NaN).
    public func convert(_ rect: Rect, from layer: Layer?) -> Rect {
        Self.convert(rect, from: layer, to: self)
    }

    /// `rect`, given in this layer's coordinate space, in `layer`'s (`nil`: the root space);
    /// the bounding box of the converted corners.
    public func convert(_ rect: Rect, to layer: Layer?) -> Rect {
        Self.convert(rect, from: self, to: layer)
    }

    // MARK: Implementation

    static func convert(_ point: Point, from source: Layer?, to target: Layer?) -> Point {
        guard point.isFiniteValue else { return Point(x: .nan, y: .nan) }
        return walk(point, from: source, to: target, up: { $0.mapToSuperlayer($1) ?? $0.position },
                    down: { $0.mapFromSuperlayer($1) ?? Point(x: $0.anchorInBounds.x, y: $0.anchorInBounds.y) })
    }

    static func convert(_ rect: Rect, from source: Layer?, to target: Layer?) -> Rect {
        guard rect.isFiniteValue else { return Rect(x: .nan, y: .nan, width: .nan, height: .nan) }
        let r = rect.standardized
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for corner in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)] {
            let p = convert(corner, from: source, to: target)
            lo = pointwiseMin(lo, SIMD2(p.x, p.y))
            hi = pointwiseMax(hi, SIMD2(p.x, p.y))
        }
        return Rect(x: lo[0], y: lo[1], width: hi[0] - lo[0], height: hi[1] - lo[1])
    }

    /// Carries `value` from `source`'s space up to the nearest common ancestor of `source`
    /// and `target` (the root space when they share none, or either is `nil`) with `up`,
    /// then down to `target` with `down`. The shape every conversion — points, times —
    /// shares.
    static func walk<Value>(
        _ value: Value, from source: Layer?, to target: Layer?,
        up: (Layer, Value) -> Value, down: (Layer, Value) -> Value
    ) -> Value {
        let ancestor = nearestCommonAncestor(source, target)
        var value = value
        var node = source
        while let layer = node, layer !== ancestor {
            value = up(layer, value)
            node = layer.superlayer
        }
        return descend(value, to: target, from: ancestor, down)
    }

    /// `value` (in `ancestor`'s space) carried down to `target`, top level first.
    private static func descend<Value>(
        _ value: Value, to target: Layer?, from ancestor: Layer?, _ down: (Layer, Value) -> Value
    ) -> Value {
        guard let target, target !== ancestor else { return value }
        return down(target, descend(value, to: target.superlayer, from: ancestor, down))
    }

    /// The deepest layer that is `a` or one of its ancestors and `b` or one of its
    /// ancestors; `nil` when they are in different trees or either is `nil`.
    static func nearestCommonAncestor(_ a: Layer?, _ b: Layer?) -> Layer? {
        guard var a, var b else { return nil }
        var depthA = a.depth, depthB = b.depth
        while depthA > depthB { a = a.superlayer!; depthA -= 1 }
        while depthB > depthA { b = b.superlayer!; depthB -= 1 }
        while a !== b {
            guard let upA = a.superlayer, let upB = b.superlayer else { return nil }
            a = upA
            b = upB
        }
        return a
    }

    /// The number of superlayers above this layer (0 for a root).
    var depth: Int {
        var count = 0
        var node = self
        while let up = node.superlayer {
            count += 1
            node = up
        }
        return count
    }
}
