/// Rewrites a HEIF file in memory so that libheif hands out the coded samples of its colour
/// pictures unchanged: every coded colour item (HEVC and AV1 items without an `auxC` property,
/// so the primary picture, its tiles and its thumbnails, never alpha or depth planes) is given
/// an nclx colour description whose matrix is the identity (H.273 matrix coefficients 0) in
/// full range. Decoded to RGB 4:4:4, such a picture comes out of every libheif release as
/// G = Y', B = Cb, R = Cr, each chroma sample repeated over the luma samples it covers (with
/// `render_gif_heif_repeat_chroma_samples` for the releases that can interpolate instead);
/// `HEIFPlanarRows` then does the real conversion.
///
/// Nothing before the end of the file's boxes moves, so that no `iloc` offset changes: the
/// `meta` box libheif reads is renamed `free` where it lies and its rewritten copy is added
/// after the last box (an `idat` inside it moves with it, and its items count from it). The
/// result (`HEIFRewrittenFile`) is the file's bytes and these changes, read by libheif through
/// `HEIFFileReader` without a second copy of the file. In the
/// copy, an item's own nclx `colr` box has its matrix and range bytes set in place; an item
/// without one is associated with one added nclx box at the end of `ipco`. A last box that
/// runs to the end of the file (size 0) or claims more than the file holds gets the size of
/// what it has, so that the added box follows it.
enum HEIFIdentityColour {
    /// The nclx `colr` box added: primaries and transfer unspecified (2), matrix identity (0),
    /// full range.
    static let identityBox: [UInt8] = [0, 0, 0, 19] + Array("colrnclx".utf8) + [0, 2, 0, 2, 0, 0, 0x80]

    /// The items given the identity description: coded colour pictures.
    static func colourItems(_ items: HEIFItems) -> [UInt32] {
        items.items.filter { id, item in
            (item.type == "hvc1" || item.type == "av01") && items.property("auxC", of: id) == nil
        }.map(\.key).sorted()
    }

    /// `bytes` (whose items are `items`) with every coded colour item described as identity
    /// in full range, described rather than copied; throws what stands in the way when the
    /// boxes cannot be rewritten, or when an item's data lies after the place the new meta box
    /// goes (bytes after the last box, which would move).
    static func rewrite(_ bytes: [UInt8], items: HEIFItems) throws(HEIFItems.Damage) -> HEIFRewrittenFile {
        let top = HEIFBox.list(bytes, in: 0 ..< bytes.count, untilDamaged: true) ?? []
        guard let meta = top.last(where: { $0.type == "meta" }), meta.body.count >= 4,
              let children = HEIFBox.list(bytes, in: meta.body.lowerBound + 4 ..< meta.body.upperBound) else {
            throw HEIFItems.Damage("the file has no readable meta box")
        }
        let targets = colourItems(items)
        // Each target's own nclx boxes are set in place; the others get the added box.
        var patched: Set<Int> = []
        var unassociated: [UInt32] = []
        for id in targets {
            let own = (items.items[id]?.properties ?? []).filter { index in
                let box = items.properties[index]
                return box.type == "colr" && box.body.count >= 11 && Array(bytes[box.body.prefix(4)]) == Array("nclx".utf8)
            }
            if own.isEmpty { unassociated.append(id) } else { patched.formUnion(own) }
        }
        let iprp = children.first { $0.type == "iprp" }
        let iprpChildren = iprp.flatMap { HEIFBox.list(bytes, in: $0.body) } ?? []
        guard iprp == nil || HEIFBox.list(bytes, in: iprp!.body) != nil else { throw HEIFItems.Damage("the iprp box is damaged") }
        let ipco = iprpChildren.first { $0.type == "ipco" }
        let addedIndex = items.properties.count + 1

        var newIPCO: [UInt8]
        if let ipco {
            newIPCO = Array(bytes[ipco.whole])
            for index in patched {
                let body = items.properties[index].body
                let at = body.lowerBound + 8 - ipco.start
                newIPCO[at] = 0
                newIPCO[at + 1] = 0
                newIPCO[at + 2] = 0x80
            }
            if !unassociated.isEmpty { newIPCO += identityBox }
            try setSize(&newIPCO, from: ipco, in: bytes)
        } else {
            newIPCO = unassociated.isEmpty ? [] : box("ipco", identityBox)
        }

        var newIPRP: [UInt8] = []
        var pending = Set(unassociated)
        var wroteIPCO = false, wroteIPMA = false
        for child in iprpChildren {
            switch child.type {
            case "ipco" where !wroteIPCO:
                newIPRP += newIPCO
                wroteIPCO = true
            case "ipma":
                newIPRP += try associations(child, in: bytes, adding: addedIndex, to: &pending, appendMissing: !wroteIPMA)
                wroteIPMA = true
            default:
                newIPRP += bytes[child.whole]
            }
        }
        if !wroteIPCO { newIPRP = newIPCO + newIPRP }
        if !pending.isEmpty {
            newIPRP += ipma(pending.sorted().map { ($0, [addedIndex]) })
            pending.removeAll()
        }

        var newMeta: [UInt8] = Array(bytes[meta.body.prefix(4)])
        var wroteIPRP = false
        for child in children {
            if child.type == "iprp", !wroteIPRP {
                newMeta += box("iprp", newIPRP)
                wroteIPRP = true
            } else {
                newMeta += bytes[child.whole]
            }
        }
        if !wroteIPRP, !newIPRP.isEmpty { newMeta += box("iprp", newIPRP) }
        newMeta = box("meta", newMeta)

        var patches: [(offset: Int, bytes: [UInt8])] = []
        // The old meta box stays where it is, as free space.
        patches.append((meta.start + 4, Array("free".utf8)))
        var end = top.last?.body.upperBound ?? 0
        if let last = top.last, readSize(bytes, at: last.start) == 0 {
            patches.append((last.start, try sizeField(last.body.upperBound - last.start)))
        }
        if bytes.count - end >= 8 {
            // A box claiming more bytes than there are: it gets what there is.
            if readSize(bytes, at: end) == 1 {
                guard bytes.count - end >= 16 else { throw HEIFItems.Damage("the last box of the file is cut short") }
                patches.append((end + 8, bigEndian(bytes.count - end, bytes: 8)))
            } else {
                patches.append((end, try sizeField(bytes.count - end)))
            }
            end = bytes.count
        }
        if end < bytes.count, items.items.values.contains(where: { $0.extents.contains { $0.upperBound > end } }) {
            throw HEIFItems.Damage("an item's data lies in the bytes after the file's last box")
        }
        return HEIFRewrittenFile(original: bytes, patches: patches, insertion: end, meta: newMeta)
    }

    /// `ipma` box `original` rewritten (as version 1 with 16-bit indices, which can name any
    /// property) with `index` added to the first entry of each item in `pending`, which are
    /// then no longer pending; with `appendMissing`, entries for those still pending after it
    /// are added to it.
    private static func associations(_ original: HEIFBox, in bytes: [UInt8], adding index: Int,
                                     to pending: inout Set<UInt32>, appendMissing: Bool) throws(HEIFItems.Damage) -> [UInt8] {
        var cursor = HEIFCursor(bytes, original.body)
        guard let version = cursor.read(1), let flags = cursor.read(3), let count = cursor.read(4) else {
            throw HEIFItems.Damage("the ipma box is damaged")
        }
        let wide = flags & 1 != 0
        var entries: [(UInt32, [Int])] = []
        var seen: Set<UInt32> = []
        for _ in 0 ..< count {
            guard cursor.remaining > 0 else { break }
            guard let id = cursor.read(version < 1 ? 2 : 4), let number = cursor.read(1) else {
                throw HEIFItems.Damage("the ipma box is damaged")
            }
            var values: [Int] = []
            for _ in 0 ..< number {
                guard let value = cursor.read(wide ? 2 : 1) else { throw HEIFItems.Damage("the ipma box is damaged") }
                // To the 16-bit form: the essential flag in the top bit, the index below it.
                values.append(wide ? value : (value & 0x80) << 8 | value & 0x7F)
            }
            let item = UInt32(id)
            if seen.insert(item).inserted, pending.remove(item) != nil {
                guard values.count < 255 else { throw HEIFItems.Damage("item \(item) has too many properties to add one") }
                values.append(index)
            }
            entries.append((item, values))
        }
        if appendMissing {
            entries += pending.sorted().map { ($0, [index]) }
            pending.removeAll()
        }
        return ipma(entries)
    }

    /// An `ipma` box, version 1 with 16-bit indices, of `entries`.
    private static func ipma(_ entries: [(UInt32, [Int])]) -> [UInt8] {
        var body: [UInt8] = [1, 0, 0, 1]
        body += bigEndian(entries.count, bytes: 4)
        for (id, values) in entries {
            body += bigEndian(Int(id), bytes: 4)
            body.append(UInt8(values.count))
            for value in values { body += bigEndian(value, bytes: 2) }
        }
        return box("ipma", body)
    }

    /// A box of `type` around `body`, with a 4-byte size (boxes built here are small).
    private static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bigEndian(8 + body.count, bytes: 4) + Array(type.utf8) + body
    }

    /// Gives the copy `box` (the bytes of `original`, grown) its new size, in the field the
    /// original has.
    private static func setSize(_ box: inout [UInt8], from original: HEIFBox, in bytes: [UInt8]) throws(HEIFItems.Damage) {
        if readSize(bytes, at: original.start) == 1 {
            box.replaceSubrange(8 ..< 16, with: bigEndian(box.count, bytes: 8))
        } else {
            try writeSize(&box, at: 0, size: box.count)
        }
    }

    private static func readSize(_ bytes: [UInt8], at offset: Int) -> Int? {
        var cursor = HEIFCursor(bytes, from: offset)
        return cursor.read(4)
    }

    private static func writeSize(_ bytes: inout [UInt8], at offset: Int, size: Int) throws(HEIFItems.Damage) {
        guard offset + 4 <= bytes.count else { throw HEIFItems.Damage("a box is too large to rewrite") }
        bytes.replaceSubrange(offset ..< offset + 4, with: try sizeField(size))
    }

    /// A 4-byte box size field.
    private static func sizeField(_ size: Int) throws(HEIFItems.Damage) -> [UInt8] {
        guard size <= Int(UInt32.max) else { throw HEIFItems.Damage("a box is too large to rewrite") }
        return bigEndian(size, bytes: 4)
    }

    private static func bigEndian(_ value: Int, bytes count: Int) -> [UInt8] {
        (0 ..< count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }
}
