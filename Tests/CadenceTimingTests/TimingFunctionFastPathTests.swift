@testable import CadenceTiming
import CadenceTestSupport
import XCTest

/// Both fast paths against the full path (safeguarded solve, compensated residual and
/// output, refined until trusted), which is the exact reference here:
/// - `correctlyRoundedProgress(at:)` (table guess, compensated finish, Ziv's test at double
///   precision) must return exactly the full path's double;
/// - `progress(at:)` (polynomial guess in both halves' lanes, plain second-order finish,
///   Ziv's test on the 40-bit grid against the input binade's bound) must return exactly the
///   grid point nearest the full path's double-double.
final class TimingFunctionFastPathTests: XCTestCase {
    typealias Table = TimingFunction.Table

    /// The full path's value for `x` in (0, 1), rounded to a double.
    static func full(_ f: TimingFunction, _ x: Double) -> Double {
        guard f.table != nil else { return x }
        let isUpper = x > 0.5
        return f._fullProgress(isUpper ? 1 - x : x, half: isUpper ? 1 : 0)
    }

    /// The grid point nearest the full path's double-double, for `x` in (0, 1).
    static func fullOnTheGrid(_ f: TimingFunction, _ x: Double) -> Double {
        guard f.table != nil else { return x }
        let isUpper = x > 0.5
        let y = f._fullPair(isUpper ? 1 - x : x, half: isUpper ? 1 : 0)
        // The grid points either side of the value, and the boundary between them.
        let nearest = Table.roundedToGrid(y.value)
        let other = Table.roundedToGrid(2 * y.value - nearest)
        guard other != nearest, abs(y.value - nearest) == abs(other - y.value) else { return nearest }
        return (y.value - 0.5 * (nearest + other)) + y.error < 0 ? min(nearest, other) : max(nearest, other)
    }

    /// Whether the compensated fast path answers `x` in (0, 1) on its own, and whether the
    /// plain one does.
    static func fastAnswers(_ f: TimingFunction, _ x: Double) -> (compensated: Bool, plain: Bool) {
        guard let table = f.table else { return (true, true) }
        let isUpper = x > 0.5
        let h = isUpper ? 1 - x : x
        let half = isUpper ? 1 : 0
        guard h >= TimingFunction.HalfSolver.tinyInput else { return (false, false) }
        let lanes = Table.lanes(table.elements, half: half), rows = Table.rows(table.elements, half: half)
        var answers = (compensated: false, plain: false)
        if let y = Table.solve(h, lanes: lanes, rows: rows) {
            answers.compensated = y.value + (y.error + y.bound) == y.value && y.value + (y.error - y.bound) == y.value
        }
        let plan = Table.plan(table.elements)
        answers.plain =
            plan == -1
            ? Table.plainOutput(h, lanes: lanes, rows: rows, bounds: Table.bounds(table.elements, half: half)) != nil
            : plan < 0
                ? Table.pieceOutput(x, steps: -2 - plan, table.elements) != nil
                : Table.fastOutput(x, plan: plan, table.elements) != nil
        return answers
    }

    /// Inputs per named curve: 10⁶ in an optimised build; a debug build (where one full
    /// solve costs tens of microseconds) takes every 50th of the same seeded sequence's
    /// kinds, 20,000, so the test stays within a few seconds. Both report their seed.
    static let namedCurveInputs: Int = {
        #if DEBUG
        return 20_000
        #else
        return 1_000_000
        #endif
    }()

    // Property: on every named curve the fast and the full path agree bit for bit. Inputs:
    // uniform in (0, 1) and edge-biased (the ends, a few ulps from them, 1e-7 from them,
    // cubed draws towards 0 and 1, inputs a few ulps from 1/2 where the halves meet).
    func testFastPathAgreesWithTheFullPathOnNamedCurves() {
        for name in TimingFunction.Name.allCases {
            let f = TimingFunction(named: name)
            var rng = SeededGenerator(seed: 0xFA57_0000 + UInt64(name.rawValue.count))
            var fast = 0, fastPlain = 0
            var failures = 0
            for k in 0..<Self.namedCurveInputs {
                var x: Double
                switch k % 4 {
                case 0: x = rng.edgeBiased()
                case 1: x = rng.stepped(0.5, ulps: Int(rng.next() % 9) - 4)
                default: x = rng.unit()
                }
                if !(x > 0 && x < 1) { x = 0.25 }
                let y = f.correctlyRoundedProgress(at: x)
                let exact = Self.full(f, x)
                let grid = f.progress(at: x)
                let exactOnTheGrid = Self.fullOnTheGrid(f, x)
                if y.bitPattern != exact.bitPattern || grid.bitPattern != exactOnTheGrid.bitPattern
                    || !(abs(grid - exact) <= 0x1p-41)
                {
                    failures += 1
                    if failures <= 5 {
                        XCTFail("seed \(rng.seed) \(name) x \(x): \(y), \(grid) vs full \(exact), \(exactOnTheGrid)")
                    }
                }
                let answers = Self.fastAnswers(f, x)
                if answers.compensated { fast += 1 }
                if answers.plain { fastPlain += 1 }
            }
            XCTAssertEqual(failures, 0, "seed \(rng.seed) \(name)")
            print("Fast paths on \(name): plain \(fastPlain), compensated \(fast) of \(Self.namedCurveInputs) inputs (seed \(rng.seed))")
        }
    }

    // The same on the hard curves and 150 random ones, uniform inputs; and the fast path's
    // share of them.
    func testFastPathAgreesWithTheFullPath() {
        var rng = SeededGenerator(seed: 0xFA57)
        var curves = TimingFunctionTests.hardCurves
        for _ in 0..<150 {
            curves.append((rng.edgeBiased(), rng.edgeBiased(in: -1...2), rng.edgeBiased(), rng.edgeBiased(in: -1...2)))
        }
        var fastCount = 0, total = 0
        for (n, c) in curves.enumerated() {
            if n == TimingFunctionTests.hardCurves.count {
                print("Fast path on the hard curves: \(fastCount) of \(total)")
            }
            let f = TimingFunction(controlPoints: c.0, c.1, c.2, c.3)
            for _ in 0..<1500 {
                let x = rng.unit()
                guard x > 0 else { continue }
                XCTAssertEqual(
                    f.correctlyRoundedProgress(at: x).bitPattern, Self.full(f, x).bitPattern,
                    "seed \(rng.seed) curve \(c) x \(x)")
                XCTAssertEqual(
                    f.progress(at: x).bitPattern, Self.fullOnTheGrid(f, x).bitPattern, "seed \(rng.seed) curve \(c) x \(x)")
                total += 1
                let answers = Self.fastAnswers(f, x)
                if answers.plain { fastCount += 1 }
            }
        }
        let rate = Double(fastCount) / Double(total)
        print("Timing-function fast path answered \(fastCount) of \(total) inputs (\(rate))")
        XCTAssertGreaterThan(rate, 0.75)
    }
    // The scalar path's guess (`Fast.split`, `splitEstrin`) is the lanes' (`estrin` on `A`
    // and `B`, as the batch computes it) bit for bit, on both halves of the named curves, the
    // hard ones and 150 random ones, at 300 seeded `h` each; its copies of the half's
    // coefficients, limit and largest guess (`Fast.scalars`) are the lanes' values; and the
    // plan's bits name the lanes' mode (`√h`, the Newton steps).
    func testScalarGuessIsTheLanesGuess() {
        typealias Fast = Table.Fast
        var rng = SeededGenerator(seed: 0x5B17)
        var curves = TimingFunctionTests.hardCurves
        for name in TimingFunction.Name.allCases where name != .linear {
            let p = TimingFunction(named: name).controlPoints
            curves.append((p[0], p[1], p[2], p[3]))
        }
        for _ in 0..<150 {
            curves.append((rng.edgeBiased(), rng.edgeBiased(in: -1...2), rng.edgeBiased(), rng.edgeBiased(in: -1...2)))
        }
        var checked = 0, rooted = 0
        for c in curves {
            let function = TimingFunction(controlPoints: c.0, c.1, c.2, c.3)
            guard let elements = function.table?.elements else { continue }
            let f = UnsafePointer(elements + Fast.base)
            // Every curve's copies (the pieces' path reads them too), at the half's offset
            // (`Table.halfOffset`).
            for half in 0..<2 {
                for k in Array(Fast.xa...Fast.y2b) + [Fast.limit, Fast.largest] {
                    let copy = (UnsafeRawPointer(f) + half * Fast.halfStride).load(fromByteOffset: Table.scalarOffset(k), as: Double.self)
                    XCTAssertEqual(copy.bitPattern, f[k][half].bitPattern, "curve \(c) half \(half) element \(k)")
                }
            }
            let plan = Table.plan(elements)
            guard plan >= 0 else { continue }
            XCTAssertEqual(plan & Fast.rootedPlan != 0, f[Fast.mode][0] > 0, "curve \(c)")
            XCTAssertEqual(plan & 3, Int(f[Fast.mode][1]), "curve \(c)")
            if plan & Fast.rootedPlan != 0 { rooted += 1 }
            for half in 0..<2 {
                let split = f + Fast.split + half * Fast.halfStride / 16  // the half's pairs at its offset
                for _ in 0..<300 {
                    let h = 0.5 * rng.unit()
                    let z = multiplyAdd(h, 4, -1)
                    for (first, pairs) in [(Fast.b, split), (Fast.a, split + 2 * Fast.halfStride / 16)] {
                        XCTAssertEqual(
                            Table.splitEstrin(z, pairs).bitPattern, Table.estrin(z, from: first) { f[$0][half] }.bitPattern,
                            "seed \(rng.seed) curve \(c) half \(half) h \(h)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(rooted, 2)
        print("Scalar guess checked against the lanes' at \(checked) points (\(rooted) curves with √h)")
    }

    // The piecewise guess: the curves whose single polynomial needs two Newton steps
    // ((0.9, 0, 0.1, 1)) or cannot follow them even so ((0.95, 0.05, 0.05, 0.95)) guess from
    // the pieces with fewer steps (none; at most one); the others (the named curves, the
    // default with its one step) keep the single polynomial (and their tables no pieces).
    // The pieces are runs of cells in order, each mapped onto −1…1, narrowest next to the
    // steep middle. On both curves, every input at and a few ulps around each cell boundary
    // (where the nearest-integer cell may be either), around 1/2 and a few thousand uniform
    // ones agree with the full path on the grid, and the piecewise path answers most inputs
    // itself.
    func testPiecewiseGuessServesTheCurvesThatNeededNewtonSteps() {
        typealias Fast = Table.Fast
        let steep = TimingFunction(controlPoints: 0.9, 0, 0.1, 1)
        let steeper = TimingFunction(controlPoints: 0.95, 0.05, 0.05, 0.95)
        for (f, single, pieces) in [(steep, 2.0, 0.0), (steeper, -1, 1)] {
            let elements = f.table!.elements
            XCTAssertEqual(elements[Fast.base + Fast.mode][1], single, "\(f): the single polynomial's steps")
            XCTAssertEqual(Table.plan(elements), -2 - Int(pieces), "\(f): the pieces and their steps")
            let used = Table.usedPieces(elements)
            XCTAssertTrue(used > 8 && used <= Fast.pieceCount, "\(f): \(used) pieces")
            // The cells' pieces run 0, 1, …, used − 1 in order; each piece's map takes its
            // cells' inputs onto −1…1.
            let cells = UnsafeRawPointer(elements + Fast.base + Fast.cells).assumingMemoryBound(to: UInt8.self)
            var first = 0
            for cell in 0..<Fast.cellCount {
                let k = Int(cells[cell])
                XCTAssertTrue(cell == 0 ? k == 0 : (k == Int(cells[cell - 1]) || k == Int(cells[cell - 1]) + 1), "\(f) cell \(cell)")
                if cell > 0, k != Int(cells[cell - 1]) { first = cell }
                if cell == Fast.cellCount - 1 || Int(cells[cell + 1]) != k {
                    let range = Table.pieceRange(cells: first, cell)
                    let map = elements[Fast.base + Fast.pieces + k * Fast.pieceStride + Fast.degree + 1]
                    XCTAssertEqual(range.low * map[0] + map[1], -1, accuracy: 1e-12, "\(f) piece \(k)")
                    XCTAssertEqual(range.high * map[0] + map[1], 1, accuracy: 1e-12, "\(f) piece \(k)")
                }
            }
            XCTAssertEqual(Int(cells[Fast.cellCount - 1]), used - 1)
            // Each piece's pairs (`splitEstrin`, the fast path's guess) hold the polynomial
            // whose coefficients `pieceCoefficient` reads (the longer paths' and the
            // construction's): Estrin's scheme on either gives the same bits.
            for k in 0..<used {
                let piece = UnsafePointer(elements + Fast.base + Fast.pieces + k * Fast.pieceStride)
                for half in 0..<2 {
                    for j in 0...16 {
                        let w = Double(j - 8) / 8
                        XCTAssertEqual(
                            Table.splitEstrin(w, piece + 4 * half).bitPattern,
                            Table.estrin(w, from: 0) { Table.pieceCoefficient(piece, half: half, $0) }.bitPattern,
                            "\(f) piece \(k) half \(half) w \(w)")
                    }
                }
            }
            if f == steep {
                // Next to the steep middle a piece is at most two cells (1.5/126 of `h` with
                // the last, half-width one), narrower than the branch point's distance from
                // the real axis (0.012); far from it, eight.
                XCTAssertNotEqual(cells[Fast.cellCount - 1], cells[Fast.cellCount - 3], "\(f)")
                XCTAssertEqual(cells[0], cells[7], "\(f)")
                XCTAssertEqual(elements[Fast.base + Fast.plan][1], Double(Fast.pieceCount), "\(f): no piece takes a step")
            }
        }
        for name in TimingFunction.Name.allCases where name != .linear {
            let elements = TimingFunction(named: name).table!.elements
            let rooted = name == .easeIn || name == .easeOut ? Fast.rootedPlan : 0
            XCTAssertEqual(Table.plan(elements), (name == .default ? 1 : 0) | rooted, "\(name)")
            XCTAssertEqual(Table.usedPieces(elements), 0, "\(name)")
        }
        var rng = SeededGenerator(seed: 0x91EC_E5)
        for f in [steep, steeper] {
            var inputs: [Double] = []
            // Each cell's upper edge (the last cell's is 1/2).
            for cell in 0..<Fast.cellCount {
                let boundary = Swift.min(0.5, (Double(cell) + 0.5) / Fast.cellsPerUnit)
                for ulps in -4...4 {
                    inputs.append(rng.stepped(boundary, ulps: ulps))
                    inputs.append(rng.stepped(1 - boundary, ulps: ulps))
                }
            }
            let special = inputs.count
            for _ in 0..<4000 { inputs.append(rng.unit()) }
            var answered = 0
            for (n, x) in inputs.enumerated() where x > 0 && x < 1 {
                XCTAssertEqual(f.progress(at: x).bitPattern, Self.fullOnTheGrid(f, x).bitPattern, "seed \(rng.seed) \(f) x \(x)")
                if n >= special, Self.fastAnswers(f, x).plain { answered += 1 }
            }
            XCTAssertGreaterThan(Double(answered) / Double(inputs.count - special), 0.9, "\(f)")
        }
    }
}
