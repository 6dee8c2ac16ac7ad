/// The axes a scroll layer may scroll along (Core Animation's `kCAScroll…` constants; the
/// raw values are their strings).
public enum ScrollMode: String, CaseIterable, Hashable, Sendable {
    /// `kCAScrollNone`: the layer does not scroll.
    case none
    /// `kCAScrollVertically`: along y only.
    case vertically
    /// `kCAScrollHorizontally`: along x only.
    case horizontally
    /// `kCAScrollBoth`: along both axes (`CAScrollLayer`'s default).
    case both

    /// Whether the layer may scroll along x.
    public var scrollsHorizontally: Bool { self == .horizontally || self == .both }
    /// Whether the layer may scroll along y.
    public var scrollsVertically: Bool { self == .vertically || self == .both }
}
