#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether outputs may be written as unnamed files (Linux `O_TMPFILE`) before they are linked
/// into place. Where the system or the file system has none, outputs go through named
/// temporaries instead (always on macOS); `RENDER_GIF_NAMED_TEMPORARIES=1` in the environment
/// makes Linux take that way too, so that the tests exercise the macOS path here.
enum UnnamedFiles {
    /// The environment variable that turns unnamed files off.
    static let disablingVariable = "RENDER_GIF_NAMED_TEMPORARIES"

    /// False when `RENDER_GIF_NAMED_TEMPORARIES` is set to anything but "" or "0".
    static let allowed: Bool = {
        guard let value = getenv(disablingVariable) else { return true }
        let text = String(cString: value)
        return text.isEmpty || text == "0"
    }()
}
