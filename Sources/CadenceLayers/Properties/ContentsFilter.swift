/// How a layer's contents are sampled when drawn larger or smaller than their pixels (Core
/// Animation's `magnificationFilter` and `minificationFilter`, the `kCAFilter…` constants;
/// the raw values are their strings). Default `.linear` for both.
///
/// - `.linear`: bilinear interpolation of the four nearest pixels.
/// - `.nearest`: the nearest pixel (hard edges, for pixel art).
/// - `.trilinear`: as a minification filter, linear between the two nearest levels of a
///   mipmap chain, moved by `minificationFilterBias`; as a magnification filter it reads
///   as `.linear` (there is no finer level).
///
/// The layer only holds the choice; the compositor samples (`docs/compositor.md` §9).
public enum ContentsFilter: String, CaseIterable, Hashable, Sendable, Codable {
    case linear, nearest, trilinear
}
