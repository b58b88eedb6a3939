import SafeFiles

/// How one file differs from what the animation renders: found by `check(against:)`.
public struct CheckDifference: Sendable, Equatable, CustomStringConvertible {
    /// The file that is out of date.
    public var file: String
    private let kind: Kind

    enum Kind: Sendable, Equatable {
        /// A sentence naming the file and saying what differs.
        case text(String)
        /// The GIF is larger than `maxBytes`.
        case overBudget(size: Int, maxBytes: Int)
    }

    init(file: String, _ kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// One sentence naming the file and saying what differs (sizes, frames, duration, the
    /// first frame that shows something else).
    public var description: String { description(naming: .properties) }

    /// The sentence with the settings named by `naming`.
    package func description(naming: SettingNaming) -> String {
        switch kind {
        case let .text(text): return text
        case let .overBudget(size, maxBytes):
            return "'\(DisplayText.value(file))' is \(Setting.groupedDigits(size)) bytes, \(Setting.groupedDigits(size - maxBytes)) over "
                + "\(naming.property(.maxBytes)) \(maxBytes)"
        }
    }
}
