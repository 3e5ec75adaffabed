"""The tests' shared code: program generators, references, device runs and
the suite's tiers, budget and hang guard. Test modules import from here
(`from support.tiers import sample`), never from one another."""
