import CGIF
import CHEIF
import CJPEG
import CLCMS
import CPNG
import CWebP
import CZlib
import ImageCodecs

/// A C library render-gif runs with, and its version: what `render-gif --version` lists and a
/// failed check names, so that two machines' outputs can be compared.
public struct LinkedLibrary: Sendable, Equatable, CustomStringConvertible {
    /// The library's usual name ("libpng", "Little CMS").
    public var name: String
    /// Its version ("1.6.39").
    public var version: String
    /// True when the version is the loaded library's own answer; false when the library
    /// offers no way to ask and the version is that of the headers render-gif was built with.
    public var isLoadedVersion: Bool
    /// The libraries this one runs with, as it describes them (libheif's decoders, in the
    /// order it prefers them: "libde265 HEVC decoder, version 1.0.11").
    public var components: [String] = []

    public init(name: String, version: String, isLoadedVersion: Bool, components: [String] = []) {
        self.name = name
        self.version = version
        self.isLoadedVersion = isLoadedVersion
        self.components = components
    }

    /// "libpng 1.6.39", "giflib 5.2.1 (headers)", "libheif 1.15.1 (libde265 HEVC decoder,
    /// version 1.0.11; dav1d v6.6.0)".
    public var description: String {
        let origin = isLoadedVersion ? [] : ["headers"]
        let notes = origin + (components.isEmpty ? [] : [components.joined(separator: "; ")])
        return "\(name) \(version)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
    }
}

extension LinkedLibrary {
    /// The C libraries this process runs with: libpng and zlib (the PNG files), giflib (the
    /// GIF file's blocks; the LZW codes are render-gif's own), libjpeg-turbo, Little CMS,
    /// libheif with its decoders, libwebp (the pictures' pixels). giflib and libjpeg offer no
    /// way to ask the loaded library, so theirs are the versions of the headers.
    public static var all: [LinkedLibrary] {
        [LinkedLibrary(name: "libpng", version: String(cString: png_get_libpng_ver(nil)), isLoadedVersion: true),
         LinkedLibrary(name: "zlib", version: String(cString: zlibVersion()), isLoadedVersion: true),
         LinkedLibrary(name: "giflib", version: "\(GIFLIB_MAJOR).\(GIFLIB_MINOR).\(GIFLIB_RELEASE)", isLoadedVersion: false),
         libjpeg,
         LinkedLibrary(name: "Little CMS", version: lcmsVersion, isLoadedVersion: true),
         libheif,
         LinkedLibrary(name: "libwebp", version: packedVersion(WebPGetDecoderVersion()), isLoadedVersion: true)]
    }

    /// libheif's version and decoders, opening libheif if it is not open yet (on Linux it is
    /// opened when a picture needs it); "libheif not available (the reason)" when it cannot be.
    private static var libheif: LinkedLibrary {
        if let reason = HEIFLibrary.open() {
            return LinkedLibrary(name: "libheif", version: "not available", isLoadedVersion: true, components: [reason])
        }
        return LinkedLibrary(name: "libheif", version: String(cString: heif_get_version()), isLoadedVersion: true,
                             components: heifDecoders)
    }

    /// libjpeg-turbo's version from its headers (`LIBJPEG_TURBO_VERSION_NUMBER`, e.g. 2001005).
    private static var libjpeg: LinkedLibrary {
        let number = Int(LIBJPEG_TURBO_VERSION_NUMBER)
        return LinkedLibrary(name: "libjpeg-turbo", version: "\(number / 1_000_000).\(number / 1000 % 1000).\(number % 1000)",
                                    isLoadedVersion: false)
    }

    /// Little CMS's encoded version (2140 for 2.14, 2160 for 2.16) as "2.14".
    private static var lcmsVersion: String {
        let encoded = Int(cmsGetEncodedCMMversion())
        return "\(encoded / 1000).\(encoded / 10 % 100)"
    }

    /// "1.2.4" from libwebp's packed 0x010204.
    static func packedVersion(_ packed: Int32) -> String {
        "\(packed >> 16 & 0xFF).\(packed >> 8 & 0xFF).\(packed & 0xFF)"
    }

    /// libheif's decoders as it describes them ("libde265 HEVC decoder, version 1.0.11"),
    /// highest priority first.
    private static var heifDecoders: [String] {
        let count = Int(heif_get_decoder_descriptors(heif_compression_undefined, nil, 0))
        guard count > 0 else { return [] }
        var descriptors = [OpaquePointer?](repeating: nil, count: count)
        let found = Int(descriptors.withUnsafeMutableBufferPointer {
            heif_get_decoder_descriptors(heif_compression_undefined, $0.baseAddress, Int32(count))
        })
        return descriptors.prefix(max(0, min(found, count))).compactMap { descriptor in
            descriptor.flatMap { heif_decoder_descriptor_get_name($0) }.map { String(cString: $0) }
        }
    }
}
