import BenchmarkShim
import CadenceGeometry

// The loops every measurement runs: Google Benchmark's batches and the instruction counts
// alike. Each is `@inline(__always)`, so the body is inlined into the loop: no closure call
// per iteration. Iteration `k` reads input `k mod count` (a seeded table: nothing to
// constant-fold) and folds the result's bits into a sink handed to an opaque C function once
// at the end (nothing to delete).

/// Runs a batch of `n` iterations: iteration `k` calls `body` with input `k mod count`
/// and folds the result's bits into a sink that is consumed once at the end.
@inlinable @inline(__always)
public func walk(_ n: Int64, through inputs: Inputs, _ body: (Double) -> UInt64) {
    let base = inputs.base
    let mask = inputs.mask
    var sink: UInt64 = 0
    for k in 0..<Int(n) {
        sink ^= body(base[k & mask])
    }
    cadence_benchmark_consume(sink)
}

/// One lane: `walk` over table indices rather than over doubles.
@inlinable @inline(__always)
public func walk1(_ n: Int64, count: Int, _ body: (Int) -> UInt64) {
    let mask = count - 1
    var sink: UInt64 = 0
    for k in 0..<Int(n) {
        sink ^= body(k & mask)
    }
    cadence_benchmark_consume(sink)
}

/// Runs a batch of `n` iterations: iteration `k` calls `body(k mod count)` and xors the
/// 4 lanes it returns into a sink consumed once at the end (as `walk` does with one lane).
/// Four lanes so a transform's four rows fold in with three vector `xor`s and no shuffle;
/// the Eigen baseline folds its four columns the same way.
@inlinable @inline(__always)
public func walk4(_ n: Int64, count: Int, _ body: (Int) -> SIMD4<UInt64>) {
    let mask = count - 1
    var sink = SIMD4<UInt64>.zero
    for k in 0..<Int(n) {
        sink ^= body(k & mask)
    }
    cadence_benchmark_consume(sink[0] ^ sink[1] ^ sink[2] ^ sink[3])
}

// MARK: - Digests: a result's bits, for the sink

@inlinable @inline(__always)
public func bits(_ v: SIMD4<Double>) -> SIMD4<UInt64> { unsafeBitCast(v, to: SIMD4<UInt64>.self) }

/// Both coordinates of a point, folded into 64 bits.
@inlinable @inline(__always)
public func digest(_ p: Point) -> UInt64 { p.x.bitPattern ^ (p.y.bitPattern &* 3) }

/// Every field of a transform, folded into 4 lanes.
@inlinable @inline(__always)
public func digest(_ m: Transform3D) -> SIMD4<UInt64> {
    bits(m.r1) ^ bits(m.r2) ^ bits(m.r3) ^ bits(m.r4)
}

/// Every parameter of a decomposition, folded into 4 lanes.
@inlinable @inline(__always)
public func digest(_ d: DecomposedTransform) -> SIMD4<UInt64> {
    bits(d.rotation.vector) ^ bits(d.perspective) ^ bits(SIMD4(d.scale, d.m44))
        ^ bits(SIMD4(d.shear, 0)) ^ bits(SIMD4(d.translation, 0))
}
