import BenchmarkShim
#if canImport(Glibc)
import Glibc
#endif

// The Swift side of the harness: register closures with Google Benchmark through the C
// shim. The seeded inputs and the loops that walk them are in BenchmarkSupport, shared with
// the instruction counts (`cadence-instructions`).

/// A benchmark body boxed behind a C context pointer. It runs a whole batch of `n`
/// iterations per call.
final class BenchmarkBody {
    let run: (Int64) -> Void
    init(_ run: @escaping (Int64) -> Void) { self.run = run }
}

/// Calls the boxed body; a C function pointer, so it captures nothing.
private let trampoline: cadence_benchmark_body = { context, iterations in
    Unmanaged<BenchmarkBody>.fromOpaque(context!).takeUnretainedValue().run(iterations)
}

/// What a benchmark's time is read from.
enum BenchmarkClock {
    /// The calling thread's CPU time (Google Benchmark's default).
    case thread
    /// The wall clock: for bodies that run on several threads.
    case wall
    /// The CPU time of every thread of the process: for comparing with a library that
    /// draws on threads of its own.
    case process
}

/// Registers `body` as the benchmark `name`, timed by `clock`. `itemsPerIteration` > 0 adds
/// an items/s counter (samples per second for the batch benchmarks).
func registerBenchmark(
    _ name: String, itemsPerIteration: Int = 0, clock: BenchmarkClock = .thread, _ body: @escaping (Int64) -> Void
) {
    // Retained for the life of the process: Google Benchmark keeps the pointer.
    let context = Unmanaged.passRetained(BenchmarkBody(body)).toOpaque()
    switch clock {
    case .thread: cadence_benchmark_register(name, trampoline, context, Int64(itemsPerIteration))
    case .wall: cadence_benchmark_register_real_time(name, trampoline, context, Int64(itemsPerIteration))
    case .process: cadence_benchmark_register_process_time(name, trampoline, context, Int64(itemsPerIteration))
    }
}

/// A number as a benchmark name shows it: `0.42`, `0`, `-1`, `3.5`.
func formatted(_ value: Double) -> String {
    let text = "\(value)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// Writes one line of a benchmark's side report (an output check, a file size, a cache's
/// size) to standard error, so that standard output holds only Google Benchmark's table or
/// its JSON (`--benchmark_format=json > file` gives a file a JSON reader takes as it is).
func report(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
