#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the process found them. A parent may start the
/// command with some of them closed (`render-gif out.gif >&- 2>&-`, as some daemons and CI
/// runners do); the first file the process opens would then become "standard output" or
/// "standard error", and progress text would go into it. Each closed one is opened on
/// /dev/null before anything else is opened.
enum StandardDescriptors {
    /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed; returns the ones
    /// that were. Call first thing, before any file or pipe is opened.
    static func openClosedOnes() -> Set<Int32> {
        var closed: Set<Int32> = []
        for descriptor: Int32 in 0 ... 2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free descriptor, which is this one: the lower ones are open.
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened != descriptor {
                if opened >= 0 { close(opened) }
                _exit(70)
            }
            closed.insert(descriptor)
        }
        return closed
    }
}
