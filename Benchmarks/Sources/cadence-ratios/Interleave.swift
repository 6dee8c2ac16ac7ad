#if canImport(Glibc)
import Glibc
#endif

// The measurement: two kernels in alternating short blocks, each block timed by one clock
// (a CPU clock, or the wall clock for two threads against one), one ratio a round. A
// machine whose speed drifts (a shared VM: the same loop 14 ns one minute and 23 ns the
// next) moves both sides of a round together, so the ratio keeps what separate runs of
// each side lose.

/// The clock a pair's blocks are timed by.
enum PairClock: String {
    /// The calling thread's CPU time: everything but rlottie and the two-thread frames, as
    /// Google Benchmark times it.
    case thread
    /// The CPU time of every thread of the process: for rlottie, which draws part of each
    /// frame on threads of its own (its benchmark row is timed so too).
    case process
    /// The wall clock (`CLOCK_MONOTONIC`): for a frame drawn on two threads against the same
    /// frame on one, where what counts is how soon the frame is done, not the CPU it takes
    /// (the thread rows of `cadence-benchmarks` are timed so too). Anything else running
    /// on the machine counts too: on a 2-vCPU VM one busy process takes a core from the
    /// two-thread side, so such a pair means something only on a quiet machine.
    case wall

    /// Now, in seconds (`clock_gettime`, nanosecond resolution).
    func now() -> Double {
        var time = timespec()
        let id = switch self {
        case .thread: CLOCK_THREAD_CPUTIME_ID
        case .process: CLOCK_PROCESS_CPUTIME_ID
        case .wall: CLOCK_MONOTONIC
        }
        clock_gettime(id, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// One side of a pair: a loop of `n` calls, as one batch of its benchmark row runs them.
struct Kernel {
    /// The name in the table (the benchmark row's, shortened).
    let name: String
    /// Items a call (4096 samples for a batch call): times are reported per item.
    let items: Int
    /// Runs `n` calls and returns the seconds they took by the clock given; state (the next
    /// input, the next frame time) carries over from run to run.
    let time: (Int64, PairClock) -> Double

    /// A kernel of this process: `run` timed around by the pair's clock.
    init(_ name: String, items: Int = 1, _ run: @escaping (Int64) -> Void) {
        self.init(name, items: items) { n, clock in
            let start = clock.now()
            run(n)
            return clock.now() - start
        }
    }

    /// A kernel that times itself (one run in another process: `BaselineServer`).
    init(_ name: String, items: Int = 1, timedBy time: @escaping (Int64, PairClock) -> Double) {
        (self.name, self.items, self.time) = (name, items, time)
    }

    /// Runs `n` calls untimed (a lead-in).
    func run(_ n: Int64) { _ = time(n, .thread) }
}

/// What a pair is held to.
enum Target {
    /// A's time ≤ this multiple of B's.
    case ratio(Double)
    /// B's time ≥ this multiple of A's: A ÷ B ≤ its reciprocal, printed as B ÷ A (two threads
    /// against one: "1.82×" reads better than 0.549).
    case speedUp(Double)
    /// A's time per item ≤ this many seconds on the issues' machine, estimated as the ratio
    /// times B's time there.
    case time(Double)
}

/// A peer's time on the machine the issues were measured on, as they print it.
struct Reference {
    /// Seconds per item there.
    let seconds: Double
    /// Where the figure is printed.
    let source: String
    /// Whether its estimates decide a target. A peer bound by memory bandwidth (the 8 MB fill)
    /// moves with the machine's caches, not with its cores: on a machine whose last-level
    /// cache holds the canvas it runs an order of magnitude faster than on one whose does not,
    /// so it is printed but not counted.
    let decides: Bool
}

/// Two kernels measured against each other.
struct Pair {
    /// The issue whose target the pair reads ("12", "13", …; "control" for A = B).
    let issue: String
    let a: Kernel
    let b: Kernel
    let clock: PairClock
    /// B's time per item on the machine the issues were measured on, as printed there: A's
    /// estimate there is the ratio times it.
    let reference: Reference?
    let target: Target?

    init(_ issue: String, _ a: Kernel, _ b: Kernel, clock: PairClock = .thread, reference: Reference? = nil,
         target: Target? = nil) {
        (self.issue, self.a, self.b, self.clock, self.reference, self.target) = (issue, a, b, clock, reference, target)
    }
}

/// The 10th, 25th, 50th, 75th and 90th percentiles of a sample (linear between ranks).
struct Spread {
    let p10, q25, median, q75, p90: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func at(_ p: Double) -> Double {
            let rank = p * Double(sorted.count - 1)
            let low = Int(rank.rounded(.down)), high = min(low + 1, sorted.count - 1)
            return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
        }
        (p10, q25, median, q75, p90) = (at(0.1), at(0.25), at(0.5), at(0.75), at(0.9))
    }
}

/// A pair's rounds: each side's time per item and their ratio, round by round.
struct Measurement {
    let pair: Pair
    /// Calls a block of each side.
    let callsA, callsB: Int64
    let a, b, ratio: Spread
    /// Each round's (A, B) time per item, in the order they ran, for `--trace`.
    let rounds: [(a: Double, b: Double)]
    /// The load averages (1, 5, 15 min) before and after the pair ran (`main.swift` sets
    /// them): what a wall-clock pair is read with.
    var load = (before: "", after: "")
    /// The cores' worth of other work the machine did while the pair ran: its busy CPU time
    /// (`/proc/stat`, 10 ms ticks) less this process's, over the wall time (`main.swift`
    /// sets it; a baseline child's blocks count as other work). What a wall-clock pair
    /// needs to be near 0.
    var otherCores = 0.0
}

/// Calls of `kernel` that fill about `block` seconds of `clock`: doubled from 1 until a run
/// takes an eighth of it, then scaled (at least 1: a frame longer than the block is one call).
func callsPerBlock(_ kernel: Kernel, clock: PairClock, block: Double) -> Int64 {
    var n: Int64 = 1
    while true {
        let seconds = kernel.time(n, clock)
        if seconds >= block / 8 || n >= 1 << 40 {
            return max(1, Int64((Double(n) * block / max(seconds, 1e-9)).rounded()))
        }
        n *= 2
    }
}

/// Runs `pair` for `rounds` rounds of one block of A and one of B (AB, then BA, then AB …,
/// so that a drift within a round favours each side equally often), after `warmup` rounds
/// that are not kept (the kernels' lazy state). Each timed block follows an untimed lead-in
/// of the same kernel, at least one call and about `leadIn` seconds: without it a block pays
/// for what the other side left behind (its data in the caches, and on this VM a slower
/// clock after the other side's vector code) — in the runs of 2026-11-28 the side that ran
/// right after the other was 5–25 % slower than the same side after itself.
func measure(_ pair: Pair, rounds: Int, block: Double, leadIn: Double, warmup: Int = 2) -> Measurement {
    let callsA = callsPerBlock(pair.a, clock: pair.clock, block: block)
    let callsB = callsPerBlock(pair.b, clock: pair.clock, block: block)
    let leadA = leadIn > 0 ? max(1, Int64((Double(callsA) * leadIn / block).rounded())) : 0
    let leadB = leadIn > 0 ? max(1, Int64((Double(callsB) * leadIn / block).rounded())) : 0
    let perA = Double(callsA) * Double(pair.a.items), perB = Double(callsB) * Double(pair.b.items)
    func a() -> Double {
        if leadA > 0 { pair.a.run(leadA) }
        return pair.a.time(callsA, pair.clock) / perA
    }
    func b() -> Double {
        if leadB > 0 { pair.b.run(leadB) }
        return pair.b.time(callsB, pair.clock) / perB
    }
    var kept: [(a: Double, b: Double)] = []
    kept.reserveCapacity(rounds)
    for round in 0..<(warmup + rounds) {
        let times: (a: Double, b: Double)
        if round % 2 == 0 {
            let first = a()
            times = (first, b())
        } else {
            let first = b()
            times = (a(), first)
        }
        if round >= warmup { kept.append(times) }
    }
    return Measurement(
        pair: pair, callsA: callsA, callsB: callsB, a: Spread(kept.map(\.a)), b: Spread(kept.map(\.b)),
        ratio: Spread(kept.map { $0.a / $0.b }), rounds: kept)
}
