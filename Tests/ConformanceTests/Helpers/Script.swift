/// A list of steps, and the downstream's demand policy (ignored by the Rx family).
struct Script: Hashable, Sendable, CustomStringConvertible {
    var steps: [Step]
    var demand: DemandPolicy = .unlimited

    init(_ steps: [Step], demand: DemandPolicy = .unlimited) {
        self.steps = steps
        self.demand = demand
    }

    var description: String {
        "[\(steps.map(\.description).joined(separator: ", "))] with \(demand)"
    }
}
