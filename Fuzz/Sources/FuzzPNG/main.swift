// Fuzz target: the PNG decoder. Each input is decoded as it is and with its chunk CRCs
// repaired (so mutations reach the code behind the checksums). Checked: the header read
// alone (`PNGDecoder.info`) agrees with decoding; a decoded image has the header's size and
// valid premultiplied pixels (colour ≤ alpha), and survives an encode-decode round trip
// unchanged. Images whose decoding would take more than 64 MiB are judged by their header
// only, as the command line's budget does.
import CadenceImageIO
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    decodeAndCheck(bytes)
    if bytes.count > 8 { decodeAndCheck(CRC32.repairingChunks(bytes)) }
    return 0
}

func decodeAndCheck(_ bytes: [UInt8]) {
    let info: PNGDecoder.Info
    do {
        info = try PNGDecoder.info(bytes)
    } catch {
        // A bad header fails decoding too; with the same error when the first chunk has a
        // header's 13 bytes.
        do {
            _ = try PNGDecoder.decode(bytes)
            check(false, "info refused a file that decodes: \(error)")
        } catch let decodeError {
            let headerLength = bytes.count >= 12 && bytes[8..<12].elementsEqual([0, 0, 0, 13])
            check(!headerLength || decodeError == error, "info says \(error), decode says \(decodeError)")
        }
        return
    }
    guard info.decodingPeakBytes(fileSize: bytes.count) <= 64 << 20 else { return }
    guard let bitmap = try? PNGDecoder.decode(bytes) else { return }
    check(bitmap.width == info.width && bitmap.height == info.height, "size \(bitmap.width)×\(bitmap.height) against \(info)")
    check(bitmap.pixels.count == 4 * bitmap.width * bitmap.height, "pixel bytes")
    for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
        let a = bitmap.pixels[i + 3]
        check(bitmap.pixels[i] <= a && bitmap.pixels[i + 1] <= a && bitmap.pixels[i + 2] <= a, "colour over alpha at \(i / 4)")
    }
    guard bitmap.width * bitmap.height <= 1 << 18 else { return }
    do {
        let again = try PNGDecoder.decode(try PNGEncoder.encode(bitmap))
        check(again == bitmap, "the round trip changed the image")
    } catch {
        check(false, "re-encoding failed: \(error)")
    }
}

runFuzzer(fuzzPNG)
