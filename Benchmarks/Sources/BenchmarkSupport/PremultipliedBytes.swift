import CadenceGeometry

/// A colour premultiplied into bytes as the compositor stores it (rounded to nearest,
/// halves up), for pixman.
public func premultipliedBytes(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
    func byte(_ x: Double) -> UInt8 { UInt8((Float(x * 255) + 0.5).rounded(.down)) }
    return (byte(c.red * c.alpha), byte(c.green * c.alpha), byte(c.blue * c.alpha), byte(c.alpha))
}
