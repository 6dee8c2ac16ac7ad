import CadenceGeometry
import CadenceLayers
import CadencePixels

// The layers of the 1080p benchmark frames that both drivers draw (the benchmarks time
// them, `cadence-instructions` counts their instructions), and the helpers that build them.

/// A layer with `frame`, a background colour, a corner radius and a border.
public func box(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, color: Color?, radius: Double = 0,
    border: (width: Double, color: Color)? = nil
) -> Layer {
    let layer = Layer()
    layer.frame = Rect(x: x, y: y, width: width, height: height)
    layer.backgroundColor = color
    layer.cornerRadius = radius
    if let border {
        layer.borderWidth = border.width
        layer.borderColor = border.color
    }
    return layer
}

/// Adds `layer` to `parent`'s sublayers.
public func add(_ layer: Layer, to parent: Layer) {
    try! parent.addSublayer(layer)
}

/// The colour `0xRRGGBB` with `alpha`.
public func rgb(_ hex: UInt32, _ alpha: Double = 1) -> Color {
    Color(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255,
          alpha: alpha)
}

extension Color {
    /// The same colour with `alpha`.
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// The rounded rectangle `rect` with corner `radius` as a path (four cubic quarter circles).
public func roundedRectPath(_ rect: Rect, radius: Double) -> Path {
    let k = 0.552_284_749_8 * radius  // the cubic's control distance for a quarter circle
    let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    var path = Path()
    path.move(to: Point(x0 + radius, y0))
    path.addLine(to: Point(x1 - radius, y0))
    path.addCurve(to: Point(x1, y0 + radius), control1: Point(x1 - radius + k, y0), control2: Point(x1, y0 + radius - k))
    path.addLine(to: Point(x1, y1 - radius))
    path.addCurve(to: Point(x1 - radius, y1), control1: Point(x1, y1 - radius + k), control2: Point(x1 - radius + k, y1))
    path.addLine(to: Point(x0 + radius, y1))
    path.addCurve(to: Point(x0, y1 - radius), control1: Point(x0 + radius - k, y1), control2: Point(x0, y1 - radius + k))
    path.addLine(to: Point(x0, y0 + radius))
    path.addCurve(to: Point(x0 + radius, y0), control1: Point(x0, y0 + radius - k), control2: Point(x0 + radius - k, y0))
    path.closeSubpath()
    return path
}

/// A layer showing `image` in `frame`, turned by `angle` radians about its centre.
public func imageLayer(
    _ image: Bitmap, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    gravity: ContentsGravity = .resize, angle: Double = 0
) -> Layer {
    let layer = Layer()
    layer.frame = Rect(x: x, y: y, width: width, height: height)
    layer.contents = image
    layer.contentsGravity = gravity
    layer.magnificationFilter = .linear
    layer.minificationFilter = .linear
    if angle != 0 { layer.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1) }
    return layer
}

/// Gives `layer` a shadow of radius `radius`, opacity 0.4 and `offset`; with `path`, the
/// shadow's shape is its rounded bounds as a `shadowPath`.
public func castShadow(_ layer: Layer, radius: Double, offset: Size, path: Bool) {
    layer.shadowOpacity = 0.4
    layer.shadowRadius = radius
    layer.shadowOffset = offset
    if path { layer.shadowPath = roundedRectPath(layer.bounds, radius: layer.cornerRadius) }
}

/// The 1920 × 1080 frame of issue 7 (scale 1): an opaque root, 5 rounded cards casting
/// shadows of radius 20 at opacity 0.4 with different offsets (cards 0, 2 and 4 with a
/// `shadowPath`, cards 1 and 3 the shadow of their composited alpha, each holding an image)
/// and 10 image layers, each with its own image: five 256 × 256 and five 512 × 384,
/// premultiplied, with translucent parts. Scaled up 2.5× and 1.8× (the latter turned by
/// 30°), down to about 1/3 (mipmapped, one turned by 45°), 1:1, rotated at scale 1, under
/// `resize` and `resizeAspect`. With `shadows: false` the same frame, `shadowOpacity` 0.
public func makeContentsAndShadowScene(shadows: Bool = true) -> [Layer] {
    let small = (0..<5).map { makeTestBitmap(width: 256, height: 256, seed: 0xCADE_0700 + UInt64($0)) }
    let large = (0..<5).map { makeTestBitmap(width: 512, height: 384, seed: 0xCADE_0710 + UInt64($0)) }
    let root = box(0, 0, 1920, 1080, color: rgb(0xE9ECF2))
    // The cards, under the images.
    let cards: [(Double, Double, Double, Double, Size)] = [
        (60, 700, 420, 300, Size(width: 0, height: 8)), (520, 640, 360, 380, Size(width: 6, height: 10)),
        (930, 720, 300, 280, Size(width: -8, height: 8)), (1280, 660, 320, 360, Size(width: 0, height: 12)),
        (1650, 700, 230, 320, Size(width: 4, height: 4)),
    ]
    var cardLayers: [Layer] = []
    for (k, (x, y, w, h, offset)) in cards.enumerated() {
        let card = box(x, y, w, h, color: rgb(0xFFFFFF), radius: 20)
        if shadows { castShadow(card, radius: 20, offset: offset, path: k % 2 == 0) }
        add(card, to: root)
        cardLayers.append(card)
    }
    // Two images on the cards without a shadow path: their alpha is the shadow's shape.
    add(imageLayer(large[0], 20, 20, 320, 300, gravity: .resizeAspect), to: cardLayers[1])  // down to 0.625
    add(imageLayer(small[0], 20, 20, 280, 280, angle: -0.15), to: cardLayers[3])            // up 1.09, turned
    // The other eight on the root.
    add(imageLayer(small[1], 40, 40, 640, 640, angle: 0), to: root)                           // up 2.5
    add(imageLayer(large[1], 720, 40, 171, 128), to: root)                                    // down 1/3
    add(imageLayer(small[2], 920, 60, 85, 85), to: root)                                      // down 1/3
    add(imageLayer(large[2], 1080, 60, 512, 384, angle: 0.35), to: root)                      // 1:1, turned 20°
    add(imageLayer(small[3], 700, 250, 400, 250, gravity: .resizeAspect, angle: -0.2), to: root)  // 250 x 250: down 0.98
    add(imageLayer(large[3], 1620, 80, 260, 300, gravity: .resizeAspect, angle: .pi / 4), to: root)  // down 0.51, 45°
    add(imageLayer(small[4], 1180, 380, 460, 460, angle: .pi / 6), to: root)                 // up 1.8, turned 30°
    add(imageLayer(large[4], 200, 560, 171, 128, angle: .pi / 4), to: root)                  // down 1/3, turned 45°
    return [root]
}

