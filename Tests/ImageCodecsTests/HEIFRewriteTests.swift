import Foundation
@testable import ImageCodecs
import Testing

/// The rewrite that makes libheif hand out coded samples (`HEIFIdentityColour`) and the clean
/// aperture arithmetic done as libheif 1.15 does it (`HEIFTransformations.cleanAperture`).
@Suite enum HEIFRewriteTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        try Data(contentsOf: URL(fileURLWithPath: PictureFiles.path(name))).map { $0 }
    }

    /// The nclx `colr` bodies associated with `id`.
    static func nclxBoxes(of id: UInt32, in items: HEIFItems) -> [[UInt8]] {
        (items.items[id]?.properties ?? []).map { items.properties[$0] }.filter { $0.type == "colr" }
            .map { Array(items.bytes[$0.body]) }.filter { $0.starts(with: Array("nclx".utf8)) }
    }

    /// After the rewrite every coded colour item (single images, tiles, thumbnails; HEVC and
    /// AV1) has nclx descriptions only of matrix 0 in full range, every item's data is the
    /// same bytes, alpha items keep their properties, and nothing before the old meta box moved.
    @Test(arguments: ["quadrants.heic", "alpha.heic", "p3-icc.heic", "limited-range.heic", "grid.heic", "thumbnail.heic",
                      "quadrants.avif", "alpha.avif", "orientation-5.heic"])
    static func everyColourItemIsDescribedAsIdentity(name: String) throws {
        let original = try bytes(name)
        let before = try HEIFItems(original)
        let rewritten = try HEIFIdentityColour.rewrite(original, items: before).bytes
        let after = try HEIFItems(rewritten)
        #expect(Set(after.items.keys) == Set(before.items.keys))
        for id in before.items.keys {
            #expect(after.data(of: id, maxBytes: 1 << 24) == before.data(of: id, maxBytes: 1 << 24), "data of item \(id)")
        }
        let colour = HEIFIdentityColour.colourItems(before)
        #expect(!colour.isEmpty)
        for id in colour {
            let boxes = nclxBoxes(of: id, in: after)
            #expect(!boxes.isEmpty, "item \(id)")
            for box in boxes { #expect(box.count >= 11 && box[8] == 0 && box[9] == 0 && box[10] & 0x80 != 0, "item \(id)") }
            // The other properties stay, in their order.
            let kept = { (items: HEIFItems) in (items.items[id]?.properties ?? []).map { items.properties[$0] }
                .filter { !($0.type == "colr" && items.bytes[$0.body].starts(with: Array("nclx".utf8))) }
                .map { Array(items.bytes[$0.whole].dropFirst(4)) } }
            #expect(kept(after) == kept(before), "item \(id)")
        }
        for id in before.items.keys where before.property("auxC", of: id) != nil {
            let types = { (items: HEIFItems) in (items.items[id]?.properties ?? []).map { items.properties[$0].type } }
            #expect(types(after) == types(before), "alpha item \(id)")
        }
        let meta = HEIFBox.list(original, in: 0 ..< original.count, untilDamaged: true)!.last { $0.type == "meta" }!
        #expect(rewritten.prefix(meta.start) == original.prefix(meta.start))
    }

    /// An item with an nclx box of its own (heif-enc gives AV1 items one: BT.601, full range)
    /// has it set in place: no second one is added.
    @Test static func anItemsOwnDescriptionIsSetInPlace() throws {
        let original = try bytes("coded-420.avif")
        let before = try HEIFItems(original)
        let after = try HEIFItems(try HEIFIdentityColour.rewrite(original, items: before).bytes)
        for id in HEIFIdentityColour.colourItems(before) {
            let own = nclxBoxes(of: id, in: before)
            #expect(own.count == 1 && own[0][9] == 6)
            #expect(nclxBoxes(of: id, in: after) == [Array(own[0].prefix(8)) + [0, 0, 0x80]])
        }
    }

    /// A last box without a size (to the end of the file) or claiming more bytes than the file
    /// has gets the size of what it holds, so that the added meta box after it is read: the
    /// picture decodes as from the file as written.
    @Test static func aLastBoxRunningToTheEndGetsItsSize() throws {
        let original = try bytes("quadrants.heic")
        let boxes = HEIFBox.list(original, in: 0 ..< original.count)!
        let last = boxes.last!
        #expect(last.type != "meta")
        let expected = try HEIFDecoder.decode(original, path: "quadrants.heic")
        for size: UInt32 in [0, UInt32(last.whole.count + 1000)] {
            var changed = original
            changed.replaceSubrange(last.start ..< last.start + 4, with: withUnsafeBytes(of: size.bigEndian) { Array($0) })
            let decoded = try HEIFDecoder.decode(changed, path: "changed.heic")
            #expect(decoded.pixels == expected.pixels, "size field \(size)")
        }
    }

    /// The rewritten file as libheif reads it, piece by piece through `copy`, is the file
    /// with the old meta box renamed and the new one at the insertion point, whatever the pieces.
    @Test static func theRewrittenFileReadsAlikeInAnyPieces() throws {
        let original = try bytes("alpha.heic")
        let file = try HEIFIdentityColour.rewrite(original, items: try HEIFItems(original))
        let whole = file.bytes
        #expect(whole.count == original.count + file.meta.count)
        #expect(whole[file.insertion ..< file.insertion + file.meta.count].elementsEqual(file.meta))
        #expect(whole[32 ..< 36].elementsEqual(Array("free".utf8)), "the old meta box, after ftyp, is free space")
        #expect(whole[..<32] == original[..<32] && whole[36 ..< file.insertion] == original[36 ..< file.insertion])
        for (start, length) in [(0, whole.count), (30, 9), (34, 1), (file.insertion - 3, 10), (whole.count - 5, 5)] {
            var piece = [UInt8](repeating: 0, count: length)
            let read = piece.withUnsafeMutableBytes { file.copy(from: start, length: length, into: $0.baseAddress!) }
            #expect(read && piece == Array(whole[start ..< start + length]), "\(length) bytes at \(start)")
        }
        var past = [UInt8](repeating: 0, count: 4)
        #expect(!past.withUnsafeMutableBytes { file.copy(from: whole.count - 3, length: 4, into: $0.baseAddress!) })
    }

    /// libheif 1.15's crop, worked out by hand: on a 10 x 8 picture a 5 x 4 aperture offset by
    /// (1/2, 0): centre x = 1/2 + 9/2 = 5, left = 5 − 4/2 = 3, right = 4 + 3 = 7; centre y = 7/2,
    /// top = round(7/2 − 3/2) = 2, bottom = 3 + 2 = 5.
    @Test static func theCleanApertureIsCroppedAsLibheifCropsIt() throws {
        let crop = try HEIFTransformations.cleanAperture([5, 1, 4, 1, 1, 2, 0, 1], width: 10, height: 8)
        #expect(crop.left == 3 && crop.right == 7 && crop.top == 2 && crop.bottom == 5)
        // Offset (−3, 0) with the whole width: left = −3 + 9/2 − 9/2, clamped to 0; right = 9 − 3.
        let shifted = try HEIFTransformations.cleanAperture([10, 1, 8, 1, UInt32(bitPattern: -3).asInt, 1, 0, 1], width: 10, height: 8)
        #expect(shifted.left == 0 && shifted.right == 6 && shifted.top == 0 && shifted.bottom == 7)
    }

    /// Apertures libheif 1.15 would divide by zero for (a zero denominator, or one halved to
    /// zero to keep a huge numerator in range), or that leave nothing, are errors, not traps.
    @Test(arguments: [[5, 0, 4, 1, 0, 1, 0, 1], [0x7FFF_FFFF, 1, 4, 1, 0, 1, 0, 1], [5, 1, 4, 1, 100, 1, 0, 1],
                      [5, 1, 4, 1, 0, 0, 0, 1], [0x8000_0000, 1, 4, 1, 0, 1, 0, 1]])
    static func impossibleAperturesAreRefused(values: [Int]) {
        #expect(throws: HEIFItems.Damage.self) { try HEIFTransformations.cleanAperture(values, width: 10, height: 8) }
    }
}

private extension UInt32 {
    var asInt: Int { Int(self) }
}
