import CadencePixels
@testable import CadenceScene
@_spi(Testing) @testable import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import XCTest

/// Band-parallel rendering (`docs/compositor.md`, "Bands") against one thread, bit for
/// bit: every golden scene and frames of the demo at 1, 2, 3 and 7 threads (3 and 7 cut
/// the frame where no power of two does, and 7 gives the 24-row scenes bands of 1 row),
/// into new bitmaps and into one bitmap reused from frame to frame, and under scratch
/// limits small enough that groups and clip masks fall back.
final class BandRenderingTests: XCTestCase {
    static let threadCounts = [2, 3, 7]

    /// The same bytes, or a failure naming the first pixel that differs.
    func assertSame(_ actual: Bitmap, _ expected: Bitmap, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard actual != expected else { return }
        guard actual.width == expected.width, actual.height == expected.height else {
            return XCTFail("\(message): \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)", file: file, line: line)
        }
        let first = zip(actual.pixels, expected.pixels).enumerated().first { $0.element.0 != $0.element.1 }!.offset
        let (x, y) = (first % actual.bytesPerRow / 4, first / actual.bytesPerRow)
        XCTFail("\(message): first difference at (\(x), \(y)): \(actual[x, y]), expected \(expected[x, y])", file: file, line: line)
    }

    func testEveryGoldenSceneIsTheSameAtAnyThreadCount() throws {
        let scenes = try SceneGoldenImageTests.goldenScenes()
        let one = Compositor(threadCount: 1)
        let expectations = try scenes.map { try one.render($0.scene.layers, at: 0, on: $0.scene.canvas) }
        var reused = try Bitmap(width: 1, height: 1)
        for threads in Self.threadCounts {
            let compositor = Compositor(threadCount: threads)
            for ((name, scene), expected) in zip(scenes, expectations) {
                assertSame(try compositor.render(scene.layers, at: 0, on: scene.canvas), expected, "\(name), \(threads) threads")
                // One bitmap for every scene: resized when the canvas changes, else drawn over.
                try compositor.render(scene.layers, at: 0, on: scene.canvas, into: &reused)
                assertSame(reused, expected, "\(name), \(threads) threads, reused bitmap")
            }
        }
    }

    func testDemoIsTheSameAtAnyThreadCount() throws {
        let scene = DemoScene.make()
        let times = [0, 1.3, 2.9]
        let one = Compositor(threadCount: 1)
        let expected = try times.map { try one.render(scene.layers, at: $0, on: scene.canvas) }
        for threads in [1] + Self.threadCounts {
            let compositor = Compositor(threadCount: threads)
            var frame = try Bitmap(width: 1, height: 1)
            for (time, expected) in zip(times, expected) {
                try compositor.render(scene.layers, at: time, on: scene.canvas, into: &frame)
                assertSame(frame, expected, "demo at \(time) s, \(threads) threads")
            }
        }
    }

    /// What the band planner reads of a frame's items (`RenderList.RowWork`: each item's
    /// rows and work per row, the shadowed rows), as the builder records it while it gathers
    /// the extents, is what the planner would read from the items: on every golden scene,
    /// the demo at 0, 1.3 and 2.9 s and the shadowed cards. So the bands and their order are
    /// those of the items (the pixels do not depend on them either way: the tests above).
    func testRecordedRowWorkIsTheItems() throws {
        let compositor = Compositor(threadCount: 2)
        let demo = DemoScene.make()
        var frames = try SceneGoldenImageTests.goldenScenes().map { ($0.name, $0.scene.layers, $0.scene.canvas, 0.0) }
        frames += [0, 1.3, 2.9].map { ("demo at \($0) s", demo.layers, demo.canvas, $0) }
        frames.append(("cards and shadows", Self.shadowedCards(), Canvas(width: 1920, height: 1080), 0))
        var shadowed = 0
        for (name, layers, canvas, time) in frames {
            let list = compositor.renderList(layers, at: time, on: canvas)
            let recorded = try XCTUnwrap(list.rowWork, name)
            XCTAssertEqual(recorded, RenderList.RowWork(items: list.items, pixelHeight: list.pixelHeight), name)
            shadowed += recorded.shadowed.isEmpty ? 0 : 1
        }
        XCTAssertGreaterThan(shadowed, 2)
    }

    /// One thread draws a frame in bands of at most `Compositor.bandByteLimit` bytes of rows
    /// (three bands of the 640 × 1172 demo, eight of a 1080p frame): the same bytes as one
    /// band of the whole frame (`bandByteLimit = .max`), for the demo at 0, 1.3 and 2.9 s
    /// (each compositor with a scene of its own, drawn in that order: a demo frame depends on
    /// the frames its scene drew before) and a 1080p frame of cards casting shadows through a
    /// path and of their own alpha, which the bands' edges cut.
    func testCacheSizedBandsChangeNoByte() throws {
        let whole = Compositor(threadCount: 1), banded = Compositor(threadCount: 1)
        whole.bandByteLimit = .max
        let demos = (DemoScene.make(), DemoScene.make())
        var frames = [0, 1.3, 2.9].map { ("demo at \($0) s", demos.0.layers, demos.1.layers, demos.0.canvas, $0) }
        let cards = (Self.shadowedCards(), Self.shadowedCards())
        frames.append(("cards and shadows", cards.0, cards.1, Canvas(width: 1920, height: 1080), 0))
        for (name, wholeLayers, bandedLayers, canvas, time) in frames {
            let list = banded.renderList(bandedLayers, at: time, on: canvas)
            XCTAssertGreaterThan(Compositor.bands(for: list, threads: 1, byteLimit: banded.bandByteLimit).count, 2, name)
            XCTAssertEqual(Compositor.bands(for: list, threads: 1, byteLimit: whole.bandByteLimit).count, 1, name)
            let expected = try whole.render(wholeLayers, at: time, on: canvas)
            assertSame(try banded.render(bandedLayers, at: time, on: canvas), expected, "\(name), bands of 1 MiB")
        }
    }

    /// A 1920 × 1080 frame: an opaque root, five rounded cards casting shadows of radius 20
    /// (the even ones through their rounded bounds as a `shadowPath`, the odd ones of their
    /// alpha), rows 640–1020, across the bands' edges at 675, 810 and 945; a translucent,
    /// turned image on each odd card and three more on the root, scaled up and down.
    static func shadowedCards() -> [Layer] {
        func image(_ width: Int, _ height: Int, seed: Int) -> Bitmap {
            var bitmap = try! Bitmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let alpha = (x / 24 + y / 16 + seed) % 3 == 0 ? 140 : 255
                    let i = y * bitmap.bytesPerRow + 4 * x
                    let rgb = [(x * 255 / width), (y * 255 / height), ((x + y + 40 * seed) % 256)]
                    for c in 0..<3 { bitmap.pixels[i + c] = UInt8(rgb[c] * alpha / 255) }
                    bitmap.pixels[i + 3] = UInt8(alpha)
                }
            }
            return bitmap
        }
        func layer(_ frame: Rect, color: Color? = nil, contents: Bitmap? = nil, angle: Double = 0) -> Layer {
            let layer = Layer()
            layer.frame = frame
            layer.backgroundColor = color
            layer.contents = contents
            layer.magnificationFilter = .linear
            layer.minificationFilter = .linear
            if angle != 0 { layer.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1) }
            return layer
        }
        let root = layer(Rect(x: 0, y: 0, width: 1920, height: 1080), color: Color(red: 0.91, green: 0.93, blue: 0.95))
        for k in 0..<5 {
            let card = layer(Rect(x: 60 + 370 * Double(k), y: 640 + 13 * Double(k), width: 330, height: 360 - 9 * Double(k)),
                             color: Color(red: 1, green: 1, blue: 1))
            card.cornerRadius = 20
            card.shadowOpacity = 0.4
            card.shadowRadius = 20
            card.shadowOffset = Size(width: Double(k) - 2, height: 4 + 1.5 * Double(k))
            if k % 2 == 0 {
                card.shadowPath = Path(roundedRect: card.bounds, cornerRadius: 20)
            } else {
                try! card.addSublayer(layer(Rect(x: 20, y: 20, width: 290, height: 250), contents: image(256, 256, seed: k),
                                            angle: -0.15))
            }
            try! root.addSublayer(card)
        }
        try! root.addSublayer(layer(Rect(x: 40, y: 40, width: 640, height: 540), contents: image(256, 256, seed: 5)))
        try! root.addSublayer(layer(Rect(x: 900, y: 60, width: 171, height: 128), contents: image(512, 384, seed: 6), angle: 0.35))
        try! root.addSublayer(layer(Rect(x: 1300, y: 200, width: 460, height: 460), contents: image(256, 256, seed: 7),
                                    angle: .pi / 6))
        return [root]
    }

    /// The rasterizer's shortcuts (`Rasterizer.Shortcuts`: spans of pixel-aligned layers,
    /// the rectangle and rounded-row kernels (under a mask too), steady rows, masked spans, perspective interiors, corners left
    /// out, covered shadows left out, mask zeros left out, the sprite kernel and its quad tables,
    /// gray tables, half groups and picking, groups cleared around their backgrounds and composited over
    /// the root's colour) change no byte of any golden scene or of the demo at 0,
    /// 1.3 and 2.9 s (its turning clip, its emitter), at 1 and 7 threads, against a
    /// one-thread compositor that takes none of them. Where a frame differs, each shortcut is
    /// then turned off alone, and the failure names those whose absence changes the frame.
    /// (One reference for all of them: each shortcut's own test compares it alone on scenes
    /// made for it.) The sprites' fixed-point rows, which are within a bound of the float
    /// lanes but not their bytes (`RasterizerSpritesTests`), are off in every compositor here.
    func testShortcutsChangeNoByte() throws {
        let shortcuts: [(name: String, path: WritableKeyPath<Rasterizer.Shortcuts, Bool>)] = [
            ("alignedSpans", \.alignedSpans), ("rectangleKernel", \.rectangleKernel), ("roundedKernel", \.roundedKernel),
            ("maskedRoundedKernel", \.maskedRoundedKernel), ("steadyRows", \.steadyRows),
            ("maskedSpans", \.maskedSpans), ("projectiveSpans", \.projectiveSpans), ("cornerSupport", \.cornerSupport),
            ("leavesOutCoveredShadows", \.leavesOutCoveredShadows), ("maskZeros", \.maskZeros),
            ("spriteKernel", \.spriteKernel), ("fixedPointSprites", \.fixedPointSprites),
            ("spriteQuadTables", \.spriteQuadTables), ("spriteGrayTables", \.spriteGrayTables),
            ("spriteHalfGroups", \.spriteHalfGroups), ("groupsClearAroundBackgrounds", \.groupsClearAroundBackgrounds),
            ("groupsOverRootColor", \.groupsOverRootColor), ("spritePicking", \.spritePicking),
        ]
        // Every shortcut is named here and off in `.none` (a new one goes in both).
        let fields = Mirror(reflecting: Rasterizer.Shortcuts.none).children
        XCTAssertEqual(fields.map(\.label), shortcuts.map(\.name))
        XCTAssert(fields.allSatisfy { $0.value as? Bool == false })
        let every = Compositor(threadCount: 1)
        every.rasterizer.shortcuts = .none
        let compositors = [1, 7].map { threads in
            let compositor = Compositor(threadCount: threads)
            compositor.rasterizer.shortcuts.fixedPointSprites = false
            return compositor
        }
        let demo = DemoScene.make()
        var frames = try SceneGoldenImageTests.goldenScenes().map { ($0.name, $0.scene, 0.0) }
        frames += [0, 1.3, 2.9].map { ("demo at \($0) s", demo, $0) }
        for (name, scene, time) in frames {
            let expected = try every.render(scene.layers, at: time, on: scene.canvas)
            for compositor in compositors {
                let got = try compositor.render(scene.layers, at: time, on: scene.canvas)
                guard got != expected else { continue }
                let culprits = try shortcuts.filter { shortcut in
                    let one = Compositor(threadCount: compositor.threadCount)
                    one.rasterizer.shortcuts.fixedPointSprites = false
                    one.rasterizer.shortcuts[keyPath: shortcut.path] = false
                    return try one.render(scene.layers, at: time, on: scene.canvas) != got
                }
                assertSame(got, expected, "\(name), \(compositor.threadCount) threads (changed by: "
                           + "\(culprits.map(\.name).joined(separator: ", ")))")
            }
        }
    }

    /// Scratch limits at which some groups, clip masks and shadows of the goldens are
    /// refused: the fallbacks are decided on the whole frame's sizes, so they are the same
    /// in every band (7 threads: the most bands, cut where no power of two cuts).
    func testFallbacksAreTheSameAtAnyThreadCount() throws {
        let scenes = try SceneGoldenImageTests.goldenScenes()
        for limit in [0, 60_000, 300_000] {
            let one = Compositor(scratchByteLimit: limit, threadCount: 1)
            let compositors = [Compositor(scratchByteLimit: limit, threadCount: Self.threadCounts.last!)]
            for (name, scene) in scenes {
                let expected = try one.render(scene.layers, at: 0.5, on: scene.canvas)
                for compositor in compositors {
                    assertSame(try compositor.render(scene.layers, at: 0.5, on: scene.canvas), expected,
                               "\(name), limit \(limit), \(compositor.threadCount) threads")
                }
            }
        }
    }
}
