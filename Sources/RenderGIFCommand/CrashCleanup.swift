import RenderGIF
import SafeFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line written when a crash ends the process, prepared before any crash can happen, so
/// that the handler only hands bytes to write(2).
nonisolated(unsafe) private var crashLine: UnsafeMutableBufferPointer<UInt8>?
/// The handlers' own stack, held for the life of the process (the kernel keeps only its
/// address, so it is kept here too, where a leak checker sees it is still in use).
nonisolated(unsafe) private var handlerStack: UnsafeMutableRawPointer?

/// Removes the render's temporary files when the process crashes: SIGSEGV and SIGBUS (a bad
/// memory access, a file mapped and cut short), SIGABRT (the runtime's "failed to allocate",
/// an abort), SIGILL, SIGTRAP and SIGFPE (a failed check in Swift code, on x86 or Arm).
///
/// The handler runs on its own stack (a stack overflow is a SIGSEGV too) and uses only
/// async-signal-safe calls: it empties the temporary-file registry's cleanup table without
/// its lock (`TemporaryFileRegistry.removeAllFromSignalHandler()`), writes one line, restores
/// the signal's default action and raises it again, so the process still ends by it (with a
/// core file where the system keeps them).
///
/// SIGXFSZ (a file over `ulimit -f`) is ignored instead, so the write that crossed the limit
/// fails with EFBIG and is reported like any failed write, its temporary file removed.
public enum CrashCleanup {
    /// The signals that mean the process has crashed.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGTRAP, SIGFPE]

    /// The size of the handler's own stack.
    static let stackBytes = 1 << 16

    /// Installs the handlers; call once, early, from the main thread.
    public static func install() {
        signal(SIGXFSZ, SIG_IGN)
        let text = Array("Error: render-gif crashed; temporary files removed, existing outputs left as they were\n".utf8)
        let line = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = line.initialize(from: text)
        crashLine = line

        var stack = stack_t()
        let handlerMemory = UnsafeMutableRawPointer.allocate(byteCount: stackBytes, alignment: 16)
        handlerStack = handlerMemory
        stack.ss_sp = handlerMemory
        stack.ss_size = stackBytes
        stack.ss_flags = 0
        sigaltstack(&stack, nil)

        let flags = Int32(truncatingIfNeeded: SA_ONSTACK) | Int32(truncatingIfNeeded: SA_RESETHAND)
            | Int32(truncatingIfNeeded: SA_NODEFER)
        for number in signals { setAction(of: number, to: crashed, flags: flags) }
    }
}

/// The crash handler: clean up, say so, end by the same signal (its default action, restored
/// by SA_RESETHAND before this runs).
private func crashed(_ number: Int32) {
    TemporaryFileRegistry.removeAllFromSignalHandler()
    if let line = crashLine { _ = write(2, line.baseAddress, line.count) }
    signal(number, SIG_DFL)
    raise(number)
}
