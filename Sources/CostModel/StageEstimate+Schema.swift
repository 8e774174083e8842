import Harness
import Runner

extension StageEstimate {
    /// stage_estimates.csv, written by `reactive-bench estimate`.
    public static let schema = CSVFileSchema<StageEstimate>(
        file: "stage_estimates.csv",
        row: "one more stage of one swept pipeline (fits.csv's series with `slope_per` `stage`) of one implementation: "
            + "the instruction run's slopes per element priced as a cell's counts are, beside the time run's slope",
        columns: [
            ResultColumn.scenario.written { $0.series.scenario },
            ResultColumn.source.written { $0.series.source },
            ResultColumn.implementation.written { $0.implementation },
            CostModelColumns.measured.written { number($0.measured) },
            CostModelColumns.estimated.written { number($0.estimate) },
            CSVColumn(
                "unexplained", unit: .fraction,
                "measured less estimate, over measured: what the prices leave unexplained (below 0 the estimate is too high)"
            ) { number($0.unexplained) },
        ] + PricedEvent.all.indices.map { index in
            CostModelColumns.part(PricedEvent.all[index]).written { number($0.priced.events[index]) }
        } + [
            CostModelColumns.deepFrames.written { number($0.priced.deepFrames) },
            CostModelColumns.consumerWork.written { number($0.priced.consumerWork) },
            CostModelColumns.otherInstructions.written { number($0.priced.otherInstructions) },
            CostModelColumns.otherInstructionsNanoseconds.written { number($0.priced.otherInstructionsNanoseconds) },
        ]
    )
}
