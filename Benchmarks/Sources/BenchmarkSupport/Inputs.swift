import CadenceGeometry

/// A power-of-two count of doubles, allocated once and never freed (the benchmarks
/// read them until the process exits).
public struct Inputs: @unchecked Sendable {
    public let base: UnsafeMutablePointer<Double>
    public let count: Int
    @inlinable public var mask: Int { count - 1 }
    @inlinable public var buffer: UnsafeBufferPointer<Double> { UnsafeBufferPointer(start: base, count: count) }

    /// `count` uniform values in `range`, from a seeded generator (the same every run).
    public init(count: Int = 4096, in range: Range<Double>, seed: UInt64) {
        precondition(count > 0 && count & (count - 1) == 0, "count must be a power of two")
        var generator = SplitMix64(seed: seed)
        base = .allocate(capacity: count)
        for i in 0..<count {
            base[i] = Double.random(in: range, using: &generator)
        }
        self.count = count
    }
}

/// `count` (a power of two) values made once at registration and never freed: the
/// benchmarks read them until the process exits.
public struct Table<Element>: @unchecked Sendable {
    public let base: UnsafeMutablePointer<Element>
    public let count: Int
    @inlinable public var mask: Int { count - 1 }

    public init(count: Int = 4096, _ make: (Int) -> Element) {
        precondition(count > 0 && count & (count - 1) == 0, "count must be a power of two")
        base = .allocate(capacity: count)
        for i in 0..<count { (base + i).initialize(to: make(i)) }
        self.count = count
    }

    @inlinable public subscript(i: Int) -> Element { base[i] }

    /// The 16 fields of every transform, in field order, for the C++ side.
    public func fields() -> [Double] where Element == Transform3D {
        (0..<count).flatMap { base[$0].fields }
    }
}
