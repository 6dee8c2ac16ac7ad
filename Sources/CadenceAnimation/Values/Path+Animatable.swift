import CadenceGeometry

/// Paths animate point by point (Core Animation's `path` of `CAShapeLayer`).
///
/// Two paths of the same structure — the same element kinds in the same order, so the same
/// count of points — interpolate each point (end points and control points) linearly; `t`
/// is not clamped, so overshooting timing functions extrapolate. At `t = 0` and `t = 1`
/// the result is the end itself, bit for bit. Adding, subtracting and `multiplied(byCount:)`
/// work point by point too, so additive and cumulative path animations offset the points.
///
/// Paths of different structures have no point-by-point correspondence; Core Animation's
/// result is undefined. Cadence takes the nearer end: `a` while `t < 0.5`, `b` from 0.5 on
/// (a discrete switch at halfway, as a transform without a decomposition does).
/// `adding` and `subtracting` a path of another structure leave the receiver unchanged (an
/// additive animation of another structure adds nothing), and `distance(to:)` between
/// them is 0 (a paced keyframe animation jumps between them in no time).
///
/// NaN or infinite coordinates are interpolated like any other (a NaN point stays NaN);
/// a shape layer refuses to draw a path that is not finite (`Path.isFinite`). Cost: O(n)
/// in the elements, one allocation per result.
extension Path: AnimatableValue {
    /// Whether `self` and `other` have the same structure: the same element kinds in the
    /// same order.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.moveTo, .moveTo), (.lineTo, .lineTo), (.quadCurveTo, .quadCurveTo), (.curveTo, .curveTo),
                 (.closeSubpath, .closeSubpath): continue
            default: return false
            }
        }
        return true
    }

    /// The path whose points are `combine` of `self`'s and `other`'s corresponding points
    /// (same structure assumed).
    private func combined(with other: Path, _ combine: (Point, Point) -> Point) -> Path {
        Path(elements: zip(elements, other.elements).map { a, b -> Element in
            switch (a, b) {
            case (.moveTo(let p), .moveTo(let q)): return .moveTo(combine(p, q))
            case (.lineTo(let p), .lineTo(let q)): return .lineTo(combine(p, q))
            case (.quadCurveTo(let c, let p), .quadCurveTo(let d, let q)):
                return .quadCurveTo(control: combine(c, d), end: combine(p, q))
            case (.curveTo(let c1, let c2, let p), .curveTo(let d1, let d2, let q)):
                return .curveTo(control1: combine(c1, d1), control2: combine(c2, d2), end: combine(p, q))
            default: return a
            }
        })
    }

    /// The path with every point mapped by `transform`.
    private func mappingPoints(_ transform: (Point) -> Point) -> Path { combined(with: self) { p, _ in transform(p) } }

    public static func interpolate(_ a: Path, _ b: Path, _ t: Double) -> Path {
        if t == 0 { return a }
        if t == 1 { return b }
        guard a.hasSameStructure(as: b) else { return t < 0.5 ? a : b }
        return a.combined(with: b) { Point.interpolate($0, $1, t) }
    }

    public func adding(_ other: Path) -> Path {
        guard hasSameStructure(as: other) else { return self }
        return combined(with: other) { $0.adding($1) }
    }

    public func subtracting(_ other: Path) -> Path {
        guard hasSameStructure(as: other) else { return self }
        return combined(with: other) { $0.subtracting($1) }
    }

    public func multiplied(byCount count: Int) -> Path { mappingPoints { $0.multiplied(byCount: count) } }

    /// The same structure with every point at the origin.
    public static func additiveIdentity(like value: Path) -> Path { value.mappingPoints { _ in .zero } }

    /// The Euclidean norm over every coordinate of the two paths' differences (0 for
    /// paths of different structures), summed in place (no path is built).
    public func distance(to other: Path) -> Double {
        guard hasSameStructure(as: other) else { return 0 }
        var sum = 0.0
        for (a, b) in zip(elements, other.elements) {
            func add(_ p: Point, _ q: Point) {
                let d = q.animatableComponents - p.animatableComponents
                sum += (d * d).sum()
            }
            switch (a, b) {
            case (.moveTo(let p), .moveTo(let q)), (.lineTo(let p), .lineTo(let q)): add(p, q)
            case (.quadCurveTo(let c, let p), .quadCurveTo(let d, let q)): add(c, d); add(p, q)
            case (.curveTo(let c1, let c2, let p), .curveTo(let d1, let d2, let q)): add(c1, d1); add(c2, d2); add(p, q)
            default: continue
            }
        }
        return sum.squareRoot()
    }
}

extension Path: KeyPathAnimatable {
    public init?(keyPathValue: KeyPathValue) {
        guard case .path(let path) = keyPathValue else { return nil }
        self = path
    }
    public var keyPathValue: KeyPathValue { .path(self) }
}
