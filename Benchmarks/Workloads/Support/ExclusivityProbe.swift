/// A stored property whose modifications are checked for exclusivity at run time, for the anatomy's
/// control (``AnatomyControlAction/exclusivityCheck``). Public on purpose: the optimiser removes the
/// dynamic checks of a class property when it sees every access to it in the module and none can
/// overlap (an internal class's, here); a public one may be modified from another module as well.
public final class ExclusivityProbe {
    public var value = 0

    public init() {}
}
