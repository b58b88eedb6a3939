/// The size and sample format of the pictures a coded image item decodes to, read from its
/// parameter sets (HEVC sequence parameter sets, AV1 sequence headers), which is what the
/// decoders allocate for, whatever the item's `ispe` property declares.
struct HEIFCodedPicture: Equatable {
    /// The size the decoder allocates its planes at.
    var width: Int
    var height: Int
    /// The part of it the decoder hands out (an HEVC conformance window crops the coded
    /// picture, which encoders code in whole blocks of up to 64 pixels), which libheif copies.
    var visibleWidth: Int
    var visibleHeight: Int
    /// Bytes a pixel of the decoder's planes takes: luma plus both chroma planes as
    /// subsampled (1.5 samples at 4:2:0, 3 at 4:4:4, 1 for monochrome), 2 bytes a sample
    /// above 8 bits.
    var planeBytesPerPixel: Double
    /// Bytes a sample takes: 2 above 8 bits.
    var sampleBytes: Int

    /// What the parameter sets of an item say.
    struct Found {
        /// The largest picture they declare; nil when there is none.
        var picture: HEIFCodedPicture?
        /// How many coded pictures the item's data holds (HEVC only; 0 otherwise).
        var pictures = 0
        /// True when one of them cannot be read (cut short, a reserved value).
        var damaged = false
    }

    /// The largest of the pictures the HEVC sequence parameter sets in `hvcC` (a property's
    /// body) and in `data` (the item's NAL units, each after a 4-byte length, as libheif
    /// hands them to libde265) declare, and how many coded pictures `data` holds; nil sizes
    /// when there is no readable parameter set.
    static func hevc(hvcC: ArraySlice<UInt8>?, data: [UInt8]?) -> Found {
        var units: [ArraySlice<UInt8>] = []
        if let hvcC {
            var cursor = HEIFCursor(Array(hvcC), 0 ..< hvcC.count)
            if cursor.skip(22), let arrays = cursor.read(1) {
                arrays: for _ in 0 ..< arrays {
                    guard cursor.skip(1), let count = cursor.read(2) else { break }
                    for _ in 0 ..< count {
                        guard let length = cursor.read(2), length <= cursor.remaining else { break arrays }
                        units.append(cursor.bytes[cursor.at ..< cursor.at + length])
                        _ = cursor.skip(length)
                    }
                }
            }
        }
        var pictures = 0
        if let data {
            var cursor = HEIFCursor(data, 0 ..< data.count)
            while let length = cursor.read(4), length <= cursor.remaining {
                let unit = data[cursor.at ..< cursor.at + length]
                _ = cursor.skip(length)
                guard unit.count >= 3 else { continue }
                // VCL units (types 0 to 31) whose first_slice_segment_in_pic_flag is set.
                if unit[unit.startIndex] >> 1 & 0x3F < 32, unit[unit.startIndex + 2] & 0x80 != 0 { pictures += 1 }
                units.append(unit)
            }
        }
        var found = Found(pictures: pictures)
        for unit in units where unit.count >= 2 && unit[unit.startIndex] >> 1 & 0x3F == 33 {
            guard let picture = hevcSequenceParameterSet(unit.dropFirst(2)) else {
                found.damaged = true
                continue
            }
            if picture.width * picture.height > found.picture.map({ $0.width * $0.height }) ?? -1 { found.picture = picture }
        }
        return found
    }

    /// The picture an HEVC sequence parameter set (after the NAL unit header) declares
    /// (ITU-T H.265, 7.3.2.2): its size, chroma format and luma and chroma bit depths.
    static func hevcSequenceParameterSet(_ payload: ArraySlice<UInt8>) -> HEIFCodedPicture? {
        var bits = HEIFBitReader(unescaping: payload.prefix(400))
        guard hevcHeaderStart(&bits) != nil else { return nil }
        guard let chroma = bits.golomb(), chroma <= 3,
              let separatePlanes = chroma == 3 ? bits.read(1) : 0, let width = bits.golomb(), let height = bits.golomb(),
              let window = bits.read(1) else { return nil }
        var crop = [0, 0, 0, 0]  // left, right, top, bottom, in chroma samples
        for side in 0 ..< (window == 1 ? 4 : 0) {
            guard let offset = bits.golomb() else { return nil }
            crop[side] = offset
        }
        guard let lumaMinus8 = bits.golomb(), let chromaMinus8 = bits.golomb() else { return nil }
        let luma = lumaMinus8 > 0 ? 2 : 1, chromaSample = chromaMinus8 > 0 ? 2 : 1
        let chromaSamples = [0, 0.5, 1, 2][chroma]
        // H.265 table 6-1: chroma samples are 2 luma samples apart across at 4:2:0 and
        // 4:2:2, down at 4:2:0; one apart otherwise (also with separate colour planes).
        let unitX = separatePlanes == 0 && (chroma == 1 || chroma == 2) ? 2 : 1
        let unitY = separatePlanes == 0 && chroma == 1 ? 2 : 1
        return HEIFCodedPicture(width: width, height: height,
                                visibleWidth: max(0, width - unitX * (crop[0] + crop[1])),
                                visibleHeight: max(0, height - unitY * (crop[2] + crop[3])),
                                planeBytesPerPixel: Double(luma) + Double(chromaSample) * chromaSamples,
                                sampleBytes: max(luma, chroma == 0 ? 1 : chromaSample))
    }

    /// The largest picture the AV1 sequence headers in `av1C` (a property's body: 4 bytes,
    /// then configuration OBUs) and `data` (the item's OBUs) allow, with the sample format
    /// `av1C` declares (4:4:4 at 16 bits when there is none); nil when there is no readable
    /// sequence header. (libheif decodes AV1 with dav1d, which allocates for the frame size
    /// of each frame header, at most this.)
    static func av1(av1C: ArraySlice<UInt8>?, data: [UInt8]?) -> Found {
        var planeBytes = 6.0, sampleBytes = 2
        var streams: [ArraySlice<UInt8>] = []
        if let av1C, av1C.count >= 4 {
            let format = av1C[av1C.startIndex + 2]
            let sample = format & 0x40 != 0 ? 2.0 : 1.0
            let subsampled = (format & 0x08 != 0 ? 2.0 : 1.0) * (format & 0x04 != 0 ? 2.0 : 1.0)
            planeBytes = format & 0x10 != 0 ? sample : sample * (1 + 2 / subsampled)
            sampleBytes = Int(sample)
            streams.append(av1C.dropFirst(4))
        }
        if let data { streams.append(data[...]) }
        var largest: (width: Int, height: Int)?
        var damaged = false
        for stream in streams {
            var cursor = HEIFCursor(Array(stream), 0 ..< stream.count)
            while let header = cursor.read(1) {
                if header & 0x04 != 0, !cursor.skip(1) { break }
                let size: Int
                if header & 0x02 != 0 {
                    guard let sized = leb128(&cursor) else { break }
                    size = sized
                } else {
                    size = cursor.remaining
                }
                guard size <= cursor.remaining else { break }
                if header >> 3 & 15 == 1 {
                    if let found = av1SequenceHeader(cursor.bytes[cursor.at ..< cursor.at + size]) {
                        if found.width * found.height > largest.map({ $0.width * $0.height }) ?? -1 { largest = found }
                    } else {
                        damaged = true
                    }
                }
                _ = cursor.skip(size)
            }
        }
        let picture = largest.map {
            HEIFCodedPicture(width: $0.width, height: $0.height, visibleWidth: $0.width, visibleHeight: $0.height,
                             planeBytesPerPixel: planeBytes, sampleBytes: sampleBytes)
        }
        return Found(picture: picture, damaged: damaged)
    }

    /// The largest frame an AV1 sequence header OBU's payload allows (AV1 specification,
    /// 5.5.1: max_frame_width_minus_1 and max_frame_height_minus_1).
    static func av1SequenceHeader(_ payload: ArraySlice<UInt8>) -> (width: Int, height: Int)? {
        var bits = HEIFBitReader(payload.prefix(64))
        guard av1HeaderStart(&bits) != nil else { return nil }
        guard let widthBits = bits.read(4), let heightBits = bits.read(4),
              let width = bits.read(widthBits + 1), let height = bits.read(heightBits + 1) else { return nil }
        return (width + 1, height + 1)
    }

    private static func leb128(_ cursor: inout HEIFCursor) -> Int? {
        var value = 0
        for k in 0 ..< 8 {
            guard let byte = cursor.read(1) else { return nil }
            value |= (byte & 0x7F) << (7 * k)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}

/// Reads bits most significant first, for the parameter sets of coded streams.
struct HEIFBitReader {
    private let bytes: [UInt8]
    private var bit = 0

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    /// An HEVC NAL unit payload with its emulation prevention bytes (00 00 03) removed.
    init(unescaping payload: ArraySlice<UInt8>) {
        var clean: [UInt8] = []
        var zeros = 0
        for byte in payload {
            if zeros >= 2, byte == 3 {
                zeros = 0
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            clean.append(byte)
        }
        bytes = clean
    }

    /// The next `count` bits (at most 32) as a number, or nil past the end.
    mutating func read(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, bit + count <= bytes.count * 8 else { return nil }
        var value = 0
        for _ in 0 ..< count {
            value = value << 1 | Int(bytes[bit >> 3] >> (7 - UInt8(bit & 7)) & 1)
            bit += 1
        }
        return value
    }

    /// Moves past `count` bits; false past the end.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, bit + count <= bytes.count * 8 else { return false }
        bit += count
        return true
    }

    /// An unsigned Exp-Golomb number (H.265 ue(v)) of at most 32 bits, or nil.
    mutating func golomb() -> Int? {
        var zeros = 0
        while true {
            guard let next = read(1) else { return nil }
            if next == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = read(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }

    /// An AV1 uvlc() number, or nil.
    mutating func uvlc() -> Int? { golomb() }
}

extension HEIFCodedPicture {
    /// Reads an AV1 sequence header OBU's fields up to the frame size (AV1 specification
    /// 5.5.1: the profile, the still-picture flags, timing and decoder models, the operating
    /// points), leaving `bits` at frame_width_bits_minus_1; nil when it cannot be read so far.
    static func av1HeaderStart(_ bits: inout HEIFBitReader) -> (profile: Int, reduced: Int)? {
        guard let profile = bits.read(3), bits.skip(1), let reduced = bits.read(1) else { return nil }
        if reduced == 1 {
            guard bits.skip(5) else { return nil }
            return (profile, reduced)
        }
        guard let timing = bits.read(1) else { return nil }
        var decoderModel = 0, bufferDelayLength = 0
        if timing == 1 {
            guard bits.skip(64), let equalInterval = bits.read(1), equalInterval == 0 || bits.uvlc() != nil,
                  let model = bits.read(1) else { return nil }
            decoderModel = model
            if model == 1 {
                guard let length = bits.read(5), bits.skip(32 + 5 + 5) else { return nil }
                bufferDelayLength = length + 1
            }
        }
        guard let initialDelay = bits.read(1), let operatingPoints = bits.read(5) else { return nil }
        for _ in 0 ... operatingPoints {
            guard bits.skip(12), let level = bits.read(5), bits.skip(level > 7 ? 1 : 0) else { return nil }
            if decoderModel == 1 {
                guard let present = bits.read(1), bits.skip(present == 1 ? 2 * bufferDelayLength + 1 : 0) else { return nil }
            }
            if initialDelay == 1 {
                guard let present = bits.read(1), bits.skip(present == 1 ? 4 : 0) else { return nil }
            }
        }
        return (profile, reduced)
    }

    /// Reads an HEVC sequence parameter set's fields up to its chroma format (ITU-T H.265,
    /// 7.3.2.2: the video parameter set's id, the sub-layer count, profile_tier_level, the
    /// parameter set's own id), leaving `bits` at chroma_format_idc; returns
    /// sps_max_sub_layers_minus1, nil when it cannot be read so far.
    static func hevcHeaderStart(_ bits: inout HEIFBitReader) -> Int? {
        guard bits.skip(4), let maxSubLayersMinus1 = bits.read(3), bits.skip(1),
              bits.skip(96) else { return nil }  // profile_tier_level's general part
        var present: [(profile: Bool, level: Bool)] = []
        for _ in 0 ..< maxSubLayersMinus1 {
            guard let profile = bits.read(1), let level = bits.read(1) else { return nil }
            present.append((profile == 1, level == 1))
        }
        if maxSubLayersMinus1 > 0, !bits.skip(2 * (8 - maxSubLayersMinus1)) { return nil }
        for layer in present {
            guard bits.skip(layer.profile ? 88 : 0), bits.skip(layer.level ? 8 : 0) else { return nil }
        }
        return bits.golomb() != nil ? maxSubLayersMinus1 : nil
    }
}
