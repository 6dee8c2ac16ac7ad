import CadenceLayers
import CadenceAnimation
import CadenceGeometry

/// Which kind of value a request's key path takes: from the layer property table
/// (`LayerKeyPaths`) for the key paths Cadence knows, from the shape of the model value
/// for any other.
extension ValueKind {
    /// The Swift type that carries values of this kind; `nil` for the kinds requests do
    /// not animate (Booleans and the discrete properties).
    var valueType: (any JSONAnimatableValue.Type)? {
        switch self {
        case .scalar: return Double.self
        case .point: return Point.self
        case .size: return Size.self
        case .rect: return Rect.self
        case .color: return Color.self
        case .transform: return Transform3D.self
        case .path: return Path.self
        case .colorList: return [Color].self
        case .numberList: return [Double].self
        case .boolean, .string, .discrete: return nil
        }
    }

    /// The kind a value of this JSON shape has when the key path does not say: a number is
    /// a scalar, an array of 2 a point, of 4 a rect, of 16 a transform (its elements are
    /// checked when the value is read); `nil` for anything else.
    static func ofShape(_ json: JSONValue) -> ValueKind? {
        switch json {
        case .number: return .scalar
        case .array(let elements):
            switch elements.count {
            case 2: return .point
            case 4: return .rect
            case 16: return .transform
            default: return nil
            }
        default: return nil
        }
    }

    /// The kind of `keyPath` when Cadence knows it (a layer property or a structure field
    /// of one), `nil` when it does not. Throws at `path` for a key path with an empty
    /// component (`position.`, `.x`, `a..b`: key-value coding has no empty key), for a key
    /// path of a known property whose field does not exist (`position.z`, with the nearest
    /// field as a suggestion) and for properties requests cannot animate (`hidden`,
    /// `contents`). `refusal` ends the message for a discrete property ("cadence sample does
    /// not animate", "scenes do not animate").
    static func of(
        keyPath: String, at path: JSONPath, source: String, refusal: String = "cadence sample does not animate"
    ) throws -> ValueKind? {
        try checkComponents(of: keyPath, at: path, source: source)
        if let kind = LayerKeyPaths.kind(of: keyPath) {
            guard kind.valueType != nil else {
                throw InputError(at: path, in: source, "\(MessageText.quoted(keyPath)) takes \(kind.rawValue) values, which \(refusal)")
            }
            return kind
        }
        let (property, field) = KeyPathValue.split(keyPath)
        guard !field.isEmpty, let kind = LayerKeyPaths.properties[property] else { return nil }
        throw InputError(at: path, in: source, fieldMessage(field, of: property, kind: kind))
    }

    /// Throws at `path` when `keyPath` has an empty component: a leading, trailing or
    /// doubled dot.
    static func checkComponents(of keyPath: String, at path: JSONPath, source: String) throws {
        guard keyPath.utf8.first == UInt8(ascii: ".") || keyPath.utf8.last == UInt8(ascii: ".")
            || keyPath.contains("..")
        else { return }
        throw InputError(at: path, in: source, "\(MessageText.quoted(keyPath)) has an empty component (names are joined by single dots)")
    }

    /// Why `field` is not a structure field of `property`, a value of `kind`: the nearest
    /// field as a suggestion (for fields longer than a letter), or the list of fields.
    static func fieldMessage(_ field: String, of property: String, kind: ValueKind) -> String {
        let fields = (LayerKeyPaths.structureFields[kind] ?? [:]).keys.sorted()
        let described = "\"\(property)\" (a \(kind.rawValue))"
        guard !fields.isEmpty else { return "\(described) has no fields" }
        if field.count > 1, let suggestion = JSONObjectReader.closest(to: field, in: fields) {
            return "\(described) has no field \(MessageText.quoted(field)) (did you mean \"\(property).\(suggestion)\"?)"
        }
        return "\(described) has no field \(MessageText.quoted(field)) (expected \(JSONObjectReader.list(fields)))"
    }
}
