import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The drawing context: its fills against a slow supersampled twin, strokes against the
/// Minkowski sum they stand for, clips, the state stack and the transform, and bad input.
final class GraphicsContextTests: XCTestCase {
    // MARK: Helpers

    func polyline(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        p.addLines(between: points)
        if closed { p.closeSubpath() }
        return p
    }

    /// The alpha channel of `bitmap` as coverage in 0…255.
    func alphas(_ bitmap: Bitmap) -> [Int] {
        (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { x in Int(bitmap[x, y][3]) } }
    }

    /// Coverage (0…255) of `polygons` under `rule` on a `size × size` grid by the slow
    /// twin: 64 × 64 sample points per pixel, each inside or not by its winding number
    /// (crossings of its sample row, sorted).
    func supersampled(_ polygons: [[Point]], rule: FillRule, size: Int) -> [Int] {
        let k = 64
        var counts = [Int](repeating: 0, count: size * size)
        for sy in 0..<(size * k) {
            let y = (Double(sy) + 0.5) / Double(k)
            var crossings: [(x: Double, dir: Int)] = []
            for poly in polygons {
                for i in poly.indices {
                    let a = poly[i], b = poly[(i + 1) % poly.count]
                    guard (a.y <= y) != (b.y <= y) else { continue }
                    let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                    crossings.append((x, a.y < b.y ? 1 : -1))
                }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for j in crossings.indices.dropLast() {
                winding += crossings[j].dir
                let inside = rule == .nonZero ? winding != 0 : winding % 2 != 0
                guard inside else { continue }
                let first = Swift.max(0, Int((crossings[j].x * Double(k) - 0.5).rounded(.up)))
                let last = Swift.min(size * k, Int((crossings[j + 1].x * Double(k) - 0.5).rounded(.up)))
                guard first < last else { continue }
                for sx in first..<last { counts[(sy / k) * size + sx / k] += 1 }
            }
        }
        return counts.map { Int((Double($0) / Double(k * k) * 255).rounded()) }
    }

    func opaqueFill(_ size: Int, _ draw: (GraphicsContext) -> Void) throws -> Bitmap {
        let context = try GraphicsContext(width: size, height: size)
        draw(context)
        return context.bitmap
    }

    // MARK: The fill against its twin

    func testFillMatchesSupersampledTwin() throws {
        let size = 32
        var star: [Point] = []
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * .pi / 5
            star.append(Point(16 + 13 * cos(a), 16.3 + 13 * sin(a)))
        }
        let circle = (0..<48).map { i -> Point in
            let a = Double(i) * 2 * .pi / 48
            return Point(15.6 + 11.3 * cos(a), 16.2 + 11.3 * sin(a))
        }
        let hole = (0..<24).reversed().map { i -> Point in
            let a = Double(i) * 2 * .pi / 24
            return Point(15.6 + 5.1 * cos(a), 16.2 + 5.1 * sin(a))
        }
        // `overlaps`: the winding reaches 2 somewhere (edges crossing, a hole drawn the
        // same way round), where `OverlapCorrection` samples 4 lines a row.
        let cases: [(String, [[Point]], FillRule, overlaps: Bool)] = [
            ("triangle", [[Point(2.2, 3.7), Point(29.1, 9.4), Point(11.3, 28.8)]], .nonZero, false),
            ("sliver", [[Point(1.5, 1.5), Point(30.5, 29.9), Point(30.5, 30.6)]], .nonZero, false),
            ("circle with a hole", [circle, hole], .nonZero, false),
            ("star, non-zero", [star], .nonZero, true),
            ("star, even-odd", [star], .evenOdd, true),
            ("circle and hole, even-odd", [circle, hole.reversed()], .evenOdd, true),
        ]
        for (name, polygons, rule, overlaps) in cases {
            var path = Path()
            for poly in polygons {
                path.move(to: poly[0])
                for p in poly.dropFirst() { path.addLine(to: p) }
                path.closeSubpath()
            }
            let fast = alphas(try opaqueFill(size) { $0.fill(path, rule: rule) })
            let slow = supersampled(polygons, rule: rule, size: size)
            let diffs = zip(fast, slow).map { abs($0 - $1) }
            let mean = Double(diffs.reduce(0, +)) / Double(diffs.count)
            // 64 sample rows: an edge through a pixel moves the twin's count by up to one
            // row or column of samples, 255/64 ≈ 4. Where the winding reaches 2 the
            // correction's 4 sample lines are within 1/8 of the area (32 levels), plus that.
            XCTAssertLessThanOrEqual(diffs.max()!, overlaps ? 36 : 5, name)
            XCTAssertLessThan(mean, 0.6, name)
        }
    }

    // MARK: Equalities

    func testFillOfARectEqualsTheCompositorsRect() throws {
        let frame = Rect(x: 3.3, y: 4.7, width: 20.2, height: 17.9)
        let composited = try render([makeLayer("rect", frame: frame, background: red)])
        let drawn = try opaqueFill(32) {
            $0.fillColor = red
            $0.fill(frame)
        }
        for y in 0..<32 {
            for x in 0..<32 {
                let d = SIMD4<Int>(truncatingIfNeeded: composited[x, y]) &- SIMD4<Int>(truncatingIfNeeded: drawn[x, y])
                XCTAssertLessThanOrEqual(max(abs(d[0]), abs(d[3])), 1, "(\(x), \(y))")
            }
        }
    }

    func testClipToARectThenFillEqualsFillOfTheIntersection() throws {
        let fillRect = Rect(x: 2.5, y: 7.3, width: 15.2, height: 30)
        // Pixel-aligned clip (a scissor) and a fractional one (a mask), whose edges share
        // no pixel with the fill's: both give the intersection's coverage.
        for clip in [Rect(x: 5, y: 5, width: 20, height: 20), Rect(x: 5.4, y: 3.2, width: 20.3, height: 21.1)] {
            let clipped = try opaqueFill(32) {
                $0.clip(to: clip)
                $0.fill(fillRect)
            }
            let x0 = max(fillRect.minX, clip.minX), y0 = max(fillRect.minY, clip.minY)
            let x1 = min(fillRect.maxX, clip.maxX), y1 = min(fillRect.maxY, clip.maxY)
            let direct = try opaqueFill(32) { $0.fill(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
            let diffs = zip(alphas(clipped), alphas(direct)).map { abs($0 - $1) }
            XCTAssertLessThanOrEqual(diffs.max()!, 1, "\(clip)")
        }
    }

    func testClipBoundingBoxIsTheClipsPixelsInUserSpace() throws {
        let context = try GraphicsContext(width: 32, height: 16)
        XCTAssertEqual(context.clipBoundingBox, Rect(x: 0, y: 0, width: 32, height: 16))
        context.scaleBy(x: 2, y: 2)
        XCTAssertEqual(context.clipBoundingBox, Rect(x: 0, y: 0, width: 16, height: 8))
        context.clip(to: Rect(x: 1.2, y: 1, width: 4, height: 2))  // pixels 2..<11 × 2..<6
        XCTAssertEqual(context.clipBoundingBox, Rect(x: 1, y: 1, width: 4.5, height: 2))
        context.concatenate(CadenceGeometry.AffineTransform(scaleX: 0, y: 1))
        // Singular: no box — the infinite rectangle (Core Graphics' CGRectInfinite).
        XCTAssertEqual(context.clipBoundingBox, Rect.infiniteClip)
        XCTAssertLessThan(context.clipBoundingBox.minX, -1e307)
    }

    func testClipToAPathIntersectsTheClipInForce() throws {
        let bitmap = try opaqueFill(32) {
            $0.clip(to: Rect(x: 0, y: 0, width: 16, height: 32))
            $0.clip(to: Path(ellipseIn: Rect(x: 4, y: 4, width: 24, height: 24)))
            $0.fill(Rect(x: 0, y: 0, width: 32, height: 32))
        }
        XCTAssertEqual(bitmap[10, 16][3], 255)
        XCTAssertEqual(bitmap[20, 16][3], 0)  // right of the rectangle
        XCTAssertEqual(bitmap[5, 5][3], 0)  // outside the ellipse
        // A clip that covers nothing clips everything away.
        let none = try opaqueFill(8) {
            $0.clip(to: Path())
            $0.fill(Rect(x: 0, y: 0, width: 8, height: 8))
        }
        XCTAssertEqual(alphas(none).max(), 0)
    }

    func testNestedPathClipsMultiply() throws {
        let bitmap = try opaqueFill(32) {
            $0.clip(to: Path(ellipseIn: Rect(x: 0, y: 4, width: 24, height: 24)))
            $0.clip(to: Path(ellipseIn: Rect(x: 8, y: 4, width: 24, height: 24)))
            $0.fill(Rect(x: 0, y: 0, width: 32, height: 32))
        }
        XCTAssertEqual(bitmap[16, 16][3], 255)  // inside both
        XCTAssertEqual(bitmap[3, 16][3], 0)  // inside the first only
        XCTAssertEqual(bitmap[29, 16][3], 0)  // inside the second only
        // An edge pixel of the lens: the product of the two coverages, rounded to a byte.
        let edge = (0..<32).map { Int(bitmap[$0, 16][3]) }.filter { $0 > 0 && $0 < 255 }
        XCTAssertFalse(edge.isEmpty)
    }

    func testSaveAndRestoreRestoreEveryPartOfTheState() throws {
        let context = try GraphicsContext(width: 16, height: 16)
        context.fillColor = blue
        context.strokeColor = green
        context.lineWidth = 3
        context.lineCap = .round
        context.lineJoin = .bevel
        context.miterLimit = 4
        context.setLineDash(phase: 1, lengths: [2, 1])
        context.alpha = 0.5
        context.translateBy(x: 1, y: 2)
        let before = (context.fillColor, context.strokeColor, context.strokeStyle, context.alpha, context.ctm)
        context.saveGState()
        context.fillColor = red
        context.strokeColor = red
        context.lineWidth = 9
        context.lineCap = .square
        context.lineJoin = .round
        context.miterLimit = 1
        context.setLineDash(phase: 0, lengths: [])
        context.alpha = 1
        context.rotate(by: 1)
        context.clip(to: Rect(x: 0, y: 0, width: 1, height: 1))
        context.restoreGState()
        XCTAssertEqual(context.fillColor, before.0)
        XCTAssertEqual(context.strokeColor, before.1)
        XCTAssertEqual(context.strokeStyle, before.2)
        XCTAssertEqual(context.alpha, before.3)
        XCTAssertEqual(context.ctm, before.4)
        // The clip is gone: a fill reaches the far corner.
        context.alpha = 1
        context.fill(Rect(x: -1, y: -2, width: 16, height: 16))
        XCTAssertEqual(context.bitmap[15, 15], opaqueBlue)
        // Restoring with nothing saved does nothing.
        context.restoreGState()
        XCTAssertEqual(context.fillColor, blue)
    }

    func testTransformEqualsTransformingThePath() throws {
        var rng = SeededGenerator(seed: 18_01)
        for _ in 0..<10 {
            let t = AffineTransform(rotationAngle: Double.random(in: -3...3, using: &rng))
                .concatenating(AffineTransform(scaleX: Double.random(in: 0.5...2, using: &rng), y: Double.random(in: 0.5...2, using: &rng)))
                .concatenating(AffineTransform(translationX: 16, y: 16))
            let points = (0..<5).map { _ in Point(Double.random(in: -8...8, using: &rng), Double.random(in: -8...8, using: &rng)) }
            let viaCTM = try opaqueFill(32) {
                $0.concatenate(t)
                $0.fill(polyline(points, closed: true))
            }
            let direct = try opaqueFill(32) { $0.fill(polyline(points.map { t.apply(to: $0) }, closed: true)) }
            XCTAssertLessThanOrEqual(zip(alphas(viaCTM), alphas(direct)).map { abs($0 - $1) }.max()!, 1)
        }
        // Row vectors: translate, then scale, applies the scale first.
        let context = try GraphicsContext(width: 4, height: 4)
        context.translateBy(x: 10, y: 0)
        context.scaleBy(x: 2, y: 2)
        XCTAssertEqual(context.ctm.apply(to: Point(1, 1)), Point(12, 2))
    }

    // MARK: Strokes

    /// A stroke of width w of a polyline, round joins and caps, covers the polyline's
    /// Minkowski sum with a disc of radius w/2: the summed coverage is within 1 % of that
    /// area measured by 12 × 12 samples a pixel (distance to the polyline ≤ w/2), for
    /// polylines whose stroke does not overlap itself away from its corners (x-monotone,
    /// steps of at least 1.5 w): exact area there. Self-crossing ones: the next test.
    func testRoundStrokeCoversTheMinkowskiSum() throws {
        let seed: UInt64 = 0x5EED_0018
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<8 {
            let width = [0.7, 1.0, 2.5, 6, 11.3][trial % 5] + Double.random(in: 0...1, using: &rng)
            var points: [Point] = []
            var x = width / 2 + 1.5
            while x < 48 - width / 2 - 1.5 {
                points.append(Point(x, Double.random(in: (width / 2 + 1.5)...(48 - width / 2 - 1.5), using: &rng)))
                x += max(1.5 * width, Double.random(in: 3...12, using: &rng))
            }
            guard points.count >= 2 else { continue }
            let (area, exact) = try strokeArea(points, width: width)
            XCTAssertEqual(area, exact, accuracy: 0.01 * exact, "seed \(seed), trial \(trial): width \(width), \(points)")
        }
    }

    /// The overlap correction in the rows of the stroker's fold discs only (`PolygonSet.folds`)
    /// against the correction in every row (`mayOverlapThinly`, what was done for any
    /// stroke with a fold): the same coverage, pixel for pixel, for seeded zigzags of short
    /// segments turning past 90° (spirals with points alternately in and out, as the
    /// benchmark's), random walks of short steps, and lines going back and forth along one
    /// diagonal; widths 0.5–8, under a rotation.
    func testFoldDiscsHoldEveryThinOverlap() throws {
        let seed: UInt64 = 0x5EED_0018_F0
        var rng = SeededGenerator(seed: seed)
        let rows = CoverageRows()
        var folds = 0
        for trial in 0..<24 {
            let width = [0.5, 1, 3, 8][trial % 4] * Double.random(in: 0.8...1.2, using: &rng)
            var path = Path()
            let n = trial % 3 == 2 ? Int.random(in: 2...5, using: &rng) : Int.random(in: 20...200, using: &rng)
            var p = SIMD2(60.0, 60.0)
            for k in 0...n {
                if trial % 3 == 2 {
                    // Back and forth along one diagonal: the passes overlap whole, a thin
                    // line's sum never passing 1.
                    let t = k % 2 == 0 ? Double.random(in: -0.3...0.3, using: &rng) : Double.random(in: 0.7...1.3, using: &rng)
                    p = SIMD2(20, 25) + t * SIMD2(70, 53)
                } else if trial % 2 == 0 {
                    let t = Double(k) / Double(n), a = t * 6 * .pi
                    let r = 8 + 40 * t + (k % 2 == 0 ? 1 : -1) * Double.random(in: 0.5...3, using: &rng)
                    p = SIMD2(60 + r * cos(a), 60 + r * sin(a))
                } else {
                    p += SIMD2(Double.random(in: -4...4, using: &rng), Double.random(in: -4...4, using: &rng))
                }
                if k == 0 { path.move(to: Point(p.x, p.y)) } else { path.addLine(to: Point(p.x, p.y)) }
            }
            let context = try GraphicsContext(width: 120, height: 120)
            context.rotate(by: 0.2)
            context.lineWidth = width
            context.lineJoin = [.miter, .round, .bevel][trial % 3]
            XCTAssertTrue(context.strokeOutline(path))
            var everywhere = context.outline
            everywhere.mayOverlapThinly = true
            let box = PixelRect(width: 120, height: 120)
            var discs = [Float](repeating: 0, count: 120 * 120), all = discs
            rows.forEachRow(context.outline, rule: .nonZero, in: box) { y, x0, n, w in
                for i in 0..<n { discs[y * 120 + x0 + i] = w[i] }
            }
            rows.forEachRow(everywhere, rule: .nonZero, in: box) { y, x0, n, w in
                for i in 0..<n { all[y * 120 + x0 + i] = w[i] }
            }
            let worst = zip(discs, all).map { Swift.abs($0 - $1) }.max()!
            folds += context.outline.folds.count
            XCTAssertEqual(worst, 0, "seed \(seed), trial \(trial): width \(width), \(context.outline.folds.count) folds")
        }
        XCTAssertGreaterThan(folds, 1000, "the trials hold folds (2,143 with this seed)")
    }

    /// Where a stroke crosses itself the exact-area accumulation alone counts the overlap
    /// twice in boundary pixels (2–4 % too much at widths 1–3 before the correction);
    /// `OverlapCorrection` brings random self-crossing polylines within 1 % as well.
    func testSelfCrossingStrokesAreCorrected() throws {
        let seed: UInt64 = 0x5EED_0019
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<6 {
            let width = [1.0, 2.5, 6, 11.3][trial % 4] + Double.random(in: 0...1, using: &rng)
            let margin = width / 2 + 1
            let points = (0..<Int.random(in: 3...6, using: &rng)).map { _ in
                Point(Double.random(in: margin...(48 - margin), using: &rng), Double.random(in: margin...(48 - margin), using: &rng))
            }
            let (area, exact) = try strokeArea(points, width: width)
            XCTAssertGreaterThanOrEqual(area, exact * 0.99, "seed \(seed), trial \(trial)")
            XCTAssertLessThanOrEqual(area, exact * 1.01, "seed \(seed), trial \(trial): width \(width), \(points)")
        }
    }

    /// The summed coverage of the round-capped, round-joined stroke of `points` on a 48²
    /// bitmap, and the area within `width / 2` of the polyline by 12 × 12 samples a pixel.
    func strokeArea(_ points: [Point], width: Double) throws -> (drawn: Double, exact: Double) {
        let size = 48
        let drawn = try opaqueFill(size) {
            $0.lineWidth = width
            $0.lineCap = .round
            $0.lineJoin = .round
            $0.stroke(polyline(points))
        }
        let k = 12
        var inside = 0
        for sy in 0..<(size * k) {
            for sx in 0..<(size * k) {
                let p = Point((Double(sx) + 0.5) / Double(k), (Double(sy) + 0.5) / Double(k))
                var d = Double.infinity
                for i in 0..<(points.count - 1) { d = min(d, Bitmap.distance(from: p, toSegment: points[i], points[i + 1])) }
                if d <= width / 2 { inside += 1 }
            }
        }
        return (Double(alphas(drawn).reduce(0, +)) / 255, Double(inside) / Double(k * k))
    }

    func testDashedStrokeDrawsOnlyItsDashes() throws {
        let drawn = try opaqueFill(32) {
            $0.lineWidth = 4
            $0.setLineDash(phase: 0, lengths: [4, 4])
            $0.stroke(polyline([Point(0, 16), Point(32, 16)]))
        }
        XCTAssertEqual(drawn[2, 16][3], 255)
        XCTAssertEqual(drawn[6, 16][3], 0)
        XCTAssertEqual(drawn[10, 16][3], 255)
        XCTAssertEqual(drawn[2, 20][3], 0)
    }

    func testAlphaAndColourAlphaMultiply() throws {
        let drawn = try opaqueFill(8) {
            $0.alpha = 0.5
            $0.fillColor = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
            $0.fill(Rect(x: 0, y: 0, width: 8, height: 8))
        }
        // Alpha ⌊0.5·255⌉ = 128 at weight ⌊0.5·255⌉ = 128: 128·128/255 ≈ 64.
        XCTAssertEqual(Int(drawn[3, 3][3]), 64, accuracy: 1)
    }

    /// The run splitter gives the same bytes as the per-pixel kernel (seeded: weights of
    /// runs of ones, near-ones, fractions and zeros; opaque and translucent paints).
    func testBlendRunsMatchesTheKernel() {
        var rng = SeededGenerator(seed: 0x18_B1E0)
        for trial in 0..<200 {
            let n = Int.random(in: 1...90, using: &rng)
            var w = [Float](repeating: 0, count: n)
            var i = 0
            while i < n {
                let run = Int.random(in: 1...20, using: &rng)
                let value: Float = [1, 1 - 1 / 1024, 0.999, 0.5, 0, Float.random(in: 0...1, using: &rng)][Int.random(in: 0..<6, using: &rng)]
                for k in i..<min(n, i + run) { w[k] = value }
                i += run
            }
            // Opaque, translucent and nearly clear (weighted alphas of a few units: `over`'s remainders).
            let paint = SourceOver.Paint(Color(red: 0.3, green: 0.6, blue: 0.9,
                                               alpha: trial % 2 == 0 ? 1 : trial % 4 == 1 ? 0.7 : 0.02))
            var a = (0..<(4 * n)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            for p in stride(from: 0, to: a.count, by: 4) { for c in 0..<3 { a[p + c] = min(a[p + c], a[p + 3]) } }
            var b = a
            w.withUnsafeMutableBufferPointer { w in
                GraphicsContext.blendRuns(paint, weights: w.baseAddress!, into: &a, count: n)
                SourceOver.blend(paint, weights: w.baseAddress!, into: &b, count: n)
            }
            XCTAssertEqual(a, b, "seed 0x18B1E0, trial \(trial)")
        }
    }

    /// Blending straight from the coverage cells (`CoverageRows.blend`, what a one-colour
    /// fill or stroke at full weight takes) gives the bytes of the rows handed out to
    /// `SourceOver.blend`, and leaves the cells cleared for the next call (seeded: random
    /// polygons reaching past the box on every side, a box whose width is not a multiple of
    /// 8 and one whose rows take three words of touched blocks, both rules, overlaps corrected
    /// or not, a stroke that folds; opaque and translucent paints over random pixels).
    func testBlendingFromTheCellsMatchesTheRowsHandedOut() throws {
        var rng = SeededGenerator(seed: 0x18_B1E1)
        let height = 77
        let fused = CoverageRows(), rows = CoverageRows()
        var zigzag = Path()
        for k in 0...60 {
            let point = Point(10 + Double(k) * 1.8, 35 + (k % 2 == 0 ? 9 : -9) + Double(k % 7))
            if k == 0 { zigzag.move(to: point) } else { zigzag.addLine(to: point) }
        }
        for trial in 0..<120 {
            // Every eighth trial is 1,100 pixels wide (blocks in three words), its polygons too.
            let wide = trial % 8 == 6
            let width = wide ? 1_100 : 131, reach = wide ? 1_120.0 : 150
            let box = PixelRect(minX: 5, minY: 3, maxX: width - 5, maxY: 70)
            var set = PolygonSet()
            if trial % 4 == 3 {
                try zigzag.strokeOutline(StrokeStyle(lineWidth: Double.random(in: 0.5...6, using: &rng), lineJoin: .round),
                                         tolerance: 1.0 / 128, into: &set)
            } else {
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    for _ in 0..<Int.random(in: 3...9, using: &rng) {
                        set.points.append(SIMD2(Double.random(in: -20...reach, using: &rng), Double.random(in: -10...90, using: &rng)))
                    }
                    set.closePolygon()
                }
            }
            let rule: FillRule = trial % 3 == 1 ? .evenOdd : .nonZero
            let correcting = trial % 5 != 0
            let paint = SourceOver.Paint(Color(red: 0.3, green: 0.6, blue: 0.9, alpha: trial % 2 == 0 ? 1 : trial % 4 == 1 ? 0.7 : 0.02))
            var a = (0..<(4 * width * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            for p in stride(from: 0, to: a.count, by: 4) { for c in 0..<3 { a[p + c] = min(a[p + c], a[p + 3]) } }
            var b = a
            for _ in 0..<2 {  // twice: the cells must be clear again after each call
                a.withUnsafeMutableBufferPointer { a in
                    fused.blend(set, rule: rule, in: box, correctingOverlaps: correcting, paint: paint,
                                into: a.baseAddress!, stride: 4 * width)
                }
                b.withUnsafeMutableBufferPointer { b in
                    rows.forEachRow(set, rule: rule, in: box, correctingOverlaps: correcting) { y, x0, n, w in
                        SourceOver.blend(paint, weights: w, into: b.baseAddress! + 4 * (y * width + x0), count: n)
                    }
                }
                XCTAssertEqual(a, b, "seed 0x18B1E1, trial \(trial)")
            }
        }
    }

    // MARK: Bad input

    func testBadInputDrawsNothing() throws {
        let context = try GraphicsContext(width: 16, height: 16)
        context.fill(polyline([Point(0, 0), Point(.nan, 5), Point(10, 10)], closed: true))
        context.stroke(polyline([Point(0, 0), Point(.infinity, 5)]))
        for width in [0, -2, .nan, .infinity] {
            context.lineWidth = width
            context.stroke(polyline([Point(0, 8), Point(16, 8)]))
        }
        context.lineWidth = 1
        context.fill(Path())
        context.scaleBy(x: 0, y: 1)
        context.fill(Rect(x: 0, y: 0, width: 16, height: 16))
        context.stroke(Rect(x: 0, y: 0, width: 16, height: 16))
        XCTAssertEqual(alphas(context.bitmap).max(), 0)
        context.restoreGState()
        context.restoreGState()
    }

    func testHugeCoordinatesAndAlphaDoNotTrap() throws {
        let context = try GraphicsContext(width: 16, height: 16)
        context.fill(polyline([Point(-1e300, -1e300), Point(1e300, 0), Point(0, 1e300)], closed: true))
        context.lineWidth = 1e12
        context.lineJoin = .round
        context.stroke(polyline([Point(-1e12, 3), Point(1e12, 5), Point(4, 1e12)]))
        context.alpha = .nan
        context.fill(Rect(x: 0, y: 0, width: 4, height: 4))
    }

    /// A long path is filled and stroked, not refused: 250,000 segments, whose bevelled
    /// outline has about a million points (under `Path.maxStrokePoints`, 2²³). A million
    /// segments took most of a minute of the debug test run and showed nothing more.
    func testLongPathsAreDrawn() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        let count = 250_000
        for i in 1...count {
            let t = Double(i) / Double(count)
            path.addLine(to: Point(64 * t, 32 + 30 * sin(t * 400)))
        }
        let context = try GraphicsContext(width: 64, height: 64)
        context.fill(path)
        context.lineJoin = .bevel
        context.stroke(path)
        XCTAssertGreaterThan(alphas(context.bitmap).reduce(0, +), 0)
    }
}
