import CHEIF

/// Where a HEIF picture's colours are described and what converts them to sRGB: an ICC
/// profile (`colr` prof or rICC), else an nclx description (a `colr` box, else the coded
/// stream's), see HEIFColorDescription.
enum HEIFColorSource {
    /// True when `handle` carries a colour description in its boxes (ICC or nclx, even a
    /// damaged one): then its colours are its own, not those of the picture it stands for.
    static func hasDescription(_ handle: OpaquePointer) -> Bool {
        heif_image_handle_get_color_profile_type(handle) != heif_color_profile_type_not_present
    }

    /// The conversion to sRGB the picture's colour description asks for, or nil for sRGB (or
    /// a description that cannot be used). An ICC profile wins over an nclx description; an
    /// nclx `colr` box wins over the primaries and transfer the coded stream carries
    /// (`stream`, read by `HEIFVideoSignal` from the coded item libheif converts, whose
    /// chromaticities libheif fills in as its decoders do).
    static func transform(_ handle: OpaquePointer, stream: HEIFVideoSignal?, sixteenBitInput: Bool) -> ColorProfileTransform? {
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        if size > 0, size <= 4 << 20 {
            var profile = [UInt8](repeating: 0, count: size)
            let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return error.code == heif_error_Ok ? ColorProfileTransform(profile: profile, sixteenBitInput: sixteenBitInput) : nil
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        // libheif hands back an allocated description even when it reports unknown code points.
        let fromBox = heif_image_handle_get_nclx_color_profile(handle, &nclx)
        if fromBox.code != heif_error_Ok {
            heif_nclx_color_profile_free(nclx)
            nclx = nil
            // A box with reserved code points is a damaged description: shown as stored.
            guard fromBox.code == heif_error_Color_profile_does_not_exist, let stream,
                  let fromStream = heif_nclx_color_profile_alloc() else { return nil }
            guard heif_nclx_color_profile_set_color_primaries(fromStream, UInt16(clamping: stream.colourPrimaries)).code == heif_error_Ok,
                  heif_nclx_color_profile_set_transfer_characteristics(fromStream, UInt16(clamping: stream.transferCharacteristics)).code
                  == heif_error_Ok else {
                heif_nclx_color_profile_free(fromStream)
                return nil
            }
            nclx = fromStream
        }
        guard let found = nclx else { return nil }
        defer { heif_nclx_color_profile_free(found) }
        let n = found.pointee
        typealias Point = HEIFColorDescription.Chromaticity
        let description = HEIFColorDescription(
            primaries: Int(n.color_primaries.rawValue), transfer: Int(n.transfer_characteristics.rawValue),
            red: Point(x: Double(n.color_primary_red_x), y: Double(n.color_primary_red_y)),
            green: Point(x: Double(n.color_primary_green_x), y: Double(n.color_primary_green_y)),
            blue: Point(x: Double(n.color_primary_blue_x), y: Double(n.color_primary_blue_y)),
            white: Point(x: Double(n.color_primary_white_x), y: Double(n.color_primary_white_y)))
        return description.isSRGB ? nil : description.transform(sixteenBitInput: sixteenBitInput)
    }
}
