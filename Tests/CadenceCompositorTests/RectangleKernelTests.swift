import CCadenceFeatures
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `cadence_rectangle_draw`, the AVX2 rows of an opaque, unrounded, borderless layer under
/// an affine map, against its twin, the Swift rows (`Rasterizer.Shortcuts.rectangleKernel = false`).
final class RectangleKernelTests: XCTestCase {
    /// Seeded opaque layers turned by any angle, scaled (mirrored too), skewed, or upright
    /// at fractional positions and sizes (some thinner than a pixel, some past the canvas's
    /// edges), over a translucent canvas, draw the same bytes through the kernel as through
    /// the Swift rows, at 1, 2 and 7 threads (bands cut the layers' rows anywhere). Rounded,
    /// bordered and translucent layers among them keep the Swift path.
    func testKernelMatchesTheSwiftRows() throws {
        try XCTSkipUnless(cadence_rectangle_avx2_available() != 0, "the kernel needs AVX2")
        let differing = try assertKernelMatchesTwin(seed: 0x5EC7_A261, trials: 48, layer: { g, k in
            let frame = seededFrame(&g)
            let layer = makeLayer("\(k)", frame: frame, background: Color(red: g.unit(), green: g.unit(), blue: g.unit()))
            if let transform = seededTransform(&g) { layer.transform = transform }
            switch g.next() % 8 {
            case 0: layer.cornerRadius = 6
            case 1:
                layer.borderWidth = 2
                layer.borderColor = Color(red: 1, green: 1, blue: 1)
            case 2: layer.opacity = g.unit()
            case 3: layer.backgroundColor = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: g.unit())
            default: break
            }
            return layer
        }, twin: { $0.rasterizer.shortcuts.rectangleKernel = false })
        XCTAssertEqual(differing, 0)
    }

    /// The benchmarks' rotated rect (an opaque 512² layer turned 30° on 720²) and the same
    /// turned by a little and scaled by 1.5: the same bytes through the kernel and the
    /// Swift rows, and the kernel is the path taken.
    func testRotatedRectIsTheSameBytes() throws {
        try XCTSkipUnless(cadence_rectangle_avx2_available() != 0, "the kernel needs AVX2")
        for transform in [Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1),
                          Transform3D(scaleX: 1.5, y: 1.5, z: 1).concatenating(Transform3D(rotationAngle: 0.01, x: 0, y: 0, z: 1))] {
            let layer = makeLayer("rect", frame: Rect(x: 104, y: 104, width: 512, height: 512),
                                  background: Color(red: 0.2, green: 0.4, blue: 0.8))
            layer.transform = transform
            let swift = Compositor(threadCount: 1)
            swift.rasterizer.shortcuts.rectangleKernel = false
            let expected = try render([layer], width: 720, height: 720, compositor: swift)
            let got = try render([layer], width: 720, height: 720, compositor: Compositor(threadCount: 1))
            XCTAssertTrue(got == expected, "\(maxDifference(got, expected)) apart")
            let item = Compositor().renderList([layer], at: 0, on: Canvas(width: 720, height: 720)).items[0]
            let sampler = RoundedRectSampler(bounds: item.bounds, cornerRadius: 0, map: PlaneMap(item.matrix))
            XCTAssertNotNil(sampler?.rectangle, "the kernel draws this layer")
        }
    }
}
