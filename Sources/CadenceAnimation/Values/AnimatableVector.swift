/// A small fixed-size vector of up to 16 numbers, for animating anything not covered by
/// the types above (the command line's values of unknown key paths). Vectors of different
/// lengths combine over the shorter length (the longer's extra components are dropped).
public struct AnimatableVector: AnimatableValue, Hashable {
    public static let capacity = 16
    public private(set) var count: Int
    @usableFromInline var storage: SIMD16<Double>

    /// A vector of the given numbers; more than 16 are truncated to 16.
    public init(_ values: [Double]) {
        count = Swift.min(values.count, AnimatableVector.capacity)
        storage = .zero
        for i in 0..<count { storage[i] = values[i] }
    }

    init(count: Int, storage: SIMD16<Double>) {
        self.count = count
        var masked = SIMD16<Double>.zero
        for i in 0..<count { masked[i] = storage[i] }
        self.storage = masked
    }

    public var values: [Double] { (0..<count).map { storage[$0] } }

    public static func interpolate(_ a: AnimatableVector, _ b: AnimatableVector, _ t: Double) -> AnimatableVector {
        AnimatableVector(count: Swift.min(a.count, b.count), storage: a.storage + (b.storage - a.storage) * t)
    }
    public func adding(_ other: AnimatableVector) -> AnimatableVector {
        AnimatableVector(count: Swift.min(count, other.count), storage: storage + other.storage)
    }
    public static func additiveIdentity(like value: AnimatableVector) -> AnimatableVector {
        AnimatableVector(count: value.count, storage: .zero)
    }
    public func subtracting(_ other: AnimatableVector) -> AnimatableVector {
        AnimatableVector(count: Swift.min(count, other.count), storage: storage - other.storage)
    }
    public func multiplied(byCount n: Int) -> AnimatableVector {
        AnimatableVector(count: count, storage: storage * Double(n))
    }
    public func distance(to other: AnimatableVector) -> Double {
        let d = AnimatableVector(count: Swift.min(count, other.count), storage: other.storage - storage).storage
        return (d * d).sum().squareRoot()
    }
}
