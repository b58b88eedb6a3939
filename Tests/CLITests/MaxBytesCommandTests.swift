import Foundation
import Testing

/// `--max-bytes` from the command line: a budget nothing fits fails with one line and leaves
/// every output as it was; `--check` also judges the file on disk against the budget.
@Suite enum MaxBytesCommandTests {
    /// The small render (32 colours): a budget walk plans the palette again for every step it
    /// tries, and the ladder below 32 colours still has a step of every kind.
    static let render = CommandRunner.smallRender

    static func bytes(_ folder: URL, _ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// `n` with a comma between groups of three digits, as the messages write sizes.
    static func grouped(_ n: Int) -> String {
        var text = String(n)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    /// The size a message "... is 1,234 bytes" names.
    static func namedSize(_ message: String) -> Int? {
        guard let range = message.range(of: "can make of this animation is ") else { return nil }
        let digits = message[range.upperBound...].prefix { $0.isNumber || $0 == "," }
        return Int(digits.filter(\.isNumber))
    }

    @Test static func aBudgetNothingFitsLeavesEveryOutputAsItWas() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = Data("an older GIF".utf8)
        try old.write(to: folder.appendingPathComponent("out.gif"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("frames"), withIntermediateDirectories: false)
        let failed = try CommandRunner.run(render + ["--max-bytes", "200", "--frames", "frames", "--poster", "still.png",
                                                     "out.gif"], in: folder)
        #expect(failed.status == 1)
        let smallest = try #require(namedSize(failed.standardError))
        #expect(smallest > 200)
        #expect(failed.standardError == "Error: --max-bytes 200: the smallest GIF render-gif can make of this animation is "
                + grouped(smallest) + " bytes\n")
        #expect(try bytes(folder, "out.gif") == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frames", "out.gif"],
                "no still, no temporary file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path).isEmpty)

        let piped = try CommandRunner.runCapturingBytes(render + ["--max-bytes", "200", "-"], in: folder)
        #expect(piped.status == 1 && piped.standardOutput.isEmpty)
        #expect(namedSize(piped.standardError) == smallest)
    }

    /// With a budget, frames are written once the GIF fits: the same files as without one.
    @Test static func framesAndStandardOutputUnderABudget() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(render + ["--frames", "free", "free.gif"], in: folder).status == 0)
        let free = try bytes(folder, "free.gif")
        let budget = String(free.count * 9 / 10)
        #expect(try CommandRunner.run(render + ["--max-bytes", budget, "--frames", "fitted", "fitted.gif"], in: folder).status == 0)
        let fitted = try bytes(folder, "fitted.gif")
        #expect(fitted.count <= free.count * 9 / 10)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("free").path).sorted()
        #expect(!names.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fitted").path).sorted() == names)
        for name in names {
            #expect(try bytes(folder, "fitted/" + name) == bytes(folder, "free/" + name))
        }
        let piped = try CommandRunner.runCapturingBytes(render + ["--max-bytes", budget, "-"], in: folder)
        #expect(piped.status == 0)
        #expect(piped.standardOutput == fitted)
    }

    @Test static func checkJudgesTheFileAgainstTheBudget() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandRunner.run(render + ["big.gif"], in: folder).status == 0)
        let size = try bytes(folder, "big.gif").count
        let budget = size * 9 / 10
        #expect(try CommandRunner.run(render + ["--max-bytes", String(budget), "small.gif"], in: folder).status == 0)

        let fits = try CommandRunner.run(render + ["--max-bytes", String(budget), "--check", "small.gif"], in: folder)
        #expect(fits.status == 0 && fits.standardError.isEmpty)

        let over = try CommandRunner.run(render + ["--max-bytes", String(budget), "--check", "big.gif"], in: folder)
        #expect(over.status == 1)
        let lines = over.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0].hasPrefix("Error: 'big.gif' is out of date: "))
        #expect(lines[0].hasSuffix("; and 'big.gif' is \(grouped(size)) bytes, \(grouped(size - budget)) over --max-bytes \(budget)"))
        #expect(lines[1] == "To regenerate: render-gif --scale 1 --fps 10 --taps 1 --hold 0.2 --colors 32 --quiet --max-bytes \(budget) big.gif")
        #expect(try bytes(folder, "big.gif").count == size, "--check writes nothing")
    }

    @Test(arguments: ["0", "-1KB", "12XB", "2TB"])
    static func badBudgetIsAUsageError(value: String) throws {
        let result = try CommandRunner.run(render + ["--max-bytes", value, "out.gif"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: invalid value '\(value)' for '--max-bytes': must be a whole number "
                                               + "of bytes (units KB, MB, GB, KiB, MiB, GiB) from 1 to 1TB\n"))
    }
}
