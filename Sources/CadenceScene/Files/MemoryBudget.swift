/// The memory one command may use, counted before it is allocated.
///
/// Everything that grows with the input is charged here before the allocation is made: the
/// input document and its parsed tree (`JSONParser`), the decoded layers and animations,
/// each contents image with its mip chain and the scratch of its decoding, the canvas with
/// its PNG encoding and the compositor's scratch, the sampled times and the response. A
/// charge that would pass `limit` throws an `InputError` naming what asked for the memory,
/// how much, and the budget — so the process ends with one clear line instead of a failed
/// allocation. Fixed costs (the program itself, a few MiB) are not counted.
///
/// The charges are estimates from the sizes of the data structures (each states its
/// figure where it is charged), rounded up: measured peaks stay below the total charged
/// (`docs/command-line.md`, "Limits").
package final class MemoryBudget {
    /// The default budget: 2 GiB, enough for a scene on the largest canvas
    /// (16384 × 16384 pixels, 1 GiB) with its PNG encoding.
    package static let defaultLimit = 2 << 30

    /// The most bytes that may be charged at once.
    package let limit: Int
    /// The bytes charged so far and not released.
    package private(set) var used = 0

    package init(limit: Int = MemoryBudget.defaultLimit) {
        self.limit = limit
    }

    /// Charges `bytes` (kept until `release`), or throws at `location` when that would pass
    /// the limit: `<location>: <what> would take 3 GiB, over the memory budget of 2 GiB (…)`.
    /// `what` names the allocation ("decoding a 16384×16384 image").
    package func charge(_ bytes: Int, for what: @autoclosure () -> String, at location: String) throws {
        try checkPeak(bytes, for: what(), at: location)
        used += bytes
    }

    /// Checks that `bytes` more would fit for a moment (the peak of a step whose memory is
    /// freed at its end), without charging them.
    package func checkPeak(_ bytes: Int, for what: @autoclosure () -> String, at location: String) throws {
        guard bytes <= limit - used else { throw exceeded(bytes, what(), at: location) }
    }

    /// Returns `bytes` charged earlier.
    package func release(_ bytes: Int) {
        used -= Swift.min(bytes, used)
    }

    /// Charges `bytes` without a check, for memory already allocated (counted so that later
    /// charges see it). Returns whether the total is still within the limit.
    @discardableResult
    package func add(_ bytes: Int) -> Bool {
        used += bytes
        return used <= limit
    }

    /// The error for a charge of `bytes` that does not fit.
    package func exceeded(_ bytes: Int, _ what: String, at location: String) -> InputError {
        let inUse = used > 0 ? "; \(FileAccess.describe(bytes: used)) already in use" : ""
        return InputError(
            location,
            "\(what) would take \(FileAccess.describe(bytes: bytes)), over the memory budget of "
                + "\(FileAccess.describe(bytes: limit))\(inUse) (--max-memory raises it)")
    }
}
