/// The scene key `maxBytes` (and the command's size flag): a file size as a number of bytes or with a unit.
///
/// KB, MB, GB and TB are powers of 1000, as the SI prefixes, disk makers and most file browsers
/// count; KiB, MiB, GiB and TiB are powers of 1024. Units are read without regard to case (the
/// `i` alone tells the two families apart), with or without a space before them, and `B`
/// alone means bytes: `500000`, `500KB`, `488.28125 KiB` and `0.5MB` are the same size.
extension Setting {
    /// The units a size may carry, with their bytes.
    static let byteUnits: [(name: String, bytes: Double)] = [
        ("B", 1), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12),
        ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776),
    ]

    /// The accepted sizes: a whole number of bytes, from 1 to 1 TB.
    static let maxBytesRule = NumberRule(range: 1...1e12, whole: true, noun: "a whole number of bytes (units KB, MB, GB, KiB, MiB, GiB)",
                                         upperText: "1TB", inHelp: false)

    /// The size `input` gives, in bytes: a JSON number, or text (a flag, a JSON string)
    /// holding a decimal number and an optional unit.
    static func byteCount(_ input: SettingInput) throws(SettingInput.Problem) -> Int {
        let expectation = maxBytesRule.expectation
        let bytes: Double
        if case let .json(.number(number)) = input {
            bytes = number
        } else {
            guard let parsed = parseSize(try input.string(expectation)) else {
                throw SettingInput.Problem("must be \(expectation)")
            }
            bytes = parsed
        }
        guard bytes.isFinite, maxBytesRule.range.contains(bytes), bytes.rounded() == bytes else {
            throw SettingInput.Problem("must be \(expectation)")
        }
        return Int(bytes)
    }

    /// `text` as a number of bytes (not yet checked against the range), or nil when it is
    /// not a decimal number followed by an optional known unit.
    static func parseSize(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        let unitStart = trimmed.lastIndex(where: { !$0.isLetter }).map(trimmed.index(after:)) ?? trimmed.startIndex
        let unitText = trimmed[unitStart...].lowercased()
        let multiplier: Double
        if unitText.isEmpty {
            multiplier = 1
        } else if let unit = byteUnits.first(where: { $0.name.lowercased() == unitText }) {
            multiplier = unit.bytes
        } else {
            return nil
        }
        guard let number = SettingInput.decimal(String(trimmed[..<unitStart])), number.isFinite else { return nil }
        // A decimal such as 1.005 has no exact binary form, so 1.005 KB comes out a hair off
        // 1005; a product within a millionth of a byte of a whole number is that number.
        let bytes = number * multiplier
        return abs(bytes - bytes.rounded()) <= 1e-6 ? bytes.rounded() : bytes
    }

    /// `count` with its digits grouped in threes, as a person reads a size: "91,234".
    static func groupedDigits(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (count < 0 ? "-" : "") + grouped
    }
}
