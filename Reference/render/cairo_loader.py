"""pycairo from Debian (`apt-get install python3-cairo`). It is installed for
/usr/bin/python3; another CPython 3.11 (pyenv) can load the same module, so when
`import cairo` fails the Debian folder is added to the path."""

import sys

try:
    import cairo  # noqa: F401
except ImportError:
    DIST = "/usr/lib/python3/dist-packages"
    if DIST not in sys.path:
        sys.path.append(DIST)
    import cairo  # noqa: F401

__all__ = ["cairo"]
