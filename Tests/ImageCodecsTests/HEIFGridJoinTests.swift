import CHEIF
import Foundation
@testable import ImageCodecs
import Testing

/// `HEIFGridDecoder` joins a grid's tiles, decoded two at a time, into the very planes
/// libheif's own decoding of the grid gives.
@Suite enum HEIFGridJoinTests {
    /// The primary image of `rewritten` decoded by libheif as `HEIFDecoder` asks for it.
    static func libheifPlanes(_ rewritten: HEIFRewrittenFile, id: UInt32) throws -> OpaquePointer {
        let reader = HEIFFileReader(rewritten)
        return try withExtendedLifetime(reader) {
            let context = try HEIFDecoder.makeContext(limits: .default, path: "grid")
            defer { heif_context_free(context) }
            try HEIFDecoder.check(heif_context_read_from_reader(context, reader.table, reader.userdata, nil), path: "grid")
            var handle: OpaquePointer?
            try HEIFDecoder.check(heif_context_get_image_handle(context, id, &handle), path: "grid")
            defer { heif_image_handle_release(handle) }
            var image: OpaquePointer?
            let options = heif_decoding_options_alloc()
            defer { heif_decoding_options_free(options) }
            options?.pointee.ignore_transformations = 1
            try HEIFDecoder.check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_444, options), path: "grid")
            return try #require(image)
        }
    }

    /// Every row of every channel, as bytes.
    static func rows(_ image: OpaquePointer) -> [[UInt8]] {
        [heif_channel_R, heif_channel_G, heif_channel_B].flatMap { channel -> [[UInt8]] in
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, channel, &stride) else { return [] }
            let width = Int(heif_image_get_width(image, channel)), height = Int(heif_image_get_height(image, channel))
            let rowBytes = width * (heif_image_get_bits_per_pixel_range(image, channel) > 8 ? 2 : 1)
            return (0 ..< height).map { y in Array(UnsafeBufferPointer(start: plane + y * Int(stride), count: rowBytes)) }
        }
    }

    @Test(arguments: ["grid.heic", "grid-rotated.heic"])
    static func theJoinedPlanesAreLibheifs(name: String) throws {
        let bytes = try HEIFRewriteTests.bytes(name)
        let items = try HEIFItems(bytes)
        let rewritten = try HEIFIdentityColour.rewrite(bytes, items: items)
        let grid = try #require(items.items.first { $0.value.type == "grid" }?.key)
        let decoder = try #require(HEIFGridDecoder(grid, of: items))
        #expect(decoder.tiles.count >= 2)
        #expect(decoder.origins.first! == (0, 0))
        let joined = try #require(try decoder.decode(rewritten, options: nil, limits: .default, path: name))
        defer { heif_image_release(joined) }
        let reference = try libheifPlanes(rewritten, id: grid)
        defer { heif_image_release(reference) }
        #expect(heif_image_get_width(joined, heif_channel_G) == heif_image_get_width(reference, heif_channel_G))
        #expect(heif_image_get_height(joined, heif_channel_G) == heif_image_get_height(reference, heif_channel_G))
        #expect(rows(joined) == rows(reference))
        // One tile at a time (a process short of threads): the same planes.
        let alone = try #require(try decoder.decode(rewritten, options: nil, limits: .default, path: name, concurrently: false))
        defer { heif_image_release(alone) }
        #expect(rows(alone) == rows(reference))
    }

    /// A tile, which libheif 1.15 gives no handle of, is made the primary item of a copy of
    /// the file, not hidden, which libheif then reads as such.
    @Test static func aTileIsMadeThePrimaryOfItsOwnCopy() throws {
        let bytes = try HEIFRewriteTests.bytes("grid.heic")
        let items = try HEIFItems(bytes)
        let rewritten = try HEIFIdentityColour.rewrite(bytes, items: items)
        let grid = try #require(items.items.first { $0.value.type == "grid" }?.key)
        let tile = try #require(items.referenced("dimg", from: grid).last)
        let copy = try #require(rewritten.withPrimary(tile))
        let reader = HEIFFileReader(copy)
        try withExtendedLifetime(reader) {
            let context = try HEIFDecoder.makeContext(limits: .default, path: "grid")
            defer { heif_context_free(context) }
            try HEIFDecoder.check(heif_context_read_from_reader(context, reader.table, reader.userdata, nil), path: "grid")
            var primary: heif_item_id = 0
            try HEIFDecoder.check(heif_context_get_primary_image_ID(context, &primary), path: "grid")
            #expect(primary == tile)
        }
        #expect(rewritten.withPrimary(0x1_0000) == nil, "a 16-bit pitm cannot name item 65536")
    }
}
