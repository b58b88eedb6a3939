import Raster

extension RGB8 {
    /// Parses `#RRGGBB` (hex digits in either case), as flags and scene files write colours;
    /// nil for anything else.
    init?(parsing text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for digit in digits.dropFirst() {
            guard let nibble = RGB8.nibble(digit) else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        self.init(packed: value)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
