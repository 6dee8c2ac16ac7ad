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

    /// `root` rendered at 1, 2 and 7 threads into a bitmap of seeded noise is `expected`,
    /// bit for bit.
    private func assertRendersOverNoise(
        _ root: Layer, on canvas: Canvas, as expected: Bitmap, _ g: inout SeededGenerator, _ what: String
    ) throws {
        for threads in [1, 2, 7] {
            var bitmap = try Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight)
            for i in bitmap.pixels.indices { bitmap.pixels[i] = UInt8(truncatingIfNeeded: g.next()) }
            try Compositor(threadCount: threads).render([root], at: 0, on: canvas, into: &bitmap)
            XCTAssertTrue(bitmap == expected, "\(what), \(threads) threads: \(maxDifference(bitmap, expected)) apart")
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
                    try assertRendersOverNoise(root, on: canvas, as: expected, &g, "inset \(inset), alpha \(alpha), variant \(variant)")
                }
            }
        }
        // Plain and scaled roots at insets 0, −0.5 and −1e-7, and scaled ones at 1e-7 and
        // 0.5, at alpha 1 and 0.999 (its byte is 255; 0.998's is 254): 16 of the 90.
        XCTAssertEqual(covered, 16)
    }

    /// Gives `layer` (of bounds `w × h`) one of the occlusion tests' five shapes: `variant`
    /// 0 rounded, 1 rounded with continuous corners, 2 bordered (a translucent border),
    /// 3 bordered with a sublayer, 4 scaled unevenly.
    private func shape(_ layer: Layer, _ variant: UInt64) throws {
        let w = layer.bounds.width, h = layer.bounds.height
        switch variant {
        case 0: layer.cornerRadius = Swift.min(w, h) / 3
        case 1: layer.cornerRadius = Swift.min(w, h) / 4; layer.cornerCurve = .continuous
        case 2: layer.borderWidth = 1.5; layer.borderColor = Color(red: 0.9, green: 0.9, blue: 0.1, alpha: 0.5)
        case 3:
            layer.borderWidth = 2; layer.borderColor = blue
            try layer.addSublayer(makeLayer("inner", frame: Rect(x: 1, y: 1, width: 3, height: 2), background: red))
        default: layer.transform = Transform3D(scaleX: 1.25, y: 0.75, z: 1)
        }
    }

    /// Sublayers of an opaque root that paint a part of the canvas opaque at full weight
    /// (`RenderList.occluders`) leave the root's fill out there, and what the bitmap held
    /// does not show: the pixels of filling and clearing everything
    /// (`occludesUnderOpaqueLayers` and `leavesOutCoveredShadows` off,
    /// `clearsUnderOpaqueRoot`), bit for bit, at 1, 2 and 7 threads, into a bitmap of
    /// seeded noise. Seeded scenes of five sublayers at
    /// fractional places and sizes, at scale 1 and 2, each opaque or nearly (alpha 0.999's
    /// byte is 255, 0.998's 254), rounded (circular or continuous), bordered with or without
    /// sublayers of their own, scaled or mirrored, turned, at opacity 0.9, casting a path
    /// shadow or their own alpha's, overlapping one another; the root sometimes clipping.
    func testOpaqueSublayersLeaveTheRootFillOut() throws {
        var g = SeededGenerator(seed: 0x0CC1_0DE5)
        var occluded = 0
        let trials = 60
        for trial in 0..<trials {
            let canvas = Canvas(width: 61, height: 43, scale: [1.0, 2][trial % 2],
                                background: Color(red: 0.3, green: 0.1, blue: 0.5, alpha: 0.6))
            let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 61, height: 43),
                                 background: Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: 1))
            root.masksToBounds = trial % 7 == 3
            for k in 0..<5 {
                let offsets = [0.0, 0.5, 1e-7, -0.25, 3]
                // Near-integers and fractions, sizes from 1 pixel to most of the canvas.
                let x = offsets[Int(g.next() % 5)] + Double(g.next() % 40)
                let y = offsets[Int(g.next() % 5)] + Double(g.next() % 25)
                let w = [1.0, 2.5, 7, 13.75, 24][Int(g.next() % 5)], h = [1.0, 3.5, 9, 12.25, 20][Int(g.next() % 5)]
                let alpha = [1, 1, 1, 0.999, 0.998, 0.6][Int(g.next() % 6)]
                let layer = makeLayer("layer \(k)", frame: Rect(x: x, y: y, width: w, height: h),
                                      background: Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: alpha))
                switch g.next() % 12 {
                case let v where v < 5: try shape(layer, v)
                case 5: layer.transform = Transform3D(scaleX: -1, y: 1, z: 1)
                case 6: layer.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
                case 7: layer.opacity = 0.9
                case 8:
                    layer.shadowOpacity = 0.5; layer.shadowRadius = 2
                    var path = Path()
                    path.move(to: Point(x: 0, y: 0))
                    path.addLine(to: Point(x: w, y: 0))
                    path.addLine(to: Point(x: w, y: h))
                    path.closeSubpath()
                    layer.shadowPath = path
                case 9: layer.shadowOpacity = 0.5; layer.shadowRadius = 1.5
                case 10:
                    layer.opacity = 0.8
                    try layer.addSublayer(makeLayer("inner", frame: Rect(x: 1, y: 1, width: 3, height: 2), background: red))
                default: break
                }
                try root.addSublayer(layer)
            }
            let reference = Compositor(threadCount: 1)
            reference.clearsUnderOpaqueRoot = true
            reference.occludesUnderOpaqueLayers = false
            reference.rasterizer.shortcuts.leavesOutCoveredShadows = false
            let expected = try reference.render([root], at: 0, on: canvas)
            var found: [RenderList.Occluder] = []
            reference.renderList([root], at: 0, on: canvas).occluders(into: &found)
            if !found.isEmpty { occluded += 1 }
            try assertRendersOverNoise(root, on: canvas, as: expected, &g, "trial \(trial)")
        }
        // 24 of the 60 scenes leave some of the fill out (the others: a clipping root,
        // translucent, turned or grouped layers, or overlaps).
        XCTAssertGreaterThanOrEqual(occluded, 20)
    }

    /// A layer for `holderScene`'s holder: its origin whole, half, nearly whole or a quarter
    /// back (0 to 31, 0 to 21 points), its size one of `widths` and `heights`, its
    /// background a seeded colour at one of `alphas`.
    private func seededLayer(
        _ name: String, _ g: inout SeededGenerator, widths: [Double], heights: [Double], alphas: [Double]
    ) -> Layer {
        let x = [0.0, 0.5, 1e-7, -0.25, 3][Int(g.next() % 5)] + Double(g.next() % 32)
        let y = [0.0, 0.5, 1e-7, -0.25, 3][Int(g.next() % 5)] + Double(g.next() % 22)
        let w = widths[Int(g.next() % UInt64(widths.count))], h = heights[Int(g.next() % UInt64(heights.count))]
        let alpha = alphas[Int(g.next() % UInt64(alphas.count))]
        return makeLayer(name, frame: Rect(x: x, y: y, width: w, height: h),
                         background: Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: alpha))
    }

    /// A `width × height` canvas (scale 1 for an even `variant`, else 2) over a translucent
    /// background, its translucent root, and a holder 2 pixels in that is, by `variant % 5`,
    /// plain, a group (opacity 0.8), clipping rounded, clipping square, or scaled by `scale`.
    private func holderScene(width: Double, height: Double, variant: Int, scale: SIMD2<Double>) throws -> (Canvas, Layer, Layer) {
        let canvas = Canvas(width: width, height: height, scale: [1.0, 2][variant % 2],
                            background: Color(red: 0.2, green: 0.3, blue: 0.1, alpha: 0.7))
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: width, height: height),
                             background: Color(red: 0.5, green: 0.4, blue: 0.3, alpha: 0.5))
        let holder = makeLayer("holder", frame: Rect(x: 2, y: 1, width: width - 5, height: height - 3))
        switch variant % 5 {
        case 1: holder.opacity = 0.8
        case 2: holder.masksToBounds = true; holder.cornerRadius = 6
        case 3: holder.masksToBounds = true
        case 4: holder.transform = Transform3D(scaleX: scale.x, y: scale.y, z: 1)
        default: break
        }
        try root.addSublayer(holder)
        return (canvas, root, holder)
    }

    /// A path shadow drawn straight before its layer leaves out the pixels the layer's
    /// background then paints opaque at full weight (`RenderList.opaqueCross`), and what
    /// the bitmap held does not show: the pixels of drawing all of the shadow
    /// (`leavesOutCoveredShadows = false`, with the root's occluders off too), bit for bit,
    /// at 1, 2 and 7 threads, into a bitmap of seeded noise. Seeded scenes of four
    /// shadowed layers at fractional places and sizes, at scale 1 and 2, in a holder that
    /// is plain, a group (opacity 0.8), clipping with rounded corners, clipping square, or
    /// scaled, over a translucent root; the layers opaque or nearly (alpha 0.999's byte is
    /// 255, 0.998's 254), rounded (circular or continuous), bordered with or without
    /// sublayers, scaled, turned, at opacity 0.9, masking to their bounds, overlapping;
    /// shadow offsets whole and fractional, radii 0 to 4, paths the bounds or larger.
    func testPathShadowsLeaveOutWhatTheirLayersCover() throws {
        var g = SeededGenerator(seed: 0x5AD0_C0DE)
        var crossed = 0
        for trial in 0..<50 {
            let (canvas, root, holder) = try holderScene(width: 57, height: 41, variant: trial, scale: SIMD2(1.5, 1.25))
            for k in 0..<4 {
                let layer = seededLayer("layer \(k)", &g, widths: [1.0, 2.5, 7, 13.75, 24], heights: [1.0, 3.5, 9, 12.25, 20],
                                        alphas: [1, 1, 1, 0.999, 0.998])
                let (w, h) = (layer.bounds.width, layer.bounds.height)
                layer.shadowOpacity = [0.5, 1][Int(g.next() % 2)]
                layer.shadowRadius = [0, 0.5, 2, 4][Int(g.next() % 4)]
                layer.shadowOffset = Size(width: [0, 3, -2, 1.5, 0.25][Int(g.next() % 5)],
                                          height: [0, 2, -3, 0.5][Int(g.next() % 4)])
                let grow = [0.0, 0, 2][Int(g.next() % 3)]
                var path = Path()
                path.move(to: Point(x: -grow, y: -grow))
                path.addLine(to: Point(x: w + grow, y: -grow))
                path.addLine(to: Point(x: w + grow, y: h + grow))
                path.addLine(to: Point(x: -grow, y: h + grow))
                path.closeSubpath()
                layer.shadowPath = path
                switch g.next() % 10 {
                case let v where v < 5: try shape(layer, v)
                case 5: layer.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
                case 6: layer.opacity = 0.9
                case 7: layer.masksToBounds = true; layer.cornerRadius = 2
                default: break
                }
                try holder.addSublayer(layer)
            }
            let reference = Compositor(threadCount: 1)
            reference.occludesUnderOpaqueLayers = false
            reference.rasterizer.shortcuts.leavesOutCoveredShadows = false
            let expected = try reference.render([root], at: 0, on: canvas)
            let items = reference.renderList([root], at: 0, on: canvas).items
            if items.contains(where: { $0.shadow?.path != nil && RenderList.opaqueCross($0) != nil }) { crossed += 1 }
            try assertRendersOverNoise(root, on: canvas, as: expected, &g, "trial \(trial)")
        }
        // Most scenes have a shadowed layer with a cross (not every one is drawn with it:
        // a group's fold, a rounded clip or masking to the bounds keep the whole shadow).
        XCTAssertGreaterThanOrEqual(crossed, 35)
    }

    /// An offscreen group whose layer's background paints a cross of its pixels opaque at
    /// full weight leaves that cross out of its surface's clear
    /// (`Shortcuts.groupsClearAroundBackgrounds`), and what its scratch block held does not
    /// show: the pixels of clearing every group whole (the shortcut off), bit for bit, at 1,
    /// 2 and 7 threads, on a second frame drawn after every free scratch block was filled
    /// with `0xA5`. Seeded scenes of four groups (opacity 0.8, each with a sublayer that
    /// overhangs its edge) at fractional places and sizes, at scale 1 and 2, in a holder
    /// that is plain, a group, clipping rounded, clipping square, or scaled; their
    /// backgrounds opaque, nearly (alpha 0.999's byte is 255, 0.998's 254) or translucent,
    /// rounded (circular or continuous), bordered with or without another sublayer,
    /// scaled, turned, transparent, masking to their bounds, overlapping.
    func testGroupsClearAroundTheirOpaqueBackgrounds() throws {
        var g = SeededGenerator(seed: 0x6C0E_A5A5)
        var crossed = 0
        for trial in 0..<50 {
            let (canvas, root, holder) = try holderScene(width: 59, height: 43, variant: trial, scale: SIMD2(1.25, 1.5))
            for k in 0..<4 {
                let layer = seededLayer("group \(k)", &g, widths: [2.5, 7, 13.75, 24, 31], heights: [3.5, 9, 12.25, 20, 26],
                                        alphas: [1, 1, 1, 0.999, 0.998, 0.6])
                let (w, h) = (layer.bounds.width, layer.bounds.height)
                layer.opacity = 0.8
                try layer.addSublayer(makeLayer("overhang", frame: Rect(x: w / 2, y: -1.5, width: w / 2 + 2, height: h / 3),
                                                background: Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.7)))
                switch g.next() % 10 {
                case let v where v < 5: try shape(layer, v)
                case 5: layer.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
                case 6: layer.masksToBounds = true; layer.cornerRadius = 3
                case 7: layer.backgroundColor = nil
                default: break
                }
                try holder.addSublayer(layer)
            }
            let reference = Compositor(threadCount: 1)
            reference.rasterizer.shortcuts.groupsClearAroundBackgrounds = false
            let expected = try reference.render([root], at: 0, on: canvas)
            let unclipped = Rasterizer.Clip(scissor: PixelRect(width: canvas.pixelWidth, height: canvas.pixelHeight),
                                            mask: nil, analytic: 0..<0, buffer: nil)
            if reference.renderList([root], at: 0, on: canvas).items.contains(where: {
                $0.groupOpacity != nil && Rasterizer.backgroundCross($0, under: unclipped) != nil
            }) { crossed += 1 }
            for threads in [1, 2, 7] {
                let compositor = Compositor(threadCount: threads)
                var bitmap = try compositor.render([root], at: 0, on: canvas)
                for worker in compositor.rasterizers { worker.pool.fillFreeBlocks(with: 0xA5) }
                try compositor.render([root], at: 0, on: canvas, into: &bitmap)
                XCTAssertTrue(bitmap == expected, "trial \(trial), \(threads) threads: \(maxDifference(bitmap, expected)) apart")
            }
        }
        // Most scenes have a group with a cross (a clipping or grouped holder keeps some
        // of them from being drawn with it).
        XCTAssertGreaterThanOrEqual(crossed, 35)
    }

    /// A band blurs only the shadow rows it needs (its own, the row above for the offset's
    /// fraction, and the kernel's reach), and a group that casts its own alpha's shadow gets
    /// the shadow only in the band's rows: the pixels are still those of one thread, bit for
    /// bit, with bands of 1 to 12 rows cutting through every shadow. 16 seeded scenes on a
    /// 43 × 71 canvas (scale 1 and 2) of three layers casting shadows of radius 4 to 33 (the
    /// blur's box passes, σ ≥ 2, whose running sums cross the cuts) and 0.5 (σ from 0.5 to
    /// about 1.4 by the scale and the scaled holder's 1.25 × 1.5, below 2: the direct
    /// pass), half of them through a `shadowPath`, offsets whole and fractional, in a
    /// holder that is plain, a group, clipping rounded or square, or scaled, some layers
    /// masking to their bounds, translucent, rounded or turned, into seeded noise at 3 and
    /// 35 threads (12 and 140 bands, as many as the 142 rows allow at scale 2).
    func testShadowsCutByBandsAreTheSameAtAnyThreadCount() throws {
        var g = SeededGenerator(seed: 0xB1_0B5)
        for trial in 0..<16 {
            let (canvas, root, holder) = try holderScene(width: 43, height: 71, variant: trial, scale: SIMD2(1.25, 1.5))
            for k in 0..<3 {
                let x = [0.0, 0.5, -0.25][Int(g.next() % 3)] + Double(g.next() % 24)
                let y = [0.0, 0.5, -0.25][Int(g.next() % 3)] + Double(g.next() % 50)
                let w = [3.0, 7.5, 13.75, 20][Int(g.next() % 4)], h = [2.0, 9, 12.25, 17][Int(g.next() % 4)]
                let layer = makeLayer("layer \(k)", frame: Rect(x: x, y: y, width: w, height: h),
                                      background: Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: [1, 0.6][Int(g.next() % 2)]))
                layer.shadowOpacity = [0.5, 1][Int(g.next() % 2)]
                layer.shadowRadius = [4, 8, 13, 20, 33, 0.5][Int(g.next() % 6)]
                layer.shadowOffset = Size(width: [0, 3, -2, 1.5][Int(g.next() % 4)], height: [0, 5, -3, 0.5, 2.25][Int(g.next() % 5)])
                if g.next() % 2 == 0 {
                    var path = Path()
                    path.move(to: Point(x: -1, y: 0))
                    path.addLine(to: Point(x: w + 1, y: -1))
                    path.addCurve(to: Point(x: 0, y: h + 1), control1: Point(x: w, y: h), control2: Point(x: w / 2, y: h + 3))
                    path.closeSubpath()
                    layer.shadowPath = path
                } else {
                    // Its own alpha: a sublayer past its corner widens the shape.
                    try layer.addSublayer(makeLayer("inner", frame: Rect(x: w / 2, y: h / 2, width: w, height: 3), background: blue))
                }
                switch g.next() % 6 {
                case 0: layer.masksToBounds = true; layer.cornerRadius = 2
                case 1: layer.opacity = 0.9
                case 2: layer.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
                case 3: layer.cornerRadius = 3
                default: break
                }
                try holder.addSublayer(layer)
            }
            let expected = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
            for threads in [3, 35] {
                var bitmap = try Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight)
                for i in bitmap.pixels.indices { bitmap.pixels[i] = UInt8(truncatingIfNeeded: g.next()) }
                try Compositor(threadCount: threads).render([root], at: 0, on: canvas, into: &bitmap)
                XCTAssertTrue(bitmap == expected, "trial \(trial), \(threads) threads: \(maxDifference(bitmap, expected)) apart")
            }
        }
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
    /// whole rows allow; `bandsPerThread` a thread on more than one thread, and more when a
    /// band would span more than `byteLimit` bytes of rows (`4 · width` a row, at least one
    /// row a band); never more bands than rows; an empty canvas is one band. Within the
    /// rows of a layer casting a shadow (`scene()`'s child): on one thread no cut (the cuts
    /// there move to those rows' ends, and the bands that meet are one); on several, the
    /// even cuts outside those rows stay, and inside them there are at most `threads − 1`
    /// cuts, even ones, and no more than the even cuts that fell there.
    func testBands() throws {
        let compositor = Compositor(threadCount: 1)
        XCTAssertEqual(compositor.bandByteLimit, Compositor.bandByteLimit)
        for height in [1.0, 2, 7, 24, 1080] {
            for roots in [[], [scene()], [makeLayer("top", frame: Rect(x: 0, y: 0, width: 64, height: 3), background: red)]] {
                let list = compositor.renderList(roots, at: 0, on: Canvas(width: 64, height: height))
                for threads in [1, 2, 3, 7, 32] {
                    for limit in [Compositor.bandByteLimit, 256 * 5, 256 * 5 + 255, 100, 0, .max] {
                        let bands = Compositor.bands(for: list, threads: threads, byteLimit: limit)
                        let message = "\(height) rows, \(roots.count) roots, \(threads) threads, \(limit) bytes: \(bands)"
                        // Several bands a thread, also when a layer casts a shadow (`scene()` does).
                        let shadowed = list.items.contains { $0.shadow != nil }
                        XCTAssertEqual(shadowed, roots.count == 1 && roots[0].name == "root", message)
                        let perThread = threads > 1 ? Compositor.bandsPerThread : 1
                        let rowsWithin = max(1, limit / 256)  // 64 pixels a row
                        let fewestWithin = (Int(height) - 1) / rowsWithin + 1
                        let even = min(max(threads * perThread, fewestWithin), Int(height))
                        XCTAssertEqual(bands.first?.lowerBound, 0, message)
                        XCTAssertEqual(bands.last?.upperBound, Int(height), message)
                        XCTAssertTrue(bands.allSatisfy { !$0.isEmpty }, message)
                        XCTAssertTrue(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, message)
                        let sizes = bands.map(\.count)
                        if threads == 1 && shadowed {
                            // No cut inside the rows of the layer casting the shadow: fewer bands.
                            let rows = list.items.first { $0.shadow != nil }!.extent
                            XCTAssertFalse(bands.dropFirst().contains { rows.minY < $0.lowerBound && $0.lowerBound < rows.maxY }, message)
                            XCTAssertLessThanOrEqual(bands.count, even, message)
                            XCTAssertGreaterThan(bands.count, even - (rows.maxY - rows.minY) / max(1, Int(height) / even) - 2, message)
                        } else if shadowed, let zone = Compositor.shadowedRows(of: list).first {
                            XCTAssertEqual(Compositor.shadowedRows(of: list).count, 1, message)
                            let inside = { (cut: Int) in zone.lowerBound < cut && cut < zone.upperBound }
                            let outside = { (cut: Int) in cut < zone.lowerBound || cut > zone.upperBound }
                            let evenCuts = (1..<even).map { $0 * Int(height) / even }
                            let cuts = bands.dropFirst().map(\.lowerBound)
                            // Outside the shadowed rows the even cuts; at their ends a cut
                            // (within the canvas); inside, at most one band a thread.
                            XCTAssertEqual(cuts.filter(outside), evenCuts.filter(outside), message)
                            for end in [zone.lowerBound, zone.upperBound] where 0 < end && end < Int(height) {
                                XCTAssertTrue(cuts.contains(end), message)
                            }
                            let within = cuts.filter(inside), parts = min(threads, evenCuts.filter(inside).count + 1)
                            XCTAssertLessThanOrEqual(within.count, threads - 1, message)
                            XCTAssertEqual(within, (1..<parts).map { zone.lowerBound + $0 * zone.count / parts }.filter(inside),
                                           message)
                        } else {
                            XCTAssertEqual(bands.count, even, message)
                            XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, message)
                            XCTAssertLessThanOrEqual(sizes.max()!, rowsWithin, message)
                        }
                    }
                }
            }
        }
        XCTAssertEqual(Compositor.bands(for: RenderList(pixelWidth: 0, pixelHeight: 0, items: []), threads: 4,
                                        byteLimit: Compositor.bandByteLimit), [0..<0])
        XCTAssertEqual(Compositor.bands(for: RenderList(pixelWidth: 1920, pixelHeight: 1080, items: []), threads: 1,
                                        byteLimit: Compositor.bandByteLimit).count, 8)
    }

    /// The threads take the bands by estimated work, most first, ties top first: a
    /// permutation of the bands; on a canvas with layers only in its lower rows those
    /// bands come first, and the rest keep their order. And the pixels do not depend on it
    /// (the same frame at 1, 2 and 3 threads).
    func testBandsAreTakenHeaviestFirst() throws {
        let canvas = Canvas(width: 64, height: 80)
        let root = makeLayer("root", frame: Rect(x: 0, y: 0, width: 64, height: 80))
        for (k, y) in [58.0, 66, 74].enumerated() {
            let layer = makeLayer("bar \(k)", frame: Rect(x: 2, y: y, width: 60, height: 6), background: k == 1 ? blue : red)
            layer.opacity = 0.5  // a group: twice its extent
            try root.addSublayer(layer)
        }
        let compositor = Compositor(threadCount: 2)
        let list = compositor.renderList([root], at: 0, on: canvas)
        let bands = Compositor.bands(for: list, threads: 2, byteLimit: .max)
        XCTAssertEqual(bands.count, 8)
        let order = Compositor.heaviestFirst(bands, of: list)
        XCTAssertEqual(order.sorted { $0.lowerBound < $1.lowerBound }, bands)
        XCTAssertEqual(Set(order.prefix(3)), Set(bands[5...]), "\(bands) \(order)")
        XCTAssertEqual(Array(order.dropFirst(3)), Array(bands[..<5]))
        XCTAssertEqual(Compositor.heaviestFirst([], of: list), [])
        let expected = try Compositor(threadCount: 1).render([root], at: 0, on: canvas)
        for threads in [2, 3] {
            XCTAssertEqual(try Compositor(threadCount: threads).render([root], at: 0, on: canvas), expected, "\(threads) threads")
        }
    }

    /// A list changed after it was built (its items or its height) drops what the builder
    /// recorded for the band planner, which then reads the items; the record is not part of
    /// the list's value.
    func testRowWorkIsDroppedWhenTheListChanges() throws {
        let compositor = Compositor(threadCount: 2)
        let built = compositor.renderList([scene()], at: 0, on: Canvas(width: 64, height: 48))
        let recorded = try XCTUnwrap(built.rowWork)
        XCTAssertEqual(recorded.shadowed.count, 1)
        let plain = RenderList(pixelWidth: built.pixelWidth, pixelHeight: built.pixelHeight, items: built.items)
        XCTAssertNil(plain.rowWork)
        XCTAssertEqual(plain, built)
        XCTAssertEqual(plain.hashValue, built.hashValue)
        var moved = built
        moved.items[1].extent.minY = recorded.shadowed[0].lowerBound + 5
        XCTAssertNil(moved.rowWork)
        XCTAssertEqual(Compositor.shadowedRows(of: moved), [recorded.shadowed[0].lowerBound + 5 ..< recorded.shadowed[0].upperBound])
        var shorter = built
        shorter.pixelHeight = 20
        XCTAssertNil(shorter.rowWork)
        XCTAssertEqual(Compositor.shadowedRows(of: shorter).last?.upperBound, 20)
    }

    func testThreadCountIsClamped() {
        XCTAssertEqual(Compositor(threadCount: 0).threadCount, 1)
        XCTAssertEqual(Compositor(threadCount: -3).threadCount, 1)
        XCTAssertEqual(Compositor(threadCount: 100_000).threadCount, Compositor.maxThreadCount)
        XCTAssertEqual(Compositor().threadCount, Compositor.activeProcessorCount)
        XCTAssertGreaterThanOrEqual(Compositor.activeProcessorCount, 1)
    }
}
