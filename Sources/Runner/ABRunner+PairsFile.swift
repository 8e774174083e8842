import Harness

extension ABRunner.Pair {
    /// pairs.csv: every pair `ab` measured, in the order measured, rewritten after every round.
    public static let schema = CSVFileSchema<ABRunner.Pair>(
        file: "pairs.csv",
        row: "one pair of processes `reactive-bench ab` measured: a process of each build, back to back, for one cell",
        columns: [
            ResultColumn.workload.written { $0.workload },
            ResultColumn.implementation.written { $0.implementation },
            CSVColumn(
                "stage",
                "which of the run's stages took the pair: 1 for every cell's first `--pairs` pairs; each later stage takes "
                    + "`--pairs` more of the cells the last look left undecided (of those the time left pays for, when it is "
                    + "short: a cell that waited takes them in a later stage); each look judges all the cell's pairs so far"
            ) { String($0.stage) },
            CSVColumn("pair", "the pair's place among its cell's pairs, from 1, across stages") { String($0.index + 1) },
            CSVColumn("order", "`base-new` or `new-base`: which process ran first (they alternate from round to round, so from pair to pair within a stage)") {
                $0.baseFirst ? "base-new" : "new-base"
            },
            CSVColumn("base_ns_per_unit", unit: .nanoseconds, "the base process's fastest repetition") { ResultTable.format($0.base) },
            CSVColumn("new_ns_per_unit", unit: .nanoseconds, "the new process's fastest repetition") { ResultTable.format($0.new) },
            CSVColumn("ratio", unit: .ratio, "new over base") {
                ResultTable.format($0.base > 0 ? $0.new / $0.base : nil, digits: 4)
            },
            CSVColumn(
                "kept",
                "`false` for a pair with a process over 1.2 times its side's median, measured again: the later row of the same "
                    + "cell and pair replaces it"
            ) { String($0.kept) },
        ]
    )
}
