import CCadenceFeatures
import CadenceGeometry
import CadenceTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

@testable import CadenceCompositor

/// The source-over kernels against their integer twins (`KernelReference`), bit for bit,
/// and the rounding rules of `docs/compositor.md` § 4.
final class SourceOverTests: XCTestCase {
    /// Weights that exercise every branch and the ends of the range: 0, the smallest, the
    /// halves, the largest below full, full.
    static let weights: [Int] = [0, 1, 2, 3, 51, 127, 128, 129, 170, 204, 253, 254, 255]

    /// For each source alpha, colours that cover 0, 1, the middle and the alpha itself.
    static func colours(alpha a: Int) -> [SIMD4<UInt8>] {
        let c = [0, Swift.min(1, a), a / 2, Swift.max(a - 1, 0), a, a / 3].map(UInt8.init)
        return [SIMD4(c[0], c[1], c[2], UInt8(a)), SIMD4(c[3], c[4], c[5], UInt8(a))]
    }

    /// 256 destinations: every byte value in every channel.
    static let everyByte: [UInt8] = (0..<256).flatMap { (d: Int) -> [UInt8] in
        let a = UInt8(d), b = UInt8(255 - d), c = UInt8((d * 7) & 255)
        return [a, b, c, a]
    }

    /// `paint` over the `count` pixels of `bytes` (all of them when `nil`) from pixel
    /// `start`, with `start` pixels of room before them.
    private func blended(_ paint: SIMD4<UInt8>, weights: [Float], over bytes: [UInt8], count: Int? = nil, start: Int = 0) -> [UInt8] {
        var out = bytes
        weights.withUnsafeBufferPointer { w in
            out.withUnsafeMutableBufferPointer {
                SourceOver.blend(SourceOver.Paint(bytes: paint), weights: w.baseAddress! + start, into: $0.baseAddress! + 4 * start,
                                 count: count ?? weights.count, room: start)
            }
        }
        return out
    }

    /// Every destination byte in every channel, for every source alpha with colours at 0,
    /// 1, half, alpha − 1 and alpha, at weights across the range: the one-paint kernel (per
    /// pixel weights) and the uniform kernel equal the twin.
    func testBlendMatchesTwinExhaustively() {
        let destination = unflatten(Self.everyByte)
        for a in 0..<256 {
            for paint in Self.colours(alpha: a) {
                for w in Self.weights {
                    let expected = flatten(destination.map { KernelReference.blend(paint, weight: w, over: $0) })
                    let weight = Float(w) / 255
                    XCTAssertEqual(KernelReference.weight(weight), w)
                    let perPixel = blended(paint, weights: [Float](repeating: weight, count: 256), over: Self.everyByte)
                    var uniform = Self.everyByte
                    uniform.withUnsafeMutableBufferPointer {
                        SourceOver.blend(SourceOver.Paint(bytes: paint), weight: weight, into: $0.baseAddress!, count: 256)
                    }
                    if perPixel != expected || uniform != expected {
                        let i = zip(perPixel, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                            ?? zip(uniform, expected).enumerated().first { $0.element.0 != $0.element.1 }!.offset
                        XCTFail("paint \(paint) weight \(w) byte \(i): per pixel \(perPixel[i]), uniform \(uniform[i]), twin \(expected[i])")
                        return
                    }
                }
            }
        }
    }

    /// Seeded random paints, weights (edge-biased, mixed within each group of eight) and
    /// destinations, runs of 1…40 pixels (whole groups and the tail).
    func testBlendMatchesTwinOnRandomRuns() {
        var g = SeededGenerator(seed: 0xB1_E4D)
        for trial in 0..<400 {
            let color = Color(red: g.edgeBiased(), green: g.edgeBiased(), blue: g.edgeBiased(), alpha: g.edgeBiased())
            let paint = KernelReference.bytes(color)
            XCTAssertEqual(SourceOver.Paint(color).bytes, paint)
            let count = 1 + trial % 40
            let weights = (0..<count).map { _ in Float(g.edgeBiased()) * (g.next() % 7 == 0 ? 2 : 1) }
            let destination = (0..<count).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
            let got = unflatten(blended(paint, weights: weights, over: flatten(destination)))
            for i in 0..<count {
                XCTAssertEqual(got[i], KernelReference.blend(paint, weight: KernelReference.weight(weights[i]), over: destination[i]),
                               "seed \(g.seed) trial \(trial) pixel \(i)")
            }
        }
    }

    /// A last, partial group of 1…7 pixels whose weights are all 0 but one (at each place in
    /// turn), after 0, 1 or 2 whole groups, and one whose weights are all 0, with 0…8 pixels
    /// of room before the run (weights 1 there): the pixels with a weight are blended as the
    /// twin blends them (a tail left out when any of its weights is not 0, or a pixel drawn
    /// twice, fails here), the others and the pixels before and past the run are left as
    /// they were.
    func testBlendLeavesOutOnlyZeroTails() {
        var g = SeededGenerator(seed: 0x7A_11)
        for groups in 0..<3 {
            for tail in 1..<8 {
                for place in -1..<tail {
                    let count = 8 * groups + tail, start = Int(g.next() % 9)
                    let paint = KernelReference.bytes(Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased()))
                    var weights = (0..<start + count).map { $0 < start ? 1 : Float(g.unit()) }
                    for i in start + 8 * groups..<start + count { weights[i] = i - start - 8 * groups == place ? Float(1 + g.next() % 255) / 255 : 0 }
                    let row = (0..<start + count + 8).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
                    let got = unflatten(blended(paint, weights: weights + [Float](repeating: 1, count: 8), over: flatten(row), count: count, start: start))
                    for i in row.indices {
                        let inside = start..<start + count ~= i
                        let expected = inside ? KernelReference.blend(paint, weight: KernelReference.weight(weights[i]), over: row[i]) : row[i]
                        XCTAssertEqual(got[i], expected, "seed \(g.seed) groups \(groups) tail \(tail) weight at \(place) room \(start), pixel \(i)")
                    }
                }
            }
        }
    }

    /// The two-paint kernel's tails, as `testBlendLeavesOutOnlyZeroTails` the one-paint
    /// kernel's: 1–7 pixels after 0–2 groups, a weight in the fill, the border or both at one
    /// place of the tail or none, 0–8 pixels of room whose weights are not 0; against the
    /// twin, the pixels outside the run unchanged.
    func testTwoPaintBlendLeavesOutOnlyZeroTails() {
        var g = SeededGenerator(seed: 0x7A_12)
        for groups in 0..<3 {
            for tail in 1..<8 {
                for place in -1..<tail {
                    let count = 8 * groups + tail, start = Int(g.next() % 9), which = g.next() % 3
                    let a = KernelReference.bytes(Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased()))
                    let b = KernelReference.bytes(Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: 0.2 + 0.8 * g.unit()))
                    var wa = (0..<start + count + 8).map { $0 < start ? 0.7 : Float(g.unit()) }
                    var wb = (0..<start + count + 8).map { $0 < start ? 0.3 : Float(g.unit()) }
                    for i in start + 8 * groups..<start + count {
                        let here = i - start - 8 * groups == place
                        wa[i] = here && which != 1 ? Float(1 + g.next() % 255) / 255 : 0
                        wb[i] = here && which != 0 ? Float(1 + g.next() % 255) / 255 : 0
                    }
                    let row = (0..<start + count + 8).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
                    var bytes = flatten(row)
                    wa.withUnsafeBufferPointer { pa in
                        wb.withUnsafeBufferPointer { pb in
                            bytes.withUnsafeMutableBufferPointer {
                                SourceOver.blend(SourceOver.Paint(bytes: a), weights: pa.baseAddress! + start, SourceOver.Paint(bytes: b),
                                                 weights: pb.baseAddress! + start, into: $0.baseAddress! + 4 * start, count: count, room: start)
                            }
                        }
                    }
                    let got = unflatten(bytes)
                    for i in row.indices {
                        let expected = start..<start + count ~= i
                            ? KernelReference.blend(a, weight: KernelReference.weight(wa[i]), b, weight: KernelReference.weight(wb[i]), over: row[i])
                            : row[i]
                        XCTAssertEqual(got[i], expected, "seed \(g.seed) groups \(groups) tail \(tail) weights at \(place) (\(which)) room \(start), pixel \(i)")
                    }
                }
            }
        }
    }

    /// The uniform kernel over runs of 1…70 pixels (two groups a step, one group, the tail)
    /// starting at every offset of a row: seeded paints at full weight (the short form) and
    /// opaque paints at a partial weight, against the twin; on every other run `reach` goes to
    /// the row's end (the last group read and stored whole), and every pixel past the run is
    /// left as it was.
    func testUniformBlendMatchesTwinOnRuns() {
        var g = SeededGenerator(seed: 0x5_0F3A)
        for trial in 0..<300 {
            let a = trial % 3 == 0 ? 255 : Int(g.next() % 256)
            let paint = SIMD4(UInt8(g.next() % UInt64(a + 1)), UInt8(g.next() % UInt64(a + 1)), UInt8(g.next() % UInt64(a + 1)), UInt8(a))
            let w = a == 255 ? Int(g.next() % 256) : 255
            let row = (0..<80).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
            let start = trial % 7, count = 1 + trial % 70, reach = trial % 2 == 0 ? row.count - start : 0
            var bytes = flatten(row)
            bytes.withUnsafeMutableBufferPointer {
                SourceOver.blend(SourceOver.Paint(bytes: paint), weight: Float(w) / 255, into: $0.baseAddress! + 4 * start, count: count,
                                 reach: reach)
            }
            let got = unflatten(bytes)
            for i in row.indices {
                let expected = start..<start + count ~= i ? KernelReference.blend(paint, weight: w, over: row[i]) : row[i]
                XCTAssertEqual(got[i], expected, "trial \(trial) paint \(paint) weight \(w) reach \(reach) pixel \(i)")
            }
        }
    }

    /// Runs that end where the memory ends: a row whose last pixel is the last of a page,
    /// the next page unreadable (`PROT_NONE`). With `reach` exactly the run (the row's end)
    /// or 0, no kernel may read or store past it — a translucent paint at full weight
    /// (`cadence_over_uniform`) and a paint at a partial weight (`cadence_over_weighted`),
    /// runs of 1 … 20 pixels; a group read past the row would stop the test with a fault —
    /// and the pixels are the twin's.
    func testRunsEndingAtAnUnreadablePage() throws {
        #if canImport(Glibc)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              memory != MAP_FAILED else { throw XCTSkip("mmap failed") }
        defer { munmap(memory, 2 * page) }
        XCTAssertEqual(mprotect(memory + page, page, PROT_NONE), 0)
        let end = memory.assumingMemoryBound(to: UInt8.self) + page
        var g = SeededGenerator(seed: 0x6A_2D0E)
        for count in 1...20 {
            for (paint, weight) in [(SIMD4<UInt8>(40, 90, 20, 120), 255), (SIMD4<UInt8>(200, 10, 90, 255), 77),
                                    (SIMD4<UInt8>(30, 30, 60, 100), 200)] {
                for reach in [count, 0] {
                    let row = (0..<count).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
                    let dst = end - 4 * count
                    for (i, pixel) in row.enumerated() { for c in 0..<4 { dst[4 * i + c] = pixel[c] } }
                    SourceOver.blend(SourceOver.Paint(bytes: paint), weight: Float(weight) / 255, into: dst, count: count,
                                     reach: reach)
                    for (i, pixel) in row.enumerated() {
                        let got = SIMD4((0..<4).map { dst[4 * i + $0] })
                        XCTAssertEqual(got, KernelReference.blend(paint, weight: weight, over: pixel),
                                       "count \(count) paint \(paint) weight \(weight) reach \(reach) pixel \(i)")
                    }
                }
            }
        }
        #else
        throw XCTSkip("needs mmap")
        #endif
    }

    /// The AVX2 kernels of a translucent paint at full weight (`cadence_over_uniform`) and
    /// of any paint at a weight below 1 (`cadence_over_weighted`), and the Swift lanes they
    /// stand in for (`referenceUniformForTests`), each against the twin: every multiplier of
    /// the first's table for every byte (the rounded quotient `⌊D·k / 255⌉`), then every
    /// alpha with colours at 0, 1, half, alpha − 1 and alpha over every destination byte in
    /// every channel — at full weight (alpha below 255) and at the weights 1, 2, 127, 128,
    /// 254 and one that changes with the alpha — on runs that start at each of 0…8 and end
    /// with tails of 0…7 pixels (the last group: masked or pixel by pixel, or with `reach` to
    /// the row's end read and stored whole), every pixel outside the run left as it was.
    func testUniformKernelsAndTheirTwinMatchTheReference() throws {
        for k in 0..<256 {
            let m = Int(cadence_over_multiplier(Int32(k)))
            for d in 0..<256 where (d * m + 16384) >> 15 != KernelReference.rounded(d * k, 255) {
                return XCTFail("multiplier \(m) of k = \(k) at byte \(d)")
            }
        }
        let saved = SourceOver.referenceUniformForTests
        defer { SourceOver.referenceUniformForTests = saved }
        let destination = unflatten(Self.everyByte)
        for reference in [false, true] {
            SourceOver.referenceUniformForTests = reference
            if !reference && !SourceOver.usesUniformKernel { continue }
            for a in 0..<256 {
                for paint in Self.colours(alpha: a) {
                    for w in (a < 255 ? [255] : []) + [1, 2, 127, 128, 254, 1 + (a * 37) % 254] {
                        let start = (a + w) % 9, count = 256 - start - (a + w) % 8
                        // Every other case may rewrite the pixels after the run up to the row's end.
                        let reach = (a + w) % 2 == 0 ? 256 - start : 0
                        let expected = destination.indices.map {
                            start..<start + count ~= $0 ? KernelReference.blend(paint, weight: w, over: destination[$0]) : destination[$0]
                        }
                        var bytes = Self.everyByte
                        bytes.withUnsafeMutableBufferPointer {
                            // `w / 255` quantizes to `w` (`PixelLanes.quantize`).
                            SourceOver.blend(SourceOver.Paint(bytes: paint), weight: Float(w) / 255,
                                             into: $0.baseAddress! + 4 * start, count: count, reach: reach)
                        }
                        let got = unflatten(bytes)
                        if let i = got.indices.first(where: { got[$0] != expected[$0] }) {
                            return XCTFail("\(reference ? "lanes" : "kernel"): paint \(paint) weight \(w) pixel \(i): \(got[i]), twin \(expected[i])")
                        }
                    }
                }
            }
        }
    }

    /// The span fill of an opaque paint at full weight against a plain loop of stores: runs
    /// of 0…40 pixels and around `stringFillMinimum` (the vector stores below it, the string
    /// store from it) at every offset 0…8 of a row of seeded bytes; every pixel of the run is
    /// the paint, and every pixel before and past it is left as it was.
    func testFillMatchesPlainStores() {
        var g = SeededGenerator(seed: 0xF1_11)
        let m = SourceOver.stringFillMinimum, pixels = m + 24
        let original = (0..<4 * pixels).map { _ in UInt8(truncatingIfNeeded: g.next()) }
        for count in Array(0...40) + Array(m - 9...m + 9) {
            for start in 0...8 {
                let word = UInt32(truncatingIfNeeded: g.next()) | 0xFF00_0000
                var bytes = original
                bytes.withUnsafeMutableBufferPointer {
                    SourceOver.fill($0.baseAddress! + 4 * start, with: SIMD8(repeating: word), count: count)
                }
                var expected = original
                for i in start..<start + count {
                    for c in 0..<4 { expected[4 * i + c] = UInt8(truncatingIfNeeded: word >> (8 * c)) }
                }
                if let i = bytes.indices.first(where: { bytes[$0] != expected[$0] }) {
                    return XCTFail("count \(count) start \(start): byte \(i) is \(bytes[i]), plain stores \(expected[i])")
                }
            }
        }
    }

    /// Weight 0 (and NaN, negative) leaves the destination; opaque at weight 1 replaces it
    /// exactly, however often; 255 stays 255; a transparent colour changes nothing; colour
    /// stays at most alpha.
    func testRoundingRules() {
        let destination = [SIMD4<UInt8>(10, 200, 30, 255), SIMD4(0, 0, 0, 0), SIMD4(1, 2, 3, 4), SIMD4(255, 255, 255, 255), SIMD4(7, 7, 7, 9)]
        let color = KernelReference.bytes(Color(red: 0.3, green: 0.6, blue: 0.9))
        XCTAssertEqual(color, SIMD4(77, 153, 230, 255), "0.3·255 = 76.5 → 77")
        let bytes = flatten(destination)
        XCTAssertEqual(blended(color, weights: [0, .nan, -1, 0, -0.0], over: bytes), bytes)
        XCTAssertEqual(blended(.zero, weights: [1, 0.5, 1, 0.3, 1], over: bytes), bytes)
        var pixels = bytes
        for _ in 0..<100 { pixels = blended(color, weights: [1, 1, 1, 1, 1], over: pixels) }
        XCTAssertEqual(Set(unflatten(pixels)), [color], "no drift")
        var opaque = [UInt8](repeating: 255, count: 4 * 9)
        for k in 0..<50 {
            let c = KernelReference.bytes(Color(red: 0, green: 0, blue: 0, alpha: 0.02 * Double(k)))
            opaque = blended(c, weights: [0.3, 0.7, 1, 0.01, 0.99, 0.5, 1e-3, 0.2, 0.9], over: opaque)
        }
        XCTAssertTrue(unflatten(opaque).allSatisfy { $0[3] == 255 }, "255 stays 255")
        var g = SeededGenerator(seed: 0x9E_3779)
        for _ in 0..<200 {
            let a = UInt8(g.next() % 256)
            let paint = SIMD4(UInt8(g.next() % (UInt64(a) + 1)), UInt8(g.next() % (UInt64(a) + 1)), 0, a)
            let d = (0..<16).map { _ -> SIMD4<UInt8> in
                let da = UInt8(g.next() % 256)
                return SIMD4(UInt8(g.next() % (UInt64(da) + 1)), da, 0, da)
            }
            let out = unflatten(blended(paint, weights: (0..<16).map { _ in Float(g.unit()) }, over: flatten(d)))
            XCTAssertTrue(out.allSatisfy { $0[0] <= $0[3] && $0[1] <= $0[3] && $0[2] <= $0[3] }, "colour ≤ alpha")
        }
    }

    /// The two-paint kernel equals its twin: every border alpha and weight pair from the
    /// representative set (the clamp of the background's weight included), then random.
    func testTwoPaintBlendMatchesTwin() {
        let destination = unflatten(Self.everyByte)
        func run(_ a: SIMD4<UInt8>, _ wa: [Float], _ b: SIMD4<UInt8>, _ wb: [Float], _ d: [SIMD4<UInt8>]) -> [SIMD4<UInt8>] {
            var bytes = flatten(d)
            wa.withUnsafeBufferPointer { pa in
                wb.withUnsafeBufferPointer { pb in
                    bytes.withUnsafeMutableBufferPointer {
                        SourceOver.blend(SourceOver.Paint(bytes: a), weights: pa.baseAddress!, SourceOver.Paint(bytes: b),
                                         weights: pb.baseAddress!, into: $0.baseAddress!, count: d.count)
                    }
                }
            }
            return unflatten(bytes)
        }
        for ba in stride(from: 0, through: 255, by: 17) {
            let a = SIMD4<UInt8>(200, 10, 90, 230), b = SIMD4<UInt8>(UInt8(ba / 2), UInt8(ba), 0, UInt8(ba))
            for wa in Self.weights {
                for wb in Self.weights {
                    let got = run(a, [Float](repeating: Float(wa) / 255, count: 256), b,
                                  [Float](repeating: Float(wb) / 255, count: 256), destination)
                    for (i, d) in destination.enumerated() where got[i] != KernelReference.blend(a, weight: wa, b, weight: wb, over: d) {
                        XCTFail("border alpha \(ba) weights \(wa), \(wb) pixel \(i)")
                        return
                    }
                }
            }
        }
        var g = SeededGenerator(seed: 0x2B_A1)
        for trial in 0..<300 {
            let a = KernelReference.bytes(Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased()))
            let b = KernelReference.bytes(Color(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.edgeBiased()))
            let count = 1 + trial % 19
            let wb = (0..<count).map { _ in Float(g.edgeBiased()) }
            let wa = (0..<count).map { i in Float(g.edgeBiased()) * (1 - Float(b[3]) / 255 * wb[i]) }
            let d = (0..<count).map { _ in SIMD4<UInt8>(truncatingIfNeeded: SIMD4(g.next(), g.next(), g.next(), g.next())) }
            let got = run(a, wa, b, wb, d)
            for i in 0..<count {
                XCTAssertEqual(got[i], KernelReference.blend(a, weight: KernelReference.weight(wa[i]), b,
                                                             weight: KernelReference.weight(wb[i]), over: d[i]),
                               "seed \(g.seed) trial \(trial) pixel \(i)")
            }
        }
    }

    /// Compositing a group: every (colour, alpha) source pair with colour ≤ alpha over
    /// destinations from every byte, at opacities across the range; opacity 1 of an opaque
    /// source copies it.
    func testCompositeMatchesTwinExhaustively() {
        var g = SeededGenerator(seed: 0xC0_3B)
        // Every premultiplied (c, a) once, packed three to a pixel, destinations cycling
        // through every byte.
        var sources: [SIMD4<UInt8>] = []
        var pending: [UInt8] = []
        for a in 0..<256 {
            for c in 0...a {
                pending.append(UInt8(c))
                if pending.count == 3 || c == a {
                    while pending.count < 3 { pending.append(0) }
                    sources.append(SIMD4(pending[0], pending[1], pending[2], UInt8(a)))
                    pending = []
                }
            }
        }
        for (k, opacity) in [0, 1, 77, 128, 200, 254, 255].enumerated() {
            let destination = sources.indices.map { i -> SIMD4<UInt8> in
                let d = UInt8((i * 31 + k * 101) & 255)
                return SIMD4(d, d &+ 85, d &+ 170, UInt8(truncatingIfNeeded: g.next()))
            }
            var dst = flatten(destination)
            let src = flatten(sources)
            src.withUnsafeBufferPointer { s in
                dst.withUnsafeMutableBufferPointer {
                    SourceOver.composite(s.baseAddress!, opacity: Float(opacity) / 255, into: $0.baseAddress!, count: sources.count)
                }
            }
            let got = unflatten(dst)
            for i in sources.indices where got[i] != KernelReference.blend(sources[i], weight: opacity, over: destination[i]) {
                XCTFail("opacity \(opacity) source \(sources[i]) over \(destination[i]): \(got[i])")
                return
            }
        }
        var target = [UInt8](repeating: 9, count: 20)
        let opaque: [UInt8] = [10, 20, 30, 255, 1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 11, 12, 13, 255]
        SourceOver.composite(opaque, opacity: 1, into: &target, count: 5)
        XCTAssertEqual(target, opaque, "an opaque group at opacity 1 replaces")
    }

    /// Compositing a group over an opaque background in place of the pixels below
    /// (`composite(_:opacity:over:into:count:)`) against its twin, filling with the
    /// background and compositing over that: seeded runs of 1 to 40 pixels (whole groups,
    /// tails) of transparent, opaque and translucent sources, groups of eight all
    /// transparent among them, at opacities 0 to 1, over bitmaps of noise; every byte equal.
    func testCompositeOverBackgroundMatchesTwin() {
        var g = SeededGenerator(seed: 0xC0_B6)
        for trial in 0..<600 {
            let count = Int(g.next() % 40) + 1
            let background = SourceOver.Paint(bytes: SIMD4(UInt8(truncatingIfNeeded: g.next()), UInt8(truncatingIfNeeded: g.next()),
                                                           UInt8(truncatingIfNeeded: g.next()), 255))
            let clearGroup = Int(g.next() % 6)
            let sources = (0..<count).map { i -> SIMD4<UInt8> in
                if i / 8 == clearGroup { return .zero }
                let a: UInt8 = switch g.next() % 4 { case 0: 0; case 1: 255; default: UInt8(truncatingIfNeeded: g.next()) }
                func c() -> UInt8 { a == 0 ? 0 : UInt8(g.next() % (UInt64(a) + 1)) }
                return SIMD4(c(), c(), c(), a)
            }
            let opacity = [0, 0.001, 0.5, 0.85, 0.999, 1][trial % 6]
            let src = flatten(sources)
            var expected = (0..<4 * count).map { _ in UInt8(truncatingIfNeeded: g.next()) }
            var got = expected.map { ~$0 }
            src.withUnsafeBufferPointer { s in
                expected.withUnsafeMutableBufferPointer {
                    SourceOver.fill($0.baseAddress!, with: background.fill, count: count)
                    SourceOver.composite(s.baseAddress!, opacity: Float(opacity), into: $0.baseAddress!, count: count)
                }
                got.withUnsafeMutableBufferPointer {
                    SourceOver.composite(s.baseAddress!, opacity: Float(opacity), over: background, into: $0.baseAddress!,
                                         count: count)
                }
            }
            XCTAssertEqual(got, expected, "trial \(trial): \(count) pixels at opacity \(opacity)")
        }
    }

    /// The division identities the lanes rely on, over their whole ranges.
    func testDivisionBy255() {
        for start in stride(from: 0, to: 65535, by: 16) {
            var x = PixelLanes.Lanes()
            for k in 0..<16 { x[k] = UInt16(Swift.min(start + k, 65534)) }
            let floor = PixelLanes.divideFloor(x)
            for k in 0..<16 { XCTAssertEqual(Int(floor[k]), Int(x[k]) / 255) }
            if start <= 65407 {
                for k in 0..<16 { x[k] = UInt16(Swift.min(start + k, 65407)) }
                let round = PixelLanes.divideRound(x)
                for k in 0..<16 { XCTAssertEqual(Int(round[k]), KernelReference.rounded(Int(x[k]), 255)) }
            }
        }
    }
}
