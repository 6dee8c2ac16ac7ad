import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadencePixels
import CadenceTiming

// The demo's sixth row: text layers (`docs/text.md`), an emitter layer
// (`docs/layers.md`, "Emitter layers") and a tiled layer (`docs/layers.md`, "Tiled layers").

extension DemoScene {
    /// A paragraph in a framed box: wrapped at word boundaries, justified, and truncated
    /// with "…" at the end of the last line that fits, while its `fontSize` grows from 9
    /// to 13 points and back (so lines rewrap, and the ellipsis comes and goes).
    static func paragraph(_ panel: Layer) {
        let frame = box(x: 10, y: 28, width: panelWidth - 20, height: panelHeight - 38, color: rgb(0x202533), radius: 6)
        frame.borderWidth = 1
        frame.borderColor = rgb(0x4A5368)
        let block = text(
            paragraphText, x: 6, y: 5, width: frame.bounds.width - 12, height: frame.bounds.height - 10,
            size: paragraphSizes.lowerBound, color: white)
        block.isWrapped = true
        block.alignmentMode = .justified
        block.add(BasicAnimation<Double>(
            keyPath: "fontSize", fromValue: paragraphSizes.lowerBound, toValue: paragraphSizes.upperBound,
            timing: loop(duration / 2, autoreverses: true), timingFunction: .easeInEaseOut), forKey: "grow")
        add(block, to: frame)
        add(frame, to: panel)
    }

    /// The paragraph's text, and the font sizes it animates between (points).
    static let paragraphText = """
        Text layers lay a string out in their bounds: this paragraph wraps at word \
        boundaries, stretches its spaces so that each line is justified, and ends with an \
        ellipsis where its growing font no longer fits the box.
        """
    static let paragraphSizes = 9.0...13.0

    /// One line too long for its box, truncated at its start, in its middle and at its end
    /// (each captioned), and a centred line whose `foregroundColor` runs through the accent
    /// colours.
    static func truncation(_ panel: Layer) {
        let modes: [TextTruncationMode] = [.start, .middle, .end]
        for (row, mode) in modes.enumerated() {
            let y = 30 + Double(row) * 34
            add(text(mode.rawValue, x: 12, y: y, width: 60, height: 10, size: 8, color: titleColor), to: panel)
            let line = text(truncatedLine, x: 12, y: y + 11, width: panelWidth - 24, height: 16, size: 11, color: white)
            line.truncationMode = mode
            add(line, to: panel)
        }
        let colors = [blue, green, yellow, pink, blue]
        let line = text("centred, in colour", x: 12, y: 140, width: panelWidth - 24, height: 18, size: 13, color: colors[0])
        line.alignmentMode = .center
        line.add(KeyframeAnimation<Color>(
            keyPath: "foregroundColor", values: colors, timing: loop(duration)), forKey: "colour")
        add(line, to: panel)
    }

    /// The truncation panel's line.
    static let truncatedLine = "every line ends where the box does"

    /// A fountain: particles leave a short line at the bottom of the panel upwards (fanned
    /// ±26° by `emissionRange` about straight up), fall back under gravity
    /// (`yAcceleration`), shrink and fade (`scaleSpeed`, `alphaSpeed`), drawn additively as
    /// soft dots. The emitter layer's `timeOffset` starts it 10 s in, so the first frame
    /// shows the fountain running; its particles are a closed form of time, so every frame
    /// stands alone.
    ///
    /// Core Animation's `emissionLatitude` tilts out of the layer's plane: the fan in the
    /// plane is `emissionRange` about `emissionLongitude` (−π/2, up on a y-down canvas).
    static func fountain(_ panel: Layer) {
        let emitter = EmitterLayer()
        emitter.frame = Rect(x: 0, y: 24, width: panelWidth, height: panelHeight - 24)
        emitter.masksToBounds = true
        emitter.emitterPosition = Point(x: panelWidth / 2, y: emitter.bounds.height - 12)
        emitter.emitterShape = .line
        emitter.emitterSize = Size(width: 6, height: 0)
        emitter.emitterMode = .outline
        emitter.renderMode = .additive
        emitter.seed = 7
        var timing = emitter.timing
        timing.timeOffset = 10
        emitter.timing = timing
        var drop = EmitterCell()
        drop.name = "drop"
        drop.birthRate = 110
        drop.lifetime = 1.75
        drop.lifetimeRange = 0.15
        drop.velocity = 165
        drop.velocityRange = 6
        drop.emissionLongitude = -.pi / 2
        drop.emissionRange = .pi / 3.5
        drop.yAcceleration = 170
        drop.scale = 0.55
        drop.scaleRange = 0.15
        drop.scaleSpeed = -0.12
        drop.color = rgb(0x5FA8FF)
        drop.greenRange = 0.15
        drop.blueRange = 0.1
        drop.alphaSpeed = -0.4
        drop.contents = softDot
        emitter.emitterCells = [drop]
        add(emitter, to: panel)
        add(box(x: panelWidth / 2 - 12, y: panelHeight - 13, width: 24, height: 5, color: railColor, radius: 2.5), to: panel)
    }

    /// A tiled layer of 100,000 × 100,000 points (9 levels of detail, 2 of them magnified:
    /// 4× down to 1/64×) zooming by `transform.scale` from 1/64× to 4× and back about its
    /// middle, which sits at the panel's centre. Its content is drawn by a delegate
    /// (``ZoomRings``): rings round the middle whose radii double from one to the next, so
    /// the zoom shows them streaming outwards at every scale. The offline renderer draws
    /// every tile a frame needs, at the level of detail it needs, before compositing it
    /// (`docs/compositor.md` § 21), so each frame stands alone.
    static func tiledZoom(_ panel: Layer) {
        let window = box(x: 8, y: 26, width: panelWidth - 16, height: panelHeight - 34, color: rgb(0x202533), radius: 6)
        window.masksToBounds = true
        let map = TiledLayer()
        map.bounds = Rect(x: 0, y: 0, width: 100_000, height: 100_000)
        map.position = Point(x: window.bounds.width / 2, y: window.bounds.height / 2)
        map.tileSize = Size(width: 128, height: 128)
        map.levelsOfDetail = 9
        map.levelsOfDetailBias = 2
        map.delegate = ZoomRings.shared
        map.add(KeyframeAnimation<Double>(
            keyPath: "transform.scale", values: [1.0 / 64, 1.0 / 8, 1, 4],
            timing: loop(duration / 2, autoreverses: true), timingFunction: .easeInEaseOut), forKey: "zoom")
        add(map, to: window)
        add(window, to: panel)
    }

    /// The tiled panel's content: about the middle of a 100,000-point square, ring `k` fills
    /// the radii from 2^k to 1.5 · 2^k points (k from −4 to 15), in the accent colours by
    /// turns. Each call fills only the rings that meet the context's `clipBoundingBox` (the
    /// tile being drawn), as a tiled layer's delegate should. It keeps no state, so the
    /// compositor may call it from several threads at once; the layer holds its delegate
    /// weakly, so one shared instance lives for the program.
    final class ZoomRings: LayerDelegate, Sendable {
        static let shared = ZoomRings()
        static let centre = Point(x: 50_000, y: 50_000)
        static let colors = [blue, orange, green, pink, yellow, purple]

        func draw(_ layer: Layer, in context: any DrawingContext) throws {
            let clip = context.clipBoundingBox.standardized
            guard clip.minX.isFinite, clip.minY.isFinite, clip.width.isFinite, clip.height.isFinite, clip.width > 0, clip.height > 0 else { return }
            let c = Self.centre
            // The nearest and farthest distances from the centre to the tile.
            let dx = max(clip.minX - c.x, 0, c.x - clip.maxX), dy = max(clip.minY - c.y, 0, c.y - clip.maxY)
            let near = (dx * dx + dy * dy).squareRoot()
            let fx = max(abs(clip.minX - c.x), abs(clip.maxX - c.x)), fy = max(abs(clip.minY - c.y), abs(clip.maxY - c.y))
            let far = (fx * fx + fy * fy).squareRoot()
            for k in -4...15 {
                let inner = Double(sign: .plus, exponent: k, significand: 1), outer = 1.5 * inner
                guard outer >= near, inner <= far else { continue }
                var ring = Path()
                ring.addEllipse(in: Rect(x: c.x - outer, y: c.y - outer, width: 2 * outer, height: 2 * outer))
                ring.addEllipse(in: Rect(x: c.x - inner, y: c.y - inner, width: 2 * inner, height: 2 * inner))
                context.fillColor = Self.colors[(k + 24) % Self.colors.count]
                context.fill(ring, rule: .evenOdd)
            }
        }
    }

    /// A soft white dot for particles, 12 × 12: opaque at the middle, fading to clear at
    /// the edge (smoothstep of the distance).
    static let softDot = image(width: 12, height: 12) { x, y in
        let r = min(((x - 6) * (x - 6) + (y - 6) * (y - 6)).squareRoot() / 6, 1)
        return white.withAlpha(1 - r * r * (3 - 2 * r))
    }
}
