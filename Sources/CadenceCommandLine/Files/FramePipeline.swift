import Cadence
import Dispatch
import Foundation

/// Draws a sequence of frames and encodes them as PNG at once: frame `i + 1` is drawn
/// (in bands, on every thread of the compositor) while frames up to `i` are encoded, each
/// on a thread of its own, and the encoded files are handed on in order.
///
/// Memory is bounded by `framesInFlight`: at most that many frames are drawn and not yet
/// handed on, each holding one bitmap (reused for a later frame once encoded) and its
/// file. Cost: the drawing of the frames, one after another, plus whatever encoding
/// does not overlap it; with `framesInFlight − 1` encoders busy, drawing waits.
struct FramePipeline {
    /// What a run took, in seconds.
    struct Timing {
        var frames = 0
        /// From the first frame drawn to the last file handed on.
        var wall = 0.0
        /// Drawing the frames (on the calling thread, each frame in bands).
        var drawing = 0.0
        /// Encoding, summed over the frames (they overlap one another and the drawing).
        var encoding = 0.0
        /// Frames per second over the wall time.
        var framesPerSecond: Double { wall > 0 ? Double(frames) / wall : 0 }
    }

    let level: Int
    let framesInFlight: Int

    /// A bitmap handed between the drawing thread and an encoder (never both at once: the
    /// encoder gives it back, under the lock, when it no longer reads it), so its storage
    /// is not shared when it is drawn into again.
    private final class Canvas: @unchecked Sendable {
        var bitmap: Bitmap
        init(_ bitmap: Bitmap) { self.bitmap = bitmap }
    }

    /// What the encoders share with the caller's thread (under `lock`).
    private final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var files: [Int: Result<[UInt8], any Error>] = [:]
        var spare: [Canvas] = []
        var encoding = 0.0
        let finished = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
    }

    /// Draws `count` frames with `draw(index, &bitmap)` (into a reused bitmap), shows each
    /// to `each` once drawn, and hands each frame's PNG file to `deliver` in order, on
    /// the calling thread. The first error (of `draw`, an encoding or `deliver`) stops
    /// the run and is thrown once the encodings under way have finished.
    func run(
        count: Int, draw: (Int, inout Bitmap) throws -> Void, each: (Bitmap) -> Void = { _ in },
        deliver: (Int, [UInt8]) throws -> Void
    ) throws -> Timing {
        let shared = Shared()
        defer { shared.group.wait() }
        let start = DispatchTime.now()
        var timing = Timing(frames: count)
        var delivered = 0
        /// Hands on the files that are ready, in order; waits for one more when `wait`.
        func handOn(waiting wait: Bool) throws {
            if wait { shared.finished.wait() }
            while true {
                let file = shared.lock.withLock { shared.files.removeValue(forKey: delivered) }
                guard let file else { return }
                try deliver(delivered, try file.get())
                delivered += 1
            }
        }
        for index in 0..<count {
            while index - delivered >= framesInFlight { try handOn(waiting: true) }
            let canvas = try shared.lock.withLock { shared.spare.popLast() } ?? Canvas(Bitmap(width: 1, height: 1))
            let drawn = DispatchTime.now()
            try draw(index, &canvas.bitmap)
            timing.drawing += Self.seconds(since: drawn)
            each(canvas.bitmap)
            let level = level
            DispatchQueue.global().async(group: shared.group) {
                let encoded = DispatchTime.now()
                let file = Result { try PNGEncoder.output(canvas.bitmap, level: level) }
                let seconds = Self.seconds(since: encoded)
                shared.lock.withLock {
                    shared.files[index] = file
                    shared.spare.append(canvas)
                    shared.encoding += seconds
                }
                shared.finished.signal()
            }
            try handOn(waiting: false)
        }
        while delivered < count { try handOn(waiting: true) }
        timing.wall = Self.seconds(since: start)
        timing.encoding = shared.lock.withLock { shared.encoding }
        return timing
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
