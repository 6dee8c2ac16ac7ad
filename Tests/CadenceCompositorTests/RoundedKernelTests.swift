import CCadenceFeatures
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

/// `cadence_rounded_row`, the AVX2 pieces of a rounded, bordered or translucent layer's
/// rows under an affine map, and `cadence_rounded_row_masked`, the same under a clip mask,
/// against their twin, the Swift pieces (`Rasterizer.Shortcuts.roundedKernel = false`,
/// `maskedRoundedKernel = false`).
final class RoundedKernelTests: XCTestCase {
    /// Seeded layers with circular corners from 0 to past half their sides, borders thinner
    /// and thicker than the radius, translucent and opaque backgrounds and borders (either
    /// one alone too), opacities, turned by any angle, scaled (mirrored too), skewed, or
    /// upright at fractional positions and sizes (some thinner than a pixel, some past the
    /// canvas's edges), over a translucent canvas, draw the same bytes through the kernel as
    /// through the Swift pieces, at 1, 2 and 7 threads (bands cut the layers' rows anywhere,
    /// steady rows included). Continuous corners keep the Swift path; clipped layers are
    /// `testMaskedKernelMatchesTheSwiftPieces`'s.
    func testKernelMatchesTheSwiftPieces() throws {
        try XCTSkipUnless(cadence_rectangle_avx2_available() != 0, "the kernel needs AVX2")
        let differing = try assertKernelMatchesTwin(seed: 0x20D_C0A1, trials: 64, layer: { g, k in
            func color() -> Color {
                Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.next() % 2 == 0 ? 1 : g.unit())
            }
            let frame = seededFrame(&g)
            let layer = makeLayer("\(k)", frame: frame, background: color())
            if let transform = seededTransform(&g) { layer.transform = transform }
            layer.cornerRadius = [0, 0.3, 4, 12, 30, 200][Int(g.next() % 6)] * (0.5 + g.unit())
            if g.next() % 2 == 0 {
                layer.borderWidth = [0.4, 1, 2.5, 7, 40][Int(g.next() % 5)]
                layer.borderColor = color()
                if g.next() % 4 == 0 { layer.backgroundColor = nil }
            }
            if g.next() % 3 == 0 { layer.opacity = g.unit() }
            return layer
        }, twin: { $0.rasterizer.shortcuts.roundedKernel = false })
        XCTAssertEqual(differing, 0)
    }

    /// Upright cards of opaque colours at full opacity (the demo's panels: their steady rows
    /// go to `cadence_rounded_steady_rows`, the interior filled or, on the border's own pass
    /// after a sublayer, not painted), at fractional positions and sizes, some scaled
    /// upright, some past the canvas's edges, with and without a border and a sublayer, a
    /// third of them groups at opacity 0.7 (drawn into an offscreen buffer), draw the same
    /// bytes as the Swift pieces at 1, 2 and 7 threads (bands cut the runs of steady rows
    /// anywhere).
    func testSteadyRowRunsMatchTheSwiftPieces() throws {
        try XCTSkipUnless(cadence_rectangle_avx2_available() != 0, "the kernel needs AVX2")
        let differing = try assertKernelMatchesTwin(seed: 0x57EA_D1E5, trials: 48, layer: { g, k in
            func opaque() -> Color { Color(red: g.unit(), green: g.unit(), blue: g.unit()) }
            let frame = Rect(x: 220 * g.unit() - 40, y: 150 * g.unit() - 60, width: 4 + 110 * g.unit(), height: 20 + 120 * g.unit())
            let card = makeLayer("\(k)", frame: frame, background: opaque())
            if g.next() % 4 == 0 { card.transform = Transform3D(scaleX: 0.5 + g.unit(), y: 0.5 + g.unit(), z: 1) }
            card.cornerRadius = [0.3, 3, 12, 30][Int(g.next() % 4)] * (0.5 + g.unit())
            if g.next() % 3 != 0 {
                card.borderWidth = [0.6, 2, 5][Int(g.next() % 3)]
                card.borderColor = g.next() % 2 == 0 ? opaque() : Color(red: 0.9, green: 0.9, blue: 0.2, alpha: 0.5)
            }
            // One card in three is a group at opacity 0.7 (a sublayer and an opacity below 1:
            // drawn into an offscreen buffer, whose rows are the kernel's reach there).
            let grouped = g.next() % 3 == 0
            if grouped || g.next() % 2 == 0 {
                let label = makeLayer("label \(k)", frame: Rect(x: 3, y: 3, width: 20 * g.unit() + 1, height: 6), background: opaque())
                label.cornerRadius = 2
                try! card.addSublayer(label)
            }
            if grouped { card.opacity = 0.7 }
            return card
        }, twin: { $0.rasterizer.shortcuts.roundedKernel = false })
        XCTAssertEqual(differing, 0)
    }

    /// Rounded, bordered, translucent layers under clip masks — sublayers of seeded
    /// containers that clip to their rounded bounds (`masksToBounds`), turned, scaled,
    /// skewed or upright at fractional positions, so the masks hold 0 outside, 255 inside
    /// and partial bytes along their edges; some sublayers clip a sublayer of their own (a
    /// mask times its parent's), some containers are groups at an opacity — draw the same
    /// bytes through `cadence_rounded_row_masked` as through the Swift pieces
    /// (`maskedRoundedKernel` off), at 1, 2 and 7 threads (upright, tall layers reach the
    /// kept rows of steady runs under the mask).
    func testMaskedKernelMatchesTheSwiftPieces() throws {
        try XCTSkipUnless(cadence_rectangle_avx2_available() != 0, "the kernel needs AVX2")
        let differing = try assertKernelMatchesTwin(seed: 0x3A5C_ED15, trials: 48, layer: { g, k in
            func color() -> Color {
                Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.next() % 2 == 0 ? 1 : g.unit())
            }
            func rounded(_ name: String, in size: Size) -> Layer {
                let frame = Rect(x: size.width * (1.2 * g.unit() - 0.4), y: size.height * (1.2 * g.unit() - 0.4),
                                 width: 0.5 + size.width * g.unit(), height: 0.5 + size.height * 1.3 * g.unit())
                let layer = makeLayer(name, frame: frame, background: color())
                if g.next() % 2 == 0, let transform = seededTransform(&g) { layer.transform = transform }
                layer.cornerRadius = [0, 0.4, 3, 10, 40][Int(g.next() % 5)] * (0.5 + g.unit())
                if g.next() % 2 == 0 {
                    layer.borderWidth = [0.4, 1.5, 4, 30][Int(g.next() % 4)]
                    layer.borderColor = color()
                    if g.next() % 4 == 0 { layer.backgroundColor = nil }
                }
                if g.next() % 3 == 0 { layer.opacity = g.unit() }
                return layer
            }
            let frame = Rect(x: 200 * g.unit() - 30, y: 130 * g.unit() - 30, width: 10 + 120 * g.unit(), height: 10 + 100 * g.unit())
            let container = makeLayer("clip \(k)", frame: frame, background: g.next() % 2 == 0 ? color() : nil)
            if let transform = seededTransform(&g) { container.transform = transform }
            container.cornerRadius = [0.3, 4, 15, 60][Int(g.next() % 4)] * (0.5 + g.unit())
            container.masksToBounds = true
            for j in 0..<(1 + Int(g.next() % 3)) {
                let layer = rounded("\(k).\(j)", in: frame.size)
                if g.next() % 3 == 0 {
                    layer.masksToBounds = true
                    try! layer.addSublayer(rounded("\(k).\(j).0", in: layer.bounds.size))
                }
                try! container.addSublayer(layer)
            }
            if g.next() % 4 == 0 { container.opacity = 0.3 + 0.6 * g.unit() }
            return container
        }, twin: { $0.rasterizer.shortcuts.maskedRoundedKernel = false })
        XCTAssertEqual(differing, 0)
    }

    /// A card of the benchmarks' cards scene (rounded, bordered, turned) is one the kernel
    /// draws, and a continuous corner is not.
    func testKernelTakesCircularCornersOnly() throws {
        let map = PlaneMap(Transform3D(rotationAngle: 0.7, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 300, y: 200, z: 0)))
        let paint = SourceOver.Paint(Color(red: 0.8, green: 0.7, blue: 0.1, alpha: 0.6))
        let card = RoundedRectSampler(bounds: Rect(x: 0, y: 0, width: 264, height: 189), cornerRadius: 30, borderWidth: 4, map: map)
        XCTAssertNotNil(card?.roundedRect(fill: paint, stroke: paint, opacity: 0.5))
        let continuous = RoundedRectSampler(bounds: Rect(x: 0, y: 0, width: 264, height: 189), cornerRadius: 30,
                                            curve: .continuous, map: map)
        XCTAssertNil(continuous?.roundedRect(fill: paint, stroke: nil, opacity: 1))
    }
}
