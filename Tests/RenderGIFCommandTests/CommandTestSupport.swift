import Foundation
import RenderGIF
@testable import RenderGIFCommand

/// Shared helpers: the command lines the tests parse, turned into invocations, settings or the
/// errors they fail with.
enum CommandTestSupport {
    /// The render `arguments` ask for, or nil when they ask for something else or fail.
    static func invocation(_ arguments: [String]) -> Invocation? {
        guard case let .render(invocation)? = try? CommandLineInterface.parse(arguments) else { return nil }
        return invocation
    }

    /// The usage error for `arguments`, or nil when they parse or fail otherwise.
    static func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineInterface.parse(arguments)
            return nil
        } catch {
            guard case let .usage(message) = error, error.isUsageError else { return nil }
            return message
        }
    }

    /// The settings the render `arguments` ask for (defaults, scene file, flags).
    static func settings(_ arguments: [String]) throws(CommandError) -> Animation {
        guard case let .render(invocation) = try CommandLineInterface.parse(arguments) else {
            throw .usage("the arguments do not ask for a render")
        }
        return try invocation.resolveSettings()
    }

    /// The error resolving the settings of `arguments` fails with, or nil when they resolve.
    static func settingsError(_ arguments: [String]) -> CommandError? {
        do {
            _ = try settings(arguments)
            return nil
        } catch {
            return error
        }
    }

    /// A new, empty folder in the temporary folder, its name starting with `prefix`; the
    /// caller removes it.
    static func temporaryFolder(_ prefix: String) throws -> String {
        let folder = NSTemporaryDirectory() + "render-gif-\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
