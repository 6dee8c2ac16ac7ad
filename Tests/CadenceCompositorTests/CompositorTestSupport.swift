import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// A layer whose frame is `frame` (anchor point in the middle), with an optional
/// background and a name for messages.
func makeLayer(_ name: String, frame: Rect, background: Color? = nil) -> Layer {
    let layer = Layer()
    layer.name = name
    layer.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    layer.position = Point(x: frame.midX, y: frame.midY)
    layer.backgroundColor = background
    return layer
}

let red = Color(red: 1, green: 0, blue: 0)
let green = Color(red: 0, green: 1, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)

/// Premultiplied RGBA8 constants.
let opaqueRed = SIMD4<UInt8>(255, 0, 0, 255)
let opaqueGreen = SIMD4<UInt8>(0, 255, 0, 255)
let opaqueBlue = SIMD4<UInt8>(0, 0, 255, 255)
let opaqueWhite = SIMD4<UInt8>(255, 255, 255, 255)
let transparent = SIMD4<UInt8>(0, 0, 0, 0)

/// Renders `roots` at time 0 on a `width × height` canvas (scale 1, top-left origin unless
/// given), on a transparent or `background` canvas.
func render(
    _ roots: [Layer], width: Double = 32, height: Double = 32, scale: Double = 1, background: Color? = nil,
    origin: Canvas.Origin = .topLeft, compositor: Compositor = Compositor()
) throws -> Bitmap {
    try compositor.render(
        roots, at: 0, on: Canvas(width: width, height: height, scale: scale, background: background, origin: origin))
}

/// The pixels of `bitmap` that are not `value`, as (x, y) pairs.
func pixels(of bitmap: Bitmap, notEqualTo value: SIMD4<UInt8>) -> [(Int, Int)] {
    var out: [(Int, Int)] = []
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where bitmap[x, y] != value { out.append((x, y)) }
    }
    return out
}

/// Asserts that every pixel of `rect` is `inside` and every other pixel `outside`.
func assertRect(
    _ bitmap: Bitmap, _ rect: PixelRect, is inside: SIMD4<UInt8>, elsewhere outside: SIMD4<UInt8>,
    file: StaticString = #filePath, line: UInt = #line
) {
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width {
            let expected = (rect.minX..<rect.maxX).contains(x) && (rect.minY..<rect.maxY).contains(y) ? inside : outside
            XCTAssertEqual(bitmap[x, y], expected, "(\(x), \(y))", file: file, line: line)
        }
    }
}

/// The largest per-channel difference between two bitmaps of the same size.
func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
    precondition(a.width == b.width && a.height == b.height)
    var worst = 0
    for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
    return worst
}

/// Source-over of premultiplied `source` (0…255, any precision) with `weight` over
/// `destination`, in `Double`, rounded half away from zero: the reference the kernels are
/// checked against.
func referenceOver(_ source: SIMD4<Double>, weight: Double, _ destination: SIMD4<UInt8>) -> SIMD4<UInt8> {
    let s = source * weight
    let r = s + SIMD4<Double>(destination) * (1 - s[3] / 255)
    return SIMD4<UInt8>(r.rounded(.toNearestOrAwayFromZero).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
}

/// A random layer-to-pixel map around the pixel `(centre, centre)`: a rotation, scales
/// `minScale ..< minScale + scaleSpread` along the two axes, a shear in −0.5 ..< 0.5, and —
/// when `perspective` is positive — perspective terms in ±`perspective`/2.
func randomPlaneMap(
    _ g: inout SeededGenerator, centre: Double, minScale: Double, scaleSpread: Double, perspective: Double = 0
) -> PlaneMap {
    let angle = g.unit() * 2 * .pi
    let sx = minScale + g.unit() * scaleSpread, sy = minScale + g.unit() * scaleSpread, shear = g.unit() - 0.5
    let c = cos(angle), s = sin(angle)
    var m = PlaneMap(
        rows: SIMD3(sx * c, sx * s, 0), SIMD3(sy * (shear * c - s), sy * (shear * s + c), 0), SIMD3(centre, centre, 1))
    if perspective > 0 {
        m.r1.z = (g.unit() - 0.5) * perspective
        m.r2.z = (g.unit() - 0.5) * perspective
    }
    return m
}

/// A seeded contents image (with its mipmaps): a quarter of the texels opaque, the rest of
/// any alpha, colour ≤ alpha.
func randomContentsImage(_ g: inout SeededGenerator, width: Int, height: Int) -> ContentsImage {
    var b = try! Bitmap(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let a = UInt8(g.next() % 4 == 0 ? 255 : g.next() % 256), r = UInt64(a) + 1
            b[x, y] = SIMD4(UInt8(g.next() % r), UInt8(g.next() % r), UInt8(g.next() % r), a)
        }
    }
    return ContentsImage(b)
}

/// A seeded layer frame for the kernels' twin tests: anywhere on a 200 × 140 canvas and up to
/// 40 pixels past its top-left edges, its sides fractional, one in six under a pixel.
func seededFrame(_ g: inout SeededGenerator) -> Rect {
    Rect(x: 220 * g.unit() - 40, y: 150 * g.unit() - 40,
         width: g.next() % 6 == 0 ? 0.2 + g.unit() : 0.5 + 110 * g.unit(),
         height: g.next() % 6 == 0 ? 0.2 + g.unit() : 0.5 + 90 * g.unit())
}

/// A seeded affine transform for the kernels' twin tests: turned by any angle, by 30°, 45°,
/// 90° or 10⁻⁴ rad, scaled (mirrored too) and turned, skewed, scaled upright, or `nil`
/// (upright, one in three).
func seededTransform(_ g: inout SeededGenerator) -> Transform3D? {
    let turn = Transform3D(rotationAngle: 2 * .pi * g.unit(), x: 0, y: 0, z: 1)
    switch g.next() % 6 {
    case 0: return turn
    case 1: return Transform3D(rotationAngle: [.pi / 6, .pi / 4, .pi / 2, 1e-4][Int(g.next() % 4)], x: 0, y: 0, z: 1)
    case 2: return Transform3D(scaleX: 2.5 * g.unit() - 1.25, y: 0.2 + 2 * g.unit(), z: 1).concatenating(turn)
    case 3:
        return Transform3D(
            m11: 1, m12: 0.6 * g.unit() - 0.3, m13: 0, m14: 0, m21: 1.2 * g.unit() - 0.6, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    case 4: return Transform3D(scaleX: 0.5 + g.unit(), y: 0.5 + g.unit(), z: 1)
    default: return nil
    }
}

/// Renders `trials` seeded scenes of five layers each (`layer(&g, k)` makes layer `k`) on a
/// 200 × 140 translucent canvas with a one-thread compositor set up by `twin` and with
/// default compositors at 1, 2 and 7 threads, asserting the same bytes; returns how many
/// renders differed.
@discardableResult
func assertKernelMatchesTwin(
    seed: UInt64, trials: Int, layer: (inout SeededGenerator, Int) -> Layer, twin: (Compositor) -> Void,
    file: StaticString = #filePath, line: UInt = #line
) throws -> Int {
    var g = SeededGenerator(seed: seed)
    var differing = 0
    for trial in 0..<trials {
        let roots = (0..<5).map { layer(&g, $0) }
        let background = Color(red: 0.1, green: 0.7, blue: 0.4, alpha: 0.5)
        let reference = Compositor(threadCount: 1)
        twin(reference)
        let expected = try render(roots, width: 200, height: 140, background: background, compositor: reference)
        for threads in [1, 2, 7] {
            let got = try render(roots, width: 200, height: 140, background: background,
                                 compositor: Compositor(threadCount: threads))
            if got != expected { differing += 1 }
            XCTAssertTrue(got == expected, "seed \(g.seed) trial \(trial), \(threads) threads: \(maxDifference(got, expected)) apart",
                          file: file, line: line)
        }
    }
    return differing
}
