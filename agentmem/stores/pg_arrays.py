"""Numeric arrays between numpy and PostgreSQL, in its binary array format.

psycopg adapts a list or an array element by element, a Python object each: 10 ms to read
the 75,000 values of a question's postings at a million memories, 5 ms to send 6,000
floats. The pruned search (agentmem.stores.pg_prune) reads and sends its arrays as the
raw bytes of PostgreSQL's one-dimensional array format instead, packed and unpacked by
numpy: `LOADERS` on a cursor reads int4[], float4[] and float8[] columns as numpy arrays;
`register` teaches a connection to send `packed` values as they are.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
from numpy.typing import NDArray
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format


class _ArrayLoader(Loader):
    """A one-dimensional array without NULLs, in binary, as a numpy array (psycopg makes a
    Python object per element: 10 ms for the 75,000 values of a question at 1M)."""

    format = Format.BINARY
    element = ">i4"

    def load(self, data: Any) -> NDArray[Any]:
        buffer = bytes(data)
        if struct.unpack_from(">i", buffer)[0] == 0:  # no dimension: empty
            return np.zeros(0, dtype=self.element)
        size = struct.unpack_from(">i", buffer, 12)[0]
        pairs = np.frombuffer(buffer, [("size", ">i4"), ("value", self.element)], size, 20)
        return pairs["value"]


class _Float4sLoader(_ArrayLoader):
    element = ">f4"


class _Float8sLoader(_ArrayLoader):
    element = ">f8"


LOADERS = {1007: _ArrayLoader, 1021: _Float4sLoader, 1022: _Float8sLoader}  # int4[], ...


class Int4s(bytes):
    """An int4[] in PostgreSQL's binary array format, packed by numpy (see `packed`)."""


class Float8s(bytes):
    """A float8[] in PostgreSQL's binary array format, packed by numpy."""


class _Packed(Dumper):
    format = Format.BINARY

    def dump(self, obj: Any) -> bytes:
        return bytes(obj)


class _Int4sDumper(_Packed):
    oid = 1007  # int4[]


class _Float8sDumper(_Packed):
    oid = 1022  # float8[]


def packed(values: NDArray[Any], kind: type[Int4s] | type[Float8s]) -> bytes:
    """Values as one array parameter, without a Python object per element (psycopg dumps a
    list element by element: 5 ms for 6,000 floats)."""
    element, oid, size = (">i4", 23, 4) if kind is Int4s else (">f8", 701, 8)
    body = np.empty(len(values), dtype=[("size", ">i4"), ("value", element)])
    body["size"] = size
    body["value"] = values
    header = struct.pack(">iiiii", 1, 0, oid, len(values), 1)  # 1 dimension, no NULL
    return kind(header + body.tobytes())


def register(conn: Any) -> None:
    """Teach a connection to send Int4s and Float8s as they are."""
    conn.adapters.register_dumper(Int4s, _Int4sDumper)
    conn.adapters.register_dumper(Float8s, _Float8sDumper)
