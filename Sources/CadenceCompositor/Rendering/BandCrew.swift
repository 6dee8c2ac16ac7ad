import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The threads that draw a frame's bands beside the caller, asked for *before* the frame's
/// render list is built, so that they are awake when the bands are handed out.
///
/// A pool thread that has slept since the last frame takes tens of microseconds to start
/// (on the benchmark VM, where waking an idle virtual CPU goes through the host, the
/// demo-like 1080p frame's helper started 73–116 µs after its bands were ready, medians of
/// 750 frames): asked for when the bands are ready, that start is lost from every frame;
/// asked for first, it passes while the caller builds the render list (0.2–0.3 ms there),
/// and the helper takes its first band 0–1 µs after they are posted. Until then the
/// helpers wait by yielding the processor (a list that takes longer than `spinNanoseconds`
/// puts them to sleep on a semaphore instead). The price: the helpers' processors kept busy
/// for the list's time, and on that VM a list built about 10 % slower meanwhile (not by sharing
/// the caller's processor; `Benchmarks/README.md`, "Helpers asked for before the list").
///
/// The hand-off: `post(_:)` publishes the frame's work and wakes any sleeper; each helper,
/// once it runs, takes a number (1, 2, …: the caller is 0) and calls the work with it; `close()`
/// (after the caller's own share) shuts the door and waits for the helpers that came in. A
/// helper that arrives after `close()` — one the pool started late, after the caller had
/// drawn every band — leaves without touching the work, so the caller never waits for a
/// thread that has not started; which thread draws which band does not change a pixel.
/// One crew serves one frame: made, posted once, closed once.
final class BandCrew: @unchecked Sendable {
    /// Added to `entered` by `close()`: helpers arriving after it leave.
    private static let closedBit = 1 << 40
    /// How long a helper yields while the caller builds the list before it sleeps: 2 ms.
    static let spinNanoseconds: UInt64 = 2_000_000

    /// The helpers that have come in (low bits) and whether the door is shut (`closedBit`).
    private let entered = Atomic<Int>(0)
    /// The helpers that came in and are done.
    private let finished = Atomic<Int>(0)
    /// Set (releasing) once `work` is written.
    private let posted = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    /// The helpers that reached the sleep on `wake` (counted just before it; tests: a post
    /// wakes a sleeper).
    private let sleepers = Atomic<Int>(0)
    /// The helpers asked for.
    let helpers: Int
    /// The frame's work, called with a helper's number; written once, before `posted`, and
    /// read only after it (`@unchecked Sendable`).
    private var work: (@Sendable (Int) -> Void)?

    /// Asks the global pool for `helpers` threads (none when `helpers ≤ 0`); with
    /// `startingThreads: false` (tests) none is asked for, and the test calls `help()`.
    init(helpers: Int, startingThreads: Bool = true) {
        self.helpers = Swift.max(0, helpers)
        guard startingThreads else { return }
        for _ in 0..<self.helpers {
            DispatchQueue.global().async { [self] in help() }
        }
    }

    /// How many helpers have arrived so far (tests; one arriving after `close()` counts, and leaves).
    var arrivals: Int { entered.load(ordering: .acquiring) & (Self.closedBit - 1) }

    /// How many helpers have reached the sleep while waiting for the post (tests).
    var sleeps: Int { sleepers.load(ordering: .acquiring) }

    /// Publishes the frame's work, `work(n)` for helper `n` (1, 2, …), and wakes helpers that
    /// went to sleep waiting for it. Call once.
    func post(_ work: @escaping @Sendable (Int) -> Void) {
        self.work = work
        posted.store(true, ordering: .releasing)
        // One signal a helper: each sleeps at most once, so the count never ends below 0.
        for _ in 0..<helpers { wake.signal() }
    }

    /// Shuts the door and returns when every helper that came in has finished its work.
    /// Call once, after `post(_:)`.
    func close() {
        let came = entered.wrappingAdd(Self.closedBit, ordering: .acquiringAndReleasing).oldValue
        while finished.load(ordering: .acquiring) < came { sched_yield() }
    }

    /// Calls `body(i)` once for every `i` in `0..<count`, on the caller and on up to
    /// `helpers` pool threads, each taking the next index not yet taken; returns when all
    /// are done. It waits only for the helpers that came in, by construction: a frame's band
    /// helpers, asked for before its render list is built, may hold the pool's threads until
    /// the list is done, and work done while building the list (tiles drawn before the
    /// frame, `TileCache.drawNow`) must not depend on the pool finding it more. (Dispatch's
    /// `concurrentPerform` passed the same test, `BandCrewTests`, on Linux, but documents no
    /// such guarantee.)
    static func forEach(_ count: Int, helpers: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let crew = BandCrew(helpers: Swift.min(helpers, count - 1))
        // `unowned`: the crew's work must not keep the crew; a helper running it holds the
        // crew through its pool job.
        crew.post { [unowned crew] _ in crew.drain(count, body) }
        crew.drain(count, body)
        crew.close()
    }

    /// The next index `forEach` hands out.
    private let nextIndex = Atomic<Int>(0)

    /// Calls `body` with indices taken from `nextIndex` until `count` is reached.
    private func drain(_ count: Int, _ body: (Int) -> Void) {
        while true {
            let i = nextIndex.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            body(i)
        }
    }

    /// A pool thread's part: come in unless the door is shut, wait for the work, do it.
    func help() {
        let number = entered.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        guard number & Self.closedBit == 0 else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        while !posted.load(ordering: .acquiring) {
            if DispatchTime.now().uptimeNanoseconds &- start < Self.spinNanoseconds {
                sched_yield()
            } else {
                sleepers.wrappingAdd(1, ordering: .releasing)
                wake.wait()
            }
        }
        work?(number + 1)
        finished.wrappingAdd(1, ordering: .releasing)
    }
}
