import CadenceGeometry
import CadenceTiming

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The keyframes of a `Path`, as `CAKeyframeAnimation`'s `path` defines them: the point,
/// and the rotation that `rotationMode` asks for, as a function of the animation's progress
/// (after its own timing function). The rules are `Reference/README.md`'s "Keyframe rules"
/// and "Paths" (P1–P2, K1–K6, T1, R1–R6); segments and tangents are `docs/paths.md`'s.
///
/// - Keyframes (R1): the start of the first segment, then the end of every segment
///   (`Path.segments`: a move-to makes none, a close adds a line back unless already
///   there, a zero-length line still counts). `s` segments give `s + 1` keyframes, and
///   segment `j` spans key interval `j`. Across a move-to inside the path the jump takes
///   no time: at its key time the later segment's start shows.
/// - `linear` (R2): segment `i` at its Bézier parameter `u` (not arc length), `u` from the
///   key times (K5) through `timingFunctions[i]` (T1). `cubic` is `linear` on a path: the
///   path's own curves are the shape (its key times and timing functions are read as
///   linear's; there are no tension, continuity or bias values).
/// - `paced`, `cubicPaced` (R3): constant speed along the true arc length of the whole
///   path; key times and timing functions are ignored. Zero-length segments take no time.
/// - `discrete` (R4): keyframe `j` by the discrete key-time rules (K2, K4, K6).
/// - Rotation (R5): the angle `atan2(dy, dx)` of the direction of travel `B′(t)` (paced
///   traversal only reparametrises, so the same); where `B′(t)` vanishes, the first non-zero
///   higher derivative (`PathSegment.tangent(at:)`: forward, and backward at `t = 1`). A
///   segment that is a single point has angle 0. `autoReverse` adds π, so its angles lie in
///   (0, 2π]. Discrete: keyframe 0 leaves along segment 0, keyframe `j ≥ 1` arrives along
///   segment `j − 1`.
/// - Corners (R6): at a boundary between segments the later segment is used, leaving
///   (consistent with K5's "later keyframe wins"); for paced, a distance exactly on a
///   segment's end is the start of the next segment with a length. Progress 1 is the end of
///   the last segment (the last with a length, for paced), arriving.
/// - Progress outside 0…1 is clamped first, NaN reading as 0 (P1); an overshooting segment
///   timing function still extrapolates its segment's polynomial.
/// - No keyframes (an empty path, or move-tos only): no value (P2). A path of zero length
///   in the paced modes: its first point for every progress, with segment 0's leaving
///   angle (0 for a point).
///
/// Accuracy: positions to a few ulps of the coordinates (Bernstein form); paced distances
/// to the arc-length table's 1e-12 relative; angles to a few ulps, except where `|B′(t)|`
/// is tiny inside a segment (near a cusp), where the direction itself is ill-conditioned.
/// Cost: `init` splits the path once and, for the paced modes, measures it once
/// (`PathArcLengthTable`); a query is a binary search and one segment evaluation (paced: the
/// table's search and Newton steps), with no allocation.
///
/// An immutable reference type, like `KeyframeCurve`: copies share it, and evaluating passes
/// one reference.
public final class KeyframePath: Sendable {
    /// The path as given.
    public let path: Path
    /// The calculation mode as given (`cubic` evaluates as `linear`, `cubicPaced` as
    /// `paced`).
    public let mode: CalculationMode
    /// The progress at which each keyframe is reached: the validated key times (given, or
    /// even: `i / s` for linear and cubic, `i / (s + 1)` for discrete); for the paced modes
    /// the cumulative arc-length fractions (a zero-length segment repeats one). Empty when
    /// there are no keyframes, and in the paced modes when the path's length is zero or not
    /// finite.
    public let keyTimes: [Double]
    /// Whether the given `keyTimes` passed validation for `keyframeCount` keyframes (read
    /// as linear's in `cubic`; never in the paced modes).
    public let keyTimesUsed: Bool
    /// The per-segment timing functions in use (T1): exactly one per segment, in `linear`
    /// and `cubic` only.
    let timingFunctions: [TimingFunction]?
    /// The path's segments (R1).
    let segments: [PathSegment]
    /// The paced modes' arc-length table of the whole path, measured once.
    let table: PathArcLengthTable?

    /// The keyframes of `path` in `mode`. `keyTimes` and `timingFunctions` are validated as
    /// for values (an invalid array is ignored as a whole, K4, T1), with `keyframeCount`
    /// keyframes. Cost: one pass over the path; the paced modes also measure it.
    public init(
        path: Path, mode: CalculationMode = .linear, keyTimes: [Double]? = nil,
        timingFunctions: [TimingFunction]? = nil
    ) {
        self.path = path
        self.mode = mode
        // The lookup on a path: cubic is linear (R2), cubicPaced is paced (R3).
        let lookup: CalculationMode =
            switch mode {
            case .cubic: .linear
            case .cubicPaced: .paced
            default: mode
            }
        let table = lookup == .paced ? PathArcLengthTable(path) : nil
        let segments = table?.segments ?? path.segments
        let count = segments.isEmpty ? 0 : segments.count + 1
        self.table = table
        self.segments = segments
        self.keyTimesUsed = keyTimes.map { KeyTimes.isValid($0, count: count, mode: lookup) } ?? false
        self.timingFunctions = KeyTimes.segmentTimingFunctions(timingFunctions, count: count, mode: lookup)
        if let table {
            let length = table.length
            self.keyTimes =
                length > 0 && length.isFinite
                ? [0] + segments.indices.map { table.distance(toEndOfSegment: $0)! / length } : []
        } else {
            self.keyTimes = KeyTimes.validated(keyTimes, count: count, mode: lookup)
        }
    }

    /// The number of keyframes: the path's segments + 1; 0 when the path has no line or
    /// curve (then it gives no value).
    public var keyframeCount: Int { segments.isEmpty ? 0 : segments.count + 1 }

    /// Whether the given `timingFunctions` are used (T1: one per segment, linear and cubic).
    public var timingFunctionsUsed: Bool { timingFunctions != nil }

    /// The point at `progress` (clamped to 0…1, NaN reading as 0); `nil` when there are no
    /// keyframes. See the type's documentation for the rules.
    public func point(at progress: Double) -> Point? {
        sample(at: progress, rotationMode: nil)?.point
    }

    /// The point at `progress` (clamped to 0…1, NaN reading as 0) and, when `rotationMode`
    /// is not `nil`, the rotation in radians: `auto`, the angle `atan2(dy, dx)` of the
    /// direction of travel, in (−π, π] (an angle that rounds to −π, from a `dy` of −0 or
    /// below about 1e-16 of `dx`, reads π); `autoReverse`, that + π, in (0, 2π]. `nil` when
    /// there are no keyframes. The rules for corners, ends and degenerate tangents are the
    /// type's (R5, R6).
    public func sample(at progress: Double, rotationMode: RotationMode?) -> (point: Point, rotation: Double?)? {
        guard let location = location(at: progress) else { return nil }
        let segment = segments[location.segmentIndex]
        let point = segment.point(at: location.t)
        guard let rotationMode else { return (point, nil) }
        // The limit direction where B′ vanishes (backward at t = 1); a point has none: 0.
        let direction = segment.tangent(at: location.t)
        var angle = direction == .zero ? 0 : atan2(direction.y, direction.x)
        // A heading along −x whose y is −0 or rounds away reads −π: the same angle as π.
        if angle <= -.pi { angle = .pi }
        return (point, rotationMode == .autoReverse ? angle + .pi : angle)
    }

    /// The segment and Bézier parameter that `progress` shows, or `nil` with no keyframes.
    /// `t = 1` only where the direction is the arriving one (a discrete keyframe after the
    /// first, the path's end, or a segment timing function that lands on 1).
    func location(at progress: Double) -> PathLocation? {
        guard !segments.isEmpty else { return nil }
        let p = KeyTimes.clamped(progress)
        switch mode {
        case .discrete:
            let j = KeyTimes.lastIndex(atOrBefore: p, in: keyTimes, upTo: segments.count)
            return j == 0 ? PathLocation(segmentIndex: 0, t: 0) : PathLocation(segmentIndex: j - 1, t: 1)
        case .paced, .cubicPaced:
            return pacedLocation(at: p)
        case .linear, .cubic:
            let (i, u) = KeyTimes.segment(of: p, in: keyTimes)
            return PathLocation(segmentIndex: i, t: timingFunctions?[i].progress(at: u) ?? u)
        }
    }

    /// The location at distance `p · length` (R3, R6), `p` in 0…1. The table answers the
    /// earlier segment (`t = 1`) on a boundary and segment 0 at distance 0; R6 wants the
    /// start of the next segment with a length instead, except at the path's end.
    func pacedLocation(at p: Double) -> PathLocation? {
        guard let table, table.length > 0, table.length.isFinite else {
            return PathLocation(segmentIndex: 0, t: 0)  // zero or non-finite length: the first point
        }
        let distance = p * table.length
        guard let location = table.location(atDistance: distance) else { return nil }
        guard distance < table.length, location.t == 1 || distance == 0 else { return location }
        var next = location.segmentIndex
        while let end = table.distance(toEndOfSegment: next), end <= distance { next += 1 }
        return next == location.segmentIndex ? location : PathLocation(segmentIndex: next, t: 0)
    }
}
