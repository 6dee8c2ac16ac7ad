import BenchmarkShim
import CadenceCompositor

// The output: a plain table (Markdown) of every pair, then each absolute target's
// estimates on the issues' machine; or the same figures as JSON.

/// `seconds` with a unit that keeps three significant digits: `6.81 ns`, `97.3 µs`, `4.38 ms`.
func duration(_ seconds: Double) -> String {
    let (value, unit): (Double, String) =
        seconds < 1e-6 ? (seconds * 1e9, "ns") : seconds < 1e-3 ? (seconds * 1e6, "µs") : (seconds * 1e3, "ms")
    return "\(fixed(value, digits: value < 10 ? 2 : value < 100 ? 1 : 0)) \(unit)"
}

/// `value` with `digits` decimals (rounded half away from zero).
func fixed(_ value: Double, digits: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded() / scale
    var text = String(Int(rounded))
    if digits > 0 {
        var fraction = String(Int(((rounded - rounded.rounded(.down)) * scale).rounded()))
        while fraction.count < digits { fraction = "0" + fraction }
        text += "." + fraction
    }
    return (value < 0 && rounded > 0 ? "-" : "") + text
}

/// Whether a spread of ratios meets `limit`: all of its middle half below (yes), all above
/// (no), or the middle half across the line.
func verdict(_ ratio: Spread, limit: Double) -> String {
    ratio.q75 <= limit ? "yes" : ratio.q25 > limit ? "no" : "at the line (median \(ratio.median <= limit ? "under" : "over"))"
}

/// A kernel's estimated times on the issues' machine, one per reference it was measured against.
struct Estimate {
    let issue: String
    let kernel: String
    /// The time target, if the pair's target is one (the cards frame's is a ratio).
    let target: Double?
    /// One per reference, in the order measured.
    var byReference: [(reference: String, printed: Reference, here: Double, ratio: Spread, estimate: Double)]

    /// The estimates of the references that decide.
    var deciding: [Double] { byReference.filter(\.printed.decides).map(\.estimate) }

    /// Met when every deciding reference's estimate is under the target, missed when every
    /// one is over, split otherwise.
    var verdict: String {
        guard let target else { return "" }
        return deciding.allSatisfy { $0 <= target } ? "yes" : deciding.allSatisfy { $0 > target } ? "no" : "split"
    }
}

/// The estimates of every kernel measured against a reference, in the order the kernels
/// first appear.
func estimates(_ measurements: [Measurement]) -> [Estimate] {
    var result: [Estimate] = []
    for m in measurements {
        guard let reference = m.pair.reference else { continue }
        var target: Double?
        if case .time(let time)? = m.pair.target { target = time }
        let entry = (m.pair.b.name, reference, m.b.median, m.ratio, m.ratio.median * reference.seconds)
        if let i = result.firstIndex(where: { $0.kernel == m.pair.a.name && $0.target == target }) {
            result[i].byReference.append(entry)
        } else {
            result.append(Estimate(issue: m.pair.issue, kernel: m.pair.a.name, target: target, byReference: [entry]))
        }
    }
    return result
}

/// The pairs' table, in Markdown: one row a pair. A speed-up target's ratios are followed
/// by the speed-up they mean (B ÷ A).
func printPairTable(_ measurements: [Measurement]) {
    print("| issue | A | B | A a call (p10–p90) | B a call (p10–p90) | A ÷ B median | IQR | p10–p90 | target | met |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|---|")
    for m in measurements {
        let r = m.ratio
        var target = "", met = "", median = "", quartiles = ""
        switch m.pair.target {
        case .ratio(let limit)?:
            // One decimal for 1.0 or 1.3, three for 1/1.5 (0.667).
            let digits = (limit * 10).rounded() == limit * 10 ? 1 : 3
            (target, met) = ("≤ \(fixed(limit, digits: digits))×", verdict(r, limit: limit))
        case .speedUp(let speedUp)?:
            (target, met) = ("B ÷ A ≥ \(fixed(speedUp))× (A ÷ B ≤ \(fixed(1 / speedUp, digits: 3)))", verdict(r, limit: 1 / speedUp))
            median = " (B ÷ A **\(fixed(1 / r.median))×**)"
            quartiles = " (\(fixed(1 / r.q75))–\(fixed(1 / r.q25))×)"
        case .time(let limit)?: target = "≤ \(duration(limit)) there"
        case nil: break
        }
        func side(_ s: Spread) -> String { "\(duration(s.median)) (\(duration(s.p10))–\(duration(s.p90)))" }
        print("| \(m.pair.issue) | \(m.pair.a.name) | \(m.pair.b.name)\(m.pair.clock == .process ? " (process CPU)" : "") "
              + "| \(side(m.a)) | \(side(m.b)) | **\(fixed(r.median, digits: 3))**\(median) "
              + "| \(fixed(r.q25, digits: 3))–\(fixed(r.q75, digits: 3))\(quartiles) "
              + "| \(fixed(r.p10, digits: 3))–\(fixed(r.p90, digits: 3)) | \(target) | \(met) |")
    }
}

/// What the baseline build's pairs were run with, or that they were skipped: one line.
func baselineLine(_ baseline: BaselineServer?) -> String {
    guard let baseline else {
        return "Baseline build ÷ `-march` build: skipped (no `--baseline PATH`; `Benchmarks/ratios.sh --march` builds "
            + "the baseline binary and passes it)."
    }
    guard let childAVX2 = baseline.builtForAVX2 else {
        return "Baseline build ÷ `-march` build: not run (filtered out); baseline binary \(baseline.path)."
    }
    let parentAVX2 = cadence_benchmark_built_for_avx2() != 0
    let line = "Baseline build ÷ `-march` build: A drawn by \(baseline.path) --serve (compiled for AVX2: "
        + "\(childAVX2 ? "yes" : "no")), B by this binary (compiled for AVX2: \(parentAVX2 ? "yes" : "no")), each "
        + "timed by its own thread's CPU clock, one process running at a time."
    return line + (!childAVX2 && parentAVX2 ? "" : " **Warning: these are not a baseline and a `-march` build.**")
}

/// The table of pairs and the table of estimates, in Markdown. The wall-clock pairs (two
/// threads against one) get a table of their own, under the load they ran at.
func printTables(_ measurements: [Measurement], header: String, baseline: BaselineServer?) {
    print(header)
    print("")
    let wall = measurements.filter { $0.pair.clock == .wall }
    let timedByCPU = measurements.filter { $0.pair.clock != .wall }
    if !timedByCPU.isEmpty {
        printPairTable(timedByCPU)
        print("")
    }
    print(baselineLine(baseline))
    if let first = wall.first, let last = wall.last {
        print("")
        print("Two threads against one, timed by the wall clock (`CLOCK_MONOTONIC`, blocks and lead-ins too); load "
              + "average (1, 5, 15 min) \(first.load.before) before, \(last.load.after) after; other work on the "
              + "machine while each pair ran: \(wall.map { fixed($0.otherCores) }.joined(separator: ", ")) cores of "
              + "\(Compositor.activeProcessorCount). **Only a quiet machine's figure counts**: anything else running "
              + "(a build, another benchmark) takes a core from the two-thread side, which then waits for its "
              + "slower band, and the speed-up falls toward 1× on 2 cores; read these only when the other work is "
              + "near 0.")
        print("")
        printPairTable(wall)
    }
    let list = estimates(measurements)
    guard !list.isEmpty else { return }
    print("")
    print("Estimates on the issues' machine: the median ratio × the reference's time printed there.")
    print("")
    print("| issue | kernel | target | reference (its time there) | ratio (IQR) | estimate | here ÷ there (reference) |")
    print("|---|---|---:|---|---:|---:|---:|")
    for e in list {
        for (reference, printed, here, ratio, estimate) in e.byReference {
            print("| \(e.issue) | \(e.kernel) | \(e.target.map(duration) ?? "") | \(reference) (\(duration(printed.seconds))) "
                  + "| \(fixed(ratio.median, digits: 3)) (\(fixed(ratio.q25, digits: 3))–\(fixed(ratio.q75, digits: 3))) "
                  + "| \(duration(estimate))\(printed.decides ? "" : " (not counted: memory-bound)") "
                  + "| \(fixed(here / printed.seconds, digits: 2)) |")
        }
        let values = e.deciding
        guard e.byReference.count > 1 else { continue }
        print("| \(e.issue) | **\(e.kernel)** | **\(e.target.map(duration) ?? "")** | the \(values.count) counted | "
              + "| **\(duration(values.min()!))–\(duration(values.max()!))** (×\(fixed(values.max()! / values.min()!, digits: 2))) "
              + "| met: **\(e.verdict)** |")
    }
}

/// The same figures as JSON (seconds; ratios as numbers).
func printJSON(_ measurements: [Measurement], date: String, load: String, rounds: Int, block: Double, leadIn: Double,
               baseline: BaselineServer?) {
    func string(_ s: String) -> String {
        "\"" + s.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
    }
    func spread(_ s: Spread) -> String {
        "{\"p10\": \(s.p10), \"q25\": \(s.q25), \"median\": \(s.median), \"q75\": \(s.q75), \"p90\": \(s.p90)}"
    }
    var lines: [String] = []
    for m in measurements {
        var target = "null"
        switch m.pair.target {
        case .ratio(let limit)?: target = "{\"ratio\": \(limit)}"
        case .speedUp(let speedUp)?: target = "{\"ratio\": \(1 / speedUp), \"speed_up\": \(speedUp)}"
        case .time(let limit)?: target = "{\"seconds\": \(limit)}"
        case nil: break
        }
        let reference = m.pair.reference.map {
            "{\"seconds\": \($0.seconds), \"source\": \(string($0.source)), \"decides\": \($0.decides)}"
        } ?? "null"
        lines.append("    {\"issue\": \(string(m.pair.issue)), \"a\": \(string(m.pair.a.name)), \"b\": \(string(m.pair.b.name)), "
                     + "\"clock\": \(string(m.pair.clock.rawValue)), \"calls_a\": \(m.callsA), \"calls_b\": \(m.callsB), "
                     + "\"seconds_a\": \(spread(m.a)), \"seconds_b\": \(spread(m.b)), \"ratio\": \(spread(m.ratio)), "
                     + "\"target\": \(target), \"reference\": \(reference), "
                     + "\"load_before\": \(string(m.load.before)), \"load_after\": \(string(m.load.after)), "
                     + "\"other_cores\": \(m.otherCores.isNaN ? "null" : "\(m.otherCores)")}")
    }
    var estimateLines: [String] = []
    for e in estimates(measurements) {
        let each = e.byReference.map { "{\"reference\": \(string($0.reference)), \"ratio\": \($0.ratio.median), \"seconds\": \($0.estimate), \"counted\": \($0.printed.decides)}" }
        estimateLines.append("    {\"issue\": \(string(e.issue)), \"kernel\": \(string(e.kernel)), \"target_seconds\": \(e.target.map { "\($0)" } ?? "null"), "
                             + "\"estimates\": [\(each.joined(separator: ", "))], \"met\": \(string(e.verdict))}")
    }
    print("{\n  \"date\": \(string(date)), \"load\": \(string(load)), \"rounds\": \(rounds), \"block_seconds\": \(block), \"lead_in_seconds\": \(leadIn),")
    print("  \"baseline\": \(string(baselineLine(baseline))),")
    print("  \"pairs\": [\n" + lines.joined(separator: ",\n") + "\n  ],")
    print("  \"estimates\": [\n" + estimateLines.joined(separator: ",\n") + "\n  ]\n}")
}
