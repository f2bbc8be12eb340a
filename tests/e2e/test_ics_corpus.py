"""End to end: the round trip of the 43 files of tests/fixtures/ics/corpus (issue 29), each in
the shape another program writes: imported, exported, imported again and exported again, every
task keeps every property and alarm as the file had it, and every exported line is valid and
folded at 75 octets (tests/e2e/ics_corpus.py, which also prints the figures for any build)."""

import unittest

import ics_corpus
from flickapp import built_binary


class CorpusRoundTripTests(unittest.TestCase):
    def test_every_file_of_the_corpus_comes_back_as_it_was(self):
        results = ics_corpus.run(built_binary())
        self.assertGreaterEqual(len(results), 40)
        refused = {name: result["refused"] for name, result in results.items() if "refused" in result}
        self.assertEqual(refused, {}, "every file imports")
        problems = [f"{name}: {problem}" for name, result in results.items() for problem in result.get("problems", [])]
        self.assertEqual(problems, [], ics_corpus.summary(results))


if __name__ == "__main__":
    unittest.main()
