// The umbrella module: `import Cadence` brings in every public module and nothing else.
@_exported import CadenceAnimation
@_exported import CadenceCompositor
@_exported import CadenceGeometry
@_exported import CadenceImageIO
@_exported import CadenceLayers
@_exported import CadencePixels
@_exported import CadenceScene
@_exported import CadenceText
@_exported import CadenceTiming
