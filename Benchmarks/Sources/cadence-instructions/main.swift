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
    let run = kernel.prepare()
    run(count)
} else {
    fail("usage: cadence-instructions --list | cadence-instructions <kernel> <count>")
}
