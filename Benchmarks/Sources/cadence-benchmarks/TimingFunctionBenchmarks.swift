import BenchmarkShim
import BenchmarkSupport
import CadenceTiming

// Timing functions: the scalar solve per curve, the batch solve over 4096 inputs, and
// the C++ UnitBezier baseline on the same inputs.

/// The curves measured: every named function, and (0.9, 0, 0.1, 1), whose steep middle
/// breaks table-and-Newton solvers that are tuned for the named curves.
let benchmarkCurves: [(name: String?, function: TimingFunction)] = [
    ("linear", .linear),
    ("easeIn", .easeIn),
    ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut),
    ("default", .default),
    (nil, TimingFunction(controlPoints: 0.9, 0, 0.1, 1)),
]

/// `TimingFunction.easeIn(0.42,0,1,1)`, or `TimingFunction(0.9,0,0.1,1)` when unnamed.
func curveName(_ name: String?, _ f: TimingFunction) -> String {
    let points = [f.c1x, f.c1y, f.c2x, f.c2y].map(formatted).joined(separator: ",")
    return "TimingFunction\(name.map { ".\($0)" } ?? "")(\(points))"
}

func registerTimingFunctionBenchmarks() {
    let inputs = Inputs.progress()

    // Trivial baselines: the same walk with no work, from Swift and from C++.
    registerBenchmark("baseline: Swift walk, sum of inputs (harness + loop overhead)") { n in
        walk(n, through: inputs) { x in x.bitPattern }
    }
    cadence_baseline_sum_register(
        "baseline: C++ walk, sum of inputs (harness + loop overhead)", inputs.base, Int64(inputs.count))

    // 1. Scalar solve, one call per iteration.
    for (name, f) in benchmarkCurves {
        registerBenchmark("\(curveName(name, f)).progress scalar") { n in
            walk(n, through: inputs) { x in f.progress(at: x).bitPattern }
        }
    }

    // 1b. The correctly rounded solve, one call per iteration.
    for (name, f) in benchmarkCurves where name != "linear" {
        registerBenchmark("\(curveName(name, f)).correctlyRoundedProgress scalar") { n in
            walk(n, through: inputs) { x in f.correctlyRoundedProgress(at: x).bitPattern }
        }
    }

    // 2. Batch solve: one iteration is 4096 samples; items/s counts samples.
    for (name, f) in benchmarkCurves where name == "easeInEaseOut" || name == nil {
        let output = UnsafeMutableBufferPointer<Double>.allocate(capacity: inputs.count)
        output.initialize(repeating: 0)
        let mask = inputs.count - 1
        // The batch's vector routes are built for this build's CPU (`-march` selects other
        // instructions than the tests' build): its outputs checked against the scalar call,
        // bit for bit, on the benchmark's inputs and on a short call (the other route).
        let tail = inputs.count - 100
        f.progress(at: inputs.buffer, into: output)
        f.progress(at: UnsafeBufferPointer(rebasing: inputs.buffer[0..<100]), into: UnsafeMutableBufferPointer(rebasing: output[tail...]))
        for k in 0..<inputs.count {
            let x = inputs.buffer[k < tail ? k : k - tail]
            if output[k].bitPattern != f.progress(at: x).bitPattern {
                fatalError("\(curveName(name, f)): the batch gives \(output[k]) at \(x), the scalar call \(f.progress(at: x))")
            }
        }
        registerBenchmark("\(curveName(name, f)).progress x\(inputs.count)", itemsPerIteration: inputs.count) { n in
            var sink: UInt64 = 0
            for k in 0..<Int(n) {
                f.progress(at: inputs.buffer, into: output)
                sink ^= output[k & mask].bitPattern
            }
            cadence_benchmark_consume(sink)
        }
    }

    // 3. Construction of a custom curve (its table and fitted guesses), one per iteration.
    for (name, f) in benchmarkCurves where name == "easeInEaseOut" || name == nil {
        registerBenchmark("\(curveName(name, f)) construction") { n in
            var sink: UInt64 = 0
            for k in 0..<Int(n) {
                let g = TimingFunction(controlPoints: f.c1x, f.c1y + Double(k & 1) * 0x1p-40, f.c2x, f.c2y)
                sink ^= g.progress(at: 0.3).bitPattern
            }
            cadence_benchmark_consume(sink)
        }
    }

    // 5. The C++ baseline: the classic UnitBezier solver at its own 1e-7 accuracy, on every
    // curve measured above (the scalar targets compare each curve with its own baseline).
    for (_, f) in benchmarkCurves {
        let points = [f.c1x, f.c1y, f.c2x, f.c2y].map(formatted).joined(separator: ",")
        cadence_baseline_unitbezier_register(
            "baseline: C++ UnitBezier(\(points)).solve eps=1e-7 scalar",
            f.c1x, f.c1y, f.c2x, f.c2y, inputs.base, Int64(inputs.count))
    }
}
