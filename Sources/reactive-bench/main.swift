import ReactiveBench

// The tool with the project's own rows; a package with rows of its own calls the same entry point with
// them (Benchmarks/Examples/MyOperators).
ReactiveBench.main()
