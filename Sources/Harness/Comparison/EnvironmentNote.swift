/// A line about how the two runs were made: a note for what differs as expected (the commit), a warning
/// for what makes the numbers hard or impossible to compare.
public struct EnvironmentNote: Sendable, Equatable, CustomStringConvertible {
    /// How much the difference matters: a note informs, a warning says the numbers may mislead.
    public enum Level: String, Sendable {
        case note
        case warning
    }

    public let level: Level
    public let message: String

    public init(_ level: Level, _ message: String) {
        self.level = level
        self.message = message
    }

    public var description: String { "\(level.rawValue): \(message)" }

    /// The environment keys whose difference makes the numbers of two runs not comparable (the processor's
    /// are told together: ``hardware(base:new:)``).
    public static let incomparableKeys = [
        "build_configuration", "cross_module_optimization", "code_alignment", "core_count",
    ]
    /// How much the quiet-machine sentinel may move, in percent, before times may shift for that alone.
    public static let sentinelTolerancePercent = 10.0

    /// What to tell about two runs' environment.csv (nil when a run has none).
    public static func notes(base: [String: String]?, new: [String: String]?) -> [EnvironmentNote] {
        let eachRun = incompleteRuns(base: base, new: new)
            + [mixedMachines(base, run: "base"), mixedMachines(new, run: "new")].compactMap { $0 }
            + compilation(base, run: "base") + compilation(new, run: "new")
        guard let base, let new else {
            let missing = [base == nil ? "base" : nil, new == nil ? "new" : nil].compactMap { $0 }
            let runs = missing.joined(separator: " and ")
            return [EnvironmentNote(.note, "no environment.csv for \(runs): builds and machines not checked")]
                + eachRun
        }
        var notes: [EnvironmentNote] = []
        if let commits = differing("git_commit", base, new) {
            let message = "different commits (base \(short(commits.base)), new \(short(commits.new)))"
            notes.append(EnvironmentNote(.note, message))
        }
        if new["git_tree_dirty"] == "true" {
            notes.append(EnvironmentNote(.note, "the new run was built from a tree with uncommitted changes"))
        }
        if let versions = differing("swift_version", base, new) {
            notes.append(EnvironmentNote(.note, "different compilers (base \(versions.base), new \(versions.new))"))
        }
        for key in incomparableKeys {
            guard let values = differing(key, base, new) else { continue }
            notes.append(EnvironmentNote(
                .warning, "\(key) differs (base \(values.base), new \(values.new)): the numbers are not comparable"
            ))
        }
        if let hardware = hardware(base: base, new: new) { notes.append(hardware) }
        if let sentinel = sentinelNote(base: base, new: new) { notes.append(sentinel) }
        return notes + eachRun
    }
}

// MARK: - The processor

extension EnvironmentNote {
    /// A warning naming each ``Hardware/environmentKeys`` value two runs record differently (another
    /// processor design, stepping, microcode or cache: times are then not comparable); a note when a run
    /// does not record its processor beyond `cpu_model` (written before environment.csv did, or where
    /// Linux does not say), so that a difference could not be seen; nil when every key is known and the same.
    public static func hardware(base: [String: String]?, new: [String: String]?) -> EnvironmentNote? {
        guard let base, let new else { return nil }
        func known(_ environment: [String: String], _ key: String) -> String? {
            environment[key].flatMap { $0.isEmpty || $0 == "unknown" ? nil : $0 }
        }
        let differences = Hardware.environmentKeys.compactMap { key -> String? in
            guard let values = differing(key, base, new), known(base, key) != nil, known(new, key) != nil else { return nil }
            return "\(key) base \(values.base), new \(values.new)"
        }
        if !differences.isEmpty {
            return EnvironmentNote(
                .warning,
                "the hardware differs (\(differences.joined(separator: "; "))): times measured on different "
                    + "processors are not comparable"
            )
        }
        let unrecorded = [("base", base), ("new", new)].filter { _, environment in
            Hardware.environmentKeys.contains { known(environment, $0) == nil }
        }
        guard !unrecorded.isEmpty else { return nil }
        let runs = unrecorded.map { "the \($0.0) run" }.joined(separator: " and ")
        return EnvironmentNote(
            .note,
            "\(runs) \(unrecorded.count == 1 ? "does" : "do") not record every hardware key "
                + "(\(Hardware.environmentKeys.joined(separator: ", "))): a different processor may not show"
        )
    }
}

// MARK: - How the rows were compiled

extension EnvironmentNote {
    /// Warnings about how a run's rows were compiled: without cross-module optimisation (every style
    /// then runs unspecialised across its module boundary: a build made with `REACTIVE_BENCH_CMO=0`, see
    /// docs/YOUR-OPERATORS.md), or, in a build with it, with rows made from an existential style that ran
    /// unspecialised beside the project's specialised ones (both measured only with `--allow-unspecialised`). `run` names the run in a comparison; nil for the one run `summary` reads.
    public static func compilation(_ environment: [String: String]?, run: String? = nil) -> [EnvironmentNote] {
        guard let environment else { return [] }
        let whose = run.map { "the \($0) run's" } ?? "this run's"
        var notes: [EnvironmentNote] = []
        if environment["cross_module_optimization"] == "false" {
            notes.append(EnvironmentNote(
                .warning,
                "\(whose) build had no cross-module optimisation: every style ran unspecialised across its module "
                    + "boundary, unlike an app's code (docs/YOUR-OPERATORS.md)"
            ))
        }
        // Without the optimisation no row was specialised across modules: the warning above says it all.
        else if let rows = environment[unspecialisedKey], !rows.isEmpty {
            notes.append(EnvironmentNote(
                .warning,
                "\(whose) rows \(rows.replacingOccurrences(of: "; ", with: ", ")) ran unspecialised (made from an existential "
                    + "style) beside the project's specialised Combine rows: compare them with care"
            ))
        }
        return notes
    }

    /// The environment.csv key that lists the rows another package added and that ran unspecialised.
    public static let unspecialisedKey = "unspecialised_implementations"
}

// MARK: - Merged shards

extension EnvironmentNote {
    /// A warning when a run merged from shards (`reactive-bench merge`) has time rows measured on more than
    /// one machine: its cells' times are then not comparable with each other. `run` names the run in a
    /// comparison (`base`, `new`); nil for the one run `summary` reads.
    public static func mixedMachines(_ environment: [String: String]?, run: String? = nil) -> EnvironmentNote? {
        guard let environment, let machines = environment[ShardEnvironment.machines].flatMap({ Int($0) }), machines > 1,
            environment[RunMetric.environmentKey] != RunMetric.instructions.rawValue
        else { return nil }
        let hosts = (environment[ShardEnvironment.hosts] ?? "").split(separator: Character(ShardEnvironment.separator))
            .reduce(into: [Substring]()) { distinct, host in if !distinct.contains(host) { distinct.append(host) } }
        let whose = run.map { "the \($0) run's" } ?? "this run's"
        return EnvironmentNote(
            .warning,
            "\(whose) time rows come from \(machines) different machines (its shards ran on \(hosts.joined(separator: ", "))): "
                + "times measured on different machines are not comparable"
        )
    }
}

// MARK: - Keys

extension EnvironmentNote {
    /// A run stopped part way (`run_complete` false) lacks cells, which then show as in one run only.
    private static func incompleteRuns(base: [String: String]?, new: [String: String]?) -> [EnvironmentNote] {
        [("base", base), ("new", new)].compactMap { run, environment in
            guard environment?["run_complete"] == "false" else { return nil }
            return EnvironmentNote(
                .warning,
                "the \(run) run is incomplete (interrupted, or still going): it holds only the cells it finished"
            )
        }
    }

    /// Both values of `key` when both runs record it and they differ.
    private static func differing(
        _ key: String, _ base: [String: String], _ new: [String: String]
    ) -> (base: String, new: String)? {
        guard let baseValue = base[key], let newValue = new[key], !baseValue.isEmpty, !newValue.isEmpty,
            baseValue != newValue
        else { return nil }
        return (baseValue, newValue)
    }

    private static func short(_ commit: String) -> String {
        commit.count == 40 ? String(commit.prefix(10)) : commit
    }

    /// The sentinel is the noise gate's best time on a quiet machine: when it moved, the machine did.
    private static func sentinelNote(base: [String: String], new: [String: String]) -> EnvironmentNote? {
        let key = "sentinel_best_ns_per_element"
        guard let baseText = base[key], let newText = new[key], let baseValue = Double(baseText),
            let newValue = Double(newText), baseValue > 0, newValue.isFinite
        else { return nil }
        let percent = (newValue / baseValue - 1) * 100
        guard abs(percent) > sentinelTolerancePercent else { return nil }
        return EnvironmentNote(
            .warning,
            "the machine ran \(percent > 0 ? "slower" : "faster"): \(key) \(baseText) -> \(newText) "
                + "(\(DecimalText.percent(percent))), so times may shift for that reason alone"
        )
    }
}
