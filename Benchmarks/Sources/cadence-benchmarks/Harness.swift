import BenchmarkShim

// The Swift side of the harness: register closures with Google Benchmark through the C
// shim, and the seeded inputs every benchmark walks through.

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

/// Registers `body` as the benchmark `name`. `itemsPerIteration` > 0 adds an items/s
/// counter (samples per second for the batch benchmarks).
func registerBenchmark(_ name: String, itemsPerIteration: Int = 0, _ body: @escaping (Int64) -> Void) {
    // Retained for the life of the process: Google Benchmark keeps the pointer.
    let context = Unmanaged.passRetained(BenchmarkBody(body)).toOpaque()
    cadence_benchmark_register(name, trampoline, context, Int64(itemsPerIteration))
}

/// Runs a batch of `n` iterations: iteration `k` calls `body` with input `k mod count`
/// and folds the result's bits into a sink that is consumed once at the end, so the
/// optimiser can neither delete the work nor constant-fold it. Always inlined, so
/// `body` is inlined into the loop: no closure call per iteration.
@inline(__always)
func walk(_ n: Int64, through inputs: Inputs, _ body: (Double) -> UInt64) {
    let base = inputs.base
    let mask = inputs.mask
    var sink: UInt64 = 0
    for k in 0..<Int(n) {
        sink ^= body(base[k & mask])
    }
    cadence_benchmark_consume(sink)
}

/// A power-of-two count of doubles, allocated once and never freed (the benchmarks
/// read them until the process exits).
struct Inputs: @unchecked Sendable {
    let base: UnsafeMutablePointer<Double>
    let count: Int
    var mask: Int { count - 1 }
    var buffer: UnsafeBufferPointer<Double> { UnsafeBufferPointer(start: base, count: count) }

    /// `count` uniform values in `range`, from a seeded generator (the same every run).
    init(count: Int = 4096, in range: Range<Double>, seed: UInt64) {
        precondition(count > 0 && count & (count - 1) == 0, "count must be a power of two")
        var generator = SplitMix64(seed: seed)
        base = .allocate(capacity: count)
        for i in 0..<count {
            base[i] = Double.random(in: range, using: &generator)
        }
        self.count = count
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator, so inputs are
/// reproducible across runs and machines.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A number as a benchmark name shows it: `0.42`, `0`, `-1`, `3.5`.
func formatted(_ value: Double) -> String {
    let text = "\(value)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
