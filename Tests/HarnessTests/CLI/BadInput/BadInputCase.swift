import Testing

/// One kind of bad input: what is given to the tool, and what its one error line must name.
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// Which tool is started.
    enum Tool: Sendable {
        /// The release build (a debug build refuses `run` before it reads its input).
        case release
        /// A copy of the release build whose loader cannot find jemalloc (see ``ToolWithoutJemalloc``).
        case withoutJemalloc
    }

    /// The catalogue's section: the command, or `tool` for what fails before any command runs.
    var section: String
    var name: String
    /// The arguments shown in the catalogue.
    var shown: [String]
    /// The arguments given (`shown` plus, for `run`, small valid defaults).
    var arguments: [String]
    /// What the error line must contain.
    var mentions: [String]
    /// Added to the tool's environment.
    var environment: [String: String] = [:]
    var tool: Tool = .release
    /// 2 for bad input; the dynamic loader's own failure is 127.
    var exitStatus: Int32 = 2

    var testDescription: String { name }
}
