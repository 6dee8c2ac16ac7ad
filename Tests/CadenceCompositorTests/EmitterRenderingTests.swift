import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTestSupport
import XCTest

@testable import CadenceCompositor

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

    /// One item per drawn particle, children of the emitter before its sublayers; a cell
    /// without contents draws nothing.
    func testParticlesAreItemsUnderTheEmitter() throws {
        let emitter = try fountain()
        try emitter.addSublayer(makeLayer("child", frame: Rect(x: 0, y: 0, width: 4, height: 4), background: red))
        let list = Compositor(threadCount: 1).renderList([emitter], at: 1, on: Canvas(width: 64, height: 64))
        let particles = emitter.particles(at: 1)
        let particleItems = list.items.filter { $0.parent == 0 && $0.name == nil }
        XCTAssertEqual(particleItems.count, particles.filter { $0.color.w > 0 && $0.scale > 0 }.count)
        XCTAssertEqual(list.items.last?.name, "child", "sublayers after the particles")
        XCTAssertEqual(list.items[0].subtreeEnd, list.items.count)
        emitter.emitterCells[0].contents = nil
        XCTAssertEqual(Compositor(threadCount: 1).renderList([emitter], at: 1, on: Canvas(width: 64, height: 64)).items.count, 2)
    }

    /// A single particle at rest: its image centred on the emitter position, tinted.
    func testOneParticleIsItsTintedImage() throws {
        var cell = EmitterCell()
        cell.birthRate = 1
        cell.lifetime = 10
        cell.color = Color(red: 1, green: 0, blue: 0, alpha: 1)
        cell.contents = try Bitmap(width: 4, height: 4, fill: SIMD4(255, 255, 255, 255))
        cell.scale = 2
        let emitter = EmitterLayer()
        emitter.bounds = Rect(x: 0, y: 0, width: 32, height: 32)
        emitter.position = Point(x: 16, y: 16)
        emitter.emitterPosition = Point(x: 10, y: 12)
        emitter.emitterCells = [cell]
        let bitmap = try render([emitter])
        // An 8 × 8 square centred on (10, 12): pixels 6 ..< 14 × 8 ..< 16.
        XCTAssertEqual(bitmap[7, 9], opaqueRed)
        XCTAssertEqual(bitmap[13, 15], opaqueRed)
        XCTAssertEqual(bitmap[5, 12], transparent)
        XCTAssertEqual(bitmap[14, 12], transparent)
    }

    /// 10⁶ particles asked for: the cap holds, the frame finishes.
    func testHugeBirthRateIsCapped() throws {
        let emitter = try fountain()
        emitter.emitterCells[0].birthRate = 1e12
        emitter.emitterCells[0].lifetime = .infinity
        let list = Compositor(threadCount: 1).renderList([emitter], at: 5, on: Canvas(width: 64, height: 64))
        XCTAssertEqual(list.items.count, EmitterLayer.maxParticles + 1, "the cap is reached and holds")
    }
}
