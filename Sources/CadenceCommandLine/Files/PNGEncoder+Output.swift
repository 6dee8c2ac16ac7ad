import Cadence
import CadenceScene

extension PNGEncoder {
    /// The PNG bytes of `bitmap` at `level` (checked by the caller) for an output file; a
    /// failure (zlib refusing to compress) is an `InternalError`, not the input's fault.
    static func output(_ bitmap: Bitmap, level: Int = fastLevel) throws -> [UInt8] {
        do {
            return try encode(bitmap, level: level)
        } catch {
            throw InternalError(message: "PNG encoding failed: \(error)")
        }
    }
}
