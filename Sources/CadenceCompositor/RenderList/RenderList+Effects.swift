import CadenceAnimation
import CadenceGeometry
import CadenceLayers

extension RenderList {
    /// A layer's contents as the rasterizer draws them (`docs/compositor.md` § 9): the image,
    /// the layer's placement properties, sanitised by `ContentsLayout`, and the filters.
    public struct Contents: Hashable, Sendable {
        public var image: ContentsImage
        /// Where the contents go (gravity, `contentsRect`, `contentsCenter`, scale, and
        /// which way up the image lies), resolved against the bounds.
        var layout: ContentsLayout
        public var magnificationFilter: ContentsFilter
        public var minificationFilter: ContentsFilter
        public var minificationFilterBias: Double
        /// The premultiplied colour multiplier of a replicator's copy (§ 19): each sampled
        /// premultiplied texel is multiplied by it, channel by channel; `nil` for none.
        public var tint: SIMD4<Float>?
        /// Whether the contents are added to what is under them (each premultiplied channel
        /// summed, saturating: an `.additive` emitter's particles, § 20) instead of drawn
        /// source-over.
        public var additive = false
        /// The rectangle the contents fill, in layer coordinates (it may overflow the
        /// bounds: `resizeAspectFill`, or a positioned image larger than the bounds).
        public var destination: Rect { layout.destination }

        public static func == (a: Contents, b: Contents) -> Bool {
            a.image === b.image && a.layout == b.layout && a.magnificationFilter == b.magnificationFilter
                && a.minificationFilter == b.minificationFilter && a.minificationFilterBias == b.minificationFilterBias
                && a.tint == b.tint && a.additive == b.additive
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(image))
            hasher.combine(layout)
        }
    }

    /// A layer's shadow in pixels (§ 10).
    public struct Shadow: Hashable, Sendable {
        /// `shadowColor` with its alpha times `shadowOpacity`.
        public var color: Color
        /// The blur's σ in pixels, `shadowRadius · √|det J|`: the Gaussian of this standard
        /// deviation cut at 2σ (`ShadowBlur`), so nothing is painted farther than 2σ.
        public var sigma: Double
        /// `shadowOffset` through the layer's Jacobian `J` at the centre of its bounds.
        public var offset: SIMD2<Double>
        /// `shadowPath`, in layer coordinates; `nil`: the shape is the layer's alpha.
        public var path: Path?
        /// `masksToBounds`: the shadow is clipped to the rounded bounds.
        public var masksToBounds: Bool
        /// The layer's space to pixels at rest: the item's matrix without a transition's
        /// offset (the shadow belongs to the combined rendering), for the path and the clip.
        public var matrix: Transform3D

        /// How far the shadow reaches past its shape on each side, in whole pixels: the
        /// blur's margin (`ShadowBlur.margin(sigma:)`, beyond which the blur is exactly 0)
        /// and one pixel more for the bilinear read of the offset's fractional part.
        var reach: Int { ShadowBlur.margin(sigma: sigma) + 1 }
    }

    /// A transition being drawn (§ 12).
    public struct TransitionDrawing: Hashable, Sendable {
        public var type: TransitionType
        /// The transition's progress, 0…1.
        public var progress: Double
        /// The previous rendering, placed (with its offset) in the layer's superlayer's
        /// plane like the layer itself.
        public var previous: RenderList
    }
}
