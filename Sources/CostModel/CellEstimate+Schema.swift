import Harness
import Runner

extension CellEstimate {
    /// estimates.csv, written by `reactive-bench estimate`.
    public static let schema = CSVFileSchema<CellEstimate>(
        file: "estimates.csv",
        row: "one single-thread cell of the run (all but those that keep a second thread busy) that is `ok` in it and in "
            + "its instruction run: its counts per unit priced by the price lists of both runs, beside its measured median",
        columns: [
            ResultColumn.workload.written { $0.workload },
            ResultColumn.implementation.written { $0.implementation },
            ResultColumn.unit.written { $0.unit },
            CostModelColumns.measured.written { number($0.measured) },
            CostModelColumns.estimated.written { number($0.estimate) },
            CostModelColumns.estimateError.written { number($0.error) },
        ] + PricedEvent.all.indices.map { index in
            CostModelColumns.part(PricedEvent.all[index]).written { number($0.priced.events[index]) }
        } + [
            ResultColumn.callDepth.written { number($0.callDepth) },
            CostModelColumns.deepFrames.written { number($0.priced.deepFrames) },
            CostModelColumns.consumerWork.written { number($0.priced.consumerWork) },
            CostModelColumns.otherInstructions.written { number($0.priced.otherInstructions) },
            CostModelColumns.otherInstructionsNanoseconds.written { number($0.priced.otherInstructionsNanoseconds) },
            CostModelColumns.ifDependent.written { number($0.ifDependent) },
            ResultColumn.simulatedPerUnit(.estimatedCycles).written { number($0.cycles) },
            CostModelColumns.cyclesEstimate.written { number($0.cyclesEstimate) },
            CostModelColumns.cyclesError.written { number($0.cyclesError) },
        ]
    )
}

/// A number as every file of a run has it: at most 4 decimals, no trailing zeros; empty for none.
func number(_ value: Double?) -> String {
    ResultTable.format(value, digits: 4)
}
