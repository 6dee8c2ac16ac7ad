import Cadence

extension PNGEncoder {
    /// The PNG bytes of `bitmap` for an output file; a failure (zlib refusing to
    /// compress) is an `InternalError`, not the input's fault.
    static func output(_ bitmap: Bitmap) throws -> [UInt8] {
        do {
            return try encode(bitmap)
        } catch {
            throw InternalError(message: "PNG encoding failed: \(error)")
        }
    }
}
