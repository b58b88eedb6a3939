import RenderGIF

extension Invocation {
    /// The command that writes this invocation's outputs: the same arguments without
    /// `--check`, quoted for a POSIX shell where needed.
    var regenerateCommand: String {
        let kept = arguments.filter { $0 != "--check" }
        return ([CommandLineInterface.commandName] + kept.map(Invocation.shellQuoted)).joined(separator: " ")
    }

    /// The lines printed after a failed `--check`: how to bring the files up to date, and
    /// (for files that differ) the C libraries this machine renders with, to compare with the
    /// machine that made them; nil for other errors.
    package func followUp(after error: CommandError) -> String? {
        switch error {
        case .render(.outOfDate):
            return "To regenerate: \(RenderGIFError.printable(regenerateCommand))\n"
                + "Rendered here with \(RenderGIFVersion.librariesLine)\n"
        case .render(.cannotCheck): return "To create it: \(RenderGIFError.printable(regenerateCommand))\n"
        default: return nil
        }
    }

    /// What a passing `--check` prints about `files` that show what the rendering shows but
    /// hold other bytes: one line each, e.g. `docs/poster.png shows the same pixels, compressed
    /// differently (another zlib build or level); left as it is`.
    package static func compressedDifferentlyLines(_ files: [String]) -> String {
        files.map { RenderGIFError.printable($0) + " shows the same pixels, compressed differently "
            + "(another zlib build or level); left as it is\n" }.joined()
    }

    /// The line a passing `--check` prints about `files`, e.g. `docs/demo.gif is up to date`.
    package static func upToDateLine(_ files: [String]) -> String {
        let names = files.joined(separator: " and ")
        return RenderGIFError.printable(names) + (files.count == 1 ? " is up to date" : " are up to date") + "\n"
    }

    /// `argument` as a shell word: unchanged when it holds only safe characters, otherwise
    /// in single quotes.
    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-./=,:@%+#".unicodeScalars.contains(scalar)
        }
        if safe && !argument.isEmpty && !argument.hasPrefix("#") { return argument }
        return "'" + argument.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// The string with every `target` replaced by `replacement`.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
