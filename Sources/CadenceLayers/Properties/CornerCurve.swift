/// The curve of a layer's rounded corners (Core Animation's `cornerCurve`, the
/// `CALayerCornerCurve` constants; the raw values are their strings). Default `.circular`.
///
/// - `.circular`: a quarter circle of radius `cornerRadius`, meeting the straight edges
///   `cornerRadius` from the corner (its curvature jumps from 0 to 1/r there).
/// - `.continuous`: Core Animation's smoother corner (iOS 13, macOS 10.15), which starts
///   farther from the corner, about 1.528 × `cornerRadius`, and whose curvature grows
///   continuously from the straight edge. Apple does not document its shape; the
///   compositor draws a superellipse with the same depth at 45° as the circle
///   (`docs/compositor.md`, "Corners").
///
/// The layer only holds the choice; hit testing ignores it, as it ignores `cornerRadius`.
public enum CornerCurve: String, CaseIterable, Hashable, Sendable, Codable {
    case circular, continuous
}
