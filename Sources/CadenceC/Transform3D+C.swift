import CCadence
import Cadence

extension Transform3D {
    /// The transform in the 16 doubles at `fields` (field order m11 … m44).
    init(fields m: UnsafePointer<Double>) {
        self.init(
            rows: SIMD4(m[0], m[1], m[2], m[3]), SIMD4(m[4], m[5], m[6], m[7]),
            SIMD4(m[8], m[9], m[10], m[11]), SIMD4(m[12], m[13], m[14], m[15]))
    }

    /// Writes the 16 fields to `out`.
    func write(to out: UnsafeMutablePointer<Double>) {
        func store(_ row: SIMD4<Double>, at index: Int) {
            for column in 0..<4 { out[index + column] = row[column] }
        }
        store(r1, at: 0)
        store(r2, at: 4)
        store(r3, at: 8)
        store(r4, at: 12)
    }
}

extension APICall {
    /// The matrix at `fields`, or a failure when it is NULL.
    func matrix(_ fields: UnsafePointer<Double>?, _ name: String) throws(APIFailure) -> Transform3D {
        Transform3D(fields: try required(fields, name))
    }

    /// Writes `transform` to `out`, or fails when `out` is NULL.
    func write(_ transform: Transform3D, to out: UnsafeMutablePointer<Double>?) throws(APIFailure) {
        transform.write(to: try required(out, "out"))
    }
}

@c @implementation
public func cadence_transform_identity(_ out: UnsafeMutablePointer<Double>?) -> cadence_status {
    APICall.run("cadence_transform_identity") { call in try call.write(.identity, to: out) }
}

/// The call `name`: the transform `make` builds from three numbers (none NaN, named
/// `names`), written to `out`.
private func make(
    _ name: String, _ numbers: (Double, Double, Double), _ names: (String, String, String),
    _ out: UnsafeMutablePointer<Double>?, _ make: (Double, Double, Double) -> Transform3D
) -> cadence_status {
    APICall.run(name) { call in
        let (a, b, c) = (try call.number(numbers.0, names.0), try call.number(numbers.1, names.1), try call.number(numbers.2, names.2))
        try call.write(make(a, b, c), to: out)
    }
}

@c @implementation
public func cadence_transform_make_translation(
    _ tx: Double, _ ty: Double, _ tz: Double, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    make("cadence_transform_make_translation", (tx, ty, tz), ("tx", "ty", "tz"), out) { Transform3D(translationX: $0, y: $1, z: $2) }
}

@c @implementation
public func cadence_transform_make_scale(
    _ sx: Double, _ sy: Double, _ sz: Double, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    make("cadence_transform_make_scale", (sx, sy, sz), ("sx", "sy", "sz"), out) { Transform3D(scaleX: $0, y: $1, z: $2) }
}

@c @implementation
public func cadence_transform_make_rotation(
    _ angle: Double, _ x: Double, _ y: Double, _ z: Double, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_transform_make_rotation") { call in
        let angle = try call.number(angle, "angle")
        let (x, y, z) = (try call.number(x, "x"), try call.number(y, "y"), try call.number(z, "z"))
        try call.write(Transform3D(rotationAngle: angle, x: x, y: y, z: z), to: out)
    }
}

@c @implementation
public func cadence_transform_concat(
    _ a: UnsafePointer<Double>?, _ b: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_transform_concat") { call in
        try call.write(try call.matrix(a, "a").concatenating(try call.matrix(b, "b")), to: out)
    }
}

@c @implementation
public func cadence_transform_invert(
    _ m: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<Double>?, _ invertible: UnsafeMutablePointer<Bool>?
) -> cadence_status {
    APICall.run("cadence_transform_invert") { call in
        let matrix = try call.matrix(m, "m")
        let invertible = try call.required(invertible, "invertible")
        let inverse = matrix.inverse
        try call.write(inverse ?? matrix, to: out)
        invertible.pointee = inverse != nil
    }
}

@c @implementation
public func cadence_transform_interpolate(
    _ a: UnsafePointer<Double>?, _ b: UnsafePointer<Double>?, _ t: Double, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_transform_interpolate") { call in
        let (from, to) = (try call.matrix(a, "a"), try call.matrix(b, "b"))
        try call.write(from.interpolated(to: to, try call.number(t, "t")), to: out)
    }
}

extension cadence_decomposed_transform {
    init(_ d: DecomposedTransform) {
        self.init(
            scale: (d.scale.x, d.scale.y, d.scale.z), shear: (d.shear.x, d.shear.y, d.shear.z),
            rotation: (d.rotation.x, d.rotation.y, d.rotation.z, d.rotation.w),
            translation: (d.translation.x, d.translation.y, d.translation.z),
            perspective: (d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w), m44: d.m44)
    }

    var decomposed: DecomposedTransform {
        DecomposedTransform(
            scale: SIMD3(scale.0, scale.1, scale.2), shear: SIMD3(shear.0, shear.1, shear.2),
            rotation: Quaternion(x: rotation.0, y: rotation.1, z: rotation.2, w: rotation.3),
            translation: SIMD3(translation.0, translation.1, translation.2),
            perspective: SIMD4(perspective.0, perspective.1, perspective.2, perspective.3), m44: m44)
    }
}

@c @implementation
public func cadence_transform_decompose(
    _ m: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<cadence_decomposed_transform>?,
    _ decomposable: UnsafeMutablePointer<Bool>?
) -> cadence_status {
    APICall.run("cadence_transform_decompose") { call in
        let matrix = try call.matrix(m, "m")
        let out = try call.required(out, "out")
        let decomposable = try call.required(decomposable, "decomposable")
        let parts = matrix.decomposed
        out.pointee = cadence_decomposed_transform(parts ?? .identity)
        decomposable.pointee = parts != nil
    }
}

@c @implementation
public func cadence_transform_recompose(
    _ parts: UnsafePointer<cadence_decomposed_transform>?, _ out: UnsafeMutablePointer<Double>?
) -> cadence_status {
    APICall.run("cadence_transform_recompose") { call in
        try call.write(try call.required(parts, "parts").pointee.decomposed.recomposed, to: out)
    }
}
