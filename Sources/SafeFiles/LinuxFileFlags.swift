#if os(Linux)
import Glibc

/// Linux flags that Glibc declares only for `_GNU_SOURCE`, which Swift's Glibc module does
/// not define; the values are the kernel's (the same on every architecture Swift runs on).
enum LinuxFileFlags {
    /// `O_TMPFILE`: an unnamed regular file in the folder given to `open` (kernel 3.11 on;
    /// file systems without it fail with EOPNOTSUPP, older kernels with EISDIR).
    static let temporaryFile: Int32 = 0o20000000 | O_DIRECTORY
    /// `AT_EMPTY_PATH`: `linkat` links the descriptor itself (needs CAP_DAC_READ_SEARCH).
    static let emptyPath: Int32 = 0x1000
}
#endif
