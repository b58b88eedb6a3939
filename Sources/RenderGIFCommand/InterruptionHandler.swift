import RenderGIF
import SafeFiles
import WorkThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe the signal handler reports on; set once, before the handler is
/// installed, and only read afterwards.
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

/// Whether the handlers are installed; set once, before any render thread starts.
nonisolated(unsafe) private var handlersInstalled = false

/// Ends a render cleanly when it is interrupted (Ctrl-C's SIGINT, SIGTERM, SIGHUP) or its
/// standard output is closed by the reader (SIGPIPE, say `render-gif - | head -c1`): removes
/// every temporary file (the output's, the frame or still being written), leaves existing
/// outputs as they were, prints one line, and ends the way shells expect, by the same signal
/// (a shell then reports status 128 + its number).
///
/// The signal handler itself only writes the signal's number to a pipe, the one thing that is
/// safe to do there. A watcher thread reading the pipe does the clean-up, which needs a lock:
/// it takes the temporary-file registry's lock for good, so no thread can create or rename a
/// file afterwards, then restores the signal's default action and raises it again. When the
/// system refuses that thread no handler is installed: SIGPIPE is ignored (the write fails and
/// the render ends as on any failed write), and the other signals end the process at once, as
/// they would any program; the next render's sweep removes what they left.
package enum InterruptionHandler {
    /// The signals that end a render.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Installs the handlers; `isTerminal` says whether standard error is a terminal, where
    /// a progress bar may need clearing before the line. Installs none when the watcher
    /// thread is refused by `startThread`.
    package static func install(isTerminal: Bool, startThread: ThreadStart.Starter = ThreadStart.system) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        interruptionPipe = ends[1]
        // A parent may have blocked these signals (the mask is inherited); unblocked here,
        // before any thread starts, every thread can take them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        let readEnd = ends[0]
        let watching = startThread(nil, false) {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) != 1 {
                guard errno == EINTR else { return }
            }
            endProcess(signal: Int32(number), isTerminal: isTerminal)
        }
        guard watching else {
            close(ends[0])
            close(ends[1])
            interruptionPipe = -1
            // A closed standard output is then the write's error (EPIPE), which ends the
            // render the way any failed write does, its temporary files removed.
            signal(SIGPIPE, SIG_IGN)
            return
        }
        for signal in signals { setAction(of: signal, to: reportSignal, flags: SA_RESTART) }
        handlersInstalled = true
    }

    /// What a write to standard output does when the reader has closed it, once the handlers
    /// are installed: SIGPIPE has then already reached the handler and the watcher thread is
    /// ending the process, so the writer waits for that. Nil without the handlers.
    static var closedOutputWait: (() -> Never)? {
        guard handlersInstalled else { return nil }
        return { waitForEnd() }
    }

    /// Blocks the calling thread until the watcher thread ends the process.
    private static func waitForEnd() -> Never {
        while true { pause() }
    }

    /// The line printed when `signal` ends a render.
    static func message(signal: Int32) -> String {
        let cause = signal == SIGPIPE
            ? "standard output was closed (SIGPIPE)"
            : "render interrupted by \(name(of: signal))"
        return "Error: \(cause); temporary files removed, existing outputs left as they were\n"
    }

    /// "SIGINT", "SIGTERM", "SIGHUP", "SIGPIPE", or "signal n".
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case SIGPIPE: return "SIGPIPE"
        default: return "signal \(signal)"
        }
    }

    /// Cleans up, reports, and ends the process by `signal` (or with 128 + its number should
    /// the signal not end it).
    private static func endProcess(signal: Int32, isTerminal: Bool) -> Never {
        TemporaryFileRegistry.shared.removeAllAndStop()
        let line = (isTerminal ? "\r\u{1B}[2K" : "") + message(signal: signal)
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress!, $0.count - 1) }
        setAction(of: signal, to: SIG_DFL, flags: 0)
        raise(signal)
        _exit(128 + signal)
    }
}

/// The signal handler: hands the signal's number to the watcher thread. It keeps `errno` as
/// it found it, since it may run between a failed call and the interrupted code's reading of
/// `errno` (SIGPIPE arrives just before its write returns EPIPE).
private func reportSignal(_ number: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(interruptionPipe, &byte, 1)
    errno = savedErrno
}
