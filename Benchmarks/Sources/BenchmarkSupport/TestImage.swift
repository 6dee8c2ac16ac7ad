import CadenceCompositor
import CadencePixels

/// A `width × height` premultiplied RGBA bitmap, the same every run: a colour gradient whose
/// hue depends on `seed`, diagonal stripes 16 pixels wide, and a disk at alpha 0.55 (so the
/// blend takes both its opaque and its translucent paths).
public func makeTestBitmap(width: Int, height: Int, seed: UInt64) -> Bitmap {
    var generator = SplitMix64(seed: seed)
    let base = SIMD3<Double>(.random(in: 0.1..<0.6, using: &generator), .random(in: 0.1..<0.6, using: &generator),
                             .random(in: 0.1..<0.6, using: &generator))
    var bitmap = try! Bitmap(width: width, height: height)
    let (cx, cy, r) = (Double(width) * 0.62, Double(height) * 0.4, 0.3 * Double(min(width, height)))
    for y in 0..<height {
        for x in 0..<width {
            let (fx, fy) = (Double(x) / Double(width), Double(y) / Double(height))
            let stripe = (x + y) / 16 % 2 == 0 ? 0.25 : 0.0
            let rgb = base + SIMD3(0.4 * fx, 0.4 * fy, stripe)
            let (dx, dy) = (Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
            let alpha = dx * dx + dy * dy < r * r ? 0.55 : 1.0
            let i = y * bitmap.bytesPerRow + 4 * x
            for c in 0..<3 { bitmap.pixels[i + c] = UInt8((min(rgb[c], 1) * alpha * 255).rounded()) }
            bitmap.pixels[i + 3] = UInt8((alpha * 255).rounded())
        }
    }
    return bitmap
}
