import CadenceGeometry
import CadencePixels
import XCTest

@testable import CadenceLayers

/// Emitter layers and their particles in closed form (`docs/layers.md`, "Emitter layers").
final class EmitterLayerTests: XCTestCase {
    /// A cell of `rate` particles a second living `lifetime` seconds.
    private func cell(rate: Double = 10, lifetime: Double = 1) -> EmitterCell {
        var cell = EmitterCell()
        cell.birthRate = rate
        cell.lifetime = lifetime
        return cell
    }

    // Core Animation's defaults (CAEmitterLayer.h, CAEmitterCell.h).
    func testDefaultsAndKeyValueCoding() throws {
        let layer = EmitterLayer()
        XCTAssertEqual(layer.layerClass, .emitter)
        XCTAssertTrue(Layer.make(.emitter) is EmitterLayer)
        XCTAssertEqual(layer.emitterCells, [])
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterSize, Size(width: 0, height: 0))
        XCTAssertEqual(layer.emitterShape, .point)
        XCTAssertEqual(layer.emitterMode, .volume)
        XCTAssertEqual(layer.renderMode, .unordered)
        XCTAssertEqual([layer.birthRate, layer.lifetime, layer.velocity, layer.scale, layer.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(layer.seed, 0)
        let cell = EmitterCell()
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.color, .white)
        XCTAssertTrue(cell.isEnabled)
        try layer.setValue(.scalar(3), forKeyPath: "birthRate")
        XCTAssertEqual(layer.birthRate, 3)
        try layer.setValue(.point(Point(x: 4, y: 5)), forKeyPath: "emitterPosition")
        XCTAssertEqual(layer.value(forKeyPath: "emitterPosition"), .point(Point(x: 4, y: 5)))
        for key in ["emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "birthRate", "lifetime",
                    "velocity", "scale", "spin"] {
            XCTAssertNotNil(LayerKeyPaths.properties[key], "\(key) animates")
        }
        layer.emitterCells = [cell]
        XCTAssertTrue(layer.modelCopy() is EmitterLayer)
        XCTAssertEqual((layer.modelCopy() as? EmitterLayer)?.emitterCells.count, 1)
    }

    /// Births at k / r for k = 0 … ⌊t·r⌋, alive while age < lifetime: at t the count is
    /// the births in (t − lifetime, t].
    func testParticleCountAtTime() {
        let layer = EmitterLayer()
        layer.emitterCells = [cell(rate: 10, lifetime: 1)]
        XCTAssertEqual(layer.particles(at: 0).count, 1, "the first particle is born at 0")
        XCTAssertEqual(layer.particles(at: 0.25).count, 3)  // 0, 0.1, 0.2
        XCTAssertEqual(layer.particles(at: 5.05).count, 10)  // 4.1 … 5.0
        XCTAssertEqual(layer.particles(at: -1).count, 0)
        XCTAssertEqual(layer.particles(at: .nan).count, 0)
        layer.birthRate = 2  // multiplies the cell's
        XCTAssertEqual(layer.particles(at: 5.05).count, 20)
        layer.lifetime = 0.5
        XCTAssertEqual(layer.particles(at: 5.05).count, 10)
        var disabled = cell()
        disabled.isEnabled = false
        layer.emitterCells = [disabled]
        XCTAssertEqual(layer.particles(at: 1).count, 0)
    }

    /// The same layer and time give the same particles bit for bit, whatever was asked
    /// before; another seed gives others.
    func testParticlesAreAPureFunctionOfTime() {
        let layer = EmitterLayer()
        var c = cell(rate: 30, lifetime: 2)
        c.velocity = 50
        c.velocityRange = 20
        c.emissionRange = 2 * .pi
        c.lifetimeRange = 0.5
        layer.emitterCells = [c]
        let direct = layer.particles(at: 3)
        for step in 0...180 { _ = layer.particles(at: Double(step) / 60) }
        XCTAssertEqual(layer.particles(at: 3), direct)
        layer.seed = 1
        XCTAssertNotEqual(layer.particles(at: 3).map(\.position), direct.map(\.position))
    }

    /// The slow twin: each particle stepped from its birth with velocity Verlet (exact for
    /// constant acceleration, up to rounding) in 1/240 s steps, from the same draws.
    func testPositionsMatchASteppedTwin() {
        let layer = EmitterLayer()
        layer.emitterPosition = Point(x: 100, y: 50)
        layer.velocity = 1.5
        var c = cell(rate: 7, lifetime: 4)
        c.velocity = 40
        c.velocityRange = 10
        c.emissionLongitude = -.pi / 2
        c.emissionRange = .pi / 3
        c.xAcceleration = 3
        c.yAcceleration = 98
        layer.emitterCells = [c]
        let time = 3.0
        let particles = layer.particles(at: time)
        XCTAssertEqual(particles.count, 22)  // births 0 … 3 at 1/7 s
        for particle in particles {
            var draws = ParticleEvaluation.Draws(
                key: ParticleEvaluation.mix(ParticleEvaluation.mix(0 &+ ParticleEvaluation.gamma)
                    ^ ParticleEvaluation.mix(UInt64(particle.index) &* ParticleEvaluation.gamma &+ 1)))
            _ = draws.symmetric()  // lifetime
            let speed = (40 + 10 * draws.symmetric()) * 1.5
            let angle = -Double.pi / 2 + Double.pi / 6 * draws.symmetric()
            var p = SIMD2(100.0, 50.0)
            var v = SIMD2(speed * cos(angle), speed * sin(angle))
            let a = SIMD2(3.0, 98.0)
            let birth = Double(particle.index) / 7
            XCTAssertEqual(particle.birthTime, birth)
            let steps = Int(((time - birth) * 240).rounded(.down))
            let dt = 1.0 / 240
            for _ in 0..<steps {
                p += v * dt + a * (0.5 * dt * dt)
                v += a * dt
            }
            let rest = (time - birth) - Double(steps) * dt
            p += v * rest + a * (0.5 * rest * rest)
            // 1e-9 points: the rounding of ≤ 720 steps of sums of numbers below 10³.
            XCTAssertEqual(particle.position.x, p.x, accuracy: 1e-9, "particle \(particle.index)")
            XCTAssertEqual(particle.position.y, p.y, accuracy: 1e-9, "particle \(particle.index)")
        }
    }

    /// Colour, scale and spin: the base ± range, plus speed × age, colours clamped.
    func testColourScaleAndSpinOverAge() {
        let layer = EmitterLayer()
        var c = cell(rate: 1, lifetime: 10)
        c.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        c.redSpeed = 0.1
        c.alphaSpeed = -0.5
        c.scaleSpeed = 0.25
        c.spin = 2
        layer.emitterCells = [c]
        layer.scale = 2
        let oldest = layer.particles(at: 1.5).first!
        XCTAssertEqual(oldest.age, 1.5)
        XCTAssertEqual(oldest.color.x, 0.65, accuracy: 1e-12)
        XCTAssertEqual(oldest.color.w, 0.25, accuracy: 1e-12)
        XCTAssertEqual(oldest.scale, (1 + 0.25 * 1.5) * 2, accuracy: 1e-12)
        XCTAssertEqual(oldest.rotation, 3, accuracy: 1e-12)
        XCTAssertEqual(layer.particles(at: 3).first!.color.w, 0, "alpha clamped at 0")
    }

    /// Shapes and modes: the birth points stay on the shape.
    func testEmissionShapes() {
        let layer = EmitterLayer()
        layer.emitterCells = [cell(rate: 100, lifetime: 1)]
        layer.emitterPosition = Point(x: 10, y: 20)
        layer.emitterSize = Size(width: 40, height: 20)
        func points(_ shape: EmitterShape, _ mode: EmitterMode) -> [SIMD3<Double>] {
            layer.emitterShape = shape
            layer.emitterMode = mode
            return layer.particles(at: 0.99).map { $0.position - SIMD3(10, 20, 0) }
        }
        for p in points(.circle, .outline) { XCTAssertEqual((p.x * p.x + p.y * p.y).squareRoot(), 20, accuracy: 1e-9) }
        for p in points(.circle, .volume) { XCTAssertLessThanOrEqual((p.x * p.x + p.y * p.y).squareRoot(), 20 + 1e-9) }
        for p in points(.rectangle, .points) { XCTAssertEqual(abs(p.x), 20); XCTAssertEqual(abs(p.y), 10) }
        for p in points(.rectangle, .outline) {
            XCTAssertTrue(abs(abs(p.x) - 20) < 1e-9 || abs(abs(p.y) - 10) < 1e-9, "\(p) on the outline")
        }
        for p in points(.line, .volume) { XCTAssertEqual(p.y, 0); XCTAssertLessThanOrEqual(abs(p.x), 20) }
        for p in points(.sphere, .surface) {
            XCTAssertEqual((p * p).sum().squareRoot(), 20, accuracy: 1e-9)
        }
        for p in points(.point, .volume) { XCTAssertEqual(p, .zero) }
        layer.emitterDepth = 10
        let half = SIMD3(20.0, 10, 5)
        func atBound(_ p: SIMD3<Double>) -> Int { (0..<3).filter { abs(abs(p[$0]) - half[$0]) < 1e-9 }.count }
        for p in points(.cuboid, .points) { XCTAssertEqual(atBound(p), 3, "\(p) a corner") }
        for p in points(.cuboid, .outline) { XCTAssertGreaterThanOrEqual(atBound(p), 2, "\(p) on an edge") }
        for p in points(.cuboid, .surface) { XCTAssertGreaterThanOrEqual(atBound(p), 1, "\(p) on a face") }
        for p in points(.cuboid, .volume) { XCTAssertTrue(all(p.replacing(with: -p, where: p .< 0) .<= half), "\(p) inside") }
        let outline = points(.rectangle, .outline)
        let onLongSides = outline.filter { abs(abs($0.y) - 10) < 1e-9 }.count
        XCTAssertGreaterThan(onLongSides, outline.count / 2, "the long sides get two thirds, by length")
    }

    /// Sub-cells: each particle emits them from where it is, while it lives.
    func testNestedCellsAreBornWhereTheirParentIs() {
        let layer = EmitterLayer()
        var parent = cell(rate: 1, lifetime: 2)
        parent.velocity = 10
        var child = cell(rate: 4, lifetime: 0.1)
        child.name = "spark"
        parent.emitterCells = [child]
        layer.emitterCells = [parent]
        let particles = layer.particles(at: 1.5)
        let sparks = particles.filter { $0.cell == [0, 0] }
        XCTAssertEqual(particles.filter { $0.cell == [0] }.count, 2)
        // Parent 0 (born 0) emits at 0, 0.25, …; at 1.5 only the spark born at 1.5 lives;
        // parent 1 (born 1) emits its one at 1.5 too.
        XCTAssertEqual(sparks.count, 2)
        for spark in sparks {
            XCTAssertEqual(spark.age, 0)
            XCTAssertTrue([15.0, 5.0].contains { abs(spark.position.x - $0) < 1e-9 }, "\(spark.position)")
        }
    }

    /// A particle's `cell` is its cell's index path at every depth down to `maxCellDepth`,
    /// with indices past 0 at every level; it is held inline, so `Particle` is plain data
    /// (no reference counting as particles are appended, copied and dropped), and the inline
    /// path keeps every index and its depth.
    func testCellPathsAtEveryDepthAndParticlesArePlainData() {
        XCTAssertTrue(_isPOD(Particle.self), "a Particle holds a reference")
        // A chain `maxCellDepth` deep, each link the second of two siblings.
        var link = cell(rate: 1, lifetime: 10)
        for _ in 1..<EmitterLayer.maxCellDepth {
            var parent = cell(rate: 1, lifetime: 10)
            parent.emitterCells = [cell(rate: 1, lifetime: 10), link]
            link = parent
        }
        let layer = EmitterLayer()
        layer.emitterCells = [cell(rate: 1, lifetime: 10), cell(rate: 1, lifetime: 10), link]
        // The expected paths, depth first (as `flattenedCells` numbers them).
        var paths: [[Int]] = []
        func walk(_ cells: [EmitterCell], _ path: [Int]) {
            guard path.count < EmitterLayer.maxCellDepth else { return }
            for (i, c) in cells.enumerated() {
                paths.append(path + [i])
                walk(c.emitterCells, path + [i])
            }
        }
        walk(layer.emitterCells, [])
        XCTAssertEqual(paths.count, layer.flattenedCells.count)
        let particles = layer.particles(at: 2.5)
        for p in particles { XCTAssertEqual(p.cell, paths[p.cellIndex]) }
        XCTAssertEqual(Set(particles.map(\.cell.count)), Set(1...EmitterLayer.maxCellDepth), "every depth has particles")
        XCTAssertTrue(particles.contains { $0.cell == [2, 1, 1, 1, 1, 1, 1, 1] })
        // The inline path: the largest index kept, and a trailing 0 a different path.
        XCTAssertEqual(CellPath([7, 0, Int(Int32.max)]).indices, [7, 0, Int(Int32.max)])
        XCTAssertNotEqual(CellPath([1]), CellPath([1, 0]))
        XCTAssertEqual(CellPath([1, 0]), CellPath([1, 0]))
        var changed = particles[0]
        changed.cellPath = CellPath([7, 0])
        XCTAssertNotEqual(changed, particles[0])
        changed.cellPath = particles[0].cellPath
        XCTAssertEqual(changed, particles[0])
    }

    /// `cellIndex` indexes `flattenedCells` (depth first); the ordered modes are stable
    /// sorts of the unordered evaluation; `particles(at:into:)` gives the same particles
    /// bit for bit and, once grown, keeps its memory (the ordered modes swap between two
    /// arrays, so every other call has the same storage).
    func testBufferReuseFlatCellsAndStableOrders() {
        let layer = EmitterLayer()
        var parent = cell(rate: 3, lifetime: 2)
        parent.velocity = 20
        parent.emissionRange = 2 * .pi
        parent.zAcceleration = 7
        var child = cell(rate: 5, lifetime: 0.5)
        child.name = "child"
        child.velocity = 9
        child.emissionRange = 2 * .pi
        var other = cell(rate: 2, lifetime: 1)
        other.name = "other"
        parent.emitterCells = [child]
        layer.emitterCells = [parent, other]
        XCTAssertEqual(layer.flattenedCells.map(\.name), [nil, "child", "other"])
        let unordered = layer.particles(at: 3)
        XCTAssertEqual(Set(unordered.map(\.cellIndex)), [0, 1, 2])
        for p in unordered { XCTAssertEqual(p.cellIndex, [[0]: 0, [0, 0]: 1, [1]: 2][p.cell]) }
        let keys: [EmitterRenderMode: (Particle) -> Double] = [
            .oldestFirst: { $0.birthTime }, .oldestLast: { -$0.birthTime }, .backToFront: { $0.position.z },
        ]
        for mode in EmitterRenderMode.allCases {
            layer.renderMode = mode
            let expected = keys[mode].map { key in
                unordered.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
            } ?? unordered
            XCTAssertEqual(layer.particles(at: 3), expected, "\(mode)")
            var buffer = ParticleBuffer()
            layer.particles(at: 3, into: &buffer)
            let address = buffer.particles.withUnsafeBufferPointer { $0.baseAddress }
            layer.particles(at: 3, into: &buffer)
            layer.particles(at: 3, into: &buffer)
            XCTAssertEqual(buffer.particles, expected, "\(mode)")
            XCTAssertEqual(buffer.particles.withUnsafeBufferPointer { $0.baseAddress }, address, "\(mode): memory kept")
        }
    }

    /// When the particle cap cuts a cell's candidates short, the newest are kept (oldest
    /// first, as always); one candidate short of the cap, and exactly at it, all are kept.
    /// (The evaluation visits candidates oldest first only when no cap can cut them.)
    func testTheCapKeepsTheNewest() {
        let layer = EmitterLayer()
        // Births k / 1024 s apart: exact times, so the counts below are exact.
        layer.emitterCells = [cell(rate: 1024, lifetime: 1000), cell(rate: 1, lifetime: 1000)]
        let cap = EmitterLayer.maxParticles
        // (time, the first cell's newest index, the second cell's indices kept)
        let cases: [(Double, Int, [Int])] = [
            (200, 204_800, []),  // cut short: the newest `cap` of 204,801
            (Double(cap - 1) / 1024, cap - 1, []),  // exactly the cap
            (Double(cap - 2) / 1024, cap - 2, [97]),  // one short: the second cell's newest fills it
        ]
        for (time, newest, second) in cases {
            let particles = layer.particles(at: time)
            XCTAssertEqual(particles.count, cap, "t = \(time)")
            let first = particles.filter { $0.cellIndex == 0 }.map(\.index)
            XCTAssertEqual(first, Array((newest + 1 - Swift.min(newest + 1, cap))...newest), "t = \(time)")
            XCTAssertEqual(particles.filter { $0.cellIndex == 1 }.map(\.index), second, "t = \(time)")
        }
    }

    /// Bad input stays bounded: a huge birth rate, an infinite lifetime, NaN in a cell.
    func testBadInputIsBounded() {
        let layer = EmitterLayer()
        layer.emitterCells = [cell(rate: 1e12, lifetime: .infinity)]
        let start = Date()
        XCTAssertEqual(layer.particles(at: 1e9).count, EmitterLayer.maxParticles)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        layer.emitterCells = [cell(rate: .nan, lifetime: 1), cell(rate: 1, lifetime: .nan), cell(rate: .infinity, lifetime: 1)]
        XCTAssertEqual(layer.particles(at: 1).count, 0)
        var deep = cell(rate: 1e6, lifetime: .infinity)
        for _ in 0..<20 { let inner = deep; deep = cell(rate: 1e6, lifetime: .infinity); deep.emitterCells = [inner] }
        layer.emitterCells = [deep]
        XCTAssertLessThanOrEqual(layer.particles(at: 100).count, EmitterLayer.maxParticles)
        XCTAssertThrowsError(try layer.setValue(.scalar(.nan), forKeyPath: "birthRate"))
    }

    /// The evaluation's sine and cosine (`ParticleEvaluation.sinCos`, a polynomial up
    /// to |x| = 4096, the C library past it) are each within 1 ulp of the exact value and of
    /// `sin` and `cos`, over the angles it takes them of: longitudes (a cell's plus half its
    /// range times a draw in −1 ..< 1), π times a draw, spins up to ±4096 and past it, with
    /// draws near 0 and ±1 (seeded; the seed is in the message). The exact values are Float80's
    /// `sin` and `cos` (64-bit significands, 11 bits past a double's; where there is no Float80,
    /// the library's). Measured: at most 0.83 ulp from the exact values here (0.88 over 2·10⁷ such angles);
    /// 1 ulp from the library's for about one angle in twenty, 0 for the rest. Past 4096, NaN and
    /// ±∞: the library's bits. With the sine one ulp up it fails (1.38 ulp on its fourth draw).
    func testSineAndCosineAreWithinAnUlp() {
        let seed: UInt64 = 0x51_2026_1129
        var draws = ParticleEvaluation.Draws(key: seed)
        let edges: [Double] = [0, -0.0, 1e-300, -1e-7, 1e-7, 1 - 0x1p-52, -1, 0.5, -0.5]
        var largest = 0.0
        #if arch(x86_64) || arch(i386)
        /// Ulps of `value` from `exact` (in the ulp of the double nearest `exact`).
        func ulps(_ value: Double, _ exact: Float80) -> Double {
            Double(abs(Float80(value) - exact) / Float80(Double(exact).ulp))
        }
        #endif
        /// Whole ulps between two doubles of one sign (the library's and the polynomial's).
        func steps(_ a: Double, _ b: Double) -> UInt64 {
            a.bitPattern > b.bitPattern ? a.bitPattern - b.bitPattern : b.bitPattern - a.bitPattern
        }
        for i in 0..<200_000 {
            let draw = i < edges.count ? edges[i] : draws.symmetric()
            let angles = [Double.pi * draw, -.pi / 2 + .pi / 4 * draw, draw * 4096, draw * 0x1p13]
            for x in angles {
                let (s, c) = ParticleEvaluation.sinCos(x)
                let message = "seed \(seed), draw \(i): sinCos(\(x)) = (\(s), \(c)), sin, cos = (\(sin(x)), \(cos(x)))"
                if abs(x) > 4096 {
                    if s.bitPattern != sin(x).bitPattern || c.bitPattern != cos(x).bitPattern { return XCTFail(message) }
                    continue
                }
                #if arch(x86_64) || arch(i386)
                let error = max(ulps(s, sin(Float80(x))), ulps(c, cos(Float80(x))))
                #else
                let error = Double(max(steps(s, sin(x)), steps(c, cos(x))))  // no Float80: the library's as exact
                #endif
                largest = max(largest, error)
                guard error <= 1, steps(s, sin(x)) <= 1, steps(c, cos(x)) <= 1,
                      s.sign == sin(x).sign, c.sign == cos(x).sign
                else { return XCTFail("\(message): \(error) ulp") }
            }
        }
        XCTAssertGreaterThan(largest, 0, "the exact values were compared")
        for x in [Double.nan, .infinity, -.infinity] {
            let (s, c) = ParticleEvaluation.sinCos(x)
            XCTAssertTrue(s.isNaN && c.isNaN, "\(x)")
        }
    }

    /// The snapshot records the layer's local time: `beginTime` and `speed` apply.
    func testPresentationTimeIsTheLayersLocalTime() throws {
        let root = Layer()
        let layer = EmitterLayer()
        layer.timing.beginTime = 1
        layer.timing.speed = 2
        try root.addSublayer(layer)
        let snapshot = root.presentation(at: 3)
        XCTAssertEqual((snapshot.sublayers[0] as? EmitterLayer)?.presentationTime, 4)
        XCTAssertNil(layer.presentationTime)
    }
}
