import CadenceGeometry
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// Gradients: the colour at each pixel centre against the formula, the options at the
/// ends, the stops' bad input, and the ramp's table against the exact ramp.
final class GraphicsContextGradientTests: XCTestCase {
    let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 1, green: 1, blue: 1)

    func testLinearGradientIsTheProjectionOnItsAxis() throws {
        let context = try GraphicsContext(width: 64, height: 4)
        context.drawLinearGradient(Gradient(colors: [black, white]), start: Point(0, 0), end: Point(64, 0))
        for x in 0..<64 {
            // t = (x + 0.5) / 64, rounded to a byte once.
            let expected = Int(((Double(x) + 0.5) / 64 * 255).rounded())
            XCTAssertEqual(Int(context.bitmap[x, 2][0]), expected, accuracy: 1, "x \(x)")
            XCTAssertEqual(context.bitmap[x, 2][3], 255)
        }
    }

    func testEndsArePaintedOnlyWithTheirOptions() throws {
        for options: GradientDrawingOptions in [[], [.drawsBeforeStartLocation], [.drawsAfterEndLocation]] {
            let context = try GraphicsContext(width: 32, height: 2)
            context.drawLinearGradient(Gradient(colors: [black, white]), start: Point(8, 0), end: Point(24, 0), options: options)
            XCTAssertEqual(context.bitmap[2, 0][3], options.contains(.drawsBeforeStartLocation) ? 255 : 0, "\(options)")
            XCTAssertEqual(context.bitmap[30, 0][3], options.contains(.drawsAfterEndLocation) ? 255 : 0, "\(options)")
            XCTAssertEqual(context.bitmap[16, 0][3], 255)
        }
    }

    func testRadialGradientFollowsTheRadius() throws {
        let context = try GraphicsContext(width: 64, height: 64)
        context.drawRadialGradient(Gradient(colors: [white, black]), startCenter: Point(32, 32), startRadius: 0,
                                   endCenter: Point(32, 32), endRadius: 32)
        for x in [32, 40, 50, 60] {
            let d = ((Double(x) + 0.5 - 32) * (Double(x) + 0.5 - 32) + 0.25).squareRoot()
            let expected = Int(((1 - d / 32) * 255).rounded())
            XCTAssertEqual(Int(context.bitmap[x, 32][0]), expected, accuracy: 1, "x \(x)")
        }
        XCTAssertEqual(context.bitmap[0, 0][3], 0)  // outside the end circle, not extended
    }

    /// Stops are interpolated unpremultiplied, then premultiplied (Core Graphics' rule, and
    /// `CAGradientLayer`'s): halfway from transparent black to opaque white the colour is
    /// 50 % grey at alpha 0.5 — premultiplied (64, 64, 64, 128) — where premultiplied
    /// interpolation would give white at alpha 0.5 (128, 128, 128, 128).
    func testStopsAreInterpolatedUnpremultiplied() throws {
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let ramp = GradientRamp(stops: Gradient(colors: [clear, white]).stops())
        XCTAssertEqual(ramp.color(at: 0.5), SIMD4(63.75, 63.75, 63.75, 127.5))
        XCTAssertEqual(ramp.color(at: 0), .zero)
        XCTAssertEqual(ramp.color(at: 1), SIMD4(255, 255, 255, 255))
        let context = try GraphicsContext(width: 65, height: 1)
        context.drawLinearGradient(Gradient(colors: [clear, white]), start: Point(0.5, 0), end: Point(64.5, 0))
        let middle = SIMD4<Int>(truncatingIfNeeded: context.bitmap[32, 0])
        XCTAssertEqual(middle[3], 128, accuracy: 1)
        XCTAssertEqual(middle[0], 64, accuracy: 1, "grey at half alpha, not white: \(middle)")
    }

    func testStopsAndBadInput() throws {
        // Locations out of order are sorted; a mismatched count spreads the stops evenly.
        let sorted = Gradient(colors: [white, black], locations: [1, 0]).stops()
        XCTAssertEqual(sorted.map(\.location), [0, 1])
        XCTAssertEqual(sorted[0].color, SIMD4(0, 0, 0, 255))
        XCTAssertEqual(Gradient(colors: [white, black, white], locations: [0.5]).stops().map(\.location), [0, 0.5, 1])
        XCTAssertEqual(Gradient(colors: [white, black], locations: [.nan, 0.3]).stops().map(\.location), [0.3])
        let context = try GraphicsContext(width: 8, height: 8)
        context.drawLinearGradient(Gradient(colors: []), start: Point(0, 0), end: Point(8, 0))
        context.drawLinearGradient(Gradient(colors: [white]), start: Point(1, 1), end: Point(1, 1))
        context.drawRadialGradient(Gradient(colors: [white]), startCenter: Point(1, 1), startRadius: -1,
                                   endCenter: Point(.nan, 0), endRadius: 3)
        XCTAssertEqual(context.bitmap.pixels.max(), 0)
        // The clip bounds a gradient.
        context.clip(to: Rect(x: 0, y: 0, width: 4, height: 8))
        context.drawLinearGradient(Gradient(colors: [white]), start: Point(0, 0), end: Point(8, 0))
        XCTAssertEqual(context.bitmap[3, 3][3], 255)
        XCTAssertEqual(context.bitmap[5, 3][3], 0)
    }

    // MARK: The table against the exact ramp

    /// The exact ramp at `t`, rounded to bytes as a sample is (ties to even), or nothing
    /// (transparent) where the options do not paint: the slow twin of `GradientTable`.
    func reference(_ stops: [(location: Double, color: SIMD4<Float>)], _ t: Double, before: Bool, after: Bool) -> SIMD4<Int> {
        guard !t.isNaN, t >= 0 || before, t <= 1 || after else { return .zero }
        // Written from the documented rule, not with `GradientRamp`: the first colour
        // before the first stop, the last after the last, linear between neighbours in
        // unpremultiplied components, then premultiplied.
        func premultiplied(_ c: SIMD4<Double>) -> SIMD4<Double> { SIMD4(c.x * c.w / 255, c.y * c.w / 255, c.z * c.w / 255, c.w) }
        let colors = stops.map { SIMD4<Double>($0.color) }
        var exact = premultiplied(colors[colors.count - 1])
        if !(t > stops[0].location) {
            exact = premultiplied(colors[0])
        } else if let k = stops.indices.dropFirst().first(where: { stops[$0].location > t }) {
            let f = (t - stops[k - 1].location) / (stops[k].location - stops[k - 1].location)
            exact = premultiplied(colors[k - 1] + (colors[k] - colors[k - 1]) * f)
        }
        let c = SIMD4<Float>(exact)
        let a = Swift.min(255, Swift.max(0, c[3]))
        return SIMD4((0..<4).map { Int((Swift.min(Swift.max(c[$0], 0), $0 == 3 ? 255 : a)).rounded(.toNearestOrEven)) })
    }

    /// The largest channel difference.
    func difference(_ a: SIMD4<Int>, _ b: SIMD4<Int>) -> Int { (0..<4).map { Swift.abs(a[$0] - b[$0]) }.max()! }

    func lookup(_ table: GradientTable, _ t: Float) -> SIMD4<Int> {
        let word = table.words.withUnsafeBufferPointer { table.lookup(SIMD8(repeating: t), in: $0.baseAddress!)[0] }
        return SIMD4((0..<4).map { Int((word >> (8 * UInt32($0))) & 0xFF) })
    }

    /// Seeded random ramps whose stops are at least 1/16 apart (the table's slope is then
    /// at most 16 · 510 = 8160 < 8190): every channel within 1 of the exact ramp rounded
    /// (the table's bound: the nearest entry's exact colour within 8160/8190 of the pixel's,
    /// so the two round at most 1 apart), at edge-biased
    /// parameters; NaN and the ends not extended are transparent.
    func testTableMatchesTheExactRampWithinOne() {
        let seed: UInt64 = 0x5EED_0018_6A
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<200 {
            let n = Int.random(in: 1...6, using: &rng)
            var location = Double.random(in: -0.2...0.3, using: &rng)
            var stops: [(location: Double, color: SIMD4<Float>)] = []
            for _ in 0..<n {
                let a = Bool.random(using: &rng) ? 255 : Float.random(in: 0...255, using: &rng)
                let c = SIMD4(Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a,
                              Float.random(in: 0...1, using: &rng) * a, a)
                stops.append((location, c))
                location += Double.random(in: 1.0 / 16...0.4, using: &rng)
            }
            let before = Bool.random(using: &rng), after = Bool.random(using: &rng)
            let table = GradientTable(stops: stops, before: before, after: after)
            XCTAssertLessThanOrEqual(table.entries, GradientTable.maxEntries)
            var ts: [Double] = [0, 1, 1e-7, 1 - 1e-7, -1e-7, 1 + 1e-7, -5, 7, .infinity, -.infinity, .nan]
            ts += stops.map(\.location)
            for _ in 0..<300 { ts.append(Double.random(in: -0.5...1.5, using: &rng)) }
            for t in ts {
                let expected = reference(stops, Double(Float(t)), before: before, after: after)
                let got = lookup(table, Float(t))
                XCTAssertLessThanOrEqual(difference(expected, got), 1,
                                         "seed \(seed), trial \(trial), t \(t): \(got) against \(expected), stops \(stops)")
            }
        }
    }

    /// A hard stop (two stops at one location) is at most half a step of the largest
    /// table (1/8190) from where it is: the colours on either side are exact beyond it.
    func testHardStopMovesByAtMostHalfAStep() {
        let stops: [(location: Double, color: SIMD4<Float>)] = [(0, SIMD4(255, 0, 0, 255)), (0.5, SIMD4(255, 0, 0, 255)),
                                                                (0.5, SIMD4(0, 0, 255, 255)), (1, SIMD4(0, 0, 255, 255))]
        let table = GradientTable(stops: stops, before: false, after: false)
        XCTAssertEqual(table.entries, GradientTable.maxEntries)
        XCTAssertEqual(lookup(table, Float(0.5 - 1.0 / 8190)), SIMD4(255, 0, 0, 255))
        XCTAssertEqual(lookup(table, Float(0.5 + 1.0 / 8190)), SIMD4(0, 0, 255, 255))
        XCTAssertEqual(lookup(table, 0), SIMD4(255, 0, 0, 255))
        XCTAssertEqual(lookup(table, 1), SIMD4(0, 0, 255, 255))
        // Stops at ±10³⁰⁸ (a span that overflows to ∞): a table all the same, no trap.
        let huge = GradientTable(stops: [(-1e308, SIMD4(255, 0, 0, 255)), (1e308, SIMD4(0, 0, 255, 255))],
                                 before: true, after: true)
        for t: Float in [-.infinity, -1, 0, 0.5, 1, .infinity] { XCTAssertEqual(lookup(huge, t)[3], 255) }
        XCTAssertEqual(lookup(huge, .nan), .zero)
    }

    /// The context's linear gradient through a rotation, a clip mask and `alpha`, against a
    /// slow twin: the parameter in `Double` at each pixel centre, the exact ramp rounded,
    /// blended by the kernels' reference — within 2 per channel: the table's colour is
    /// within 1 per channel, and a colour and its alpha each 1 off, the opposite ways, move
    /// a blended channel by up to `(255 + D) · w / 255²` < 2.
    func testLinearGradientMatchesItsSlowTwin() throws {
        let context = try GraphicsContext(width: 37, height: 23)
        let background = Color(red: 0.2, green: 0.7, blue: 0.1, alpha: 0.6)
        context.fillColor = background
        context.fill(Path(rect: Rect(x: 0, y: 0, width: 37, height: 23)))
        context.clip(to: Path(ellipseIn: Rect(x: 2, y: 1, width: 33, height: 21)))
        context.rotate(by: 0.3)
        context.alpha = 0.8
        let gradient = Gradient(colors: [Color(red: 1, green: 0.5, blue: 0, alpha: 0.9), Color(red: 0, green: 0.2, blue: 1),
                                         Color(red: 0.3, green: 1, blue: 0.3, alpha: 0.4)], locations: [0.1, 0.5, 0.9])
        let start = Point(4, -3), end = Point(30, 6)
        let mask = try XCTUnwrap(context.state.mask)
        let before = context.bitmap
        context.drawLinearGradient(gradient, start: start, end: end, options: [.drawsAfterEndLocation])
        // The stops as documented (sorted by location; unpremultiplied, 0…255), not `stops()`.
        let stops = zip(gradient.locations!, gradient.colors).map {
            (location: $0, color: SIMD4<Float>(Float($1.red), Float($1.green), Float($1.blue), Float($1.alpha)) * 255)
        }
        let inverse = try XCTUnwrap(context.ctm.inverse)
        let axis = SIMD2(end.x - start.x, end.y - start.y)
        var worst = 0
        for y in 0..<23 {
            for x in 0..<37 {
                let u = inverse.apply(to: Point(Double(x) + 0.5, Double(y) + 0.5))
                let t = ((SIMD2(u.x, u.y) - SIMD2(start.x, start.y)) * axis).sum() / (axis * axis).sum()
                let c = reference(stops, t, before: false, after: true)
                var d = before[x, y]
                let clip = context.state.clip
                if (clip.minX..<clip.maxX).contains(x), (clip.minY..<clip.maxY).contains(y) {
                    let w = KernelReference.weight(Float(mask.pixel(x, y).pointee) * (0.8 / 255))
                    d = KernelReference.blend(sample: SIMD4(truncatingIfNeeded: c), weight: w, over: d)
                }
                worst = Swift.max(worst, difference(SIMD4(truncatingIfNeeded: context.bitmap[x, y]), SIMD4(truncatingIfNeeded: d)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2)
    }
}
