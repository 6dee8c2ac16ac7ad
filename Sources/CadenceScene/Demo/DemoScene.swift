import CadenceAnimation
import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadenceText
import CadenceTiming

/// The built-in scene of `cadence demo`: twenty-three panels on a dark canvas, each showing
/// one thing the engine does and titled by a text layer ("keyframe · modes", "transition ·
/// 4 types": `titles`), all looping over `duration` seconds.
///
/// Top row, left to right: basic animations (ease in-out against linear, a colour and a
/// rotation); keyframes in each calculation mode (linear, discrete, paced, cubic,
/// cubicPaced: one row each, the same values); a path animation with `rotationMode`
/// auto along a figure of eight; an animation group (scale, corner radius, colour, border).
/// Middle row: additive (a wiggle added to a move) and cumulative (a block that tumbles
/// a quarter turn and a step at each repeat) animations; a cube in perspective (six faces
/// with back-face culling, turning about a tilted axis); opacity groups (a group at 60%
/// against children at 60% each: the overlap differs); clipping (a rotating rounded clip
/// over sliding stripes, with a circular clip nested inside).
/// Bottom row (`DemoScene+Effects.swift`): contents images (a picture made in code, with
/// `resizeAspect` gravity in a layer whose bounds animate, and a button image stretched
/// nine-part against plainly as its width animates); shadows (a card lifting, a card whose
/// shadow circles it, a bouncing ball with an elliptical `shadowPath` on the floor); masks
/// (stripes under a turning rounded-square mask that is itself masked by a sliding circle,
/// and the picture under a soft spotlight image mask); transitions (push, moveIn, reveal
/// and fade in turn between a chart in a `geometryFlipped` layer and the picture).
/// Fourth row (`DemoScene+Layout.swift`): a window resized in its model, its parts
/// following by autoresizing masks; the same resize laid out by constraints; a scroll
/// layer over a list, scrolled to points and to a row; balls dropped on springs of three
/// dampings. The model changes of the fourth row are the scene's `schedule`.
/// Fifth row: shape layers (`DemoScene+Shapes.swift`: a check mark drawing itself by
/// `strokeEnd`, marching ants by `lineDashPhase`), gradient layers (an axial gradient whose
/// axis turns, a spinning conic ring), replicators (`DemoScene+Replicators.swift`: an
/// activity indicator of 12 delayed copies of one bar, an equaliser of 9 tinted, delayed
/// copies) and a transform layer (a cube of six translucent faces around two crossing
/// planes, depth-sorted and split every frame).
/// Sixth row (`DemoScene+Text.swift`): a paragraph wrapped, justified and truncated with
/// "…" as its `fontSize` grows and shrinks; one line truncated at its start, middle and
/// end, and a centred line whose `foregroundColor` animates; a fountain of particles (an
/// emitter layer: a line emitter, upward velocity fanned by `emissionRange`, gravity,
/// fading alpha, soft dots made in code); a tiled layer of 100,000 × 100,000 points
/// zooming from 1/64× to 4× and back, its rings (a delegate's drawing) drawn tile by tile at
/// the level of detail each frame needs.
/// Panels have rounded corners and borders, and a title at their top left: a text layer
/// at 10.5 points in a quiet grey after a dot of the panel's accent colour. Titles are
/// static, so each is laid out and drawn into its backing store once.
///
/// Built in code, so the binary needs no files but a font (text layers draw through
/// `FontTextRenderer`, which `make()` installs); `cadence render` reads the same kinds of
/// layers and animations from JSON. Public, so an engine that embeds Cadence can render the
/// demo without the command line:
///
/// ```swift
/// let scene = DemoScene.make()
/// let frame = try scene.render(at: 1.5, with: Compositor())
/// ```
public enum DemoScene {
    /// The canvas size in points (scale 1).
    public static let width = 640.0, height = 1172.0
    /// The loop length in seconds, and the frames `cadence demo` renders over it.
    public static let duration = 3.0
    public static let frameCount = 24

    /// Panel layout: 4 columns × 6 rows of panels, `margin` from the canvas edges, `gap` apart
    /// (146.5 × 183 points each).
    static let columns = 4, rows = 6
    static let margin = 12.0, gap = 10.0
    static let panelWidth = (width - 2 * margin - Double(columns - 1) * gap) / Double(columns)
    static let panelHeight = (height - 2 * margin - Double(rows - 1) * gap) / Double(rows)

    // MARK: Colours

    static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> Color {
        Color(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    static let canvasColor = rgb(0x0E1016)
    static let panelColor = rgb(0x171A23)
    static let panelBorder = rgb(0x2A3040)
    static let railColor = rgb(0x2A3040)
    /// Titles and captions: quiet against the panels.
    static let titleColor = rgb(0x8A93A8)
    static let blue = rgb(0x4C8DFF), orange = rgb(0xFF8A3D), pink = rgb(0xFF4F8B)
    static let green = rgb(0x3DDC97), yellow = rgb(0xFFD23F), purple = rgb(0x9B6BFF), white = rgb(0xF4F6FB)

    /// One panel: its title, its accent colour, and what fills it (returning the model
    /// changes it schedules).
    struct Panel {
        var title: String
        var accent: Color
        var fill: (Layer) -> [SceneSchedule.Change]

        /// A panel whose models do not change.
        init(_ title: String, _ accent: Color, _ fill: @escaping (Layer) -> Void) {
            self.init(title, accent, scheduling: { fill($0); return [] })
        }

        /// A panel whose models change over time (the fourth row's).
        init(_ title: String, _ accent: Color, scheduling fill: @escaping (Layer) -> [SceneSchedule.Change]) {
            self.title = title
            self.accent = accent
            self.fill = fill
        }
    }

    /// The panels, left to right and top to bottom; `nil` leaves a slot empty.
    static var panels: [Panel?] { [
        Panel("basic · ease vs linear", blue, basic), Panel("keyframe · modes", green, keyframeModes),
        Panel("path · rotate auto", orange, pathWithRotation), Panel("group · 4 animations", purple, group),
        Panel("additive · cumulative", yellow, additiveAndCumulative), Panel("perspective · culling", pink, perspective),
        Panel("opacity · group", blue, opacityGroups), Panel("clip · nested", green, clipping),
        Panel("contents · nine-part", orange, contentsImages), Panel("shadow · shadowPath", purple, shadows),
        Panel("mask · nested", yellow, masks), Panel("transition · 4 types", pink, transitions),
        Panel("layout · autoresizing", blue, scheduling: autoresizing),
        Panel("layout · constraints", green, scheduling: constraints),
        Panel("scroll · point, rect", orange, scheduling: scrolling), Panel("spring · damping", purple, springs),
        Panel("shape · stroke, dash", green, shapes), Panel("gradient · axial, conic", pink, gradients),
        Panel("replicator · delay", orange, replicators), Panel("transform · depth", blue, transformCube),
        Panel("text · wrap, justify", yellow, paragraph), Panel("text · truncation", purple, truncation),
        Panel("emitter · fountain", green, fountain),
        Panel("tiled · 1/64× to 4×", blue, tiledZoom),
    ] }

    /// The panels' titles, in panel order (empty slots left out).
    public static var titles: [String] { panels.compactMap { $0?.title } }

    /// The scene: the canvas and its one root, which holds the panels. Installs the font
    /// renderer of text layers (`FontTextRenderer.install()`) if none is installed.
    public static func make() -> Scene {
        FontTextRenderer.install()
        let root = Layer()
        root.name = "demo"
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        // The fourth row changes its models over time: their changes make the schedule.
        var changes: [SceneSchedule.Change] = []
        for (index, panel) in panels.enumerated() {
            guard let panel else { continue }
            let origin = panelOrigin(index)
            let layer = box(x: origin.x, y: origin.y, width: panelWidth, height: panelHeight, color: panelColor, radius: 14)
            layer.borderWidth = 1
            layer.borderColor = panelBorder
            add(dot(x: 15, y: 14, diameter: 6, color: panel.accent), to: layer)
            add(title(panel.title), to: layer)
            changes += panel.fill(layer)
            add(layer, to: root)
        }
        return Scene(
            canvas: Canvas(width: width, height: height, scale: 1, background: canvasColor), layers: [root],
            schedule: SceneSchedule(changes, roots: [root]))
    }

    /// A panel's title: a text layer at its top left, after the accent dot.
    static func title(_ string: String) -> TextLayer {
        let label = text(string, x: 22, y: 7, width: panelWidth - 30, height: 14, size: titleSize, color: titleColor)
        label.name = "title"
        return label
    }

    /// The titles' font size in points.
    static let titleSize = 10.5

    /// The top-left corner of panel `index` (0 … 23, left to right, then top to bottom) on
    /// the canvas.
    static func panelOrigin(_ index: Int) -> Point {
        Point(x: margin + Double(index % columns) * (panelWidth + gap), y: margin + Double(index / columns) * (panelHeight + gap))
    }

    // MARK: Panels

    /// Ease in-out against linear on two rails, and a square changing colour and turning.
    static func basic(_ panel: Layer) {
        for (row, (color, function)) in [(blue, TimingFunction.easeInEaseOut), (orange, .linear)].enumerated() {
            let y = 48 + Double(row) * 40
            add(box(x: 20, y: y - 1, width: panelWidth - 40, height: 2, color: railColor, radius: 1), to: panel)
            let ball = dot(x: 32, y: y, diameter: 22, color: color)
            ball.add(BasicAnimation<Double>(
                keyPath: "position.x", toValue: panelWidth - 32, timing: loop(duration / 2, autoreverses: true),
                timingFunction: function), forKey: "move")
            add(ball, to: panel)
        }
        let square = box(x: panelWidth / 2 - 22, y: 118, width: 44, height: 44, color: pink, radius: 8)
        square.add(BasicAnimation<Color>(
            keyPath: "backgroundColor", toValue: yellow, timing: loop(duration / 2, autoreverses: true),
            timingFunction: .easeInEaseOut), forKey: "colour")
        square.add(BasicAnimation<Double>(
            keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi, timing: loop(duration / 2, autoreverses: true),
            timingFunction: .easeInEaseOut), forKey: "turn")
        add(square, to: panel)
    }

    /// The same keyframe values in each calculation mode, one row each, captioned with the
    /// mode's name.
    static func keyframeModes(_ panel: Layer) {
        let modes: [(CalculationMode, Color)] = [
            (.linear, blue), (.discrete, orange), (.paced, green), (.cubic, pink), (.cubicPaced, yellow),
        ]
        let left = 22.0, right = panelWidth - 22
        // Uneven steps (a long one, a short one back, a long one) set the modes apart:
        // linear spends the same time on each, paced the same speed, cubic overshoots.
        let values = [left, right - 14, right - 44, right]
        for (row, (mode, color)) in modes.enumerated() {
            let y = 40 + Double(row) * 30
            add(box(x: left, y: y - 1, width: right - left, height: 2, color: railColor, radius: 1), to: panel)
            add(text(mode.rawValue, x: left, y: y - 17, width: 60, height: 10, size: 8, color: titleColor), to: panel)
            for value in values {
                add(dot(x: value, y: y, diameter: 4, color: rgb(0x4A5368)), to: panel)
            }
            let ball = dot(x: left, y: y, diameter: 14, color: color)
            ball.add(KeyframeAnimation<Double>(
                keyPath: "position.x", values: values, calculationMode: mode, timing: loop(duration / 2, autoreverses: true)),
                forKey: "mode")
            add(ball, to: panel)
        }
    }

    /// A small car along a figure of eight, turned along the path (`rotationMode` auto),
    /// with dots marking the path.
    static func pathWithRotation(_ panel: Layer) {
        let cx = panelWidth / 2, cy = 100.0
        let path = try! Path(svgPathData: """
            M \(cx) \(cy) C \(cx + 30) \(cy - 60) \(cx + 62) \(cy - 40) \(cx + 56) \(cy) \
            S \(cx + 30) \(cy + 60) \(cx) \(cy) S \(cx - 62) \(cy - 40) \(cx - 56) \(cy) S \(cx - 30) \(cy + 60) \(cx) \(cy)
            """)
        let steps = 40
        for i in 0..<steps {
            guard let point = path.point(atDistance: path.length * Double(i) / Double(steps)) else { continue }
            add(dot(x: point.x, y: point.y, diameter: 3, color: rgb(0x4A5368)), to: panel)
        }
        let car = box(x: cx - 13, y: cy - 7, width: 26, height: 14, color: orange, radius: 4)
        add(box(x: 19, y: 3, width: 5, height: 8, color: white, radius: 1.5), to: car)
        car.add(KeyframeAnimation<Point>(
            keyPath: "position", path: path, calculationMode: .paced, rotationMode: .auto,
            timing: loop(duration)), forKey: "drive")
        add(car, to: panel)
    }

    /// One group of four animations: scale, corner radius, colour, border width.
    static func group(_ panel: Layer) {
        let square = box(x: panelWidth / 2 - 30, y: panelHeight / 2 - 20, width: 60, height: 60, color: purple, radius: 4)
        square.borderColor = white
        let half = MediaTiming(duration: duration / 2, autoreverses: true)
        let members: [Animation] = [
            Animation(KeyframeAnimation<Double>(
                keyPath: "transform.scale", values: [1, 1.45, 0.8, 1], timingFunctions: [.easeInEaseOut, .easeInEaseOut, .easeInEaseOut],
                timing: MediaTiming(duration: duration))),
            Animation(BasicAnimation<Double>(keyPath: "cornerRadius", toValue: 30, timing: half, timingFunction: .easeInEaseOut)),
            Animation(KeyframeAnimation<Color>(
                keyPath: "backgroundColor", values: [purple, pink, yellow, purple], timing: MediaTiming(duration: duration))),
            Animation(BasicAnimation<Double>(keyPath: "borderWidth", fromValue: 0, toValue: 6, timing: half)),
        ]
        square.add(.group(AnimationGroup(animations: members, timing: loop(duration))), forKey: "group")
        add(square, to: panel)
    }

    /// Top: a move with a wiggle added on top (`additive`). Bottom: a block that turns a
    /// quarter and steps right at each repeat (`cumulative`).
    static func additiveAndCumulative(_ panel: Layer) {
        let left = 24.0, right = panelWidth - 24
        add(box(x: left, y: 64, width: right - left, height: 2, color: railColor, radius: 1), to: panel)
        let ball = dot(x: left, y: 65, diameter: 16, color: yellow)
        ball.add(BasicAnimation<Double>(
            keyPath: "position.x", toValue: right, timing: loop(duration), timingFunction: .easeInEaseOut), forKey: "move")
        ball.add(KeyframeAnimation<Double>(
            keyPath: "position.y", values: [0, -20, 0, 20, 0], calculationMode: .cubic,
            timing: MediaTiming(duration: duration / 6, repeatCount: .infinity), isAdditive: true), forKey: "wiggle")
        add(ball, to: panel)

        let side = 18.0, steps = 6.0
        let floor = 148.0
        add(box(x: left - 6, y: floor + side / 2 + 3, width: right - left + 12, height: 2, color: railColor, radius: 1), to: panel)
        let block = box(x: left, y: floor - side / 2, width: side, height: side, color: pink, radius: 3)
        add(box(x: 3, y: 3, width: 5, height: 5, color: white, radius: 1), to: block)
        // Each repeat adds the change of one cycle (a quarter turn, one step) to the next.
        let stepTiming = MediaTiming(duration: duration / steps, repeatCount: steps, fillMode: .forwards)
        block.add(BasicAnimation<Double>(
            keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi / 2, timing: stepTiming,
            timingFunction: .easeInEaseOut, isCumulative: true), forKey: "turn")
        let start = left + side / 2
        block.add(BasicAnimation<Double>(
            keyPath: "position.x", fromValue: start, toValue: start + (right - left - side) / steps, timing: stepTiming,
            timingFunction: .easeInEaseOut, isCumulative: true), forKey: "step")
        add(block, to: panel)
    }

    /// A cube of six faces in perspective, turning about a tilted vertical axis; faces
    /// are single-sided, so the back ones are culled.
    static func perspective(_ panel: Layer) {
        let stage = perspectiveStage()
        let side = 58.0
        let orientations: [(Transform3D, Color)] = [
            (.identity, blue), (Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0), green),
            (Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0), orange), (Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0), purple),
            (Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0), pink), (Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0), yellow),
        ]
        let tilt = Transform3D(rotationAngle: -0.45, x: 1, y: 0, z: 0)
        let steps = 24
        for (orientation, color) in orientations {
            let face = box(x: stage.bounds.width / 2 - side / 2, y: stage.bounds.height / 2 - side / 2,
                           width: side, height: side, color: color.withAlpha(0.92), radius: 8)
            face.anchorPointZ = -side / 2
            face.isDoubleSided = false
            face.borderWidth = 2
            face.borderColor = white
            let values = (0...steps).map { i in
                orientation.concatenating(Transform3D(rotationAngle: 2 * .pi * Double(i) / Double(steps), x: 0, y: 1, z: 0))
                    .concatenating(tilt)
            }
            face.transform = values[0]
            face.add(KeyframeAnimation<Transform3D>(keyPath: "transform", values: values, timing: loop(duration)), forKey: "spin")
            add(face, to: stage)
        }
        add(stage, to: panel)
    }

    /// Top: two circles in a group of opacity 0.6 (the overlap shows only the front one).
    /// Bottom: the same circles at opacity 0.6 each (the overlap mixes them).
    static func opacityGroups(_ panel: Layer) {
        for row in 0..<2 {
            let holder = box(x: 0, y: 28 + Double(row) * 76, width: panelWidth, height: 70, color: nil, radius: 0)
            if row == 0 { holder.opacity = 0.6 }
            for (index, color) in [pink, blue].enumerated() {
                let circle = dot(x: panelWidth / 2 + (index == 0 ? -26 : 26), y: 35, diameter: 56, color: color)
                if row == 1 { circle.opacity = 0.6 }
                circle.add(BasicAnimation<Double>(
                    keyPath: "position.x", fromValue: 0, toValue: index == 0 ? 18 : -18, timing: loop(duration / 2, autoreverses: true),
                    timingFunction: .easeInEaseOut, isAdditive: true), forKey: "meet")
                add(circle, to: holder)
            }
            add(holder, to: panel)
        }
    }

    /// A rounded clip turning over sliding stripes, with a circular clip nested inside it
    /// and the clip's border drawn above everything.
    static func clipping(_ panel: Layer) {
        let clip = box(x: panelWidth / 2 - 50, y: panelHeight / 2 - 42, width: 100, height: 100, color: rgb(0x202533), radius: 22)
        clip.masksToBounds = true
        clip.borderWidth = 3
        clip.borderColor = white
        clip.add(BasicAnimation<Double>(
            keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi / 2, timing: loop(duration),
            timingFunction: .easeInEaseOut), forKey: "turn")
        let stripes = box(x: -60, y: -60, width: 220, height: 220, color: nil, radius: 0)
        for i in 0..<11 {
            add(box(x: Double(i) * 20, y: 0, width: 10, height: 220, color: i % 2 == 0 ? green : blue, radius: 0), to: stripes)
        }
        stripes.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
        stripes.add(BasicAnimation<Double>(
            keyPath: "position.x", fromValue: 0, toValue: 40, timing: loop(duration), isAdditive: true), forKey: "slide")
        add(stripes, to: clip)
        let porthole = dot(x: 50, y: 50, diameter: 52, color: rgb(0x0E1016))
        porthole.masksToBounds = true
        porthole.borderWidth = 2
        porthole.borderColor = yellow
        let runner = box(x: -30, y: 16, width: 30, height: 20, color: yellow, radius: 4)
        runner.add(BasicAnimation<Double>(
            keyPath: "position.x", fromValue: 0, toValue: 82, timing: loop(duration / 2), timingFunction: .easeInEaseOut, isAdditive: true),
            forKey: "run")
        add(runner, to: porthole)
        add(porthole, to: clip)
        add(clip, to: panel)
    }

    // MARK: Helpers

    /// A layer with `frame` (x, y, width, height), a background colour and a corner radius.
    static func box(x: Double, y: Double, width: Double, height: Double, color: Color?, radius: Double) -> Layer {
        let layer = Layer()
        layer.frame = Rect(x: x, y: y, width: width, height: height)
        layer.backgroundColor = color
        layer.cornerRadius = radius
        return layer
    }

    /// A text layer of `string` with `frame` (x, y, width, height), one line cut with "…"
    /// at its end if too long, in the default font at `size` points and `color`.
    static func text(
        _ string: String, x: Double, y: Double, width: Double, height: Double, size: Double, color: Color
    ) -> TextLayer {
        let layer = TextLayer()
        layer.frame = Rect(x: x, y: y, width: width, height: height)
        layer.string = string
        layer.fontSize = size
        layer.foregroundColor = color
        layer.truncationMode = .end
        return layer
    }

    /// A circle of `diameter` centred at (x, y).
    static func dot(x: Double, y: Double, diameter: Double, color: Color) -> Layer {
        box(x: x - diameter / 2, y: y - diameter / 2, width: diameter, height: diameter, color: color, radius: diameter / 2)
    }

    /// Repeats forever with cycles of `duration`.
    static func loop(_ duration: Double, autoreverses: Bool = false) -> MediaTiming {
        MediaTiming(duration: duration, repeatCount: .infinity, autoreverses: autoreverses)
    }

    /// Adds `layer` as the front sublayer of `parent` (a fresh layer is never an ancestor).
    static func add(_ layer: Layer, to parent: Layer) {
        try! parent.addSublayer(layer)
    }
}

extension Color {
    /// This colour with alpha `alpha`.
    func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
