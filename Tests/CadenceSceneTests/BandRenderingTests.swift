import CadencePixels
@testable import CadenceScene
@testable import CadenceCompositor
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

    /// Rounded layers leaving out their corners' empty pixels and clip masks sampling only
    /// their rows' supports (`cornerSupport`) change no byte of any golden scene or of the
    /// demo at 0, 1.3 and 2.9 s, at 1 and 7 threads, against `cornerSupport = false` (the
    /// slabs' whole spans, every pixel of a mask's rows).
    func testCornerSupportChangesNoByte() throws {
        try assertChangesNoByte { $0.rasterizer.cornerSupport = false }
    }

    /// Pieces under a clip mask leaving out the mask's zeros (`maskZeros`) change no byte of
    /// any golden scene or of the demo at 0, 1.3 and 2.9 s (its turning clip), at 1 and 7
    /// threads, against `maskZeros = false` (the whole pieces).
    func testMaskZerosChangeNoByte() throws {
        try assertChangesNoByte { $0.rasterizer.maskZeros = false }
    }

    /// Opaque, unrounded, borderless layers under affine maps drawn by
    /// `cadence_rectangle_draw` (`rectangleKernel`) change no byte of any golden scene or of
    /// the demo at 0, 1.3 and 2.9 s, at 1 and 7 threads, against the Swift rows
    /// (`rectangleKernel = false`).
    func testRectangleKernelChangesNoByte() throws {
        try assertChangesNoByte { $0.rasterizer.rectangleKernel = false }
    }

    /// Every golden scene and the demo at 0, 1.3 and 2.9 s, rendered by a one-thread
    /// compositor set up by `reference` and by default compositors at 1 and 7 threads.
    private func assertChangesNoByte(reference: (Compositor) -> Void) throws {
        let every = Compositor(threadCount: 1)
        reference(every)
        let compositors = [1, 7].map { Compositor(threadCount: $0) }
        let demo = DemoScene.make()
        var frames = try SceneGoldenImageTests.goldenScenes().map { ($0.name, $0.scene, 0.0) }
        frames += [0, 1.3, 2.9].map { ("demo at \($0) s", demo, $0) }
        for (name, scene, time) in frames {
            let expected = try every.render(scene.layers, at: time, on: scene.canvas)
            for compositor in compositors {
                let got = try compositor.render(scene.layers, at: time, on: scene.canvas)
                assertSame(got, expected, "\(name), \(compositor.threadCount) threads")
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
