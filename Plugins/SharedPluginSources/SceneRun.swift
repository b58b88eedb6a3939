import Foundation

/// One run of the `render-gif` command for one scene file, in the package's folder:
/// `render-gif --quiet [--check] --scene NAME.scene.json NAME.gif`.
struct SceneRun {
    enum Outcome {
        /// Rendered, or checked and up to date.
        case done
        /// Checked: the GIF or its still is missing or differs from what the scene renders.
        case stale
        /// The scene could not be rendered or checked (a bad key, a missing picture, ...).
        case failed
    }

    /// How the command came out.
    let outcome: Outcome
    /// What the command printed, its regenerating line turned into the plugin's command.
    let report: [String]

    /// How the command introduces the line that regenerates a stale or missing file.
    static let regenerateOpenings = ["To regenerate: ", "To create it: "]

    init(tool: URL, package: URL, scene: SceneFile, check: Bool) throws(PluginFailure) {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--quiet"] + (check ? ["--check"] : []) + ["--scene", scene.scenePath, scene.gifPath]
        process.currentDirectoryURL = package
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw PluginFailure(line: "cannot run '\(tool.path)': \(error)")
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        var lines = String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
        var regenerates = false
        for index in lines.indices {
            for opening in Self.regenerateOpenings where lines[index].hasPrefix(opening) {
                lines[index] = opening + Self.pluginCommand(for: scene)
                regenerates = true
            }
        }
        if process.terminationReason == .uncaughtSignal {
            lines.append("Error: render-gif for '\(scene.scenePath)' was ended by signal \(process.terminationStatus)")
            outcome = .failed
        } else if process.terminationStatus == 0 {
            outcome = .done
        } else {
            if lines.isEmpty {
                lines.append("Error: render-gif for '\(scene.scenePath)' exited with status \(process.terminationStatus)")
            }
            outcome = regenerates ? .stale : .failed
        }
        report = lines
    }

    /// The plugin command that renders `scene` again.
    static func pluginCommand(for scene: SceneFile) -> String {
        "swift package --allow-writing-to-package-directory render-gif " + shellWord(scene.scenePath)
    }

    /// `text` as one word for a POSIX shell.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-./,:@%+=".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
