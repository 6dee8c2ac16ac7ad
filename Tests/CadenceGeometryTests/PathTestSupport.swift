import CadenceGeometry
import CadenceTestSupport

/// Random segments and paths for the path property tests, biased towards the shapes that
/// break curve code: control points on an end point, coincident and collinear points,
/// loops, and small and large scales.
extension SeededGenerator {
    /// A coordinate of ordinary size (−100…100), sometimes a whole number.
    mutating func pathCoordinate() -> Double {
        switch next() % 4 {
        case 0: return Double(Int(next() % 21) - 10)
        default: return edgeBiased(in: -100...100)
        }
    }

    mutating func pathPoint() -> Point { Point(x: pathCoordinate(), y: pathCoordinate()) }

    /// A line, quadratic or cubic; a quarter of the curves have a degenerate feature.
    mutating func pathSegment() -> PathSegment {
        let p0 = pathPoint()
        let p3 = pathPoint()
        var c1 = pathPoint()
        var c2 = pathPoint()
        switch next() % 12 {
        case 0: c1 = p0  // first control point on the start
        case 1: c2 = p3  // second control point on the end
        case 2:  // collinear: all four on one line
            let u = unit()
            let v = unit()
            c1 = Point(x: p0.x + (p3.x - p0.x) * (2 * u - 0.5), y: p0.y + (p3.y - p0.y) * (2 * u - 0.5))
            c2 = Point(x: p0.x + (p3.x - p0.x) * (2 * v - 0.5), y: p0.y + (p3.y - p0.y) * (2 * v - 0.5))
        default: break
        }
        switch next() % 5 {
        case 0: return .line(from: p0, to: p3)
        case 1: return .quadCurve(from: p0, control: c1, to: p3)
        default: return .cubicCurve(from: p0, control1: c1, control2: c2, to: p3)
        }
    }

    /// A path of a few subpaths with lines, curves and closes.
    mutating func randomPath(maxElements: Int = 12) -> Path {
        var path = Path()
        path.move(to: pathPoint())
        for _ in 0..<(1 + Int(next() % UInt64(maxElements))) {
            switch next() % 10 {
            case 0: path.move(to: pathPoint())
            case 1: path.closeSubpath()
            case 2, 3: path.addLine(to: pathPoint())
            case 4, 5: path.addQuadCurve(to: pathPoint(), control: pathPoint())
            default: path.addCurve(to: pathPoint(), control1: pathPoint(), control2: pathPoint())
            }
        }
        return path
    }
}

extension PathSegment {
    /// The control points as an array, for the reference twin.
    var points: [Point] { controlPoints }

    /// The same segment with every coordinate multiplied by `factor`.
    func scaled(by factor: Double) -> PathSegment {
        func s(_ p: Point) -> Point { Point(x: p.x * factor, y: p.y * factor) }
        switch self {
        case .line(let a, let b): return .line(from: s(a), to: s(b))
        case .quadCurve(let a, let b, let c): return .quadCurve(from: s(a), control: s(b), to: s(c))
        case .cubicCurve(let a, let b, let c, let d):
            return .cubicCurve(from: s(a), control1: s(b), control2: s(c), to: s(d))
        }
    }
}

/// |a − b| / |b|, or |a − b| when b is 0.
func relativeDifference(_ a: Double, _ b: Double) -> Double {
    b == 0 ? Swift.abs(a - b) : Swift.abs(a - b) / Swift.abs(b)
}
