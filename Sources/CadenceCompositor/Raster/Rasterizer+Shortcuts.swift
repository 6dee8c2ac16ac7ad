extension Rasterizer {
    /// The shortcuts a rasterizer takes: routes that draw some layers faster than the
    /// general one and give the same bits (the tests compare them, and
    /// `BandRenderingTests.testShortcutsChangeNoByte` renders every golden scene and the
    /// demo with all of them and with `Shortcuts.none`) — all but `fixedPointSprites`,
    /// which stays within a stated bound of its route. Each is on by default; a test turns
    /// one off to reach the route it stands in for.
    struct Shortcuts: Equatable, Sendable {
        /// Whether a layer whose bounds (and border's inner edge) land exactly on pixel edges
        /// draws as spans: every pixel of the rectangle has coverage 1 and every other 0, so
        /// each row is one, two or three runs of one weight, drawn by the uniform kernels with
        /// the weights the general path computes there. `false` (tests) sends every layer
        /// down the general path.
        var alignedSpans = true

        /// Whether an opaque colour at full weight over an unrounded, borderless layer under an
        /// affine map (no clip mask or analytic clip) draws through `cadence_rectangle_draw`
        /// where the CPU has AVX2 (`RoundedRectSampler.rectangle`): the same bits. `false`
        /// (tests) keeps such layers on the Swift rows, the kernel's twin.
        var rectangleKernel = true

        /// Whether a layer with four circular corners (or none) under an affine map, with no
        /// clip mask or analytic clip, draws each row's pieces through `cadence_rounded_row`
        /// (a run of steady rows through `cadence_rounded_steady_rows`) where the CPU has AVX2
        /// (`RoundedRectSampler.roundedRect`): the same bits. `false`
        /// (tests) keeps such layers on the Swift pieces, the kernel's twin.
        var roundedKernel = true

        /// Whether `roundedKernel` also takes such a layer under a clip mask (no analytic
        /// clip), each row's pieces through `cadence_rounded_row_masked` with the mask's bytes
        /// as one more weight: the same bits. `false` (tests) keeps masked layers on the Swift
        /// pieces, the kernel's twin, and the unmasked ones on the kernel.
        var maskedRoundedKernel = true

        /// Whether an axis-aligned layer's steady rows (away from its top and bottom edges and
        /// its corners' band) copy the coverage and spans of the first steady row its band
        /// draws instead of sampling their own, which are the same bits. `false` (tests)
        /// samples every row.
        var steadyRows = true

        /// Whether a layer's interior under a clip mask draws the run where the mask is 255
        /// (`fullRun`) with the uniform kernels, at the weight every pixel of it gets. `false`
        /// (tests) sends such rows down the per-pixel path whole.
        var maskedSpans = true

        /// Whether a layer in perspective draws each row's interior (`RoundedRectSampler`'s
        /// `projectiveInterior`) with the uniform kernels instead of sampling every pixel of
        /// the row, and leaves out the pixels past its row's support (`projectiveSupport`:
        /// coverage 0, which blends to the same bytes); the same bits. `false` (tests) samples
        /// and blends every pixel of the layer's region for its own background and border. It
        /// reaches only that sampler: the samplers made for clips, a contents image's edge and
        /// a shadow's bounds keep their default and fill their rows' interiors with 1 without
        /// sampling and skip what lies past their supports (the values sampling would give).
        var projectiveSpans = true

        /// Whether a layer with four circular corners leaves out of its rows the pixels in its
        /// corners' squares past the grown corner discs (`RoundedRectSampler`'s
        /// `support(leavingOutCorners:)`: coverage 0, which blends to the same bytes), and a
        /// clip mask samples only its rows' supports (writing 0 past them, the byte coverage 0
        /// gives); the same bits. `false` (tests) draws the layers' whole slab spans and
        /// samples every pixel of a mask's rows.
        var cornerSupport = true

        /// Whether a path shadow drawn straight before its layer leaves out the pixels the
        /// layer's background then paints opaque at full weight (`RenderList.opaqueCross`, under
        /// a clip of weight 1, without `masksToBounds`); the same bits. `false` (tests) draws
        /// all of it.
        var leavesOutCoveredShadows = true

        /// Whether a layer's pieces under a clip mask (without analytic clips) leave out their
        /// leading groups of eight pixels and their trailing pixels where the mask is 0
        /// (`maskedPart`): weight 0, which blends to the same bytes, so nothing is sampled,
        /// weighted or blended there; the same bits. `false` (tests) draws the whole pieces.
        var maskZeros = true

        /// Whether an emitter's particles draw through the AVX2 sprite kernel
        /// (`cadence_sprite_run_draw`, where the CPU has AVX2 and the clip is one rectangle)
        /// rather than by the Swift kernel (`Rasterizer.shade`), its reference twin: the same
        /// bits in float lanes (`fixedPointSprites` off). `false` (tests) draws every
        /// particle in Swift.
        var spriteKernel = true

        /// Whether the sprite kernel draws a small particle's rows in fixed point (Q16
        /// coordinates, Q15 coverage) rather than in float lanes: **not the same bits**, within
        /// 5 of 255 a channel of them (derived in `CadenceSprites.h`, held by
        /// `RasterizerSpritesTests`). `false` (tests) draws every row in float lanes, the
        /// Swift kernel's bytes.
        var fixedPointSprites = true

        /// Whether the sprite kernel reads the levels up to 16 texels a side through quad
        /// tables (a pixel's four texels in one load) rather than by gathers: the same texels,
        /// so the same bits. `false` (tests) gathers every texel.
        var spriteQuadTables = true

        /// Whether the sprite kernel reads a gray level (every texel's four channels equal)
        /// through a gray table, sampling one channel for all four, rather than through a colour
        /// quad table: the same integers, so the same bits. `false` (tests) reads every level
        /// in colour.
        var spriteGrayTables = true

        /// Whether the sprite kernel draws its fixed-point rows as halves of four pixels, two a
        /// group of eight, rather than row by row: the same lanes' operations, so the same
        /// bits. `false` (tests) draws every row in groups of its own.
        var spriteHalfGroups = true

        /// Whether an offscreen group whose layer's background paints a cross of its pixels
        /// opaque at full weight, as the first drawing on the group's surface
        /// (`Rasterizer.backgroundCross`), leaves that cross out of the surface's clear: the
        /// background overwrites whatever those pixels held, so the same bits. `false`
        /// (tests) clears every group whole.
        var groupsClearAroundBackgrounds = true

        /// Whether the root's fill (when it covers the canvas opaquely) also leaves out the
        /// rectangles of its direct sublayers' offscreen groups, which then composite over
        /// the root's colour without reading the pixels below
        /// (`RenderList.occluders(into:groupBytes:)`): the same bits. Read by the compositor
        /// when it finds a frame's occluders (`occludesUnderOpaqueLayers` on). `false` (tests)
        /// fills under every group and composites over what the fill wrote.
        var groupsOverRootColor = true

        /// Whether the sprite kernel first picks a run's particles that meet the band being
        /// drawn (two at a time, no branch a particle) and prefetches the next one drawn,
        /// rather than looking at every particle in turn: the same particles in the same
        /// order, so the same bits. `false` (tests) looks at every particle.
        var spritePicking = true

        /// Every shortcut off: every layer down the general routes.
        static let none = Shortcuts(alignedSpans: false, rectangleKernel: false, roundedKernel: false,
                                    maskedRoundedKernel: false, steadyRows: false,
                                    maskedSpans: false, projectiveSpans: false, cornerSupport: false,
                                    leavesOutCoveredShadows: false, maskZeros: false, spriteKernel: false,
                                    fixedPointSprites: false, spriteQuadTables: false, spriteGrayTables: false,
                                    spriteHalfGroups: false, groupsClearAroundBackgrounds: false,
                                    groupsOverRootColor: false, spritePicking: false)
    }
}
