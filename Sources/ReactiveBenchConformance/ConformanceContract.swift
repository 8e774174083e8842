import StyleKit

/// A rule of docs/SEMANTICS.md, checked on one operator by driving it through a script and comparing
/// everything that happened with what the rule says: the values and the completion its downstream
/// received, and the `request`/`cancel` calls it made on its inputs. Each contract is documented where it
/// is declared (`Contracts/`); ``all`` lists them in the order they run.
public struct ConformanceContract: Hashable, Sendable, CustomStringConvertible {
    /// The contract's name, as test cases and failures show it.
    public let name: String
    package let suite: ContractSuite
    private let operators: [OperatorID]
    private let scope: ContractScope
    let body: @Sendable (ContractRun) async throws -> Void

    init(
        _ name: String,
        _ suite: ContractSuite,
        operators: [OperatorID] = OperatorID.allCases,
        scope: ContractScope = .supported,
        body: @escaping @Sendable (ContractRun) async throws -> Void
    ) {
        self.name = name
        self.suite = suite
        self.operators = operators
        self.scope = scope
        self.body = body
    }

    /// Every contract, by theme.
    public static let all: [ConformanceContract] =
        mapContracts + filterContracts + scanContracts + modulusContracts + histogramContracts + withLatestFromContracts
        + sampleContracts + sampleWithFromContracts + demandContracts + cancellationContracts + terminationContracts
        + memoryContracts + coldSourceContracts + randomScriptContracts + concurrencyContracts
        + unsupportedOperatorContracts

    public var description: String { name }

    /// One name, one contract.
    public static func == (lhs: ConformanceContract, rhs: ConformanceContract) -> Bool {
        lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The operators of `substrate` this contract applies to.
    func operations(of substrate: any OperatorSubstrate) -> [OperatorID] {
        let supported = substrate.supportedOperators
        switch scope {
        case .supported: return operators.filter(supported.contains)
        case .supportedWithDemand: return substrate.family == .combine ? operators.filter(supported.contains) : []
        case .supportedIfThreadSafe: return substrate.isThreadSafe ? operators.filter(supported.contains) : []
        case .unsupported: return operators.filter { !supported.contains($0) }
        }
    }
}
