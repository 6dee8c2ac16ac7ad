"""Hypothesis profiles and the path to the reference oracle (Reference/oracle, mpmath at 50
digits) for the property tests.

Profiles: "ci" (the default; bounded so the suite takes well under a minute) and
"thorough" (`pytest --hypothesis-profile=thorough`, for long runs). Neither keeps a
database of examples on disk; a failure prints the shrunk counterexample and a blob to
replay it (@reproduce_failure)."""

import os
import sys

from hypothesis import settings

REFERENCE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "Reference"))
sys.path.insert(0, REFERENCE)

settings.register_profile("ci", max_examples=30, deadline=None, print_blob=True, database=None)
settings.register_profile("thorough", max_examples=3000, deadline=None, print_blob=True, database=None)
settings.load_profile("ci")
