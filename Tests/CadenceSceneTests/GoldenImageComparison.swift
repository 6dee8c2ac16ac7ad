import CadenceImageIO
import CadencePixels
import CadenceCompositor

/// A rendered image compared with its golden under the metric of Reference/README.md,
/// "The metric the Swift tests apply": both premultiplied RGBA8; the mean |difference|
/// of each channel over all pixels at most 1; every channel of every pixel that is not an
/// edge pixel within 8. An edge pixel is one whose 3×3 neighbourhood in the golden (the
/// neighbours inside the image) holds a premultiplied value different from its own.
///
/// The golden is premultiplied as `(c·a + 127) / 255`; `PNGDecoder` rounds `c·a / 255` to
/// nearest, which is the same number (c·a / 255 is never halfway between integers, since
/// 255 is odd).
///
/// Cost: one pass over the pixels, reading 9 golden pixels each.
struct GoldenImageComparison {
    /// The largest mean |difference| allowed in any channel (README: independent
    /// supersampling reaches 0.23).
    static let meanLimit = 1.0
    /// The largest |difference| allowed in any channel of a pixel off the edges.
    static let offEdgeLimit = 8

    /// The mean |rendered − golden| of R, G, B and A over all pixels (0…255).
    var means = SIMD4<Double>.zero
    /// The largest |rendered − golden| in any channel of a pixel off the edges, and where
    /// (`nil` when no off-edge pixel differs).
    var worstOffEdge = 0
    var worstOffEdgePlace: (x: Int, y: Int, rendered: SIMD4<UInt8>, golden: SIMD4<UInt8>)?
    /// The off-edge pixels with a channel over `offEdgeLimit`.
    var offEdgePixelsOverLimit = 0
    /// The edge pixels of the golden.
    var edgePixels = 0

    var largestMean: Double { means.max() }
    var passes: Bool { largestMean <= Self.meanLimit && worstOffEdge <= Self.offEdgeLimit }
    /// How far outside the metric the image is: the larger of the two ratios to their
    /// limits (above 1 fails), for ranking scenes.
    var badness: Double { max(largestMean / Self.meanLimit, Double(worstOffEdge) / Double(Self.offEdgeLimit)) }

    /// With `drawingDiff`, a picture of the differences as `Reference/render/compare.py
    /// --diff` draws it: the largest channel difference ×16 in grey, off-edge pixels over
    /// the limit in red.
    var diff: Bitmap?

    /// Compares `rendered` with `golden`, which must have the same size.
    init(rendered: Bitmap, golden: Bitmap, drawingDiff: Bool = false) {
        precondition(rendered.width == golden.width && rendered.height == golden.height)
        let width = golden.width, height = golden.height
        var sums = SIMD4<Int>.zero
        var diff = drawingDiff ? try? Bitmap(width: width, height: height) : nil
        golden.pixels.withUnsafeBytes { g in
            rendered.pixels.withUnsafeBytes { r in
                func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
                    bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                }
                for y in 0..<height {
                    let rows = max(0, y - 1)...min(height - 1, y + 1)
                    for x in 0..<width {
                        let gi = y * golden.bytesPerRow + 4 * x
                        let ri = y * rendered.bytesPerRow + 4 * x
                        let centre = word(g, gi)
                        var edge = false
                        neighbours: for ny in rows {
                            for nx in max(0, x - 1)...min(width - 1, x + 1)
                            where word(g, ny * golden.bytesPerRow + 4 * nx) != centre {
                                edge = true
                                break neighbours
                            }
                        }
                        if edge { edgePixels += 1 }
                        var largest = 0
                        for k in 0..<4 {
                            let d = abs(Int(r[ri + k]) - Int(g[gi + k]))
                            sums[k] += d
                            largest = max(largest, d)
                        }
                        if !edge {
                            if largest > Self.offEdgeLimit { offEdgePixelsOverLimit += 1 }
                            if largest > worstOffEdge {
                                worstOffEdge = largest
                                worstOffEdgePlace = (x, y, rendered[x, y], golden[x, y])
                            }
                        }
                        if diff != nil {
                            let grey = UInt8(min(255, 16 * largest))
                            diff![x, y] = !edge && largest > Self.offEdgeLimit
                                ? SIMD4(255, 0, 0, 255) : SIMD4(grey, grey, grey, 255)
                        }
                    }
                }
            }
        }
        means = SIMD4<Double>(sums) / Double(width * height)
        self.diff = diff
    }

    /// One line of numbers: the four means, the worst off-edge difference and where.
    var summary: String {
        func format(_ value: Double) -> String { String((value * 100).rounded() / 100) }
        func format(_ pixel: SIMD4<UInt8>) -> String { "(\(pixel[0]), \(pixel[1]), \(pixel[2]), \(pixel[3]))" }
        let meanText = "mean R G B A \(format(means[0])) \(format(means[1])) \(format(means[2])) \(format(means[3]))"
        var text = "\(meanText), worst off-edge \(worstOffEdge)"
        if let place = worstOffEdgePlace {
            text += " at (\(place.x), \(place.y)) rendered \(format(place.rendered)) golden \(format(place.golden))"
        }
        if offEdgePixelsOverLimit > 0 { text += ", \(offEdgePixelsOverLimit) off-edge pixels over \(Self.offEdgeLimit)" }
        return text + ", \(edgePixels) edge pixels"
    }
}
