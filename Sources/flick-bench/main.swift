import FlickUI
import Foundation

// `make bench` runs this release build beside `flick`: with `--core [ITEMS]`, the figures that
// need no display (`CoreBenchmarks`); otherwise Flick itself, with the command line `flick`
// takes, driven and timed as the FLICK_BENCH_* variables ask (`BenchmarkRunner`).
let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "--core" {
    exit(CoreBenchmarks.run(items: arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000))
}
let status = MainActor.assumeIsolated {
    let runner = BenchmarkRunner()
    return FlickApplication(observer: runner).run()
}
exit(status)
