@testable import CadenceTiming
import CadenceTestSupport
import XCTest

/// The fast path (Taylor around a node + Ziv's rounding test) must return exactly what the
/// full compensated path returns, whenever it returns at all.
final class TimingFunctionFastPathTests: XCTestCase {
    func full(_ f: TimingFunction, _ x: Double) -> Double {
        let isUpper = x > 0.5
        let y = (isUpper ? f.upper : f.lower).evaluate(isUpper ? 1 - x : x)
        let s = twoSum(isUpper ? 1.0 : 0.0, isUpper ? -y.value : y.value)
        return s.value + (s.error + (isUpper ? -y.error : y.error))
    }

    func testFastPathAgreesWithTheFullPath() {
        var rng = SeededGenerator(seed: 0xFA57)
        var curves = TimingFunctionTests.hardCurves
        for _ in 0..<150 { curves.append((rng.edgeBiased(), rng.edgeBiased(in: -1...2), rng.edgeBiased(), rng.edgeBiased(in: -1...2))) }
        var fastCount = 0, total = 0
        for (n, c) in curves.enumerated() {
            if n == TimingFunctionTests.hardCurves.count {
                print("Fast path on the hard curves: \(fastCount) of \(total)")
            }
            let f = TimingFunction(controlPoints: c.0, c.1, c.2, c.3)
            guard case .general = f.shape else { continue }
            for _ in 0..<1500 {
                let x = rng.unit()
                let y = f.progress(at: x)
                XCTAssertEqual(y.bitPattern, full(f, x).bitPattern, "seed \(rng.seed) curve \(c) x \(x)")
                // How often the fast path answers on its own.
                let isUpper = x > 0.5
                let h = isUpper ? 1 - x : x
                let half = isUpper ? f.upper : f.lower
                let index = Int(h * 64)
                total += 1
                if index > 0, half.fastOutput(h, row: half.rows[index], u: h * 64 - Double(index)) != nil {
                    fastCount += 1
                }
            }
        }
        let rate = Double(fastCount) / Double(total)
        print("Timing-function fast path answered \(fastCount) of \(total) inputs (\(rate))")
        XCTAssertGreaterThan(rate, 0.75)
    }
}
