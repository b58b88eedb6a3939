// render-gif: parse the command line, run the render, map failures to exit codes
// (64 for usage errors, 1 for everything else, as swift-argument-parser does; an interrupted
// or crashing render ends by its signal, after removing its temporary files).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RenderGIF
import RenderGIFCommand

/// Writes `text` to standard error unbuffered, so progress and errors interleave correctly.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

func printError(_ text: String) {
    writeStandardError(text)
}

// Before any thread starts: malloc's arenas and the threads' stacks, bounded and the same on
// every run, so that a memory limit decides a render the same way each time.
ProcessReservations.bound()

// Before anything is opened: a closed standard descriptor would become the first file opened.
let closedAtStart = StandardDescriptors.openClosedOnes()
CrashCleanup.install()

let command: Command
do {
    command = try CommandLineInterface.parse(RawArguments.all())
} catch {
    printError("Error: \(error)\n" + (error.isUsageError ? CommandLineInterface.usageHint : ""))
    exit(error.isUsageError ? 64 : 1)
}

switch command {
case .help:
    print(CommandLineInterface.helpText, terminator: "")
case .version:
    print(RenderGIFVersion.report, terminator: "")
case let .render(invocation):
    if invocation.writesToStandardOutput, closedAtStart.contains(1) {
        printError("Error: Standard output is closed; give '<output>' a file name, or start render-gif with standard output open ('render-gif - > out.gif').\n"
                   + CommandLineInterface.usageHint)
        exit(64)
    }
    InterruptionHandler.install(isTerminal: isatty(2) == 1)
    let progress: RenderProgress = invocation.quiet ? SilentProgress() : ProgressPrinter(isTerminal: isatty(2) == 1)
    do {
        let report = try invocation.run(progress: progress)
        if invocation.timings { printError(report.timings.description) }
        if invocation.check && !invocation.quiet {
            print(Invocation.upToDateLine(report.outputs) + Invocation.compressedDifferentlyLines(report.compressedDifferently),
                  terminator: "")
        }
    } catch {
        printError("Error: \(error)\n" + (error.isUsageError ? CommandLineInterface.usageHint : "")
                   + (invocation.followUp(after: error) ?? ""))
        exit(error.isUsageError ? 64 : 1)
    }
}
