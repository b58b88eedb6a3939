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

    private static func soft(_ resource: Resource) -> UInt64? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    #if os(Linux)
    private typealias Resource = __rlimit_resource_t
    private static let fileSizeResource = Resource(RLIMIT_FSIZE.rawValue)
    private static let addressSpaceResource = Resource(RLIMIT_AS.rawValue)
    private static let dataResource = Resource(RLIMIT_DATA.rawValue)
    #else
    private typealias Resource = Int32
    private static let fileSizeResource = RLIMIT_FSIZE
    private static let addressSpaceResource = RLIMIT_AS
    private static let dataResource = RLIMIT_DATA
    #endif
}
