import Runner
import Workloads

/// What the downstream of the multi-subscriber, threaded and churn workloads receives for units
/// `0..<count`, computed without the workloads' own code: the input read through `values[i % length]`,
/// element counts found by striding, folds written with `reduce`.
enum IndependentReferences {
    /// The checksum of `name`, or nil for a workload this helper does not know. A row over the direct
    /// source receives what the same row over the subject receives.
    static func checksum(_ name: String, input: SeededInput, count: Int) -> Checksum? {
        let name = (Scenarios.named(name) as? any SourcedWorkload)?.baseName ?? name
        let values = (0..<count).map { input.values[$0 % input.values.count] }
        if let depth = parameter(of: name, scenario: "subscribeChurn") {
            return ordered(values.map { mapped($0, times: depth) })
        }
        if let subscribers = parameter(of: name, scenario: "fanOut")
            ?? parameter(of: name, scenario: "fanOutCustomSubject")
        {
            return fanOut(input: input, count: count, subscribers: subscribers)
        }
        switch name {
        case "asyncHop":
            return ordered(values.map(Transforms.map))
        case "contention":
            let outputs = values.map(Transforms.map)
            return ordered([outputs.count, outputs.reduce(0, &+), outputs.reduce(0, ^)])
        default:
            return nil
        }
    }

    /// Each subscriber sees `map` of every element whose first unit is below `count` (element k is
    /// units k*N ..< (k+1)*N); the cell folds one checksum per subscriber, in order.
    static func fanOut(input: SeededInput, count: Int, subscribers: Int) -> Checksum {
        let elements = Array(stride(from: 0, to: count, by: subscribers)).count
        let outputs: [Int] = (0..<elements).map { element in Transforms.map(input.values[element % input.values.count]) }
        let perSubscriber = ordered(outputs)
        return ordered(Array(repeating: Int(truncatingIfNeeded: perSubscriber.value), count: subscribers))
    }

    /// The parameter in "scenario (N)".
    private static func parameter(of name: String, scenario: String) -> Int? {
        guard name.hasPrefix(scenario + " ("), name.hasSuffix(")") else { return nil }
        return Int(name.dropFirst(scenario.count + 2).dropLast())
    }

    private static func mapped(_ value: Int, times: Int) -> Int {
        (0..<times).reduce(value) { value, _ in Transforms.map(value) }
    }

    private static func ordered(_ outputs: [Int]) -> Checksum {
        outputs.reduce(into: Checksum()) { checksum, value in checksum.combine(value) }
    }
}
