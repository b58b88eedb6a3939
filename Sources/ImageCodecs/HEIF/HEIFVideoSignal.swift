/// How a coded picture's samples are to be read as colours: the chroma format and the
/// H.273 code points (matrix, range, primaries, transfer), from an item's nclx `colr` box or
/// from its coded stream (an HEVC sequence parameter set's VUI video signal type, an AV1
/// sequence header's color_config).
struct HEIFVideoSignal: Equatable {
    /// Chroma samples against luma: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4 (H.265
    /// chroma_format_idc).
    var chromaFormat = 1
    var matrixCoefficients = 2
    var fullRange = false
    var colourPrimaries = 2
    var transferCharacteristics = 2

    /// What libheif is told by its decoders for a stream that says nothing: libde265 reports
    /// H.265's inferred values (unspecified code points, video_full_range_flag 0: limited
    /// range), which libheif 1.15 converts with BT.601's matrix. (AV1 always codes its range.)
    static let unspecified = HEIFVideoSignal()

    /// The chroma subsampling for `ChromaUpsampler`; nil for monochrome.
    var subsampling: ChromaUpsampler.Subsampling? {
        switch chromaFormat {
        case 0: nil
        case 1: .horizontalAndVertical
        case 2: .horizontal
        default: ChromaUpsampler.Subsampling.none
        }
    }

    /// The matrix and range of an nclx `colr` box's body ("nclx", primaries, transfer, matrix,
    /// range bit) over `self`'s; nil when `body` is no nclx description.
    func described(byColourBox body: ArraySlice<UInt8>) -> HEIFVideoSignal? {
        var cursor = HEIFCursor(Array(body), 0 ..< body.count)
        guard cursor.fourCC() == "nclx", let primaries = cursor.read(2), let transfer = cursor.read(2),
              let matrix = cursor.read(2), let flags = cursor.read(1) else { return nil }
        var signal = self
        signal.colourPrimaries = primaries
        signal.transferCharacteristics = transfer
        signal.matrixCoefficients = matrix
        signal.fullRange = flags & 0x80 != 0
        return signal
    }

    /// The signal libheif's conversion of item `id` of `items` follows: that of the coded
    /// item its pixels come from (itself, else the first image a grid, overlay or `iden` names,
    /// followed down), from that item's last nclx `colr` box (as libheif 1.15 keeps the last
    /// one it reads) over its coded stream's, else `unspecified` with the stream's chroma format.
    /// (A grid's own colr box is not what libheif 1.15 converts its tiles by: each tile is
    /// converted by its own description. For a grid the first tile's signal stands for all.)
    static func of(_ id: UInt32, in items: HEIFItems, maxBytes: Int) -> HEIFVideoSignal {
        let coded = items.codedItem(of: id, maxDepth: HEIFDecodingPlan.maxDepth)
        var signal: HEIFVideoSignal?
        switch items.items[coded]?.type {
        case "hvc1":
            let hvcC = items.property("hvcC", of: coded).map { items.bytes[$0.body] }
            signal = hevc(units: hevcUnits(hvcC: hvcC, data: nil))
            if signal == nil { signal = hevc(units: hevcUnits(hvcC: nil, data: items.data(of: coded, maxBytes: maxBytes))) }
        case "av01":
            let av1C = items.property("av1C", of: coded).map { items.bytes[$0.body] }
            signal = av1(av1C: av1C, data: nil) ?? av1(av1C: nil, data: items.data(of: coded, maxBytes: maxBytes))
        default: break
        }
        let stream = signal ?? .unspecified
        let boxes = (items.items[coded]?.properties ?? []).map { items.properties[$0] }.filter { $0.type == "colr" }
        for box in boxes.reversed() {
            if let described = stream.described(byColourBox: items.bytes[box.body]) { return described }
        }
        return stream
    }

    // MARK: - HEVC

    /// The video signal of the first HEVC sequence parameter set (a NAL unit with its 2-byte
    /// header) of `units` that can be read that far; nil when none can.
    static func hevc(units: [ArraySlice<UInt8>]) -> HEIFVideoSignal? {
        for unit in units where unit.count >= 2 && unit[unit.startIndex] >> 1 & 0x3F == 33 {
            if let signal = hevcSequenceParameterSet(unit.dropFirst(2)) { return signal }
        }
        return nil
    }

    /// The NAL units of an `hvcC` property's body and of an item's data (each after a 4-byte
    /// length), parameter sets first, as the decoder sees them.
    static func hevcUnits(hvcC: ArraySlice<UInt8>?, data: [UInt8]?) -> [ArraySlice<UInt8>] {
        var units: [ArraySlice<UInt8>] = []
        if let hvcC {
            let bytes = Array(hvcC)
            var cursor = HEIFCursor(bytes, 0 ..< bytes.count)
            if cursor.skip(22), let arrays = cursor.read(1) {
                arrays: for _ in 0 ..< arrays {
                    guard cursor.skip(1), let count = cursor.read(2) else { break }
                    for _ in 0 ..< count {
                        guard let length = cursor.read(2), length <= cursor.remaining else { break arrays }
                        units.append(bytes[cursor.at ..< cursor.at + length])
                        _ = cursor.skip(length)
                    }
                }
            }
        }
        if let data {
            var cursor = HEIFCursor(data, 0 ..< data.count)
            while let length = cursor.read(4), length <= cursor.remaining {
                units.append(data[cursor.at ..< cursor.at + length])
                _ = cursor.skip(length)
            }
        }
        return units
    }

    /// The video signal of an HEVC sequence parameter set's payload (ITU-T H.265, 7.3.2.2,
    /// read through to vui_parameters' colour description, E.2.1); nil when it cannot be read
    /// that far. Without VUI or without a colour description, H.265's inferred values.
    static func hevcSequenceParameterSet(_ payload: ArraySlice<UInt8>) -> HEIFVideoSignal? {
        var bits = HEIFBitReader(unescaping: payload.prefix(8192))
        guard let maxSubLayersMinus1 = HEIFCodedPicture.hevcHeaderStart(&bits) else { return nil }
        var signal = HEIFVideoSignal()
        guard let chroma = bits.golomb(), chroma <= 3 else { return nil }
        signal.chromaFormat = chroma
        if chroma == 3 {
            // Separate colour planes are three monochrome pictures.
            guard let separate = bits.read(1) else { return nil }
            if separate == 1 { signal.chromaFormat = 0 }
        }
        guard bits.golomb() != nil, bits.golomb() != nil, let window = bits.read(1) else { return nil }
        for _ in 0 ..< (window == 1 ? 4 : 0) where bits.golomb() == nil { return nil }
        guard bits.golomb() != nil, bits.golomb() != nil, let pocBitsMinus4 = bits.golomb(), pocBitsMinus4 <= 12,
              let orderingInfo = bits.read(1) else { return nil }
        for _ in (orderingInfo == 1 ? 0 : maxSubLayersMinus1) ... maxSubLayersMinus1 {
            guard bits.golomb() != nil, bits.golomb() != nil, bits.golomb() != nil else { return nil }
        }
        for _ in 0 ..< 6 where bits.golomb() == nil { return nil }
        guard let scalingLists = bits.read(1) else { return nil }
        if scalingLists == 1 {
            guard let listData = bits.read(1) else { return nil }
            if listData == 1, !skipScalingListData(&bits) { return nil }
        }
        guard bits.skip(2), let pcm = bits.read(1) else { return nil }  // amp, sample adaptive offset
        if pcm == 1 {
            guard bits.skip(8), bits.golomb() != nil, bits.golomb() != nil, bits.skip(1) else { return nil }
        }
        guard let sets = bits.golomb(), sets <= 64, skipShortTermReferenceSets(&bits, count: sets),
              let longTerm = bits.read(1) else { return nil }
        if longTerm == 1 {
            guard let count = bits.golomb(), count <= 32 else { return nil }
            for _ in 0 ..< count where !bits.skip(pocBitsMinus4 + 4 + 1) { return nil }
        }
        guard bits.skip(2), let vui = bits.read(1) else { return nil }  // temporal MVP, strong intra smoothing
        guard vui == 1 else { return signal }
        guard let aspect = bits.read(1) else { return nil }
        if aspect == 1 {
            guard let idc = bits.read(8), bits.skip(idc == 255 ? 32 : 0) else { return nil }
        }
        guard let overscan = bits.read(1), bits.skip(overscan), let videoSignal = bits.read(1) else { return nil }
        guard videoSignal == 1 else { return signal }
        guard bits.skip(3), let fullRange = bits.read(1), let description = bits.read(1) else { return nil }
        signal.fullRange = fullRange == 1
        if description == 1 {
            guard let primaries = bits.read(8), let transfer = bits.read(8), let matrix = bits.read(8) else { return nil }
            (signal.colourPrimaries, signal.transferCharacteristics, signal.matrixCoefficients) = (primaries, transfer, matrix)
        }
        return signal
    }

    /// H.265 7.3.4 scaling_list_data().
    private static func skipScalingListData(_ bits: inout HEIFBitReader) -> Bool {
        for sizeID in 0 ..< 4 {
            for _ in stride(from: 0, to: 6, by: sizeID == 3 ? 3 : 1) {
                guard let predicted = bits.read(1) else { return false }
                if predicted == 0 {
                    guard bits.golomb() != nil else { return false }
                } else {
                    let coefficients = min(64, 1 << (4 + (sizeID << 1)))
                    if sizeID > 1, bits.golomb() == nil { return false }
                    for _ in 0 ..< coefficients where bits.golomb() == nil { return false }
                }
            }
        }
        return true
    }

    /// H.265 7.3.7 st_ref_pic_set(i) for i in 0 ..< `count`, as a sequence parameter set
    /// holds them.
    private static func skipShortTermReferenceSets(_ bits: inout HEIFBitReader, count: Int) -> Bool {
        var deltaPictures: [Int] = []
        for index in 0 ..< count {
            var predicted = 0
            if index != 0 {
                guard let flag = bits.read(1) else { return false }
                predicted = flag
            }
            if predicted == 1 {
                guard bits.skip(1), bits.golomb() != nil else { return false }
                var used = 0
                for _ in 0 ... deltaPictures[index - 1] {
                    guard let current = bits.read(1) else { return false }
                    var delta = 1
                    if current == 0 {
                        guard let flag = bits.read(1) else { return false }
                        delta = flag
                    }
                    if current == 1 || delta == 1 { used += 1 }
                }
                deltaPictures.append(used)
            } else {
                guard let negative = bits.golomb(), let positive = bits.golomb(), negative <= 16, positive <= 16 else { return false }
                for _ in 0 ..< negative + positive {
                    guard bits.golomb() != nil, bits.skip(1) else { return false }
                }
                deltaPictures.append(negative + positive)
            }
        }
        return true
    }

    // MARK: - AV1

    /// The video signal of the first AV1 sequence header OBU in `av1C`'s configuration OBUs
    /// or `data` that can be read; nil when there is none.
    static func av1(av1C: ArraySlice<UInt8>?, data: [UInt8]?) -> HEIFVideoSignal? {
        var streams: [[UInt8]] = []
        if let av1C, av1C.count >= 4 { streams.append(Array(av1C.dropFirst(4))) }
        if let data { streams.append(data) }
        for stream in streams {
            var cursor = HEIFCursor(stream, 0 ..< stream.count)
            while let header = cursor.read(1) {
                if header & 0x04 != 0, !cursor.skip(1) { break }
                var size = cursor.remaining
                if header & 0x02 != 0 {
                    var value = 0, ended = false
                    for k in 0 ..< 8 {
                        guard let byte = cursor.read(1) else { break }
                        value |= (byte & 0x7F) << (7 * k)
                        if byte & 0x80 == 0 {
                            ended = true
                            break
                        }
                    }
                    guard ended else { break }
                    size = value
                }
                guard size <= cursor.remaining else { break }
                if header >> 3 & 15 == 1, let signal = av1SequenceHeader(stream[cursor.at ..< cursor.at + size]) { return signal }
                _ = cursor.skip(size)
            }
        }
        return nil
    }

    /// The color_config of an AV1 sequence header OBU's payload (AV1 specification 5.5.1
    /// and 5.5.2); nil when it cannot be read that far.
    static func av1SequenceHeader(_ payload: ArraySlice<UInt8>) -> HEIFVideoSignal? {
        var bits = HEIFBitReader(payload.prefix(256))
        guard let (profile, reduced) = HEIFCodedPicture.av1HeaderStart(&bits) else { return nil }
        guard let widthBits = bits.read(4), let heightBits = bits.read(4), bits.skip(widthBits + 1), bits.skip(heightBits + 1)
        else { return nil }
        if reduced == 0 {
            guard let frameIDs = bits.read(1), bits.skip(frameIDs == 1 ? 7 : 0) else { return nil }
        }
        guard bits.skip(3) else { return nil }  // 128 x 128 superblocks, filter intra, intra edge filter
        if reduced == 0 {
            guard bits.skip(4), let orderHint = bits.read(1), bits.skip(orderHint == 1 ? 2 : 0),
                  let chooseScreenContent = bits.read(1) else { return nil }
            var forceScreenContent = 2
            if chooseScreenContent == 0 {
                guard let force = bits.read(1) else { return nil }
                forceScreenContent = force
            }
            if forceScreenContent > 0 {
                guard let chooseIntegerMV = bits.read(1), bits.skip(chooseIntegerMV == 0 ? 1 : 0) else { return nil }
            }
            guard bits.skip(orderHint == 1 ? 3 : 0) else { return nil }
        }
        guard bits.skip(3), let highBitDepth = bits.read(1) else { return nil }  // superres, CDEF, restoration
        var twelveBit = 0
        if profile == 2, highBitDepth == 1 {
            guard let flag = bits.read(1) else { return nil }
            twelveBit = flag
        }
        var signal = HEIFVideoSignal()
        var monochrome = 0
        if profile != 1 {
            guard let flag = bits.read(1) else { return nil }
            monochrome = flag
        }
        guard let description = bits.read(1) else { return nil }
        if description == 1 {
            guard let primaries = bits.read(8), let transfer = bits.read(8), let matrix = bits.read(8) else { return nil }
            (signal.colourPrimaries, signal.transferCharacteristics, signal.matrixCoefficients) = (primaries, transfer, matrix)
        }
        if monochrome == 1 {
            guard let range = bits.read(1) else { return nil }
            signal.fullRange = range == 1
            signal.chromaFormat = 0
            return signal
        }
        if signal.colourPrimaries == 1, signal.transferCharacteristics == 13, signal.matrixCoefficients == 0 {
            signal.fullRange = true
            signal.chromaFormat = 3
            return signal
        }
        guard let range = bits.read(1) else { return nil }
        signal.fullRange = range == 1
        var (x, y) = (1, 1)
        switch profile {
        case 0: (x, y) = (1, 1)
        case 1: (x, y) = (0, 0)
        default:
            // Profile 2 codes its subsampling at 12 bits only; otherwise it is 4:2:2.
            guard twelveBit == 1 else {
                (x, y) = (1, 0)
                break
            }
            guard let sx = bits.read(1) else { return nil }
            x = sx
            if sx == 1 {
                guard let sy = bits.read(1) else { return nil }
                y = sy
            } else {
                y = 0
            }
        }
        signal.chromaFormat = x == 0 ? 3 : (y == 1 ? 1 : 2)
        return signal
    }
}
