import Raster

/// What a `StillTileRefiner`'s choices depend on besides the frames: two refiners with equal
/// settings plan the same tables and write the same refinements, so work one of them did
/// ahead (an `OpeningPlan`) serves the other.
struct StillTileSettings: Equatable, Sendable {
    /// Screen width in pixels.
    var width: Int
    /// Screen height in pixels.
    var height: Int
    /// The side of a tile in pixels.
    var tileSize: Int
    /// The most entries a tile's table may hold, its transparent slot included.
    var maxColors: Int
    /// Tiles showing at least this PSNR (dB, over their non-background pixels) are left alone.
    var targetPSNR: Double
    /// The interface's colours: its background does not count as content, and a table keeps
    /// the exact colours (flat colours and `rampLevels` ramps) its tile shows.
    var interfaceColors: InterfaceColors
    /// Anti-aliasing ramp levels of the interface's lines.
    var rampLevels: Int
}

extension StillTileSettings {
    /// How many tiles split the screen across (the last one cut at the edge).
    var tileColumns: Int { (width + tileSize - 1) / tileSize }
    /// How many tiles split the screen down (the last one cut at the edge).
    var tileRows: Int { (height + tileSize - 1) / tileSize }

    /// The screen rectangle of tile `tile` (numbered row by row), cut at the screen's edges.
    func rect(ofTile tile: Int) -> PixelRect {
        let x = (tile % tileColumns) * tileSize, y = (tile / tileColumns) * tileSize
        return PixelRect(x: x, y: y, width: min(tileSize, width - x), height: min(tileSize, height - y))
    }

    /// The tiles whose rectangles meet `rect`, with their rectangles.
    func tiles(meeting rect: PixelRect) -> [(tile: Int, rect: PixelRect)] {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return [] }
        var found: [(tile: Int, rect: PixelRect)] = []
        for row in area.y / tileSize ... (area.maxY - 1) / tileSize {
            for column in area.x / tileSize ... (area.maxX - 1) / tileSize {
                let tile = row * tileColumns + column
                found.append((tile, self.rect(ofTile: tile)))
            }
        }
        return found
    }

    /// The interface's exact colours (flat colours and line ramps) that every global table
    /// planned with these settings holds, packed: the ones a table of `maxColors` entries keeps
    /// beside a transparent slot (every table the palette planner tries holds them all). A
    /// tile showing only these is shown exactly once written, so it is never refined.
    var colorsEveryGlobalTableHolds: Set<UInt32> {
        Set(interfaceColors.fixedColors(rampLevels: rampLevels, limit: maxColors - 1).map(\.packed))
    }
}

extension Set<UInt32> {
    /// Whether every one of `colors` (packed) is in the set; a run of one colour (plain
    /// background, mostly) is looked up once.
    func containsEvery(_ colors: [UInt32]) -> Bool {
        var last = UInt32.max
        for color in colors where color != last {
            guard contains(color) else { return false }
            last = color
        }
        return true
    }
}

extension GIFEncodingOptions {
    /// The still refinement's settings for a `width` x `height` screen, or nil when these
    /// options do not refine still tiles.
    func stillTileSettings(width: Int, height: Int, interfaceColors: InterfaceColors) -> StillTileSettings? {
        guard refinesStillTilesInEffect else { return nil }
        return StillTileSettings(width: width, height: height, tileSize: refinementTileSize, maxColors: colors,
                                 targetPSNR: refinementTarget, interfaceColors: interfaceColors, rampLevels: rampLevels)
    }
}
