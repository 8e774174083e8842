import Foundation
import Runner
import Workloads

/// Run directories for the `compare` CLI tests, good and bad, written into one directory:
/// `base` and `same` (identical runs), `slower` (map/builtin allocates per element), `other-processor`
/// (`base`'s cells, measured on another processor of the same name), and one directory per
/// kind of bad input (among them, runs that are valid CSV but would compare nothing).
enum CompareFixtures {
    static func write(into directory: TemporaryDirectory) throws {
        var base = SyntheticRun(seed: 1)
        base.environment = ["cross_module_optimization": "true", "git_commit": "a"].merging(processor) { $1 }
        try base.write(to: directory.appending("base"))
        try base.write(to: directory.appending("same"))
        var otherProcessor = base
        otherProcessor.environment?.merge(["cpu_family": "26", "cpu_model_number": "2", "cache_l1d": "48K 12-way 64B"]) { $1 }
        try otherProcessor.write(to: directory.appending("other-processor"))
        var slower = base
        slower.update("map", "builtin") { cell in cell.allocationsPerUnit = 1 }
        try slower.write(to: directory.appending("slower"))
        var oneCell = base
        oneCell.cells.removeAll { !($0.workload == "map" && $0.implementation == "builtin") }
        try oneCell.write(to: directory.appending("one-cell"))
        var otherBuild = base
        otherBuild.environment = ["cross_module_optimization": "false", "git_commit": "b"]
        try otherBuild.write(to: directory.appending("other-build"))

        try FileManager.default.createDirectory(atPath: directory.appending("empty"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: directory.appending("unreadable/results.csv"), withIntermediateDirectories: true
        )
        let header = ResultTable.columns.joined(separator: ",")
        try write("\(header)\n\(row())\nmap,builtin\n", to: directory.appending("ragged"))
        try write("\(header)\n\(row("schema_version", "1"))\n", to: directory.appending("schema1"))
        try write("workload,implementation,status\nmap,builtin,ok\n", to: directory.appending("columns"))
        try write("\(header)\n\(row("allocations_per_unit", "lots"))\n", to: directory.appending("word"))
        try write("\(header)\n\(row())\n\(row())\n", to: directory.appending("duplicate"))
        try write("\(header)\n\(row("schema_version", "3"))\n", to: directory.appending("schema3"))
        try write("\(header)\n\(row("allocations_per_unit", "-1"))\n", to: directory.appending("negative"))
        try write("\(header)\n\(row("ns_per_unit_samples", "200;-3;202"))\n", to: directory.appending("negative-time"))
        try write("\(header)\n\(row("bytes_per_unit", ""))\n", to: directory.appending("empty-count"))
        try write("\(header)\n\(row("ns_per_unit_samples", ""))\n", to: directory.appending("empty-samples"))
        var wordyCount = base
        wordyCount.environment = (base.environment ?? [:]).merging(["result_rows": "lots"]) { $1 }
        try wordyCount.write(to: directory.appending("rows-not-a-count"))
        try write("\(header)\n", to: directory.appending("header-only"))
        try write("\(header)\n\(row())", to: directory.appending("cut-in-a-row"))
        try writeComparableButDisjoint(into: directory, base: base)
        // A results.csv that never ends: read without bound it exhausted memory.
        try FileManager.default.createDirectory(atPath: directory.appending("dev-zero"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appending("dev-zero/results.csv"), withDestinationPath: "/dev/zero")
    }

    /// The processor `base` records: every ``Hardware/environmentKeys``.
    private static let processor = [
        "cpu_model": "AMD EPYC", "cpu_vendor": "AuthenticAMD", "cpu_family": "25", "cpu_model_number": "17",
        "cpu_stepping": "1", "cpu_microcode": "0xa101148", "cache_l1d": "32K 8-way 64B", "cache_l1i": "32K 8-way 64B",
        "cache_l2": "1024K 8-way 64B", "cache_l3": "32768K 16-way 64B", "cpu_flags": "sse4_2 avx avx2 avx512f hypervisor",
    ]

    /// Runs that read as CSV but share nothing with `base`: no common cell, some rows lost at a line end
    /// (environment.csv says more were written), and an instruction-count run.
    private static func writeComparableButDisjoint(into directory: TemporaryDirectory, base: SyntheticRun) throws {
        var disjoint = SyntheticRun(cells: [SyntheticCell(workload: "scan", implementation: "classSubscription", samples: [90, 91])])
        disjoint.environment = base.environment
        try disjoint.write(to: directory.appending("disjoint"))
        var cut = base
        cut.cells.removeLast(3)
        cut.environment = (base.environment ?? [:]).merging(["result_rows": String(base.cells.count)]) { $1 }
        try cut.write(to: directory.appending("cut-at-a-line-end"))
        var instructions = base
        for index in instructions.cells.indices {
            instructions.cells[index].extra = [
                "ns_per_unit_samples": "", "ns_per_unit_median": "", "instructions_per_unit": "1808.2",
                "instructions_per_subscription": "17943", "instructions_source": "callgrind",
            ]
        }
        instructions.environment = (base.environment ?? [:]).merging(["metric": "instructions"]) { $1 }
        try instructions.write(to: directory.appending("instructions"))
    }

    /// A valid `map` / `builtin` row with `column` set to `value`.
    private static func row(_ column: String = "workload", _ value: String = "map") -> String {
        var cell = SyntheticCell(workload: "map", implementation: "builtin", samples: [200, 201, 202])
        cell.extra = [column: value]
        return cell.fields(under: ResultTable.columns).joined(separator: ",")
    }

    private static func write(_ text: String, to runDirectory: String) throws {
        try FileManager.default.createDirectory(atPath: runDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(runDirectory)/results.csv"))
    }
}
