/// Back-to-front order of planar convex polygons in a 3D context (`docs/compositor.md`
/// § 19): a binary space partition (BSP) tree over the polygons' planes, splitting the
/// polygons that cross a plane, walked from the side away from the viewer.
///
/// **Space.** Points are post-projective: the context's homogeneous points divided by their
/// w (each polygon cut to `w ≥ 1e-9 · max w` first), so that any perspective is already in
/// them and the view is orthographic along z, **the viewer at +z** (Core Animation's
/// larger `zPosition` is nearer). A projective map sends planes to planes and keeps which
/// side of a plane a point in front of the viewer lies on, so a partition made here is one
/// of the scene.
///
/// **Order.** The splitter at each node is the first polygon of its list (the input is in
/// paint order); the polygons in its plane (within `epsilon`) stay with it in input
/// order, so coplanar layers keep Core Animation's sibling order. A node whose plane faces
/// the viewer (normal z ≥ 0) draws its back subtree, its own polygons, then its front
/// subtree; one facing away, the other way round. Polygons that only touch a plane (a
/// cube's faces along their edges) are not split.
///
/// **Limits.** Past `maxPolygons` polygons no tree is built: they are ordered by the depth
/// of their centroids (a stable sort). A split is made only while the pieces stay under
/// `maxPieces(for:)` (4 per polygon plus 256); past that, a polygon that crosses a plane
/// goes whole to the side its centroid is on. So the work is at most quadratic in
/// `maxPolygons`, and memory linear in the input.
///
/// **Tolerance.** A vertex within `1e-7` of the scene's largest coordinate (at least 1)
/// of a plane is on it.
enum DepthSort {
    /// The most polygons a tree is built for.
    static let maxPolygons = 1024

    /// The most pieces the tree may hold for `count` polygons.
    static func maxPieces(for count: Int) -> Int { 4 * count + 256 }

    /// A piece of input polygon `polygon` to draw, cut by `cuts`: planes `(n, d)` in the
    /// post-projective space whose side `n · p + d ≥ 0` holds the piece (empty: the whole
    /// polygon).
    struct Piece: Hashable {
        var polygon: Int
        var cuts: [SIMD4<Double>]
    }

    private struct Fragment {
        var polygon: Int
        var points: [SIMD3<Double>]
        var cuts: [SIMD4<Double>]
    }

    private struct Node {
        var plane: SIMD4<Double>
        var fragments: [Int]
        var back: Int?
        var front: Int?
    }

    /// The pieces of `polygons` (each a convex polygon's vertices, post-projective) back to
    /// front. Polygons with fewer than three points are left out.
    static func backToFront(_ polygons: [[SIMD3<Double>]]) -> [Piece] {
        var scale = 1.0
        for polygon in polygons { for p in polygon { scale = Swift.max(scale, abs(p.x), abs(p.y), abs(p.z)) } }
        let epsilon = 1e-7 * scale
        var fragments = polygons.indices.filter { polygons[$0].count >= 3 }
            .map { Fragment(polygon: $0, points: polygons[$0], cuts: []) }
        guard fragments.count <= maxPolygons else {
            let depths = fragments.map { f in f.points.reduce(0) { $0 + $1.z } / Double(f.points.count) }
            return fragments.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
                .map { Piece(polygon: fragments[$0].polygon, cuts: []) }
        }
        let pieceLimit = maxPieces(for: fragments.count)
        var nodes: [Node] = []
        // Build: (the node's slot to fill — parent and side —, the fragments to place).
        var work: [(parent: Int?, front: Bool, list: [Int])] = [(nil, false, Array(fragments.indices))]
        while let (parent, isFront, list) = work.popLast() {
            guard let first = list.first else { continue }
            let plane = Self.plane(of: fragments[first].points, epsilon: epsilon)
            var node = Node(plane: plane, fragments: [first], back: nil, front: nil)
            var backs: [Int] = [], fronts: [Int] = []
            for f in list.dropFirst() {
                let points = fragments[f].points
                var above = false, below = false
                var centroid = 0.0
                for p in points {
                    let s = (plane.x * p.x + plane.y * p.y + plane.z * p.z) + plane.w
                    centroid += s
                    if s > epsilon { above = true } else if s < -epsilon { below = true }
                }
                switch (above, below) {
                case (false, false): node.fragments.append(f)
                case (true, false): fronts.append(f)
                case (false, true): backs.append(f)
                case (true, true):
                    guard fragments.count + 1 < pieceLimit else {
                        if centroid >= 0 { fronts.append(f) } else { backs.append(f) }
                        continue
                    }
                    let (front, back) = split(points, by: plane)
                    var piece = fragments[f]
                    piece.points = back
                    piece.cuts.append(-plane)
                    fragments[f].points = front
                    fragments[f].cuts.append(plane)
                    fronts.append(f)
                    fragments.append(piece)
                    backs.append(fragments.count - 1)
                }
            }
            let index = nodes.count
            nodes.append(node)
            if let parent {
                if isFront { nodes[parent].front = index } else { nodes[parent].back = index }
            }
            work.append((index, true, fronts))
            work.append((index, false, backs))
        }
        // Walk: back to front, with an explicit stack of nodes to open and pieces to emit.
        enum Step { case node(Int), emit(Int) }
        var pieces: [Piece] = []
        pieces.reserveCapacity(fragments.count)
        var steps: [Step] = nodes.isEmpty ? [] : [.node(0)]
        while let step = steps.popLast() {
            switch step {
            case .emit(let f):
                pieces.append(Piece(polygon: fragments[f].polygon, cuts: fragments[f].cuts))
            case .node(let n):
                let node = nodes[n]
                // Pushed in reverse: the first to draw is pushed last.
                let (farther, nearer) = node.plane.z >= 0 ? (node.back, node.front) : (node.front, node.back)
                if let nearer { steps.append(.node(nearer)) }
                for f in node.fragments.reversed() { steps.append(.emit(f)) }
                if let farther { steps.append(.node(farther)) }
            }
        }
        return pieces
    }

    /// The plane `(n, d)` of a polygon, `|n| = 1` (Newell's normal through the centroid);
    /// for a polygon with no area, the plane z = its centroid's z.
    static func plane(of points: [SIMD3<Double>], epsilon: Double) -> SIMD4<Double> {
        var normal = SIMD3<Double>.zero
        var centroid = SIMD3<Double>.zero
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            normal += SIMD3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
            centroid += a
        }
        centroid /= Double(points.count)
        let length = (normal * normal).sum().squareRoot()
        guard length > epsilon * epsilon, length.isFinite else { return SIMD4(0, 0, 1, -centroid.z) }
        let n = normal / length
        return SIMD4(n.x, n.y, n.z, -(n * centroid).sum())
    }

    /// The parts of a convex polygon on the front (`n · p + d ≥ 0`) and back sides of
    /// `plane` (Sutherland–Hodgman against the plane and its opposite).
    static func split(_ points: [SIMD3<Double>], by plane: SIMD4<Double>) -> (front: [SIMD3<Double>], back: [SIMD3<Double>]) {
        var front: [SIMD3<Double>] = [], back: [SIMD3<Double>] = []
        let n = SIMD3(plane.x, plane.y, plane.z)
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            let sa = (n * a).sum() + plane.w, sb = (n * b).sum() + plane.w
            if sa >= 0 { front.append(a) }
            if sa <= 0 { back.append(a) }
            if (sa > 0 && sb < 0) || (sa < 0 && sb > 0) {
                let p = a + (b - a) * (sa / (sa - sb))
                front.append(p)
                back.append(p)
            }
        }
        return (front, back)
    }
}
