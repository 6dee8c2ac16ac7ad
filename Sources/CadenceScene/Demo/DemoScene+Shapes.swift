import CadenceAnimation
import CadenceGeometry
import CadenceLayers

// The fifth row's content-layer panels: shape layers and gradient layers.
extension DemoScene {
    /// A check mark drawing itself (`strokeEnd` from 0 to 1, round caps and joins) over
    /// its faint full stroke, and marching ants: a dashed rounded frame whose
    /// `lineDashPhase` runs on by one pattern length per loop while its `path` morphs into
    /// a narrower pill and back (two rounded rectangles of the same structure, so the
    /// points move one by one).
    static func shapes(_ panel: Layer) {
        var path = Path()
        path.addLines(between: [Point(x: 6, y: 36), Point(x: 36, y: 62), Point(x: 104, y: 6)])
        func checkMark(_ color: Color) -> ShapeLayer {
            let mark = ShapeLayer()
            mark.frame = Rect(x: 18, y: 30, width: panelWidth - 36, height: 70)
            mark.path = path
            mark.fillColor = nil
            mark.strokeColor = color
            mark.lineWidth = 9
            mark.lineCap = .round
            mark.lineJoin = .round
            return mark
        }
        let track = checkMark(railColor), check = checkMark(green)
        check.add(BasicAnimation<Double>(
            keyPath: "strokeEnd", fromValue: 0, toValue: 1, timing: loop(duration / 2, autoreverses: true),
            timingFunction: .easeInEaseOut), forKey: "draw")
        add(track, to: panel)
        add(check, to: panel)

        let ants = ShapeLayer()
        ants.frame = Rect(x: 22, y: 112, width: panelWidth - 44, height: 52)
        ants.path = Path(roundedRect: Rect(x: 2, y: 2, width: panelWidth - 48, height: 48), cornerRadius: 10)
        ants.fillColor = rgb(0x4C8DFF, 0.15)
        ants.strokeColor = white
        ants.lineWidth = 2
        ants.lineDashPattern = [6, 4]
        ants.add(BasicAnimation<Double>(
            keyPath: "lineDashPhase", fromValue: 0, toValue: -30, timing: loop(duration)), forKey: "march")
        ants.add(BasicAnimation<Path>(
            keyPath: "path", toValue: Path(roundedRect: Rect(x: 22, y: 2, width: panelWidth - 88, height: 48), cornerRadius: 24),
            timing: loop(duration / 2, autoreverses: true), timingFunction: .easeInEaseOut), forKey: "morph")
        add(ants, to: panel)
    }

    /// Gradient layers: an axial gradient whose axis turns (`startPoint` and `endPoint`
    /// animated) in a rounded card, and a conic ring spun by its transform.
    static func gradients(_ panel: Layer) {
        let card = GradientLayer()
        card.frame = Rect(x: 18, y: 30, width: panelWidth - 36, height: 64)
        card.cornerRadius = 12
        card.colors = [pink, yellow, blue]
        card.locations = [0, 0.45, 1]
        card.startPoint = Point(x: 0, y: 0)
        card.endPoint = Point(x: 1, y: 1)
        card.add(BasicAnimation<Point>(
            keyPath: "startPoint", toValue: Point(x: 1, y: 0), timing: loop(duration / 2, autoreverses: true),
            timingFunction: .easeInEaseOut), forKey: "start")
        card.add(BasicAnimation<Point>(
            keyPath: "endPoint", toValue: Point(x: 0, y: 1), timing: loop(duration / 2, autoreverses: true),
            timingFunction: .easeInEaseOut), forKey: "end")
        add(card, to: panel)

        let ring = GradientLayer()
        ring.frame = Rect(x: panelWidth / 2 - 34, y: 104, width: 68, height: 68)
        ring.cornerRadius = 34
        ring.type = .conic
        ring.colors = [purple, blue, green, yellow, purple]
        ring.startPoint = Point(x: 0.5, y: 0.5)
        ring.endPoint = Point(x: 1, y: 0.5)
        ring.add(BasicAnimation<Double>(
            keyPath: "transform.rotation.z", fromValue: 0, toValue: 2 * .pi, timing: loop(duration)), forKey: "spin")
        let hole = dot(x: 34, y: 34, diameter: 40, color: panelColor)
        add(hole, to: ring)
        add(ring, to: panel)
    }
}
