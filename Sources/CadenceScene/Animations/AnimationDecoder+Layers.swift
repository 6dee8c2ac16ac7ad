import CadenceLayers
import CadenceAnimation

/// The key paths of a scene layer's animations: each property animation names a layer
/// property (`opacity`, `position`, `transform`) or a structure field of one
/// (`position.x`, `transform.rotation.z`), and the property table gives its kind.
extension AnimationDecoder {
    /// The kind of `keyPath` on a layer. Throws at `path` for a key path that is not a
    /// layer property (with the nearest one as a suggestion), a field the property does
    /// not have, and the properties that animate only discretely (`hidden`, `contents`).
    func layerKind(of keyPath: String, at path: JSONPath) throws -> ValueKind {
        if let kind = try ValueKind.of(keyPath: keyPath, at: path, source: source, refusal: "scenes do not animate") { return kind }
        let property = KeyPathValue.split(keyPath).head
        var message = "\(MessageText.quoted(keyPath)) is not an animatable layer property"
        if let suggestion = JSONObjectReader.closest(to: property, in: LayerKeyPaths.properties.keys.sorted()) {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        throw InputError(at: path, in: source, message)
    }
}
