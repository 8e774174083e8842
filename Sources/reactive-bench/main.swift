print("reactive-bench")
