#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's soft resource limits (`ulimit`), where they are set.
public enum ResourceLimit {
    /// The largest file the process may write (`ulimit -f`), in bytes; nil for unlimited.
    public static var fileSize: UInt64? { soft(fileSizeResource) }
    /// The most address space the process may map (`ulimit -v`), in bytes; nil for unlimited.
    public static var addressSpace: UInt64? { soft(addressSpaceResource) }
    /// The most data segment (on Linux, private writable mappings) the process may have
    /// (`ulimit -d`), in bytes; nil for unlimited.
    public static var dataSegment: UInt64? { soft(dataResource) }

    /// Raises the soft limit on open descriptors toward the hard one so that at least `count`
    /// can be open; returns whether they can.
    public static func allowOpenFiles(_ count: Int) -> Bool {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return false }
        if limit.rlim_cur >= rlim_t(count) { return true }
        guard limit.rlim_max >= rlim_t(count) else { return false }
        limit.rlim_cur = rlim_t(count)
        return setrlimit(openFilesResource, &limit) == 0
    }

    private static func soft(_ resource: Resource) -> UInt64? {
        var limit = rlimit()
        // RLIM_INFINITY is all ones on Linux and 2^63 - 1 on macOS.
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int64.max) else { return nil }
        return UInt64(limit.rlim_cur)
    }

    #if os(Linux)
    private typealias Resource = __rlimit_resource_t
    private static let fileSizeResource = Resource(RLIMIT_FSIZE.rawValue)
    private static let addressSpaceResource = Resource(RLIMIT_AS.rawValue)
    private static let dataResource = Resource(RLIMIT_DATA.rawValue)
    private static let openFilesResource = Resource(RLIMIT_NOFILE.rawValue)
    #else
    private typealias Resource = Int32
    private static let fileSizeResource = RLIMIT_FSIZE
    private static let addressSpaceResource = RLIMIT_AS
    private static let dataResource = RLIMIT_DATA
    private static let openFilesResource = RLIMIT_NOFILE
    #endif
}
