import CadenceTestSupport
@testable import CadenceTiming
import XCTest

/// Cadence against the 50-digit oracle of `Reference/` (regenerate with
/// `python3 Reference/generate.py`). Tolerances, and where each comes from:
/// - timing functions: |y − y_exact| ≤ 1e-12 (the contract), except on curves marked
///   `verticalInside`, where y must lie between the exact values 4 ulps either side
///   (the backward-error bound); the worst error is printed so the closing figures can
///   quote it;
/// - media timing: basic time, progress and active time within 1e-12 · max(1, |t|)
///   (rounding of the time arithmetic, a few ulps of the largest operand); discrete fields
///   exact, except where the oracle marks the exact value as within 1e-9 of a boundary
///   that double arithmetic may land either side of;
/// - tree conversion: 1e-12 · max(1, |t|, |expected|) per level.
final class GoldenTests: XCTestCase {
    func testTimingFunctionsMatchTheOracle() throws {
        let root = try XCTUnwrap(Golden.load("timing-functions.json") as? [String: Any])
        let curves = try XCTUnwrap(root["curves"] as? [[String: Any]])
        var worstForward = 0.0
        var worstUlps = 0.0
        var count = 0
        for curve in curves {
            let name = curve["name"] as? String ?? "?"
            let c = try XCTUnwrap(curve["controlPoints"] as? [Any]).compactMap(Golden.number)
            let vertical = curve["verticalInside"] as? Bool ?? false
            let f = TimingFunction(controlPoints: c[0], c[1], c[2], c[3])
            for sample in try XCTUnwrap(curve["samples"] as? [[String: Any]]) {
                let x = try XCTUnwrap(Golden.number(sample["x"]))
                let exact = try XCTUnwrap(Golden.number(sample["y"]))
                let y = f.progress(at: x)
                count += 1
                if vertical {
                    // The correctly rounded function's backward-error bound; the default's
                    // result is the grid point nearest such a value, within 2^-41 of it.
                    let a = try XCTUnwrap(Golden.number(sample["yBelow"]))
                    let b = try XCTUnwrap(Golden.number(sample["yAbove"]))
                    let yc = f.correctlyRoundedProgress(at: x)
                    XCTAssert(yc >= min(a, b) - 1e-15 && yc <= max(a, b) + 1e-15,
                              "\(name) x \(x): \(yc) outside [\(min(a, b)), \(max(a, b))]")
                    XCTAssert(y >= min(a, b) - 0x1p-41 && y <= max(a, b) + 0x1p-41,
                              "\(name) x \(x): \(y) farther than 2^-41 from [\(min(a, b)), \(max(a, b))]")
                    continue
                }
                let error = abs(y - exact)
                worstForward = max(worstForward, error)
                if abs(exact) >= 1e-3 { worstUlps = max(worstUlps, error / exact.ulp) }
                XCTAssertLessThanOrEqual(error, 1e-12, "\(name) x \(x): \(y) vs exact \(exact)")
                // Stronger than the contract: the oracle's value is the exact curve rounded
                // once, and `correctlyRoundedProgress(at:)` claims correct rounding off
                // vertical tangents; `progress(at:)` claims the 40-bit grid point nearest
                // the exact value (the exact value itself for `y = x`), so it is the oracle's double rounded to the grid unless
                // that double is itself halfway between two grid points.
                // (Where the input or output is below 1e-290 the error-free products
                // underflow; there the claim is the 1e-12 contract only.)
                if abs(exact) >= 1e-290 && (x <= 0 || x >= 1e-290) {
                    XCTAssertEqual(f.correctlyRoundedProgress(at: x), exact, "\(name) x \(x): not correctly rounded")
                    let nearest = f.table == nil ? exact : TimingFunction.Table.roundedToGrid(exact)  // y = x is exact
                    if f.table == nil || abs(exact - nearest) != abs(TimingFunction.Table.roundedToGrid(2 * exact - nearest) - exact) {
                        XCTAssertEqual(y, nearest, "\(name) x \(x): not the nearest grid point")
                    }
                }
                if x <= 0 || x.isNaN { XCTAssertEqual(y, 0) }
                if x >= 1 { XCTAssertEqual(y, 1) }
                // The slope, where the oracle gives a finite one inside 0…1.
                if let slope = Golden.number(sample["slope"]), x > 0, x < 1, abs(slope) < 1e6 {
                    XCTAssertEqual(f.velocity(at: x), slope, accuracy: 1e-9 * max(1, abs(slope)), "\(name) slope at \(x)")
                }
            }
        }
        print("Golden timing functions: \(count) samples, worst error \(worstForward) (\(worstUlps) ulps)")
        // Extrapolation: outside 0…1 against the oracle; inside it must equal `progress(at:)`
        // (checked against the oracle above, with the backward-error rule where vertical).
        for curve in try XCTUnwrap(root["extrapolation"] as? [[String: Any]]) {
            let c = try XCTUnwrap(curve["controlPoints"] as? [Any]).compactMap(Golden.number)
            let f = TimingFunction(controlPoints: c[0], c[1], c[2], c[3])
            for sample in try XCTUnwrap(curve["samples"] as? [[String: Any]]) {
                let x = try XCTUnwrap(Golden.number(sample["x"]))
                let exact = try XCTUnwrap(Golden.number(sample["y"]))
                if x >= 0 && x <= 1 {
                    XCTAssertEqual(f.extrapolatedProgress(at: x), f.progress(at: x))
                } else {
                    XCTAssertEqual(f.extrapolatedProgress(at: x), exact, accuracy: 1e-12 * max(1, abs(exact)), "\(c) x \(x)")
                }
            }
        }
    }

    func testBatchMatchesTheOracleToo() throws {
        let root = try XCTUnwrap(Golden.load("timing-functions.json") as? [String: Any])
        for curve in try XCTUnwrap(root["curves"] as? [[String: Any]]) {
            let c = try XCTUnwrap(curve["controlPoints"] as? [Any]).compactMap(Golden.number)
            let f = TimingFunction(controlPoints: c[0], c[1], c[2], c[3])
            let xs = try XCTUnwrap(curve["samples"] as? [[String: Any]]).compactMap { Golden.number($0["x"]) }
            var ys = [Double](repeating: 0, count: xs.count)
            xs.withUnsafeBufferPointer { input in ys.withUnsafeMutableBufferPointer { f.progress(at: input, into: $0) } }
            for (x, y) in zip(xs, ys) { XCTAssertEqual(y.bitPattern, f.progress(at: x).bitPattern, "\(c) x \(x)") }
        }
    }

    func testMediaTimingMatchesTheOracle() throws {
        let root = try XCTUnwrap(Golden.load("media-timing.json") as? [String: Any])
        var count = 0
        var worst = 0.0
        for testCase in try XCTUnwrap(root["cases"] as? [[String: Any]]) {
            let name = testCase["name"] as? String ?? "?"
            let t = try XCTUnwrap(testCase["timing"] as? [String: Any])
            let timing = MediaTiming(
                beginTime: Golden.number(t["beginTime"]) ?? 0, duration: Golden.number(t["duration"]) ?? 0,
                speed: Golden.number(t["speed"]) ?? 1, timeOffset: Golden.number(t["timeOffset"]) ?? 0,
                repeatCount: Golden.number(t["repeatCount"]) ?? 0,
                repeatDuration: Golden.number(t["repeatDuration"]) ?? 0,
                autoreverses: t["autoreverses"] as? Bool ?? false,
                fillMode: FillMode(rawValue: t["fillMode"] as? String ?? "removed") ?? .removed)
            let resolved = timing.resolved(defaultDuration: Golden.number(testCase["defaultDuration"]) ?? 0.25)
            for sample in try XCTUnwrap(testCase["samples"] as? [[String: Any]]) {
                let tp = try XCTUnwrap(Golden.number(sample["t"]))
                let state = resolved.state(atParentTime: tp)
                let tolerance = 1e-12 * max(1, abs(tp), abs(resolved.beginTime), abs(resolved.timeOffset))
                count += 1
                if let active = Golden.number(sample["activeTime"]) {
                    let local = resolved.localTime(fromParent: tp)
                    if active.isFinite {
                        XCTAssertEqual(local, active, accuracy: tolerance, "\(name) t \(tp) activeTime")
                    } else {
                        XCTAssertEqual(local, active, "\(name) t \(tp) activeTime")
                    }
                }
                if sample["nearBoundary"] as? Bool == true { continue }
                let where_ = "\(name) t \(tp)"
                XCTAssertEqual(state.phase.rawValue, sample["phase"] as? String, where_)
                XCTAssertEqual(state.isInEffect, sample["inEffect"] as? Bool, where_)
                guard state.isInEffect else { continue }
                XCTAssertEqual(state.iteration, Golden.integer(sample["iteration"]), where_)
                XCTAssertEqual(state.isReversed, sample["reversed"] as? Bool, where_)
                let basic = try XCTUnwrap(Golden.number(sample["basicTime"]))
                let progress = try XCTUnwrap(Golden.number(sample["progress"]))
                XCTAssertEqual(state.basicTime, basic, accuracy: tolerance, "\(where_) basicTime")
                XCTAssertEqual(state.progress, progress, accuracy: tolerance, "\(where_) progress")
                worst = max(worst, abs(state.basicTime - basic) / max(1, abs(tp)))
            }
        }
        print("Golden media timing: \(count) samples, worst basic-time error \(worst) (relative to max(1, |t|))")
    }

    func testTreeConversionMatchesTheOracle() throws {
        let root = try XCTUnwrap(Golden.load("time-trees.json") as? [String: Any])
        var count = 0
        for tree in try XCTUnwrap(root["trees"] as? [[String: Any]]) {
            var spaces = TimeSpaceTree()
            var nodes: [TimeSpaceTree.Node] = []
            for node in try XCTUnwrap(tree["nodes"] as? [[String: Any]]) {
                let t = try XCTUnwrap(node["timing"] as? [String: Any])
                let parent = Golden.integer(node["parent"]).map { nodes[$0] }
                nodes.append(spaces.add(MediaTiming(
                    beginTime: Golden.number(t["beginTime"]) ?? 0, speed: Golden.number(t["speed"]) ?? 1,
                    timeOffset: Golden.number(t["timeOffset"]) ?? 0), parent: parent))
            }
            for query in try XCTUnwrap(tree["queries"] as? [[String: Any]]) {
                let time = try XCTUnwrap(Golden.number(query["time"]))
                let expected = try XCTUnwrap(Golden.number(query["expected"]))
                let from = Golden.integer(query["from"]).map { nodes[$0] }
                let to = Golden.integer(query["to"]).map { nodes[$0] }
                let result = spaces.convert(time, from: from, to: to)
                XCTAssertEqual(result, expected, accuracy: 1e-12 * 8 * max(1, abs(time), abs(expected)),
                               "time \(time) from \(String(describing: from)) to \(String(describing: to))")
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 100)
    }
}
