import Harness
import Runner
import Testing
import Workloads

/// fits.csv from synthetic sweeps whose lines are known.
struct FitTableTests {
    /// `pipelineDepth (d)` rows costing 50 + 10 d ns per element, with repetitions 1 ns either side; the
    /// instruction counts 1000 + 176 d; allocations per subscription 2 + 2 d.
    private func depthSweep(_ implementation: String, depths: [Int]) -> [SyntheticCell] {
        depths.map { depth in
            let time = 50 + 10 * Double(depth)
            var cell = SyntheticCell(
                workload: "pipelineDepth (\(depth))", implementation: implementation, samples: [time - 1, time, time + 1]
            )
            cell.allocationsPerSubscription = 2 + 2 * Double(depth)
            cell.extra = [
                "scenario": "pipelineDepth", "parameter": String(depth),
                "instructions_per_unit": ResultTable.format(1000 + 176 * Double(depth)),
                "instructions_per_subscription": ResultTable.format(9000 + 900 * Double(depth)),
            ]
            return cell
        }
    }

    @Test func aLinearSweepGivesItsSlopeInterceptAndIntervalPerMetric() throws {
        let run = try SyntheticRun(cells: depthSweep("structBridge", depths: [1, 4, 16])).results()
        let fits = FitTable.fits(run)
        #expect(fits.map(\.metric) == ["ns", "instructions", "instructions", "allocations"])
        let time = try #require(fits.first)
        #expect(time.scenario == "pipelineDepth" && time.implementation == "structBridge")
        #expect(time.axis == .stage && time.measuredPer == "element" && time.parameters == [1, 4, 16])
        #expect(time.fit.points == 9)
        #expect(abs(time.fit.slope - 10) < 1e-9 && abs(time.fit.intercept - 50) < 1e-9)
        #expect(time.fit.slopeInterval95.contains(10) && time.fit.slopeRelativeHalfWidth < 0.05)
        #expect(time.shape == .linear && time.rSquared == 1)
        #expect(abs(fits[1].fit.slope - 176) < 1e-9 && fits[1].measuredPer == "element")
        #expect(abs(fits[2].fit.slope - 900) < 1e-9 && fits[2].measuredPer == "subscription")
        #expect(abs(fits[3].fit.slope - 2) < 1e-9 && fits[3].rSquared == 1)
    }

    /// Two depths fit any shape: no line is claimed.
    @Test func twoParameterValuesGiveNoFit() throws {
        let run = try SyntheticRun(cells: depthSweep("builtin", depths: [1, 4])).results()
        #expect(FitTable.fits(run).isEmpty)
    }

    /// A sweep whose cost does not grow is flat, not a bad line; one that curves is non-linear.
    @Test func flatAndCurvedSweepsAreNamedSo() throws {
        var flat = depthSweep("baseline", depths: [1, 4, 16])
        for index in flat.indices { flat[index].samples = [1.0, 1.2, 0.9] }
        let flatFit = try #require(FitTable.fits(try SyntheticRun(cells: flat).results()).first)
        #expect(flatFit.shape == .flat)
        var curved = depthSweep("anySubscriber", depths: [1, 2, 4, 8, 16])
        for index in curved.indices {
            let depth = Double([1, 2, 4, 8, 16][index])
            curved[index].samples = [depth * depth, depth * depth + 0.5]
        }
        let curvedFit = try #require(FitTable.fits(try SyntheticRun(cells: curved).results()).first)
        #expect(curvedFit.shape == .nonlinear && curvedFit.rSquared < 0.98)
    }

    /// fanOut's unit is one delivery: per element sent, N subscribers cost N deliveries, so deliveries
    /// of a constant 80 ns are a slope of 80 ns per added subscriber and no intercept.
    @Test func fanOutIsFittedPerElementSentAgainstSubscribers() throws {
        let cells = [1, 10, 100].map { subscribers in
            var cell = SyntheticCell(workload: "fanOut (\(subscribers))", implementation: "builtin", samples: [80, 80])
            cell.extra = ["scenario": "fanOut", "parameter": String(subscribers)]
            return cell
        }
        let time = try #require(FitTable.fits(try SyntheticRun(cells: cells).results()).first)
        #expect(time.axis == .subscriber)
        #expect(abs(time.fit.slope - 80) < 1e-9 && abs(time.fit.intercept) < 1e-6)
    }

    /// Scenarios whose parameter is not a count (a secondary ratio, a demand policy) are not fitted, and
    /// rows that are not `ok` give no points.
    @Test func onlyCountSweepsOfOkRowsAreFitted() throws {
        var cells = [1, 10, 100].map { ratio in
            var cell = SyntheticCell(workload: "withLatestFrom (\(ratio))", implementation: "rxSink", samples: [100, 101])
            cell.extra = ["scenario": "withLatestFrom", "parameter": String(ratio)]
            return cell
        }
        var sweep = depthSweep("rxSink", depths: [1, 4, 16])
        sweep[2].status = "crashed"
        cells += sweep
        #expect(FitTable.fits(try SyntheticRun(cells: cells).results()).isEmpty)
    }

    @Test func theTableHasAColumnPerFieldAndOneRowPerFit() throws {
        let run = try SyntheticRun(cells: depthSweep("classSubscription", depths: [1, 2, 4, 8])).results()
        let table = FitTable.table(FitTable.fits(run))
        #expect(table.header == FitTable.schema.header)
        #expect(table.rows.count == 4)
        let first = Dictionary(uniqueKeysWithValues: zip(table.header, table.rows[0]))
        #expect(first["slope"] == "10" && first["intercept"] == "50" && first["parameters"] == "1;2;4;8")
        #expect(first["slope_per"] == "stage" && first["shape"] == "linear" && first["points"] == "12")
    }
}
