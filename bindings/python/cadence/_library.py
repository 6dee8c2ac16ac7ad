"""The C API's declarations, read from cadence.h (a copy in the package, a link to
Sources/CCadence/include/cadence.h in the repository), and the loaded library.

The library is found at $CADENCE_LIBRARY if set, else by the dynamic loader's search for
libCadenceC.so (LD_LIBRARY_PATH, the system's directories)."""

import os
import re

from cffi import FFI

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cadence.h")


def declarations(text):
    """cadence.h as cffi's cdef takes it: the C++ guards and the preprocessor lines removed,
    the integer #defines kept."""
    text = re.sub(r"#ifdef __cplusplus.*?#endif", "", text, flags=re.S)
    lines = []
    for line in text.splitlines():
        if line.startswith("#") and not re.match(r"#define \w+ \d+$", line):
            continue
        lines.append(line)
    return "\n".join(lines)


with open(HEADER) as header:
    DECLARATIONS = declarations(header.read())

ffi = FFI()
ffi.cdef(DECLARATIONS)
lib = ffi.dlopen(os.environ.get("CADENCE_LIBRARY") or "libCadenceC.so")


class CadenceError(Exception):
    """A call into Cadence failed: `status` is the C API's status name
    ("CADENCE_ERROR_INVALID_ARGUMENT", ...), the message cadence_last_error()'s text."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


STATUS_NAMES = {
    getattr(lib, name): name
    for name in dir(lib)
    if name.startswith("CADENCE_ERROR_") or name == "CADENCE_OK"
}


def check(status):
    """Raises CadenceError for a status other than CADENCE_OK."""
    if status != lib.CADENCE_OK:
        message = ffi.string(lib.cadence_last_error()).decode("utf-8", "replace")
        raise CadenceError(STATUS_NAMES.get(status, str(status)), message)
