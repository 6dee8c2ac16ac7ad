import CadenceGeometry
import CadenceLayers

// The 100-layer 1080p frame (issue 6), drawn by the benchmarks, the thread rows and the
// interleaved ratios.

/// 100 layers on a 1920 × 1080 canvas: an opaque root; 10 panels (rounded, bordered, at
/// opacity 0.85 — each an offscreen group, as each draws itself and has sublayers), five of
/// them clipping to their rounded bounds (coverage masks); 8 cards per panel (rounded,
/// bordered, every third turned by 0.2 rad, the right column overhanging the panel's edge);
/// 9 translucent badges over everything (rounded, bordered, turned).
public func makeHundredLayerScene() -> [Layer] {
    let palette: [Color] = [rgb(0x4C8DFF), rgb(0xFF8A3D), rgb(0xFF4F8B), rgb(0x3DDC97), rgb(0xFFD23F), rgb(0x9B6BFF)]
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    var count = 1
    for p in 0..<10 {
        let panel = box(Double(p % 5) * 384 + 14, Double(p / 5) * 540 + 14, 356, 512, color: rgb(0x171A23), radius: 24,
                        border: (3, rgb(0x2A3040)))
        panel.opacity = 0.85
        panel.masksToBounds = p % 2 == 0
        count += 1
        for c in 0..<8 {
            let card = box(Double(c % 2) * 178 + 24, Double(c / 2) * 122 + 20, 150, 104,
                           color: palette[(p + c) % palette.count], radius: 14, border: (2, rgb(0xF4F6FB, 0.9)))
            if c % 3 == 0 { card.transform = Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1) }
            add(card, to: panel)
            count += 1
        }
        add(panel, to: root)
    }
    for b in 0..<9 {
        let badge = box(Double(b) * 205 + 40, Double(b % 3) * 330 + 120, 180, 110, color: palette[b % palette.count].withAlpha(0.7),
                        radius: 20, border: (4, rgb(0xF4F6FB)))
        badge.transform = Transform3D(rotationAngle: -0.3 + 0.07 * Double(b), x: 0, y: 0, z: 1)
        add(badge, to: root)
        count += 1
    }
    precondition(count == 100)
    return [root]
}
