import CWebP

/// The metadata chunks of a WebP file that change how it is shown: EXIF (orientation) and
/// ICCP (colour profile), read with libwebpdemux. A file the demuxer cannot parse whole (the
/// decoder then judges the picture) has neither.
struct WebPChunks {
    /// The EXIF chunk's TIFF data (possibly after an "Exif\0\0" prefix), or nil.
    var exif: [UInt8]?
    /// The ICCP chunk's ICC profile, or nil.
    var iccProfile: [UInt8]?

    init(_ base: UnsafePointer<UInt8>, count: Int) {
        var data = WebPData(bytes: base, size: count)
        guard let demuxer = WebPDemux(&data) else { return }
        defer { WebPDemuxDelete(demuxer) }
        exif = Self.chunk("EXIF", in: demuxer)
        iccProfile = Self.chunk("ICCP", in: demuxer)
    }

    private static func chunk(_ fourCC: String, in demuxer: OpaquePointer) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, fourCC, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard let bytes = iterator.chunk.bytes, iterator.chunk.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: iterator.chunk.size))
    }
}
