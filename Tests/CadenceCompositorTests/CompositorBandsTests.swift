import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@_spi(Testing) @testable import CadenceCompositor

/// Rendering into a reused bitmap and in bands (`Compositor+Bands.swift`). That the bands
/// give the single-threaded pixels bit for bit on every golden scene and the demo is
/// tested where those scenes are read (`BandRenderingTests` of the command line).
final class CompositorBandsTests: XCTestCase {
    private func scene() -> Layer {
        let root = makeLayer("root", frame: Rect(x: 3, y: 2, width: 40, height: 30), background: red)
        root.cornerRadius = 6
        root.opacity = 0.8
        root.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)
        let child = makeLayer("child", frame: Rect(x: 10, y: 8, width: 20, height: 20), background: blue)
        child.shadowOpacity = 0.7
        child.shadowRadius = 3
        try! root.addSublayer(child)
        return root
    }

    /// A bitmap of the canvas's size is drawn over in place: the same storage from the
    /// second frame on, every pixel cleared to the background first, the pixels of the
    /// allocating single-threaded `render`.
    func testRenderIntoReusesTheBitmap() throws {
        let canvas = Canvas(width: 48, height: 40, background: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
        let expected = try Compositor(threadCount: 1).render([scene()], at: 0, on: canvas)
        for threads in [1, 2, 5] {
            let compositor = Compositor(threadCount: threads)
            var bitmap = try Bitmap(width: 48, height: 40, fill: SIMD4(9, 9, 9, 9))
            let storage = bitmap.pixels.withUnsafeBufferPointer { $0.baseAddress }
            try compositor.render([scene()], at: 0, on: canvas, into: &bitmap)
            XCTAssertEqual(bitmap, expected, "\(threads) threads")
            XCTAssertEqual(bitmap.pixels.withUnsafeBufferPointer { $0.baseAddress }, storage, "\(threads) threads")
            try compositor.render([scene()], at: 0, on: canvas, into: &bitmap)
            XCTAssertEqual(bitmap, expected, "\(threads) threads, second frame")
        }
    }

    /// A first layer that paints the whole canvas opaque (`coversCanvasOpaquely`) leaves
    /// the clear out, and what the bitmap held does not show: the pixels of clearing first
    /// (`clearsUnderOpaqueRoot`), bit for bit, at 1, 2 and 7 threads, into a bitmap of
    /// seeded noise. Roots at and around the canvas's edges (half a pixel, 1e-7 of one,
    /// three pixels in), opaque or nearly (alpha 0.999 rounds to byte 255, 0.998 to 254), each plain, rounded, bordered, translucent and
    /// scaled, at scale 1 and 2, over a translucent canvas background, in seeded colours.
    func testOpaqueRootLeavesTheClearOut() throws {
        var g = SeededGenerator(seed: 0x0C_0FE5)
        var covered = 0, trial = 0
        for inset in [0, 0.5, -0.5, 1e-7, -1e-7, 3] {
            for alpha in [1, 0.999, 0.998] {
                for variant in 0..<5 {
                    trial += 1
                    let canvas = Canvas(width: 37, height: 23, scale: [1.0, 2][trial % 2],
                                        background: Color(red: 0.3, green: 0.1, blue: 0.5, alpha: 0.6))
                    let root = makeLayer("root", frame: Rect(x: inset, y: trial % 3 == 0 ? 0 : inset,
                                                             width: 37 - 2 * inset, height: 23 - inset),
                                         background: Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: alpha))
                    switch variant {
                    case 1: root.cornerRadius = 4
                    case 2: root.borderWidth = 1; root.borderColor = blue
                    case 3: root.opacity = 0.9
                    case 4: root.transform = Transform3D(scaleX: 1.25, y: 1.25, z: 1)
                    default: break
                    }
                    try root.addSublayer(makeLayer("child", frame: Rect(x: 5.5, y: 3, width: 20, height: 12.25),
                                                   background: Color(red: 0.1, green: 0.8, blue: 0.2, alpha: 0.7)))
                    let cleared = Compositor(threadCount: 1)
                    cleared.clearsUnderOpaqueRoot = true
                    let expected = try cleared.render([root], at: 0, on: canvas)
                    if cleared.renderList([root], at: 0, on: canvas).coversCanvasOpaquely { covered += 1 }
                    for threads in [1, 2, 7] {
                        var bitmap = try Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight)
                        for i in bitmap.pixels.indices { bitmap.pixels[i] = UInt8(truncatingIfNeeded: g.next()) }
                        try Compositor(threadCount: threads).render([root], at: 0, on: canvas, into: &bitmap)
                        XCTAssertTrue(bitmap == expected, "inset \(inset), alpha \(alpha), variant \(variant), \(threads) threads: \(maxDifference(bitmap, expected)) apart")
                    }
                }
            }
        }
        // Plain and scaled roots at insets 0, −0.5 and −1e-7, and scaled ones at 1e-7 and
        // 0.5, at alpha 1 and 0.999 (its byte is 255; 0.998's is 254): 16 of the 90.
        XCTAssertEqual(covered, 16)
    }

    /// A bitmap of another size is replaced by one of the canvas's; an invalid canvas
    /// throws and leaves the bitmap as it was.
    func testRenderIntoResizesAndRefuses() throws {
        let compositor = Compositor(threadCount: 2)
        var bitmap = try Bitmap(width: 7, height: 3, fill: opaqueGreen)
        let canvas = Canvas(width: 20, height: 30, scale: 2)
        try compositor.render([scene()], at: 0, on: canvas, into: &bitmap)
        XCTAssertEqual(bitmap, try compositor.render([scene()], at: 0, on: canvas))
        XCTAssertEqual(bitmap.width, 40)
        let before = bitmap
        XCTAssertThrowsError(try compositor.render([scene()], at: 0, on: Canvas(width: 0, height: 5), into: &bitmap)) {
            XCTAssertEqual($0 as? Bitmap.Error, .invalidSize(width: 0, height: 5))
        }
        XCTAssertEqual(bitmap, before)
    }

    /// Bands cover the rows once, top to bottom, each at least one row and as even as
    /// whole rows allow; `bandsPerThread` a thread unless a layer casts a shadow; never more
    /// bands than rows; an empty canvas is one band.
    func testBands() throws {
        let compositor = Compositor(threadCount: 1)
        for height in [1.0, 2, 7, 24, 1080] {
            for roots in [[], [scene()], [makeLayer("top", frame: Rect(x: 0, y: 0, width: 64, height: 3), background: red)]] {
                let list = compositor.renderList(roots, at: 0, on: Canvas(width: 64, height: height))
                for threads in [1, 2, 3, 7, 32] {
                    let bands = Compositor.bands(for: list, threads: threads)
                    let message = "\(height) rows, \(roots.count) roots, \(threads) threads: \(bands)"
                    // Several bands a thread, but one when a layer casts a shadow (`scene()` does).
                    let shadowed = list.items.contains { $0.shadow != nil }
                    XCTAssertEqual(shadowed, roots.count == 1 && roots[0].name == "root", message)
                    let perThread = threads > 1 && !shadowed ? Compositor.bandsPerThread : 1
                    XCTAssertEqual(bands.count, min(threads * perThread, Int(height)), message)
                    XCTAssertEqual(bands.first?.lowerBound, 0, message)
                    XCTAssertEqual(bands.last?.upperBound, Int(height), message)
                    XCTAssertTrue(bands.allSatisfy { !$0.isEmpty }, message)
                    XCTAssertTrue(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, message)
                    let sizes = bands.map(\.count)
                    XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, message)
                }
            }
        }
        XCTAssertEqual(Compositor.bands(for: RenderList(pixelWidth: 0, pixelHeight: 0, items: []), threads: 4), [0..<0])
    }

    func testThreadCountIsClamped() {
        XCTAssertEqual(Compositor(threadCount: 0).threadCount, 1)
        XCTAssertEqual(Compositor(threadCount: -3).threadCount, 1)
        XCTAssertEqual(Compositor(threadCount: 100_000).threadCount, Compositor.maxThreadCount)
        XCTAssertEqual(Compositor().threadCount, Compositor.activeProcessorCount)
        XCTAssertGreaterThanOrEqual(Compositor.activeProcessorCount, 1)
    }
}
