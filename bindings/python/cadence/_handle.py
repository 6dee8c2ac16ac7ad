"""Ownership of a C handle: destroyed by close(), by leaving a `with` block, or when the
Python object is collected."""

from ._library import CadenceError, ffi


class Handle:
    """A C handle and its destroy function. Using a closed handle raises CadenceError
    (the C API reports the handle as not live)."""

    def __init__(self, pointer, destroy):
        self._pointer = ffi.gc(pointer, destroy)
        self._destroy = destroy

    @property
    def pointer(self):
        if self._pointer is None:
            raise CadenceError("CADENCE_ERROR_INVALID_HANDLE", f"cadence: {type(self).__name__}: the handle is closed")
        return self._pointer

    def close(self):
        """Destroys the handle now (later calls raise CadenceError); closing twice is fine."""
        if self._pointer is not None:
            ffi.release(self._pointer)
            self._pointer = None

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()
