import CadenceGeometry

extension Layer {
    /// Whether `point`, in this layer's coordinate space, is inside its bounds: the near
    /// edges included, the far ones excluded (`CGRectContainsPoint`), so bounds
    /// (0, 0, 100, 100) contain (99.9, 99.9) but not (100, 100). Zero-size bounds contain
    /// nothing; a NaN point is never contained.
    public func contains(_ point: Point) -> Bool {
        let b = bounds.standardized
        return point.x >= b.minX && point.x < b.maxX && point.y >= b.minY && point.y < b.maxY
    }

    /// The farthest descendant of this layer (itself included) that contains `point`, given
    /// in the superlayer's coordinate space (the root space for a root), or `nil`.
    ///
    /// - A hidden layer and everything under it is skipped. (Opacity does not matter.)
    /// - Sublayers are tried front to back — higher `zPosition` first, then later in
    ///   `sublayers` first — before the layer itself, so a sublayer outside its
    ///   superlayer's bounds is found, unless the superlayer `masksToBounds` and the point
    ///   is outside its bounds.
    /// - The point enters each layer through the inverse of its level of the matrix chain
    ///   (see `convert(_:from:)`); a layer whose level is singular (edge-on) or that has no
    ///   preimage of the point in front of the viewer is not hit, nor is anything under it.
    /// - Masks are not hit-tested and do not limit hits.
    ///
    /// Cost: one level inverse per layer visited; a sort of the sublayers only for a layer
    /// whose sublayers do not all share one `zPosition`.
    public func hitTest(_ point: Point) -> Layer? {
        guard !isHidden, let local = mapFromSuperlayer(point) else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        if let hit = firstSublayer(frontToBack: { $0.hitTest(local) }) { return hit }
        return inside ? self : nil
    }

    /// The first non-`nil` `body(sublayer)`, trying the sublayers in hit-testing order:
    /// descending `zPosition`, then descending index. Allocates only when the sublayers do
    /// not all share one `zPosition`.
    func firstSublayer(frontToBack body: (Layer) -> Layer?) -> Layer? {
        guard let z = sublayers.first?.zPosition, sublayers.contains(where: { $0.zPosition != z }) else {
            for sublayer in sublayers.reversed() {
                if let result = body(sublayer) { return result }
            }
            return nil
        }
        let order = sublayers.indices.sorted { i, j in
            let zi = sublayers[i].zPosition, zj = sublayers[j].zPosition
            return zi != zj ? zi > zj : i > j
        }
        for index in order {
            if let result = body(sublayers[index]) { return result }
        }
        return nil
    }
}
