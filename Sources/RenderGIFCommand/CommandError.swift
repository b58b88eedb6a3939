import RenderGIF

/// Every way the command can fail: how it was called (exit 64, with a usage line), or the
/// render itself (exit 1, except a setting's value, which is how it was called too). Errors
/// from the library are shown with the command's words for settings: its flags.
package enum CommandError: Error, CustomStringConvertible {
    /// The command line is malformed.
    case usage(String)
    /// The render failed.
    case render(RenderGIFError)

    /// True for errors about how the command was called, which exit with 64.
    package var isUsageError: Bool {
        switch self {
        case .usage, .render(.invalidSetting): return true
        case .render: return false
        }
    }

    /// One line, as `Error: ` is to be followed.
    package var description: String {
        switch self {
        case let .usage(message): return message
        case let .render(error): return error.description(naming: .flags)
        }
    }

    /// The value given to `setting`'s flag is unacceptable.
    static func invalidValue(_ value: String?, for setting: Setting, problem: String) -> CommandError {
        .render(.invalidSetting(InvalidSetting(property: setting.property, value: value, problem: problem)))
    }
}

extension SettingNaming {
    /// The command's words: each property by its flag, the frames folder by `--frames`.
    static let flags = SettingNaming(property: { Setting(property: $0).flag },
                                     framesFolder: CommandLineInterface.ModeFlag.frames.rawValue)
}
