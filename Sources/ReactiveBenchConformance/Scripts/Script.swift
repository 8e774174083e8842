/// A list of steps, and the downstream's demand policy (ignored by the Rx family).
package struct Script: Hashable, Sendable, CustomStringConvertible {
    package var steps: [Step]
    package var demand: DemandPolicy = .unlimited

    package init(_ steps: [Step], demand: DemandPolicy = .unlimited) {
        self.steps = steps
        self.demand = demand
    }

    package var description: String {
        "[\(steps.map(\.description).joined(separator: ", "))] with \(demand)"
    }
}
