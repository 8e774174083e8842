import MyOperators
import CombineFramework
import Testing

/// The custom-operator article's example (docs/ORIGINS.md of ReactiveBench): what `myWithLatestFrom` and
/// `myMap` give on its sequence.
struct ArticleFixtureTests {
    @Test func myWithLatestFromGivesTheArticlesValues() {
        let numbers = PassthroughSubject<Int, Never>(), strings = PassthroughSubject<String, Never>()
        var results: [String] = []
        let cancellable = numbers.myWithLatestFrom(strings) { "\($0)" + $1 }.sink { results.append($0) }
        strings.send("2")
        strings.send("3")
        numbers.send(1)
        strings.send("4")
        numbers.send(5)
        numbers.send(6)
        strings.send("7")
        strings.send("8")
        numbers.send(9)
        #expect(results == ["13", "54", "64", "98"])
        cancellable.cancel()
    }

    @Test func myMapTransformsEveryValue() {
        var results: [String] = []
        let cancellable = [1, 2, 3].publisher.myMap { $0.description }.sink { results.append($0) }
        #expect(results == ["1", "2", "3"])
        cancellable.cancel()
    }
}
