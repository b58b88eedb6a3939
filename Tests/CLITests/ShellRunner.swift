import Foundation
import Testing

/// Runs the built binary through /bin/sh, so that a test can start it as a hostile parent
/// would: with standard descriptors really closed (`>&-`), under resource limits (`ulimit`),
/// with arguments whose bytes are not UTF-8; every run bounded by a timeout.
enum ShellRunner {
    struct Result {
        var status: Int32
        var signalled: Bool
        var standardOutput: Data
        var standardError: String
        var timedOut: Bool
    }

    /// Runs `sh -c '<prefix> exec "$0" "$@" <redirections>' render-gif arguments...` in `folder`:
    /// `prefix` sets limits (`ulimit -f 10;`), `redirections` closes descriptors (`>&- 2>&-`).
    /// Arguments are raw bytes, passed to the shell unchanged. Killed after `timeout` seconds.
    static func run(_ arguments: [[UInt8]], in folder: URL, prefix: String = "", redirections: String = "",
                    timeout: TimeInterval = 120) throws -> Result {
        let script = "cd \"$1\" && shift && \(prefix) exec \"$0\" \"$@\" \(redirections)"
        var argv: [[UInt8]] = [Array("/bin/sh".utf8), Array("-c".utf8), Array(script.utf8), Array(CommandRunner.binary.path.utf8),
                               Array(folder.path.utf8)]
        argv += arguments
        let out = Pipe(), err = Pipe()
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out.fileHandleForWriting.fileDescriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, err.fileHandleForWriting.fileDescriptor, 2)
        var pointers: [UnsafeMutablePointer<CChar>?] = argv.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
        pointers.append(nil)
        defer { for pointer in pointers { pointer?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, pointers, environ)
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        guard spawned == 0 else { throw SpawnFailure(code: spawned) }
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let timedOut = group.wait(timeout: .now() + timeout) == .timedOut
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        group.wait()
        let signalled = status & 0x7F != 0
        return Result(status: signalled ? status & 0x7F : (status >> 8) & 0xFF, signalled: signalled,
                      standardOutput: outData, standardError: String(decoding: errData, as: UTF8.self), timedOut: timedOut)
    }

    /// `run` with text arguments.
    static func run(_ arguments: [String], in folder: URL, prefix: String = "", redirections: String = "",
                    timeout: TimeInterval = 120) throws -> Result {
        try run(arguments.map { Array($0.utf8) }, in: folder, prefix: prefix, redirections: redirections, timeout: timeout)
    }

    struct SpawnFailure: Error { let code: Int32 }

    /// Whether this system lets /bin/sh set `ulimit -v` (Linux does; macOS refuses it with
    /// "Invalid argument", its kernel having no address-space limit to set).
    static func canLimitAddressSpace() throws -> Bool {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "ulimit -v 250000"]
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        return shell.terminationStatus == 0
    }

    /// The bytes in one block of this /bin/sh's `ulimit -f`: 512 for dash and POSIX shells,
    /// 1024 for bash (macOS's /bin/sh is bash 3.2). Measured, not assumed: under `ulimit -f 1`
    /// a file written a byte at a time stops growing at exactly one block.
    static func fileSizeLimitBlock(in folder: URL) throws -> Int {
        let probe = folder.appendingPathComponent("ulimit-probe")
        defer { try? FileManager.default.removeItem(at: probe) }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "ulimit -f 1 && exec dd if=/dev/zero of=\"$0\" bs=1 count=5000", probe.path]
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        let size = try FileManager.default.attributesOfItem(atPath: probe.path)[.size] as? Int ?? 0
        guard size > 0 && size < 5000 else { throw SpawnFailure(code: EINVAL) }
        return size
    }

    /// The names in `folder` as raw bytes, sorted.
    static func rawNames(in folder: URL) -> [[UInt8]] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Makes a bound Unix socket at `path`; returns its descriptor (close it when done). Throws
    /// when `path` does not fit `sun_path` (108 bytes on Linux, 104 on macOS), which the system
    /// would otherwise cut short silently, and when the socket cannot be made.
    static func makeSocket(at path: String) throws -> Int32 {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard bytes.count < capacity else { throw SocketPathTooLong(path: path, capacity: capacity) }
        #if os(Linux)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SpawnFailure(code: errno) }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SpawnFailure(code: code)
        }
        return descriptor
    }

    /// A socket path longer than the system's `sun_path` holds.
    struct SocketPathTooLong: Error {
        let path: String
        let capacity: Int
    }
}
