import CadencePixels
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The blurred planes of a frame's shadows, shared by the bands drawn at once: each shadow
/// of the render list's own items (not of a mask's or a previous rendering's list) is
/// blurred by the first band that reaches it, into a block of this frame's pool, and every
/// other band that reaches it waits for that plane and shades its own rows from it
/// (`docs/compositor.md` § 7b). The plane is the whole frame's in every band, so the pixels
/// are those each band would blur for itself.
///
/// **Claims.** `claim(_:bytes:)` answers, once a shadow a frame, `.mine` to the first band
/// (which then blurs the plane and must `publish` it, or publish that it draws nothing),
/// `.theirs` to every later one (which calls `wait` before reading), and `.local` to all when
/// this pool refuses the plane's bytes (every band then blurs for itself, as without
/// sharing). A shadow of a layer's own alpha is claimed when its group is opened: the
/// claimant draws the group whole, the others only their rows of it.
///
/// **No deadlock.** A path shadow's claimant publishes within the one call that blurs and
/// draws it; a group's claimant publishes when it closes the group, after every claim made
/// inside it. So a band that waits holds claims only of groups around the shadow it waits
/// for, and the band it waits for is inside that shadow's layer, waiting, if at all, for
/// one deeper still: the chain ends. A band's claims still open when its walk ends are
/// published as empty (`abandon`), so no one waits on a band that has stopped.
///
/// **Synchronisation.** One `Mutex` guards the claims and the planes' pool; a `DispatchGroup` a
/// slot, entered by the claimant under the lock and left once the plane is written, orders
/// the plane's writes before every read that follows `wait`. `@unchecked Sendable` for
/// that: a slot's plane and key are written only by its claimant before it leaves the group,
/// and read only after the group is left.
///
/// Cost: a lock and an unlock a claim and a wait, per shadow and band; no allocation once the
/// slots and the pool's blocks have grown to the frame's needs (they are kept from frame to
/// frame; the pool holds at most its limit).
final class SharedShadowPlanes: @unchecked Sendable {
    /// One shadow's plane this frame. `@unchecked Sendable` by the rule above.
    final class Slot: @unchecked Sendable {
        /// Left when the claimant has published.
        let done = DispatchGroup()
        /// The block holding the plane (granted at the claim), the plane's rectangle and
        /// the blur's σ: what the claimant blurred, checked by the readers.
        fileprivate(set) var buffer: ScratchBuffer?
        fileprivate(set) var rect = PixelRect.empty
        fileprivate(set) var sigma = 0.0
        /// Whether the claimant drew a plane (false: the shadow draws nothing, the same
        /// in every band).
        fileprivate(set) var hasPlane = false
        fileprivate var claimed = false
        /// Whether the claimant has published (touched by the claimant alone).
        fileprivate var published = false

        /// The plane's first value, `rect.area` `Float`s row by row. Valid to read after
        /// `wait`; written only by the claimant.
        var plane: UnsafeMutablePointer<Float> { buffer!.pointer.assumingMemoryBound(to: Float.self) }
    }

    /// What a band does with a shadow.
    enum Claim {
        /// Blur the plane into the slot and publish it.
        case mine(Slot)
        /// Another band blurs it: wait, then read.
        case theirs(Slot)
        /// Blur it alone, as without sharing.
        case local

        /// Whether another band draws the plane (so the layer's group need not be whole).
        var isTheirs: Bool {
            if case .theirs = self { return true }
            return false
        }
    }

    /// The lock: it guards `pool`, the slots' claims and the count of reads of another
    /// band's plane (for the tests), which it holds.
    private let lock = Mutex(0)
    /// The planes' blocks, handed out under the lock.
    private let pool: ScratchPool
    /// The slots, the first `slotCount` of them this frame's.
    private var slots: [Slot] = []
    private var slotCount = 0
    /// The slot of each of the list's items (−1: no shadow).
    private var slotOfItem: [Int32] = []

    /// A pool of `byteLimit` bytes for the planes held at once.
    init(byteLimit: Int) {
        pool = ScratchPool(byteLimit: byteLimit)
    }

    /// Microseconds a claimant sleeps before it blurs (0: none), so that the tests see other
    /// bands wait for an unfinished plane. Set only while no frame is drawn.
    nonisolated(unsafe) static var claimantDelayForTests: UInt32 = 0

    /// The claimant's pause before blurring (`claimantDelayForTests`).
    @inline(__always)
    static func pauseForTests() {
        if claimantDelayForTests > 0 { usleep(claimantDelayForTests) }
    }

    /// Reads of another band's plane since the start.
    var reads: Int { lock.withLock { $0 } }

    /// Gives back the last frame's planes and deals a slot to each item of `list` that
    /// casts a shadow. Serial: before the bands start.
    func reset(for list: RenderList) {
        release()
        slotOfItem.removeAll(keepingCapacity: true)
        slotCount = 0
        for item in list.items {
            guard item.shadow != nil else {
                slotOfItem.append(-1)
                continue
            }
            if slotCount == slots.count { slots.append(Slot()) }
            let slot = slots[slotCount]
            slot.claimed = false
            slot.published = false
            slot.hasPlane = false
            slot.rect = .empty
            slotOfItem.append(Int32(slotCount))
            slotCount += 1
        }
    }

    /// Gives back the planes' blocks. Serial: after the bands.
    func release() {
        lock.withLock { _ in
            for slot in slots.prefix(slotCount) {
                if let buffer = slot.buffer { pool.release(buffer) }
                slot.buffer = nil
            }
        }
    }

    /// The claim on the shadow of the list's item `index`, whose plane takes `bytes` bytes.
    func claim(item index: Int, bytes: Int) -> Claim {
        guard index < slotOfItem.count, slotOfItem[index] >= 0 else { return .local }
        let slot = slots[Int(slotOfItem[index])]
        return lock.withLock { _ in
            if slot.claimed { return slot.buffer == nil ? .local : .theirs(slot) }
            slot.claimed = true
            guard let buffer = pool.acquire(bytes) else { return .local }
            slot.buffer = buffer
            slot.done.enter()
            return .mine(slot)
        }
    }

    /// Publishes the claimant's plane: `rect` blurred with `sigma`, or (`nil`) nothing drawn.
    func publish(_ slot: Slot, rect: PixelRect?, sigma: Double) {
        guard !slot.published else { return }
        slot.published = true
        if let rect {
            slot.rect = rect
            slot.sigma = sigma
        }
        lock.withLock { _ in slot.hasPlane = rect != nil }
        slot.done.leave()
    }

    /// Publishes `slot` as drawing nothing unless its claimant has published it: for a walk
    /// that ends with a claim still open.
    func abandon(_ slot: Slot) {
        publish(slot, rect: nil, sigma: 0)
    }

    /// Waits until `slot`'s claimant has published.
    func wait(for slot: Slot) {
        slot.done.wait()
    }

    /// Counts a read of another band's plane (`reads`).
    func countRead() {
        lock.withLock { $0 += 1 }
    }
}
