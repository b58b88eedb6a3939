import ImageCodecs

extension Invocation {
    /// The settings this invocation asks for: defaults, then the scene file, then the flags
    /// in command-line order, checked as a whole.
    public func resolveSettings() throws(RenderGIFError) -> RenderSettings {
        var settings = RenderSettings()
        if let sceneFile {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.contents(ofFile: sceneFile, maxBytes: SceneFile.maxSize)
            } catch {
                throw .sceneFile(path: sceneFile, problem: Invocation.readProblem(error))
            }
            try SceneFile.apply(bytes, path: sceneFile, to: &settings)
        }
        for (setting, value) in settingFlags {
            do {
                try setting.apply(.text(value), to: &settings)
            } catch {
                throw .invalidSetting(flag: setting.flag, value: value, problem: error.message)
            }
        }
        try settings.validate()
        return settings
    }

    private static func readProblem(_ error: ImageCodecError) -> String {
        switch error {
        case let .unreadable(_, reason): return reason
        case let .fileTooLarge(_, bytes, limit): return "\(bytes) bytes, over the limit of \(limit)"
        default: return error.description
        }
    }
}
