import StyleKit

/// Work to do with a Combine-family style given as a concrete type: see
/// ``Implementation/withCombineStyle(_:)``.
public protocol CombineStyleVisitor {
    associatedtype Result

    func visit<Style: CombineOperatorStyle>(_ style: Style.Type) -> Result
}
