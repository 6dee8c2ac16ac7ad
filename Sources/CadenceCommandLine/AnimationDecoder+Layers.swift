import Cadence

/// The key paths of a scene layer's animations: each property animation names a layer
/// property (`opacity`, `position`, `transform`) or a structure field of one
/// (`position.x`, `transform.rotation.z`), and the property table gives its kind.
extension AnimationDecoder {
    /// The kind of `keyPath` on a layer. Throws at `path` for a key path that is not a
    /// layer property (with the nearest one as a suggestion), a field the property does
    /// not have, and the properties that animate only discretely (`hidden`, `contents`).
    func layerKind(of keyPath: String, at path: JSONPath) throws -> ValueKind {
        if let kind = LayerKeyPaths.kind(of: keyPath) {
            guard kind.valueType != nil else {
                throw InputError(at: path, in: source, "\"\(keyPath)\" takes \(kind.rawValue) values, which scenes do not animate")
            }
            return kind
        }
        let (property, field) = keyPath.firstIndex(of: ".").map {
            (String(keyPath[..<$0]), String(keyPath[keyPath.index(after: $0)...]))
        } ?? (keyPath, "")
        if let kind = LayerKeyPaths.properties[property], !field.isEmpty {
            throw InputError(at: path, in: source, ValueKind.fieldMessage(field, of: property, kind: kind))
        }
        var message = "\"\(keyPath)\" is not an animatable layer property"
        if let suggestion = JSONObjectReader.closest(to: property, in: LayerKeyPaths.properties.keys.sorted()) {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        throw InputError(at: path, in: source, message)
    }
}
