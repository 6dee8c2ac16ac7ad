/// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320 reflected), so the PNG target
/// can repair the checksums of mutated chunks and reach the code behind them.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// `file` with the CRC of every whole chunk after the 8-byte signature recomputed;
    /// stops at the first chunk that does not fit.
    public static func repairingChunks(_ file: [UInt8]) -> [UInt8] {
        var bytes = file
        var offset = 8
        while bytes.count - offset >= 12 {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { break }
            let crc = checksum(bytes[(offset + 4)..<(offset + 8 + length)])
            let end = offset + 8 + length
            bytes[end] = UInt8(crc >> 24)
            bytes[end + 1] = UInt8(crc >> 16 & 0xFF)
            bytes[end + 2] = UInt8(crc >> 8 & 0xFF)
            bytes[end + 3] = UInt8(crc & 0xFF)
            offset = end + 4
        }
        return bytes
    }
}
