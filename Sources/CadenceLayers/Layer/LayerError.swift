import CadenceAnimation

/// Why a change to a layer tree or a key-value write was refused. Each case names the
/// layers (by `name`, or "an unnamed layer") or the key path involved.
public enum LayerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Adding `layer` under `superlayer` would make a layer its own ancestor: `layer` is
    /// `superlayer` itself or one of its ancestors.
    case cycle(layer: String, superlayer: String)
    /// `layer` is not a sublayer of `superlayer` (`insertSublayer(_:below:)`,
    /// `insertSublayer(_:above:)`, `replaceSublayer(_:with:)`).
    case notASublayer(layer: String, superlayer: String)
    /// `insertSublayer(_:at:)` with an index outside `0...count`.
    case indexOutOfRange(index: Int, count: Int)
    /// The same layer appears twice in the array given to `setSublayers(_:)`.
    case duplicateSublayer(layer: String)
    /// A key path with no value to write into: a field its property does not have
    /// (`position.z`), or a field of an extra key that holds nothing.
    case unknownKeyPath(String)
    /// A value of the wrong kind for the key path (a point for `opacity`).
    case kindMismatch(keyPath: String, expected: ValueKind, found: ValueKind?)
    /// A non-finite number for a layer property (Core Animation raises
    /// `CALayerInvalidGeometry` for NaN geometry).
    case nonFinite(keyPath: String)
    /// A property `KeyPathValue` cannot carry (`contents`, `mask`, `name`, …): use the
    /// typed property.
    case notKeyValueCodable(String)

    public var description: String {
        switch self {
        case let .cycle(layer, superlayer):
            return "cannot add \(layer) to \(superlayer): the layer would become its own ancestor"
        case let .notASublayer(layer, superlayer):
            return "\(layer) is not a sublayer of \(superlayer)"
        case let .indexOutOfRange(index, count):
            return "sublayer index \(index) is outside 0...\(count)"
        case let .duplicateSublayer(layer):
            return "\(layer) appears more than once in the new sublayers"
        case let .unknownKeyPath(keyPath):
            return "\(keyPath): no such key path"
        case let .kindMismatch(keyPath, expected, found):
            return "\(keyPath): expected a \(expected.rawValue), got \(found.map { "a \($0.rawValue)" } ?? "nil")"
        case let .nonFinite(keyPath):
            return "\(keyPath): the value is not finite"
        case let .notKeyValueCodable(keyPath):
            return "\(keyPath): not reachable by key-value coding; set the typed property"
        }
    }
}
