import Raster

/// One channel's tone curve from an ICC profile (`curv` or `para`, ICC.1:2010 10.6 and 10.18),
/// evaluated with the project's own arithmetic so that a picture's colours do not depend on
/// which Little CMS, or which C library, a machine has.
enum ICCToneCurve: Equatable {
    /// y = x (a `curv` with no entries).
    case identity
    /// y = x^gamma (a `curv` with one u8Fixed8 entry, or a `para` of function type 0).
    case gamma(Double)
    /// Entries at x = i / (count − 1), each 0 ... 1 (a `curv` of 16-bit values), linearly
    /// interpolated between.
    case table([Double])
    /// A `para` of function type 1 to 4, with its parameters g, a, b, c, d, e, f (those the
    /// type lacks set so that the general formula gives the type's: see `init(parametric:)`):
    /// y = (a·x + b)^g + e for x >= d, else c·x + f.
    case parametric(g: Double, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)

    /// The most entries a `curv` table may have: far more than any profile writes (4096 is
    /// the most seen), few enough that reading one costs nothing worth guarding.
    static let maxTableEntries = 65536

    /// Reads the curve stored at `tag` (its bytes, type signature first); nil for another
    /// type, a damaged curve or parameters that are not finite.
    init?(tag: ICCBytes) {
        switch tag.signature(at: 0) {
        case "curv":
            guard let count = tag.uint32(at: 8) else { return nil }
            switch count {
            case 0:
                self = .identity
            case 1:
                guard let raw = tag.uint16(at: 12) else { return nil }
                self = .gamma(Double(raw) / 256)
            default:
                guard count <= Self.maxTableEntries, tag.count >= 12 + 2 * Int(count) else { return nil }
                self = .table((0 ..< Int(count)).map { Double(tag.uint16(at: 12 + 2 * $0)!) / 65535 })
            }
        case "para":
            guard let type = tag.uint16(at: 8) else { return nil }
            let counts = [1, 3, 4, 5, 7]
            guard Int(type) < counts.count else { return nil }
            var parameters: [Double] = []
            for index in 0 ..< counts[Int(type)] {
                guard let value = tag.s15Fixed16(at: 12 + 4 * index) else { return nil }
                parameters.append(value)
            }
            guard let curve = Self(parametric: Int(type), parameters) else { return nil }
            self = curve
        default:
            return nil
        }
    }

    /// A `para` curve of function `type` (0 to 4) with its parameters in the order ICC lists
    /// them; nil for types 1 and 2 with a <= 0 (the curve would start at its right end, which
    /// no profile does: such a profile is left to Little CMS).
    init?(parametric type: Int, _ p: [Double]) {
        switch type {
        case 0:
            self = .gamma(p[0])
        case 1:
            // y = (a·x + b)^g for x >= −b/a, else 0.
            guard p[1] > 0 else { return nil }
            self = .parametric(g: p[0], a: p[1], b: p[2], c: 0, d: -p[2] / p[1], e: 0, f: 0)
        case 2:
            // y = (a·x + b)^g + c for x >= −b/a, else c.
            guard p[1] > 0 else { return nil }
            self = .parametric(g: p[0], a: p[1], b: p[2], c: 0, d: -p[2] / p[1], e: p[3], f: p[3])
        case 3:
            self = .parametric(g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: 0, f: 0)
        case 4:
            self = .parametric(g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: p[5], f: p[6])
        default:
            return nil
        }
    }

    /// The curve at `x` (0 ... 1), clamped to 0 ... 1 as a colour engine's curves are.
    func value(at x: Double) -> Double {
        let y: Double
        switch self {
        case .identity:
            y = x
        case .gamma(let gamma):
            y = PortableMath.pow(x, gamma)
        case .table(let entries):
            let position = x * Double(entries.count - 1)
            let low = min(Int(position), entries.count - 2)
            let fraction = position - Double(low)
            y = entries[low] + (entries[low + 1] - entries[low]) * fraction
        case .parametric(let g, let a, let b, let c, let d, let e, let f):
            // A base at or below 0 gives 0 before the offset, whatever the exponent (as colour
            // engines evaluate it: 0 to a negative power would be infinite).
            let base = a * x + b
            y = x >= d ? (base > 0 ? PortableMath.pow(base, g) : 0) + e : c * x + f
        }
        return y.isNaN ? 0 : min(max(y, 0), 1)
    }
}

/// Bounds-checked big-endian reads from a slice of an ICC profile.
struct ICCBytes {
    let bytes: ArraySlice<UInt8>

    var count: Int { bytes.count }

    /// The four bytes at `offset` as text (a signature such as "curv"); nil past the end.
    func signature(at offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        let start = bytes.startIndex + offset
        return String(decoding: bytes[start ..< start + 4], as: UTF8.self)
    }

    func uint32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= count else { return nil }
        let start = bytes.startIndex + offset
        return (0 ..< 4).reduce(0) { $0 << 8 | UInt32(bytes[start + $1]) }
    }

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= count else { return nil }
        let start = bytes.startIndex + offset
        return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
    }

    /// An s15Fixed16Number: a signed 32-bit value over 65536.
    func s15Fixed16(at offset: Int) -> Double? {
        uint32(at: offset).map { Double(Int32(bitPattern: $0)) / 65536 }
    }

    /// The bytes from `offset` for `length` bytes; nil when they reach past the end.
    func slice(at offset: Int, length: Int) -> ICCBytes? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        let start = bytes.startIndex + offset
        return ICCBytes(bytes: bytes[start ..< start + length])
    }
}
