import CadenceAnimation
import CadenceGeometry
import CadenceLayers
import CadenceTiming

// The demo-like animated 1080p frame (issue 6), drawn by the benchmarks, the thread rows and
// the interleaved ratios.

/// A scene like `cadence demo`'s, built here at 1920 × 1080: eight rounded, bordered panels
/// on a dark root showing eased basic animations, keyframes, a turning square changing
/// colour, a cube of six single-sided faces in perspective (keyframed transforms), opacity
/// groups, a rotating rounded clip over sliding stripes with a nested circular clip, a
/// group-like pulse (scale, corner radius, border) and an additive wiggle. 3 s loop.
public func makeDemoLikeScene() -> [Layer] {
    let colors: [Color] = [rgb(0x4C8DFF), rgb(0x3DDC97), rgb(0xFF8A3D), rgb(0x9B6BFF), rgb(0xFFD23F), rgb(0xFF4F8B)]
    let white = rgb(0xF4F6FB)
    func loop(_ duration: Double, autoreverses: Bool = false) -> MediaTiming {
        MediaTiming(duration: duration, repeatCount: .infinity, autoreverses: autoreverses)
    }
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    let (pw, ph) = (454.0, 512.0)
    var panels: [Layer] = []
    for p in 0..<8 {
        let panel = box(Double(p % 4) * (pw + 14) + 24, Double(p / 4) * (ph + 14) + 21, pw, ph, color: rgb(0x171A23),
                        radius: 28, border: (2, rgb(0x2A3040)))
        add(box(24, 24, 56, 10, color: colors[p % colors.count], radius: 5), to: panel)
        add(panel, to: root)
        panels.append(panel)
    }
    // 0: eased and linear balls on rails.
    for (row, function) in [TimingFunction.easeInEaseOut, .linear].enumerated() {
        let y = 110 + Double(row) * 100
        add(box(40, y - 2, pw - 80, 4, color: rgb(0x2A3040), radius: 2), to: panels[0])
        let ball = box(40, y - 24, 48, 48, color: colors[row], radius: 24)
        ball.add(BasicAnimation<Double>(keyPath: "position.x", toValue: pw - 64, timing: loop(1.5, autoreverses: true),
                                        timingFunction: function), forKey: "move")
        add(ball, to: panels[0])
    }
    // 1: keyframes, five rows.
    for row in 0..<5 {
        let ball = box(40, 80 + Double(row) * 80, 32, 32, color: colors[row % colors.count], radius: 16)
        ball.add(KeyframeAnimation<Double>(keyPath: "position.x", values: [56, pw - 80, pw - 150, pw - 56],
                                           calculationMode: [.linear, .discrete, .paced, .cubic, .cubicPaced][row],
                                           timing: loop(1.5, autoreverses: true)), forKey: "mode")
        add(ball, to: panels[1])
    }
    // 2: a square turning and changing colour.
    let square = box(pw / 2 - 80, ph / 2 - 80, 160, 160, color: colors[5], radius: 24)
    square.add(BasicAnimation<Color>(keyPath: "backgroundColor", toValue: colors[4], timing: loop(1.5, autoreverses: true)),
               forKey: "colour")
    square.add(BasicAnimation<Double>(keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi,
                                      timing: loop(1.5, autoreverses: true), timingFunction: .easeInEaseOut), forKey: "turn")
    add(square, to: panels[2])
    // 3: a pulse of scale, corner radius and border.
    let pulse = box(pw / 2 - 90, ph / 2 - 90, 180, 180, color: colors[3], radius: 8, border: (0, white))
    pulse.add(KeyframeAnimation<Double>(keyPath: "transform.scale", values: [1, 1.4, 0.8, 1], timing: loop(3)), forKey: "scale")
    pulse.add(BasicAnimation<Double>(keyPath: "cornerRadius", toValue: 90, timing: loop(1.5, autoreverses: true)), forKey: "radius")
    pulse.add(BasicAnimation<Double>(keyPath: "borderWidth", fromValue: 0, toValue: 16, timing: loop(1.5, autoreverses: true)),
              forKey: "border")
    add(pulse, to: panels[3])
    // 4: a move with an additive wiggle.
    let wiggler = box(40, ph / 2 - 24, 48, 48, color: colors[4], radius: 24)
    wiggler.add(BasicAnimation<Double>(keyPath: "position.x", toValue: pw - 64, timing: loop(3), timingFunction: .easeInEaseOut),
                forKey: "move")
    wiggler.add(KeyframeAnimation<Double>(keyPath: "position.y", values: [0, -60, 0, 60, 0], calculationMode: .cubic,
                                          timing: MediaTiming(duration: 0.5, repeatCount: .infinity), isAdditive: true),
                forKey: "wiggle")
    add(wiggler, to: panels[4])
    // 5: a cube in perspective, six single-sided faces keyframed around a tilted axis.
    let stage = box(0, 0, pw, ph, color: nil)
    var perspective = Transform3D.identity
    perspective.m34 = -1 / 800
    stage.sublayerTransform = perspective
    let side = 180.0
    let tilt = Transform3D(rotationAngle: -0.45, x: 1, y: 0, z: 0)
    let orientations: [Transform3D] = [
        .identity, Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0),
        Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0), Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0),
        Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0),
    ]
    for (f, orientation) in orientations.enumerated() {
        let face = box(pw / 2 - side / 2, ph / 2 - side / 2, side, side, color: colors[f].withAlpha(0.92), radius: 20,
                       border: (5, white))
        face.anchorPointZ = -side / 2
        face.isDoubleSided = false
        let values = (0...24).map { i in
            orientation.concatenating(Transform3D(rotationAngle: 2 * .pi * Double(i) / 24, x: 0, y: 1, z: 0)).concatenating(tilt)
        }
        face.transform = values[0]
        face.add(KeyframeAnimation<Transform3D>(keyPath: "transform", values: values, timing: loop(3)), forKey: "spin")
        add(face, to: stage)
    }
    add(stage, to: panels[5])
    // 6: opacity groups: two circles in a group at 0.6, two circles at 0.6 each.
    for row in 0..<2 {
        let holder = box(0, 60 + Double(row) * 220, pw, 200, color: nil)
        if row == 0 { holder.opacity = 0.6 }
        for i in 0..<2 {
            let circle = box(pw / 2 - 90 + Double(i) * 70, 10, 180, 180, color: colors[i == 0 ? 5 : 0], radius: 90)
            if row == 1 { circle.opacity = 0.6 }
            circle.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: i == 0 ? 40 : -40,
                                              timing: loop(1.5, autoreverses: true), isAdditive: true), forKey: "meet")
            add(circle, to: holder)
        }
        add(holder, to: panels[6])
    }
    // 7: a rotating rounded clip over sliding stripes, a circular clip nested in it.
    let clip = box(pw / 2 - 150, ph / 2 - 150, 300, 300, color: rgb(0x202533), radius: 60, border: (8, white))
    clip.masksToBounds = true
    clip.add(BasicAnimation<Double>(keyPath: "transform.rotation.z", fromValue: 0, toValue: .pi / 2, timing: loop(3)),
             forKey: "turn")
    let stripes = box(-180, -180, 660, 660, color: nil)
    for i in 0..<11 {
        add(box(Double(i) * 60, 0, 30, 660, color: colors[i % 2 == 0 ? 1 : 0]), to: stripes)
    }
    stripes.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    stripes.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: 120, timing: loop(3), isAdditive: true),
                forKey: "slide")
    add(stripes, to: clip)
    let porthole = box(72, 72, 156, 156, color: rgb(0x0E1016), radius: 78, border: (5, colors[4]))
    porthole.masksToBounds = true
    let runner = box(-90, 48, 90, 60, color: colors[4], radius: 12)
    runner.add(BasicAnimation<Double>(keyPath: "position.x", fromValue: 0, toValue: 246, timing: loop(1.5), isAdditive: true),
               forKey: "run")
    add(runner, to: porthole)
    add(porthole, to: clip)
    add(clip, to: panels[7])
    return [root]
}
