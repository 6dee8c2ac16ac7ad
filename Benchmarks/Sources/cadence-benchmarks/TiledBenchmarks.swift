import BenchmarkShim
import BenchmarkSupport
@_spi(Testing) import CadenceCompositor
import CadenceGeometry
import CadenceLayers
import CadencePixels
#if canImport(Glibc)
import Glibc
#endif

// Tiled layers (docs/compositor.md § 21): whole 1080p frames of a zoom into a tiled layer
// whose tiles are all cached, the render list (level choice, tile lookups) included.

/// The zooms the benchmark cycles through: 16 steps from 0.6× to 1.9×, crossing from
/// level 2 (1×) to level 1 (2×).
let tiledZooms = (0..<16).map { 0.6 * pow(1.9 / 0.6, Double($0) / 15) }

/// A 1920 × 1080 frame: an opaque root and a 100,000-point tiled layer (9 levels, bias 2:
/// 4× … 1/64×) of a two-colour checkerboard, centred, scaled about its middle.
func makeTiledScene() -> (roots: [Layer], tiled: TiledLayer) {
    let root = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    let tiled = TiledLayer()
    tiled.bounds = Rect(x: 0, y: 0, width: 100_000, height: 100_000)
    tiled.position = Point(x: 960, y: 540)
    tiled.levelsOfDetail = 9
    tiled.levelsOfDetailBias = 2
    tiled.pattern = TiledLayerPattern(color: rgb(0xF2EBDD), alternateColor: rgb(0x3D5A80), cellSize: 32)
    add(tiled, to: root)
    return ([root], tiled)
}

func registerTiledBenchmarks() {
    let fullHD = Canvas(width: 1920, height: 1080)
    let compositor = Compositor(threadCount: 1, tileCacheByteLimit: 1 << 30)
    let (roots, tiled) = makeTiledScene()
    for zoom in tiledZooms {
        tiled.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
        _ = try! compositor.render(roots, at: 0, on: fullHD)
    }
    let drawn = compositor.tiles.statistics.drawn
    for zoom in tiledZooms {
        tiled.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
        _ = compositor.renderList(roots, at: 0, on: fullHD)
    }
    precondition(compositor.tiles.statistics.drawn == drawn, "the tiled benchmark's tiles are not all cached")
    report("tiled zoom: \(drawn) tiles cached, \(compositor.tiles.statistics.bytes >> 20) MiB")
    registerBenchmark(
        "Compositor.render: tiled-layer zoom frame, tiles cached (100,000-pt layer, 0.6x...1.9x) 1920x1080",
        itemsPerIteration: 1920 * 1080
    ) { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            let zoom = tiledZooms[k & 15]
            tiled.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
            let bitmap = try! compositor.render(roots, at: 0, on: fullHD)
            sink ^= UInt64(bitmap.pixels[(k &* 4097) % bitmap.pixels.count])
        }
        cadence_benchmark_consume(sink)
    }
    // The same zooms of one 4096 × 4096 bitmap shown as a plain layer's contents: what the
    // pixels cost without tiles.
    let plainRoot = box(0, 0, 1920, 1080, color: rgb(0x0E1016))
    let plain = Layer()
    plain.bounds = Rect(x: 0, y: 0, width: 4096, height: 4096)
    plain.position = Point(x: 960, y: 540)
    let image = try! GraphicsContext(width: 4096, height: 4096)
    TiledLayerPattern(color: rgb(0xF2EBDD), alternateColor: rgb(0x3D5A80), cellSize: 32)
        .draw(in: image, over: Rect(x: 0, y: 0, width: 4096, height: 4096))
    plain.contents = image.bitmap
    add(plain, to: plainRoot)
    let plainCompositor = Compositor(threadCount: 1)
    registerBenchmark(
        "baseline: Compositor.render: one 4096x4096 contents image, same zooms 1920x1080", itemsPerIteration: 1920 * 1080
    ) { n in
        var sink: UInt64 = 0
        for k in 0..<Int(n) {
            let zoom = tiledZooms[k & 15]
            plain.transform = Transform3D(scaleX: zoom, y: zoom, z: 1)
            let bitmap = try! plainCompositor.render([plainRoot], at: 0, on: fullHD)
            sink ^= UInt64(bitmap.pixels[(k &* 4097) % bitmap.pixels.count])
        }
        cadence_benchmark_consume(sink)
    }
}
