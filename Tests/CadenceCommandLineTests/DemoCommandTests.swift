@testable import CadenceCommandLine
@testable import CadenceScene
import Cadence
import Foundation
import XCTest

/// `cadence demo`: the built-in scene, its frames and contact sheet.
final class DemoCommandTests: RenderTestCase {
    /// The demo writes 24 frames and a contact sheet, one line each, in order.
    func testWritesFramesAndAContactSheet() throws {
        let out = path("demo")
        let result = cadence("demo", "--out", out)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.error, "")
        let frames = (0..<24).map { String(format: "frame-%04d.png", $0) }
        XCTAssertEqual(try contents("demo"), ["contact-sheet.png"] + frames)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 27, "26 lines and the final newline")
        XCTAssertEqual(lines[0], "wrote \(out)/frame-0000.png (640×1172, 0 s)")
        XCTAssertEqual(lines[1], "wrote \(out)/frame-0001.png (640×1172, 0.125 s)")
        XCTAssertEqual(lines[23], "wrote \(out)/frame-0023.png (640×1172, 2.875 s)")
        XCTAssertEqual(lines[24], "wrote \(out)/contact-sheet.png (1016×1212, 24 frames in a 6×4 grid)")
        let summary = lines[25]
        XCTAssertTrue(summary.hasPrefix("24 frames in ") && summary.contains(" frames/s, \(Compositor.activeProcessorCount) thread")
                      && summary.contains("PNG encoding "), summary)
        let frame = try image(out + "/frame-0000.png")
        XCTAssertEqual(frame.width, 640)
        XCTAssertEqual(frame.height, 1172)
        XCTAssertEqual(frame[1, 1], SIMD4(14, 16, 22, 255), "the canvas colour")
        let sheet = try image(out + "/contact-sheet.png")
        XCTAssertEqual(sheet.width, 1016)
        XCTAssertEqual(sheet.height, 1212)
    }

    /// `--threads` and `--png-level` are the options `cadence render` takes (`FrameOptions`,
    /// one pipeline): that they change the speed and the file sizes, not the pixels, is
    /// `RenderCommandTests.testThreadsAndPNGLevel`'s to check on frames cheaper than the
    /// demo's 24 (a second demo run cost a minute of the debug test run). Here: the demo
    /// reads them, and values outside their ranges are refused.
    func testThreadsAndLevel() throws {
        let options = try DemoCommand.parse(["--out", "x", "--threads", "3", "--png-level", "0"])
        XCTAssertEqual(try options.frames.threadCount(), 3)
        XCTAssertEqual(try options.frames.level(), 0)
        let defaults = try DemoCommand.parse([])
        XCTAssertEqual(try defaults.frames.threadCount(), Compositor.activeProcessorCount)
        XCTAssertEqual(try defaults.frames.level(), PNGEncoder.fastLevel)
        assertBadInput(cadence("demo", "--threads", "0"), "--threads: 0 is not in 1...\(Compositor.maxThreadCount)")
        assertBadInput(cadence("demo", "--png-level", "10"), "--png-level: 10 is not in 0...9")
    }

    func testDefaultFolderAndBadFolder() throws {
        XCTAssertEqual(try DemoCommand.parse([]).out, "cadence-demo")
        let file = try write("", to: "file")
        assertBadInput(cadence("demo", "--out", file), "--out: \(file) is a file, not a folder")
        XCTAssertEqual(try contents(), ["file"])
    }

    /// The scene shows what the issue asks for: every calculation mode, a path with a
    /// rotation mode, a group, additive and cumulative animations, perspective, rounded
    /// corners, borders, an opacity group and clipping; and the compositor's effects:
    /// contents with a gravity and nine-part stretching, shadows (one with a path), nested
    /// masks, every kind of transition and flipped geometry; and layout: autoresizing and
    /// constraints under model changes of the schedule, a scroll layer, springs; and titles,
    /// text (wrapped, justified, truncated, its size and colour animated) and particles.
    func testSceneShowsEveryFeature() {
        let scene = DemoScene.make()
        XCTAssertEqual(scene.canvas.pixelWidth, 640)
        XCTAssertEqual(scene.canvas.pixelHeight, 1172)
        var layers: [Layer] = []
        func collect(_ layer: Layer) {
            layers.append(layer)
            layer.sublayers.forEach(collect)
        }
        scene.layers.forEach(collect)
        XCTAssertEqual(scene.layers.first?.sublayers.count, 24, "panels")
        XCTAssertTrue(layers.contains { ($0 as? TiledLayer).map { $0.levelsOfDetail > 1 && !$0.animations.isEmpty } ?? false }, "a zooming tiled layer")
        XCTAssertTrue(layers.contains { ($0 as? ReplicatorLayer).map { $0.instanceCount > 1 && $0.instanceDelay > 0 } ?? false }, "a replicator")
        XCTAssertTrue(layers.contains { $0.layerClass == .transform && $0.sublayers.count > 2 }, "a transform layer")

        var animations: [Animation] = []
        func flatten(_ animation: Animation) {
            animations.append(animation)
            if case .group(let group) = animation { group.animations.forEach(flatten) }
        }
        layers.flatMap(\.animations).map(\.animation).forEach(flatten)
        let properties = animations.compactMap { animation -> PropertyAnimation? in
            guard case .property(let property) = animation else { return nil }
            return property
        }
        let modes = properties.compactMap { $0.keyframe(of: Double.self)?.calculationMode }
        XCTAssertTrue(properties.contains { $0.basic(of: Double.self) != nil })
        XCTAssertEqual(Set(modes), Set(CalculationMode.allCases))
        XCTAssertTrue(properties.contains { $0.keyframe(of: Point.self).map { $0.path != nil && $0.rotationMode == .auto } ?? false })
        XCTAssertTrue(animations.contains { if case .group = $0 { true } else { false } })
        XCTAssertTrue(properties.contains { $0.isAdditive })
        XCTAssertTrue(properties.contains { $0.basic(of: Double.self)?.isCumulative == true })
        XCTAssertTrue(layers.contains { $0.sublayerTransform.m34 != 0 }, "perspective")
        XCTAssertTrue(layers.contains { !$0.isDoubleSided }, "culled back faces")
        XCTAssertTrue(layers.contains { $0.cornerRadius > 0 && $0.borderWidth > 0 })
        XCTAssertTrue(layers.contains { $0.opacity < 1 && $0.sublayers.count > 1 }, "an opacity group")
        XCTAssertTrue(layers.contains { $0.masksToBounds && $0.superlayer?.masksToBounds == true }, "nested clips")

        XCTAssertTrue(layers.contains { $0 is ShapeLayer && $0.animation(forKey: "draw") != nil }, "a stroke drawing itself")
        XCTAssertTrue(layers.contains { ($0 as? ShapeLayer)?.lineDashPattern != nil && $0.animation(forKey: "march") != nil })
        XCTAssertTrue(layers.contains { ($0 as? GradientLayer)?.type == .conic })
        XCTAssertTrue(layers.contains { $0 is GradientLayer && $0.animation(forKey: "start") != nil }, "an animated gradient")
        XCTAssertTrue(layers.contains { $0.contents != nil && $0.contentsGravity == .resizeAspect })
        XCTAssertTrue(layers.contains { $0.contents != nil && $0.contentsCenter != Rect(x: 0, y: 0, width: 1, height: 1) }, "nine-part")
        XCTAssertTrue(layers.contains { $0.shadowOpacity > 0 && $0.shadowPath == nil })
        XCTAssertTrue(layers.contains { $0.shadowOpacity > 0 && $0.shadowPath != nil })
        XCTAssertTrue(properties.contains { ["shadowRadius", "shadowOffset"].contains($0.keyPath) })
        XCTAssertTrue(layers.contains { $0.mask?.mask != nil }, "a mask with a mask")
        XCTAssertTrue(layers.contains { $0.mask?.contents != nil }, "an image mask")
        XCTAssertTrue(layers.contains { $0.mask.map { !$0.animations.isEmpty } ?? false }, "a moving mask")
        let transitions = animations.compactMap { animation -> Transition? in
            guard case .transition(let transition) = animation else { return nil }
            return transition
        }
        XCTAssertEqual(Set(transitions.map(\.type)), Set(TransitionType.allCases))
        XCTAssertTrue(layers.contains { $0.isGeometryFlipped && !$0.sublayers.isEmpty })

        XCTAssertTrue(layers.contains { $0.autoresizingMask.contains(.widthSizable) })
        XCTAssertTrue(layers.contains { $0.layoutManager is ConstraintLayoutManager && $0.sublayers.count == 3 })
        XCTAssertTrue(layers.contains { $0.scrollMode == .vertically })
        XCTAssertTrue(properties.contains { $0.basic(of: Double.self)?.spring != nil })

        let texts = layers.compactMap { $0 as? TextLayer }
        XCTAssertEqual(texts.filter { $0.name == "title" }.map { $0.string ?? "" }, DemoScene.titles, "every panel titled")
        XCTAssertTrue(texts.contains { $0.isWrapped && $0.alignmentMode == .justified && $0.animation(forKey: "grow") != nil })
        XCTAssertEqual(Set(texts.map(\.truncationMode)), [.start, .middle, .end])
        XCTAssertTrue(texts.contains { $0.animation(forKey: "colour") != nil }, "an animated foreground colour")
        XCTAssertTrue(layers.contains { ($0 as? EmitterLayer)?.emitterCells.first?.contents != nil }, "a particle fountain")
    }

    /// The fourth row's model changes: the resized containers reach their large size by
    /// 1.3 s and their small one by 2.8 s; their sublayers follow (autoresizing, and the
    /// constraints' layout in the same commit); the list scrolls to its last row.
    func testScheduleResizesAndScrolls() throws {
        let scene = DemoScene.make()
        let compositor = Compositor()
        let panels = scene.layers[0].sublayers
        let window = panels[12].sublayers[2], container = panels[13].sublayers[2], list = panels[14].sublayers[2]
        _ = try scene.render(at: 1.4, with: compositor)
        XCTAssertEqual(window.bounds.size, DemoScene.large)
        XCTAssertEqual(window.sublayers[0].bounds.width, DemoScene.large.width, "the title bar stretches")
        XCTAssertEqual(container.sublayers[1].frame.maxX, DemoScene.large.width - 6, "main reaches the right edge")
        XCTAssertEqual(list.bounds.maxY, list.sublayers.last!.frame.maxY + 4, accuracy: 30, "the last row in view")
        _ = try scene.render(at: 2.9, with: compositor)
        XCTAssertEqual(window.presentation(at: 2.9).bounds.size, DemoScene.small)
        XCTAssertEqual(container.sublayers[1].frame.maxX, DemoScene.small.width - 6)
        XCTAssertEqual(list.bounds.origin, .zero)
    }
}
