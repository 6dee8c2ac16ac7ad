import ArgumentParser
import Cadence
import CadenceScene

/// The options of the commands that write frames (`cadence render`, `cadence demo`):
/// `--threads N`, the threads that draw each frame and encode frames (default: one per
/// active processor), and `--png-level L`, the PNG encoder's level (default
/// `PNGEncoder.fastLevel`, 1: fast, larger files; 6 or 9 for small files; see
/// docs/command-line.md, "PNG output").
struct FrameOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Threads that draw and encode frames (default: one per processor).", valueName: "count"))
    var threads: Int?

    @Option(
        name: .customLong("png-level"), parsing: .unconditional,
        help: ArgumentHelp("PNG compression, 0 (none) to 9 (smallest); default 1, the fastest that compresses.",
                           valueName: "level"))
    var pngLevel: Int?

    init() {}

    /// The thread count: `--threads`, 1…`Compositor.maxThreadCount`, or the active processors.
    func threadCount() throws -> Int {
        guard let threads else { return Compositor.activeProcessorCount }
        guard (1...Compositor.maxThreadCount).contains(threads) else {
            throw InputError("--threads", "\(threads) is not in 1...\(Compositor.maxThreadCount)")
        }
        return threads
    }

    /// The PNG level: `--png-level`, 0…9, or `PNGEncoder.fastLevel`.
    func level() throws -> Int {
        guard let pngLevel else { return PNGEncoder.fastLevel }
        guard PNGEncoder.levels.contains(pngLevel) else {
            throw InputError("--png-level", "\(pngLevel) is not in 0...9")
        }
        return pngLevel
    }
}
