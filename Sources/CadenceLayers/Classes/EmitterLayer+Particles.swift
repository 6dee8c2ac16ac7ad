import CCadenceFeatures
import CadenceGeometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The particles an emitter shows at a time, in closed form (`docs/layers.md`, "Emitter
// layers"): no step-by-step state, so any time is computed directly.

/// One live particle of an `EmitterLayer` at a time (`EmitterLayer.particles(at:)`).
public struct Particle: Hashable, Sendable {
    /// The index path of its cell: `[i]` for the layer's cell `i`, `[i, j]` for cell `j` of
    /// that cell, …; at most `EmitterLayer.maxCellDepth` indices. Read-only (the emitter
    /// wrote it; a particle's other values may be changed, its cell may not), and reading it
    /// makes an array.
    public var cell: [Int] { cellPath.indices }
    /// The same path held inline, so that a particle is plain data.
    var cellPath: CellPath
    /// Its cell's place in `EmitterLayer.flattenedCells` (the cells depth first): a flat
    /// index for tables of per-cell data.
    public var cellIndex: Int
    /// Its index among the particles its cell's emitter (the layer, or its parent particle)
    /// gave birth to: born at `index / birthRate` after its emitter started.
    public var index: Int
    /// The emitter's time it was born at, and its age (seconds, 0 ≤ age < lifetime).
    public var birthTime: Double
    public var age: Double
    /// Where it is, in the layer's coordinates (z along the layer's normal).
    public var position: SIMD3<Double>
    /// Its rotation (radians, from +x towards +y) and scale.
    public var rotation: Double
    public var scale: Double
    /// Its colour multiplier (unpremultiplied red, green, blue, alpha, each in 0…1).
    public var color: SIMD4<Double>
}

/// A cell's index path held inline, at most `EmitterLayer.maxCellDepth` indices (each
/// within `Int32`), unused slots 0 so that equal paths are equal values. It keeps `Particle`
/// free of references: appending, copying and dropping particles does no reference
/// counting, where an `[Int]` a particle cost a retain and a release each (with `Particle`'s
/// destroy witness, about 4 % of a frame of 10,000 particles).
struct CellPath: Hashable, Sendable {
    private var slots: SIMD8<Int32> = .zero
    private var depth: Int8 = 0

    /// The empty path.
    init() {}

    /// `path` held inline. The emitter makes every path (`ParticleBuffer.number`): at most
    /// `EmitterLayer.maxCellDepth` indices, each an index into an array of cells, so within
    /// `Int32`; a path outside those bounds is a bug in this module, and traps.
    init(_ path: [Int]) {
        precondition(path.count <= EmitterLayer.maxCellDepth, "a cell path deeper than EmitterLayer.maxCellDepth")
        for (i, index) in path.enumerated() { slots[i] = Int32(index) }
        depth = Int8(path.count)
    }

    /// The path as an array.
    var indices: [Int] { (0..<Int(depth)).map { Int(slots[$0]) } }
}

/// Memory that `EmitterLayer.particles(at:into:)` keeps from one call to the next: the
/// particles of the last call and the scratch of their evaluation (sub-cells' parents, the
/// sort of the ordered modes, the cells' index paths). Once it has grown to an emitter, a
/// call allocates nothing.
public struct ParticleBuffer: Sendable {
    /// The particles of the last `particles(at:into:)` call, in the render mode's order.
    public internal(set) var particles: [Particle] = []
    /// Sub-cells' parents: key, lifetime and motion of particles whose cell has sub-cells.
    var parents: [ParticleEvaluation.Parent] = []
    /// The ordered modes' sort: keys, a permutation and its scratch, the sorted copy.
    var keys: [Double] = []
    var order: [Int32] = []
    var spare: [Int32] = []
    var sorted: [Particle] = []
    /// Each flattened cell's index path and subtree size (itself and the cells below it,
    /// down to `maxCellDepth`), and the path being walked.
    var paths: [CellPath] = []
    var sizes: [Int] = []
    var path: [Int] = []

    /// An empty buffer.
    public init() {}

    /// Numbers the cells under `cells` depth first from `flat` (at depth `path.count`),
    /// writing their paths and subtree sizes; the number of cells.
    mutating func number(_ cells: [EmitterCell], from flat: Int) -> Int {
        var next = flat
        guard path.count < EmitterLayer.maxCellDepth else { return 0 }
        for (i, cell) in cells.enumerated() {
            path.append(i)
            let mine = next
            let inline = CellPath(path)
            if paths.count <= mine { paths.append(inline) } else { paths[mine] = inline }
            if sizes.count <= mine { sizes.append(0) }
            next += 1
            next += number(cell.emitterCells, from: next)
            sizes[mine] = next - mine
            path.removeLast()
        }
        return next - flat
    }

    /// Sorts `particles` stably by `key` (ascending; equal keys keep their order; a NaN key
    /// stays where it is against its neighbours): a bottom-up merge sort of indices, in
    /// the buffer's own scratch.
    mutating func sortStable(by key: (Particle) -> Double) {
        let n = particles.count
        guard n > 1 else { return }
        keys.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        for (i, p) in particles.enumerated() {
            keys.append(key(p))
            order.append(Int32(i))
        }
        spare.removeAll(keepingCapacity: true)
        spare.append(contentsOf: order)
        var width = 1
        while width < n {
            keys.withUnsafeBufferPointer { k in
                order.withUnsafeMutableBufferPointer { from in
                    spare.withUnsafeMutableBufferPointer { to in
                        var lo = 0
                        while lo < n {
                            let mid = Swift.min(lo + width, n), hi = Swift.min(lo + 2 * width, n)
                            var a = lo, b = mid, o = lo
                            while a < mid && b < hi {
                                if k[Int(from[b])] < k[Int(from[a])] { to[o] = from[b]; b += 1 } else { to[o] = from[a]; a += 1 }
                                o += 1
                            }
                            while a < mid { to[o] = from[a]; a += 1; o += 1 }
                            while b < hi { to[o] = from[b]; b += 1; o += 1 }
                            lo = hi
                        }
                    }
                }
            }
            swap(&order, &spare)
            width *= 2
        }
        sorted.removeAll(keepingCapacity: true)
        for i in order { sorted.append(particles[Int(i)]) }
        swap(&particles, &sorted)
    }
}

extension EmitterLayer {
    /// The most particles one emitter shows at a time: 100,000. The newest particles of
    /// each cell are taken first, cells in order, a parent particle's sub-particles before
    /// the next parent's; past the cap no more are made. About 10 MB of particles at the
    /// cap, whatever `birthRate` (1e12) or `lifetime` (∞) say.
    public static let maxParticles = 100_000
    /// The most birth indices visited per frame, live or not (a `lifetimeRange` leaves some
    /// dead among the candidates): 4 × `maxParticles`, which bounds the time of a frame.
    public static let maxCandidates = 4 * maxParticles
    /// How deep cells nest before deeper ones are ignored: 8.
    public static let maxCellDepth = 8
    /// The largest `time × birthRate` counted: 2⁵², where every birth index is an exact
    /// `Double`. Births past it (after 4.5 · 10¹⁵ particles) are not made.
    public static let maxBirthIndex = 4_503_599_627_370_496.0

    /// Every cell that can emit, depth first: the layer's cell 0, then the cells under it
    /// (each followed by its own), then cell 1, …, down to `maxCellDepth` levels.
    /// `Particle.cellIndex` indexes it.
    public var flattenedCells: [EmitterCell] {
        var cells: [EmitterCell] = []
        func add(_ level: [EmitterCell], depth: Int) {
            guard depth < Self.maxCellDepth else { return }
            for cell in level {
                cells.append(cell)
                add(cell.emitterCells, depth: depth + 1)
            }
        }
        add(emitterCells, depth: 0)
        return cells
    }

    /// The particles alive at `time` (seconds of the layer's local time; the emitter
    /// started at 0), in the `renderMode`'s order (`.additive` and `.unordered`: cell by
    /// cell, oldest first). Nothing before 0 or at a non-finite time.
    ///
    /// Each is a closed-form function of `time`, its birth time and its random draws (a
    /// counter-based hash of `seed`, its cell's path and its index), so two calls with the
    /// same layer and time agree bit for bit whatever was asked before. Cost: linear in
    /// the live particles (at most `maxParticles`) plus the dead candidates visited (at most
    /// `maxCandidates`); the sort of the ordered modes adds `n log n`.
    public func particles(at time: Double) -> [Particle] {
        var buffer = ParticleBuffer()
        particles(at: time, into: &buffer)
        return buffer.particles
    }

    /// `particles(at:)` into `buffer.particles`, reusing the buffer's memory: a frame loop
    /// that keeps one buffer per emitter allocates nothing once it has grown (the same
    /// particles, bit for bit).
    public func particles(at time: Double, into buffer: inout ParticleBuffer) {
        buffer.particles.removeAll(keepingCapacity: true)
        buffer.parents.removeAll(keepingCapacity: true)
        guard time.isFinite, time >= 0 else { return }
        let cells = emitterCells
        buffer.path.removeAll(keepingCapacity: true)
        _ = buffer.number(cells, from: 0)
        var evaluation = ParticleEvaluation(self)
        var flat = 0
        for (i, cell) in cells.enumerated() {
            evaluation.emit(cell, flat: flat, parentKey: UInt64(seed), sibling: i, origin: nil, from: 0, until: time,
                            at: time, into: &buffer)
            flat += buffer.sizes[flat]
        }
        switch renderMode {
        case .unordered, .additive: break
        case .oldestFirst: buffer.sortStable { $0.birthTime }
        case .oldestLast: buffer.sortStable { -$0.birthTime }
        case .backToFront: buffer.sortStable { $0.position.z }
        }
    }
}

/// The walk of `EmitterLayer.particles(at:)`: the layer's multipliers and shape read once,
/// and the budget of candidates.
struct ParticleEvaluation {
    let birthRate, lifetime, velocity, scale, spin: Double
    let position: SIMD3<Double>
    let size: SIMD3<Double>
    let shape: EmitterShape
    let mode: EmitterMode
    var candidates = 0

    /// What a particle's sub-cells need of it: its key, lifetime and motion.
    struct Parent {
        var key: UInt64
        var birth: Double
        var lifetime: Double
        var motion: Motion
    }

    init(_ layer: EmitterLayer) {
        birthRate = layer.birthRate
        lifetime = layer.lifetime
        velocity = layer.velocity
        scale = layer.scale
        spin = layer.spin
        position = SIMD3(layer.emitterPosition.x, layer.emitterPosition.y, layer.emitterZPosition)
        size = SIMD3(layer.emitterSize.width, layer.emitterSize.height, layer.emitterDepth)
        shape = layer.emitterShape
        mode = layer.emitterMode
    }

    /// The particles of `cell` (flattened index `flat`, index `sibling` among its
    /// siblings) born between `start` and `end` (emitter times), alive at `time`; from the
    /// emitter's shape (`origin` nil) or from the moving parent particle `origin`, then
    /// their sub-cells'. Appended to `buffer.particles`.
    mutating func emit(
        _ cell: EmitterCell, flat: Int, parentKey: UInt64, sibling: Int, origin: Motion?,
        from start: Double, until end: Double, at time: Double, into buffer: inout ParticleBuffer
    ) {
        guard cell.isEnabled, buffer.particles.count < EmitterLayer.maxParticles else { return }
        let rate = cell.birthRate * birthRate
        guard rate > 0, rate.isFinite, end >= start else { return }
        let lifeScale = Swift.max(lifetime, 0)
        let longest = (cell.lifetime + Swift.abs(cell.lifetimeRange)) * lifeScale
        guard longest > 0 else { return }
        // Births at start + k / rate for k = 0 … ⌊(end − start) · rate⌋, newest first; those
        // born more than `longest` before `time` are dead.
        let last = Swift.min(((end - start) * rate).rounded(.down), EmitterLayer.maxBirthIndex)
        let first = longest.isFinite ? Swift.max(((time - longest - start) * rate).rounded(.up), 0) : 0
        guard last >= first else { return }
        // Newest first matters only when a cap cuts the candidates short; when neither can
        // (the usual case), they are visited oldest first, the order they are kept in, and
        // need no reversal after (a pass over every particle, about 1 % of a frame of
        // 10,000). The same particles either way: without a cut, the order of the visits
        // changes nothing else.
        let span = last - first + 1
        let ascending = span <= Double(EmitterLayer.maxCandidates - candidates)
            && span <= Double(EmitterLayer.maxParticles - buffer.particles.count)
        let step: Double = ascending ? 1 : -1
        var remaining = Int(span)  // at most 2⁵² + 1
        let cellKey = Self.mix(parentKey &+ Self.gamma &* UInt64(sibling + 1))
        var k = ascending ? first : last
        let path = buffer.paths[flat]
        let hasSubcells = !cell.emitterCells.isEmpty && buffer.sizes[flat] > 1
        let firstParticle = buffer.particles.count, firstParent = buffer.parents.count
        // The cell's constants, once for all its candidates.
        let acceleration = SIMD3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
        let ranges = SIMD4(cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange)
        let speeds = SIMD4(cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
        let latitude = cell.emissionLatitude
        let cosLatitude = cos(latitude), sinLatitude = sin(latitude)
        while remaining > 0, candidates < EmitterLayer.maxCandidates, buffer.particles.count < EmitterLayer.maxParticles {
            candidates += 1
            remaining -= 1
            let index = Int(k)
            k += step
            let key = Self.mix(cellKey ^ Self.mix(UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1))
            var draws = Draws(key: key)
            let birth = start + Double(index) / rate
            let age = time - birth
            let life = Swift.max(cell.lifetime + cell.lifetimeRange * draws.symmetric(), 0) * lifeScale
            guard age >= 0, age < life else { continue }
            let speed = (cell.velocity + cell.velocityRange * draws.symmetric()) * velocity
            let longitude = cell.emissionLongitude + cell.emissionRange / 2 * draws.symmetric()
            let (sinLongitude, cosLongitude) = Self.sinCos(longitude)
            let direction = SIMD3(cosLatitude * cosLongitude, cosLatitude * sinLongitude, sinLatitude)
            let spinRate = (cell.spin + cell.spinRange * draws.symmetric()) * spin
            let scale0 = cell.scale + cell.scaleRange * draws.symmetric()
            let colorDraws = SIMD4(draws.symmetric(), draws.symmetric(), draws.symmetric(), draws.symmetric())
            let emissionPoint = origin?.position(at: birth) ?? self.emissionPoint(&draws)
            let motion = Motion(start: emissionPoint, velocity: direction * speed, acceleration: acceleration, birth: birth)
            let p = motion.position(at: time)
            var color = cell.color.components + ranges * colorDraws + speeds * age
            color.replace(with: 0, where: .!(color .>= 0))  // negatives and NaN
            color.replace(with: 1, where: color .> 1)
            buffer.particles.append(Particle(
                cellPath: path, cellIndex: flat, index: index, birthTime: birth, age: age, position: p,
                rotation: spinRate * age, scale: (scale0 + cell.scaleSpeed * age) * scale, color: color))
            if hasSubcells { buffer.parents.append(Parent(key: key, birth: birth, lifetime: life, motion: motion)) }
        }
        // Oldest first, then each particle's sub-cells. Reversed in place through the
        // buffer: reversing the array's slice `particles[first...]` copies it.
        if !ascending { buffer.particles.withUnsafeMutableBufferPointer { $0[firstParticle...].reverse() } }
        guard hasSubcells else { return }
        let lastParent = buffer.parents.count
        if !ascending { buffer.parents.withUnsafeMutableBufferPointer { $0[firstParent..<lastParent].reverse() } }
        for i in firstParent..<lastParent {
            let parent = buffer.parents[i]
            var child = flat + 1
            for (j, sub) in cell.emitterCells.enumerated() where child < flat + buffer.sizes[flat] {
                emit(sub, flat: child, parentKey: parent.key, sibling: j, origin: parent.motion,
                     from: parent.birth, until: Swift.min(time, parent.birth + parent.lifetime), at: time, into: &buffer)
                child += buffer.sizes[child]
            }
        }
    }

    /// A point of the emitter's shape for `mode`, from four draws: three coordinates and
    /// one that picks a side, edge or face (by length or area where they differ).
    func emissionPoint(_ draws: inout Draws) -> SIMD3<Double> {
        let u = SIMD3(draws.symmetric(), draws.symmetric(), draws.symmetric())
        let pick = (draws.symmetric() + 1) / 2  // 0 ..< 1
        let half = size / 2
        let radius = size.x / 2
        func corner(_ axes: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u.x < 0 ? -1.0 : 1, u.y < 0 ? -1.0 : 1, u.z < 0 ? -1.0 : 1) * axes
        }
        switch (shape, mode) {
        case (.point, _): return position
        case (.line, .points): return position + corner(SIMD3(half.x, 0, 0))
        case (.line, _): return position + SIMD3(u.x * half.x, 0, 0)
        case (.rectangle, .points): return position + corner(SIMD3(half.x, half.y, 0))
        case (.rectangle, .outline):
            // A point along the perimeter, uniform by length, from the top-left corner clockwise.
            let w = abs(size.x), h = abs(size.y)
            var d = pick * 2 * (w + h)
            if d < w { return position + SIMD3(d - w / 2, -h / 2, 0) }
            d -= w
            if d < h { return position + SIMD3(w / 2, d - h / 2, 0) }
            d -= h
            if d < w { return position + SIMD3(w / 2 - d, h / 2, 0) }
            d -= w
            return position + SIMD3(-w / 2, h / 2 - Swift.min(d, h), 0)
        case (.rectangle, _): return position + SIMD3(u.x * half.x, u.y * half.y, 0)
        case (.circle, .points), (.sphere, .points): return position
        case (.circle, .outline):
            let (s, c) = Self.sinCos(Double.pi * u.x)
            return position + SIMD3(c, s, 0) * radius
        case (.circle, _):
            // Uniform over the disc: the radius goes as the square root of a uniform draw.
            let (s, c) = Self.sinCos(Double.pi * u.x)
            let r = radius * ((u.y + 1) / 2).squareRoot()
            return position + SIMD3(c, s, 0) * r
        case (.cuboid, .points): return position + corner(half)
        case (.cuboid, .outline):
            // An edge along one axis (each axis a third of the time), at a corner's other two.
            let axis = Swift.min(Int(pick * 3), 2)
            var p = corner(SIMD3(repeating: 1))
            p[axis] = (pick * 3 - Double(axis)) * 2 - 1
            return position + p * half
        case (.cuboid, .surface):
            // A face across one axis (each axis a third of the time), on the side of its draw.
            let axis = Swift.min(Int(pick * 3), 2)
            var p = u
            p[axis] = u[axis] < 0 ? -1 : 1
            return position + p * half
        case (.cuboid, .volume): return position + u * half
        case (.sphere, _):
            // A direction uniform on the sphere (z uniform, angle uniform); inside for
            // `.volume` (radius as the cube root of a uniform draw).
            let z = u.y
            let (s, c) = Self.sinCos(Double.pi * u.x)
            let ring = (1 - z * z).squareRoot()
            let r = mode == .volume ? radius * cbrt(pick) : radius
            return position + SIMD3(ring * c, ring * s, z) * r
        }
    }

    /// `(sin x, cos x)` of an angle in radians, each within 1 ulp of the exact value (and, as
    /// measured, of `sin` and `cos`), from a polynomial for |x| ≤ 4096 and from the C library
    /// past it (`cadence_sincos_polynomial`); for |x| ≤ 4096 the same bits in every build.
    /// Core Animation's particles are random, so it pins no bits here. Cost: about 90
    /// instructions, no library call (glibc's `sincos`: about 120 and the call).
    @inline(__always)
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        var s = 0.0, c = 0.0
        cadence_sincos_polynomial(x, &s, &c)
        return (s, c)
    }

    /// The golden-ratio increment of SplitMix64.
    static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// SplitMix64's finaliser: a bijective mix of 64 bits.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A particle's random draws: SplitMix64 from its key, one after another in a fixed
    /// order (lifetime, velocity, longitude, spin, scale, red, green, blue, alpha, then the
    /// emission point's four).
    struct Draws {
        var state: UInt64
        init(key: UInt64) { state = key }
        /// Uniform in −1 ..< 1, on a grid of 2⁻⁵².
        mutating func symmetric() -> Double {
            state &+= ParticleEvaluation.gamma
            return Double(ParticleEvaluation.mix(state) >> 11) * 0x1p-52 - 1
        }
    }

    /// A particle's motion: where it is at an emitter time, `start + v·age + ½·a·age²`
    /// with `age = time − birth` (its sub-cells are born where it is).
    struct Motion {
        let start: SIMD3<Double>
        let velocity: SIMD3<Double>
        let acceleration: SIMD3<Double>
        let birth: Double

        @inline(__always)
        func position(at time: Double) -> SIMD3<Double> {
            let age = time - birth
            return start + velocity * age + acceleration * (0.5 * age * age)
        }
    }
}
