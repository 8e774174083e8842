import CCallDepth
import Harness
import StyleKit
import Workloads

/// Drives cells: sizes each one, then runs the repetitions interleaved (repetition r of every cell
/// before repetition r + 1 of any), so slow drift on a shared machine spreads over all rows instead of
/// landing on one.
public struct Runner {
    public typealias Progress = (String) -> Void

    let configuration: RunConfiguration
    private let probe: AllocationProbe
    let input: SeededInput
    let progress: Progress
    /// Checked between repetitions: true stops the run (SIGINT, SIGTERM); ``Outcome/complete`` is then false.
    public var shouldStop: () -> Bool = { false }
    /// Called before each sizing and each repetition of ``measure(workloads:implementations:)``.
    public var step: (ProgressStep) -> Void = { _ in }
    /// The part of the cells to measure (`run --shard K/N`); every cell by default.
    public var shard = Shard.whole
    /// The counter of the measured regions' instructions, when the configuration asks for one.
    private let instructions: Result<InstructionRegion, HarnessError>?

    public init(
        configuration: RunConfiguration, probe: AllocationProbe, input: SeededInput = SeededInput(),
        progress: @escaping Progress = { _ in }
    ) {
        self.configuration = configuration
        self.probe = probe
        self.input = input
        self.progress = progress
        instructions = configuration.instructionSource.map { source in
            Result { () throws(HarnessError) in
                try InstructionRegion(source: source)
            }
        }
    }

    /// What a run produced: the rows, and the noise gate's quiet-machine time.
    public struct Outcome {
        public var results: [CellResult]
        /// The sentinel's best ns per element over the run; nil when the noise gate was off.
        public var sentinelBest: Double?
        /// False when ``shouldStop`` stopped the run: then `results` holds the cells with at least one
        /// repetition (their `detail` says how many), and those that need none (`unsupported`).
        public var complete = true
    }

    /// Runs every pair (of ``shard``), in order: workloads outer, implementations inner (the baseline first).
    public func run(workloads: [any Workload], implementations: [Implementation]) -> [CellResult] {
        measure(workloads: workloads, implementations: implementations).results
    }

    /// As ``run(workloads:implementations:)``, also returning what the noise gate saw.
    public func measure(workloads: [any Workload], implementations: [Implementation]) -> Outcome {
        var plans: [CellPlan] = []
        var results: [CellResult] = []
        for (workload, implementation) in shard.cells(of: workloads, implementations) {
            var result = CellResult(workload, implementation)
            if let reason = workload.unsupportedReason(for: implementation) {
                result.status = .unsupported
                result.detail = reason
            } else if let failure = instructionCounterFailure {
                result.status = .failed
                result.detail = failure
            } else {
                plans.append(CellPlan(index: results.count, workload: workload, implementation: implementation))
            }
            results.append(result)
        }
        let sentinel = configuration.noiseGate ? try? MachineSentinel(input: input) : nil
        let rounds = configuration.repetitions
        var steps = ProgressSteps(total: plans.count * (1 + rounds), report: step)
        for plan in plans {
            if shouldStop() { return stopped(results, plans: plans, timings: [], sentinel: sentinel) }
            steps.next("sizing \(plan.title)")
            size(plan, into: &results[plan.index])
        }
        var timings = [[TimedRepetition]](repeating: [], count: results.count)
        let measuringStarted = Clock.now()
        for round in 0..<rounds {
            for plan in plans where results[plan.index].status == .ok {
                if shouldStop() { return stopped(results, plans: plans, timings: timings, sentinel: sentinel) }
                steps.next("repetition \(round + 1)/\(rounds) \(plan.title)")
                if let timing = measureRepetition(plan, sentinel: sentinel, into: &results[plan.index]) {
                    timings[plan.index].append(timing)
                }
            }
        }
        if let sentinel {
            let budget = RemeasureBudget(measured: Clock.now() - measuringStarted)
            remeasureDisturbed(plans, sentinel: sentinel, budget: budget, timings: &timings, results: &results)
        }
        if shouldStop() { return stopped(results, plans: plans, timings: timings, sentinel: sentinel) }
        for plan in plans where !timings[plan.index].isEmpty && results[plan.index].status != .failed {
            let selection = NoiseGate.select(
                timings[plan.index], best: sentinel?.best ?? .infinity, required: Self.requiredQuiet(rounds)
            )
            results[plan.index].keep(selection, gated: sentinel != nil)
        }
        if configuration.measuresLatency {
            let overhead = LatencyRecorder.calibrateRecordingOverhead(samples: Self.recordingOverheadSamples)
            for plan in plans where results[plan.index].status == .ok && plan.workload.measuresLatency {
                progress("latency \(plan.title)")
                measureLatency(plan, into: &results[plan.index])
                results[plan.index].latencyRecordingOverhead = overhead
            }
        }
        for plan in plans { countPerfInstructions(&results[plan.index]) }
        Self.fillBaselineRatios(&results)
        Self.fillDemandOverheads(&results, workloads: workloads)
        return Outcome(results: results, sentinelBest: sentinel?.best)
    }

    /// Measures one cell in this process and returns its repetitions unselected, with the sentinel's
    /// best: what a child process sends back to an ``IsolatedRunner``, which gates across all children.
    /// With `latency` false the latency repetition is skipped (extra repetitions asked for later).
    public func measureUngated(_ workload: any Workload, _ implementation: Implementation, latency: Bool) -> UngatedCell {
        var result = CellResult(workload, implementation)
        if let reason = workload.unsupportedReason(for: implementation) {
            result.status = .unsupported
            result.detail = reason
            return UngatedCell(result: result, timings: [], sentinelBest: nil)
        }
        if let failure = instructionCounterFailure {
            result.status = .failed
            result.detail = failure
            return UngatedCell(result: result, timings: [], sentinelBest: nil)
        }
        let plan = CellPlan(index: 0, workload: workload, implementation: implementation)
        let sentinel = configuration.noiseGate && plan.isGated ? try? MachineSentinel(input: input) : nil
        size(plan, into: &result)
        var timings: [TimedRepetition] = []
        // A cell the sentinel cannot judge is judged by what the rest of the machine did meanwhile, over
        // all of this process's repetitions together (the kernel counts in 10 ms ticks).
        let others = configuration.noiseGate && !plan.isGated && configuration.instructionSource == nil ? OtherProcesses() : nil
        for repetition in 0..<configuration.repetitions where result.status == .ok {
            progress("repetition \(repetition + 1)/\(configuration.repetitions) \(plan.title)")
            if let timing = measureRepetition(plan, sentinel: sentinel, into: &result) { timings.append(timing) }
        }
        if let others, let now = OtherProcesses() {
            let cpus = others.cores(until: now)
            for index in timings.indices { timings[index].otherProcessesCPUs = cpus }
        }
        if latency && configuration.measuresLatency && result.status == .ok && workload.measuresLatency {
            progress("latency \(plan.title)")
            measureLatency(plan, into: &result)
            result.latencyRecordingOverhead = LatencyRecorder.calibrateRecordingOverhead(samples: Self.recordingOverheadSamples)
        }
        countPerfInstructions(&result)
        return UngatedCell(result: result, timings: timings, sentinelBest: sentinel?.best)
    }

    /// The outcome of a run ``shouldStop`` stopped: the cells with at least one repetition, with what they
    /// have, and the cells that needed none.
    private func stopped(
        _ results: [CellResult], plans: [CellPlan], timings: [[TimedRepetition]], sentinel: MachineSentinel?
    ) -> Outcome {
        let planned = Set(plans.map(\.index))
        var kept: [CellResult] = []
        for (index, result) in results.enumerated() {
            guard planned.contains(index) else {
                kept.append(result)
                continue
            }
            guard index < timings.count, !timings[index].isEmpty else { continue }
            var partial = result
            partial.keep(NoiseGate.select(timings[index], best: sentinel?.best ?? .infinity, required: 1), gated: sentinel != nil)
            // Stopped comes first: it says why the row has fewer repetitions than asked for.
            let stopped = "stopped after \(timings[index].count) of \(configuration.repetitions) repetitions"
            partial.detail = partial.detail.isEmpty ? stopped : "\(stopped); \(partial.detail)"
            kept.append(partial)
        }
        Self.fillBaselineRatios(&kept)
        return Outcome(results: kept, sentinelBest: sentinel?.best, complete: false)
    }

    /// Why the instruction counter the configuration asks for cannot count, or nil.
    private var instructionCounterFailure: String? {
        guard case .failure(let error) = instructions else { return nil }
        return "instruction counter: \(error)"
    }

    /// A perf counter's samples become the row's counts here; callgrind's are read by the parent
    /// process from the files callgrind writes.
    private func countPerfInstructions(_ result: inout CellResult) {
        guard case .success(let counter) = instructions, counter.source == .perf else { return }
        result.countInstructions(result.instructionSamples, source: .perf)
    }

    /// Samples per batch of the latency recorder's overhead calibration (15 batches, once per cell that
    /// measures latency). With 100,000 it took 45 ms of every cell, a third of a `--quick` one; 10,000
    /// take 4 ms and read the same 23-24 ns on this machine, and a batch that short is rarely preempted:
    /// under a load of 3, 22 of 24 cells read 22.6-24 ns against 4 of 24 with 100,000.
    static let recordingOverheadSamples = 10_000

    /// How many quiet repetitions a cell needs before its disturbed ones are left out: half of them.
    static func requiredQuiet(_ repetitions: Int) -> Int { max(1, (repetitions + 1) / 2) }

    /// Runs more interleaved rounds, only for the cells that have fewer quiet repetitions than asked
    /// for, until they have them, twice the asked-for rounds were added (the machine may stay slow) or
    /// `budget` is spent.
    private func remeasureDisturbed(
        _ plans: [CellPlan], sentinel: MachineSentinel, budget: RemeasureBudget, timings: inout [[TimedRepetition]],
        results: inout [CellResult]
    ) {
        let wanted = configuration.repetitions
        for extra in 0..<(2 * wanted) {
            let short = plans.filter { plan in
                results[plan.index].status == .ok
                    && NoiseGate.quietCount(timings[plan.index], best: sentinel.best) < wanted
            }
            if short.isEmpty || shouldStop() { return }
            if budget.isSpent() {
                let required = Self.requiredQuiet(wanted)
                progress(budget.spentText(short: short.count { NoiseGate.quietCount(timings[$0.index], best: sentinel.best) < required }))
                return
            }
            for plan in short {
                progress("machine disturbed: extra repetition \(extra + 1) \(plan.title)")
                if let timing = measureRepetition(plan, sentinel: sentinel, into: &results[plan.index]) {
                    timings[plan.index].append(timing)
                }
            }
        }
    }

    // MARK: - Sizing

    /// Runs a short pilot, always: it pays every first-use cost (generic metadata, caches, lazy
    /// globals) before anything is measured, so the first repetition neither allocates nor "retains"
    /// more than the others. It also chooses the units per repetition unless they are fixed, and the
    /// reference checksum is computed for exactly what every repetition will send.
    func size(_ plan: CellPlan, into result: inout CellResult) {
        // Counting instructions needs no sizing, and callgrind runs ~50x slower: a tenth pays the first uses.
        let pilotUnits = (plan.workload.unit == .element ? 10_000 : 1_000) / (configuration.instructionSource == nil ? 1 : 10)
        let cell = plan.makeCell(input)
        do {
            try cell.setUp()
        } catch {
            result.status = .failed
            result.detail = "set-up failed: \(error)"
            return
        }
        let start = Clock.now()
        cell.run(from: 0, count: pilotUnits)
        let elapsed = max(1, Clock.now() - start)
        if plan.workload.measuresLatency { result.callDepth = Self.callDepth(cell, from: pilotUnits) }
        cell.tearDown()
        var units = configuration.fixedUnits(for: plan.workload.unit) ?? {
            let estimate = Double(configuration.targetRepetitionNanoseconds) / (Double(elapsed) / Double(pilotUnits))
            return Int(min(max(estimate, 1_000), 50_000_000))
        }()
        let batches = configuration.batches
        units = max(batches, (units / batches) * batches)
        result.unitsPerRepetition = units
        let total = configuration.warmupUnits(for: units) + units
        result.expectedChecksum = plan.workload.reference(input: input, count: total)
    }

    /// How many frames below the cell's loop its sink receives an element (`call_depth`): elements sent
    /// one at a time from `unit` on, in latency mode, until the sink records one, counting the frames from
    /// the sink's own up to the cell's `run`, which holds the loop. Inlined calls push no frame, as they
    /// push no return address: the depth a return-address predictor sees, measured as the price list's
    /// call chain counts its own (a chain of depth d nests d + 1 frames below its loop). Nil when no
    /// element reached the sink in 1,000, or the sink received on another thread.
    @inline(never)
    static func callDepth(_ cell: any Cell, from unit: Int) -> Int? {
        cell.sink.latency = LatencyRecorder()
        defer {
            cell.sink.latency = nil
            cell.sink.state.pointee.callDepthOrigin = nil
        }
        cell.sink.state.pointee.callDepth = nil
        for next in unit..<(unit + 1_000) {
            cell.sink.state.pointee.callDepthOrigin = rb_caller_frame()
            cell.run(from: next, count: 1)
            // The frames up to the cell's `run` hold its own: one more than those below its loop.
            if let depth = cell.sink.state.pointee.callDepth { return depth < 1 ? nil : depth - 1 }
        }
        return nil
    }

    // MARK: - Repetitions

    /// Measures one repetition: records its counts into `result` and returns its time.
    func measureRepetition(
        _ plan: CellPlan, sentinel: MachineSentinel?, into result: inout CellResult
    ) -> TimedRepetition? {
        let sentinel = plan.isGated ? sentinel : nil
        let sentinelBefore = sentinel?.reading()
        let units = result.unitsPerRepetition
        let warmup = configuration.warmupUnits(for: units)
        let batchSize = units / configuration.batches
        let cell = plan.makeCell(input)
        let counter = try? instructions?.get()
        // A profile is of the element loop alone.
        let setupCounter = configuration.profilesSteadyState ? nil : counter

        // Each counted region is closed before the allocation probe runs: the probe takes the allocator's
        // locks, and callgrind would count those calls in the region (see InstructionRegion.open).
        let beforeSetUp = probe.snapshot()
        let setUpStart = Clock.now()
        do {
            setupCounter?.open()
            setupCounter?.begin()
            defer { setupCounter?.end() }
            try cell.setUp()
        } catch {
            result.status = .failed
            result.detail = "set-up failed: \(error)"
            return nil
        }
        let setUpEnd = Clock.now()
        let setupInstructions = setupCounter?.close(.setup, units: 1)
        let afterSetUp = probe.snapshot()

        cell.run(from: 0, count: warmup)

        let beforeSteady = probe.snapshot()
        let requestsBefore = cell.sink.requestCalls, returnsBefore = cell.sink.demandReturns
        var elapsed: UInt64 = 0
        var next = warmup
        // Only where the noise gate judges the repetition: an instruction run reads no other clock.
        let cpuStart = sentinel.map { _ in (wall: Clock.now(), thread: Clock.threadCPUTime()) }
        counter?.open()
        for _ in 0..<configuration.batches {
            let start = Clock.now()
            counter?.begin()
            cell.run(from: next, count: batchSize)
            counter?.end()
            elapsed &+= Clock.now() &- start
            next += batchSize
        }
        let steadyInstructions = counter?.close(.steady, units: units)
        let cpuShare = cpuStart.map { start in
            Double(Clock.threadCPUTime() &- start.thread) / Double(max(1, Clock.now() &- start.wall))
        }
        let afterSteady = probe.snapshot()
        let requestCalls = cell.sink.requestCalls &- requestsBefore
        let demandReturns = cell.sink.demandReturns &- returnsBefore

        cell.tearDown()
        let afterTearDown = probe.snapshot()
        blackHole(cell.sink.checksum)
        if let setupInstructions { result.instructionSamples.append(setupInstructions) }
        if let steadyInstructions { result.instructionSamples.append(steadyInstructions) }

        let nanosecondsPerUnit = Double(elapsed) / Double(units)
        record(
            RepetitionMeasurement(
                setupNanoseconds: Double(setUpEnd &- setUpStart),
                setup: afterSetUp - beforeSetUp,
                steady: afterSteady - beforeSteady,
                teardown: afterTearDown - afterSteady,
                retainedBytes: (afterTearDown - beforeSetUp).liveBytes,
                checksum: cell.sink.checksum,
                requestCalls: requestCalls,
                demandReturns: demandReturns
            ),
            demand: plan.implementation.demand, unit: plan.workload.unit, units: units, into: &result
        )
        let sentinelAfter = sentinel?.reading()
        let slower = sentinelBefore.flatMap { before in sentinelAfter.map { max(before, $0) } }
        return TimedRepetition(nanosecondsPerUnit: nanosecondsPerUnit, sentinel: slower, cpuShare: cpuShare)
    }

    private func record(
        _ measurement: RepetitionMeasurement, demand: DemandModel, unit: MeasuredUnit, units: Int, into result: inout CellResult
    ) {
        result.setupNanoseconds.append(measurement.setupNanoseconds)
        result.checksum = measurement.checksum
        // Allocation counts repeat exactly; a repetition that differs from the first is itself a finding,
        // so the row keeps the largest value seen (the CSV also never hides a leak behind a median).
        let perUnitAllocations = Double(measurement.steady.allocations) / Double(units)
        let perUnitBytes = Double(measurement.steady.bytesAllocated) / Double(units)
        result.allocationsPerUnit = max(result.allocationsPerUnit ?? 0, perUnitAllocations)
        result.bytesPerUnit = max(result.bytesPerUnit ?? 0, perUnitBytes)
        switch unit {
        case .element:
            result.allocationsPerSubscription = max(result.allocationsPerSubscription ?? 0, Double(measurement.setup.allocations))
            result.bytesPerSubscription = max(result.bytesPerSubscription ?? 0, Double(measurement.setup.bytesAllocated))
        case .subscription:
            result.allocationsPerSubscription = result.allocationsPerUnit
            result.bytesPerSubscription = result.bytesPerUnit
        }
        result.teardownAllocations = max(result.teardownAllocations ?? 0, Double(measurement.teardown.allocations))
        result.retainedBytes = max(result.retainedBytes ?? 0, measurement.retainedBytes)
        // Only Combine's demand has calls to count; an AsyncStream's buffer and a channel have none.
        if demand == .subscriberDemand {
            result.requestCallsPerUnit = max(result.requestCallsPerUnit ?? 0, Double(measurement.requestCalls) / Double(units))
            result.demandReturnsPerUnit = max(result.demandReturnsPerUnit ?? 0, Double(measurement.demandReturns) / Double(units))
        }
        if measurement.checksum != result.expectedChecksum {
            result.status = .checksumMismatch
            result.detail = "checksum \(measurement.checksum) but the reference loop gives \(result.expectedChecksum!)"
        }
    }

    // MARK: - Latency

    private func measureLatency(_ plan: CellPlan, into result: inout CellResult) {
        let units = min(configuration.latencyUnits, result.unitsPerRepetition)
        let cell = plan.makeCell(input)
        do {
            try cell.setUp()
        } catch {
            return
        }
        let warmup = configuration.warmupUnits(for: units)
        cell.run(from: 0, count: warmup)
        cell.sink.latency = LatencyRecorder()
        Self.runLatencyUnits(units, configuration) { cell.run(from: warmup + $0, count: $1) }
        result.latency = cell.sink.latency?.summary
        cell.sink.latency = nil
        cell.tearDown()
    }

    /// Runs up to `units` of a latency repetition through `run(from:count:)` (from 0) in two calls: the
    /// first 1,000, timed, which say how long each takes here, then as many more as
    /// ``RunConfiguration/latencyUnits(of:nanosecondsPerUnit:)`` lets. Returns how many it ran.
    @discardableResult
    static func runLatencyUnits(_ units: Int, _ configuration: RunConfiguration, _ run: (_ from: Int, _ count: Int) -> Void) -> Int {
        let first = min(units, 1_000)
        let started = Clock.now()
        run(0, first)
        let each = Double(Clock.now() - started) / Double(max(1, first))
        let recorded = configuration.latencyUnits(of: units, nanosecondsPerUnit: each)
        if recorded > first { run(first, recorded - first) }
        return max(first, recorded)
    }
}
