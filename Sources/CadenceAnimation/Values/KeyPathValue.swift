import CadenceGeometry

/// A value of any animatable kind, for key-path access where the kind is known only at run
/// time (key-value coding, the command line). Structure fields of Core Animation's key
/// paths ("Key Path Support for Structure Fields") are read and written through it:
/// `x`/`y` of a point, `width`/`height` of a size, `origin`, `origin.x`, `size`,
/// `size.width`, … of a rect, and the transform components of `Transform3D.Component`
/// plus `translation`.
public enum KeyPathValue: Hashable, Sendable {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case boolean(Bool)
    /// A path (`ShapeLayer.path`; an absent path is carried as an empty one).
    case path(Path)
    /// A list of colours (`GradientLayer.colors`; an absent list is carried as an empty one).
    case colorList([Color])
    /// A list of numbers (`GradientLayer.locations`; an absent list is carried as an empty one).
    case numberList([Double])
    /// A name: the string-valued properties (`fillMode`, `contentsGravity`, the filter
    /// names, `name`), as Core Animation's key-value coding gives them (`NSString`s). Set,
    /// never interpolated.
    case string(String)

    /// The kind of this value.
    public var kind: ValueKind {
        switch self {
        case .scalar: return .scalar
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .transform: return .transform
        case .boolean: return .boolean
        case .path: return .path
        case .colorList: return .colorList
        case .numberList: return .numberList
        case .string: return .string
        }
    }

    /// The structure field `field` (a dotted path inside this value), or `nil` when this
    /// kind has no such field.
    public func value(atField field: String) -> KeyPathValue? {
        if field.isEmpty { return self }
        switch (self, field) {
        case (.point(let p), "x"): return .scalar(p.x)
        case (.point(let p), "y"): return .scalar(p.y)
        case (.size(let s), "width"): return .scalar(s.width)
        case (.size(let s), "height"): return .scalar(s.height)
        case (.rect(let r), _):
            let (head, rest) = Self.split(field)
            switch head {
            case "origin": return KeyPathValue.point(r.origin).value(atField: rest)
            case "size": return KeyPathValue.size(r.size).value(atField: rest)
            default: return nil
            }
        case (.transform(let t), "translation"): return .size(t.translation)
        case (.transform(let t), _):
            guard let component = Transform3D.Component(rawValue: field) else { return nil }
            return .scalar(t.value(of: component))
        default: return nil
        }
    }

    /// This value with the structure field `field` replaced by `newValue`, or `nil` when
    /// the field does not exist or `newValue` is of the wrong kind.
    public func setting(field: String, to newValue: KeyPathValue) -> KeyPathValue? {
        if field.isEmpty { return newValue.kind == kind ? newValue : nil }
        switch (self, field, newValue) {
        case (.point(var p), "x", .scalar(let v)): p.x = v; return .point(p)
        case (.point(var p), "y", .scalar(let v)): p.y = v; return .point(p)
        case (.size(var s), "width", .scalar(let v)): s.width = v; return .size(s)
        case (.size(var s), "height", .scalar(let v)): s.height = v; return .size(s)
        case (.rect(var r), _, _):
            let (head, rest) = Self.split(field)
            switch head {
            case "origin":
                guard case .point(let p)? = KeyPathValue.point(r.origin).setting(field: rest, to: newValue) else { return nil }
                r.origin = p
            case "size":
                guard case .size(let s)? = KeyPathValue.size(r.size).setting(field: rest, to: newValue) else { return nil }
                r.size = s
            default: return nil
            }
            return .rect(r)
        case (.transform(var t), "translation", .size(let s)): t.translation = s; return .transform(t)
        case (.transform(let t), _, .scalar(let v)):
            guard let component = Transform3D.Component(rawValue: field) else { return nil }
            return .transform(t.setting(component, to: v))
        default: return nil
        }
    }

    /// A key path split at its first dot: `"a.b.c"` → `("a", "b.c")`, `"a"` → `("a", "")`.
    /// The head names a property, the rest a structure field of it.
    public static func split(_ keyPath: String) -> (head: String, field: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, "") }
        return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
    }
}
