import MyOperators
import ReactiveBench

// reactive-bench, with the `myOperators` row beside the project's own: `swift run -c release my-bench run`.
ReactiveBench.main(adding: [Implementation(combine: MyOperators.self)])
