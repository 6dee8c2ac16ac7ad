import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// The contents sampler's integer path (`ContentsSampler+Lanes.swift`) against its plain
/// `Int` twin: the two lerp steps over every byte pair and weight, the whole bilinear sample
/// on seeded edge-biased texels, and whole rows (sampled and blended) bit for bit; and
/// against the float path within the bound its weights allow.
final class ContentsLanesTests: XCTestCase {
    typealias Lanes = PixelLanes.Lanes

    // MARK: The twin

    /// The bilinear sample of the rule: `⌊(Σ t·w + 2¹⁵) / 2¹⁶⌋`, weights the products of
    /// `(256 − φx, φx)` and `(256 − φy, φy)`.
    static func bilinear(_ t00: Int, _ t10: Int, _ t01: Int, _ t11: Int, φx: Int, φy: Int) -> Int {
        let sum = t00 * (256 - φx) * (256 - φy) + t10 * φx * (256 - φy) + t01 * (256 - φx) * φy + t11 * φx * φy
        return (sum + 32768) >> 16
    }

    // MARK: The steps, exhaustively

    /// The 1D lerp (a vertical step of a byte pair at φ, then a horizontal step with weight
    /// 0 or 256, and a horizontal step between two vertical steps at φ = 0) for every byte
    /// pair and every weight 0…256: the twin's value, bit for bit. 16.8 million values a
    /// form, sixteen lanes a call.
    func testLerpStepsMatchTheTwinForEveryBytePairAndWeight() {
        let lanes = Lanes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        var failures = 0
        for φ in 0...256 {
            let w = Lanes(repeating: UInt16(φ)), zero = Lanes(), full = Lanes(repeating: 256)
            for t0 in 0..<256 {
                let a = Lanes(repeating: UInt16(t0))
                for chunk in 0..<16 {
                    let b = lanes &+ UInt16(16 * chunk)
                    // Vertical at φ, read through a horizontal step that keeps one side.
                    let vertical = ContentsSampler.vertical(a, b, w)
                    let kept = ContentsSampler.horizontal(vertical, vertical, zero)
                    let other = ContentsSampler.horizontal(a &* 256, vertical, full)
                    // Horizontal at φ between two unblended columns.
                    let horizontal = ContentsSampler.horizontal(a &* 256, b &* 256, w)
                    for j in 0..<16 {
                        let t1 = 16 * chunk + j
                        let expected = Self.bilinear(t0, t0, t1, t1, φx: 0, φy: φ)
                        if Int(vertical[j]) != t0 * (256 - φ) + t1 * φ || Int(kept[j]) != expected
                            || Int(other[j]) != expected
                            || Int(horizontal[j]) != Self.bilinear(t0, t1, t0, t1, φx: φ, φy: 0) {
                            failures += 1
                            if failures < 5 { XCTFail("φ \(φ), bytes \(t0), \(t1)") }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(failures, 0)
    }

    /// The coordinate clamp, lane by lane, against the scalar rule `x > lo ? min(x, hi) :
    /// lo`: NaN and −∞ to `lo`, +∞ and values past `hi` to `hi`, the bounds and values
    /// between them kept (−0 against a bound of +0 goes to the bound).
    func testCoordinateClampSendsNaNToTheLowBound() {
        let x = SIMD8<Float>(.nan, -.infinity, .infinity, -0.0, 0, 3.5, 10, 10.5)
        let clamped = ContentsSampler.clamp(x, 0, 10)
        let expected: [Float] = [0, 0, 10, 0, 0, 3.5, 10, 10]
        for l in 0..<8 {
            XCTAssertEqual(clamped[l].bitPattern, expected[l].bitPattern, "lane \(l)")
        }
        let wide = ContentsSampler.clamp(SIMD8(repeating: -2.5), -3, -2)
        XCTAssertEqual(wide, SIMD8(repeating: -2.5))
    }

    /// The whole sample (vertical steps, horizontal step) on seeded texels and weights,
    /// edge-biased (bytes 0, 1, 127, 128, 254, 255; weights 0, 1, 127, 128, 129, 255,
    /// 256): the twin's value, bit for bit; never above 255, and a colour ≤ alpha stays so.
    func testBilinearSampleMatchesTheTwin() {
        var g = SeededGenerator(seed: 0xB1_11E4)
        let bytes = [0, 1, 127, 128, 254, 255], weights = [0, 1, 127, 128, 129, 255, 256]
        func byte() -> Int { g.next() % 3 == 0 ? bytes[Int(g.next() % 6)] : Int(g.next() % 256) }
        func weight() -> Int { g.next() % 3 == 0 ? weights[Int(g.next() % 7)] : Int(g.next() % 257) }
        for _ in 0..<20_000 {
            var t = [Lanes](repeating: Lanes(), count: 4)
            var fx = Lanes(), fy = Lanes()
            for j in 0..<16 {
                for k in 0..<4 { t[k][j] = UInt16(byte()) }
                fx[j] = UInt16(weight())
                fy[j] = UInt16(weight())
            }
            let got = ContentsSampler.horizontal(ContentsSampler.vertical(t[0], t[2], fy),
                                                 ContentsSampler.vertical(t[1], t[3], fy), fx)
            for j in 0..<16 {
                let expected = Self.bilinear(Int(t[0][j]), Int(t[1][j]), Int(t[2][j]), Int(t[3][j]),
                                             φx: Int(fx[j]), φy: Int(fy[j]))
                XCTAssertEqual(Int(got[j]), expected, "seed \(g.seed): \(t.map { $0[j] }) at \(fx[j]), \(fy[j])")
            }
        }
    }

    // MARK: Rows

    /// The kernel's sample at pixel `x` of row `y`, for a row that starts at `x0`, written
    /// out one pixel at a time: the eight-pixel group's `Float` coordinates as the lanes
    /// compute them (a `Double` start, then lane steps), the fractions as 8-bit weights,
    /// edge-clamped texels of the level, the twin's bilinear sum.
    private func sample(_ s: ContentsSampler, _ a: ContentsSampler.Affine, _ x: Int, _ y: Int, x0: Int) -> SIMD4<UInt8> {
        let k = s.choice.first
        let level = s.image.level(k)!, info = s.levels[k]
        let first = x0 + 8 * ((x - x0) / 8), j = Float(x - first)
        let px = Double(first) + 0.5, py = Double(y) + 0.5
        func clamp(_ v: Float, _ lo: Float, _ hi: Float) -> Float { v > lo ? Swift.min(v, hi) : lo }
        let ix = clamp(Float(a.ax * px + a.bx * py + a.cx) + j * Float(a.ax), a.loX, a.hiX)
        let iy = clamp(Float(a.ay * px + a.by * py + a.cy) + j * Float(a.ay), a.loY, a.hiY)
        let xs = ix * info.scale - 0.5, ys = iy * info.scale - 0.5
        let xf = xs.rounded(.down), yf = ys.rounded(.down)
        let φx = Int(((xs - xf) * 256).rounded(.toNearestOrEven)), φy = Int(((ys - yf) * 256).rounded(.toNearestOrEven))
        func texel(_ dx: Int, _ dy: Int) -> SIMD4<UInt8> {
            level[Swift.min(Swift.max(Int(xf) + dx, 0), level.width - 1), Swift.min(Swift.max(Int(yf) + dy, 0), level.height - 1)]
        }
        let t00 = texel(0, 0), t10 = texel(1, 0), t01 = texel(0, 1), t11 = texel(1, 1)
        var out = SIMD4<UInt8>()
        for c in 0..<4 {
            out[c] = UInt8(Self.bilinear(Int(t00[c]), Int(t10[c]), Int(t01[c]), Int(t11[c]), φx: φx, φy: φy))
        }
        return out
    }

    /// `image` stretched over seeded bounds 8 to `8 + size` wide and high near the origin,
    /// `mirrored` left to right (a contents rectangle of width −1), row 0 at the top or the
    /// bottom.
    private func randomLayout(_ g: inout SeededGenerator, _ image: ContentsImage, size: Double, mirrored: Bool)
        -> ContentsLayout? {
        let flipped = Rect(x: 1, y: 0, width: -1, height: 1), unit = Rect(x: 0, y: 0, width: 1, height: 1)
        return ContentsLayout(
            bounds: Rect(x: g.unit() * 4 - 2, y: g.unit() * 4 - 2, width: 8 + g.unit() * size, height: 8 + g.unit() * size),
            imageSize: image.pixelSize, gravity: .resize, contentsRect: mirrored ? flipped : unit,
            contentsCenter: unit, contentsScale: 1, rowZeroAtUnitYZero: g.next() % 2 == 0)
    }

    /// The bilinear sampler of `image` laid out by `layout` under the map that centres the
    /// destination on the origin, turns it by the rotation `(c, s)` (cosine, sine), scales it
    /// by `(sx, sy)`, shears it by `shear` and moves it to `offset` plus up to a pixel each
    /// way; with its affine map, or `nil` when it does not sample in lanes.
    private func laneSampler(
        _ g: inout SeededGenerator, _ image: ContentsImage, _ layout: ContentsLayout, rotation c: Double, _ s: Double,
        scale sx: Double, _ sy: Double, shear: Double, offset: Double
    ) -> (ContentsSampler, ContentsSampler.Affine)? {
        let d = layout.destination
        let linear = PlaneMap(rows: SIMD3(sx * c, sx * s, 0), SIMD3(sy * (shear * c - s), sy * (shear * s + c), 0),
                              SIMD3(0, 0, 1))
        let map = PlaneMap.translation(-d.midX, -d.midY).concatenating(linear)
            .concatenating(.translation(offset + g.unit(), offset + g.unit()))
        guard let sampler = ContentsSampler(image: image, layout: layout, map: map, magnification: .linear,
                                            minification: .linear, bias: 0),
              sampler.samplesInLanes, case .affine(let a) = sampler.path
        else { return nil }
        return (sampler, a)
    }

    /// Seeded affine draws — rotated, sheared, axis-aligned (the separable lanes), mirrored,
    /// magnified and minified (mip levels), from odd starts with tails — sampled and blended
    /// by `blendRow` over a seeded destination with seeded weights (a third of them 0 or
    /// 1): every pixel the twin's sample blended by `KernelReference`, bit for bit; and the
    /// float path's pixel within 2 (each quantized fraction moves a sample by at most
    /// 255/512, the roundings by ½ each).
    func testRowsMatchTheTwin() {
        var g = SeededGenerator(seed: 0x1A_4E5)
        var drawn = 0, worstAgainstFloat = 0, separable = 0
        for trial in 0..<120 {
            let image = randomContentsImage(&g, width: 1 + Int(g.next() % 40), height: 1 + Int(g.next() % 40))
            guard let layout = randomLayout(&g, image, size: 40, mirrored: trial % 5 == 0) else { continue }
            let d = layout.destination
            let axisAligned = trial % 3 == 0
            let angle = axisAligned ? Double(g.next() % 2) * .pi : g.unit() * 2 * .pi
            let (c, s) = (cos(angle), axisAligned ? 0 : sin(angle))
            let scale = pow(2, -2 + 4 * g.unit()) * 40 / max(d.width, d.height, 1)
            let (sx, sy) = (scale * (0.7 + 0.6 * g.unit()), scale * (0.7 + 0.6 * g.unit()))
            let shear = axisAligned ? 0 : g.unit() - 0.5
            guard let found = laneSampler(&g, image, layout, rotation: c, s, scale: sx, sy, shear: shear, offset: 24)
            else { continue }
            let (sampler, a) = found
            drawn += 1
            if a.separable { separable += 1 }
            // Every fourth draw moves its span each row (the separable lanes' cache starts over).
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 16 * 128, alignment: 16)
            defer { memory.deallocate() }
            var cache = ContentsSampler.RowCache(memory: memory, bytes: 16 * 128)
            for y in 0..<48 {
                let x0 = trial % 4 == 3 ? Int(g.next() % 5) : trial % 2 == 0 ? 0 : 3
                let count = trial % 4 == 3 ? 80 + Int(g.next() % 9) : trial % 2 == 0 ? 48 : 85
                let weights: [Float] = (0..<count).map { _ in
                    [0, 1, Float(g.unit())][Int(g.next() % 3)]
                }
                let destination: [SIMD4<UInt8>] = (0..<count).map { _ in
                    let a = UInt8(g.next() % 256), r = UInt64(a) + 1
                    return SIMD4(UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a)
                }
                var fused = destination, float = destination
                weights.withUnsafeBufferPointer { w in
                    fused.withUnsafeMutableBytes { p in
                        sampler.blendRow(y, from: x0, count: count, weights: w.baseAddress!,
                                         into: p.baseAddress!.assumingMemoryBound(to: UInt8.self), cache: &cache)
                    }
                    var colors = [Float](repeating: 0, count: 4 * count), bytes = [UInt8](repeating: 0, count: 4 * count)
                    colors.withUnsafeMutableBufferPointer { sampler.sampleRow(y, from: x0, count: count, into: $0.baseAddress!) }
                    colors.withUnsafeBufferPointer { SourceOver.quantize(colors: $0.baseAddress!, into: &bytes, count: count) }
                    float.withUnsafeMutableBytes { p in
                        SourceOver.blend(colors: bytes, weights: w.baseAddress!,
                                         into: p.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
                    }
                }
                for i in 0..<count {
                    let w = KernelReference.weight(weights[i])
                    let expected = w == 0
                        ? destination[i]
                        : KernelReference.blend(sample: sample(sampler, a, x0 + i, y, x0: x0), weight: w, over: destination[i])
                    guard fused[i] == expected else {
                        return XCTFail("seed \(g.seed) trial \(trial) (\(x0 + i), \(y)) separable \(a.separable): \(fused[i]) vs twin \(expected)")
                    }
                    for k in 0..<4 { worstAgainstFloat = max(worstAgainstFloat, abs(Int(fused[i][k]) - Int(float[i][k]))) }
                }
            }
        }
        print("ContentsSampler lanes: \(drawn) draws (\(separable) separable), worst against the float path \(worstAgainstFloat)")
        XCTAssertGreaterThan(drawn, 80)
        XCTAssertGreaterThan(separable, 20)
        XCTAssertLessThanOrEqual(worstAgainstFloat, 2)
    }

    /// The affine lanes' AVX2 kernel (`cadence_contents_affine_blend`) against the Swift
    /// lanes, its twin, called directly on the same spans: 160 seeded draws of images 1 to
    /// 48 texels wide (every fifth one texel wide, every seventh 1 × 1; a tenth of the
    /// texels with colour above alpha, which the blend clamps), turned, sheared, mirrored,
    /// magnified and minified past a mip level, squeezed sixteenfold along one axis (every
    /// ninth); spans from odd starts with tails of 1 to 7 pixels; weights biased to 0, 1,
    /// NaN, out of range and runs of zeros (groups that read no texels). Every byte equal.
    func testAffineKernelMatchesTheSwiftLanes() throws {
        guard ContentsSampler.usesAffineKernel else { throw XCTSkip("no AVX2: the Swift lanes draw alone") }
        var g = SeededGenerator(seed: 0xAF_F1E)
        var drawn = 0, spans = 0, mipped = 0, narrow = 0, mirrored = 0, failures = 0
        let edgeWeights: [Float] = [.nan, -0.5, 1.5, 1 - 1e-7, 1e-7]
        for trial in 0..<160 {
            let width = trial % 7 == 0 ? 1 : trial % 5 == 0 ? 1 : 1 + Int(g.next() % 48)
            let height = trial % 7 == 0 ? 1 : 1 + Int(g.next() % 48)
            var bitmap = try! Bitmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let a = UInt8(g.next() % 4 == 0 ? 255 : g.next() % 256), r = g.next() % 10 == 0 ? 256 : UInt64(a) + 1
                    bitmap[x, y] = SIMD4(UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a)
                }
            }
            let image = ContentsImage(bitmap)
            guard let layout = randomLayout(&g, image, size: 60, mirrored: trial % 4 == 1) else { continue }
            let d = layout.destination
            let angle = g.unit() * 2 * .pi, (c, s) = (cos(angle), sin(angle))
            // 2 to 120 pixels across: images wider than twice that take a mip level.
            let scale = pow(2, -5 + 6 * g.unit()) * 60 / max(d.width, d.height, 1)
            let (sx, sy) = (scale * (0.7 + 0.6 * g.unit()), trial % 9 == 4 ? scale / 16 : scale * (0.7 + 0.6 * g.unit()))
            let shear = g.unit() - 0.5
            guard let found = laneSampler(&g, image, layout, rotation: c, s, scale: sx, sy, shear: shear, offset: 32)
            else { continue }
            let (sampler, a) = found
            drawn += 1
            if sampler.choice.first > 0 { mipped += 1 }
            if sampler.levels[sampler.choice.first].maxX == 0 { narrow += 1 }
            if trial % 4 == 1 { mirrored += 1 }
            for y in stride(from: -2, to: 68, by: 3) {
                let x0 = Int(g.next() % 70) - 4, count = 1 + Int(g.next() % 90)
                let zeros = g.next() % 4 == 0 ? Int(g.next() % UInt64(count)) : 0
                let weights: [Float] = (0..<count).map { i in
                    if i < zeros { return 0 }
                    switch g.next() % 10 {
                    case 0: return 0
                    case 1, 2: return 1
                    case 3, 4: return Float(g.unit())
                    case let k: return edgeWeights[Int(k) - 5]
                    }
                }
                let destination: [UInt8] = (0..<count).flatMap { _ -> [UInt8] in
                    let a = UInt8(g.next() % 256), r = UInt64(a) + 1
                    return [UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a]
                }
                var kernel = destination, lanes = destination
                image.withTexels { base, mips in
                    let t = ContentsSampler.Texels(base: base!, mips: mips ?? base!)
                    weights.withUnsafeBufferPointer { w in
                        kernel.withUnsafeMutableBufferPointer {
                            sampler.affineKernel(a, t, y, x0, count, w.baseAddress!, $0.baseAddress!)
                        }
                        lanes.withUnsafeMutableBufferPointer {
                            sampler.swiftAffineLanes(a, t, y, x0, count, w.baseAddress!, $0.baseAddress!)
                        }
                    }
                }
                spans += 1
                for i in 0..<count where kernel[4 * i ..< 4 * i + 4] != lanes[4 * i ..< 4 * i + 4] {
                    failures += 1
                    if failures <= 5 {
                        XCTFail("seed \(g.seed) trial \(trial) pixel (\(x0 + i), \(y)): kernel \(kernel[4 * i ..< 4 * i + 4]) vs lanes \(lanes[4 * i ..< 4 * i + 4])")
                    }
                }
            }
        }
        print("affine kernel: \(drawn) draws (\(mipped) in a mip level, \(narrow) one texel wide, \(mirrored) mirrored), \(spans) spans, \(failures) pixels differing")
        XCTAssertEqual(failures, 0)
        XCTAssertGreaterThan(drawn, 120)
        XCTAssertGreaterThan(mipped, 10)
        XCTAssertGreaterThan(narrow, 15)
        XCTAssertGreaterThan(mirrored, 25)
    }

    /// The copy path in bytes (`blendCopiedRow`): seeded images drawn one texel a pixel at
    /// whole-pixel offsets (nearest and linear; mirrored ones and rows past the image
    /// refused), blended over seeded destinations with seeded weights, the pixels of a span
    /// outside the copied run by the float route: every pixel equals the float route's
    /// (`sampleRow`, `quantize`, `blend`) bit for bit, including texels whose colour exceeds
    /// their alpha (clamped by both).
    func testCopiedRowsMatchTheFloatRoute() {
        var g = SeededGenerator(seed: 0xC0_B7)
        var copied = 0, refused = 0
        for trial in 0..<60 {
            var bitmap = try! Bitmap(width: 1 + Int(g.next() % 40), height: 1 + Int(g.next() % 30))
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    bitmap[x, y] = SIMD4(UInt8(g.next() % 256), UInt8(g.next() % 256), UInt8(g.next() % 256),
                                         g.next() % 4 == 0 ? 255 : UInt8(g.next() % 256))
                }
            }
            let image = ContentsImage(bitmap)
            let mirrored = Rect(x: 1, y: 0, width: -1, height: 1), unit = Rect(x: 0, y: 0, width: 1, height: 1)
            guard let layout = ContentsLayout(
                bounds: Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)),
                imageSize: image.pixelSize, gravity: .resize, contentsRect: trial % 6 == 5 ? mirrored : unit,
                contentsCenter: unit, contentsScale: 1, rowZeroAtUnitYZero: trial % 2 == 0)
            else { continue }
            let map = PlaneMap.translation(Double(g.next() % 7), Double(g.next() % 7))
            guard let sampler = ContentsSampler(image: image, layout: layout, map: map,
                                                magnification: trial % 3 == 0 ? .nearest : .linear,
                                                minification: .linear, bias: 0),
                  sampler.copiesTexels
            else { continue }
            for y in -1..<(bitmap.height + 8) {
                let x0 = Int(g.next() % 9), count = 1 + Int(g.next() % UInt64(bitmap.width + 4))
                let weights: [Float] = (0..<count).map { _ in [0, 1, Float(g.unit())][Int(g.next() % 3)] }
                let destination: [SIMD4<UInt8>] = (0..<count).map { _ in
                    let a = UInt8(g.next() % 256), r = UInt64(a) + 1
                    return SIMD4(UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a)
                }
                var bytes = destination, float = destination
                weights.withUnsafeBufferPointer { w in
                    func floatRoute(_ lower: Int, _ upper: Int, into pixels: inout [SIMD4<UInt8>]) {
                        guard lower < upper else { return }
                        let n = upper - lower
                        var colors = [Float](repeating: 0, count: 4 * n), quantized = [UInt8](repeating: 0, count: 4 * n)
                        colors.withUnsafeMutableBufferPointer { sampler.sampleRow(y, from: lower, count: n, into: $0.baseAddress!) }
                        colors.withUnsafeBufferPointer { SourceOver.quantize(colors: $0.baseAddress!, into: &quantized, count: n) }
                        pixels.withUnsafeMutableBytes { p in
                            SourceOver.blend(colors: quantized, weights: w.baseAddress! + (lower - x0),
                                             into: p.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4 * (lower - x0), count: n)
                        }
                    }
                    let run = bytes.withUnsafeMutableBytes { p in
                        sampler.blendCopiedRow(y, from: x0, count: count, weights: w.baseAddress!,
                                               into: p.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    }
                    if let run {
                        copied += 1
                        XCTAssertTrue(run.lowerBound >= x0 && run.upperBound <= x0 + count && !run.isEmpty)
                        floatRoute(x0, run.lowerBound, into: &bytes)
                        floatRoute(run.upperBound, x0 + count, into: &bytes)
                    } else {
                        XCTAssertEqual(bytes, destination, "a refused row draws nothing")
                        refused += 1
                        floatRoute(x0, x0 + count, into: &bytes)
                    }
                    floatRoute(x0, x0 + count, into: &float)
                }
                guard bytes == float else { return XCTFail("seed \(g.seed) trial \(trial) row \(y): bytes differ from the float route") }
            }
        }
        print("copy path in bytes: \(copied) rows blended, \(refused) refused")
        XCTAssertGreaterThan(copied, 250)
        XCTAssertGreaterThan(refused, 50)
    }
}
