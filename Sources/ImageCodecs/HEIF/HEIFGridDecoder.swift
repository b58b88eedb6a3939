import CHEIF
import WorkThreads

/// Decodes a grid picture's tiles two at a time, each through a libheif context of its own
/// reading the same rewritten file, and joins them into one RGB 4:4:4 image as libheif 1.15
/// joins a grid (`HeifContext::decode_full_grid_image`): R, G and B planes of the grid's size,
/// as deep as its `pixi` says (else as the first tile), each tile placed after the declared
/// widths of the ones before it in its row and below the rows above, cut at the grid's edges.
/// The planes are those libheif's own decoding of the grid gives; the time is about half on
/// two cores, since libheif decodes a grid's tiles one after another when it must not start
/// threads of its own (`render_gif_heif_set_limits`), and its HEVC decoder uses one thread.
///
/// Taken for grids without alpha of two tiles or more; the first tile is decoded on the
/// calling thread (so that the decoders' one-time set-up happens there), the others by two
/// workers (the caller and a helper of `WorkerPool`, or the caller alone when the system gives
/// no helper). A tile with an alpha plane of
/// its own sends the grid back to libheif, which joins that too.
struct HEIFGridDecoder {
    /// The grid's tiles, row by row, where each goes, and the grid's size.
    let tiles: [heif_item_id]
    let origins: [(x: Int, y: Int)]
    let width: Int
    let height: Int
    /// The joined planes' depth when the grid has a `pixi` (0 for one libheif refuses: no
    /// channel, or channels of different depths), else nil for the first tile's.
    let declaredDepth: Int?
    /// What decoding a second tile at once adds to the decoding plan's peak: the largest
    /// tile's decoder planes, libheif's copy and its RGB 4:4:4 planes (6 bytes a pixel at
    /// 8 bits 4:2:0, as `HEIFDecodingPlan` counts a coded image), at 2 bytes a sample.
    let secondTileBytes: Int

    /// The grid layout of `id` in `items`, or nil when it is not a grid of two tiles or more
    /// whose tiles declare their sizes (the decoding plan has checked the layout already).
    /// Tiles are placed as libheif 1.15 places them: along a row, each after the declared
    /// width of the one before; each row below the declared height of the row's last tile.
    init?(_ id: heif_item_id, of items: HEIFItems) {
        guard items.items[id]?.type == "grid", let layout = HEIFGridLayout(id, of: items) else { return nil }
        let (rows, columns, width, height) = (layout.rows, layout.columns, layout.width, layout.height)
        let tiles = items.referenced("dimg", from: id)
        guard tiles.count == rows * columns, tiles.count >= 2 else { return nil }
        var origins: [(x: Int, y: Int)] = []
        var largestTile = 0
        var y = 0
        for row in 0 ..< rows {
            var x = 0, rowHeight = 0
            for column in 0 ..< columns {
                guard let size = Self.declaredSize(tiles[row * columns + column], in: items) else { return nil }
                origins.append((x, y))
                largestTile = max(largestTile, size.width * size.height)
                x += size.width
                rowHeight = size.height
            }
            y += rowHeight
        }
        self.tiles = tiles
        self.origins = origins
        self.width = width
        self.height = height
        secondTileBytes = 2 * 6 * largestTile
        declaredDepth = items.property("pixi", of: id).map { pixi in
            // version and flags, the channel count, a depth per channel; libheif 1.15 takes
            // the first and refuses channels of different depths, as `decode` does.
            let body = Array(items.bytes[pixi.body])
            guard body.count >= 6, body[4] >= 1, body.count >= 5 + Int(body[4]) else { return 0 }
            let depths = body[5 ..< 5 + Int(body[4])]
            return depths.allSatisfy { $0 == depths.first } ? Int(depths.first!) : 0
        }
    }

    /// A tile's `ispe` size.
    private static func declaredSize(_ id: heif_item_id, in items: HEIFItems) -> (width: Int, height: Int)? {
        guard let ispe = items.property("ispe", of: id) else { return nil }
        var fields = HEIFCursor(items.bytes, ispe.body)
        guard fields.skip(4), let width = fields.read(4), let height = fields.read(4) else { return nil }
        return (width, height)
    }

    /// The joined image (released by the caller with `heif_image_release`), decoding each tile
    /// of `rewritten` with `options`; nil when a tile has an alpha plane (libheif then joins
    /// the grid itself); throws the first tile's failure in tile order.
    func decode(_ rewritten: HEIFRewrittenFile, options: UnsafeMutablePointer<heif_decoding_options>?,
                limits: ImageLimits, path: String, concurrently: Bool = true) throws(ImageCodecError) -> OpaquePointer? {
        let first = try Self.decodeTile(tiles[0], of: rewritten, options: options, limits: limits, path: path)
        defer { heif_image_release(first) }
        guard heif_image_has_channel(first, heif_channel_Alpha) == 0 else { return nil }
        let channels = [heif_channel_R, heif_channel_G, heif_channel_B]
        let depth = Int32(declaredDepth ?? Int(heif_image_get_bits_per_pixel_range(first, heif_channel_G)))
        guard (8 ... 16).contains(depth) else {
            throw .corrupt(path: path, message: "the grid's pixi box gives no depth of 8 to 16 bits for its channels")
        }
        var created: OpaquePointer?
        try HEIFDecoder.check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_444, &created),
                              path: path)
        guard let joined = created else { throw .corrupt(path: path, message: "libheif made no image for the grid") }
        do throws(ImageCodecError) {
            for channel in channels {
                try HEIFDecoder.check(heif_image_add_plane(joined, channel, Int32(width), Int32(height), depth), path: path)
            }
            var outcomes = [TileOutcome](repeating: .pasted, count: tiles.count)
            outcomes[0] = paste(first, at: 0, into: joined).map(TileOutcome.refused) ?? .pasted
            // Each worker decodes the tiles of its parity and pastes them into their own parts
            // of the joined planes; what became of each tile is kept, the first failure thrown.
            outcomes.withUnsafeMutableBufferPointer { found in
                nonisolated(unsafe) let (found, joinedImage, decodingOptions) = (found, joined, options)
                let decodeParity = { (worker: Int) in
                    for index in stride(from: 1 + worker, to: tiles.count, by: 2) {
                        found[index] = decodeAndPaste(index, of: rewritten, options: decodingOptions, into: joinedImage,
                                                      limits: limits, path: path)
                    }
                }
                if concurrently {
                    WorkerPool.shared.perform(2, decodeParity)
                } else {
                    for worker in 0 ..< 2 { decodeParity(worker) }
                }
            }
            for outcome in outcomes {
                switch outcome {
                case .pasted, .hasAlpha: continue
                case let .failed(error): throw error
                case let .refused(problem): throw .corrupt(path: path, message: problem)
                }
            }
            if outcomes.contains(where: { if case .hasAlpha = $0 { true } else { false } }) {
                heif_image_release(joined)
                return nil
            }
        } catch {
            heif_image_release(joined)
            throw error
        }
        return joined
    }

    /// What became of one tile.
    private enum TileOutcome {
        case pasted
        case failed(ImageCodecError)
        /// It cannot be joined (`paste`'s reason).
        case refused(String)
        /// It has an alpha plane: libheif joins the grid instead.
        case hasAlpha
    }

    /// Decodes tile `index` and pastes it into `joined`.
    private func decodeAndPaste(_ index: Int, of rewritten: HEIFRewrittenFile,
                                options: UnsafeMutablePointer<heif_decoding_options>?, into joined: OpaquePointer,
                                limits: ImageLimits, path: String) -> TileOutcome {
        do throws(ImageCodecError) {
            let tile = try Self.decodeTile(tiles[index], of: rewritten, options: options, limits: limits, path: path)
            defer { heif_image_release(tile) }
            guard heif_image_has_channel(tile, heif_channel_Alpha) == 0 else { return .hasAlpha }
            return paste(tile, at: index, into: joined).map(TileOutcome.refused) ?? .pasted
        } catch {
            return .failed(error)
        }
    }

    /// One tile decoded through a libheif context of its own, reading the file with the tile
    /// as its primary item (libheif 1.15 gives handles only of the primary and top-level items).
    private static func decodeTile(_ id: heif_item_id, of rewritten: HEIFRewrittenFile,
                                   options: UnsafeMutablePointer<heif_decoding_options>?, limits: ImageLimits,
                                   path: String) throws(ImageCodecError) -> OpaquePointer {
        guard let file = rewritten.withPrimary(id) else {
            throw .corrupt(path: path, message: "the primary item cannot name tile \(id)")
        }
        let reader = HEIFFileReader(file)
        return try withExtendedLifetime(reader) { () throws(ImageCodecError) -> OpaquePointer in
            let context = try HEIFDecoder.makeContext(limits: limits, path: path)
            defer { heif_context_free(context) }
            try HEIFDecoder.check(heif_context_read_from_reader(context, reader.table, reader.userdata, nil), path: path)
            var found: OpaquePointer?
            try HEIFDecoder.check(heif_context_get_primary_image_handle(context, &found), path: path)
            guard let handle = found else { throw .corrupt(path: path, message: "libheif found no tile \(id)") }
            defer { heif_image_handle_release(handle) }
            var decoded: OpaquePointer?
            try HEIFDecoder.check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_444, options), path: path)
            guard let image = decoded else { throw .corrupt(path: path, message: "libheif returned no picture for tile \(id)") }
            return image
        }
    }

    /// Copies tile `index`'s planes into `joined` at its place, cut at the grid's edges; the
    /// reason, as libheif 1.15 refuses them, when it lies outside the grid or has another depth.
    private func paste(_ tile: OpaquePointer, at index: Int, into joined: OpaquePointer) -> String? {
        let (x0, y0) = origins[index]
        guard x0 < width, y0 < height else { return "tile \(index + 1) of the grid lies outside it" }
        for channel in [heif_channel_R, heif_channel_G, heif_channel_B] {
            var tileStride: Int32 = 0, joinedStride: Int32 = 0
            let depth = heif_image_get_bits_per_pixel_range(joined, channel)
            guard heif_image_get_bits_per_pixel_range(tile, channel) == depth,
                  let source = heif_image_get_plane_readonly(tile, channel, &tileStride),
                  let target = heif_image_get_plane(joined, channel, &joinedStride) else {
                return "tile \(index + 1) of the grid has another depth than the grid"
            }
            let sampleBytes = depth > 8 ? 2 : 1
            let columns = min(Int(heif_image_get_width(tile, channel)), width - x0)
            let rows = min(Int(heif_image_get_height(tile, channel)), height - y0)
            for y in 0 ..< max(0, rows) {
                (target + (y0 + y) * Int(joinedStride) + x0 * sampleBytes)
                    .update(from: source + y * Int(tileStride), count: max(0, columns) * sampleBytes)
            }
        }
        return nil
    }
}
