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
    /// Cost: per level, one read of the layer's properties and of its superlayer (a retain
    /// and a release), the level's matrix, and going down its inverse
    /// map — none for a plain translation, a closed form with the inverse's own arithmetic
    /// for an affine level (`Transform3D.mapFromPlaneAffine`), the 4×4 inverse otherwise.
    /// No allocation for trees up to `maxBufferedDepth` levels deep.
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
        // Every `_withUnsafeGuaranteedRef` below reads a layer of the chains `withChains`
        // hands over: safe for the reason it states (each layer is kept alive by whatever
        // held it before the call, and reading a placement releases nothing).
        return withChains(from: source, to: target) { up, ancestor, down in
            var p = point
            // Up: each layer's placement is read once, as the level above's superlayer and
            // then as its own.
            if !up.isEmpty {
                var own = up[0]._withUnsafeGuaranteedRef { $0.placement }
                for k in up.indices {
                    guard let parent = k + 1 < up.count ? up[k + 1] : ancestor else {
                        p = own.mapToSuperlayer(p, space: nil) ?? own.position
                        break
                    }
                    let parentPlacement = parent._withUnsafeGuaranteedRef { $0.placement }
                    let space = isMask(up[k], of: parent) ? parentPlacement.maskSpace : parentPlacement.sublayerSpace
                    p = own.mapToSuperlayer(p, space: space) ?? own.position
                    own = parentPlacement
                }
            }
            // Down: top level first; each level's superlayer part comes from the level above.
            var space = ancestor.flatMap { ancestor -> Transform3D? in
                guard !down.isEmpty else { return nil }
                let placement = ancestor._withUnsafeGuaranteedRef { $0.placement }
                return isMask(down[down.count - 1], of: ancestor) ? placement.maskSpace : placement.sublayerSpace
            }
            for k in down.indices.reversed() {
                let own = down[k]._withUnsafeGuaranteedRef { $0.placement }
                if let mapped = own.mapFromSuperlayer(p, space: space) {
                    p = mapped
                } else {
                    let anchor = own.anchorInBounds
                    p = Point(x: anchor.x, y: anchor.y)
                }
                if k > 0 { space = isMask(down[k - 1], of: down[k]) ? own.maskSpace : own.sublayerSpace }
            }
            return p
        }
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
    /// then down to `target` with `down`: time conversion, and the tests' reference for
    /// points (`convert(_:from:to:)` walks `withChains` itself, to read each layer's
    /// placement once).
    static func walk<Value>(
        _ value: Value, from source: Layer?, to target: Layer?,
        up: (Layer, Value) -> Value, down: (Layer, Value) -> Value
    ) -> Value {
        withChains(from: source, to: target) { upChain, _, downChain in
            var value = value
            // Safe as in `withChains`: `up` and `down` read the layer (time conversion), and
            // release nothing.
            for layer in upChain { value = layer._withUnsafeGuaranteedRef { up($0, value) } }
            for layer in downChain.reversed() { value = layer._withUnsafeGuaranteedRef { down($0, value) } }
            return value
        }
    }

    /// Whether `layer` is the mask of `parent` (whose sublayer transform does not apply to
    /// it, only its flip: `LayerPlacement.maskSpace`), compared by address: no reference
    /// counting of either.
    @inline(__always)
    private static func isMask(_ layer: Unmanaged<Layer>, of parent: Unmanaged<Layer>) -> Bool {
        // Safe: `parent` is a layer of a `withChains` chain, alive through the call; reading
        // its mask releases nothing.
        parent._withUnsafeGuaranteedRef { parent in
            guard let mask = parent.mask else { return false }
            return Unmanaged.passUnretained(mask).toOpaque() == layer.toOpaque()
        }
    }

    /// The most levels a chain of `withChains` keeps in a temporary buffer (on the stack);
    /// deeper trees take an array.
    static let maxBufferedDepth = 64

    /// Calls `body` with the path between `source` and `target`: `up`, `source` and its
    /// ancestors below the nearest layer both are in (nearest first; empty for a `nil`
    /// source); that layer, `ancestor` (`nil` when they are in different trees or either is
    /// `nil`); and `down`, `target` and its ancestors below `ancestor` (nearest first).
    ///
    /// Each superlayer is read once (a read retains what it returns, a release follows).
    /// The chains hold the layers unretained: nothing that `body` may do — reading
    /// properties and computing — can release a layer, and each is kept alive by whatever
    /// held it before the call (a superlayer reference never does).
    static func withChains<R>(
        from source: Layer?, to target: Layer?,
        _ body: (_ up: UnsafeBufferPointer<Unmanaged<Layer>>, _ ancestor: Unmanaged<Layer>?,
                 _ down: UnsafeBufferPointer<Unmanaged<Layer>>) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: Unmanaged<Layer>.self, capacity: 2 * maxBufferedDepth) { buffer in
            let sources = UnsafeMutableBufferPointer(rebasing: buffer[..<maxBufferedDepth])
            let targets = UnsafeMutableBufferPointer(rebasing: buffer[maxBufferedDepth...])
            guard let sourceCount = collectChain(from: source, into: sources),
                  let targetCount = collectChain(from: target, into: targets)
            else {
                return withArrays(from: source, to: target, body)
            }
            return split(UnsafeBufferPointer(rebasing: sources[..<sourceCount]),
                         UnsafeBufferPointer(rebasing: targets[..<targetCount]), body)
        }
    }

    /// `layer` and its ancestors up to its root, into `chain`; their count, or `nil` when
    /// they do not fit.
    private static func collectChain(from layer: Layer?, into chain: UnsafeMutableBufferPointer<Unmanaged<Layer>>) -> Int? {
        guard let layer else { return 0 }
        // Unretained: `layer` is alive through the call (the caller holds it) and so is every
        // ancestor (a superlayer owns its sublayers and mask), and nothing here releases one.
        chain[0] = Unmanaged.passUnretained(layer)
        var count = 1
        while let up = chain[count - 1]._withUnsafeGuaranteedRef({ $0.superlayer }) {
            guard count < chain.count else { return nil }
            chain[count] = Unmanaged.passUnretained(up)
            count += 1
        }
        return count
    }

    /// `withChains` for chains too deep for its buffer.
    private static func withArrays<R>(
        from source: Layer?, to target: Layer?,
        _ body: (UnsafeBufferPointer<Unmanaged<Layer>>, Unmanaged<Layer>?, UnsafeBufferPointer<Unmanaged<Layer>>) -> R
    ) -> R {
        func chain(_ layer: Layer?) -> [Unmanaged<Layer>] {
            // Unretained, as in `collectChain(from:into:)`: each layer is owned by the one above.
            var result: [Unmanaged<Layer>] = []
            var node = layer
            while let current = node {
                result.append(Unmanaged.passUnretained(current))
                node = current.superlayer
            }
            return result
        }
        let sources = chain(source), targets = chain(target)
        return sources.withUnsafeBufferPointer { s in targets.withUnsafeBufferPointer { t in split(s, t, body) } }
    }

    /// Cuts the two full chains (each ending at its root) at their common part.
    private static func split<R>(
        _ sources: UnsafeBufferPointer<Unmanaged<Layer>>, _ targets: UnsafeBufferPointer<Unmanaged<Layer>>,
        _ body: (UnsafeBufferPointer<Unmanaged<Layer>>, Unmanaged<Layer>?, UnsafeBufferPointer<Unmanaged<Layer>>) -> R
    ) -> R {
        var i = sources.count, j = targets.count
        while i > 0, j > 0, sources[i - 1].toOpaque() == targets[j - 1].toOpaque() {
            i -= 1
            j -= 1
        }
        let ancestor = i < sources.count ? sources[i] : nil
        return body(UnsafeBufferPointer(rebasing: sources[..<i]), ancestor, UnsafeBufferPointer(rebasing: targets[..<j]))
    }

    /// The deepest layer that is `a` or one of its ancestors and `b` or one of its
    /// ancestors; `nil` when they are in different trees or either is `nil`.
    static func nearestCommonAncestor(_ a: Layer?, _ b: Layer?) -> Layer? {
        withChains(from: a, to: b) { _, ancestor, _ in ancestor?.takeUnretainedValue() }
    }
}

extension LayerPlacement {
    /// `p` (in the layer's space) in its superlayer's space, for a layer whose level is
    /// `localTransform` followed by `space`: `Layer.mapToSuperlayer(_:)`. A translation
    /// level adds the translation (the general path's arithmetic reduces exactly to it:
    /// products by 0 and 1, W = 1).
    @inline(__always)
    func mapToSuperlayer(_ p: Point, space: Transform3D?) -> Point? {
        if space == nil, transformIsIdentity {
            let anchor = anchorInBounds
            let x = p.x + (-anchor.x + position.x), y = p.y + (-anchor.y + position.y)
            guard x.isFinite, y.isFinite else { return nil }
            return Point(x: x, y: y)
        }
        let own = localTransform
        let level = space.map { own.concatenating($0) } ?? own
        return Layer.project(level.homogeneous(x: p.x, y: p.y, z: 0))
    }
}
