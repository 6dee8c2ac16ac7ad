#if canImport(Glibc)
import Glibc
#endif

// `cadence-ratios`: each Cadence kernel against its peer, alternated in short blocks on one
// CPU clock, so that a machine whose speed drifts within a run still gives a ratio
// (Benchmarks/ratios.sh; Benchmarks/README.md, "Interleaved ratios").
//
//   cadence-ratios [--rounds N] [--block-ms X] [--lead-in-ms X] [--filter TEXT] [--json] [--trace] [--list]
//
//   --rounds N     rounds a pair (default 200), after 2 rounds not kept
//   --block-ms X   the length of one block of one side, in ms of CPU time (default 1.5); a
//                  call longer than that is a block of one call
//   --lead-in-ms X the untimed run of the same kernel before each block, in ms (default
//                  1.5; at least one call; 0: none), so that no block pays for the caches
//                  and clock the other side left it
//   --filter TEXT  only the pairs whose issue or either side's name contains TEXT
//   --json         the figures as JSON instead of the tables
//   --trace        also print every round's times to standard error (issue, A, B, round,
//                  A a call, B a call), for plotting a drift
//   --list         the pairs, without measuring

let usage = "usage: cadence-ratios [--rounds N] [--block-ms X] [--lead-in-ms X] [--filter TEXT] [--json] [--trace] [--list]"
var rounds = 200, block = 1.5e-3, leadIn = 1.5e-3, filter: String? = nil, json = false, trace = false, list = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--rounds":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else { fatalError("--rounds needs a count ≥ 1\n\(usage)") }
        rounds = value
    case "--block-ms":
        guard let value = arguments.popFirst().flatMap({ Double($0) }), value > 0 else { fatalError("--block-ms needs a number > 0\n\(usage)") }
        block = value / 1e3
    case "--lead-in-ms":
        guard let value = arguments.popFirst().flatMap({ Double($0) }), value >= 0 else { fatalError("--lead-in-ms needs a number ≥ 0\n\(usage)") }
        leadIn = value / 1e3
    case "--filter":
        guard let value = arguments.popFirst() else { fatalError("--filter needs a text\n\(usage)") }
        filter = value
    case "--json": json = true
    case "--trace": trace = true
    case "--list": list = true
    default: fatalError("unknown argument \(argument)\n\(usage)")
    }
}

/// A C string in `buffer` (up to its first zero) as a String.
func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The one-, five- and fifteen-minute load averages (`/proc/loadavg`).
func loadAverage() -> String {
    guard let file = fopen("/proc/loadavg", "r") else { return "?" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "?" }
    return text(buffer).split(separator: " ").prefix(3).joined(separator: " ")
}

/// The UTC date and time, `2026-11-28 11:02:03 UTC`.
func now() -> String {
    var seconds = time(nil)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
    return text(buffer)
}

let pairs = allPairs().filter { pair in
    guard let filter else { return true }
    return [pair.issue, pair.a.name, pair.b.name].contains { $0.contains(filter) }
}
if list {
    for pair in pairs { print("\(pair.issue)\t\(pair.a.name)\t\(pair.b.name)") }
    exit(0)
}

let started = now(), loadBefore = loadAverage()
let standardError = fdopen(2, "w")
var measurements: [Measurement] = []
for pair in pairs {
    let m = measure(pair, rounds: rounds, block: block, leadIn: leadIn)
    measurements.append(m)
    if trace {
        for (round, (a, b)) in m.rounds.enumerated() {
            fputs("\(pair.issue)\t\(pair.a.name)\t\(pair.b.name)\t\(round)\t\(a)\t\(b)\n", standardError)
        }
    }
}
let load = "\(loadBefore) before, \(loadAverage()) after"
if json {
    printJSON(measurements, date: started, load: load, rounds: rounds, block: block, leadIn: leadIn)
} else {
    printTables(measurements, header: "cadence-ratios, \(started) to \(now()); load average (1, 5, 15 min) \(load); "
                + "\(rounds) rounds a pair, blocks of \(fixed(block * 1e3, digits: 1)) ms CPU after a lead-in of "
                + "\(fixed(leadIn * 1e3, digits: 1)) ms, A and B alternating")
}
