import CCallgrind
import Foundation

/// Runs a program under `valgrind --tool=callgrind`, which dumps one part file per measured region
/// (``InstructionRegion``), and reads what it wrote.
public enum Callgrind {
    /// Whether this process runs under valgrind.
    public static var isRunning: Bool { ccallgrind_running_on_valgrind() != 0 }

    /// Whether this build holds callgrind's client requests (valgrind's headers were there at build time).
    public static var hasClientRequests: Bool { ccallgrind_has_client_requests() != 0 }

    /// `valgrind` on the PATH, or an error saying how to install it.
    public static func valgrind() throws(HarnessError) -> String {
        guard let path = Executables.find("valgrind") else {
            throw HarnessError("valgrind not found on the PATH: install it (Debian: apt-get install valgrind, or scripts/lib/install-deps)")
        }
        guard hasClientRequests else {
            throw HarnessError("this reactive-bench was built without valgrind's headers: rebuild it now that valgrind is installed")
        }
        return path
    }

    /// `environment` for a process counted by callgrind, running `program` with `arguments`:
    /// - jemalloc's time-based purging of unused pages switched off. It runs from inside malloc and free
    ///   when enough time has passed, and under callgrind time passes unevenly: measured here, one
    ///   subscription's set-up moved between 15,600 and 16,900 instructions from one process to the next
    ///   with it, and not at all without it.
    /// - ``stackPadding`` set so that the program's arguments and environment take the same room modulo
    ///   4096 bytes whatever the paths in them. Valgrind builds the program's first stack from them at a
    ///   fixed address, so their size sets where every stack frame lies, and libc's code takes paths that
    ///   depend on alignment: measured here, `floor` / `simpleCombine` counted 1,666 or 1,672 instructions
    ///   per element as the scratch directory's path grew by a character.
    public static func environment(_ environment: [String: String], program: String, _ arguments: [String]) -> [String: String] {
        var environment = environment
        let noPurging = "dirty_decay_ms:-1,muzzy_decay_ms:-1"
        environment["MALLOC_CONF"] = environment["MALLOC_CONF"].map { "\($0),\(noPurging)" } ?? noPurging
        environment[stackPadding] = nil
        // Each string with its terminating zero, and a pointer to it; the padding's own entry included.
        let strings = ([program] + arguments).reduce(0) { $0 + $1.utf8.count + 1 + 8 }
            + environment.reduce(0) { $0 + $1.key.utf8.count + 1 + $1.value.utf8.count + 1 + 8 }
            + stackPadding.utf8.count + 2 + 8
        environment[stackPadding] = String(repeating: "x", count: (4096 - strings % 4096) % 4096)
        return environment
    }

    /// The variable that pads a counted process's environment (``environment(_:program:_:)``).
    public static let stackPadding = "REACTIVE_BENCH_STACK_PADDING"

    /// The arguments that run `program` under callgrind, writing to `outputFile` (and `outputFile.N` for
    /// each dump). Collection starts on: what runs outside the regions is dumped into parts of its own
    /// (``InstructionRegion`` says why), and only the regions' parts are read. Instructions (`Ir`), which
    /// repeat from run to run, and global bus events (`Ge`): the atomic read-modify-write instructions
    /// executed (``CallAnatomy``). With `simulate`, also the cache and branch simulation
    /// (``simulationArguments``), which took 1.6x the time of a run without it (docs/CSV.md).
    public static func arguments(program: String, _ arguments: [String], outputFile: String, simulate: Bool = false) -> [String] {
        ["--tool=callgrind", "--vgdb=no", "--collect-atstart=yes"]
            + (simulate ? simulationArguments : ["--cache-sim=no", "--branch-sim=no"])
            + ["--collect-bus=yes", "--callgrind-out-file=\(outputFile)", "--quiet", program] + arguments
    }

    /// Callgrind's cache and branch simulation (``SimulatedEvent``), with the caches' geometry fixed rather
    /// than read from the host CPU, so that the counts are the same on every machine and the controls
    /// (`CEventControls`) know the sizes: 32 KiB 8-way first-level instruction and data caches and an
    /// 8 MiB 16-way last level, 64-byte lines.
    public static let simulationArguments = [
        "--cache-sim=yes", "--branch-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64",
    ]

    /// A copy of `executable` without its debug information, in `directory`. Valgrind 3.19 (Debian 12)
    /// cannot read the DWARF 5 that Swift 6 writes and gives up on the whole process ("unhandled dwarf2
    /// abbrev form code 0x25"); the symbol table stays, so profiles still name every function.
    public static func strippedCopy(of executable: String, into directory: String) throws(HarnessError) -> String {
        guard let objcopy = Executables.find("objcopy") ?? Executables.find("llvm-objcopy") else {
            throw HarnessError("objcopy not found on the PATH: install it (Debian: apt-get install binutils)")
        }
        let copy = "\(directory)/reactive-bench-stripped"
        let status = Executables.run(objcopy, ["--strip-debug", executable, copy])
        guard status == 0 else { throw HarnessError("\(objcopy) --strip-debug \(executable) failed (status \(status))") }
        return copy
    }

    /// The region samples in the part files `outputFile.1`, `outputFile.2`, ... in dump order, the
    /// steady regions `steadyUnits` long, each with its call anatomy and where its instructions execute.
    public static func regionSamples(outputFile: String, steadyUnits: Int) -> [InstructionSample] {
        var samples: [InstructionSample] = []
        for path in partFiles(outputFile) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let graph = CallgrindCallGraph(parsing: text)
            guard InstructionSample.region(callgrindLabel: graph.label) != nil, let total = graph.totals["Ir"],
                let sample = InstructionSample(
                    callgrindLabel: graph.label, instructions: total, steadyUnits: steadyUnits, anatomy: CallAnatomy(graph),
                    components: InstructionComponents(graph).byComponent, simulated: SimulatedEvents(totals: graph.totals)
                )
            else { continue }
            samples.append(sample)
        }
        return samples
    }

    /// The part files `outputFile.1`, `outputFile.2`, ... that exist, in dump order.
    public static func partFiles(_ outputFile: String) -> [String] {
        var paths: [String] = []
        while FileManager.default.fileExists(atPath: "\(outputFile).\(paths.count + 1)") {
            paths.append("\(outputFile).\(paths.count + 1)")
        }
        return paths
    }

    /// The total instructions of a callgrind output file (its `summary:` or `totals:` line).
    public static func total(_ text: String) -> UInt64? { labelAndTotal(text)?.1 }

    /// The client request's label from `desc: Trigger: Client Request: <label>` (empty for other
    /// triggers) and the file's total.
    static func labelAndTotal(_ text: String) -> (String, UInt64)? {
        var label = "", total: UInt64?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("desc: Trigger: Client Request: ") {
                label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
            } else if line.hasPrefix("summary: ") || line.hasPrefix("totals: ") {
                let number = line.split(separator: " ").dropFirst().first.flatMap { UInt64($0) }
                total = max(total ?? 0, number ?? 0)
            }
        }
        return total.map { (label, $0) }
    }
}
