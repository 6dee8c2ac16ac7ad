// Getting started with Cadence: a timing function, a media timing, an animation on a
// layer, its presentation at a time, and a frame rendered to PNG bytes. The DocC
// "Getting Started" articles show this file; `swift build` compiles it.
import Cadence

// A cubic Bézier timing function, solved within 4.6e-13 of the exact curve.
let ease = TimingFunction.easeInEaseOut
let eased = ease.progress(at: 0.25)  // 0.1291…

// CAMediaTiming: where a time falls in an animation's repeats.
let timing = MediaTiming(duration: 1, repeatCount: 2.5, autoreverses: true, fillMode: .forwards)
let state = timing.state(atParentTime: 4.2)  // iteration 2, not reversed, progress 0.2

// A layer with an explicit animation of its position.
let layer = Layer()
layer.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
layer.position = Point(x: 80, y: 50)
layer.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
layer.cornerRadius = 12
let move = BasicAnimation<Point>(
    keyPath: "position", fromValue: Point(x: 80, y: 50), toValue: Point(x: 240, y: 50),
    timing: MediaTiming(duration: 2), timingFunction: ease)
layer.add(move, forKey: "move", beginningAt: 0)

// What the screen shows at t = 1 s, and that frame as pixels and PNG bytes.
let presented = layer.presentation(at: 1)
let bitmap = try Compositor().render([layer], at: 1, on: Canvas(width: 320, height: 100, background: .white))
let png = try PNGEncoder.encode(bitmap)
// snippet.hide
precondition(eased > 0.12 && eased < 0.13 && state.iteration == 2 && presented.position.x > 80 && png.count > 0)
