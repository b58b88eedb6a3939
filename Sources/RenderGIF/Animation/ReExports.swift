// The types an `Animation`'s settings hold, re-exported so that `import RenderGIF` is all a
// Swift program needs to describe one.
@_exported import struct Raster.RGB8
@_exported import enum Raster.ContentsGravity
@_exported import enum ArcScene.TimingFunction
@_exported import enum ArcScene.PathMode
@_exported import enum Palette.DitherMode
