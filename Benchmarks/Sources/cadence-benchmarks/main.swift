import BenchmarkShim
#if canImport(Glibc)
import Glibc
#endif

// Cadence's benchmarks: `Benchmarks/run.sh [--march] [google-benchmark flags]`.
// Every benchmark is registered here, then Google Benchmark runs the ones its flags select.

registerTimingFunctionBenchmarks()
registerTimeConversionBenchmarks()
registerGeometryBenchmarks()
registerAnimationBenchmarks()
registerLayerBenchmarks()
registerCompositorBenchmarks()
registerContentsAndShadowBenchmarks()
exit(cadence_benchmark_run(CommandLine.argc, CommandLine.unsafeArgv))
