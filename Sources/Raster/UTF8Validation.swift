/// UTF-8 validation and decoding of byte runs, for the modules that read names and text as
/// bytes (paths, scene files).
///
/// Built on the standard library's `UTF8` decoder, which every platform the package supports
/// has (`String(validating:as:)` needs macOS 15), with the same rules: the shortest form only,
/// no surrogates, nothing above U+10FFFF.
public enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8 as a whole (an empty run is).
    public static func isValid<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The one scalar that `bytes` encodes, or nil when it is not exactly one well-formed
    /// UTF-8 sequence.
    public static func singleScalar<Bytes: Sequence>(_ bytes: Bytes) -> Unicode.Scalar? where Bytes.Element == UInt8 {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator),
              case .emptyInput = decoder.decode(&iterator) else { return nil }
        return scalar
    }
}
