import CadenceAnimation

// Key-value coding (Core Animation's extensions): properties by name, their structure
// fields by dotted key path ("position.x", "bounds.size.width", "transform.rotation.z"),
// and arbitrary extra keys — a layer is a key-value coding compliant container.

extension Layer {
    /// The value at `keyPath`, or `nil` when there is none.
    ///
    /// - A property (`"opacity"`, `"hidden"`, `"frame"`, `"speed"`, …; see `LayerKey`), or
    ///   one of its structure fields (`KeyPathValue.value(atField:)`): `"position.x"`,
    ///   `"bounds.size"`, `"transform.rotation.z"`, `"transform.translation"`. A field the
    ///   property does not have reads `nil`. A colour property with no colour reads `nil`.
    /// - The string-valued properties (`contentsGravity`, `magnificationFilter`,
    ///   `minificationFilter`, `fillMode`, `name`) read their names as `.string`
    ///   (`LayerNameKey`: an unknown name is kept as given).
    /// - `path`, `colors` and `locations` read a `.path`, `.colorList` and `.numberList`
    ///   (`LayerListKey`: an absent value as an empty one); they have no fields.
    /// - Properties `KeyPathValue` cannot carry (`contents`, `mask`, …) read `nil`.
    /// - Any other key reads the extra value stored under it (or a field of it), else the
    ///   style's value for it, else `nil`.
    public func value(forKeyPath keyPath: String) -> KeyPathValue? {
        let (head, field) = KeyPathValue.split(keyPath)
        if let key = LayerKey.byName[head] {
            return key.read(self)?.value(atField: field)
        }
        if let key = LayerNameKey.named(head) { return key.read(self)?.value(atField: field) }
        if let key = LayerListKey(rawValue: head) { return field.isEmpty ? key.read(self) : nil }
        if LayerKey.notKeyValueCodable.contains(head) { return nil }
        let extra = storage.extraValues[head] ?? storage.style?.value(forKey: head)
        return extra?.value(atField: field)
    }

    /// Writes `value` at `keyPath`.
    ///
    /// - A property or one of its fields: the property is read, the field replaced
    ///   (`KeyPathValue.setting(field:to:)`) and the property written through its typed
    ///   setter, so `"frame"` moves `position` and `"transform.rotation.z"` recomposes the
    ///   transform. `nil` is accepted only by the colour properties (no colour).
    /// - A string-valued property: a `.string` (a known name sets the typed property, an
    ///   unknown one is kept and acts as the default; `LayerNameKey`), or `nil` for the
    ///   default (no name, for `name`).
    /// - `path`, `colors`, `locations`: a `.path`, `.colorList` or `.numberList` (empty or
    ///   `nil`: no value), through the property's setter (`LayerListKey`).
    /// - Any other key: `value` is stored under it (`nil` removes it). A field of an extra
    ///   key (`"origin.x"` of a stored rectangle) is written like a property's field.
    ///
    /// Throws (and changes nothing): `LayerError.unknownKeyPath` for a field that does not
    /// exist (`"position.z"`, or a field of an extra key that holds nothing);
    /// `LayerError.kindMismatch` for a value of the wrong kind; `LayerError.nonFinite` for
    /// a non-finite number in a layer property (media-timing fields take any number);
    /// `LayerError.notKeyValueCodable` for `contents`, `mask` and the other
    /// properties `KeyPathValue` cannot carry.
    ///
    /// A key in `needsDisplayKeys` whose value the write changes marks the layer as needing
    /// display.
    public func setValue(_ value: KeyPathValue?, forKeyPath keyPath: String) throws(LayerError) {
        guard needsDisplay(forKey: keyPath) else { return try write(value, atKeyPath: keyPath) }
        let head = KeyPathValue.split(keyPath).head
        let before = self.value(forKeyPath: head)
        try write(value, atKeyPath: keyPath)
        if self.value(forKeyPath: head) != before { setNeedsDisplay() }
    }

    /// `setValue(_:forKeyPath:)` without the display mark.
    private func write(_ value: KeyPathValue?, atKeyPath keyPath: String) throws(LayerError) {
        let (head, field) = KeyPathValue.split(keyPath)
        if let key = LayerKey.byName[head] {
            let whole = try Self.replacingField(field, of: key.read(self), with: value, keyPath: keyPath)
            do {
                try key.write(self, whole)
            } catch {
                switch error {
                case .kindMismatch(let expected):
                    throw .kindMismatch(keyPath: keyPath, expected: expected, found: whole?.kind)
                case .nonFinite:
                    throw .nonFinite(keyPath: keyPath)
                }
            }
            return
        }
        if let key = LayerNameKey.named(head) {
            guard field.isEmpty else { throw .unknownKeyPath(keyPath) }
            do {
                try key.write(self, value)
            } catch {
                throw .kindMismatch(keyPath: keyPath, expected: .string, found: value?.kind)
            }
            return
        }
        if let key = LayerListKey(rawValue: head) {
            guard field.isEmpty else { throw .unknownKeyPath(keyPath) }
            do {
                try key.write(self, value)
            } catch {
                switch error {
                case .kindMismatch: throw .kindMismatch(keyPath: keyPath, expected: key.kind, found: value?.kind)
                case .nonFinite: throw .nonFinite(keyPath: keyPath)
                }
            }
            return
        }
        guard !LayerKey.notKeyValueCodable.contains(head) else { throw .notKeyValueCodable(keyPath) }
        if field.isEmpty {
            storage.extraValues[head] = value
            return
        }
        let current = storage.extraValues[head] ?? storage.style?.value(forKey: head)
        guard let current else { throw .unknownKeyPath(keyPath) }
        storage.extraValues[head] = try Self.replacingField(field, of: current, with: value, keyPath: keyPath)
    }

    /// Core Animation's default for the property `key` (`defaultValueForKey:`): the value
    /// a new layer reads, as a `KeyPathValue` — (0.5, 0.5) for `"anchorPoint"`, 1 for
    /// `"opacity"`, the identity for `"transform"`, (0, −3) for `"shadowOffset"`, +∞ for
    /// `"duration"`, `"removed"` for `"fillMode"`, `"resize"` for `"contentsGravity"`, an
    /// empty path or list for `"path"`, `"colors"` and `"locations"` (Core Animation's `nil`,
    /// as key-value coding carries it: `LayerListKey`).
    /// `nil` for `"bounds"`, `"position"` and `"frame"` (Core Animation has no default
    /// object for them, although a new layer's are zero), for a colour property whose
    /// default is no colour, for `"name"`, for properties `KeyPathValue` cannot carry, and
    /// for keys that are not properties (Apple: undefined).
    ///
    /// `Layer` is final, so these defaults are fixed; a property never assigned and not in
    /// the style reads its default (the three geometry keys: zero).
    public static func defaultValue(forKey key: String) -> KeyPathValue? {
        if noDefaultObject.contains(key) { return nil }
        if let nameKey = LayerNameKey.named(key) { return nameKey.read(Layer()) }
        if let listKey = LayerListKey(rawValue: key) { return listKey.read(Layer()) }
        guard let key = LayerKey.byName[key] else { return nil }
        return key.read(Layer())
    }

    /// The keys Core Animation's `defaultValueForKey:` answers `nil` for although a new
    /// layer reads zero.
    static let noDefaultObject: Set<String> = ["bounds", "position", "frame"]

    // MARK: Helpers

    /// `whole` with its structure field `field` replaced by `value` (the whole value when
    /// `field` is empty).
    private static func replacingField(
        _ field: String, of whole: KeyPathValue?, with value: KeyPathValue?, keyPath: String
    ) throws(LayerError) -> KeyPathValue? {
        guard !field.isEmpty else { return value }
        guard let fieldValue = whole?.value(atField: field) else { throw .unknownKeyPath(keyPath) }
        guard let value, let result = whole?.setting(field: field, to: value) else {
            throw .kindMismatch(keyPath: keyPath, expected: fieldValue.kind, found: value?.kind)
        }
        return result
    }
}
