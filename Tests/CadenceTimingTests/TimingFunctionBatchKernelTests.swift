import CCadenceFeatures
import CadenceTestSupport
@testable import CadenceTiming
import XCTest

/// The batch's AVX2 kernel (`cadence_timing_batch4`) against its reference twin, the Swift
/// loops of `progress(at:into:)`, and against the scalar function.
final class TimingFunctionBatchKernelTests: XCTestCase {
    typealias Fast = TimingFunction.Table.Fast

    override func setUpWithError() throws {
        try XCTSkipIf(cadence_timing_batch_available() == 0, "no AVX2 and FMA: the Swift loops run instead")
    }

    // The kernel reads the curve's data by the header's indices: they must be `Fast`'s.
    func testKernelIndicesAreTheTables() {
        // Two chunks' notes a call: the first chunk always fits, so every call moves on.
        XCTAssertEqual(TimingFunction.Table.Batch.noteCapacity, 2 * Int(CADENCE_TIMING_BATCH_GROUPS))
        XCTAssertEqual([Int(CADENCE_TIMING_A), Int(CADENCE_TIMING_B)], [Fast.a, Fast.b])
        XCTAssertEqual(
            [CADENCE_TIMING_XA, CADENCE_TIMING_XB, CADENCE_TIMING_XC, CADENCE_TIMING_X3A, CADENCE_TIMING_X2B].map { Int($0) },
            [Fast.xa, Fast.xb, Fast.xc, Fast.x3a, Fast.x2b])
        XCTAssertEqual(
            [CADENCE_TIMING_YA, CADENCE_TIMING_YB, CADENCE_TIMING_YC, CADENCE_TIMING_YD, CADENCE_TIMING_Y3A, CADENCE_TIMING_Y2B]
                .map { Int($0) },
            [Fast.ya, Fast.yb, Fast.yc, Fast.yd, Fast.y3a, Fast.y2b])
        XCTAssertEqual(
            [CADENCE_TIMING_LIMIT, CADENCE_TIMING_MODE, CADENCE_TIMING_BOUNDS, CADENCE_TIMING_LARGEST].map { Int($0) },
            [Fast.limit, Fast.mode, Fast.bounds, Fast.largest])
        XCTAssertEqual(Int(CADENCE_TIMING_FIRST_BOUNDED_BINADE), Fast.firstBoundedBinade)
        XCTAssertEqual([CADENCE_TIMING_BATCH_BOUNDS, CADENCE_TIMING_BATCH_PARTS].map { Int($0) },
                       [Fast.batchBounds, Fast.batchParts])
    }

    /// The named curves and one seeded curve of each mode the batch serves (`√h` or not ×
    /// 0, 1 or 2 Newton steps), each with a name.
    static func curves(seed: UInt64) -> [(String, TimingFunction)] {
        var named: [(String, TimingFunction)] = [
            ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut), ("default", .default),
            ("(0.9, 0, 0.1, 1)", TimingFunction(controlPoints: 0.9, 0, 0.1, 1)),
        ]
        var rng = SeededGenerator(seed: seed)
        var modes: Set<String> = []
        for _ in 0..<400 where modes.count < 6 {
            let f = TimingFunction(controlPoints: rng.edgeBiased(), rng.unit() * 3 - 1, rng.edgeBiased(), rng.unit() * 3 - 1)
            guard let elements = f.table?.elements, TimingFunction.Table.Batch.applies(elements) else { continue }
            let mode = elements[Fast.base + Fast.mode]
            let key = "rooted \(mode[0] != 0), steps \(Int(mode[1]))"
            if modes.insert(key).inserted { named.append(("\(key) \(f.controlPoints)", f)) }
        }
        return named
    }

    // 10^5 seeded inputs a curve (one in three edge-biased, which the vector test often
    // leaves), through the kernel and through both Swift loops (the split one for a long
    // call, the picking one in blocks of 128): the same bits. The kernel must also settle
    // most lanes itself, or the comparison would only test the scalar function.
    func testKernelMatchesSwiftLoopsBitForBit() {
        let seed: UInt64 = 0xA5_2F3A
        let curves = Self.curves(seed: seed)
        XCTAssertEqual(curves.count, 5 + 6, "seed \(seed): a curve for every mode")
        var rng = SeededGenerator(seed: seed)
        let count = 100_000
        for (name, f) in curves {
            let xs = (0..<count).map { k in k % 3 == 0 ? rng.edgeBiased() : rng.unit() }
            var kernel = [Double](repeating: -7, count: count)
            var split = kernel, mixed = kernel
            xs.withUnsafeBufferPointer { input in
                kernel.withUnsafeMutableBufferPointer { f.clampedProgress(at: input, into: $0) }
                split.withUnsafeMutableBufferPointer { f.clampedProgress(at: input, into: $0, kernel: false) }
                mixed.withUnsafeMutableBufferPointer { output in
                    for start in stride(from: 0, to: count, by: 128) {
                        let end = Swift.min(count, start + 128)
                        f.clampedProgress(
                            at: UnsafeBufferPointer(rebasing: input[start..<end]),
                            into: UnsafeMutableBufferPointer(rebasing: output[start..<end]), kernel: false)
                    }
                }
            }
            XCTAssertEqual(kernel.map(\.bitPattern), split.map(\.bitPattern), "seed \(seed) \(name): kernel vs split loop")
            XCTAssertEqual(kernel.map(\.bitPattern), mixed.map(\.bitPattern), "seed \(seed) \(name): kernel vs picking loop")
            // Every 97th against the scalar call itself.
            for k in stride(from: 0, to: count, by: 97) where kernel[k].bitPattern != f.progress(at: xs[k]).bitPattern {
                XCTFail("seed \(seed) \(name): x \(xs[k]) kernel \(kernel[k]) scalar \(f.progress(at: xs[k]))")
                break
            }
            // Uniform inputs on the named curves: about 1 in 110 to 160 left, 1 in 77 on the
            // steep one (1 in 17 with one bound for each of three tiers of binades, which this
            // would catch). (A seeded curve may have wide binades of large bounds, which the
            // Swift loops leave as well.)
            let left = lanesLeft(f, (0..<4_096).map { _ in rng.unit() })
            if !name.hasPrefix("rooted") {
                XCTAssertLessThan(left, 4_096 / 40, "seed \(seed) \(name): the kernel left \(left) lanes in 4,096")
            }
        }
    }

    // The curves whose mode takes two Newton steps, where the kernel takes one step of the
    // root's series instead (`evaluate_groups`): on 10^6 seeded inputs a curve (one in
    // three edge-biased), every lane the kernel settles is the scalar call's bits, and of
    // the uniform ones it leaves few (a series step that fell short of the guess limit
    // would leave most of them to the scalar call, which the bit comparisons cannot see).
    func testSeriesStepOnAMillionInputs() {
        // The uniform inputs' lanes left (the edge-biased ones are often left by design):
        // about 1 in 75 on the steep curve in the baseline build (whose bounds are twice
        // `-march`'s), 1 in 155 with `-march`; 1 in 30 on the seeded curve with `√h`.
        checkSeededInputs(seed: 0x5E_41E5, count: 1_000_000, steps: 2...2, expected: 3) { $0.hasPrefix("rooted true") ? 10 : 50 }
    }

    // The correction in every loop (its negated multiply-adds, `Table.correction`'s
    // `multiplyAdd(v * -1, w, s)`), on the curves whose mode takes no step or one (those with
    // two are `testSeriesStepOnAMillionInputs`'): as there, every lane the kernel settles is
    // the scalar call's bits, and of the uniform ones the named curves leave as few as
    // `testKernelMatchesSwiftLoopsBitForBit` asks (a sign or term gone wrong settles wrong
    // lanes, or fails the guess test in most of them). 10^5 inputs a curve: a wider sweep of
    // the seeded curves than that test's, kept short for CI.
    func testCorrectionOnSeededInputs() {
        checkSeededInputs(seed: 0xE7_9A4D, count: 100_000, steps: 0...1, expected: 8) {
            $0.hasPrefix("rooted") ? nil : 40
        }
    }

    /// The curves of `curves(seed:)` whose mode takes `steps` Newton steps (`expected` of
    /// them), each on `count` inputs from `seed` (one in three edge-biased) through
    /// `lanesNoted` (every settled lane the scalar call's bits); the uniform inputs left
    /// under 1 in `share(name)` of them, where it is not `nil`.
    func checkSeededInputs(
        seed: UInt64, count: Int, steps: ClosedRange<Double>, expected: Int, file: StaticString = #filePath,
        line: UInt = #line, share: (String) -> Int?
    ) {
        let curves = Self.curves(seed: 0xA5_2F3A).filter { _, f in
            steps.contains(f.table!.elements[Fast.base + Fast.mode][1])
        }
        XCTAssertEqual(curves.count, expected, "curves with \(steps) steps", file: file, line: line)
        var rng = SeededGenerator(seed: seed)
        for (name, f) in curves {
            let xs = (0..<count).map { k in k % 3 == 0 ? rng.edgeBiased() : rng.unit() }
            let left = lanesNoted(f, xs, file: file, line: line).filter { $0 % 3 != 0 }.count
            if let share = share(name) {
                XCTAssertLessThan(left, count / 3 * 2 / share, "seed \(seed) \(name): \(left) uniform inputs left",
                                  file: file, line: line)
            }
        }
    }

    // Inputs the vector test must leave (NaN, outside 0…1, the ends, h below 2^-24) among
    // ordinary ones: the kernel notes them, with their inputs in the output; the batch, in
    // place too, equals the scalar call.
    func testKernelFallbackLanes() {
        let f = TimingFunction.easeInEaseOut
        let odd: [Double] = [.nan, -0.25, 1.5, 0, 1, 0x1p-30, 1 - 0x1p-30, -.infinity, .infinity, 0x1p-25, -0.0]
        var rng = SeededGenerator(seed: 0xFA11_BAC)
        var xs = (0..<128).map { _ in rng.unit() }
        for (k, x) in odd.enumerated() { xs[k &* 11 % 128] = x }
        let noted = lanesNoted(f, xs)
        for k in odd.indices {
            XCTAssertTrue(noted.contains(k &* 11 % 128), "odd input \(odd[k]) not noted")
        }
        var ys = [Double](repeating: -7, count: xs.count)
        xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { f.clampedProgress(at: input, into: $0) } }
        XCTAssertEqual(ys.map(\.bitPattern), xs.map { f.progress(at: $0).bitPattern })
        var inPlace = xs
        inPlace.withUnsafeMutableBufferPointer { buffer in f.clampedProgress(at: UnsafeBufferPointer(buffer), into: buffer) }
        XCTAssertEqual(inPlace.map(\.bitPattern), ys.map(\.bitPattern))
    }

    /// Every length from 1 to 300 (tails that are not a multiple of four; one or two chunks of
    /// 1 to 64 groups, cut at every place; a call's note list is not filled at these lengths,
    /// `testKernelMatchesSwiftLoopsBitForBit` makes calls of 10^5 inputs), out of place and in
    /// place: the batch equals the scalar call bit for bit, on a named curve and the steep one.
    func testKernelEveryLength() {
        var rng = SeededGenerator(seed: 0x1E_4675)
        for f in [TimingFunction.easeInEaseOut, TimingFunction(controlPoints: 0.9, 0, 0.1, 1)] {
            for count in 1...300 {
                let xs = (0..<count).map { _ in rng.unit() }
                let expected = xs.map { f.progress(at: $0).bitPattern }
                var ys = [Double](repeating: -7, count: count)
                xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { f.clampedProgress(at: input, into: $0) } }
                XCTAssertEqual(ys.map(\.bitPattern), expected, "\(f), \(count) inputs")
                var inPlace = xs
                inPlace.withUnsafeMutableBufferPointer { buffer in f.clampedProgress(at: UnsafeBufferPointer(buffer), into: buffer) }
                XCTAssertEqual(inPlace.map(\.bitPattern), expected, "\(f), \(count) inputs in place")
            }
        }
    }

    // The bounds of the parts of `h` (`Fast.batchBounds`) are what keep a settled lane correct: the
    // kernel run on a copy of the curve's data with every entry cut to 0 settles lanes with
    // wrong bits, and with one entry cut, wrong lanes in that entry's part only; so the
    // bit-for-bit comparisons above would fail with a bound too small. With the curve's own
    // entries, none is wrong.
    func testPartBoundsAreWhatKeepLanesCorrect() {
        let seed: UInt64 = 0xB1_7AD3
        var rng = SeededGenerator(seed: seed)
        for (name, f) in [("easeInEaseOut", TimingFunction.easeInEaseOut),
                          ("(0.9, 0, 0.1, 1)", TimingFunction(controlPoints: 0.9, 0, 0.1, 1))] {
            // Inputs whose exact output is next to a rounding boundary of the grid (where a
            // bound too small settles a lane with the wrong grid point): 64 a binade of `h`
            // from 2^-20 to 1/16 … 1/8, 2,048 in each of 1/8 … 1/4 and 1/4 … 1/2 (8 parts
            // each), on both halves, each the input where the scalar call steps to the next
            // grid point (found by bisection) and its neighbours. Which of them a bound of 0
            // gets wrong is the evaluation's rounding, so a part needs many: with 512 a
            // binade (64 a part) some parts of the steep curve had 0 to 2 wrong lanes, and
            // which ones moved with the last bits of the guess.
            var xs: [Double] = []
            for exponent in -20 ... -2 {
                for k in 0..<(exponent < -3 ? 64 : 2_048) {
                    let h = Double(sign: .plus, exponent: exponent, significand: 1 + 0.9 * rng.unit())
                    var below = k % 2 == 0 ? h : 1 - h
                    let y = f.progress(at: below)
                    var above = below + 0x1p-30 * h
                    guard f.progress(at: above) != y else { continue }
                    while above.nextDown > below {
                        let middle = below + (above - below) / 2
                        if f.progress(at: middle) == y { below = middle == below ? above.nextDown : middle } else { above = middle }
                    }
                    xs += [below.nextDown, below, above, above.nextUp]
                }
            }
            xs = Array(xs.prefix(xs.count / 4 * 4))
            let expected = xs.map { f.progress(at: $0).bitPattern }
            let fast = UnsafeRawPointer(f.table!.elements + Fast.base).assumingMemoryBound(to: Double.self)
            let data = Array(UnsafeBufferPointer(start: fast, count: 2 * Fast.cells))
            XCTAssertEqual(wrongLanes(data, xs, expected).count, 0, "seed \(seed) \(name): the curve's own bounds")
            XCTAssertGreaterThan(wrongLanes(cut(data, entries: 0..<Fast.batchParts), xs, expected).count, 0,
                                 "seed \(seed) \(name): every bound cut to 0")
            // One entry at a time: the wrong lanes are that entry's part's (`h` held to
            // 1/8 … below 1/2, its exponent's last bit and its 3 leading fraction bits).
            var wrongByEntry: [Int] = []
            for entry in 0..<Fast.batchParts {
                let wrong = wrongLanes(cut(data, entries: entry..<(entry + 1)), xs, expected)
                wrongByEntry.append(wrong.count)
                for k in wrong {
                    let h = Swift.min(Swift.max(xs[k] > 0.5 ? 1 - xs[k] : xs[k], 0.125), 0.5.nextDown)
                    XCTAssertEqual(Int(h.bitPattern >> 49) & 15, entry, "seed \(seed) \(name): x \(xs[k])")
                }
            }
            // Every entry was needed.
            for (entry, wrong) in wrongByEntry.enumerated() {
                XCTAssertGreaterThan(wrong, 0, "seed \(seed) \(name): entry \(entry) cut to 0")
            }
        }
    }

    /// `data` with the kernel's bounds `entries` (of both halves) set to 0.
    func cut(_ data: [Double], entries: Range<Int>) -> [Double] {
        var data = data
        data.withUnsafeMutableBytes { bytes in
            for half in 0..<2 {
                for entry in entries {
                    let offset = 16 * Fast.batchBounds + 4 * (half * Fast.batchParts + entry)
                    bytes.storeBytes(of: Int32(0), toByteOffset: offset, as: Int32.self)
                }
            }
        }
        return data
    }

    /// The lanes the kernel, run on the curve data `data` (from `Fast.base`), settles with
    /// other bits than `expected` (the scalar call's, for `xs`).
    func wrongLanes(_ data: [Double], _ xs: [Double], _ expected: [UInt64]) -> [Int] {
        var ys = [Double](repeating: -7, count: xs.count)
        // Room for every group's note and a chunk more: one call does every group.
        var notes = [Int64](repeating: 0, count: xs.count / 4 + Int(CADENCE_TIMING_BATCH_GROUPS))
        var done = 0
        let n = cadence_timing_batch4(data, xs, &ys, xs.count / 4, &notes, notes.count, &done)
        XCTAssertEqual(done, xs.count / 4)
        var open = Set<Int>()
        for note in notes.prefix(n) { for lane in 0..<4 where note & 1 << lane != 0 { open.insert(Int(note >> 4) + lane) } }
        return xs.indices.filter { !open.contains($0) && ys[$0].bitPattern != expected[$0] }
    }

    /// Runs the kernel once on `xs` (a multiple of 4 inputs) and returns how many lanes its
    /// notes leave; checks that it wrote every group, that a noted lane holds its input and
    /// that every other lane is the scalar call's value.
    func lanesLeft(_ f: TimingFunction, _ xs: [Double], file: StaticString = #filePath, line: UInt = #line) -> Int {
        lanesNoted(f, xs, file: file, line: line).count
    }

    /// `lanesLeft`'s lanes themselves: the indices of the inputs the kernel's notes leave.
    func lanesNoted(_ f: TimingFunction, _ xs: [Double], file: StaticString = #filePath, line: UInt = #line) -> Set<Int> {
        let fast = UnsafeRawPointer(f.table!.elements + Fast.base).assumingMemoryBound(to: Double.self)
        var ys = [Double](repeating: -7, count: xs.count)
        var notes = [Int64](repeating: 0, count: xs.count / 4)
        var done = 0
        let n = cadence_timing_batch4(fast, xs, &ys, xs.count / 4, &notes, notes.count, &done)
        XCTAssertEqual(done, xs.count / 4, file: file, line: line)
        var open = Set<Int>()
        for note in notes.prefix(n) {
            XCTAssertNotEqual(note & 0xF, 0, file: file, line: line)
            for lane in 0..<4 where note & 1 << lane != 0 { open.insert(Int(note >> 4) + lane) }
        }
        for k in xs.indices {
            let expected = open.contains(k) ? xs[k] : f.progress(at: xs[k])
            if ys[k].bitPattern != expected.bitPattern {
                XCTFail("x \(xs[k]): kernel \(ys[k]), expected \(expected) (noted: \(open.contains(k)))", file: file, line: line)
                break
            }
        }
        return open
    }
}
