#if canImport(Glibc)
import Glibc
#endif

// `cadence-ratios`: each Cadence kernel against its peer, alternated in short blocks on one
// clock (a CPU clock; the wall clock for two threads against one), so that a machine whose
// speed drifts within a run still gives a ratio; with `--baseline`, issue 13's frames drawn
// by the baseline build (a child process) against this build's
// (Benchmarks/ratios.sh; Benchmarks/README.md, "Interleaved ratios").
//
//   cadence-ratios [--rounds N] [--block-ms X] [--lead-in-ms X] [--filter TEXT] [--baseline PATH] [--json] [--trace] [--list]
//   cadence-ratios --serve
//
//   --rounds N     rounds a pair (default 200), after 2 rounds not kept
//   --block-ms X   the length of one block of one side, in ms of its pair's clock (default 1.5); a
//                  call longer than that is a block of one call
//   --lead-in-ms X the untimed run of the same kernel before each block, in ms (default
//                  1.5; at least one call; 0: none), so that no block pays for the caches
//                  and clock the other side left it
//   --filter TEXT  only the pairs whose issue or either side's name contains TEXT
//   --baseline PATH  this driver built without -march (Benchmarks/.build/release/
//                  cadence-ratios): adds issue 13's frames drawn by it against the same
//                  frames drawn by this build (which should be the -march one), the child
//                  started with --serve; without it those pairs are skipped
//   --serve        run as that child: answer "run NAME N" on standard input
//                  (BaselineServer.swift) until it closes
//   --json         the figures as JSON instead of the tables
//   --trace        also print every round's times to standard error (issue, A, B, round,
//                  A a call, B a call), for plotting a drift
//   --list         the pairs, without measuring

let usage = "usage: cadence-ratios [--rounds N] [--block-ms X] [--lead-in-ms X] [--filter TEXT] [--baseline PATH] [--json] [--trace] [--list]\n"
    + "       cadence-ratios --serve"
var rounds = 200, block = 1.5e-3, leadIn = 1.5e-3, filter: String? = nil, json = false, trace = false, list = false
var baseline: BaselineServer? = nil, serving = false
/// Prints `message` and the usage on standard error and exits with status 2 (a mistyped
/// argument is not a crash).
func usageError(_ message: String) -> Never {
    let line = "cadence-ratios: \(message)\n\(usage)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--rounds":
        guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else { usageError("--rounds needs a count ≥ 1") }
        rounds = value
    case "--block-ms":
        guard let value = arguments.popFirst().flatMap({ Double($0) }), value > 0 else { usageError("--block-ms needs a number > 0") }
        block = value / 1e3
    case "--lead-in-ms":
        guard let value = arguments.popFirst().flatMap({ Double($0) }), value >= 0 else { usageError("--lead-in-ms needs a number ≥ 0") }
        leadIn = value / 1e3
    case "--filter":
        guard let value = arguments.popFirst() else { usageError("--filter needs a text") }
        filter = value
    case "--baseline":
        guard let value = arguments.popFirst() else { usageError("--baseline needs a path") }
        guard access(value, X_OK) == 0 else { usageError("--baseline: \(value) is not an executable file") }
        baseline = BaselineServer(path: value)
    case "--serve": serving = true
    case "--json": json = true
    case "--trace": trace = true
    case "--list": list = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default: usageError("unknown argument \(argument)")
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

/// The seconds of CPU time the whole machine has spent busy (every core's user, system,
/// interrupt and stolen time in the first line of `/proc/stat`), and this process's own
/// CPU time: across a pair, their differences tell how much other work shared the machine.
func busySeconds() -> (machine: Double, process: Double) {
    let process = PairClock.process.now()
    guard let file = fopen("/proc/stat", "r") else { return (.nan, process) }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return (.nan, process) }
    // cpu user nice system idle iowait irq softirq steal …: all but idle and iowait.
    let ticks = text(buffer).split(separator: " ").dropFirst().compactMap { Double($0) }
    guard ticks.count >= 8 else { return (.nan, process) }
    let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7]
    return (busy / Double(sysconf(Int32(_SC_CLK_TCK))), process)
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

if serving { serve(servedKernels()) }

let pairs = allPairs(baseline: baseline).filter { pair in
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
    let before = loadAverage(), busy = busySeconds(), start = PairClock.wall.now()
    var m = measure(pair, rounds: rounds, block: block, leadIn: leadIn)
    let after = busySeconds()
    m.load = (before, loadAverage())
    m.otherCores = ((after.machine - busy.machine) - (after.process - busy.process)) / (PairClock.wall.now() - start)
    measurements.append(m)
    if trace {
        for (round, (a, b)) in m.rounds.enumerated() {
            fputs("\(pair.issue)\t\(pair.a.name)\t\(pair.b.name)\t\(round)\t\(a)\t\(b)\n", standardError)
        }
    }
}
let load = "\(loadBefore) before, \(loadAverage()) after"
if json {
    printJSON(measurements, date: started, load: load, rounds: rounds, block: block, leadIn: leadIn, baseline: baseline)
} else {
    printTables(measurements, header: "cadence-ratios, \(started) to \(now()); load average (1, 5, 15 min) \(load); "
                + "\(rounds) rounds a pair, blocks of \(fixed(block * 1e3, digits: 1)) ms by the pair's clock after a lead-in of "
                + "\(fixed(leadIn * 1e3, digits: 1)) ms, A and B alternating", baseline: baseline)
}
