import ArgumentParser
import CadenceScene

/// The options that bound what one command reads and allocates: `--max-input` (the
/// largest input file or standard input, default 64 MiB) and `--max-memory` (the memory
/// budget, default 2 GiB; `MemoryBudget`). Sizes are whole numbers of bytes with an
/// optional binary unit: `65536`, `512K`, `64M`, `2G`, `1.5G`, `64MiB`.
struct ResourceOptions: ParsableArguments {
    @Option(
        name: .customLong("max-input"), parsing: .unconditional,
        help: ArgumentHelp("The largest input file or standard input (default 64M).", valueName: "size"))
    var maxInput: String?

    @Option(
        name: .customLong("max-memory"), parsing: .unconditional,
        help: ArgumentHelp("The memory budget of the command (default 2G).", valueName: "size"))
    var maxMemory: String?

    init() {}

    /// The input limit in bytes.
    func inputLimit() throws -> Int {
        try maxInput.map { try Self.bytes($0, location: "--max-input") } ?? FileAccess.defaultInputLimit
    }

    /// A fresh memory budget of the requested size.
    func memoryBudget() throws -> MemoryBudget {
        MemoryBudget(limit: try maxMemory.map { try Self.bytes($0, location: "--max-memory") } ?? MemoryBudget.defaultLimit)
    }

    /// The largest size accepted: 2⁵⁰ bytes (1024T), so sums of sizes cannot overflow.
    static let maxSize = 1 << 50

    /// The byte count `text` names: a number (digits, an optional fraction) and an
    /// optional unit `K`, `M`, `G` or `T` (powers of 1024; `KiB`, `kb`, … read the same),
    /// rounded down to whole bytes; at least 1, at most `maxSize`. Throws at `location`.
    static func bytes(_ text: String, location: String) throws -> Int {
        let units: [Character: Double] = ["k": 0x1p10, "m": 0x1p20, "g": 0x1p30, "t": 0x1p40]
        var digits = Substring(text.lowercased())
        for suffix in ["ib", "b"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            break
        }
        var scale = 1.0
        if let last = digits.last, let unit = units[last] {
            scale = unit
            digits = digits.dropLast()
        }
        let isNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && digits.filter { $0 == "." }.count <= 1 && digits != "."
        guard isNumber, let value = Double(digits) else {
            throw InputError(location, "\(MessageText.quoted(text)) is not a size (a number of bytes, or with a unit: 512K, 64M, 2G)")
        }
        let bytes = (value * scale).rounded(.down)
        guard bytes >= 1 else { throw InputError(location, "\(MessageText.quoted(text)) is less than 1 byte") }
        guard bytes <= Double(maxSize) else {
            throw InputError(location, "\(MessageText.quoted(text)) is more than the largest size accepted, 1024T")
        }
        return Int(bytes)
    }
}
