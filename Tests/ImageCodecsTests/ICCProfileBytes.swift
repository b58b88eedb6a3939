/// Hand-built ICC profiles for the matrix-shaper tests: a 128-byte header, the tag table and
/// the tags, laid out as ICC.1 says, independent of any colour engine.
enum ICCProfileBytes {
    static func bigEndian32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func s15Fixed16(_ value: Double) -> [UInt8] { bigEndian32(UInt32(bitPattern: Int32((value * 65536).rounded()))) }

    /// An `XYZ ` tag.
    static func xyz(_ values: [Double]) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + values.flatMap(s15Fixed16) }

    /// A `curv` tag of 16-bit entries (none: identity; one: a u8Fixed8 gamma).
    static func curv(_ entries: [UInt16]) -> [UInt8] {
        Array("curv".utf8) + [0, 0, 0, 0] + bigEndian32(UInt32(entries.count)) + entries.flatMap(bigEndian16)
    }

    /// A `para` tag of function `type` with `parameters`.
    static func para(_ type: UInt16, _ parameters: [Double]) -> [UInt8] {
        Array("para".utf8) + [0, 0, 0, 0] + bigEndian16(type) + [0, 0] + parameters.flatMap(s15Fixed16)
    }

    /// sRGB's curve as a type 3 `para`, as lcms and most editors write it.
    static let sRGBCurve = para(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])

    /// Display P3's colorants at D50 (columns red, green, blue; as Apple's profile lists them).
    static let displayP3: [[Double]] = [[0.515121, 0.241196, -0.001053], [0.291977, 0.692245, 0.041885],
                                        [0.157104, 0.066574, 0.784073]]

    /// A profile of `deviceClass`, `space` and `connection` (four-letter signatures) with the
    /// colorants' XYZ tags, `curves` as the three TRC tags (one for all when given one) and
    /// `extra` tags.
    static func profile(colorants: [[Double]] = displayP3, curves: [[UInt8]] = [sRGBCurve],
                        extra: [(String, [UInt8])] = [], deviceClass: String = "mntr", space: String = "RGB ",
                        connection: String = "XYZ ") -> [UInt8] {
        let three = curves.count == 1 ? [curves[0], curves[0], curves[0]] : curves
        var tags: [(String, [UInt8])] = [("rXYZ", xyz(colorants[0])), ("gXYZ", xyz(colorants[1])), ("bXYZ", xyz(colorants[2])),
                                         ("rTRC", three[0]), ("gTRC", three[1]), ("bTRC", three[2])]
        tags += extra
        var table = bigEndian32(UInt32(tags.count)), body: [UInt8] = []
        let start = 128 + 4 + 12 * tags.count
        for (signature, data) in tags {
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            table += Array(signature.utf8) + bigEndian32(UInt32(start + body.count)) + bigEndian32(UInt32(data.count))
            body += padded
        }
        var header = bigEndian32(UInt32(start + body.count)) + Array("test".utf8) + bigEndian32(0x0430_0000)
        header += Array(deviceClass.utf8) + Array(space.utf8) + Array(connection.utf8)
        header += [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + table + body
    }
}
