import Foundation
import Testing

/// Output safety where the system says no: a full disk, a folder that refuses new files,
/// devices and pipes named as the output, symbolic links. The tests that need root powers
/// (mount, chattr, mknod) probe for them first and are skipped, with the reason, without.
@Suite enum BadInputOutputSafetyTests {
    static let small = BadInputMatrixTests.small

    /// Runs a system tool; true when it exits 0.
    @discardableResult
    static func system(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Whether `probe` succeeds in a scratch folder (for root-only tools).
    static func can(_ probe: (URL) -> Bool) -> Bool {
        guard let folder = try? CommandRunner.temporaryFolder() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        return probe(folder)
    }

    static let canMountTmpfs = can { folder in
        let disk = folder.appendingPathComponent("disk")
        guard (try? FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)) != nil,
              system("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]) else { return false }
        return system("/bin/umount", [disk.path])
    }

    static let canMakeImmutable = can { folder in
        guard system("/usr/bin/chattr", ["+i", folder.path]) else { return false }
        return system("/usr/bin/chattr", ["-i", folder.path])
    }

    static let canMakeDevices = can { folder in
        system("/bin/mknod", [folder.appendingPathComponent("full").path, "c", "1", "7"])
    }

    /// A 64 KiB tmpfs at `folder/disk`, unmounted by the caller.
    static func mountSmallDisk(in folder: URL) throws -> URL {
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
        #expect(system("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]))
        return disk
    }

    /// A full disk: the temporary file is removed and the existing output keeps its bytes.
    @Test(.enabled(if: canMountTmpfs, "needs 'mount -t tmpfs' (root)"))
    static func fullDiskLeavesTheExistingOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = try mountSmallDisk(in: folder)
        defer { system("/bin/umount", [disk.path]) }
        try BadInputCase.previousOutput.write(to: disk.appendingPathComponent("out.gif"))
        // 56 KiB of filler leaves one 4 KiB page free, less than the GIF needs.
        try Data(count: 56 << 10).write(to: disk.appendingPathComponent("filler"))
        let before = try BadInputCase.snapshot(disk)
        let result = try CommandRunner.run(small + ["disk/out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write 'disk/out.gif': No space left on device\n")
        #expect(try BadInputCase.snapshot(disk) == before, "no temporary file, the old output unchanged")
    }

    /// Frames filling the disk part-way: the folder is left as it was (no frame of the failed
    /// render, no temporary file), the unrelated file stays, and the GIF is not written.
    @Test(.enabled(if: canMountTmpfs, "needs 'mount -t tmpfs' (root)"))
    static func fullDiskPartWayThroughFrames() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = try mountSmallDisk(in: folder)
        defer { system("/bin/umount", [disk.path]) }
        try Data("keep me".utf8).write(to: disk.appendingPathComponent("notes.txt"))
        let result = try CommandRunner.run(small + ["--frames", "disk", "out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: cannot write 'disk/frame-"))
        #expect(result.standardError.hasSuffix(".png': No space left on device\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.gif").path))
        let names = try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
        #expect(names.contains("notes.txt"))
        #expect(try String(contentsOf: disk.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep me")
        // The folder is as it was: no frame of the failed render, no temporary file.
        #expect(names == ["notes.txt"])
    }

    /// A folder that refuses new files (immutable, which stops even root).
    @Test(.enabled(if: canMakeImmutable, "needs 'chattr +i' (root on ext4, xfs or btrfs)"))
    static func folderThatRefusesFiles() throws {
        let folder = try CommandRunner.temporaryFolder()
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try BadInputCase.previousOutput.write(to: locked.appendingPathComponent("out.gif"))
        #expect(system("/usr/bin/chattr", ["+i", locked.path]))
        defer {
            system("/usr/bin/chattr", ["-i", locked.path])
            try? FileManager.default.removeItem(at: folder)
        }
        let result = try CommandRunner.run(small + ["locked/out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write 'locked/out.gif': cannot create a file in 'locked': Operation not permitted\n")
        #expect(try BadInputCase.snapshot(locked) == ["out.gif": BadInputCase.previousOutput])
    }

    /// A device named as the output is refused before anything is created, and stays a device.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root)"))
    static func deviceAsOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(system("/bin/mknod", [folder.appendingPathComponent("full.gif").path, "c", "1", "7"]))
        let result = try CommandRunner.run(small + ["full.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write 'full.gif': is a character device, not a regular file\n")
        let type = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("full.gif").path)[.type]
        #expect(type as? FileAttributeType == .typeCharacterSpecial)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["full.gif"])
    }

    /// A link with a GIF's name to /dev/full: the link is replaced by the GIF, never
    /// followed, so /dev/full is untouched and nothing is created in /dev.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux has it, macOS not)"))
    static func devFullAsOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("full.gif").path, withDestinationPath: "/dev/full")
        let result = try CommandRunner.run(small + ["full.gif"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("full.gif")).starts(with: Array("GIF89a".utf8)))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("full.gif").path)) == nil)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type]
        #expect(type as? FileAttributeType == .typeCharacterSpecial)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted().filter { $0.hasPrefix(".full") }.isEmpty)
    }

    /// A named pipe is refused without opening it (which would block).
    @Test static func pipeAsOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.gif").path, 0o644) == 0)
        let result = try CommandRunner.run(small + ["pipe.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: cannot write 'pipe.gif': is a FIFO (named pipe), not a regular file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pipe.gif"])
    }

    /// A symbolic link at the output's path is replaced by the GIF, never followed: the file
    /// it pointed to keeps its bytes; a link to nothing is replaced the same way.
    @Test static func symbolicLinks() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try BadInputCase.previousOutput.write(to: folder.appendingPathComponent("target.gif"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.gif").path, withDestinationPath: "target.gif")
        let written = try CommandRunner.run(small + ["link.gif"], in: folder)
        #expect(written.status == 0, "\(written.standardError)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.gif").path)) == nil)
        #expect(try Data(contentsOf: folder.appendingPathComponent("link.gif")).starts(with: Array("GIF89a".utf8)))
        #expect(try Data(contentsOf: folder.appendingPathComponent("target.gif")) == BadInputCase.previousOutput)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.gif", "target.gif"])

        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.gif").path, withDestinationPath: "gone/x.gif")
        let replaced = try CommandRunner.run(small + ["dangling.gif"], in: folder)
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("dangling.gif")).starts(with: Array("GIF89a".utf8)))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["dangling.gif", "link.gif", "target.gif"])
    }
}
