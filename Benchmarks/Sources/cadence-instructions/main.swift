import BenchmarkShim
#if canImport(Glibc)
import Glibc
#endif

// Cadence's instruction-count kernels, run by `Benchmarks/instructions.sh` under callgrind:
//
//   cadence-instructions --list             name, count, items, side, reference (tab-separated)
//   cadence-instructions <kernel> <count>   builds the kernel's fixtures, then runs it count times

/// Writes `message` to standard error (file descriptor 2) and exits with status 2.
func fail(_ message: String) -> Never {
    var line = "cadence-instructions: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

/// Runs `body` with the stack at the same offset within a kilobyte whatever the environment,
/// the program's path and the working directory, which move where the stack starts (in steps
/// of 16 bytes under valgrind). The offset sets the alignment of what the kernels copy on the
/// stack and with it the path `memcpy` takes: 12 instructions per call in a basic animation.
@inline(never)
func withStackAtFixedOffset(_ body: () -> Void) {
    var marker: UInt8 = 0
    let offset = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) } & 1023
    withUnsafeTemporaryAllocation(byteCount: offset + 16, alignment: 16) { pad in
        cadence_benchmark_consume(UInt64(UInt(bitPattern: pad.baseAddress)))  // keeps the pad
        body()
    }
}

let arguments = CommandLine.arguments.dropFirst()
if arguments == ["--list"] {
    for k in kernels {
        print([k.name, "\(k.count)", "\(k.items)", k.isBaseline ? "baseline" : "cadence", k.reference ?? ""]
            .joined(separator: "\t"))
    }
} else if arguments.count == 2, let count = Int64(arguments.last!), count >= 0 {
    guard let kernel = kernels.first(where: { $0.name == arguments.first! }) else {
        fail("no kernel named '\(arguments.first!)' (--list names them)")
    }
    withStackAtFixedOffset {
        let run = kernel.prepare()
        run(count)
    }
} else {
    fail("usage: cadence-instructions --list | cadence-instructions <kernel> <count>")
}
