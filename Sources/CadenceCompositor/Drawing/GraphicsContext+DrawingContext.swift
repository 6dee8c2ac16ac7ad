import CadenceLayers

/// `GraphicsContext` is the painting `DrawingContext`: drawing code written against the
/// protocol (a layer delegate's `draw(_:in:)`) paints through it at once, and the
/// compositor replays layers' recorded backing stores (`DisplayList`) through it.
extension GraphicsContext: DrawingContext {}
