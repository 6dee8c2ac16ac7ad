import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@_spi(Testing) @testable import CadenceCompositor

/// Emitter layers on the canvas (`docs/compositor.md` § 20): particles drawn as their
/// cell's contents, centred, scaled, rotated and tinted, under the emitter's sublayers.
final class EmitterRenderingTests: XCTestCase {
    /// A fountain: 40 particles a second from (32, 56), up and spread, falling back, fading.
    private func fountain() throws -> EmitterLayer {
        var spark = EmitterCell()
        spark.birthRate = 40
        spark.lifetime = 2
        spark.lifetimeRange = 0.5
        spark.velocity = 40
        spark.velocityRange = 10
        spark.emissionLongitude = -.pi / 2
        spark.emissionRange = .pi / 2
        spark.yAcceleration = 30
        spark.spin = 1
        spark.scaleRange = 0.5
        spark.color = Color(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        spark.greenRange = 0.2
        spark.alphaSpeed = -0.4
        spark.contents = try Bitmap(width: 4, height: 4, fill: SIMD4(255, 255, 255, 255))
        let emitter = EmitterLayer()
        emitter.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
        emitter.position = Point(x: 32, y: 32)
        emitter.emitterPosition = Point(x: 32, y: 56)
        emitter.emitterCells = [spark]
        emitter.renderMode = .oldestFirst
        return emitter
    }

    /// A cell of particles that stay where they are born: a white 4 × 4 image tinted
    /// `color`, born once a second (`rate`) and living 10 s.
    private func stillCell(_ color: Color, rate: Double = 1) throws -> EmitterCell {
        var cell = EmitterCell()
        cell.birthRate = rate
        cell.lifetime = 10
        cell.color = color
        cell.contents = try Bitmap(width: 4, height: 4, fill: SIMD4(255, 255, 255, 255))
        return cell
    }

    /// A 32 × 32 emitter of `cell` at `position`.
    private func emitter(of cell: EmitterCell, at position: Point) -> EmitterLayer {
        let emitter = EmitterLayer()
        emitter.bounds = Rect(x: 0, y: 0, width: 32, height: 32)
        emitter.position = Point(x: 16, y: 16)
        emitter.emitterPosition = position
        emitter.emitterCells = [cell]
        return emitter
    }

    /// The seek-equals-step test: rendering t = 3 directly equals rendering 0, 1/60, … 3
    /// in order with one compositor, bit for bit (the render at 3).
    func testSeekingEqualsStepping() throws {
        let emitter = try fountain()
        let canvas = Canvas(width: 64, height: 64)
        let direct = try Compositor(threadCount: 1).render([emitter], at: 3, on: canvas)
        let stepping = Compositor(threadCount: 1)
        var last: Bitmap?
        for frame in 0...180 { last = try stepping.render([emitter], at: Double(frame) / 60, on: canvas) }
        XCTAssertEqual(last, direct)
        XCTAssertFalse(pixels(of: direct, notEqualTo: transparent).isEmpty, "particles drawn")
        // Backwards, too.
        let back = try stepping.render([emitter], at: 3, on: canvas)
        XCTAssertEqual(back, direct)
    }

    /// On an affine plane the particles are packed into the emitter's item (one sprite per
    /// drawn particle); on the general path (`drawsParticlesAsSprites` false) each is an
    /// item of its own, a child of the emitter before its sublayers. A cell without
    /// contents draws nothing either way.
    func testParticlesArePackedIntoTheEmittersItem() throws {
        let emitter = try fountain()
        try emitter.addSublayer(makeLayer("child", frame: Rect(x: 0, y: 0, width: 4, height: 4), background: red))
        let canvas = Canvas(width: 64, height: 64)
        let drawn = emitter.particles(at: 1).filter { $0.color.w > 0 && $0.scale > 0 }.count
        let packed = Compositor(threadCount: 1).renderList([emitter], at: 1, on: canvas)
        XCTAssertEqual(packed.items.count, 2, "the emitter and its sublayer")
        XCTAssertEqual(packed.items[0].sprites?.count, drawn)
        XCTAssertEqual(packed.items[0].subtreeEnd, 2)
        let general = Compositor(threadCount: 1)
        general.drawsParticlesAsSprites = false
        let list = general.renderList([emitter], at: 1, on: canvas)
        XCTAssertNil(list.items[0].sprites)
        XCTAssertEqual(list.items.filter { $0.parent == 0 && $0.name == nil }.count, drawn)
        XCTAssertEqual(list.items.last?.name, "child", "sublayers after the particles")
        XCTAssertEqual(list.items[0].subtreeEnd, list.items.count)
        emitter.emitterCells[0].contents = nil
        XCTAssertNil(Compositor(threadCount: 1).renderList([emitter], at: 1, on: canvas).items[0].sprites)
        XCTAssertEqual(general.renderList([emitter], at: 1, on: canvas).items.count, 2)
    }

    /// The sprite kernel against its reference twin, the general path (each particle an
    /// item: edge coverage, the float sampler and tint, one blend): whole frames of
    /// rotated, scaled, tinted, fading particles over a coloured background, in every
    /// render mode, on a y-down and a flipped canvas and under a rounded clip in a
    /// translucent group, agree within 3 of 255 per channel
    /// (the tint's 1/256 steps and the 8-bit bilinear fractions, each under a unit, then
    /// carried by the particles drawn over them), on average under 0.25 a channel.
    func testSpritesMatchTheGeneralPath() throws {
        var dot = try Bitmap(width: 6, height: 5)
        for y in 0..<5 {
            for x in 0..<6 {
                let a = UInt8(40 * (x + y) % 256)
                dot[x, y] = SIMD4(a, a / 2, UInt8(min(Int(a), 30 * x)), a)
            }
        }
        let emitter = try fountain()
        emitter.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        emitter.emitterCells[0].contents = dot
        emitter.emitterCells[0].spin = 2
        emitter.emitterCells[0].spinRange = 3
        emitter.emitterCells[0].scale = 1.5
        emitter.emitterCells[0].scaleRange = 1.2  // some minified (mip level 1), some magnified
        emitter.emitterCells[0].birthRate = 120
        emitter.emitterCells[0].blueRange = 0.4
        emitter.emitterShape = .circle
        emitter.emitterSize = Size(width: 30, height: 0)
        emitter.emitterMode = .surface
        emitter.emitterZPosition = 0
        emitter.emitterCells[0].zAcceleration = 5
        emitter.emitterCells[0].velocityRange = 30
        // y down; y up; clipped by rounded bounds (a clip mask) inside a group of opacity 0.7.
        for (origin, clipped) in [(Canvas.Origin.topLeft, false), (.bottomLeft, false), (.topLeft, true)] {
            emitter.masksToBounds = clipped
            emitter.cornerRadius = clipped ? 14 : 0
            emitter.opacity = clipped ? 0.7 : 1
            for mode in EmitterRenderMode.allCases {
                emitter.renderMode = mode
                var canvas = Canvas(width: 64, height: 64)
                canvas.origin = origin
                let sprites = Compositor(threadCount: 1)
                let general = Compositor(threadCount: 1)
                general.drawsParticlesAsSprites = false
                XCTAssertNotNil(sprites.renderList([emitter], at: 2.5, on: canvas).items[0].sprites)
                let a = try sprites.render([emitter], at: 2.5, on: canvas)
                let b = try general.render([emitter], at: 2.5, on: canvas)
                var largest = 0, total = 0
                for y in 0..<64 {
                    for x in 0..<64 {
                        let d = SIMD4<Int>(truncatingIfNeeded: a[x, y]) &- SIMD4<Int>(truncatingIfNeeded: b[x, y])
                        let m = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                        largest = max(largest, m)
                        total += abs(d.x) + abs(d.y) + abs(d.z) + abs(d.w)
                    }
                }
                XCTAssertLessThanOrEqual(largest, 3, "\(mode), \(origin): largest difference")
                // Measured: at most 3, on average 0.12–0.13 a channel (a third of the pixels
                // differ, nearly all by 1 in one channel).
                XCTAssertLessThan(Double(total) / Double(64 * 64 * 4), 0.16, "\(mode), \(origin): mean difference")
                XCTAssertGreaterThan(pixels(of: a, notEqualTo: b[0, 0]).count, 300, "\(mode): particles drawn")
            }
        }
    }

    /// Particles of several cells interleaved (oldest first across three cells, one of them
    /// without contents): the sprite kernel takes each run of one cell's particles with
    /// that cell's image, and skips the cell without contents, as the general path does —
    /// within the same 3 of 255 as `testSpritesMatchTheGeneralPath`.
    func testInterleavedCellsMatchTheGeneralPath() throws {
        let emitter = try fountain()
        var stripes = try Bitmap(width: 3, height: 5)
        for y in 0..<5 {
            for x in 0..<3 { stripes[x, y] = y % 2 == 0 ? SIMD4(0, 0, 255, 255) : SIMD4(0, 128, 0, 128) }
        }
        var blue = emitter.emitterCells[0]
        blue.contents = stripes
        blue.color = Color(red: 1, green: 1, blue: 1, alpha: 1)
        blue.emissionLongitude = -.pi / 3
        var empty = emitter.emitterCells[0]
        empty.contents = nil
        emitter.emitterCells += [blue, empty]
        let canvas = Canvas(width: 64, height: 64)
        let sprites = Compositor(threadCount: 1)
        let general = Compositor(threadCount: 1)
        general.drawsParticlesAsSprites = false
        // The packed particles alternate between the two cells with contents many times.
        let list = sprites.renderList([emitter], at: 2.5, on: canvas)
        let cells = try XCTUnwrap(list.items[0].sprites).storage.cellLevels.map { $0 >> 8 }
        XCTAssertEqual(Set(cells), [0, 1])
        XCTAssertGreaterThan(zip(cells, cells.dropFirst()).filter { $0 != $1 }.count, 10, "runs of one cell")
        let a = try sprites.render([emitter], at: 2.5, on: canvas)
        let b = try general.render([emitter], at: 2.5, on: canvas)
        var largest = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let d = SIMD4<Int>(truncatingIfNeeded: a[x, y]) &- SIMD4<Int>(truncatingIfNeeded: b[x, y])
                largest = max(largest, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
        }
        XCTAssertLessThanOrEqual(largest, 3)
        // Both images drawn: the stripes' blue and the white square tinted orange.
        XCTAssertFalse(pixels(of: a, notEqualTo: a[0, 0]).filter { a[$0.0, $0.1].z > a[$0.0, $0.1].x }.isEmpty)
        XCTAssertFalse(pixels(of: a, notEqualTo: a[0, 0]).filter { a[$0.0, $0.1].x > a[$0.0, $0.1].z }.isEmpty)
    }

    /// The render modes give different frames where particles overlap: the order changes
    /// which is on top, and `.additive` sums them. (Two cells, so that cell by cell is not
    /// oldest first.)
    func testRenderModesDiffer() throws {
        let emitter = try fountain()
        var blue = emitter.emitterCells[0]
        blue.color = Color(red: 0.1, green: 0.3, blue: 1, alpha: 1)
        emitter.emitterCells.append(blue)
        emitter.emitterCells[0].birthRate = 200
        emitter.emitterCells[0].greenRange = 0.8
        // Depth drawn at birth, so that z does not follow age.
        emitter.emitterShape = .cuboid
        emitter.emitterSize = Size(width: 8, height: 8)
        emitter.emitterDepth = 40
        var frames: [EmitterRenderMode: Bitmap] = [:]
        for mode in EmitterRenderMode.allCases {
            emitter.renderMode = mode
            frames[mode] = try Compositor(threadCount: 1).render([emitter], at: 2, on: Canvas(width: 64, height: 64))
        }
        for a in EmitterRenderMode.allCases {
            for b in EmitterRenderMode.allCases where a.rawValue < b.rawValue {
                XCTAssertTrue(frames[a] != frames[b], "\(a) and \(b)")
            }
        }
    }

    /// `.additive`: four particles stacked on one spot, each a white 4 × 4 image tinted
    /// (1, 0.5, 0.25) at alpha 0.25 — premultiplied (64, 32, 16, 64) — sum channel by
    /// channel, saturating: (255, 128, 64, 255), on both paths; source-over would give
    /// alpha 175. The frames of the two paths are identical.
    func testAdditiveParticlesSumSaturating() throws {
        var cell = try stillCell(Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.25), rate: 10)
        cell.lifetime = 0.35  // at t = 1: born at 0.7, 0.8, 0.9, 1.0
        cell.scale = 2
        let emitter = emitter(of: cell, at: Point(x: 16, y: 16))
        emitter.renderMode = .additive
        XCTAssertEqual(emitter.particles(at: 1).count, 4)
        let canvas = Canvas(width: 32, height: 32)
        let sprites = try Compositor(threadCount: 1).render([emitter], at: 1, on: canvas)
        let reference = Compositor(threadCount: 1)
        reference.drawsParticlesAsSprites = false
        let general = try reference.render([emitter], at: 1, on: canvas)
        XCTAssertEqual(sprites[16, 16], SIMD4(255, 128, 64, 255))
        XCTAssertEqual(general[16, 16], SIMD4(255, 128, 64, 255))
        XCTAssertEqual(sprites, general)
        emitter.renderMode = .unordered
        XCTAssertEqual(try Compositor(threadCount: 1).render([emitter], at: 1, on: canvas)[16, 16].w, 175)
        // Three: below saturation, the plain sum.
        emitter.renderMode = .additive
        XCTAssertEqual(try Compositor(threadCount: 1).render([emitter], at: 0.95, on: canvas)[16, 16],
                       SIMD4(192, 96, 48, 192))
    }

    /// Steady frames reuse the compositor's emitter memory: the sprite arrays of a frame
    /// whose list is gone are filled again, and a list still held keeps its own.
    func testSpriteMemoryIsReused() throws {
        let emitter = try fountain()
        let compositor = Compositor(threadCount: 1)
        let canvas = Canvas(width: 64, height: 64)
        func storage(at time: Double) -> ObjectIdentifier? {
            compositor.renderList([emitter], at: time, on: canvas).items[0].sprites.map { ObjectIdentifier($0.storage) }
        }
        let first = try XCTUnwrap(storage(at: 1))
        XCTAssertEqual(storage(at: 1.5), first, "the list was dropped: its arrays are reused")
        let held = compositor.renderList([emitter], at: 2, on: canvas)
        XCTAssertNotEqual(storage(at: 2.5), held.items[0].sprites.map { ObjectIdentifier($0.storage) },
                          "a list still held keeps its arrays")
        XCTAssertEqual(held, compositor.renderList([emitter], at: 2, on: canvas), "and its values")
    }

    /// A single particle at rest: its image centred on the emitter position, tinted.
    func testOneParticleIsItsTintedImage() throws {
        var cell = try stillCell(Color(red: 1, green: 0, blue: 0, alpha: 1))
        cell.scale = 2
        let emitter = emitter(of: cell, at: Point(x: 10, y: 12))
        let bitmap = try render([emitter])
        // An 8 × 8 square centred on (10, 12): pixels 6 ..< 14 × 8 ..< 16.
        XCTAssertEqual(bitmap[7, 9], opaqueRed)
        XCTAssertEqual(bitmap[13, 15], opaqueRed)
        XCTAssertEqual(bitmap[5, 12], transparent)
        XCTAssertEqual(bitmap[14, 12], transparent)
    }

    /// Scales far outside the usual: a particle scaled 10⁹ covers the canvas with its
    /// middle texels (bounds clipped to the canvas, cost bounded by it), one scaled 10⁻⁹
    /// or NaN draws nothing — on both paths alike.
    func testExtremeScalesOnBothPaths() throws {
        var cell = try stillCell(Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.5))
        let emitter = emitter(of: cell, at: Point(x: 16, y: 16))
        let canvas = Canvas(width: 32, height: 32)
        let general = Compositor(threadCount: 1)
        general.drawsParticlesAsSprites = false
        for scale in [1e9, 1e-9, .nan] {
            cell.scale = scale
            emitter.emitterCells = [cell]
            let a = try Compositor(threadCount: 1).render([emitter], at: 0.5, on: canvas)  // one particle
            let b = try general.render([emitter], at: 0.5, on: canvas)
            for (x, y) in [(0, 0), (16, 16), (31, 31)] {
                let d = SIMD4<Int>(truncatingIfNeeded: a[x, y]) &- SIMD4<Int>(truncatingIfNeeded: b[x, y])
                XCTAssertLessThanOrEqual(max(abs(d.x), abs(d.y), abs(d.z), abs(d.w)), 1, "scale \(scale) at \(x), \(y)")
            }
            if scale > 1 {
                XCTAssertEqual(a[0, 0], SIMD4(26, 77, 128, 128), "the tinted texel everywhere")
            } else {
                XCTAssertTrue(pixels(of: a, notEqualTo: transparent).isEmpty, "scale \(scale): nothing drawn")
            }
        }
    }

    /// 10⁶ particles asked for: the cap holds, the frame finishes.
    func testHugeBirthRateIsCapped() throws {
        let emitter = try fountain()
        emitter.emitterCells[0].birthRate = 1e12
        emitter.emitterCells[0].lifetime = .infinity
        let list = Compositor(threadCount: 1).renderList([emitter], at: 5, on: Canvas(width: 64, height: 64))
        XCTAssertEqual(list.items.count, 1)
        XCTAssertEqual(list.items[0].sprites?.count, EmitterLayer.maxParticles, "the cap is reached and holds")
    }
}
