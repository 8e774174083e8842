import Foundation
import Runner
import Workloads

/// What every bad-input case finds in its working directory: an earlier run under `runs/` (which must
/// stay byte-identical), a regular file `a-file`, the `compare` fixtures (``CompareFixtures``), the
/// `merge` fixtures (``ShardFixtures``), a cell request naming a workload that does not exist, and two requests
/// `interleaved-cells` refuses.
enum BadInputFixtures {
    static let earlierRun = "runs/20240101-000000-earlier"

    static func write(into directory: TemporaryDirectory) throws {
        try CompareFixtures.write(into: directory)
        try ShardFixtures.write(into: directory)
        try SyntheticRun(seed: 7).write(to: directory.appending(earlierRun))
        try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: directory.appending("a-file")))
        // A directory whose `reactive-bench` is a directory, not a tool.
        try FileManager.default.createDirectory(
            atPath: directory.appending("tool-is-a-directory/reactive-bench"), withIntermediateDirectories: true
        )
        // An executable that answers, but not as the tool: what `ab`'s handshake must refuse.
        let script = directory.appending("not-the-tool")
        try Data("#!/bin/sh\necho 'Implementations: none'\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        // A tool whose build had no cross-module optimisation, as its `list` says: what `ab` refuses to time.
        let unspecialised = directory.appending("unspecialised-tool")
        try Data("#!/bin/sh\nprintf 'Implementations:\\nWorkloads:\\n\\nBuild: cross-module optimisation off\\n'\n".utf8)
            .write(to: URL(fileURLWithPath: unspecialised))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: unspecialised)
        let request = CellRequest(
            workload: "mapp", implementation: .baseline, configuration: .quick, latency: false
        )
        try JSONEncoder().encode(request).write(to: URL(fileURLWithPath: directory.appending("unknown-workload.json")))
        for (name, batches) in [("zero-batches.json", 0), ("negative-batches.json", -1)] {
            var configuration = RunConfiguration.quick
            configuration.batches = batches
            let request = CellRequest(workload: "map", implementation: .baseline, configuration: configuration, latency: false)
            try JSONEncoder().encode(request).write(to: URL(fileURLWithPath: directory.appending(name)))
        }
        let pair = ["anatomyControl (malloc x1)", "anatomyControl (malloc x3)"]
        let unknown = InterleavedRequest(workloads: [pair[0], "mapp"], implementation: .baseline, configuration: .quick)
        try JSONEncoder().encode(unknown).write(to: URL(fileURLWithPath: directory.appending("unknown-interleaved.json")))
        let counted = InterleavedRequest(
            workloads: pair, implementation: .baseline, configuration: .instructions(.callgrind, quick: true)
        )
        try JSONEncoder().encode(counted).write(to: URL(fileURLWithPath: directory.appending("counted-interleaved.json")))
    }
}
