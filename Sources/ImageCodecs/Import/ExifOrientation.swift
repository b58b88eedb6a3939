/// How a picture's stored pixels turn into what a photo viewer shows: the EXIF Orientation
/// tag (TIFF tag 274), values 1 to 8.
///
/// Cameras store the sensor's rows as read out and record the way the camera was held; a
/// viewer rotates or mirrors the pixels by this value. A missing, malformed or out-of-range
/// tag reads as `.up` (the pixels as stored).
enum ExifOrientation: UInt16, CaseIterable, Sendable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the main diagonal (stored rows become columns, top row on the left).
    case leftMirrored = 5
    /// 6: turned a quarter turn clockwise (the stored top row becomes the right column).
    case right = 6
    /// 7: mirrored along the other diagonal.
    case rightMirrored = 7
    /// 8: turned a quarter turn counter-clockwise (the stored top row becomes the left column).
    case left = 8

    /// The tag number of Orientation in a TIFF image file directory.
    private static let tag: UInt16 = 0x0112
    /// The most directory entries looked at; real files have a few dozen.
    private static let maxEntries = 1024

    /// True when the shown picture is the stored one with width and height exchanged.
    var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation that TIFF data (an Exif APP1 body after "Exif\0\0", or a PNG eXIf
    /// chunk, with or without that prefix) records in its first directory; `.up` when the
    /// data is missing, damaged or holds no valid tag. Reads only inside `tiff`.
    init(tiff data: ArraySlice<UInt8>) {
        var tiff = data
        if tiff.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { tiff = tiff.dropFirst(6) }
        self = Self.parse(Array(tiff)) ?? .up
    }

    private static func parse(_ tiff: [UInt8]) -> ExifOrientation? {
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let a = UInt16(tiff[at]), b = UInt16(tiff[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> UInt32? {
            guard let low = u16(littleEndian ? at : at + 2), let high = u16(littleEndian ? at + 2 : at) else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }
        guard u16(2) == 42, let directory = u32(4), directory <= UInt32(tiff.count),
              let entries = u16(Int(directory)) else { return nil }
        let first = Int(directory) + 2
        for index in 0 ..< min(Int(entries), maxEntries) {
            let entry = first + index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let count = u32(entry + 4) else { return nil }
            guard tag == Self.tag else { continue }
            // SHORT (3), one value, held in the first two bytes of the value field.
            guard type == 3, count == 1, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }
}
