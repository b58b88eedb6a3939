import CHEIFLoader

/// libheif as this process has it: opened the first time a picture needs it on Linux
/// (`CHEIFLoader`), linked on macOS.
package enum HEIFLibrary {
    /// Opens libheif, once for the process, and says why it cannot be used (the loader's
    /// words: "libheif.so.1: cannot open shared object file: No such file or directory"), or
    /// nil when it can. Every later call gives the first one's answer.
    @discardableResult
    package static func open() -> String? {
        render_gif_heif_open().map { String(cString: $0) }
    }

    /// True when libheif is opened on first use rather than linked.
    package static var opensOnUse: Bool { render_gif_heif_opens_on_use() != 0 }

    /// Throws `.decoderUnavailable` for the picture at `path` when libheif cannot be used.
    static func require(for path: String) throws(ImageCodecError) {
        if let reason = open() { throw .decoderUnavailable(path: path, library: "libheif", reason: reason) }
    }

    /// Why the library `name` could not serve as libheif (opened, every function render-gif
    /// calls resolved, and closed again), or nil when it could; the process's own libheif is
    /// not touched. Always nil where libheif is linked.
    static func problem(openingLibraryNamed name: String) -> String? {
        var reason = [CChar](repeating: 0, count: 512)
        let opened = reason.withUnsafeMutableBufferPointer { render_gif_heif_try_open(name, $0.baseAddress, $0.count) }
        return opened != 0 ? nil : String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
