import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shadow blur against its slow twin — the model's kernel, the σ Gaussian cut at 2σ,
/// by its exact pixel masses in `Double` — and its invariants: mass, sign, cut-independence, bad input, bounded memory.
final class ShadowBlurTests: XCTestCase {
    /// A source plane: its rectangle and row-major values (stride = width).
    struct Source {
        var rect: PixelRect
        var values: [Float]

        func value(_ x: Int, _ y: Int) -> Float {
            guard x >= rect.minX, x < rect.maxX, y >= rect.minY, y < rect.maxY else { return 0 }
            return values[(y - rect.minY) * rect.width + (x - rect.minX)]
        }

        /// `width × height` pixels at `(x, y)`, all `value`.
        static func filled(_ rect: PixelRect, _ value: Float = 1) -> Source {
            Source(rect: rect, values: [Float](repeating: value, count: rect.area))
        }

        var peak: Float { values.max() ?? 0 }
        var mass: Double { values.reduce(0) { $0 + Double($1) } }
    }

    /// The kernel's output over `outRect`.
    private func blur(_ s: Source, sigma: Double, outRect: PixelRect, workspace: ShadowBlur.Workspace = .init(),
                      outStride: Int? = nil, exactRows: Bool = false, hole: PixelRect = .empty) -> [Float] {
        let stride = outStride ?? outRect.width
        var out = [Float](repeating: .nan, count: Swift.max(1, stride * outRect.height))
        s.values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                ShadowBlur.blur(
                    source: src.baseAddress ?? UnsafePointer(bitPattern: 64)!, sourceRect: s.rect, sourceStride: s.rect.width,
                    sigma: sigma, into: dst.baseAddress!, outRect: outRect, outStride: stride, workspace: workspace,
                    exactRows: exactRows, hole: hole)
            }
        }
        if stride == outRect.width { return Array(out.prefix(outRect.area)) }
        var packed: [Float] = []
        for y in 0..<outRect.height { packed += out[(y * stride)..<(y * stride + outRect.width)] }
        return packed
    }

    /// The model's kernel: the σ Gaussian cut at ±2σ and renormalised, as its mass over
    /// each pixel `d` (`|d| ≤ ⌊2σ + ½⌋`), from `erf` in `Double`.
    private func gaussian(_ sigma: Double) -> (weights: [Double], radius: Int) {
        let cut = 2 * sigma
        let radius = Int((cut + 0.5).rounded(.down))
        func cdf(_ x: Double) -> Double { 0.5 * (1 + erf(min(max(x, -cut), cut) / (sigma * 2.0.squareRoot()))) }
        let total = cdf(cut) - cdf(-cut)
        let w = (-radius...radius).map { d in (cdf(Double(d) + 0.5) - cdf(Double(d) - 0.5)) / total }
        return (w, radius)
    }

    /// The slow twin: the direct 2-D convolution with the sampled Gaussian, in `Double`,
    /// over `outRect` (summed one axis at a time, which for the separable Gaussian is the
    /// same sum).
    private func reference(_ s: Source, sigma: Double, outRect: PixelRect) -> [Double] {
        let (g, r) = gaussian(sigma)
        // Horizontal: rows of the source, columns of the output.
        var rows = [Double](repeating: 0, count: s.rect.height * outRect.width)
        for y in 0..<s.rect.height {
            for x in outRect.minX..<outRect.maxX {
                var sum = 0.0
                for sx in Swift.stride(from: Swift.max(s.rect.minX, x - r), to: Swift.min(s.rect.maxX, x + r + 1), by: 1) {
                    sum += Double(s.values[y * s.rect.width + sx - s.rect.minX]) * g[x - sx + r]
                }
                rows[y * outRect.width + x - outRect.minX] = sum
            }
        }
        var out = [Double](repeating: 0, count: outRect.area)
        for y in outRect.minY..<outRect.maxY {
            for sy in Swift.stride(from: Swift.max(s.rect.minY, y - r), to: Swift.min(s.rect.maxY, y + r + 1), by: 1) {
                let k = g[y - sy + r]
                for x in 0..<outRect.width {
                    out[(y - outRect.minY) * outRect.width + x] += rows[(sy - s.rect.minY) * outRect.width + x] * k
                }
            }
        }
        return out
    }

    /// The twin at one point, summing over every source pixel.
    private func referencePoint(_ s: Source, sigma: Double, x: Int, y: Int) -> Double {
        let (g, r) = gaussian(sigma)
        var sum = 0.0
        for sy in Swift.stride(from: Swift.max(s.rect.minY, y - r), to: Swift.min(s.rect.maxY, y + r + 1), by: 1) {
            var row = 0.0
            for sx in Swift.stride(from: Swift.max(s.rect.minX, x - r), to: Swift.min(s.rect.maxX, x + r + 1), by: 1) {
                row += Double(s.value(sx, sy)) * g[x - sx + r]
            }
            sum += row * g[y - sy + r]
        }
        return sum
    }

    /// The twin for a rectangle of ones (a product of two 1-D sums): cheap at any σ.
    private func referenceRectangle(_ rect: PixelRect, sigma: Double, x: Int, y: Int) -> Double {
        let (g, r) = gaussian(sigma)
        func axis(_ c: Int, _ lo: Int, _ hi: Int) -> Double {
            var sum = 0.0
            for s in Swift.stride(from: Swift.max(lo, c - r), to: Swift.min(hi, c + r + 1), by: 1) { sum += g[c - s + r] }
            return sum
        }
        return axis(x, rect.minX, rect.maxX) * axis(y, rect.minY, rect.maxY)
    }

    private func grown(_ r: PixelRect, by m: Int) -> PixelRect {
        PixelRect(minX: r.minX - m, minY: r.minY - m, maxX: r.maxX + m, maxY: r.maxY + m)
    }

    /// Random shapes: a few random rectangles and discs of random alpha on a small plane,
    /// plus noise in one case out of three.
    private func randomShape(_ g: inout SeededGenerator, size: Int) -> Source {
        let rect = PixelRect(minX: Int(g.next() % 9) - 4, minY: Int(g.next() % 9) - 4, maxX: 0, maxY: 0)
        var s = Source(rect: PixelRect(minX: rect.minX, minY: rect.minY, maxX: rect.minX + size, maxY: rect.minY + size),
                       values: [Float](repeating: 0, count: size * size))
        let noisy = g.next() % 3 == 0
        for _ in 0..<(1 + Int(g.next() % 4)) {
            let cx = g.unit() * Double(size), cy = g.unit() * Double(size), radius = 1 + g.unit() * Double(size) / 3
            let alpha = Float(0.2 + 0.8 * g.unit()), disc = g.next() % 2 == 0
            for y in 0..<size {
                for x in 0..<size {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let inside = disc ? dx * dx + dy * dy <= radius * radius : abs(dx) <= radius && abs(dy) <= radius / 2
                    if inside { s.values[y * size + x] = Swift.max(s.values[y * size + x], alpha) }
                }
            }
        }
        if noisy { for i in s.values.indices { s.values[i] = Swift.min(1, s.values[i] + Float(g.unit()) * 0.5) } }
        return s
    }

    /// Full resolution (σ ≤ 64), against the twin over the whole spread: a step edge (a
    /// rectangle much larger than σ), a small square, a one-pixel line and random shapes.
    /// Tolerance 1.1 % of the peak; achieved: ≤ 0.7 % (at σ = 8; below σ = 2 the direct
    /// kernel is the twin's masses to `Float` rounding).
    func testMatchesGaussianAtFullResolution() {
        var g = SeededGenerator(seed: 0xB1_0B)
        var worstBySigma: [Double: Double] = [:]
        for sigma in [0.5, 1, 2, 3.3, 8, 20] {
            let spread = Int((3 * sigma).rounded(.up)) + 4
            let step = Source.filled(PixelRect(minX: 0, minY: 0, maxX: 4 * spread, maxY: 3))
            var sources = [("step", Source.filled(PixelRect(minX: -3, minY: -2, maxX: 4 * spread, maxY: 4 * spread))),
                           ("square", Source.filled(PixelRect(minX: 2, minY: 3, maxX: 5, maxY: 6))),
                           ("line", Source.filled(PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 5 * spread))),
                           ("row", step)]
            for i in 0..<3 { sources.append(("random \(i)", randomShape(&g, size: 24))) }
            for (name, s) in sources {
                let outRect = grown(s.rect, by: ShadowBlur.margin(sigma: sigma) + 2)
                let fast = blur(s, sigma: sigma, outRect: outRect)
                let slow = reference(s, sigma: sigma, outRect: outRect)
                var worst = 0.0
                for i in fast.indices { worst = max(worst, abs(Double(fast[i]) - slow[i])) }
                worst /= Double(s.peak)
                worstBySigma[sigma] = max(worstBySigma[sigma] ?? 0, worst)
                XCTAssertLessThanOrEqual(worst, 0.011, "σ \(sigma) \(name) (seed \(g.seed))")
            }
        }
        print("ShadowBlur full-resolution worst error / peak by σ:", worstBySigma.sorted { $0.key < $1.key })
    }

    /// The decimated path (σ > 64) against the twin at sampled points: squares of ones (the
    /// twin in product form), within 2.5 % of the peak (achieved ≤ 2 %: the cut is brought
    /// in by 2 coarse pixels so that the reach stays within 2σ), and a random shape (the
    /// twin summed directly), nearly a point at this σ, within 10 % of its response
    /// (achieved ≤ 9 %: the averaging and upsampling round a point's peak).
    func testMatchesGaussianWhenDecimated() {
        var g = SeededGenerator(seed: 0xDEC1)
        for sigma in [70.0, 150, 300] {
            let margin = ShadowBlur.margin(sigma: sigma)
            var worst = 0.0
            // A large square (step edges), a small one, and a random shape.
            for rect in [PixelRect(minX: -3, minY: 5, maxX: 997, maxY: 605), PixelRect(minX: 1, minY: 2, maxX: 17, maxY: 11)] {
                let s = Source.filled(rect)
                // A row through the middle and a column, at full spread.
                let row = PixelRect(minX: rect.minX - margin, minY: (rect.minY + rect.maxY) / 2,
                                    maxX: rect.maxX + margin, maxY: (rect.minY + rect.maxY) / 2 + 1)
                let column = PixelRect(minX: rect.minX + 2, minY: rect.minY - margin, maxX: rect.minX + 3, maxY: rect.maxY + margin)
                for out in [row, column] {
                    let fast = blur(s, sigma: sigma, outRect: out)
                    // The twin at every 7th pixel.
                    for i in Swift.stride(from: 0, to: out.area, by: 7) {
                        let x = out.minX + i % out.width, y = out.minY + i / out.width
                        let e = abs(Double(fast[i]) - referenceRectangle(rect, sigma: sigma, x: x, y: y))
                        worst = max(worst, e)
                        XCTAssertLessThanOrEqual(e, 0.025, "σ \(sigma) \(rect) at (\(x), \(y))")
                    }
                }
            }
            // A random shape: at this σ it is nearly a point, its response ~1e-3 of its peak,
            // compared relative to the response.
            let s = randomShape(&g, size: 40)
            let out = PixelRect(minX: -margin / 2, minY: 14, maxX: margin / 2, maxY: 15)
            let fast = blur(s, sigma: sigma, outRect: out)
            let samples = Array(Swift.stride(from: 0, to: out.width, by: 11))
            let slow = samples.map { referencePoint(s, sigma: sigma, x: out.minX + $0, y: 14) }
            var relative = 0.0
            for (j, i) in samples.enumerated() {
                relative = max(relative, abs(Double(fast[i]) - slow[j]) / slow.max()!)
            }
            XCTAssertLessThan(relative, 0.1, "σ \(sigma) random, relative to the response (seed \(g.seed))")
            print("ShadowBlur σ \(sigma): random shape's error relative to its response \(relative)")
            print("ShadowBlur σ \(sigma): worst error / peak on squares \(worst)")
        }
    }

    /// The bound for any source in 0…1: half the L1 distance between the blur's 2-D kernel
    /// (the response to a single pixel) and the twin's is at most 1.6 % (the documented
    /// figure; achieved 1.2 % at σ = 2 up to 1.5 % at σ = 64).
    func testWorstCaseErrorBound() {
        for sigma in [2.0, 2.3, 3.3, 4, 8, 13, 20, 41, 64] {
            let dot = Source.filled(PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1))
            let r = max(ShadowBlur.margin(sigma: sigma), Int((6 * sigma).rounded(.up)))
            let out = grown(dot.rect, by: r)
            let k = blur(dot, sigma: sigma, outRect: out)
            let (g, gr) = gaussian(sigma)
            var distance = 0.0
            for (i, v) in k.enumerated() {
                let x = out.minX + i % out.width, y = out.minY + i / out.width
                let gx = abs(x) <= gr ? g[x + gr] : 0, gy = abs(y) <= gr ? g[y + gr] : 0
                distance += abs(Double(v) - gx * gy)
            }
            XCTAssertLessThanOrEqual(distance / 2, 0.016, "σ \(sigma)")
        }
    }

    /// The sum of the output equals the sum of the input when the output covers the
    /// spread (every pass is normalised): within 1e-4 (Float sums; achieved ~1e-5).
    func testMassIsPreserved() {
        var g = SeededGenerator(seed: 0x3A55)
        for sigma in [0.3, 1, 2.5, 8, 20, 64, 65, 130] {
            let s = randomShape(&g, size: 20)
            let outRect = grown(s.rect, by: ShadowBlur.margin(sigma: sigma))
            let out = blur(s, sigma: sigma, outRect: outRect)
            let mass = out.reduce(0) { $0 + Double($1) }
            XCTAssertEqual(mass, s.mass, accuracy: 1e-4 * s.mass, "σ \(sigma) (seed \(g.seed))")
        }
    }

    /// Output is never negative, and exactly 0 beyond `margin` from the source (over the
    /// whole spread for moderate σ; along a row and a column through the source for huge σ).
    func testOutputIsNonNegativeAndZeroBeyondTheMargin() {
        var g = SeededGenerator(seed: 0x0_5161)
        for sigma in [0.7, 2, 5.5, 33, 64, 100, 900, 5000] {
            let s = randomShape(&g, size: 16)
            let margin = ShadowBlur.margin(sigma: sigma)
            let all = grown(s.rect, by: margin + 5)
            let outRects = sigma < 200 ? [all] : [
                PixelRect(minX: all.minX, minY: s.rect.minY + 7, maxX: all.maxX, maxY: s.rect.minY + 8),
                PixelRect(minX: s.rect.minX + 3, minY: all.minY, maxX: s.rect.minX + 4, maxY: all.maxY),
            ]
            for outRect in outRects {
                let out = blur(s, sigma: sigma, outRect: outRect)
                for (i, v) in out.enumerated() {
                    let x = outRect.minX + i % outRect.width, y = outRect.minY + i / outRect.width
                    XCTAssertGreaterThanOrEqual(v, 0, "σ \(sigma) (\(x), \(y))")
                    let dx = max(s.rect.minX - x, x - (s.rect.maxX - 1)), dy = max(s.rect.minY - y, y - (s.rect.maxY - 1))
                    if max(dx, dy) > margin { XCTAssertEqual(v, 0, "σ \(sigma) (\(x), \(y)) beyond margin \(margin)") }
                }
            }
        }
    }

    /// The blur reaches no further than the cut Gaussian, `⌊2σ + ½⌋` pixels (the kernel cut
    /// at 2σ on pixel-constant data), at every σ; at full resolution exactly that far.
    func testReachesNoFurtherThanTwoSigma() {
        for sigma in [0.3, 0.7, 1.2, 1.99, 2, 2.6, 5.5, 33, 63.9, 64, 64.5, 100, 900, 5000, 16384] {
            let limit = Int((2 * sigma + 0.5).rounded(.down))
            let margin = ShadowBlur.margin(sigma: sigma)
            XCTAssertLessThanOrEqual(margin, limit, "σ \(sigma)")
            if sigma <= ShadowBlur.fullResolutionSigmaLimit { XCTAssertEqual(margin, limit, "σ \(sigma)") }
            // A step edge at x = 0: nothing past `margin`; at full resolution the pixel
            // `margin` out is painted (the decimated path's margin is a bound).
            if sigma <= 100 {
                let s = Source.filled(PixelRect(minX: -400, minY: -400, maxX: 0, maxY: 400))
                let row = PixelRect(minX: 0, minY: 0, maxX: margin + 4, maxY: 1)
                let out = blur(s, sigma: sigma, outRect: row)
                if sigma <= ShadowBlur.fullResolutionSigmaLimit { XCTAssertGreaterThan(out[margin - 1], 0, "σ \(sigma)") }
                XCTAssertEqual(Array(out[margin...]), [Float](repeating: 0, count: 4), "σ \(sigma)")
            }
        }
    }

    /// NaN, negative and zero σ copy the source exactly (0 outside it), however the output
    /// rectangle meets it.
    func testNoBlurIsAnExactCopy() {
        var g = SeededGenerator(seed: 0xC0_97)
        let s = randomShape(&g, size: 12)
        for sigma in [0, -1, -.infinity, .nan, -0.0] {
            for outRect in [s.rect, grown(s.rect, by: 3), PixelRect(minX: s.rect.minX + 4, minY: s.rect.minY - 2, maxX: s.rect.maxX + 9, maxY: s.rect.minY + 5)] {
                let out = blur(s, sigma: sigma, outRect: outRect, outStride: outRect.width + 3)
                for (i, v) in out.enumerated() {
                    XCTAssertEqual(v, s.value(outRect.minX + i % outRect.width, outRect.minY + i / outRect.width), "σ \(sigma)")
                }
            }
            XCTAssertEqual(ShadowBlur.margin(sigma: sigma), 0)
        }
        // A σ so small that the neighbours' weights underflow: a copy too.
        for sigma in [1e-300, .leastNonzeroMagnitude, 0.05] {
            XCTAssertEqual(blur(s, sigma: sigma, outRect: grown(s.rect, by: 1)), blur(s, sigma: 0, outRect: grown(s.rect, by: 1)), "σ \(sigma)")
        }
    }

    /// A pixel's value does not depend on where the output rectangle is cut: sub-rectangles
    /// equal the same pixels of a larger one within 1e-5 (the running sums start elsewhere).
    func testSubRectangleMatchesLargerRectangle() {
        var g = SeededGenerator(seed: 0x5_0B)
        for sigma in [1.5, 6, 40, 90, 300] {
            let s = randomShape(&g, size: 30)
            let margin = ShadowBlur.margin(sigma: sigma)
            let big = grown(s.rect, by: min(margin, 60))
            let whole = blur(s, sigma: sigma, outRect: big)
            for _ in 0..<4 {
                let x0 = big.minX + Int(g.next() % UInt64(big.width)), y0 = big.minY + Int(g.next() % UInt64(big.height))
                let sub = PixelRect(minX: x0, minY: y0, maxX: min(big.maxX, x0 + 1 + Int(g.next() % 40)),
                                    maxY: min(big.maxY, y0 + 1 + Int(g.next() % 40)))
                let part = blur(s, sigma: sigma, outRect: sub, outStride: sub.width + 5)
                for (i, v) in part.enumerated() {
                    let x = sub.minX + i % sub.width, y = sub.minY + i / sub.width
                    let w = whole[(y - big.minY) * big.width + x - big.minX]
                    XCTAssertEqual(v, w, accuracy: 1e-5, "σ \(sigma) (\(x), \(y)) in \(sub) (seed \(g.seed))")
                }
            }
        }
    }

    /// A hole leaves every other pixel the same bits: random shapes with noise, holes cut
    /// anywhere in the output (partly outside it too), from too small to be left out to
    /// most of the output, against the same call without a hole (the same exact sums) over
    /// the output and over a sub-rectangle of it (exact sums along x too). Where the box
    /// passes leave the hole out, its pixels keep what the output held (NaN here); below
    /// σ = 2 and on the decimated path the hole is ignored and every pixel is written.
    func testAHoleLeavesTheOtherPixelsTheSame() {
        var g = SeededGenerator(seed: 0x4_07E)
        var leftOut = 0
        for sigma in [1.5, 2, 3.3, 10, 20.5, 64, 90] {
            let reach = ShadowBlur.Plan(sigma: sigma).kernel.reach
            for _ in 0..<4 {
                let s = randomShape(&g, size: 40 + Int(g.next() % 60))
                let out = grown(s.rect, by: min(ShadowBlur.margin(sigma: sigma), 60))
                let expected = blur(s, sigma: sigma, outRect: out, exactRows: true)
                if sigma >= ShadowBlur.directSigmaLimit && sigma <= ShadowBlur.fullResolutionSigmaLimit {
                    let sub = PixelRect(minX: out.minX + 7, minY: out.minY + 5, maxX: out.maxX - 11, maxY: out.maxY - 3)
                    let part = blur(s, sigma: sigma, outRect: sub, exactRows: true)
                    for (i, v) in part.enumerated() {
                        let x = sub.minX + i % sub.width, y = sub.minY + i / sub.width
                        let w = expected[(y - out.minY) * out.width + x - out.minX]
                        XCTAssertEqual(v.bitPattern, w.bitPattern, "σ \(sigma) (\(x), \(y)) in \(sub) (seed \(g.seed))")
                    }
                }
                let x0 = out.minX - 3 + Int(g.next() % UInt64(out.width / 2)), y0 = out.minY - 3 + Int(g.next() % UInt64(out.height / 2))
                let hole = PixelRect(minX: x0, minY: y0, maxX: x0 + 1 + Int(g.next() % UInt64(out.width)),
                                     maxY: y0 + 1 + Int(g.next() % UInt64(out.height)))
                let inside = hole.intersection(out)
                let used = sigma >= ShadowBlur.directSigmaLimit && sigma <= ShadowBlur.fullResolutionSigmaLimit
                    && inside.width >= ShadowBlur.holeLimit * reach && inside.height >= ShadowBlur.holeLimit * reach
                if used { leftOut += 1 }
                let part = blur(s, sigma: sigma, outRect: out, outStride: out.width + 3, exactRows: true, hole: hole)
                for (i, v) in part.enumerated() {
                    let x = out.minX + i % out.width, y = out.minY + i / out.width
                    if used && x >= inside.minX && x < inside.maxX && y >= inside.minY && y < inside.maxY {
                        XCTAssert(v.isNaN, "σ \(sigma) (\(x), \(y)) in the hole \(hole) was written (seed \(g.seed))")
                    } else {
                        XCTAssertEqual(v.bitPattern, expected[i].bitPattern, "σ \(sigma) (\(x), \(y)), hole \(hole) (seed \(g.seed))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(leftOut, 3, "too few holes large enough to be left out (seed \(g.seed))")
    }

    /// Rows do not depend on which rows are asked for: output rectangles with the same
    /// columns give the same bits in the rows they share, and source rows beyond the reach
    /// of the rows asked for change no bit (what lets a band of a frame blur only its rows,
    /// `ShadowBlur`: the vertical box sums are exact). Every path: the direct pass (σ < 2),
    /// the boxes at small and large σ, the decimated path; random shapes with noise, rows
    /// cut anywhere, including one row at a time. With the vertical sums in plain `Float`
    /// (as the horizontal ones are) the boxes differ in the last bits and this fails.
    func testRowsDoNotDependOnTheRowsAskedFor() {
        var g = SeededGenerator(seed: 0x0B_A4D5)
        for sigma in [1.5, 2, 3.3, 10, 20.5, 64, 90] {
            for _ in 0..<3 {
                let s = randomShape(&g, size: 20 + Int(g.next() % 30))
                let margin = min(ShadowBlur.margin(sigma: sigma), 50)
                let whole = grown(s.rect, by: margin)
                let expected = blur(s, sigma: sigma, outRect: whole)
                var y = whole.minY
                while y < whole.maxY {
                    let rows = PixelRect(minX: whole.minX, minY: y, maxX: whole.maxX, maxY: min(whole.maxY, y + 1 + Int(g.next() % 23)))
                    let part = blur(s, sigma: sigma, outRect: rows, outStride: rows.width + 2)
                    let reference = expected[((y - whole.minY) * whole.width)..<((rows.maxY - whole.minY) * whole.width)]
                    XCTAssertEqual(part.map(\.bitPattern), reference.map(\.bitPattern), "σ \(sigma), rows \(rows) (seed \(g.seed))")
                    // The source cut to the rows within reach of these (and one more row each
                    // way: the decimated path's blocks and upsampling).
                    let reach = ShadowBlur.margin(sigma: sigma) + 2 * ShadowBlur.Plan(sigma: sigma).factor
                    let keep = s.rect.intersection(PixelRect(minX: s.rect.minX, minY: rows.minY - reach, maxX: s.rect.maxX, maxY: rows.maxY + reach))
                    if !keep.isEmpty, sigma <= ShadowBlur.fullResolutionSigmaLimit {
                        var cut = Source(rect: keep, values: [])
                        for yy in keep.minY..<keep.maxY { for x in keep.minX..<keep.maxX { cut.values.append(s.value(x, yy)) } }
                        let fromCut = blur(cut, sigma: sigma, outRect: rows)
                        XCTAssertEqual(fromCut.map(\.bitPattern), reference.map(\.bitPattern), "σ \(sigma), rows \(rows), source \(keep) (seed \(g.seed))")
                    }
                    y = rows.maxY
                }
            }
        }
    }

    /// Bad and extreme input: huge σ (capped; memory bounded), an empty source, a 1×1
    /// source, an output far from the source, NaN and negative source values.
    func testRobustness() {
        let ws = ShadowBlur.Workspace()
        // Huge σ: 1e300 and +∞ act as `maxSigma`; completes quickly, with a small workspace.
        let s = Source.filled(PixelRect(minX: 0, minY: 0, maxX: 64, maxY: 64))
        let out = PixelRect(minX: -100, minY: -100, maxX: 156, maxY: 156)
        let start = ContinuousClock.now
        for sigma in [1e300, .infinity, ShadowBlur.maxSigma] {
            let r = blur(s, sigma: sigma, outRect: out, workspace: ws)
            XCTAssertTrue(r.allSatisfy { $0 >= 0 && $0.isFinite }, "σ \(sigma)")
            // 4096 pixels of mass spread over σ = 16384: a peak of 4096 / (2π σ²) ≈ 2.4e-6.
            XCTAssertLessThan(r.max()!, 1e-5, "σ \(sigma)")
            XCTAssertGreaterThan(r.max()!, 1e-6, "σ \(sigma)")
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        XCTAssertLessThan(ws.byteCount, 1 << 20, "workspace bytes for σ = 1e300")
        XCTAssertEqual(ShadowBlur.margin(sigma: 1e300), ShadowBlur.margin(sigma: ShadowBlur.maxSigma))
        XCTAssertLessThan(ShadowBlur.margin(sigma: .infinity), 65_536)

        // An empty source writes zeros.
        let empty = Source(rect: .empty, values: [])
        XCTAssertEqual(blur(empty, sigma: 4, outRect: out), [Float](repeating: 0, count: out.area))
        let inverted = Source(rect: PixelRect(minX: 5, minY: 5, maxX: 2, maxY: 9), values: [])
        XCTAssertEqual(blur(inverted, sigma: 4, outRect: PixelRect(width: 8, height: 8)), [Float](repeating: 0, count: 64))
        // An empty output writes nothing.
        XCTAssertEqual(blur(s, sigma: 4, outRect: .empty), [])

        // A 1×1 source: the 2-D kernel itself, summing to the value; symmetric at full
        // resolution (the decimated path's blocks are aligned to multiples of k, so a pixel
        // is up to k/2 from its block's middle, which the kernel's drop at the cut shows).
        let dot = Source.filled(PixelRect(minX: 7, minY: -3, maxX: 8, maxY: -2), 0.5)
        for sigma in [0.4, 3, 70] {
            let m = ShadowBlur.margin(sigma: sigma)
            let r = grown(dot.rect, by: m)
            let k = blur(dot, sigma: sigma, outRect: r)
            XCTAssertEqual(k.reduce(0) { $0 + Double($1) }, 0.5, accuracy: 1e-4, "σ \(sigma)")
            let n = r.width
            for y in 0..<n {
                for x in 0..<n {
                    XCTAssertEqual(k[y * n + x], k[x * n + y], accuracy: 1e-6, "σ \(sigma) transpose")
                    if sigma <= ShadowBlur.fullResolutionSigmaLimit {
                        XCTAssertEqual(k[y * n + x], k[y * n + n - 1 - x], accuracy: 1e-6, "σ \(sigma) mirror")
                    }
                }
            }
        }

        // An output rectangle beyond the spread: all zero.
        for sigma in [1.0, 10, 100] {
            let far = PixelRect(minX: 64 + ShadowBlur.margin(sigma: sigma) + 1, minY: 0, maxX: 64 + ShadowBlur.margin(sigma: sigma) + 20,
                                maxY: 10)
            XCTAssertEqual(blur(s, sigma: sigma, outRect: far), [Float](repeating: 0, count: far.area), "σ \(sigma)")
        }

        // NaN and negative values read as 0, huge ones as 1e30: the output stays finite.
        var bad = Source.filled(PixelRect(minX: 0, minY: 0, maxX: 9, maxY: 9))
        bad.values[10] = .nan
        bad.values[20] = -5
        bad.values[30] = .infinity
        for sigma: Double in [0, 1, 9, 80] {
            let r = blur(bad, sigma: sigma, outRect: grown(bad.rect, by: 4))
            XCTAssertTrue(r.allSatisfy { $0.isFinite && $0 >= 0 }, "σ \(sigma)")
        }
    }

    /// One workspace serves calls of every size, in any order, with the same results as a
    /// fresh one.
    func testWorkspaceReuseIsInvisible() {
        var g = SeededGenerator(seed: 0x4E05E)
        let shared = ShadowBlur.Workspace()
        for trial in 0..<12 {
            let sigma = [0.8, 3, 25, 70, 200][trial % 5]
            let s = randomShape(&g, size: 8 + Int(g.next() % 30))
            let outRect = grown(s.rect, by: Int(g.next() % 20))
            XCTAssertEqual(blur(s, sigma: sigma, outRect: outRect, workspace: shared), blur(s, sigma: sigma, outRect: outRect),
                           "trial \(trial) (seed \(g.seed))")
        }
    }

    /// The extended box of half-width `a`: its taps are the overlaps of the pixels with
    /// `[−a, a]` over `2a` (so its mass is 1 and its reach `⌈a − ½⌉`), with 0 < α ≤ 1.
    func testBoxOfHalfWidth() {
        for a in [0.25, 0.5, 0.6, 1, 1.5, 2.2, 7.5, 40.3, 128] {
            let b = ShadowBlur.Box(halfWidth: a)
            let r = Double(b.r), alpha = Double(b.alpha)
            if a <= 0.5 {
                XCTAssertEqual([b.r, Int(b.alpha), Int(b.norm)], [0, 0, 1], "a \(a)")
                continue
            }
            XCTAssertGreaterThan(alpha, 0, "a \(a)")
            XCTAssertLessThanOrEqual(alpha, 1, "a \(a)")
            XCTAssertEqual(b.reach, Int((a - 0.5).rounded(.up)), "a \(a)")
            XCTAssertEqual(r + 0.5 + alpha, a, accuracy: 1e-6, "a \(a)")
            let mass: Double = Double(b.norm) * (2 * r + 1 + 2 * alpha)
            XCTAssertEqual(mass, 1, accuracy: 1e-6, "a \(a)")
        }
    }

    /// The 8 × 8 transpose.
    func testTranspose() {
        var rows = [SIMD8<Float>](repeating: .zero, count: 8)
        for r in 0..<8 { for c in 0..<8 { rows[r][c] = Float(r * 8 + c) } }
        let t = rows.withUnsafeBufferPointer { ShadowBlur.Block8($0.baseAddress!, stride: 1).transposed() }
        for r in 0..<8 { for c in 0..<8 { XCTAssertEqual(t[r][c], Float(c * 8 + r)) } }
    }
}
