/// The items of a HEIF file as its `meta` box declares them, read the way libheif 1.15 reads
/// them (the last top-level `meta` box; the first child box of each kind; the first `infe`,
/// `iloc` entry, `ipma` entry and reference of a kind for an item), so that what is checked
/// here is what libheif will decode: each item's type, properties, references and the bytes
/// of its data. Only what `HEIFDecodingPlan` needs is kept.
struct HEIFItems {
    /// One item of the file.
    struct Item {
        /// The item type: "hvc1", "av01", "grid", "iden", "iovl", "Exif", ...
        var type: String
        /// Where its data lies in the file, extent by extent (empty when `iloc` has no entry).
        var extents: [Range<Int>] = []
        /// Indices into `properties` of the properties associated with it, in order.
        var properties: [Int] = []
        /// True when `iloc` places its data in a way libheif 1.15 cannot read.
        var unreadableData = false
    }

    let bytes: [UInt8]
    private(set) var items: [UInt32: Item] = [:]
    /// The `ipco` property boxes (index 0 is property 1).
    private(set) var properties: [HEIFBox] = []
    /// The item references by type ("dimg", "auxl", ...): from an item to the items it names.
    private(set) var references: [String: [UInt32: [UInt32]]] = [:]

    /// Reads the items of `bytes`; throws what is wrong when the boxes libheif relies on
    /// cannot be read (which libheif, having read the file, mostly refuses itself).
    init(_ bytes: [UInt8]) throws(HEIFItems.Damage) {
        self.bytes = bytes
        guard let meta = HEIFBox.list(bytes, in: 0 ..< bytes.count, untilDamaged: true)?.last(where: { $0.type == "meta" }),
              meta.body.count >= 4 else {
            throw Damage("the file has no meta box")
        }
        // A full box: version and flags first.
        guard let children = HEIFBox.list(bytes, in: meta.body.lowerBound + 4 ..< meta.body.upperBound) else {
            throw Damage("a box inside the meta box runs past its end")
        }
        func first(_ type: String) -> HEIFBox? { children.first { $0.type == type } }
        guard let iinf = first("iinf") else { throw Damage("the file has no iinf box") }
        try readItemInfo(iinf)
        if let iprp = first("iprp") { try readProperties(iprp) }
        if let iloc = first("iloc") { try readLocations(iloc, idat: first("idat")?.body) }
        if let iref = first("iref") { readReferences(iref) }
    }

    /// What makes the boxes unreadable, in words for the error message.
    struct Damage: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The first property of `type` associated with `item`.
    func property(_ type: String, of item: UInt32) -> HEIFBox? {
        items[item]?.properties.lazy.map { properties[$0] }.first { $0.type == type }
    }

    /// The items `item` names by references of `type` (its first such reference).
    func referenced(_ type: String, from item: UInt32) -> [UInt32] {
        references[type]?[item] ?? []
    }

    /// The coded item the pixels of item `id` come from: itself, else the first image a grid,
    /// overlay or `iden` names, followed down at most `maxDepth` derivations.
    func codedItem(of id: UInt32, maxDepth: Int) -> UInt32 {
        var coded = id
        for _ in 0 ..< maxDepth {
            guard let type = items[coded]?.type, ["grid", "iovl", "iden"].contains(type),
                  let first = referenced("dimg", from: coded).first else { break }
            coded = first
        }
        return coded
    }

    /// The items that name `item` by a reference of `type`.
    func referring(_ type: String, to item: UInt32) -> [UInt32] {
        (references[type] ?? [:]).filter { $0.value.contains(item) }.map(\.key).sorted()
    }

    /// The data of `item`, its extents joined, or nil when it has none libheif could read or
    /// it is longer than `maxBytes`.
    func data(of item: UInt32, maxBytes: Int) -> [UInt8]? {
        guard let found = items[item], !found.unreadableData, !found.extents.isEmpty,
              found.extents.reduce(0, { $0 + $1.count }) <= maxBytes else { return nil }
        return found.extents.flatMap { bytes[$0] }
    }

    /// The first `count` bytes of the data of `item` (fewer when it has fewer), or nil when
    /// it has none libheif could read.
    func data(of item: UInt32, prefix count: Int) -> [UInt8]? {
        guard let found = items[item], !found.unreadableData, !found.extents.isEmpty else { return nil }
        var prefix: [UInt8] = []
        for extent in found.extents where prefix.count < count {
            prefix += bytes[extent].prefix(count - prefix.count)
        }
        return prefix
    }

    // MARK: - Boxes

    private mutating func readItemInfo(_ iinf: HEIFBox) throws(Damage) {
        var cursor = HEIFCursor(bytes, iinf.body)
        guard let version = cursor.read(1), cursor.skip(3), cursor.skip(version == 0 ? 2 : 4),
              let entries = HEIFBox.list(bytes, in: cursor.at ..< cursor.end) else {
            throw Damage("the iinf box is damaged")
        }
        for infe in entries where infe.type == "infe" {
            var entry = HEIFCursor(bytes, infe.body)
            guard let version = entry.read(1), entry.skip(3) else { throw Damage("an infe box is damaged") }
            // Versions 0 and 1 declare no item type: never a picture.
            guard version >= 2 else { continue }
            guard let id = entry.read(version == 2 ? 2 : 4), entry.skip(2), let type = entry.fourCC() else {
                throw Damage("an infe box is damaged")
            }
            if items[UInt32(id)] == nil { items[UInt32(id)] = Item(type: type) }
        }
    }

    private mutating func readProperties(_ iprp: HEIFBox) throws(Damage) {
        guard let boxes = HEIFBox.list(bytes, in: iprp.body) else { throw Damage("the iprp box is damaged") }
        if let ipco = boxes.first(where: { $0.type == "ipco" }) {
            guard let list = HEIFBox.list(bytes, in: ipco.body) else { throw Damage("the ipco box is damaged") }
            properties = list
        }
        var associated: Set<UInt32> = []
        for ipma in boxes where ipma.type == "ipma" {
            var cursor = HEIFCursor(bytes, ipma.body)
            guard let version = cursor.read(1), let flags = cursor.read(3), let count = cursor.read(4) else {
                throw Damage("the ipma box is damaged")
            }
            // The count is the file's word: as many entries as the bytes hold, never more.
            for _ in 0 ..< count {
                guard cursor.remaining > 0 else { break }
                guard let id = cursor.read(version < 1 ? 2 : 4), let associations = cursor.read(1) else {
                    throw Damage("the ipma box is damaged")
                }
                var indices: [Int] = []
                for _ in 0 ..< associations {
                    guard let value = cursor.read(flags & 1 != 0 ? 2 : 1) else { throw Damage("the ipma box is damaged") }
                    // Index 0 is no property; one past the ipco box is libheif's error to report.
                    let index = value & (flags & 1 != 0 ? 0x7FFF : 0x7F)
                    if index > 0, index <= properties.count { indices.append(index - 1) }
                }
                // libheif uses an item's first entry.
                if associated.insert(UInt32(id)).inserted { items[UInt32(id)]?.properties = indices }
            }
        }
    }

    private mutating func readLocations(_ iloc: HEIFBox, idat: Range<Int>?) throws(Damage) {
        var cursor = HEIFCursor(bytes, iloc.body)
        guard let version = cursor.read(1), cursor.skip(3), let sizes = cursor.read(2),
              let count = cursor.read(version < 2 ? 2 : 4) else { throw Damage("the iloc box is damaged") }
        // libheif 1.15 reads fields of 4 and 8 bytes only (others as absent) and the extent
        // index from version 2 on.
        func width(_ nibble: Int) -> Int { nibble == 4 || nibble == 8 ? nibble : 0 }
        let offsetSize = width(sizes >> 12 & 15), lengthSize = width(sizes >> 8 & 15)
        let baseSize = width(sizes >> 4 & 15), indexSize = version > 1 ? width(sizes & 15) : 0
        var located: Set<UInt32> = []
        for _ in 0 ..< count {
            guard let id = cursor.read(version < 2 ? 2 : 4),
                  let method = version >= 1 ? cursor.read(2).map({ $0 & 15 }) : 0,
                  cursor.skip(2), let base = cursor.read(baseSize), let extentCount = cursor.read(2) else { break }
            var extents: [Range<Int>] = []
            var readable = method == 0 || (method == 1 && idat != nil)
            // Extents of no bytes at all (every field size 0) are one extent, however many
            // the count declares, so that a count is never work without bytes behind it.
            let bytesPerExtent = indexSize + offsetSize + lengthSize
            for _ in 0 ..< (bytesPerExtent == 0 ? min(extentCount, 1) : extentCount) {
                guard cursor.skip(indexSize), let offset = cursor.read(offsetSize), let length = cursor.read(lengthSize) else {
                    throw Damage("the iloc box is damaged")
                }
                // Offsets count from the file's start, or from the idat box's body.
                let origin = method == 1 ? (idat?.lowerBound ?? 0) : 0
                let limit = method == 1 ? (idat?.upperBound ?? 0) : bytes.count
                guard base <= limit, offset <= limit, origin + base + offset <= limit,
                      length <= limit - (origin + base + offset) else {
                    readable = false
                    continue
                }
                extents.append(origin + base + offset ..< origin + base + offset + length)
            }
            if located.insert(UInt32(id)).inserted {
                items[UInt32(id)]?.extents = extents
                items[UInt32(id)]?.unreadableData = !readable
            }
        }
    }

    /// libheif reads each reference's fields on from its box header, whatever size the
    /// header gives; so does this.
    private mutating func readReferences(_ iref: HEIFBox) {
        var cursor = HEIFCursor(bytes, iref.body)
        guard let version = cursor.read(1), cursor.skip(3) else { return }
        let idSize = version == 0 ? 2 : 4
        while cursor.remaining > 0 {
            guard let size = cursor.read(4), let type = cursor.fourCC(), cursor.skip(size == 1 ? 8 : 0),
                  cursor.skip(type == "uuid" ? 16 : 0), let from = cursor.read(idSize), let count = cursor.read(2) else { return }
            var targets: [UInt32] = []
            for _ in 0 ..< count {
                guard let to = cursor.read(idSize) else { break }
                targets.append(UInt32(to))
            }
            if references[type, default: [:]][UInt32(from)] == nil { references[type, default: [:]][UInt32(from)] = targets }
        }
    }
}
