import CCadenceFeatures
import CadenceGeometry
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path coverage against exact areas, the non-zero rule's cases, and a supersampled twin
/// (16 × 16 point-in-polygon tests per pixel on the flattened polygon).
final class PathCoverageTests: XCTestCase {
    private let identity = PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    private func coverage(_ path: Path, map: PlaneMap? = nil, rect: PixelRect, workspace: PathCoverage.Workspace = .init(),
                          stride: Int? = nil) -> (values: [Float], support: PixelRect) {
        let s = stride ?? rect.width
        var out = [Float](repeating: .nan, count: Swift.max(1, s * rect.height))
        let support = out.withUnsafeMutableBufferPointer {
            PathCoverage.fill(path, map: map ?? identity, into: $0.baseAddress!, rect: rect, stride: s, workspace: workspace)
        }
        var packed: [Float] = []
        for y in 0..<rect.height { packed += out[(y * s)..<(y * s + rect.width)] }
        return (packed, support)
    }

    private func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> Path {
        var p = Path()
        p.move(to: Point(x0, y0))
        if clockwise {
            p.addLine(to: Point(x1, y0))
            p.addLine(to: Point(x1, y1))
            p.addLine(to: Point(x0, y1))
        } else {
            p.addLine(to: Point(x0, y1))
            p.addLine(to: Point(x1, y1))
            p.addLine(to: Point(x1, y0))
        }
        p.closeSubpath()
        return p
    }

    /// A circle (or ellipse) of `arcs` cubic arcs, each with the tangent length
    /// `4/3 · tan(θ/4)` (radial error ≈ 1e-7 of the radius for 16 arcs).
    private func ellipse(center c: Point, rx: Double, ry: Double, arcs: Int = 16, from angle0: Double = 0) -> Path {
        var p = Path()
        let step = 2 * Double.pi / Double(arcs), k = 4.0 / 3.0 * tan(step / 4)
        func point(_ a: Double) -> Point { Point(c.x + rx * cos(a), c.y + ry * sin(a)) }
        p.move(to: point(angle0))
        for i in 0..<arcs {
            let a = angle0 + Double(i) * step, b = a + step
            p.addCurve(
                to: point(b),
                control1: Point(c.x + rx * (cos(a) - k * sin(a)), c.y + ry * (sin(a) + k * cos(a))),
                control2: Point(c.x + rx * (cos(b) + k * sin(b)), c.y + ry * (sin(b) - k * cos(b))))
        }
        p.closeSubpath()
        return p
    }

    /// The pentagram {5/2}: its middle pentagon has winding number 2.
    private func star(center c: Point, radius r: Double) -> Path {
        var p = Path()
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i * 2 % 5) * 2 * .pi / 5
            let q = Point(c.x + r * cos(a), c.y + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }

    /// The winding number of `q` about the closed polygons.
    private func winding(_ q: SIMD2<Double>, _ polygons: [[SIMD2<Double>]]) -> Int {
        winding(q, edges: polygons.flatMap { p in p.indices.map { (p[($0 + p.count - 1) % p.count], p[$0]) } })
    }

    /// The winding number of `q` about directed edges: each upward crossing of the ray to
    /// the right of `q` counts +1, each downward one −1.
    private func winding(_ q: SIMD2<Double>, edges: [(SIMD2<Double>, SIMD2<Double>)]) -> Int {
        var w = 0
        for (a, b) in edges {
            let cross = (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y)
            if a.y <= q.y, b.y > q.y, cross > 0 { w += 1 }
            if a.y > q.y, b.y <= q.y, cross < 0 { w -= 1 }
        }
        return w
    }

    /// The twin: the fraction of 16 × 16 sample points of each pixel with a non-zero
    /// winding number about the flattened polygon, and whether the samples of the pixel
    /// see windings of both signs or beyond ±1 (where `fill`'s rule is the documented
    /// approximation).
    private func supersampled(_ polygons: [[SIMD2<Double>]], rect: PixelRect) -> (coverage: [Double], mixed: [Bool]) {
        var out = [Double](repeating: 0, count: rect.area), mixed = [Bool](repeating: false, count: rect.area)
        for y in 0..<rect.height {
            // Only the edges that reach this row can cross a sample's ray (as 2-point polygons
            // they keep their orientation: the winding sums the same crossings).
            let edges = polygons.flatMap { p in
                p.indices.map { (p[($0 + p.count - 1) % p.count], p[$0]) }
                    .filter { min($0.0.y, $0.1.y) <= Double(y + 1) && max($0.0.y, $0.1.y) >= Double(y) }
            }
            for x in 0..<rect.width {
                var inside = 0, seen = Set<Int>()
                for j in 0..<16 {
                    for i in 0..<16 {
                        let w = winding(SIMD2(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16), edges: edges)
                        if w != 0 { inside += 1 }
                        seen.insert(w)
                    }
                }
                out[y * rect.width + x] = Double(inside) / 256
                mixed[y * rect.width + x] = seen.contains { abs($0) > 1 } || seen.contains(1) && seen.contains(-1)
            }
        }
        return (out, mixed)
    }

    /// A pixel-aligned square covers exactly its pixels: 1 inside, 0 outside; drawn either
    /// way round.
    func testPixelAlignedSquareCoversExactlyItsPixels() {
        let rect = PixelRect(width: 32, height: 30)
        for clockwise in [true, false] {
            let (c, support) = coverage(rectangle(10, 10, 20, 20, clockwise: clockwise), rect: rect)
            for y in 0..<30 {
                for x in 0..<32 {
                    let inside = (10..<20).contains(x) && (10..<20).contains(y)
                    XCTAssertEqual(c[y * 32 + x], inside ? 1 : 0, "(\(x), \(y))")
                }
            }
            XCTAssertTrue(support.intersection(PixelRect(minX: 10, minY: 10, maxX: 20, maxY: 20)) == PixelRect(minX: 10, minY: 10, maxX: 20, maxY: 20))
        }
    }

    /// A square offset by half a pixel: 0.5 along its edges, 0.25 at its corners.
    /// `passesOverlap` (lanes halved) against its twin, the generic `max()` of the lanes:
    /// lanes at 0, just below, at and just above the threshold (a few ulps apart), in every
    /// position, and seeded random vectors.
    func testPassesOverlapMatchesTheLanesMaximum() {
        let limit = 1 + PathCoverage.overlapThreshold
        let edges: [Float] = [0, 1, limit.nextDown.nextDown, limit.nextDown, limit, limit.nextUp, limit.nextUp.nextUp, 2, 7]
        var g = SeededGenerator(seed: 0x18_DDA)
        for trial in 0..<2000 {
            var v = SIMD8<Float>()
            for i in 0..<8 {
                v[i] = trial < 1000 ? Float.random(in: 0...1.002, using: &g) : edges[Int.random(in: 0..<edges.count, using: &g)]
            }
            if trial % 9 == 0 { v = SIMD8(repeating: 0); v[trial % 8] = edges[trial % edges.count] }
            XCTAssertEqual(PathCoverage.passesOverlap(v), v.max() > limit, "seed 0x18DDA, trial \(trial): \(v)")
        }
    }

    func testHalfPixelOffsetSquare() {
        let rect = PixelRect(minX: 5, minY: 6, maxX: 30, maxY: 28)
        let (c, _) = coverage(rectangle(10.5, 10.5, 20.5, 20.5), rect: rect)
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX {
                func axis(_ v: Int) -> Float { v == 10 || v == 20 ? 0.5 : (11..<20).contains(v) ? 1 : 0 }
                XCTAssertEqual(c[(y - rect.minY) * rect.width + x - rect.minX], axis(x) * axis(y), "(\(x), \(y))")
            }
        }
    }

    /// Axis-aligned rectangles at fractional positions: the exact area (within Float).
    func testAxisAlignedRectanglesAreExact() {
        var g = SeededGenerator(seed: 0xA_4EA)
        for trial in 0..<40 {
            let x0 = g.unit() * 10, y0 = g.unit() * 10
            let x1 = x0 + g.edgeBiased(in: 0.01...14), y1 = y0 + g.edgeBiased(in: 0.01...14)
            let rect = PixelRect(width: 26, height: 26)
            let (c, _) = coverage(rectangle(x0, y0, x1, y1, clockwise: trial % 2 == 0), rect: rect)
            for y in 0..<26 {
                for x in 0..<26 {
                    let ox = max(0, min(Double(x + 1), x1) - max(Double(x), x0))
                    let oy = max(0, min(Double(y + 1), y1) - max(Double(y), y0))
                    XCTAssertEqual(Double(c[y * 26 + x]), ox * oy, accuracy: 1e-5, "seed \(g.seed) trial \(trial) (\(x), \(y))")
                }
            }
        }
    }

    /// A circle's total coverage is its area within 0.1 % at several radii and positions
    /// (inscribed chords at most `tolerance` = 1/128 px inside lose under `(2/3) · tolerance ·
    /// perimeter`: 0.07 % at r = 10).
    func testCircleAreaIsPiRSquared() {
        for (r, cx, cy) in [(40.0, 50.0, 50.0), (25.3, 40.7, 33.1), (60, 64, 64), (10.5, 20.25, 15), (10, 30.5, 70.1), (17.7, 80, 90)] {
            let rect = PixelRect(width: 128, height: 128)
            let (c, _) = coverage(ellipse(center: Point(cx, cy), rx: r, ry: r), rect: rect)
            let total = c.reduce(0) { $0 + Double($1) }
            let area = Double.pi * r * r
            XCTAssertEqual(total, area, accuracy: 1e-3 * area, "r \(r)")
            XCTAssertTrue(c.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }

    /// Non-zero winding: the pentagram's middle (winding 2) is filled — even-odd would
    /// leave it empty.
    func testSelfOverlappingStarIsFilledInTheMiddle() {
        let s = star(center: Point(32, 32), radius: 28)
        let rect = PixelRect(width: 64, height: 64)
        let polygons = PathCoverage.polygons(s, map: identity, rect: rect, workspace: .init())
        XCTAssertEqual(abs(winding(SIMD2(32.5, 32.5), polygons)), 2)
        let (c, _) = coverage(s, rect: rect)
        for y in 28..<36 { for x in 28..<36 { XCTAssertEqual(c[y * 64 + x], 1, "(\(x), \(y))") } }
        // Away from edges, every pixel is 0 or 1: no even-odd hole.
        XCTAssertEqual(c[2 * 64 + 2], 0)
    }

    /// Two overlapping squares drawn the same way round: their union (the overlap is not
    /// doubled past 1). Drawn opposite ways: the overlap has winding 0, a hole.
    func testOverlappingSquaresUnionAndHole() {
        let rect = PixelRect(width: 40, height: 40)
        var same = rectangle(5, 5, 25, 25)
        var opposite = same
        for e in rectangle(15, 15, 35, 35).elements { same.append(e) }
        for e in rectangle(15, 15, 35, 35, clockwise: false).elements { opposite.append(e) }
        let (u, _) = coverage(same, rect: rect)
        let (h, _) = coverage(opposite, rect: rect)
        for y in 0..<40 {
            for x in 0..<40 {
                let a = (5..<25).contains(x) && (5..<25).contains(y), b = (15..<35).contains(x) && (15..<35).contains(y)
                XCTAssertEqual(u[y * 40 + x], a || b ? 1 : 0, "union (\(x), \(y))")
                XCTAssertEqual(h[y * 40 + x], a != b ? 1 : 0, "hole (\(x), \(y))")
            }
        }
        // A ring: a circle with an inner circle drawn the other way is empty inside.
        var ring = ellipse(center: Point(20, 20), rx: 15, ry: 15)
        for e in ellipse(center: Point(20, 20), rx: 8, ry: -8).elements { ring.append(e) }
        let (r, _) = coverage(ring, rect: rect)
        XCTAssertEqual(r[20 * 40 + 20], 0, accuracy: 1e-6)  // Float sums of the ring's edges
        XCTAssertEqual(r[20 * 40 + 8], 1, accuracy: 1e-6)
        let total = r.reduce(0) { $0 + Double($1) }
        XCTAssertEqual(total, Double.pi * (225 - 64), accuracy: 1e-3 * Double.pi * (225 - 64))
    }

    /// A random map around the middle of a 40 × 40 area: rotation, scale, shear, and
    /// optionally perspective.
    private func randomMap(_ g: inout SeededGenerator, perspective: Bool) -> PlaneMap {
        randomPlaneMap(&g, centre: 20, minScale: 0.6, scaleSpread: 1.2, perspective: perspective ? 0.03 : 0)
    }

    /// Shapes in layer coordinates around the origin: curves of every kind, one subpath
    /// left open.
    private func randomShape(_ g: inout SeededGenerator) -> Path {
        switch g.next() % 4 {
        case 0:
            return ellipse(center: Point(g.unit() * 4 - 2, g.unit() * 4 - 2), rx: 4 + g.unit() * 10, ry: 3 + g.unit() * 10,
                           arcs: 4, from: g.unit())
        case 1:
            var p = Path()
            p.move(to: Point(-12, -9))
            p.addQuadCurve(to: Point(12, -8), control: Point(0, -20 * g.unit()))
            p.addCurve(to: Point(10, 11), control1: Point(20, 0), control2: Point(18 * g.unit(), 8))
            p.addLine(to: Point(-11, 9))  // left open: filling closes it
            return p
        case 2:
            var p = rectangle(-12, -10, 6 * g.unit(), 4)
            for e in ellipse(center: Point(5, 3), rx: 7, ry: 5 + g.unit() * 3, arcs: 8).elements { p.append(e) }
            return p
        default:
            var p = Path()
            p.move(to: Point(-10, -10))
            for _ in 0..<5 { p.addLine(to: Point(g.unit() * 28 - 14, g.unit() * 28 - 14)) }
            p.closeSubpath()
            return p
        }
    }

    /// Rotated, sheared and perspective maps: the exact-area coverage against 16 × 16
    /// samples per pixel on the flattened polygon. Within 0.06 per pixel (the samples'
    /// own error along an edge is up to 1/16); the mean over edge pixels is far smaller.
    /// Self-intersecting shapes (case 3) meet the non-zero approximation where a pixel holds
    /// windings of both signs or beyond ±1: those pixels are skipped (a handful).
    func testMatchesSupersampledTwin() {
        var g = SeededGenerator(seed: 0x2A_7A)
        var worst = 0.0, total = 0.0, count = 0
        for trial in 0..<24 {
            let map = randomMap(&g, perspective: trial % 2 == 1)
            let path = randomShape(&g)
            let rect = PixelRect(minX: Int(g.next() % 5), minY: Int(g.next() % 5), maxX: 40, maxY: 38)
            let polygons = PathCoverage.polygons(path, map: map, rect: rect, workspace: .init())
            let (c, _) = coverage(path, map: map, rect: rect)
            let (twin, mixed) = supersampled(polygons, rect: rect)
            for i in c.indices where !mixed[i] {
                let x = i % rect.width, y = i / rect.width
                let e = abs(Double(c[i]) - twin[i])
                worst = max(worst, e)
                if twin[i] > 0 && twin[i] < 1 {
                    total += e
                    count += 1
                }
                XCTAssertLessThanOrEqual(e, 0.06, "trial \(trial) pixel (\(x), \(y)) (seed \(g.seed))")
            }
        }
        print("PathCoverage vs 16×16 samples: worst \(worst), mean over \(count) edge pixels \(total / Double(count))")
        XCTAssertLessThan(total / Double(count), 0.01)
    }

    /// Some rows of a fill (`fill(…, rows:)`) are those rows of the whole rectangle's fill,
    /// bit for bit, and nothing else is written: 24 seeded shapes under affine and
    /// perspective maps, in rectangles that cut them on any side, each filled in every range
    /// of one to four rows and in eight longer ones, into rows with room to spare. What lets
    /// a band fill only its rows of a shadow's plane. It fails if the rows moved the plane's
    /// corner (the crossings round differently), started a row's resolve at another cell,
    /// or cut an edge at the rows instead of the plane.
    func testRowsOfAFillAreThoseOfTheWholeFill() {
        var g = SeededGenerator(seed: 0x2A_7C)
        let workspace = PathCoverage.Workspace()
        for trial in 0..<24 {
            let map = randomMap(&g, perspective: trial % 3 == 2)
            let path = randomShape(&g)
            let rect = PixelRect(minX: Int(g.next() % 7) - 3, minY: Int(g.next() % 7) - 3,
                                 maxX: 30 + Int(g.next() % 15), maxY: 28 + Int(g.next() % 15))
            let (whole, _) = coverage(path, map: map, rect: rect)
            var ranges: [Range<Int>] = []
            for lo in rect.minY..<rect.maxY {
                for hi in (lo + 1)...Swift.min(lo + 4, rect.maxY) { ranges.append(lo..<hi) }
            }
            for _ in 0..<8 {
                let lo = rect.minY + Int(g.next() % UInt64(rect.height))
                ranges.append(lo..<(lo + 1 + Int(g.next() % UInt64(rect.maxY - lo))))
            }
            let stride = rect.width + 3
            for rows in ranges {
                var out = [Float](repeating: .nan, count: stride * rows.count)
                out.withUnsafeMutableBufferPointer {
                    _ = PathCoverage.fill(path, map: map, into: $0.baseAddress!, rect: rect, rows: rows, stride: stride,
                                          workspace: workspace)
                }
                for y in rows {
                    for x in 0..<stride {
                        let v = out[(y - rows.lowerBound) * stride + x]
                        if x < rect.width {
                            let w = whole[(y - rect.minY) * rect.width + x]
                            guard v.bitPattern != w.bitPattern else { continue }
                            XCTFail("trial \(trial) rows \(rows) pixel (\(x), \(y)): \(v) against \(w) (seed \(g.seed))")
                            return
                        } else if !v.isNaN {
                            XCTFail("trial \(trial) rows \(rows): wrote past the rectangle at (\(x), \(y)) (seed \(g.seed))")
                            return
                        }
                    }
                }
            }
        }
    }

    /// Flattening keeps within the tolerance of the curve: every flattened point of a
    /// circle lies on it (they are curve points), and every chord's middle within 0.05 px.
    func testFlatteningTolerance() {
        let r = 300.0
        let polygons = PathCoverage.polygons(ellipse(center: Point(0, 0), rx: r, ry: r, arcs: 4), map: identity,
                                             rect: PixelRect(minX: -400, minY: -400, maxX: 400, maxY: 400), workspace: .init())
        XCTAssertEqual(polygons.count, 1)
        let points = polygons[0].map { $0 - SIMD2(400, 400) }
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            // Flattened points are curve points; 4 cubic arcs stray up to 2.7e-4 r from the circle.
            XCTAssertEqual(((p * p).sum()).squareRoot(), r, accuracy: 2.8e-4 * r, "point \(i)")
            let m = (p + q) / 2
            XCTAssertGreaterThan(((m * m).sum()).squareRoot(), r - PathCoverage.tolerance, "chord \(i)")
        }
    }

    /// Under an affine map a quadratic is cut into equal parameter steps: every point is on
    /// the curve, every chord within `tolerance` of it, and there are ⌈√(|second difference|
    /// / (4 · tolerance))⌉ pieces — 80 here, where halving the raised cubic makes 128.
    func testAffineQuadraticsAreCutIntoEvenSteps() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.addQuadCurve(to: Point(100, 0), control: Point(50, 100))
        path.closeSubpath()
        let polygons = PathCoverage.polygons(path, map: identity, rect: PixelRect(minX: -10, minY: -10, maxX: 110, maxY: 110),
                                             workspace: .init())
        XCTAssertEqual(polygons.count, 1)
        let points = polygons[0].map { $0 - SIMD2(10, 10) }
        XCTAssertEqual(points.count, 81)  // the start and 80 pieces' ends (the closing chord implied)
        func curve(_ t: Double) -> SIMD2<Double> { SIMD2(100 * t, 200 * t * (1 - t)) }
        for (i, p) in points.enumerated() {
            let t = p.x / 100
            XCTAssertEqual(t, Double(i) / 80, accuracy: 1e-9, "point \(i): equal parameter steps")
            XCTAssertEqual(p.y, curve(t).y, accuracy: 1e-9, "point \(i)")
            if i + 1 < points.count {
                let q = points[i + 1]
                let middle = curve((p.x + q.x) / 200) - (p + q) / 2
                // Exactly the tolerance here (80² = 200 / (4 · 1/128)), up to rounding.
                XCTAssertLessThanOrEqual((middle * middle).sum().squareRoot(), PathCoverage.tolerance + 1e-12, "chord \(i)")
            }
        }
    }

    /// Paths larger than the rectangle: edges left of it still count; a sub-rectangle gives
    /// the same pixels as a larger one.
    func testClippingKeepsWinding() {
        let big = PixelRect(minX: -50, minY: -50, maxX: 150, maxY: 150)
        let paths = [ellipse(center: Point(30, 40), rx: 90, ry: 60), star(center: Point(20, 20), radius: 100), rectangle(-1e6, -1e6, 30.5, 1e6)]
        for (n, path) in paths.enumerated() {
            let (whole, _) = coverage(path, rect: big)
            for sub in [PixelRect(minX: 10, minY: 10, maxX: 40, maxY: 30), PixelRect(minX: 25, minY: -20, maxX: 33, maxY: 90),
                        PixelRect(minX: 100, minY: 100, maxX: 150, maxY: 150)] {
                let (part, _) = coverage(path, rect: sub, stride: sub.width + 3)
                for (i, v) in part.enumerated() {
                    let x = sub.minX + i % sub.width, y = sub.minY + i / sub.width
                    XCTAssertEqual(v, whole[(y - big.minY) * big.width + x - big.minX], accuracy: 1e-5, "path \(n) (\(x), \(y)) in \(sub)")
                }
            }
        }
        // A half-plane-like rectangle reaching far left: the column at x = 30 is half covered.
        let (c, _) = coverage(paths[2], rect: PixelRect(minX: 28, minY: 0, maxX: 33, maxY: 2))
        XCTAssertEqual(c, [1, 1, 0.5, 0, 0, 1, 1, 0.5, 0, 0])
    }

    /// Perspective that puts part of the shape behind the viewer: the visible part matches
    /// a twin that maps each sample back to the layer (in front when w > 0) and tests it
    /// against the polygon there; nothing non-finite.
    func testPerspectiveBehindTheViewer() {
        // Layer x ≥ 25 is behind the viewer (w = 1 − x/25).
        let map = PlaneMap(rows: SIMD3(1, 0, -0.04), SIMD3(0, 1, 0), SIMD3(8, 8, 1))
        let inverse = map.inverse!
        var polygon = Path()
        let layer: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(40, -5), SIMD2(35, 20), SIMD2(2, 16)]
        polygon.move(to: Point(layer[0].x, layer[0].y))
        for p in layer.dropFirst() { polygon.addLine(to: Point(p.x, p.y)) }
        polygon.closeSubpath()
        let rect = PixelRect(width: 48, height: 48)
        let (c, _) = coverage(polygon, map: map, rect: rect)
        var worst = 0.0
        for y in 0..<48 {
            for x in 0..<48 {
                var inside = 0
                for j in 0..<16 {
                    for i in 0..<16 {
                        let h = inverse.homogeneous(Double(x) + (Double(i) + 0.5) / 16, Double(y) + (Double(j) + 0.5) / 16)
                        guard h.z > 0 else { continue }
                        if winding(SIMD2(h.x, h.y) / h.z, [layer]) != 0 { inside += 1 }
                    }
                }
                let e = abs(Double(c[y * 48 + x]) - Double(inside) / 256)
                worst = max(worst, e)
                XCTAssertLessThanOrEqual(e, 0.06, "(\(x), \(y))")
            }
        }
        XCTAssertTrue(c.allSatisfy { $0 >= 0 && $0 <= 1 })
        XCTAssertGreaterThan(c.reduce(0, +), 100)
        // Entirely behind: nothing.
        let (none, support) = coverage(rectangle(30, 0, 40, 10), map: map, rect: rect)
        XCTAssertTrue(none.allSatisfy { $0 == 0 })
        XCTAssertEqual(support, .empty)
    }

    /// Bad input: NaN or infinite points, a non-finite map, an empty path, an affine map
    /// with w ≤ 0, an empty rectangle: coverage 0 everywhere, no trap.
    func testBadInputGivesZero() {
        let rect = PixelRect(width: 16, height: 16)
        var nan = rectangle(2, 2, 10, 10)
        nan.addLine(to: Point(.nan, 4))
        var infinite = rectangle(2, 2, 10, 10)
        infinite.addCurve(to: Point(3, 3), control1: Point(.infinity, 0), control2: Point(1, 1))
        var badMap = identity
        badMap.r1.x = .nan
        var behind = identity
        behind.r3.z = -1
        let huge = PlaneMap(rows: SIMD3(1e300, 0, 0), SIMD3(0, 1e300, 0), SIMD3(0, 0, 1))
        for (name, path, map) in [("nan", nan, identity), ("infinite", infinite, identity), ("map", rectangle(2, 2, 10, 10), badMap),
                                  ("empty", Path(), identity), ("behind", rectangle(2, 2, 10, 10), behind),
                                  ("overflow", rectangle(-1e10, -1e10, 1e10, 1e10), huge)] {
            let (c, support) = coverage(path, map: map, rect: rect)
            XCTAssertTrue(c.allSatisfy { $0 == 0 }, name)
            XCTAssertEqual(support, .empty, name)
        }
        var nothing: [Float] = [7]
        XCTAssertEqual(PathCoverage.fill(rectangle(0, 0, 5, 5), map: identity, into: &nothing, rect: .empty, stride: 0, workspace: .init()), .empty)
        XCTAssertEqual(nothing, [7])
        // Degenerate shapes: a line, a point, a zero-area sliver.
        for path in [rectangle(3, 3, 3, 9), rectangle(4, 4, 4, 4)] {
            XCTAssertTrue(coverage(path, rect: rect).values.allSatisfy { $0 == 0 })
        }
    }

    /// Huge curves far outside the rectangle are not subdivided to no end; curves deep in
    /// perspective stop at `maxDepth`: both complete quickly and stay in 0…1.
    func testExtremeGeometryCompletes() {
        let rect = PixelRect(width: 64, height: 64)
        let start = ContinuousClock.now
        let giant = ellipse(center: Point(32, 1e7), rx: 1e7, ry: 1e7, arcs: 4)  // its top is near y = 0
        let (c, _) = coverage(giant, rect: rect)
        XCTAssertTrue(c.allSatisfy { $0 >= 0 && $0 <= 1 })
        XCTAssertEqual(c[63 * 64 + 32], 1)
        let steep = PlaneMap(rows: SIMD3(1, 0, 0.5), SIMD3(0, 1, 0.5), SIMD3(32, 32, 1))
        let (d, _) = coverage(ellipse(center: Point(0, 0), rx: 30, ry: 30, arcs: 4), map: steep, rect: rect)
        XCTAssertTrue(d.allSatisfy { $0 >= 0 && $0 <= 1 })
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10))
    }

    /// One workspace serves every call with the same results as a fresh one; the stride may
    /// exceed the width (the gap is not written).
    func testWorkspaceReuseAndStride() {
        var g = SeededGenerator(seed: 0x57_81DE)
        let shared = PathCoverage.Workspace()
        for trial in 0..<10 {
            let path = randomShape(&g), map = randomMap(&g, perspective: trial % 3 == 0)
            let rect = PixelRect(width: 40, height: 40)
            XCTAssertEqual(coverage(path, map: map, rect: rect, workspace: shared).values, coverage(path, map: map, rect: rect).values)
            var out = [Float](repeating: -1, count: 45 * 40)
            out.withUnsafeMutableBufferPointer {
                _ = PathCoverage.fill(path, map: map, into: $0.baseAddress!, rect: rect, stride: 45, workspace: shared)
            }
            for y in 0..<40 { for x in 40..<45 { XCTAssertEqual(out[y * 45 + x], -1) } }
        }
    }

    /// `CoverageRows`' band rows each start on a 64-byte line (`cellStride`, `lineStart`), so
    /// that a block of 8 cells never lies across two lines: for boxes 1 … 40 and 559 cells
    /// wide (every remainder by 16), at both ends of the box's x range, every row handed out
    /// has its cell 0 (the handed weights less their offset from the box's left side) at an
    /// address that is a multiple of 64, and its rows `cellStride` cells apart.
    func testBandRowsStartOnCacheLines() {
        // `lineStart` itself, from every offset a `Float` can have within a line (the rows
        // below could start on lines by the allocator's luck alone): the next boundary, at
        // most 15 cells on, so the 15 cells `run` allocates more are enough.
        let line = UnsafeMutablePointer<Float>.allocate(capacity: 64)
        defer { line.deallocate() }
        let base = CoverageRows.lineStart(line)
        for offset in 0..<16 {
            let p = base + offset, start = CoverageRows.lineStart(p)
            XCTAssertEqual(UInt(bitPattern: start) % 64, 0, "offset \(offset)")
            XCTAssertEqual(start - p, (16 - offset) % 16, "offset \(offset)")
        }
        let rows = CoverageRows()
        for width in Array(1...40) + [559] {
            XCTAssertEqual(CoverageRows.cellStride(width: width) % 16, 0)
            XCTAssertGreaterThanOrEqual(CoverageRows.cellStride(width: width), width)
            XCTAssertLessThan(CoverageRows.cellStride(width: width), width + 16)
            for minX in [-5, 3] {
                let box = PixelRect(minX: minX, minY: 1, maxX: minX + width, maxY: 7)
                var set = PolygonSet()
                for p in [SIMD2(Double(minX), 1), SIMD2(Double(minX + width), 1.5), SIMD2(Double(minX + width), 7),
                          SIMD2(Double(minX) + 0.5, 7)] { set.points.append(p) }
                set.closePolygon()
                var starts: [Int: UInt] = [:]
                rows.forEachRow(set, rule: .nonZero, in: box, correctingOverlaps: false) { y, x0, _, weights in
                    let cell0 = UInt(bitPattern: weights) &- 4 * UInt(x0 - box.minX)
                    XCTAssertEqual(cell0 % 64, 0, "width \(width), row \(y): cell 0 at \(cell0 % 64) bytes into a line")
                    starts[y] = cell0
                }
                XCTAssertEqual(starts.count, 6, "width \(width): rows handed out")
                for (y, start) in starts where y > 1 {
                    guard let above = starts[y - 1] else { continue }
                    XCTAssertEqual(Int(start &- above), 4 * CoverageRows.cellStride(width: width), "width \(width), row \(y)")
                }
            }
        }
    }

    /// The sparse rows (`CoverageRows` under non-zero: blocks of 8 touched cells, runs
    /// between them where the winding is not 0) against the dense resolve of the same cells
    /// (`PathCoverage.resolve` over each row's whole span): every pixel handed out within
    /// 1e-6 (`Float` sums in another order), every pixel not handed out at most `residue`
    /// in the dense row. Seeded random polygons (several, some crossing, some off the
    /// plane's sides), on a plane wider than 512 cells (two words of blocks a row).
    func testSparseRowsMatchTheDenseResolve() {
        let seed: UInt64 = 0x5EED_0018_5A
        var rng = SeededGenerator(seed: seed)
        let rect = PixelRect(minX: -3, minY: 2, maxX: 600, maxY: 70)
        let rows = CoverageRows()
        for trial in 0..<60 {
            var set = PolygonSet()
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let n = Int.random(in: 3...12, using: &rng)
                let centre = SIMD2(Double.random(in: -50...650, using: &rng), Double.random(in: 0...72, using: &rng))
                let size = Double.random(in: 0.3...(Bool.random(using: &rng) ? 4 : 300), using: &rng)
                for _ in 0..<n {
                    set.points.append(centre + SIMD2(Double.random(in: -size...size, using: &rng),
                                                     Double.random(in: -size / 4...size / 4, using: &rng)))
                }
                set.closePolygon()
            }
            // Dense: accumulate, then resolve each row's whole span.
            let w = rect.width
            var cells = [Float](repeating: 0, count: w * rect.height)
            var spans = [SIMD2<Int32>](repeating: .zero, count: rect.height)
            var dense = [Float](repeating: 0, count: w * rect.height)
            cells.withUnsafeMutableBufferPointer { c in
                spans.withUnsafeMutableBufferPointer { s in
                    _ = PathCoverage.accumulate(set, into: c.baseAddress!, rect: rect, stride: w, spans: s.baseAddress!)
                    for r in 0..<rect.height where s[r].x <= s[r].y {
                        _ = PathCoverage.resolve(c.baseAddress! + r * w, from: Int(s[r].x), through: Int(s[r].y), width: w,
                                                 rule: .nonZero)
                    }
                }
            }
            dense = cells
            var handed = [Bool](repeating: false, count: w * rect.height)
            rows.forEachRow(set, rule: .nonZero, in: rect, correctingOverlaps: false) { y, x0, n, weights in
                for i in 0..<n {
                    let k = (y - rect.minY) * w + (x0 - rect.minX) + i
                    XCTAssertFalse(handed[k], "seed \(seed), trial \(trial): pixel handed out twice")
                    handed[k] = true
                    XCTAssertEqual(weights[i], dense[k], accuracy: 1e-6, "seed \(seed), trial \(trial), (\(x0 + i), \(y))")
                }
            }
            for k in dense.indices where !handed[k] {
                XCTAssertLessThanOrEqual(dense[k], PathCoverage.residue, "seed \(seed), trial \(trial), cell \(k)")
            }
        }
    }

    /// The cells of one edge inside the plane, accumulated by `addInside` (the fast path)
    /// and by `addPiece` (its reference twin), into a zeroed plane of `width × height`.
    private func insideCells(_ a: SIMD2<Double>, _ b: SIMD2<Double>, width: Int, height: Int, reference: Bool) -> [Float] {
        var cells = [Float](repeating: 0, count: width * height)
        let saved = PathCoverage.Accumulator.referenceForTests
        PathCoverage.Accumulator.referenceForTests = reference
        defer { PathCoverage.Accumulator.referenceForTests = saved }
        cells.withUnsafeMutableBufferPointer { c in
            var acc = PathCoverage.Accumulator(base: c.baseAddress!, width: width, height: height, stride: width)
            acc.addEdge(a, b)
        }
        return cells
    }

    /// `addInside` against `addPiece` cell by cell: seeded random edges inside a 24 × 12
    /// plane, biased to the cases its slope-per-edge form could get wrong — vertical and
    /// near-vertical edges, near-horizontal ones, ends on whole pixels or an ulp from them,
    /// ends at the plane's right side and tiny heights. Within 2e-6 of the reference (or a
    /// relative 2e-6 for the large cells of near-horizontal edges): the two differ only by
    /// `Double` rounding before the `Float` store.
    func testInsidePiecesMatchTheReference() {
        let seed: UInt64 = 0x1A51_DE18
        var rng = SeededGenerator(seed: seed)
        let width = 24, height = 12
        func coordinate(_ limit: Double) -> Double {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: return Double(Int.random(in: 0..<Int(limit), using: &rng))
            case 1: return Double(Int.random(in: 1..<Int(limit), using: &rng)).nextDown
            case 2: return Double(Int.random(in: 0..<Int(limit), using: &rng)).nextUp
            case 3: return limit.nextDown
            default: return Double.random(in: 0..<limit, using: &rng)
            }
        }
        for trial in 0..<4000 {
            var a = SIMD2(coordinate(Double(width)), coordinate(Double(height)))
            var b = SIMD2(coordinate(Double(width)), coordinate(Double(height)))
            switch trial % 5 {
            case 0: b.x = a.x                                              // vertical
            case 1: b.x = Swift.min(a.x + Double.random(in: -1e-6...1e-6, using: &rng), Double(width).nextDown)
            case 2: b.y = Swift.min(a.y + Double.random(in: 1e-9...1e-3, using: &rng), Double(height))  // nearly flat
            default: break
            }
            a.x = Swift.max(a.x, 0)
            b.x = Swift.max(b.x, 0)
            let fast = insideCells(a, b, width: width, height: height, reference: false)
            let slow = insideCells(a, b, width: width, height: height, reference: true)
            for k in fast.indices {
                let tolerance = 2e-6 * Swift.max(1, Double(Swift.abs(slow[k])))
                XCTAssertEqual(Double(fast[k]), Double(slow[k]), accuracy: tolerance,
                               "seed \(seed), trial \(trial), edge \(a) → \(b), cell \(k)")
            }
        }
    }

    /// The touched blocks `addInside` marks (from one word's masks when all an edge's blocks
    /// lie in one word) against those `addPiece` marks (`TouchedBlocks.mark`): the same bits,
    /// on seeded edges inside a plane 1,100 cells wide (three words a row), short ones near
    /// block and word boundaries (ends on multiples of 8 and 512, an ulp either side) and
    /// long ones across words.
    func testInsidePiecesMarkTheReferenceBlocks() {
        let seed: UInt64 = 0x1A51_DE19
        var rng = SeededGenerator(seed: seed)
        let width = 1_100, height = 6, words = TouchedBlocks.words(width: width)
        func blocks(_ a: SIMD2<Double>, _ b: SIMD2<Double>, reference: Bool) -> [UInt64] {
            var cells = [Float](repeating: 0, count: width * height)
            var marks = [UInt64](repeating: 0, count: words * height)
            let saved = PathCoverage.Accumulator.referenceForTests
            PathCoverage.Accumulator.referenceForTests = reference
            defer { PathCoverage.Accumulator.referenceForTests = saved }
            cells.withUnsafeMutableBufferPointer { c in
                marks.withUnsafeMutableBufferPointer { m in
                    var acc = PathCoverage.Accumulator(base: c.baseAddress!, width: width, height: height, stride: width)
                    acc.blocks = m.baseAddress!
                    acc.addEdge(a, b)
                }
            }
            return marks
        }
        func x() -> Double {
            let edge = Double([8, 512, 1_024].randomElement(using: &rng)! * Int.random(in: 0...2, using: &rng))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return Swift.min(edge, Double(width))
            case 1: return Swift.min(edge.nextUp, Double(width))
            case 2: return Swift.max(edge.nextDown, 0)
            default: return Double.random(in: 0..<Double(width), using: &rng)
            }
        }
        for trial in 0..<3000 {
            let a = SIMD2(x(), Double.random(in: 0...Double(height), using: &rng))
            var b = SIMD2(x(), Double.random(in: 0...Double(height), using: &rng))
            if trial % 2 == 0 { b.x = Swift.min(Swift.max(a.x + Double.random(in: -12...12, using: &rng), 0), Double(width)) }
            XCTAssertEqual(blocks(a, b, reference: false), blocks(a, b, reference: true),
                           "seed \(seed), trial \(trial), edge \(a) → \(b)")
        }
    }

    /// `cadence_accumulate_edges` (a polygon's usual edges as a C kernel, the fast path)
    /// against `addEdge` with `addInside`'s Swift rows (its reference twin): the same cells
    /// (bit patterns), spans, touched blocks and touched rows and cells, on seeded planes
    /// of 1,100, 1,031 and 600 cells (several words of blocks a row) into which closed
    /// polygons of 20 edges each are accumulated, so cells and spans are added onto. The
    /// edges favour what an operand order or a select could get wrong: vertical, slopes of
    /// exactly ±1 and an ulp either side, steep and shallow ones, level ones, ends on whole
    /// cells and rows and an ulp off, near multiples of 8 (blocks) and 512 (words), and at
    /// the plane's right side; some points lie outside the plane or on its right side (edges
    /// the kernel hands back to `addEdge` in the middle of a polygon), and some polygons are
    /// offset. (Edges come to the kernel's four-edge set-up in every position of a four.)
    func testVectorEdgeRowsMatchTheReference() throws {
        try XCTSkipUnless(cadence_accumulate_edges_available() != 0, "the CPU has no AVX2 and BMI2")
        let seed: UInt64 = 0x5EED_0018_E6
        var rng = SeededGenerator(seed: seed)
        let height = 40
        func onOrNear(_ v: Double) -> Double {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return v
            case 1: return v.nextUp
            case 2: return v.nextDown
            default: return v + Double.random(in: -1...1, using: &rng)
            }
        }
        func x(_ width: Int) -> Double {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return onOrNear(Double(8 * Int.random(in: 0...(width / 8), using: &rng)))
            case 1: return onOrNear(Double(512 * Int.random(in: 0...(width / 512), using: &rng)))
            case 2: return Double(width).nextDown
            case 3: return onOrNear(Double(Int.random(in: 0..<width, using: &rng)))
            default: return Double.random(in: 0..<Double(width), using: &rng)
            }
        }
        func y() -> Double {
            Int.random(in: 0..<3, using: &rng) == 0
                ? Double.random(in: 0...Double(height), using: &rng)
                : Swift.min(Swift.max(onOrNear(Double(Int.random(in: 0...height, using: &rng))), 0), Double(height))
        }
        struct Plane: Equatable {
            var cells: [UInt32], spans: [SIMD2<Int32>], blocks: [UInt64], touched: [Int]
        }
        func accumulate(_ polygons: [[SIMD2<Double>]], offset: SIMD2<Double>, width: Int, reference: Bool) -> Plane {
            let words = TouchedBlocks.words(width: width)
            var cells = [Float](repeating: 0, count: width * height)
            var spans = [SIMD2<Int32>](repeating: SIMD2(Int32.max, -1), count: height)
            var marks = [UInt64](repeating: 0, count: words * height)
            var touched: [Int] = []
            let saved = PathCoverage.Accumulator.referenceRowsForTests
            PathCoverage.Accumulator.referenceRowsForTests = reference
            defer { PathCoverage.Accumulator.referenceRowsForTests = saved }
            cells.withUnsafeMutableBufferPointer { c in
                spans.withUnsafeMutableBufferPointer { s in
                    marks.withUnsafeMutableBufferPointer { m in
                        var acc = PathCoverage.Accumulator(base: c.baseAddress!, width: width, height: height, stride: width)
                        acc.spans = s.baseAddress!
                        acc.blocks = m.baseAddress!
                        for polygon in polygons { polygon.withUnsafeBufferPointer { acc.addPolygon($0, offset: offset) } }
                        touched = [acc.minRow, acc.maxRow, acc.minCell, acc.isValid ? 1 : 0]
                    }
                }
            }
            return Plane(cells: cells.map(\.bitPattern), spans: spans, blocks: marks, touched: touched)
        }
        var usual = 0, total = 0
        for trial in 0..<200 {
            let width = [1_100, 1_031, 600][trial % 3]
            let offset = trial % 4 == 3 ? SIMD2(Double.random(in: -2...2, using: &rng), 0.25) : .zero
            var points = [SIMD2(x(width), y())]
            for _ in 1..<20 {
                let a = points.last!
                var b = SIMD2(x(width), y())
                let dy = b.y - a.y
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: b.x = a.x                                                       // vertical
                case 1: b.x = a.x + dy                                                  // slope +1
                case 2: b.x = a.x - dy                                                  // slope −1
                case 3: b.x = a.x + dy * (Bool.random(using: &rng) ? 1.0.nextUp : 1.0.nextDown)
                case 4: b.x = a.x + dy * Double.random(in: -0.3...0.3, using: &rng)     // steep
                case 5: b.x = a.x + Double.random(in: -12...12, using: &rng)            // short
                case 6: b.y = a.y                                                       // level
                default: break
                }
                b.x = Swift.min(Swift.max(b.x, 0), Double(width).nextDown)
                // Now and then a point outside the plane: left, right, above or below it.
                if Int.random(in: 0..<12, using: &rng) == 0 {
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0: b.x = -Double.random(in: 0...30, using: &rng)
                    case 1: b.x = Double(width) + Double.random(in: 0...30, using: &rng)
                    case 2: b.y = -Double.random(in: 0...10, using: &rng)
                    case 3: b.x = Double(width)                        // on the right side: not inside
                    default: b.y = Double(height) + Double.random(in: 0...10, using: &rng)
                    }
                }
                points.append(b)
            }
            // Whether each edge takes the usual path (inside, its blocks in one word).
            for (k, b) in points.enumerated() {
                let a = points[k == 0 ? points.count - 1 : k - 1] - offset, b = b - offset
                let inside = Swift.min(a.y, b.y) >= 0 && Swift.max(a.y, b.y) <= Double(height)
                    && Swift.min(a.x, b.x) >= 0 && Swift.max(a.x, b.x) < Double(width)
                if inside, a.y != b.y {
                    let lo = Int(Swift.min(a.x, b.x).rounded(.down))
                    let hi = Swift.min(width - 1, Int(Swift.max(a.x, b.x).rounded(.up)))
                    if lo >= 8, (lo - 8) >> 9 == (hi + 8) >> 9 { usual += 1 }
                }
                total += 1
            }
            // Two polygons a plane: the second from the first's points reversed and shifted.
            let polygons = [points, points.reversed().map { SIMD2($0.x, $0.y + 0.5) }]
            let fast = accumulate(polygons, offset: offset, width: width, reference: false)
            let slow = accumulate(polygons, offset: offset, width: width, reference: true)
            XCTAssertEqual(fast.cells, slow.cells, "seed \(seed), trial \(trial): cells")
            XCTAssertEqual(fast.spans, slow.spans, "seed \(seed), trial \(trial): spans")
            XCTAssertEqual(fast.blocks, slow.blocks, "seed \(seed), trial \(trial): blocks")
            XCTAssertEqual(fast.touched, slow.touched, "seed \(seed), trial \(trial): touched rows and cells")
        }
        // Many edges reach the kernel (about two in five; the others, mostly edges across a
        // word of blocks, run the Swift edge both times, handed back in mid-polygon).
        XCTAssertGreaterThan(usual, total / 3, "\(usual) of \(total) edges took the usual path")
    }

    /// The drawing context's strokes of the benchmarks' spirals (zigzag 0, 2 and 5 px,
    /// widths 0.7, 3 and 9, a translucent colour) with the fast accumulation and with its
    /// reference twin: at most 1 apart in any byte, and few bytes apart at all (the fast
    /// path's areas differ from the twin's by `Double` rounding only); and with the Swift
    /// twins of the edge rows, the sparse resolve and the blend instead of their AVX2 kernels:
    /// the same bytes.
    func testSpiralStrokesMatchTheReferenceAccumulation() throws {
        func render(_ path: Path, width: Double, reference: Bool, referenceRows: Bool = false) throws -> [UInt8] {
            let saved = (PathCoverage.Accumulator.referenceForTests, PathCoverage.Accumulator.referenceRowsForTests,
                         PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests)
            PathCoverage.Accumulator.referenceForTests = reference
            (PathCoverage.Accumulator.referenceRowsForTests, PathCoverage.referenceResolveForTests,
             CoverageRows.referenceBlendForTests) = (referenceRows, referenceRows, referenceRows)
            defer {
                (PathCoverage.Accumulator.referenceForTests, PathCoverage.Accumulator.referenceRowsForTests,
                 PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests) = saved
            }
            let context = try GraphicsContext(width: 640, height: 640)
            context.lineWidth = width
            context.lineJoin = .round
            context.strokeColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
            context.stroke(path)
            return context.bitmap.pixels
        }
        var changed = 0
        for zigzag in [0.0, 2, 5] {
            let path = spiral(zigzag: zigzag)
            for width in [0.7, 3, 9] {
                let fast = try render(path, width: width, reference: false)
                let slow = try render(path, width: width, reference: true)
                // The Swift rows, sparse resolve and blend (the AVX2 kernels' twins) give the same bytes.
                XCTAssertEqual(try render(path, width: width, reference: false, referenceRows: true), fast,
                               "zigzag \(zigzag), width \(width): the row kernels' twins differ")
                var largest = 0, count = 0
                for k in fast.indices where fast[k] != slow[k] {
                    count += 1
                    largest = Swift.max(largest, abs(Int(fast[k]) - Int(slow[k])))
                }
                XCTAssertLessThanOrEqual(largest, 1, "zigzag \(zigzag), width \(width): \(count) bytes differ")
                XCTAssertLessThanOrEqual(count, 64, "zigzag \(zigzag), width \(width): bytes differ")
                changed += count
            }
        }
        print("spiral strokes: \(changed) bytes differ from the reference accumulation")
    }

    /// `cadence_resolve_blend_sparse_band` (a band's resolve, neighbour rule and blend of the
    /// rows not marked, one C pass) against its twins, `resolveBand`'s Swift loops over the
    /// row kernels' twins: spirals stroked under 16 transforms, so that the boxes' widths take
    /// every remainder by 8 (a last group cut by the row's end, blended with masked loads and
    /// stores) and their left and right sides fall at different cells, in a translucent and
    /// an opaque colour, smooth (no row marked) and with zigzags (rows marked, corrected and
    /// blended by the Swift loop between the kernel's rows): the same bytes. (The neighbour
    /// rule is pinned by `testBandKernelMarksTheNeighboursOfMarkedRows`: these strokes pass
    /// without it.)
    func testBandKernelsMatchTheRowLoops() throws {
        try XCTSkipUnless(cadence_coverage_avx2_available() != 0, "the CPU has no AVX2")
        // Opaque pixels of varied colours.
        let background = (0..<(640 * 640 * 4)).map { $0 & 3 == 3 ? 255 : UInt8(truncatingIfNeeded: $0 &* 37 &+ ($0 >> 2)) }
        func render(zigzag: Double, step k: Int, color: Color, reference: Bool) throws -> [UInt8] {
            let saved = (PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests)
            (PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests) = (reference, reference)
            defer { (PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests) = saved }
            let path = spiral(zigzag: zigzag)
            let context = try GraphicsContext(width: 640, height: 640)
            // Pixels already there, so that a blend that reads or writes the wrong pixel shows.
            context.bitmap.pixels = background
            context.translateBy(x: 3 + 0.37 * Double(k), y: 2 + 0.29 * Double(k))
            context.scaleBy(x: 1 - 0.0021 * Double(k), y: 1 - 0.0013 * Double(k))
            context.lineWidth = 3
            context.lineJoin = .round
            context.strokeColor = color
            context.stroke(path)
            return context.bitmap.pixels
        }
        var differing = 0
        for zigzag in [0.0, 5] {
            for k in 0..<16 {
                for color in [Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7), Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)] {
                    let fast = try render(zigzag: zigzag, step: k, color: color, reference: false)
                    let slow = try render(zigzag: zigzag, step: k, color: color, reference: true)
                    if fast != slow { differing += 1 }
                    XCTAssertEqual(fast, slow, "zigzag \(zigzag), step \(k), alpha \(color.alpha): the band kernels differ")
                }
            }
        }
        print("band kernels: \(differing) of 64 strokes differ from the row loops")
    }

    /// `cadence_resolve_blend_sparse_band`'s neighbour rule and its steps of rows against the
    /// Swift loops: 30 stacked pairs of equal rectangles, each pair at winding 2 inside (rows
    /// marked by their resolve), its top and bottom rows cut (0.4 and 0.3 of a row each, 0.8
    /// and 0.6 summed: under the limit, so marked only as a marked row's neighbours, and then
    /// corrected, which changes their bytes), shifted by 0 … 10 rows below a small rectangle
    /// that holds the box's top, so that the kernel's steps of rows (8,192 cells: 73 rows of a
    /// box 101 wide, 112 cells a row) begin next to every row of a pair: the same bytes.
    func testBandKernelMarksTheNeighboursOfMarkedRows() throws {
        try XCTSkipUnless(cadence_coverage_avx2_available() != 0, "the CPU has no AVX2")
        func render(shift: Int, reference: Bool) throws -> [UInt8] {
            let saved = (PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests)
            (PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests) = (reference, reference)
            defer { (PathCoverage.referenceResolveForTests, CoverageRows.referenceBlendForTests) = saved }
            var path = Path()
            func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
                path.move(to: Point(x: x0, y: y0))
                path.addLine(to: Point(x: x1, y: y0))
                path.addLine(to: Point(x: x1, y: y1))
                path.addLine(to: Point(x: x0, y: y1))
                path.closeSubpath()
            }
            rectangle(10.25, 0.5, 12, 1)
            for j in 0..<30 {
                let top = Double(3 + shift + 11 * j) + 0.6
                rectangle(10.25, top, 110.5, top + 4.7)
                rectangle(10.25, top, 110.5, top + 4.7)
            }
            let context = try GraphicsContext(width: 160, height: 400)
            context.fillColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)
            context.fill(path)
            return context.bitmap.pixels
        }
        var differing = 0
        for shift in 0..<11 {
            let fast = try render(shift: shift, reference: false)
            let slow = try render(shift: shift, reference: true)
            let bytes = zip(fast, slow).filter { $0 != $1 }.count
            if bytes > 0 { differing += 1 }
            XCTAssertEqual(bytes, 0, "shift \(shift): \(bytes) bytes differ from the row loops")
        }
        print("band kernel's neighbours: \(differing) of 11 fills differ from the row loops")
    }

    /// `cadence_resolve_sparse` (the AVX2 row kernel, the fast path) against
    /// `resolveSparse` (its Swift reference twin) on seeded rows 1,100 cells wide (three
    /// words of blocks): the same cells to the bit, the same blocks marked and the same
    /// overlap answer. The rows are biased to what a lane permutation or a select could get
    /// wrong: signed zeros, cells summing to exactly 1, ±1, 2 (an overlap) and ±residue (an
    /// untouched block filled or skipped on the boundary), runs of untouched blocks inside a
    /// shape, crossings in pairs (the winding back to 0 before the row's last cells), spans
    /// starting inside a block and ending before a whole group.
    func testVectorSparseResolveMatchesTheReference() throws {
        try XCTSkipUnless(cadence_coverage_avx2_available() != 0, "the CPU has no AVX2")
        let seed: UInt64 = 0x5EED_0018_C5
        var rng = SeededGenerator(seed: seed)
        let width = 1100, words = TouchedBlocks.words(width: width)
        let special: [Float] = [0, -0.0, 1, -1, 0.5, -0.5, 0.25, 2, -2, PathCoverage.residue, -PathCoverage.residue,
                                PathCoverage.residue.nextUp, 1 + PathCoverage.overlapThreshold, 1e-7, -1e-7]
        var overlaps = 0, filled = 0
        for trial in 0..<400 {
            var cells = [Float](repeating: 0, count: width)
            var blocks = [UInt64](repeating: 0, count: words)
            let lo = Int.random(in: 0..<width, using: &rng)
            let count = Bool.random(using: &rng) ? width - lo : Int.random(in: 0...(width - lo), using: &rng)
            let density = Double.random(in: 0.05...0.9, using: &rng)
            if trial % 3 == 0, count > 1 {
                // Crossings in pairs, +v then −v: the winding goes back to 0 (an untouched
                // stretch left alone) between and after them, the tail's block set or not.
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let a = Int.random(in: lo..<(lo + count - 1), using: &rng)
                    let b = Int.random(in: (a + 1)..<(lo + count), using: &rng)
                    let v = Bool.random(using: &rng) ? Float(1) : Float.random(in: 0.01...1, using: &rng)
                    cells[a] += v
                    cells[b] -= v
                    for c in [a, b] { blocks[c >> 9] |= 1 << UInt64((c >> 3) & 63) }
                }
            } else {
                for b in (lo >> 3)..<((lo + count + 7) >> 3) where Double.random(in: 0..<1, using: &rng) < density {
                    blocks[b >> 6] |= 1 << UInt64(b & 63)
                    for c in Swift.max(lo, 8 * b)..<Swift.min(lo + count, 8 * b + 8) {
                        switch Int.random(in: 0..<4, using: &rng) {
                        case 0: cells[c] = special.randomElement(using: &rng)!
                        case 1: cells[c] = Float.random(in: -1...1, using: &rng)
                        case 2: cells[c] = Float.random(in: -0.01...0.01, using: &rng)
                        default: break
                        }
                    }
                }
            }
            var fast = cells, slow = cells, fastBlocks = blocks, slowBlocks = blocks
            let fastOverlaps = fast.withUnsafeMutableBufferPointer { c in
                fastBlocks.withUnsafeMutableBufferPointer { b in
                    cadence_resolve_sparse(c.baseAddress!, lo, count, b.baseAddress!, PathCoverage.residue,
                                           1 + PathCoverage.overlapThreshold) != 0
                }
            }
            let slowOverlaps = slow.withUnsafeMutableBufferPointer { c in
                slowBlocks.withUnsafeMutableBufferPointer { b in
                    PathCoverage.resolveSparse(c.baseAddress!, from: lo, count: count, blocks: b.baseAddress!)
                }
            }
            XCTAssertEqual(fastOverlaps, slowOverlaps, "seed \(seed), trial \(trial): overlap")
            XCTAssertEqual(fastBlocks, slowBlocks, "seed \(seed), trial \(trial): blocks")
            XCTAssertEqual(fast.map(\.bitPattern), slow.map(\.bitPattern), "seed \(seed), trial \(trial): cells")
            if slowOverlaps { overlaps += 1 }
            if slowBlocks != blocks { filled += 1 }
        }
        // The cases reached: rows that overlap, rows whose untouched blocks were filled.
        XCTAssertGreaterThan(overlaps, 20)
        XCTAssertGreaterThan(filled, 20)
    }
}

extension PathCoverageTests {
    /// `PolygonSet.pixelBox`'s blended minimum and maximum give the box of the library's
    /// `pointwiseMin` and `pointwiseMax` (its reference twin), NaN, infinite and signed-zero
    /// lanes among them (a NaN lane gives way to a number; an infinite one makes it `nil`).
    func testPixelBoxMatchesPointwiseMinAndMax() {
        var rng = SeededGenerator(seed: 18_11)
        let specials: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e300, -1e300, 1e-300, 0.5, -0.5, 639.999]
        func reference(_ points: [SIMD2<Double>]) -> PixelRect? {
            guard var lo = points.first else { return nil }
            var hi = lo
            for p in points {
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
            guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
            func pixel(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -1e9), 1e9)) }
            return PixelRect(minX: pixel(lo.x.rounded(.down)), minY: pixel(lo.y.rounded(.down)),
                             maxX: pixel(hi.x.rounded(.up)), maxY: pixel(hi.y.rounded(.up)))
        }
        var boxes = 0
        for trial in 0..<2_000 {
            var set = PolygonSet()
            for _ in 0..<Int(rng.unit() * 12) {
                func coordinate() -> Double {
                    rng.unit() < 0.15 ? specials[Int(rng.unit() * Double(specials.count))] : rng.unit() * 1_300 - 300
                }
                set.points.append(SIMD2(coordinate(), coordinate()))
            }
            let box = set.pixelBox
            XCTAssertEqual(box, reference(set.points), "seed \(rng.seed), trial \(trial): \(set.points)")
            if box != nil { boxes += 1 }
        }
        XCTAssertGreaterThan(boxes, 300)
    }
}

/// The benchmarks' 1,000-segment spiral about (320, 320), its radius 40 → 290 over five
/// turns, every other point moved `zigzag` outward and the others inward.
private func spiral(zigzag: Double) -> Path {
    var path = Path()
    for k in 0...1000 {
        let t = Double(k) / 1000
        let a = t * 10 * .pi, r = 40 + 250 * t + (k % 2 == 0 ? zigzag : -zigzag)
        let point = Point(320 + r * cos(a), 320 + r * sin(a))
        if k == 0 { path.move(to: point) } else { path.addLine(to: point) }
    }
    return path
}
