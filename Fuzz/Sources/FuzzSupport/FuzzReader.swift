/// Reads structured choices from fuzz bytes: small integers, picks from a list, and
/// numbers biased towards the edges (0, 1, tiny, huge, a few ulps apart) as the test
/// generators are. Past the end of the bytes every read is 0, so any input is a complete
/// (if short) structure, and a mutation of one byte changes one choice.
public struct FuzzReader {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// A number in `range` (the next byte, folded).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.count)
    }

    /// True one time in `n`.
    public mutating func chance(_ n: Int) -> Bool {
        int(in: 0...(n - 1)) == 0
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...(choices.count - 1))]
    }

    /// The edge values numbers are drawn from most of the time.
    public static let edges: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 3, 0.25, 10, 100, 1e-7, 1 - 1e-7, 1 + 2.2e-16, 1e6, -1e6, 1e15, 1e-300,
        5e-324, 2.2250738585072014e-308, 1e300, -1e300, 9e307, -9e307, 1.7976931348623157e308,
        -1.7976931348623157e308, 0.1, 0.3333333333333333, 6.283185307179586, 1e-12, 7,
    ]

    /// A finite number: an edge value, a small integer, or (one time in four) any finite
    /// double from eight bytes.
    public mutating func number() -> Double {
        switch int(in: 0...7) {
        case 0, 1:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            let value = Double(bitPattern: bits)
            return value.isFinite ? value : 0
        case 2: return Double(int(in: -8...8))
        case 3: return Double(int(in: 0...255)) / 16
        default: return pick(Self.edges)
        }
    }

    /// A number in 0…1 (edges, and fractions of 256).
    public mutating func unit() -> Double {
        chance(3) ? pick([0, 1, 1e-7, 1 - 1e-7, 0.5]) : Double(byte()) / 255
    }
}

/// A number written as JSON text (the shortest form that reads back the same).
public func json(_ value: Double) -> String {
    precondition(value.isFinite)
    if value == value.rounded(.towardZero) && abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
}
