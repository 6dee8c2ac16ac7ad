/// Which corners of a layer `cornerRadius` rounds (Core Animation's `maskedCorners`, a
/// `CACornerMask`). The corners are named in the layer's own coordinates, as Core
/// Animation names them: `layerMinXMinYCorner` is the corner at the bounds' smallest x
/// and y — the top left on a y-down screen (iOS), the bottom left on a y-up one (macOS).
///
/// The raw values are Core Animation's: `kCALayerMinXMinYCorner` 1, `kCALayerMaxXMinYCorner`
/// 2, `kCALayerMinXMaxYCorner` 4, `kCALayerMaxXMaxYCorner` 8. Default `.all`. Bits past
/// the four corners are dropped.
public struct CornerMask: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt

    /// The four corner bits of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue & 15 }

    /// `kCALayerMinXMinYCorner`.
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    /// `kCALayerMaxXMinYCorner`.
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    /// `kCALayerMinXMaxYCorner`.
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    /// `kCALayerMaxXMaxYCorner`.
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// The four corners (the default).
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

extension CornerMask {
    /// The mask whose raw value is `number` truncated to an integer, its four corner bits
    /// as an unsigned integer's (two's complement for a negative one: −1 is `.all`), as a
    /// number written by key-value coding is read. A non-finite number is the empty mask.
    init(truncating number: Double) {
        guard number.isFinite else {
            self = []
            return
        }
        var low = number.rounded(.towardZero).truncatingRemainder(dividingBy: 16)
        if low < 0 { low += 16 }
        self.init(rawValue: UInt(low))
    }
}
