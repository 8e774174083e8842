import StyleKit

/// Work to do with a Combine-family style given as a concrete type: see
/// ``Implementation/withCombineStyle(_:)``.
public protocol CombineStyleVisitor {
    associatedtype Result

    func visit<Style: CombineOperatorStyle>(_ style: Style.Type) -> Result
    /// What to do with a style ``Implementation/withCombineStyle(_:)`` does not list, opened from the
    /// existential (unspecialised): by default, ``visit(_:)``.
    func visitUnlisted<Style: CombineOperatorStyle>(_ style: Style.Type) -> Result
}

extension CombineStyleVisitor {
    public func visitUnlisted<Style: CombineOperatorStyle>(_ style: Style.Type) -> Result { visit(style) }
}
