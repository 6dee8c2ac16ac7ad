import Cadence

/// A picture of a timing function, as `cadence curve` draws it.
///
/// A white square; inside its margins, a square plot of input progress `x` (0…1,
/// rightwards) against output progress `y` (upwards). The `y` range is 0…1, widened to
/// whole grid steps to take in the curve's overshoot and its control points, so curves
/// with `y` control points outside 0…1 fit with their handles (the `y` scale is then
/// smaller than the `x` scale). On it, bottom to top: a light grid (0.1 steps across;
/// 0.1 steps up while that gives at most `maxGridLines` lines, else the next of 0.2, 0.5,
/// 1, 2, 5, 10 …; the lines through 0 and 1 darker), the diagonal `y = x` in light grey,
/// the two handles (from (0, 0) to c1 and from (1, 1) to c2) as thin lines with small dots
/// at the control points, and the curve as an anti-aliased dark line through 4 points per
/// pixel of width.
///
/// `y` control points are plotted within `yLimit`; `cadence curve` rejects any beyond it
/// (a handle a thousand units long squashes the curve to a flat line).
struct CurvePlot {
    /// The picture sizes accepted, in pixels.
    static let sizes = 16...4096
    /// The largest `|y|` of a control point that can be plotted.
    static let yLimit = 100.0
    /// The most horizontal grid lines drawn; coarser steps keep within it.
    static let maxGridLines = 40

    static let background = SIMD4<UInt8>(255, 255, 255, 255)
    static let gridColor = SIMD4<UInt8>(232, 232, 232, 255)
    static let unitColor = SIMD4<UInt8>(200, 200, 200, 255)
    static let diagonalColor = SIMD4<UInt8>(190, 190, 190, 255)
    static let handleColor = SIMD4<UInt8>(214, 86, 58, 255)
    static let curveColor = SIMD4<UInt8>(28, 32, 44, 255)

    let function: TimingFunction

    init(_ function: TimingFunction) {
        self.function = function
    }

    /// The horizontal grid: lines at `y = k · tenths / 10` for `k` in `steps`. The `y`
    /// range shown is from the first line to the last.
    struct Grid: Equatable {
        /// The step in tenths: 1 (a 0.1 grid), 2, 5, 10, 20, 50, …
        var tenths: Int
        var steps: ClosedRange<Int>

        /// The `y` of line `k`, exact for the tenths (`Double(k · tenths) / 10`).
        func y(_ k: Int) -> Double { Double(k * tenths) / 10 }
        var range: ClosedRange<Double> { y(steps.lowerBound)...y(steps.upperBound) }
    }

    /// The grid around 0…1, the curve (sampled at 1024 steps) and the two control points
    /// (each clamped to ±`yLimit`).
    var grid: Grid {
        let c1y = Swift.min(Swift.max(function.c1y, -Self.yLimit), Self.yLimit)
        let c2y = Swift.min(Swift.max(function.c2y, -Self.yLimit), Self.yLimit)
        var low = Swift.min(0, c1y, c2y)
        var high = Swift.max(1, c1y, c2y)
        for i in 0...1024 {
            let y = function.progress(at: Double(i) / 1024)
            low = Swift.min(low, y)
            high = Swift.max(high, y)
        }
        // A little slack, so that a curve touching 1.0000001 does not add a step.
        low = Swift.max(low, -Self.yLimit) * 10 + 1e-6
        high = Swift.min(high, Self.yLimit) * 10 - 1e-6
        // Steps of 1, 2, 5, 10, 20, 50, … tenths: the first that keeps within the limit.
        var tenths = 1
        while (high / Double(tenths)).rounded(.up) - (low / Double(tenths)).rounded(.down) + 1
            > Double(Self.maxGridLines)
        {
            var power = 1
            while power * 10 <= tenths { power *= 10 }
            tenths = (tenths / power == 1 ? 2 : tenths / power == 2 ? 5 : 10) * power
        }
        return Grid(
            tenths: tenths,
            steps: Int((low / Double(tenths)).rounded(.down))...Int((high / Double(tenths)).rounded(.up)))
    }

    /// The lowest and highest `y` shown.
    var yRange: ClosedRange<Double> { grid.range }

    /// The picture, `size` × `size` pixels (`size` in `sizes`).
    func render(size: Int) throws -> Bitmap {
        var bitmap = try Bitmap(width: size, height: size, fill: Self.background)
        let side = Double(size)
        let margin = (side * 0.08).rounded()
        let plot = side - 2 * margin
        let grid = self.grid
        let range = grid.range
        let yScale = plot / (range.upperBound - range.lowerBound)  // pixels per unit of y
        func pixel(_ x: Double, _ y: Double) -> Point {
            Point(x: margin + x * plot, y: margin + (range.upperBound - y) * yScale)
        }
        let thin = Swift.max(1, side / 512)
        // Grid lines on pixel centres, so that one pixel wide lines stay crisp.
        func snapped(_ p: Point) -> Point {
            Point(x: p.x.rounded(.down) + 0.5, y: p.y.rounded(.down) + 0.5)
        }

        // Grid: tenths of x across, grid steps of y up; the unit square's sides darker.
        for i in 0...10 {
            let x = Double(i) / 10
            bitmap.strokeLine(
                from: snapped(pixel(x, range.lowerBound)), to: snapped(pixel(x, range.upperBound)), width: thin,
                color: i == 0 || i == 10 ? Self.unitColor : Self.gridColor)
        }
        for k in grid.steps {
            let y = grid.y(k)
            bitmap.strokeLine(
                from: snapped(pixel(0, y)), to: snapped(pixel(1, y)), width: thin,
                color: y == 0 || y == 1 ? Self.unitColor : Self.gridColor)
        }
        if grid.tenths > 10 {  // 0 and 1 are not both grid lines: draw the unit square's sides.
            for y in [0.0, 1.0] {
                bitmap.strokeLine(from: snapped(pixel(0, y)), to: snapped(pixel(1, y)), width: thin, color: Self.unitColor)
            }
        }
        bitmap.strokeLine(from: pixel(0, 0), to: pixel(1, 1), width: thin, color: Self.diagonalColor)

        // Handles.
        let c1 = pixel(function.c1x, function.c1y)
        let c2 = pixel(function.c2x, function.c2y)
        bitmap.strokeLine(from: pixel(0, 0), to: c1, width: thin, color: Self.handleColor)
        bitmap.strokeLine(from: pixel(1, 1), to: c2, width: thin, color: Self.handleColor)
        let dot = Swift.max(2, side / 110)
        bitmap.fillDisc(center: c1, radius: dot, color: Self.handleColor)
        bitmap.fillDisc(center: c2, radius: dot, color: Self.handleColor)

        // The curve.
        let steps = Swift.max(64, Int(plot * 4))
        let points = (0...steps).map { i -> Point in
            let x = Double(i) / Double(steps)
            return pixel(x, function.progress(at: x))
        }
        bitmap.strokePolyline(points, width: Swift.max(1.5, side / 170), color: Self.curveColor)
        return bitmap
    }
}

