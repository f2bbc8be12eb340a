import XCTest
@testable import FlickSync

/// DURATION values (RFC 5545 §3.3.6) of relative TRIGGERs: read strictly, written in the
/// shortest form.
final class DurationValueTests: XCTestCase {
    func testReadsSignedDurations() {
        let cases: [(String, Int)] = [
            ("-PT15M", -900), ("PT15M", 900), ("+PT15M", 900), ("PT0S", 0), ("-PT0S", 0),
            ("P1D", 86_400), ("-P1W", -604_800), ("P2W", 1_209_600), ("-P1DT2H", -93_600),
            ("PT1H30M", 5400), ("-PT1M30S", -90), ("P1DT0H0M1S", 86_401), ("PT36H", 129_600),
            (" -PT5M ", -300),
        ]
        for (text, seconds) in cases {
            XCTAssertEqual(DurationValue.seconds(text), seconds, text)
        }
    }

    func testRefusesWhatIsNotADuration() {
        for text in ["", "P", "-P", "PT", "P1DT", "15M", "-PT15", "PT15", "PT1D", "P1H", "P1M", "PT-5M", "P1.5D",
                     "--PT5M", "PTM", "P1DX", "20260301T080000Z", "-pt15m", "P T5M"] {
            XCTAssertNil(DurationValue.seconds(text), text)
        }
    }

    func testWritesTheShortestForm() {
        let cases: [(Int, String)] = [
            (0, "PT0S"), (-900, "-PT15M"), (900, "PT15M"), (-3600, "-PT1H"), (-5400, "-PT1H30M"),
            (-86_400, "-P1D"), (-93_600, "-P1DT2H"), (-90, "-PT1M30S"), (-5, "-PT5S"), (86_401, "P1DT1S"),
            (-604_800, "-P7D"), (-(86_400 + 60), "-P1DT1M"),
        ]
        for (seconds, text) in cases {
            XCTAssertEqual(DurationValue.text(seconds: seconds), text, "\(seconds)")
        }
    }

    func testWhatIsWrittenReadsBack() {
        for seconds in [-1_000_000, -604_800, -90_061, -3661, -61, -60, -1, 0, 1, 59, 60, 3600, 86_399, 86_400, 999_999] {
            XCTAssertEqual(DurationValue.seconds(DurationValue.text(seconds: seconds)), seconds, "\(seconds)")
        }
    }
}
