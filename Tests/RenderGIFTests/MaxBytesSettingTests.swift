@testable import RenderGIF
import Testing

/// The setting `maxBytes` (a scene key, and the command's `--max-bytes`): bytes, KB/MB/GB as
/// powers of 1000, KiB/MiB/GiB as powers of 1024, and a one-line refusal of anything else.
@Suite enum MaxBytesSettingTests {
    static let expectation = "must be a whole number of bytes (units KB, MB, GB, KiB, MiB, GiB) from 1 to 1TB"

    @Test(arguments: [
        ("500000", 500_000), ("500KB", 500_000), ("500 KB", 500_000), ("500kb", 500_000), ("500kB", 500_000),
        ("5MB", 5_000_000), ("2GB", 2_000_000_000), ("0.5MB", 500_000), ("1e3", 1000), ("75B", 75),
        ("1KiB", 1024), ("1.5KiB", 1536), ("5MiB", 5_242_880), ("5mib", 5_242_880), ("1GiB", 1_073_741_824),
        (" 42 ", 42), ("1", 1), ("1TB", 1_000_000_000_000),
        // Decimals without an exact binary form still name whole bytes.
        ("1.005KB", 1005), ("4.1MB", 4_100_000), ("0.3KB", 300),
    ])
    static func sizesFromFlags(text: String, bytes: Int) {
        #expect(TestSupport.applied(.maxBytes, .text(text))?.maxBytes == bytes)
    }

    @Test(arguments: ["", "abc", "KB", "0", "0KB", "-5", "-5KB", "5XB", "5KBB", "5 K B", "0.5", "1.0001KB", "0x10",
                      "inf", "nan", "1.1TB", "2TiB", "1e13", "99999999999999999999999999", "5KB5", "5,000"])
    static func junkIsRefused(text: String) {
        #expect(TestSupport.problem(.maxBytes, .text(text)) == expectation)
    }

    @Test static func sceneKeyTakesNumbersAndTheSameStrings() {
        #expect(TestSupport.applied(.maxBytes, .json(.number(65536)))?.maxBytes == 65536)
        #expect(TestSupport.applied(.maxBytes, .json(.string("64KiB")))?.maxBytes == 65536)
        #expect(TestSupport.problem(.maxBytes, .json(.number(0.5))) == expectation)
        #expect(TestSupport.problem(.maxBytes, .json(.number(-1))) == expectation)
        #expect(TestSupport.problem(.maxBytes, .json(.bool(true))) == expectation + ", not a boolean")
        #expect(TestSupport.problem(.maxBytes, .json(.string("lots"))) == expectation)
    }

    @Test static func sceneFileKeyIsMaxBytes() throws {
        var settings = Animation()
        let given = try SceneFile.apply(Array(#"{"maxBytes": "1.5MB"}"#.utf8), path: "s.json", to: &settings)
        #expect(settings.maxBytes == 1_500_000)
        #expect(given == [.maxBytes])
        #expect(throws: RenderGIFError.self) {
            var other = Animation()
            try SceneFile.apply(Array(#"{"maxBytes": 0}"#.utf8), path: "s.json", to: &other)
        }
    }

    @Test static func noBudgetByDefault() {
        #expect(Animation().maxBytes == nil)
        #expect(Setting.maxBytes.key == "maxBytes")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (91_234, "91,234"), (1_234_567, "1,234,567"),
                      (-4500, "-4,500")])
    static func groupedDigits(count: Int, text: String) {
        #expect(Setting.groupedDigits(count) == text)
    }

    @Test static func overBudgetMessageNamesPropertyAndSize() {
        let error = RenderGIFError.overBudget(maxBytes: 50000, smallestBytes: 91234)
        #expect(error.description == "maxBytes 50000: the smallest GIF render-gif can make of this animation is 91,234 bytes")
    }
}
