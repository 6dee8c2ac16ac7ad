import BenchmarkShim
#if canImport(Glibc)
import Glibc
#endif

// Cadence's benchmarks: `Benchmarks/run.sh [--march] [google-benchmark flags]`.
// Every benchmark is registered here, then Google Benchmark runs the ones its flags select.

// `--band-profile` prints the per-band profile of the 1080p frames instead (ThreadBenchmarks.swift).
if CommandLine.arguments.contains("--band-profile") {
    printBandProfile()
    exit(0)
}

registerTimingFunctionBenchmarks()
registerTimeConversionBenchmarks()
registerGeometryBenchmarks()
registerAnimationBenchmarks()
registerLayerBenchmarks()
registerCompositorBenchmarks()
registerReplicatorBenchmarks()
registerEmitterBenchmarks()
registerTiledBenchmarks()
registerTextBenchmarks()
registerDrawingBenchmarks()
registerGradientBenchmarks()
registerContentsAndShadowBenchmarks()
registerThreadBenchmarks()
registerLottieBenchmarks()
registerPNGBenchmarks()
exit(cadence_benchmark_run(CommandLine.argc, CommandLine.unsafeArgv))
