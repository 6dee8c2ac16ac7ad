"""Shared set-up of the reference checks: the reference renderers (Reference/render) are
importable by name from every test file.

A test file that needs a pycairo renderer imports it with

    T = pytest.importorskip("text", reason=PYCAIRO)

so the file is skipped, not failed, where pycairo is not installed.
"""

import os
import sys

REFERENCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REFERENCE, "render"))

PYCAIRO = "pycairo is not installed (apt-get install python3-cairo)"
