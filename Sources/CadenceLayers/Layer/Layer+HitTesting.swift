import CadenceGeometry

extension Layer {
    /// Whether `point`, in this layer's coordinate space, is inside its bounds: the near
    /// edges included, the far ones excluded (`CGRectContainsPoint`), so bounds
    /// (0, 0, 100, 100) contain (99.9, 99.9) but not (100, 100). Zero-size bounds contain
    /// nothing; a NaN point is never contained.
    public func contains(_ point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The farthest descendant of this layer (itself included) that contains `point`, given
    /// in the superlayer's coordinate space (the root space for a root), or `nil`.
    ///
    /// - A hidden layer and everything under it is skipped. (Opacity does not matter.)
    /// - Sublayers are tried front to back — higher `zPosition` first, then later in
    ///   `sublayers` first: the reverse of `paintOrder(_:)` — before the layer itself, so a
    ///   sublayer outside its
    ///   superlayer's bounds is found, unless the superlayer `masksToBounds` and the point
    ///   is outside its bounds.
    /// - The point enters each layer through the inverse of its level of the matrix chain
    ///   (see `convert(_:from:)`); a layer whose level is singular (edge-on) or that has no
    ///   preimage of the point in front of the viewer is not hit, nor is anything under it.
    /// - Masks are not hit-tested and do not limit hits.
    ///
    /// Cost: per layer visited, one read of its properties (and of its `zPosition` for the
    /// order) and the inverse map of its level — none for a plain translation, a closed
    /// form for an affine level, the 4×4 inverse otherwise (`LayerPlacement`). The walk
    /// reads no superlayer back and counts no references; a layer with `masksToBounds`
    /// that misses is not descended. Nothing is allocated unless a layer's sublayers have
    /// more than `maxZPositionPasses` distinct `zPosition`s (then one sort of their
    /// indices). Nothing is cached between calls.
    public func hitTest(_ point: Point) -> Layer? {
        let space: Transform3D?
        if let superlayer {
            let parent = superlayer.placement
            space = superlayer.mask === self ? parent.maskSpace : parent.sublayerSpace
        } else {
            space = nil
        }
        return hitTest(point, space: space)
    }

    /// `hitTest(_:)` with this layer's superlayer part of its level given (`space`: the
    /// superlayer's `sublayerSpace`, `nil` for none), so the walk reads each layer once
    /// and never reads a superlayer back.
    private func hitTest(_ point: Point, space: Transform3D?) -> Layer? {
        let placement = self.placement
        guard !placement.isHidden, let local = placement.mapFromSuperlayer(point, space: space) else { return nil }
        let inside = placement.contains(local)
        if placement.masksToBounds && !inside { return nil }
        if sublayers.isEmpty { return inside ? self : nil }
        let childSpace = placement.sublayerSpace
        if let hit = firstSublayer(frontToBack: { layer in layer.hitTest(local, space: childSpace) }) { return hit }
        return inside ? self : nil
    }

    // MARK: Sibling order

    /// `layers` (siblings) back to front, the order they are drawn in: ascending
    /// `zPosition`, equal ones (−0 and +0 among them) in their given order, a stable sort
    /// (`docs/compositor.md`, "Order"). `hitTest(_:)` tries sublayers in the reverse order.
    ///
    /// Cost: a pass over the `zPosition`s; when they are not already in order, one read of
    /// each, one sort of n indices, and the result (siblings in order are returned as they
    /// are, without allocating).
    public static func paintOrder(_ layers: [Layer]) -> [Layer] {
        if zip(layers, layers.dropFirst()).allSatisfy({ $0.zPosition <= $1.zPosition }) { return layers }
        let zs = layers.map(\.zPosition)
        return layers.indices.sorted { paintsBelow(zs[$0], $0, zs[$1], $1) }.map { layers[$0] }
    }

    /// Whether the sibling at index `i`, with `zPosition` `zi`, is drawn before (below)
    /// the one at index `j`: the comparison of `paintOrder(_:)` (and, reversed, of the
    /// order `hitTest(_:)` tries sublayers in).
    @inline(__always)
    static func paintsBelow(_ zi: Double, _ i: Int, _ zj: Double, _ j: Int) -> Bool {
        zi != zj ? zi < zj : i < j
    }

    /// The most distinct `zPosition`s among sublayers that `first(of:frontToBack:)` orders
    /// by repeated passes (k passes over n sublayers) rather than by a sort.
    static let maxZPositionPasses = 8

    /// The first non-`nil` `body(sublayer)`, trying the sublayers in hit-testing order:
    /// descending `zPosition`, then descending index (the reverse of `paintOrder(_:)`).
    /// Allocates only for more than `maxStackZPositions` sublayers, or more than
    /// `maxZPositionPasses` distinct `zPosition`s (or a NaN among them, through a style).
    @inline(__always)
    func firstSublayer(frontToBack body: (Layer) -> Layer?) -> Layer? {
        sublayers.withUnsafeBufferPointer { layers in Self.first(of: layers, frontToBack: body) }
    }

    /// `firstSublayer(frontToBack:)` over `layers`. The `zPosition`s are read once, into a
    /// temporary buffer (on the stack when small). When they are all equal the order is
    /// the reverse of `layers`; with up to `maxZPositionPasses` distinct values (none NaN)
    /// one pass per value, highest first, latest index first — the order of the sort by
    /// (z descending, index descending) that the layers get otherwise.
    ///
    /// The layers are used unretained (the array holds them, and nothing here can change
    /// it), so the walk costs no reference counting.
    @inline(__always)
    static func first(of layers: UnsafeBufferPointer<Layer>, frontToBack body: (Layer) -> Layer?) -> Layer? {
        // Safe: the buffer is the storage of a `sublayers` array that holds every layer and
        // that nothing in `body` (hit testing, which reads) can change.
        layers.withMemoryRebound(to: Unmanaged<Layer>.self) { layers in
            first(count: layers.count, zPosition: { i in layers[i]._withUnsafeGuaranteedRef { $0.zPosition } }) { i in
                layers[i]._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// The order of `first(of:frontToBack:)` over `count` indices whose `zPosition`s are
    /// `zPosition(i)`, calling `body(i)` in it until one gives a layer.
    @inline(__always)
    static func first(count: Int, zPosition: (Int) -> Double, _ body: (Int) -> Layer?) -> Layer? {
        guard count > 0 else { return nil }
        if count == 1 { return body(0) }
        // At most 1 KiB on the stack (where the standard library never asks the system how
        // much stack is left, which on Linux can read /proc); an array beyond.
        guard count <= maxStackZPositions else {
            var zs = [Double](repeating: 0, count: count)
            return zs.withUnsafeMutableBufferPointer { first(count: count, zPosition: zPosition, $0, body) }
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) {
            first(count: count, zPosition: zPosition, $0, body)
        }
    }

    /// The sublayer counts whose `zPosition`s `first(count:zPosition:_:)` keeps on the stack.
    static let maxStackZPositions = 128

    /// `first(count:zPosition:_:)` with `zs` (room for `count` values) to keep them in.
    @inline(__always)
    private static func first(
        count: Int, zPosition: (Int) -> Double, _ zs: UnsafeMutableBufferPointer<Double>, _ body: (Int) -> Layer?
    ) -> Layer? {
        let z0 = zPosition(0)
        var allEqual = true, hasNaN = false
        for i in 0..<count {
            let z = i == 0 ? z0 : zPosition(i)
            zs[i] = z  // Double: trivial, so assigning initialises
            allEqual = allEqual && !(z != z0)
            hasNaN = hasNaN || z.isNaN
        }
        if allEqual {
            for i in stride(from: count - 1, through: 0, by: -1) {
                if let result = body(i) { return result }
            }
            return nil
        }
        if !hasNaN {
            let decided = withUnsafeTemporaryAllocation(of: Double.self, capacity: maxZPositionPasses) { levels in
                firstByPasses(UnsafeBufferPointer(zs), levels, body)
            }
            if let decided { return decided.hit }
        }
        let order = (0..<count).sorted { i, j in paintsBelow(zs[j], j, zs[i], i) }
        for index in order {
            if let result = body(index) { return result }
        }
        return nil
    }

    /// The passes of `first(of:frontToBack:)` over `zs` (no NaN), with room for the
    /// distinct values in `levels`: `(hit: …)` when they decided (`hit` may be `nil`,
    /// nothing was hit), `nil` when there are more than `levels.count` distinct values
    /// (found before any `body` call).
    private static func firstByPasses(
        _ zs: UnsafeBufferPointer<Double>, _ levels: UnsafeMutableBufferPointer<Double>, _ body: (Int) -> Layer?
    ) -> (hit: Layer?, decided: Void)? {
        // The distinct values, highest first: each the largest below the one before.
        var levelCount = 0
        var upper = Double.infinity, inclusive = true
        while true {
            var best = -Double.infinity, any = false
            for z in zs where (inclusive ? z <= upper : z < upper) && (!any || z > best) {
                best = z
                any = true
            }
            guard any else { break }
            guard levelCount < levels.count else { return nil }
            levels.initializeElement(at: levelCount, to: best)
            levelCount += 1
            upper = best
            inclusive = false
        }
        for level in 0..<levelCount {
            let value = levels[level]
            for i in stride(from: zs.count - 1, through: 0, by: -1) where zs[i] == value {
                if let result = body(i) { return (result, ()) }
            }
        }
        return (nil, ())
    }
}
