import CadencePixels
import CadenceAnimation
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadenceTiming
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The demo's bottom row: contents images, shadows, masks and transitions
// (`docs/compositor.md` §9–13), and the images it draws in code.

extension DemoScene {
    // MARK: Panels

    /// Top: the picture with `resizeAspect` gravity in a framed layer whose bounds turn
    /// from wide to tall and back (the picture keeps its shape, letterboxed). Bottom: the
    /// button image stretched nine-part (`contentsCenter`: fixed corners) above the same
    /// image stretched plainly, as their widths grow and shrink.
    static func contentsImages(_ panel: Layer) {
        let wide = Size(width: 124, height: 50), tall = Size(width: 58, height: 76)
        let frame = box(
            x: panelWidth / 2 - wide.width / 2, y: 66 - wide.height / 2, width: wide.width, height: wide.height,
            color: rgb(0x202533), radius: 0)
        frame.borderWidth = 1
        frame.borderColor = rgb(0x4A5368)
        showPicture(in: frame, gravity: .resizeAspect)
        frame.add(KeyframeAnimation<Size>(
            keyPath: "bounds.size", values: [wide, tall, wide], timingFunctions: [.easeInEaseOut, .easeInEaseOut],
            timing: loop(duration)), forKey: "reshape")
        add(frame, to: panel)

        for (row, isNinePart) in [true, false].enumerated() {
            let button = Layer()
            button.anchorPoint = Point(x: 0, y: 0.5)
            button.frame = Rect(x: 12, y: 118 + Double(row) * 30, width: 40, height: 24)
            button.contents = buttonImage
            button.contentsScale = 2
            if isNinePart { button.contentsCenter = Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2) }
            button.add(BasicAnimation<Double>(
                keyPath: "bounds.size.width", toValue: panelWidth - 24, timing: loop(duration / 2, autoreverses: true),
                timingFunction: .easeInEaseOut), forKey: "stretch")
            add(button, to: panel)
        }
    }

    /// On a light tray (shadows show on it): a card lifting (its shadow's radius and
    /// offset grow), a card whose shadow circles it (`shadowOffset` keyframes), and a ball
    /// bouncing over an elliptical contact shadow (`shadowPath`) that stays on the floor,
    /// spreading and fading as the ball rises.
    static func shadows(_ panel: Layer) {
        let tray = box(x: 8, y: 26, width: panelWidth - 16, height: panelHeight - 34, color: trayColor, radius: 10)
        let lifting = box(x: 10, y: 16, width: 48, height: 40, color: white, radius: 8)
        lifting.shadowOpacity = 0.5
        lifting.shadowRadius = 1
        lifting.shadowOffset = Size(width: 0, height: 1)
        let half = loop(duration / 2, autoreverses: true)
        lifting.add(BasicAnimation<Double>(
            keyPath: "shadowRadius", toValue: 7, timing: half, timingFunction: .easeInEaseOut), forKey: "blur")
        lifting.add(BasicAnimation<Size>(
            keyPath: "shadowOffset", toValue: Size(width: 0, height: 9), timing: half, timingFunction: .easeInEaseOut),
            forKey: "drop")
        lifting.add(BasicAnimation<Double>(
            keyPath: "position.y", fromValue: 0, toValue: -5, timing: half, timingFunction: .easeInEaseOut, isAdditive: true),
            forKey: "lift")
        add(lifting, to: tray)

        let circling = box(x: tray.bounds.width - 58, y: 16, width: 48, height: 40, color: blue, radius: 8)
        circling.shadowColor = rgb(0x2B1C66)
        circling.shadowOpacity = 0.7
        circling.shadowRadius = 3
        let steps = 12
        circling.add(KeyframeAnimation<Size>(
            keyPath: "shadowOffset",
            values: (0...steps).map { i in
                let angle = 2 * .pi * Double(i) / Double(steps) + .pi / 2
                return Size(width: 7 * cos(angle), height: 7 * sin(angle))
            },
            timing: loop(duration)), forKey: "orbit")
        add(circling, to: tray)

        // The ball rests on the floor at y = 0 of the bounce; the contact shadow is an
        // ellipse centred on the ball's bottom, moved back down by the height it rises.
        let floor = tray.bounds.height - 14, diameter = 26.0, rise = 46.0
        add(box(x: 12, y: floor, width: tray.bounds.width - 24, height: 1, color: rgb(0xC3CAD8), radius: 0), to: tray)
        let ball = dot(x: tray.bounds.width / 2, y: floor - diameter / 2, diameter: diameter, color: orange)
        ball.shadowPath = Path(ellipseIn: Rect(x: diameter / 2 - 16, y: diameter - 3.5, width: 32, height: 7))
        ball.shadowOffset = .zero
        ball.shadowRadius = 1.5
        ball.shadowOpacity = 0.55
        let bounce = MediaTiming(duration: duration / 3, repeatCount: .infinity)
        let keyTimes = [0, 0.5, 1.0], fall: [TimingFunction] = [.easeOut, .easeIn]
        func along<Value: AnimatableValue>(
            _ keyPath: String, _ ground: Value, _ top: Value, additive: Bool = false
        ) -> KeyframeAnimation<Value> {
            KeyframeAnimation<Value>(
                keyPath: keyPath, values: [ground, top, ground], keyTimes: keyTimes, timingFunctions: fall, timing: bounce,
                isAdditive: additive)
        }
        ball.add(along("position.y", 0.0, -rise, additive: true), forKey: "bounce")
        ball.add(along("shadowOffset", Size.zero, Size(width: 0, height: rise)), forKey: "shadow")
        ball.add(along("shadowRadius", 1.5, 5.0), forKey: "spread")
        ball.add(along("shadowOpacity", 0.55, 0.2), forKey: "fade")
        add(ball, to: tray)
        add(tray, to: panel)
    }

    /// Top: stripes on purple masked by a turning, swaying rounded square, itself masked by a circle
    /// sliding across it (a mask's mask): the stripes show where both are. Bottom: a dim
    /// copy of the picture, and the picture at full strength under a soft spotlight mask
    /// (an image: its alpha is the mask) sweeping across.
    static func masks(_ panel: Layer) {
        let stripes = box(x: 10, y: 26, width: panelWidth - 20, height: 84, color: rgb(0x3A2D6B), radius: 0)
        let pattern = box(x: -40, y: -60, width: 220, height: 220, color: nil, radius: 0)
        for i in 0..<11 {
            add(box(x: Double(i) * 20, y: 0, width: 10, height: 220, color: i % 2 == 0 ? yellow : pink, radius: 0), to: pattern)
        }
        pattern.transform = Transform3D(rotationAngle: -.pi / 4, x: 0, y: 0, z: 1)
        add(pattern, to: stripes)
        let square = box(x: stripes.bounds.width / 2 - 36, y: 6, width: 72, height: 72, color: white, radius: 18)
        square.add(BasicAnimation<Double>(
            keyPath: "transform.rotation.z", fromValue: 0, toValue: 2 * .pi, timing: loop(duration)), forKey: "turn")
        square.add(BasicAnimation<Double>(
            keyPath: "position.x", fromValue: -20, toValue: 20, timing: loop(duration / 2, autoreverses: true),
            timingFunction: .easeInEaseOut, isAdditive: true), forKey: "sway")
        let porthole = dot(x: 36, y: 36, diameter: 72, color: white)
        porthole.add(BasicAnimation<Double>(
            keyPath: "position.x", fromValue: -20, toValue: 20, timing: loop(duration / 3, autoreverses: true),
            timingFunction: .easeInEaseOut, isAdditive: true), forKey: "slide")
        try! square.setMask(porthole)
        try! stripes.setMask(square)
        add(stripes, to: panel)

        let width = panelWidth - 20, height = 56.0
        let dim = box(x: 10, y: 118, width: width, height: height, color: nil, radius: 0)
        showPicture(in: dim, gravity: .resizeAspectFill)
        dim.masksToBounds = true
        dim.opacity = 0.22
        add(dim, to: panel)
        let lit = box(x: 10, y: 118, width: width, height: height, color: nil, radius: 0)
        showPicture(in: lit, gravity: .resizeAspectFill)
        let spotlight = box(x: 0, y: 0, width: height, height: height, color: nil, radius: 0)
        spotlight.contents = spotlightImage
        spotlight.add(BasicAnimation<Double>(
            keyPath: "position.x", fromValue: height / 2, toValue: width - height / 2,
            timing: loop(duration / 2, autoreverses: true), timingFunction: .easeInEaseOut), forKey: "sweep")
        try! lit.setMask(spotlight)
        add(lit, to: panel)
    }

    /// A card that changes between two looks — a bar chart (laid out bottom-up in a
    /// `geometryFlipped` layer) and the picture — by push, moveIn, reveal and fade in turn,
    /// inside a clipping window; pips below mark the transition under way (or next).
    ///
    /// A transition draws the tree captured when it was added (evaluated at the frame's
    /// time, its animations included) giving way to the layer's current rendering. So the
    /// card swaps its two looks at each transition's start (discrete opacity keyframes),
    /// and every transition starts from one twin card that shows, during each transition,
    /// the look just left: the twin swaps halfway between transitions, when none is under
    /// way. (At a transition's start, progress 0, only the previous rendering shows, so the
    /// card's swap may fall either side of it.)
    static func transitions(_ panel: Layer) {
        let size = Size(width: 126, height: 84)
        let window = box(x: (panelWidth - size.width) / 2, y: 32, width: size.width, height: size.height, color: canvasColor, radius: 12)
        window.masksToBounds = true
        let starts = transitionSteps.indices.map(transitionStart)
        let card = transitionCard(size, swappingAt: starts)
        let twinSwaps = starts.dropFirst().map { $0 - (transitionSpacing - transitionLength) / 2 }
        let twin = transitionCard(size, swappingAt: twinSwaps)
        for (index, (type, subtype)) in transitionSteps.enumerated() {
            card.add(Transition(
                type: type, subtype: subtype, timing: MediaTiming(beginTime: starts[index], duration: transitionLength),
                timingFunction: .easeInEaseOut), forKey: "transition \(index)", from: twin)
        }
        add(card, to: window)
        add(window, to: panel)

        // Pip i lights with the twin's swap before transition i (the first at time 0)
        // and goes dark with the next one.
        let count = transitionSteps.count, spacing = 18.0
        let lights = [0] + twinSwaps
        for index in 0..<count {
            let pip = dot(
                x: panelWidth / 2 + (Double(index) - Double(count - 1) / 2) * spacing, y: 138, diameter: 8, color: railColor)
            let on = lights[index] / duration
            let off = index + 1 < count ? [lights[index + 1] / duration] : []
            pip.add(KeyframeAnimation<Color>(
                keyPath: "backgroundColor", values: (on > 0 ? [railColor] : []) + [white] + off.map { _ in railColor },
                keyTimes: (on > 0 ? [0] : []) + [on] + off, calculationMode: .discrete, timing: loop(duration)),
                forKey: "lit")
            add(pip, to: panel)
        }
    }

    /// The transitions in the order they run (the subtypes are Core Animation's y-up
    /// names: `fromTop` comes in from below on a y-down canvas; `docs/compositor.md` §12).
    static let transitionSteps: [(TransitionType, TransitionSubtype?)] = [
        (.push, .fromRight), (.moveIn, .fromTop), (.reveal, .fromLeft), (.fade, nil),
    ]
    /// Each transition's length, the time from one's start to the next's, and when
    /// transition `index` starts, in seconds (the last ends with the loop).
    static let transitionLength = 0.5, transitionSpacing = 0.75
    static func transitionStart(_ index: Int) -> Double { 0.25 + transitionSpacing * Double(index) }

    /// The transitions panel's card (`size`, at the origin): the chart from time 0, then
    /// the picture and the chart in turn, swapping at each of `swaps` (seconds, ascending,
    /// within the loop).
    static func transitionCard(_ size: Size, swappingAt swaps: [Double]) -> Layer {
        let card = box(x: 0, y: 0, width: size.width, height: size.height, color: nil, radius: 0)
        let keyTimes = [0] + swaps.map { $0 / duration }
        let chart = box(x: 0, y: 0, width: size.width, height: size.height, color: green, radius: 0)
        let plot = box(x: 14, y: 12, width: size.width - 28, height: size.height - 24, color: nil, radius: 0)
        plot.isGeometryFlipped = true
        add(box(x: -4, y: -3, width: plot.bounds.width + 8, height: 2, color: canvasColor, radius: 1), to: plot)
        let heights = [22.0, 44, 30, 56, 38]
        for (i, height) in heights.enumerated() {
            // Bars stand on y = 0 of the flipped plot — its bottom edge on the canvas — and
            // grow from it (anchor at their minimum y).
            let bar = Layer()
            bar.anchorPoint = Point(x: 0.5, y: 0)
            bar.frame = Rect(x: 4 + Double(i) * 18, y: 0, width: 12, height: height)
            bar.backgroundColor = canvasColor.withAlpha(0.85)
            bar.cornerRadius = 2
            bar.add(KeyframeAnimation<Double>(
                keyPath: "bounds.size.height", values: [height, heights[(i + 2) % heights.count], height],
                timingFunctions: [.easeInEaseOut, .easeInEaseOut], timing: loop(duration)), forKey: "grow")
            add(bar, to: plot)
        }
        // A thumbnail of the picture in the plot's top right corner (y up: the top is the
        // largest y): contents stay upright in a flipped layer.
        let thumbnail = box(x: plot.bounds.width - 24, y: plot.bounds.height - 16, width: 24, height: 16, color: nil, radius: 0)
        showPicture(in: thumbnail)
        add(thumbnail, to: plot)
        add(plot, to: chart)
        let photo = box(x: 0, y: 0, width: size.width, height: size.height, color: nil, radius: 0)
        showPicture(in: photo)
        for (look, shownFirst) in [(chart, true), (photo, false)] {
            let shown = keyTimes.indices.map { ($0 % 2 == 0) == shownFirst ? 1.0 : 0 }
            look.opacity = shown[0]
            look.add(KeyframeAnimation<Double>(
                keyPath: "opacity", values: shown, keyTimes: keyTimes, calculationMode: .discrete, timing: loop(duration)),
                forKey: "swap")
            add(look, to: card)
        }
        return card
    }

    // MARK: Images made in code

    /// The light surface of the shadows panel.
    static let trayColor = rgb(0xDCE1EA)

    /// The demo's picture, 48 × 32 pixels, opaque: a gradient from blue (left) to purple
    /// (right), darker towards the bottom; a white arrow pointing right; 7 × 7 corners in
    /// pink (top left), yellow (top right), green (bottom left) and white (bottom right),
    /// so a mirrored or upside-down drawing shows.
    static let picture = image(width: 48, height: 32) { x, y in
        let corner = 7.0
        switch (x < corner, x > 48 - corner, y < corner, y > 32 - corner) {
        case (true, _, true, _): return pink
        case (_, true, true, _): return yellow
        case (true, _, _, true): return green
        case (_, true, _, true): return white
        default: break
        }
        let shaft = (9...30).contains(x) && abs(y - 16) < 2
        let head = (30...40).contains(x) && abs(y - 16) < (40 - x) * 0.8
        if shaft || head { return white }
        let t = (x - 0.5) / 47, shade = 1 - 0.35 * (y - 0.5) / 31
        return Color(
            red: (blue.red + (purple.red - blue.red) * t) * shade, green: (blue.green + (purple.green - blue.green) * t) * shade,
            blue: (blue.blue + (purple.blue - blue.blue) * t) * shade, alpha: 1)
    }

    /// Sets `layer`'s contents to the picture, placed by `gravity`. The picture is pixel
    /// art, so it is magnified `nearest`: crisp texels (and frames that compress faster
    /// than with bilinear ramps between them).
    static func showPicture(in layer: Layer, gravity: ContentsGravity = .resize) {
        layer.contents = picture
        layer.contentsGravity = gravity
        layer.magnificationFilter = .nearest
    }

    /// A 48 × 48 rounded button for nine-part stretching at `contentsScale` 2: corners of
    /// radius 16 pixels, a 3-pixel light border, an orange fill darkening downwards.
    static let buttonImage = image(width: 48, height: 48) { x, y in
        let distance = roundedRectDistance(x: x, y: y, width: 48, height: 48, radius: 16)
        let border = min(max(distance + 3.5, 0), 1)
        let fill = Color(red: 1, green: 0.64 - 0.22 * y / 48, blue: 0.3 - 0.18 * y / 48, alpha: 1)
        let edge = rgb(0xFFE8D6)
        return Color(
            red: fill.red + (edge.red - fill.red) * border, green: fill.green + (edge.green - fill.green) * border,
            blue: fill.blue + (edge.blue - fill.blue) * border, alpha: min(max(0.5 - distance, 0), 1))
    }

    /// A soft disc for the spotlight mask, 32 × 32: opaque to 60% of the radius, fading
    /// to clear at the edge.
    static let spotlightImage = image(width: 32, height: 32) { x, y in
        let r = ((x - 16) * (x - 16) + (y - 16) * (y - 16)).squareRoot() / 16
        return white.withAlpha(min(max((1 - r) / 0.4, 0), 1))
    }

    /// A `width × height` bitmap whose pixel at column i, row j is `color(i + ½, j + ½)`
    /// (its centre), premultiplied and rounded to bytes.
    static func image(width: Int, height: Int, _ color: (Double, Double) -> Color) -> Bitmap {
        var bitmap = try! Bitmap(width: width, height: height)
        for j in 0..<height {
            for i in 0..<width {
                let c = color(Double(i) + 0.5, Double(j) + 0.5)
                let a = min(max(c.alpha, 0), 1)
                let rgba = SIMD4(c.red * a, c.green * a, c.blue * a, a) * 255
                bitmap[i, j] = SIMD4<UInt8>(rgba.rounded(.toNearestOrAwayFromZero).clamped(
                    lowerBound: .zero, upperBound: SIMD4(repeating: 255)))
            }
        }
        return bitmap
    }

    /// The signed distance from (x, y) to the edge of the rectangle (0, 0, width, height)
    /// with corners of `radius`: negative inside.
    static func roundedRectDistance(x: Double, y: Double, width: Double, height: Double, radius: Double) -> Double {
        let qx = abs(x - width / 2) - (width / 2 - radius), qy = abs(y - height / 2) - (height / 2 - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }
}
