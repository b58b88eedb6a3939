import CHEIF

/// A file as `HEIFIdentityColour` rewrites it, without copying it: the original bytes with a
/// few bytes replaced before `insertion` (a box type, box sizes) and `meta` inserted there.
struct HEIFRewrittenFile {
    let original: [UInt8]
    /// Bytes of the original replaced, each run at an offset before `insertion`.
    let patches: [(offset: Int, bytes: [UInt8])]
    /// Where `meta` goes: the end of the original's last box.
    let insertion: Int
    /// The rewritten meta box, whole.
    let meta: [UInt8]

    /// The rewritten file's length.
    var count: Int { original.count + meta.count }

    /// Copies the `length` bytes at `position` of the rewritten file to `target`; false (and
    /// nothing copied) when they are not all there.
    func copy(from position: Int, length: Int, into target: UnsafeMutableRawPointer) -> Bool {
        guard position >= 0, length >= 0, length <= count - position else { return false }
        var done = 0
        while done < length {
            let at = position + done
            let run: Int
            if at < insertion {
                run = min(length - done, insertion - at)
                original.withUnsafeBytes { target.advanced(by: done).copyMemory(from: $0.baseAddress! + at, byteCount: run) }
            } else if at < insertion + meta.count {
                run = min(length - done, insertion + meta.count - at)
                meta.withUnsafeBytes { target.advanced(by: done).copyMemory(from: $0.baseAddress! + at - insertion, byteCount: run) }
            } else {
                run = length - done
                original.withUnsafeBytes { target.advanced(by: done).copyMemory(from: $0.baseAddress! + at - meta.count, byteCount: run) }
            }
            done += run
        }
        let wanted = position ..< position + length
        for patch in patches {
            let overlap = wanted.clamped(to: patch.offset ..< patch.offset + patch.bytes.count)
            for offset in overlap { target.storeBytes(of: patch.bytes[offset - patch.offset], toByteOffset: offset - position, as: UInt8.self) }
        }
        return true
    }

    /// The same file with its primary item (`pitm`) set to `id` and that item not hidden, so
    /// that libheif hands out a handle for an item it keeps no handle of (a grid's tile:
    /// libheif 1.15 gives handles of top-level items only, and takes a primary only among
    /// them); nil when the meta box has no `pitm` or no `infe` of `id`, or a field cannot hold it.
    func withPrimary(_ id: UInt32) -> HEIFRewrittenFile? {
        // meta, iinf and infe are full boxes: 4 bytes of version and flags open their bodies.
        guard meta.count >= 12, let children = HEIFBox.list(meta, in: 12 ..< meta.count),
              let pitm = children.first(where: { $0.type == "pitm" }), pitm.body.count >= 6,
              let iinf = children.first(where: { $0.type == "iinf" }), iinf.body.count >= 6 else { return nil }
        let wide = meta[pitm.body.lowerBound] != 0
        guard wide ? pitm.body.count >= 8 : id <= 0xFFFF else { return nil }
        let entries = iinf.body.lowerBound + (meta[iinf.body.lowerBound] == 0 ? 6 : 8)
        guard entries <= iinf.body.upperBound, let infes = HEIFBox.list(meta, in: entries ..< iinf.body.upperBound),
              let infe = infes.first(where: { box in
                  guard box.type == "infe", box.body.count >= 8 else { return false }
                  var fields = HEIFCursor(meta, box.body)
                  guard let version = fields.read(1), version >= 2, fields.skip(3),
                        let item = fields.read(version == 2 ? 2 : 4) else { return false }
                  return item == Int(id)
              }) else { return nil }
        var changed = meta
        let field = pitm.body.lowerBound + 4, width = wide ? 4 : 2
        for k in 0 ..< width { changed[field + k] = UInt8(truncatingIfNeeded: id >> (8 * (width - 1 - k))) }
        changed[infe.body.lowerBound + 3] &= 0xFE  // the hidden flag
        return HEIFRewrittenFile(original: original, patches: patches, insertion: insertion, meta: changed)
    }

    /// The rewritten file as one array (for tests and the checks that need the boxes).
    var bytes: [UInt8] {
        var whole = [UInt8](repeating: 0, count: count)
        _ = whole.withUnsafeMutableBytes { copy(from: 0, length: count, into: $0.baseAddress!) }
        return whole
    }
}

/// Serves a `HEIFRewrittenFile` to libheif through its reader interface (`heif_reader`,
/// version 1), which libheif reads from while it parses the boxes and again while it decodes.
/// The reader and `table` must outlive the context that reads through them.
final class HEIFFileReader {
    let file: HEIFRewrittenFile
    private var position = 0
    /// libheif's table of the reader's functions (version 1), the reader passed as userdata.
    let table: UnsafeMutablePointer<heif_reader>

    init(_ file: HEIFRewrittenFile) {
        self.file = file
        table = .allocate(capacity: 1)
        table.initialize(to: heif_reader(
            reader_api_version: 1,
            get_position: { userdata in Int64(HEIFFileReader.from(userdata).position) },
            read: { data, size, userdata in
                let reader = HEIFFileReader.from(userdata)
                // libheif reads no bytes into the storage of an empty vector, which may be null.
                guard size > 0 else { return 0 }
                guard let data, size <= Int.max, reader.file.copy(from: reader.position, length: Int(size), into: data) else { return 1 }
                reader.position += Int(size)
                return 0
            },
            seek: { position, userdata in
                let reader = HEIFFileReader.from(userdata)
                guard position >= 0, position <= Int64(reader.file.count) else { return 1 }
                reader.position = Int(position)
                return 0
            },
            wait_for_file_size: { size, userdata in
                size <= Int64(HEIFFileReader.from(userdata).file.count) ? heif_reader_grow_status_size_reached
                    : heif_reader_grow_status_size_beyond_eof
            }))
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    /// The userdata to hand libheif with `table`.
    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> HEIFFileReader {
        Unmanaged<HEIFFileReader>.fromOpaque(userdata!).takeUnretainedValue()
    }
}
