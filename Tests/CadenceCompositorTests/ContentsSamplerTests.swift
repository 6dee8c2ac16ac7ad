import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `ContentsSampler` against its slow `Double` twin (invert the map, lay out, filter, per
/// pixel), its fast paths against its general path, and the filters' visible properties.
final class ContentsSamplerTests: XCTestCase {
    /// One draw: an image, its layout, the layer-to-pixel map and the filters.
    private struct Draw {
        var image: ContentsImage
        var layout: ContentsLayout
        var map: PlaneMap
        var magnification: ContentsFilter = .linear
        var minification: ContentsFilter = .linear
        var bias: Double = 0

        func sampler(fastPaths: Bool = true) -> ContentsSampler? {
            ContentsSampler(image: image, layout: layout, map: map, magnification: magnification,
                            minification: minification, bias: bias, fastPaths: fastPaths)
        }
    }

    // MARK: The Double twin

    /// The colour at pixel `(x, y)` as § 9 defines it, in `Double`; `nil` where the `Float`
    /// kernel may legitimately decide differently: within 1e-3 texel of a texel edge under
    /// `nearest`, within 1e-3 of a level change (`log2 ρ` near an integer), within 1e-4 of
    /// `D`'s length of a nine-part breakpoint, or where `w` nearly vanishes.
    private func reference(_ d: Draw, _ x: Int, _ y: Int) -> SIMD4<Double>? {
        let inv = d.map.inverse!
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let h = inv.homogeneous(px, py)
        let scaleOfW = abs(inv.r1.z * px) + abs(inv.r2.z * py) + abs(inv.r3.z)
        if abs(h.z) < 1e-4 * scaleOfW { return nil }
        guard h.z > 0 else { return .zero }
        let lx = h.x / h.z, ly = h.y / h.z
        let l = d.layout
        let tx = lx - l.destination.minX, ty = ly - l.destination.minY
        for (t, axis) in [(tx, l.x), (ty, l.y)] where !axis.isLinear {
            for b in [axis.start, axis.end] where abs(t - b) < 1e-4 * max(1, axis.length) { return nil }
        }
        let w = l.imageWidth, hgt = l.imageHeight
        let ix = min(max(l.x.image(at: tx), 0), w), iy = min(max(l.y.image(at: ty), 0), hgt)
        // The Jacobian of the layer point w.r.t. the pixel (quotient rule), times the slopes.
        let dxdx = (inv.r1.x - lx * inv.r1.z) / h.z, dxdy = (inv.r2.x - lx * inv.r2.z) / h.z
        let dydx = (inv.r1.y - ly * inv.r1.z) / h.z, dydy = (inv.r2.y - ly * inv.r2.z) / h.z
        let sx = l.x.slope(at: tx), sy = l.y.slope(at: ty)
        let c1 = SIMD2(sx * dxdx, sy * dydx), c2 = SIMD2(sx * dxdy, sy * dydy)
        let rho = max((c1 * c1).sum(), (c2 * c2).sum()).squareRoot()
        let log = log2(rho)
        if abs(log - log.rounded()) < 1e-3 { return nil }
        let last = d.image.levelCount - 1
        let filter = rho <= 1 ? (d.magnification == .nearest ? .nearest : ContentsFilter.linear) : d.minification
        switch filter {
        case .nearest:
            for (v, limit) in [(ix, w), (iy, hgt)] where abs(v - v.rounded()) < 1e-3 && v > 0 && v < limit { return nil }
            return texel(d.image, 0, min(Int(ix), Int(w) - 1), min(Int(iy), Int(hgt) - 1))
        case .linear:
            return bilinear(d.image, rho <= 1 ? 0 : min(Int(log.rounded(.down)), last), ix, iy)
        case .trilinear:
            let lambda = log + d.bias
            guard lambda > 0 else { return bilinear(d.image, 0, ix, iy) }
            let k = Int(lambda.rounded(.down))
            guard k < last else { return bilinear(d.image, last, ix, iy) }
            let m = lambda - Double(k)
            return bilinear(d.image, k, ix, iy) * (1 - m) + bilinear(d.image, k + 1, ix, iy) * m
        }
    }

    private func texel(_ image: ContentsImage, _ k: Int, _ x: Int, _ y: Int) -> SIMD4<Double> {
        SIMD4<Double>(image.level(k)![x, y])
    }

    /// Bilinear in level `k` at image coordinates `(ix, iy)`: level coordinates `ix / 2ᵏ`,
    /// the four texel centres around, indices clamped to the level.
    private func bilinear(_ image: ContentsImage, _ k: Int, _ ix: Double, _ iy: Double) -> SIMD4<Double> {
        let level = image.level(k)!
        let xs = ix / Double(1 << k) - 0.5, ys = iy / Double(1 << k) - 0.5
        let x0 = xs.rounded(.down), y0 = ys.rounded(.down)
        let fx = xs - x0, fy = ys - y0
        func at(_ x: Double, _ y: Double) -> SIMD4<Double> {
            SIMD4<Double>(level[min(max(Int(x), 0), level.width - 1), min(max(Int(y), 0), level.height - 1)])
        }
        return at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy
            + at(x0 + 1, y0 + 1) * fx * fy
    }

    // MARK: Helpers

    private func maxAbs(_ v: SIMD4<Float>) -> Float { Swift.max(v.max(), -v.min()) }

    /// The sampler's colours for row `y`, pixels `x0 ..< x0 + count`.
    private func row(_ s: ContentsSampler, _ y: Int, from x0: Int = 0, count: Int) -> [SIMD4<Float>] {
        var out = [Float](repeating: -1, count: 4 * count)
        out.withUnsafeMutableBufferPointer { s.sampleRow(y, from: x0, count: count, into: $0.baseAddress!) }
        return (0..<count).map { SIMD4(out[4 * $0], out[4 * $0 + 1], out[4 * $0 + 2], out[4 * $0 + 3]) }
    }

    /// A random draw of a small image around pixel (24, 24): every gravity, contentsRect
    /// (mirrored too), contentsCenter, scale, orientation and filter; a map of random
    /// rotation, shear and scale (2^−3.5 … 2^2.5 pixels per point), with perspective one
    /// time in three.
    private func randomDraw(_ g: inout SeededGenerator, trial: Int) -> Draw? {
        let image = randomContentsImage(&g, width: 1 + Int(g.next() % 24), height: 1 + Int(g.next() % 24))
        let bounds = Rect(x: g.unit() * 10 - 5, y: g.unit() * 10 - 5, width: 4 + g.unit() * 36, height: 4 + g.unit() * 36)
        let gravity = ContentsGravity.allCases[Int(g.next() % 12)]
        let rect = g.next() % 2 == 0
            ? Rect(x: 0, y: 0, width: 1, height: 1)
            : Rect(x: g.unit() - 0.2, y: g.unit() - 0.2, width: (g.unit() + 0.2) * (g.next() % 3 == 0 ? -1 : 1),
                   height: (g.unit() + 0.2) * (g.next() % 3 == 0 ? -1 : 1))
        let center = g.next() % 2 == 0
            ? Rect(x: 0, y: 0, width: 1, height: 1)
            : Rect(x: g.unit() * 0.6, y: g.unit() * 0.6, width: g.unit() * 0.6, height: g.unit() * 0.6)
        let scale = [1, 2, 0.5, 3, 0.25 + g.unit() * 3][Int(g.next() % 5)]
        guard let layout = ContentsLayout(
            bounds: bounds, imageSize: image.pixelSize, gravity: gravity, contentsRect: rect, contentsCenter: center,
            contentsScale: scale, rowZeroAtUnitYZero: g.next() % 2 == 0)
        else { return nil }
        let d = layout.destination
        // One draw in four axis-aligned (the separable path), possibly mirrored.
        let axisAligned = trial % 4 == 1
        let angle = axisAligned ? Double(g.next() % 2) * .pi : g.unit() * 2 * .pi, c = cos(angle), s = axisAligned ? 0 : sin(angle)
        let k = pow(2, -3.5 + 6 * g.unit()) * 20 / max(d.width, d.height, 1)
        let sx = k * (0.6 + g.unit() * 0.8), sy = k * (0.6 + g.unit() * 0.8) * (axisAligned && g.next() % 2 == 0 ? -1 : 1)
        let shear = axisAligned ? 0 : g.unit() - 0.5
        var linear = PlaneMap(rows: SIMD3(sx * c, sx * s, 0), SIMD3(sy * (shear * c - s), sy * (shear * s + c), 0), SIMD3(0, 0, 1))
        if trial % 3 == 0 {
            // w from about 0.6 to 1.4 over D (and ≤ 0 beyond, in some draws).
            linear.r1.z = (g.unit() - 0.5) * 0.8 / max(d.width, 1)
            linear.r2.z = (g.unit() - 0.5) * 0.8 / max(d.height, 1)
        }
        let map = PlaneMap.translation(-d.midX, -d.midY).concatenating(linear).concatenating(.translation(24, 24))
        let filters = ContentsFilter.allCases
        return Draw(image: image, layout: layout, map: map, magnification: filters[Int(g.next() % 3)],
                    minification: filters[Int(g.next() % 3)], bias: g.unit() * 3 - 1.5)
    }

    // MARK: Tests

    /// Seeded random draws, affine and perspective, through the fast paths and the general
    /// path: every pixel within 0.01 (on 0…255) of the `Double` twin, away from the
    /// discontinuities the twin reports. Where the bound comes from: coordinates carried in
    /// `Float` (images here up to 24 texels, maps of moderate perspective) are within about
    /// 2e-5 texel of the exact map, which moves a bilinear sample by at most 255 × 2e-5 ≈
    /// 0.005; the worst seen is about 7e-4. The colour never exceeds the alpha.
    func testMatchesReference() {
        var g = SeededGenerator(seed: 0xC0_47E5)
        var worst: Float = 0, compared = 0, skipped = 0
        var trial = 0
        var drawn = 0
        while drawn < 150 {
            trial += 1
            guard let draw = randomDraw(&g, trial: trial) else { continue }
            drawn += 1
            let references = (0..<48).map { y in (0..<48).map { x in reference(draw, x, y) } }
            for fast in [true, false] {
                guard let sampler = draw.sampler(fastPaths: fast) else {
                    XCTFail("seed \(g.seed) trial \(trial): no sampler")
                    continue
                }
                for y in 0..<48 {
                    // Rows whole, and (every other trial) from an odd start with a tail.
                    let x0 = trial % 2 == 0 ? 0 : 3, count = trial % 2 == 0 ? 48 : 41
                    let got = row(sampler, y, from: x0, count: count)
                    for i in 0..<count {
                        let v = got[i]
                        XCTAssertTrue(v[0] <= v[3] && v[1] <= v[3] && v[2] <= v[3], "seed \(g.seed) trial \(trial): \(v)")
                        guard let expected = references[y][x0 + i] else {
                            skipped += 1
                            continue
                        }
                        compared += 1
                        let error = maxAbs(v - SIMD4<Float>(expected))
                        worst = max(worst, error)
                        if error > 0.01 {
                            XCTFail("seed \(g.seed) trial \(trial) fast \(fast) (\(x0 + i), \(y)): \(v) vs \(expected); \(draw.layout), \(draw.map), \(draw.magnification)/\(draw.minification) \(draw.bias) \(sampler.path) levels \(draw.image.levelCount)")
                            return
                        }
                    }
                }
            }
        }
        print("ContentsSampler vs Double twin: worst \(worst) over \(compared) pixels (\(skipped) skipped)")
        XCTAssertGreaterThan(compared, 10 * skipped)
    }

    /// The separable path (axis-aligned, one bilinear level) is the general path's sum
    /// regrouped: within 2e-3 (on 0…255; `Float` rounding of sums of up to 255 · 4) at
    /// every pixel, magnified and minified, mirrored, at fractional offsets.
    func testSeparablePathMatchesGeneralPath() {
        var g = SeededGenerator(seed: 0x5E_9A)
        let image = randomContentsImage(&g, width: 37, height: 23)
        var worst: Float = 0, checked = 0
        for (n, k) in [0.3, 0.7, 1.3, 2.5, 4.1, 0.09].enumerated() {
            for gravity in [ContentsGravity.resize, .resizeAspect, .center] {
                let layout = ContentsLayout(
                    bounds: Rect(x: 0, y: 0, width: 50, height: 40), imageSize: image.pixelSize, gravity: gravity,
                    contentsRect: n % 2 == 0 ? Rect(x: 0, y: 0, width: 1, height: 1) : Rect(x: 0.9, y: 0.1, width: -0.7, height: 0.8),
                    contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1), contentsScale: 1, rowZeroAtUnitYZero: n % 3 == 0)!
                let flip = n % 2 == 0 ? 1.0 : -1.0
                let map = PlaneMap(rows: SIMD3(k * 1.1, 0, 0), SIMD3(0, k * flip, 0), SIMD3(3.37, flip > 0 ? 2.71 : 60.2, 1))
                let draw = Draw(image: image, layout: layout, map: map)
                let fast = draw.sampler()!, general = draw.sampler(fastPaths: false)!
                guard case .affine(let a) = fast.path, a.separable else { return XCTFail("k \(k) \(gravity): not separable") }
                for y in -3..<80 {
                    let p = row(fast, y, from: -7, count: 90), q = row(general, y, from: -7, count: 90)
                    for i in 0..<90 {
                        let e = maxAbs(p[i] - q[i])
                        worst = max(worst, e)
                        checked += 1
                        XCTAssertLessThan(e, 2e-3, "k \(k) \(gravity) (\(i - 7), \(y)): \(p[i]) vs \(q[i])")
                        XCTAssertTrue(p[i][0] <= p[i][3] && p[i][1] <= p[i][3] && p[i][2] <= p[i][3])
                    }
                }
            }
        }
        print("separable vs general: worst \(worst) over \(checked) pixels")
    }

    /// The copy path (texels one to one on pixels) is bit for bit the general path, for
    /// every filter, mirrored, on a y-up canvas, at canvas and contents scale 2.
    func testCopyPathMatchesGeneralPath() {
        var g = SeededGenerator(seed: 0xC0_B1)
        let image = randomContentsImage(&g, width: 40, height: 20)
        let bounds = Rect(x: 0, y: 0, width: 100, height: 80)
        let cases: [(ContentsGravity, Rect, Double, Bool, PlaneMap)] = [
            (.center, Rect(x: 0, y: 0, width: 1, height: 1), 1, true, .translation(7, -3)),
            (.topLeft, Rect(x: 1, y: 0, width: -1, height: 1), 1, true, .translation(0, 0)),
            (.bottomRight, Rect(x: 0.25, y: 1, width: 0.5, height: -0.75), 1, true, .translation(-12, 5)),
            (.center, Rect(x: 0, y: 0, width: 1, height: 1), 2,
             true, PlaneMap(rows: SIMD3(2, 0, 0), SIMD3(0, 2, 0), SIMD3(3, 1, 1))),
            // A y-up canvas: y ↦ 90 − y, the image upright.
            (.left, Rect(x: 0, y: 0, width: 1, height: 1), 1, false, PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(0, -1, 0), SIMD3(2, 90, 1))),
        ]
        for (n, (gravity, rect, scale, down, map)) in cases.enumerated() {
            let layout = ContentsLayout(
                bounds: bounds, imageSize: image.pixelSize, gravity: gravity, contentsRect: rect,
                contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1), contentsScale: scale, rowZeroAtUnitYZero: down)!
            for filter in ContentsFilter.allCases {
                let draw = Draw(image: image, layout: layout, map: map, magnification: filter, minification: filter)
                let fast = draw.sampler()!, general = draw.sampler(fastPaths: false)!
                guard case .affine(let a) = fast.path, a.copy else { return XCTFail("case \(n): not the copy path") }
                for y in -2..<110 {
                    XCTAssertEqual(row(fast, y, from: -5, count: 130), row(general, y, from: -5, count: 130),
                                   "case \(n) \(filter) row \(y)")
                }
            }
        }
    }

    /// Magnified with `nearest`, every pixel is exactly a texel: 4 × 3 texels in 40 × 30.
    func testNearestMagnificationGivesExactTexels() {
        var g = SeededGenerator(seed: 0xEA_7)
        let image = randomContentsImage(&g, width: 4, height: 3)
        let layout = ContentsLayout(
            bounds: Rect(x: 0, y: 0, width: 40, height: 30), imageSize: image.pixelSize, gravity: .resize,
            contentsRect: Rect(x: 0, y: 0, width: 1, height: 1), contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1),
            contentsScale: 1, rowZeroAtUnitYZero: true)!
        for fast in [true, false] {
            let s = Draw(image: image, layout: layout, map: .translation(0, 0), magnification: .nearest).sampler(fastPaths: fast)!
            for y in 0..<30 {
                let got = row(s, y, count: 40)
                for x in 0..<40 {
                    XCTAssertEqual(got[x], SIMD4<Float>(image.level(0)![x / 10, y / 10]), "(\(x), \(y)) fast \(fast)")
                }
            }
        }
    }

    /// A 256 × 256 checkerboard of single texels minified about 8.3 times, rotated: `linear` and
    /// `trilinear` read mip levels whose texels are all mid-grey (2 black and 2 white texels
    /// average to 127.5, rounded up to 128), so every pixel inside is 128 within Float's
    /// rounding — no aliasing; `nearest` picks single texels, black or white, both present.
    func testMinifiedCheckerboardDoesNotAlias() {
        var b = try! Bitmap(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 { b[x, y] = (x + y) % 2 == 0 ? SIMD4(repeating: 255) : SIMD4(0, 0, 0, 255) } }
        let image = ContentsImage(b)
        let layout = ContentsLayout(
            bounds: Rect(x: 0, y: 0, width: 256, height: 256), imageSize: image.pixelSize, gravity: .resize,
            contentsRect: Rect(x: 0, y: 0, width: 1, height: 1), contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1),
            contentsScale: 1, rowZeroAtUnitYZero: true)!
        let k = 1 / 8.3, angle = 0.3
        let map = PlaneMap.translation(-128, -128)
            .concatenating(PlaneMap(rows: SIMD3(k * cos(angle), k * sin(angle), 0), SIMD3(-k * sin(angle), k * cos(angle), 0), SIMD3(0, 0, 1)))
            .concatenating(.translation(20, 20))
        let inverse = map.inverse!
        for filter in ContentsFilter.allCases {
            let s = Draw(image: image, layout: layout, map: map, minification: filter).sampler()!
            var values = Set<Float>()
            var inside = 0
            for y in 0..<40 {
                let got = row(s, y, count: 40)
                for x in 0..<40 {
                    let h = inverse.homogeneous(Double(x) + 0.5, Double(y) + 0.5)
                    guard (24.0...232).contains(h.x), (24.0...232).contains(h.y) else { continue }
                    inside += 1
                    if filter == .nearest {
                        values.insert(got[x][0])
                    } else {
                        XCTAssertEqual(got[x][0], 128, accuracy: 1e-3, "\(filter) (\(x), \(y))")
                        XCTAssertEqual(got[x][3], 255, accuracy: 1e-3, "\(filter) (\(x), \(y))")
                    }
                }
            }
            XCTAssertGreaterThan(inside, 400)
            if filter == .nearest { XCTAssertEqual(values, [0, 255]) }
        }
    }

    /// Under perspective, pixels whose preimage is behind the viewer (w ≤ 0) get 0; the
    /// others the (opaque) image.
    func testBehindTheViewerIsTransparent() {
        let image = ContentsImage(try! Bitmap(width: 8, height: 8, fill: SIMD4(10, 20, 30, 255)))
        let layout = ContentsLayout(
            bounds: Rect(x: 0, y: 0, width: 8, height: 8), imageSize: image.pixelSize, gravity: .resize,
            contentsRect: Rect(x: 0, y: 0, width: 1, height: 1), contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1),
            contentsScale: 1, rowZeroAtUnitYZero: true)!
        // Pixel to layer: w = 1 − 0.05 x, zero at x = 20.
        let inverse = PlaneMap(rows: SIMD3(1, 0, -0.05), SIMD3(0, 1, 0), SIMD3(0, 0, 1))
        let s = Draw(image: image, layout: layout, map: inverse.inverse!).sampler()!
        let got = row(s, 3, count: 48)
        for x in 0..<48 {
            let expected: SIMD4<Float> = x < 20 ? SIMD4(10, 20, 30, 255) : .zero
            XCTAssertLessThan(maxAbs(got[x] - expected), 1e-3, "\(x): \(got[x])")
        }
    }

    /// Which draws need the chain: minifying by 2 or more with `linear`, any perspective,
    /// trilinear as soon as `λ > 0`; never `nearest`.
    func testNeedsMipmaps() {
        let layout = ContentsLayout(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), imageSize: Size(width: 100, height: 100), gravity: .resize,
            contentsRect: Rect(x: 0, y: 0, width: 1, height: 1), contentsCenter: Rect(x: 0, y: 0, width: 1, height: 1),
            contentsScale: 1, rowZeroAtUnitYZero: true)!
        func scaled(_ k: Double) -> PlaneMap { PlaneMap(rows: SIMD3(k, 0, 0), SIMD3(0, k, 0), SIMD3(0, 0, 1)) }
        func needs(_ map: PlaneMap, _ filter: ContentsFilter, bias: Double = 0) -> Bool {
            ContentsSampler.needsMipmaps(layout: layout, map: map, minification: filter, bias: bias)
        }
        XCTAssertFalse(needs(scaled(1), .linear))
        XCTAssertFalse(needs(scaled(0.6), .linear))
        XCTAssertTrue(needs(scaled(0.4), .linear))
        XCTAssertFalse(needs(scaled(0.1), .nearest))
        XCTAssertTrue(needs(scaled(0.9), .trilinear))
        XCTAssertFalse(needs(scaled(0.9), .trilinear, bias: -0.5))
        XCTAssertFalse(needs(scaled(1.5), .trilinear, bias: 2))
        var perspective = scaled(2)
        perspective.r1.z = 1e-3
        XCTAssertTrue(needs(perspective, .linear))
        XCTAssertFalse(needs(perspective, .nearest))
    }

    /// Bad maps: singular or non-finite give no sampler; huge but finite ones sample
    /// without trapping (indices are clamped).
    func testBadMaps() {
        let image = ContentsImage(try! Bitmap(width: 5, height: 3, fill: SIMD4(1, 2, 3, 4)))
        let layout = ContentsLayout(
            bounds: Rect(x: 0, y: 0, width: 10, height: 10), imageSize: image.pixelSize, gravity: .resize,
            contentsRect: Rect(x: 0, y: 0, width: 1, height: 1), contentsCenter: Rect(x: 0.2, y: 0.2, width: 0.5, height: 0.5),
            contentsScale: 1, rowZeroAtUnitYZero: true)!
        XCTAssertNil(Draw(image: image, layout: layout, map: PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(2, 0, 0), SIMD3(0, 0, 1))).sampler())
        XCTAssertNil(Draw(image: image, layout: layout, map: PlaneMap(rows: SIMD3(.nan, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))).sampler())
        XCTAssertNil(Draw(image: image, layout: layout, map: PlaneMap(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, -1))).sampler())
        let maps = [
            PlaneMap(rows: SIMD3(1e30, 0, 0), SIMD3(0, 1e-30, 0), SIMD3(1e20, -1e20, 1)),
            PlaneMap(rows: SIMD3(1e-6, 0, 1e-3), SIMD3(0, 1e-6, -1e-3), SIMD3(0, 0, 1e-9)),
            PlaneMap(rows: SIMD3(3, 1, 1e6), SIMD3(-1, 3, 1e6), SIMD3(5, 5, 1)),
        ]
        var sampled = 0
        for map in maps {
            for filter in ContentsFilter.allCases {
                for fast in [true, false] {
                    guard let s = Draw(image: image, layout: layout, map: map, minification: filter).sampler(fastPaths: fast)
                    else { continue }
                    sampled += 1
                    for y in [-100, 0, 7, 1000] {
                        for v in row(s, y, from: -50, count: 120) {
                            XCTAssertTrue(v == .zero || v == SIMD4(1, 2, 3, 4) || (v.min() >= 0 && v.max() <= 4), "\(v)")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(sampled, maps.count * ContentsFilter.allCases.count * 2, "every huge map gets a sampler")
        // An image whose size is not the layout's: no sampler.
        let other = ContentsImage(try! Bitmap(width: 6, height: 3))
        XCTAssertNil(Draw(image: other, layout: layout, map: .translation(0, 0)).sampler())
    }
}
