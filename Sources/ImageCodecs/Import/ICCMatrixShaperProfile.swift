/// An RGB matrix-shaper ICC profile as the project reads it itself: three colorants (the
/// XYZ, D50, of full red, green and blue) and three tone curves. Display P3 from phones, Adobe
/// RGB from cameras and most editors' RGB profiles are of this kind.
///
/// Only what a colour engine would use as a matrix-shaper for an input picture is accepted:
/// a device profile (display, input, output or colour space class) for RGB with an XYZ
/// connection space, its `rXYZ` `gXYZ` `bXYZ` `rTRC` `gTRC` `bTRC` tags, and none of the
/// lookup-table tags (`A2B0` to `A2B2`, `D2B0` to `D2B2`) that would take precedence over
/// them. Anything else, damaged or not, is left to Little CMS.
struct ICCMatrixShaperProfile: Equatable {
    /// The colorants as a matrix's columns (red, green, blue), rows X, Y, Z.
    let colorants: Matrix3
    /// The red, green and blue tone curves, stored value to linear light.
    let curves: [ICCToneCurve]

    /// The device classes whose profiles describe a picture's colours (display, input, output,
    /// colour space); links, abstract and named-colour profiles do not.
    private static let deviceClasses: Set<String> = ["mntr", "scnr", "prtr", "spac"]

    /// Tags a colour engine prefers to the matrix and curves.
    private static let lookupTables = ["A2B0", "A2B1", "A2B2", "D2B0", "D2B1", "D2B2"]

    /// A profile of these colorants and curves (one per channel).
    init(colorants: Matrix3, curves: [ICCToneCurve]) {
        precondition(curves.count == 3, "ICCMatrixShaperProfile: one curve per channel")
        self.colorants = colorants
        self.curves = curves
    }

    /// Reads `profile` (a whole ICC profile's bytes); nil when it is not a matrix-shaper RGB
    /// profile in the sense above, or any part of it that is used is damaged.
    init?(profile: [UInt8]) {
        let bytes = ICCBytes(bytes: profile[...])
        guard bytes.signature(at: 12).map(Self.deviceClasses.contains) == true,
              bytes.signature(at: 16) == "RGB ", bytes.signature(at: 20) == "XYZ ",
              let tags = Self.tags(bytes) else { return nil }
        guard !Self.lookupTables.contains(where: { tags[$0] != nil }) else { return nil }
        var columns: [[Double]] = []
        for name in ["rXYZ", "gXYZ", "bXYZ"] {
            guard let tag = tags[name], tag.signature(at: 0) == "XYZ " else { return nil }
            var column: [Double] = []
            for offset in [8, 12, 16] {
                guard let value = tag.s15Fixed16(at: offset) else { return nil }
                column.append(value)
            }
            columns.append(column)
        }
        var curves: [ICCToneCurve] = []
        for name in ["rTRC", "gTRC", "bTRC"] {
            guard let tag = tags[name], let curve = ICCToneCurve(tag: tag) else { return nil }
            curves.append(curve)
        }
        colorants = Matrix3(rows: (0 ..< 3).map { row in columns.map { $0[row] } })
        self.curves = curves
    }

    /// The tag table: each signature's bytes (the first entry of a signature listed twice);
    /// nil when the table or a tag reaches past the profile's end.
    private static func tags(_ bytes: ICCBytes) -> [String: ICCBytes]? {
        guard let count = bytes.uint32(at: 128), Int(count) <= (bytes.count - 132) / 12 else { return nil }
        var tags: [String: ICCBytes] = [:]
        for index in 0 ..< Int(count) {
            let entry = 132 + 12 * index
            guard let signature = bytes.signature(at: entry), let offset = bytes.uint32(at: entry + 4),
                  let size = bytes.uint32(at: entry + 8),
                  let tag = bytes.slice(at: Int(offset), length: Int(size)) else { return nil }
            if tags[signature] == nil { tags[signature] = tag }
        }
        return tags
    }
}
