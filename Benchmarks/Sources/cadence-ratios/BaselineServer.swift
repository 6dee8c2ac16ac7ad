import BenchmarkShim
#if canImport(Glibc)
import Glibc
#endif

// The baseline build's side of a pair: the same frames drawn by this driver built without
// `-march` (`Benchmarks/.build`), run as a child process that the `-march` driver alternates
// with its own blocks. A Swift build's vector code is fixed when it is compiled, so the two
// builds cannot run in one process; two processes that take turns on a pipe see the same
// machine as the two sides of any other pair (only one of them runs at a time).
//
// The protocol, one line each way (the child's standard input and output):
//
//   run NAME N   runs N calls of the kernel named NAME; replies with the seconds of the
//                child's thread CPU time they took (a Double), or "error: …"
//   avx2         replies "yes" when the child was compiled for AVX2, "no" otherwise
//
// The child exits when its input closes (the parent exiting closes it).

/// `cadence-ratios --serve`: answers the commands above on standard input and output for
/// `kernels` (looked up by name) until the input ends.
func serve(_ kernels: [Kernel]) -> Never {
    func reply(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        guard write(1, bytes, bytes.count) == bytes.count else { exit(1) }
    }
    while let line = readLine() {
        if line == "avx2" {
            reply(cadence_benchmark_built_for_avx2() != 0 ? "yes" : "no")
            continue
        }
        guard line.hasPrefix("run "), let space = line.lastIndex(of: " "),
              let n = Int64(line[line.index(after: space)...]), n >= 1 else {
            reply("error: not a command: \(line)")
            continue
        }
        let name = String(line[line.index(line.startIndex, offsetBy: 4)..<space])
        guard let kernel = kernels.first(where: { $0.name == name }) else {
            reply("error: no kernel named \(name) (served: \(kernels.map(\.name).joined(separator: "; ")))")
            continue
        }
        reply("\(kernel.time(n, .thread))")
    }
    exit(0)
}

/// The `-march` driver's end of a baseline child: started on first use (`posix_spawn`, its
/// standard input and output on two pipes), then asked for blocks.
final class BaselineServer {
    /// The baseline binary (`Benchmarks/.build/release/cadence-ratios`).
    let path: String
    /// Whether the child was compiled for AVX2 (asked once it starts; `nil` before).
    private(set) var builtForAVX2: Bool?
    /// The pipe ends this process writes commands to and reads replies from.
    private var commands: Int32 = -1
    private var replies: UnsafeMutablePointer<FILE>?

    init(path: String) { self.path = path }

    /// The child's twin of `local` (a kernel of this process that the child serves under
    /// the same name), timed there by its thread's CPU clock: the only clock it serves, as
    /// the frames it draws are one-thread frames.
    func twin(of local: Kernel) -> Kernel {
        Kernel("\(local.name), baseline build", items: local.items) { [self] n, clock in
            precondition(clock == .thread, "a baseline kernel is timed by its thread's CPU clock")
            guard let seconds = Double(ask("run \(local.name) \(n)")) else {
                fatalError("cadence-ratios: the baseline binary \(path) did not run \(local.name)")
            }
            return seconds
        }
    }

    /// Sends `command` and returns the child's reply, starting the child first if needed;
    /// a reply that starts with "error:" or a child that is gone stops the run.
    private func ask(_ command: String) -> String {
        if replies == nil { start() }
        let bytes = Array((command + "\n").utf8)
        guard write(commands, bytes, bytes.count) == bytes.count else { fatalError("cadence-ratios: cannot write to the baseline binary \(path)") }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), replies) != nil else {
            fatalError("cadence-ratios: the baseline binary \(path) exited")
        }
        let reply = text(buffer).replacingSuffix("\n")
        if reply.hasPrefix("error:") { fatalError("cadence-ratios: the baseline binary \(path): \(reply)") }
        return reply
    }

    /// Spawns `path --serve` with its standard input and output on two pipes (the child
    /// keeps standard error), then asks it how it was compiled.
    private func start() {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { fatalError("cadence-ratios: pipe: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("--serve"), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, cadence_benchmark_environment())
        guard status == 0 else {
            fatalError("cadence-ratios: cannot start the baseline binary \(path): \(String(cString: strerror(status)))")
        }
        close(toChild[0])
        close(fromChild[1])
        // A child that dies makes the next write fail with EPIPE (reported above) instead of
        // killing this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        (commands, replies) = (toChild[1], fdopen(fromChild[0], "r"))
        builtForAVX2 = ask("avx2") == "yes"
    }
}
