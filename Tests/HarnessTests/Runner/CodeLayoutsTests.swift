import Foundation
import Harness
import Runner
import Testing

/// `ab` links each build again in shuffled code layouts (``CodeLayouts``), from the link command SwiftPM's
/// build manifest holds (``LinkCommand``).
struct CodeLayoutsTests {
    /// The shape SwiftPM writes: one command's fields indented under its quoted name, arrays as JSON.
    private static func manifest(executable: String, objects: [String], driver: String = "/usr/bin/swiftc") -> String {
        let inputs = objects.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            client:
              name: basic
            commands:
              "C.other-release.exe":
                tool: shell
                inputs: ["/elsewhere/other.o"]
                outputs: ["/elsewhere/other"]
                args: ["/usr/bin/swiftc","-o","/elsewhere/other","/elsewhere/other.o"]

              "C.tool-release.exe":
                tool: shell
                inputs: [\(inputs)]
                outputs: ["\(executable)"]
                description: "Linking \(executable)"
                args: ["\(driver)","-L","/lib","-o","\(executable)","-emit-executable","-Xlinker","-rpath=$ORIGIN","-g"]

              "C.tool-release.module":
                tool: shell
                inputs: ["/build/a.o"]
                outputs: ["/build/Tool.swiftmodule"]
                args: ["/usr/bin/swiftc","-emit-module"]

            """
    }

    @Test func theLinkCommandIsTheBlockWhoseOutputIsTheExecutable() throws {
        let command = try #require(LinkCommand(executable: "/build/tool", manifest: Self.manifest(executable: "/build/tool", objects: ["/build/a.o", "/build/b.o"])))
        #expect(command.inputs == ["/build/a.o", "/build/b.o"])
        #expect(command.arguments == ["/usr/bin/swiftc", "-L", "/lib", "-o", "/build/tool", "-emit-executable", "-Xlinker", "-rpath=$ORIGIN", "-g"])
        #expect(command.arguments(output: "/tmp/3/tool", shuffleSeed: 3) == [
            "/usr/bin/swiftc", "-L", "/lib", "-o", "/tmp/3/tool", "-emit-executable", "-Xlinker", "-rpath=$ORIGIN", "-g",
            "-use-ld=lld", "-Xlinker", "--shuffle-sections=.text*=3",
        ])
    }

    @Test func noCommandForAnotherExecutableOrAnArgumentListThatLinksElsewhere() {
        let text = Self.manifest(executable: "/build/tool", objects: ["/build/a.o"])
        #expect(LinkCommand(executable: "/build/too", manifest: text) == nil)
        #expect(LinkCommand(executable: "/build/tool", manifest: text.replacingOccurrences(of: "\"-o\",\"/build/tool\"", with: "\"-o\",\"/x\"")) == nil)
        #expect(LinkCommand(executable: "/build/tool", manifest: "") == nil)
    }

    /// A release build as SwiftPM writes one in `directory`: an executable, one object, and the manifest linking
    /// them with the driver `driver` (a path under the build's root; the real one when nil). `older` is dated a
    /// minute back. Paths are absolute and standardized, as SwiftPM writes them (the temporary directory's has a `//`).
    private static func build(
        in directory: TemporaryDirectory, driver: String? = nil, older: KeyPath<(executable: String, object: String), String>
    ) throws -> (root: String, executable: String, object: String) {
        let root = URL(fileURLWithPath: directory.path).standardizedFileURL.path
        let bin = "\(root)/x86_64-unknown-linux-gnu/release"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let files = (executable: "\(bin)/tool", object: "\(bin)/a.o")
        try Data("tool".utf8).write(to: URL(fileURLWithPath: files.executable))
        try Data("object".utf8).write(to: URL(fileURLWithPath: files.object))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: files[keyPath: older])
        try manifest(executable: files.executable, objects: [files.object], driver: driver.map { "\(root)/\($0)" } ?? "/usr/bin/swiftc")
            .write(toFile: "\(root)/release.yaml", atomically: true, encoding: .utf8)
        return (root, files.executable, files.object)
    }

    /// A build whose objects changed after it was linked: relinking would measure other code than its own.
    @Test func objectsNewerThanTheExecutableAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, executable, object) = try Self.build(in: directory, older: \.executable)

        let made = CodeLayouts.make(executable, count: 2, into: directory.appending("layouts"))
        #expect(made == .failure(.init("\(object) is newer than the executable (built since): its objects are no longer its code")))
    }

    /// A link that fails is tried once more, and a second failure quotes both in the linker's words; a link
    /// that failed while the run was stopping is not tried again. The "driver" is a script that counts its runs
    /// and fails as lld does.
    @Test func aFailedLinkIsTriedOnceMoreUnlessTheRunIsStopping() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (root, executable, _) = try Self.build(in: directory, driver: "driver", older: \.object)
        let driver = "\(root)/driver", runs = "\(root)/runs"
        try "#!/bin/sh\necho run >> '\(runs)'\necho 'ld.lld: error: planted failure' >&2\necho 'error: link command failed with exit code 1' >&2\nexit 1\n"
            .write(toFile: driver, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: driver)
        let runCount = { ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").split(separator: "\n").count }

        let failed = CodeLayouts.make(executable, count: 1, into: directory.appending("layouts"))
        #expect(runCount() == 2)
        let twice = "linking it with lld failed twice (exited(status: 1): ld.lld: error: planted failure; then exited(status: 1): ld.lld: error: planted failure)"
        #expect(failed == .failure(.init(twice)), "\(failed)")

        try FileManager.default.removeItem(atPath: runs)
        // Stopping once the first link has started: its failure is the run's, and is not tried again.
        let stopped = CodeLayouts.make(executable, count: 1, into: directory.appending("stopped"), shouldStop: { runCount() > 0 })
        #expect(runCount() == 1)
        guard case .failure(let unavailable) = stopped else {
            Issue.record("a link that cannot succeed succeeded")
            return
        }
        #expect(unavailable.reason.hasPrefix("stopped while linking it ("), "\(unavailable.reason)")
    }

    @Test func anExecutableWithNoManifestAboveItCannotBeRelinked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let executable = directory.appending("tool")
        try Data("tool".utf8).write(to: URL(fileURLWithPath: executable))
        guard case .failure(let unavailable) = CodeLayouts.make(executable, count: 1, into: directory.appending("layouts")) else {
            Issue.record("a layout of a file with no manifest")
            return
        }
        #expect(unavailable.reason.hasPrefix("no SwiftPM build manifest (release.yaml) lies above "))
    }

    /// The release tool linked twice more: two working tools of other layouts (byte-different), each named
    /// like the build.
    @Test func theReleaseToolInTwoLayouts() async throws {
        guard let tool = ToolBinary.release() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let layouts = try CodeLayouts.make(tool, count: 2, into: directory.appending("layouts")).get()
        #expect(layouts == [directory.appending("layouts/1/reactive-bench"), directory.appending("layouts/2/reactive-bench")])
        let first = try #require(FileManager.default.contents(atPath: layouts[0]))
        let second = try #require(FileManager.default.contents(atPath: layouts[1]))
        #expect(first != second, "two seeds, two layouts")
        for layout in layouts {
            let outcome = try await ToolProcess.run(layout, ["list"], in: directory.path, timeLimit: .seconds(60))
            #expect(outcome.exitedNormally && outcome.exitStatus == 0 && outcome.standardOutput.contains("structBridge"), "\(outcome)")
        }
    }
}
