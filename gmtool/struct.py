"""A tiny base for slotted record classes on the start-up path.

``@dataclass`` costs 0.2–0.4 ms per class at import time, and ``gmtool roll`` imports a
few dozen record classes on every run; these classes write their ``__init__`` by hand
and get equality and a readable repr from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable


class Struct:
    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Struct) and type(self) is type(other) and self._fields() == other._fields()

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # mutable by default; see Frozen

    def __repr__(self) -> str:
        args = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({args})"


class Frozen(Struct):
    """A record that is never changed after ``__init__``: hashable."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        # Each slot may be set once, in __init__; parsed dice trees are cached and shared.
        if hasattr(self, name):
            raise AttributeError(f"{type(self).__name__}.{name} cannot be changed")
        object.__setattr__(self, name, value)

    def __hash__(self) -> int:  # type: ignore[override]
        return hash((type(self), self._fields()))


class ReadByKey:
    """A typed record that used to be a ``dict``: ``record["key"]``, ``record.get("key")`` and
    ``"key" in record`` read its :meth:`to_data`, so code written against the dict keeps
    working while new code reads attributes."""

    __slots__ = ()
    to_data: Callable[[], Mapping[str, Any]]

    def __getitem__(self, key: str) -> Any:
        return self.to_data()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.to_data().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.to_data()
