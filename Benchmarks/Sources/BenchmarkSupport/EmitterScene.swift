import CadenceGeometry
import CadenceLayers
import CadencePixels

// The emitter's 1080p frame (issue 20), drawn by the benchmarks and the interleaved ratios.

/// A 1920 × 1080 frame: an opaque root and a fountain whose one cell keeps 10,000
/// particles alive (5,000 a second for 2 s), each an 8 × 8 soft dot scaled 0.5…1.5, spun
/// and tinted (colour ranges and a fading alpha), falling under gravity.
public func makeEmitterScene() -> [Layer] {
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    var dot = try! Bitmap(width: 8, height: 8)
    for y in 0..<8 {
        for x in 0..<8 {
            let dx = Double(x) - 3.5, dy = Double(y) - 3.5
            let a = UInt8(max(0, min(255, 255 * (1 - (dx * dx + dy * dy).squareRoot() / 4.5))))
            dot[x, y] = SIMD4(a, a, a, a)
        }
    }
    var spark = EmitterCell()
    spark.birthRate = 5000
    spark.lifetime = 2
    spark.velocity = 500
    spark.velocityRange = 150
    spark.emissionLongitude = -.pi / 2
    spark.emissionRange = .pi / 2
    spark.yAcceleration = 350
    spark.spin = 2
    spark.spinRange = 2
    spark.scaleRange = 0.5
    spark.color = rgb(0xFF8A3D)
    spark.greenRange = 0.3
    spark.blueRange = 0.3
    spark.alphaSpeed = -0.4
    spark.contents = dot
    let emitter = EmitterLayer()
    emitter.frame = Rect(x: 0, y: 0, width: 1920, height: 1080)
    emitter.emitterPosition = Point(x: 960, y: 900)
    emitter.emitterShape = .line
    emitter.emitterSize = Size(width: 400, height: 0)
    emitter.emitterCells = [spark]
    add(emitter, to: root)
    return [root]
}
