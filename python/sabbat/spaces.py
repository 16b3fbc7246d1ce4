"""The pieces of the environment's encodings: its spaces, the layout of an observation vector,
and the catalogue of a game's action texts that gives every action its fixed index.

The spaces are gymnasium's (`gymnasium.spaces.Discrete`, `Box`, `Dict`) when gymnasium is
importable, and otherwise this module's own, which offer the same methods for what the
environment does with them: `seed`, `sample` (with a mask for `Discrete`), `contains` (and `in`),
`shape`, `dtype`, and `low`/`high` for `Box`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

try:  # gymnasium is optional: its spaces when it is there, ours otherwise
    import gymnasium.spaces as _gymnasium_spaces
except ImportError:  # pragma: no cover - depends on what is installed
    _gymnasium_spaces = None

GYMNASIUM = _gymnasium_spaces is not None


class Discrete:
    """Actions 0 .. n-1, as gymnasium.spaces.Discrete: `sample(mask)` draws uniformly among the
    actions whose mask entry is 1 (an int8 array of shape (n,)), and returns 0 when it allows
    none, as gymnasium's does."""

    def __init__(self, n: int, seed: int | None = None) -> None:
        if int(n) <= 0:
            raise ValueError(f"a Discrete space needs at least one action, not {n}")
        self.n = int(n)
        self.start = 0
        self.shape: tuple[int, ...] = ()
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed: int | None = None) -> int | None:
        """Seeds the space's generator (None: from the operating system)."""
        self._rng = np.random.default_rng(seed)
        return seed

    def sample(self, mask: np.ndarray | None = None) -> np.int64:
        """A uniform action; with `mask`, a uniform one among those it allows."""
        if mask is None:
            return np.int64(self._rng.integers(self.n))
        if not isinstance(mask, np.ndarray) or mask.dtype != np.int8 or mask.shape != (self.n,):
            raise ValueError(f"a mask is an int8 numpy array of shape ({self.n},), not "
                             f"{type(mask).__name__} {getattr(mask, 'dtype', '')} "
                             f"{getattr(mask, 'shape', '')}")
        allowed = np.flatnonzero(mask == 1)
        if allowed.size + np.count_nonzero(mask == 0) != self.n:
            raise ValueError("a mask holds only 0 (forbidden) and 1 (allowed)")
        if allowed.size == 0:
            return np.int64(self.start)
        return np.int64(allowed[self._rng.integers(allowed.size)])

    def contains(self, x: Any) -> bool:
        """Whether `x` is an action of the space: an integer (or 0-d integer array) in range."""
        if isinstance(x, np.ndarray) and x.shape == () and x.dtype.kind in "iu":
            x = int(x)
        return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and \
            0 <= int(x) < self.n

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and other.n == self.n

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


class Box:
    """Arrays of a fixed shape and dtype between `low` and `high` (arrays of that shape), as
    gymnasium.spaces.Box."""

    def __init__(self, low: float | np.ndarray, high: float | np.ndarray,
                 shape: Sequence[int] | None = None, dtype: Any = np.float32,
                 seed: int | None = None) -> None:
        self.dtype = np.dtype(dtype)
        if shape is None:
            shape = np.shape(low) if np.ndim(low) else np.shape(high)
        self.shape = tuple(int(n) for n in shape)
        self.low = np.broadcast_to(np.asarray(low, dtype=self.dtype), self.shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=self.dtype), self.shape).copy()
        if np.any(self.low > self.high):
            raise ValueError("a Box's low is above its high")
        self._rng = np.random.default_rng(seed)

    def seed(self, seed: int | None = None) -> int | None:
        """Seeds the space's generator (None: from the operating system)."""
        self._rng = np.random.default_rng(seed)
        return seed

    def sample(self, mask: None = None) -> np.ndarray:
        """A random array of the space: uniform where both bounds are finite, else drawn from
        the open side (an exponential from the finite bound, a normal with none)."""
        if mask is not None:
            raise ValueError("a Box is sampled without a mask")
        low = self.low.astype(np.float64)
        high = self.high.astype(np.float64)
        out = np.empty(self.shape)
        both = np.isfinite(low) & np.isfinite(high)
        out[both] = self._rng.uniform(low[both], high[both])
        only_low = np.isfinite(low) & ~np.isfinite(high)
        out[only_low] = low[only_low] + self._rng.exponential(size=int(only_low.sum()))
        only_high = ~np.isfinite(low) & np.isfinite(high)
        out[only_high] = high[only_high] - self._rng.exponential(size=int(only_high.sum()))
        neither = ~np.isfinite(low) & ~np.isfinite(high)
        out[neither] = self._rng.normal(size=int(neither.sum()))
        if self.dtype.kind in "iu":
            out = np.floor(out)
        return np.clip(out, low, high).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        """Whether `x` is an array of the space's shape, of a dtype it casts to, within bounds."""
        return (isinstance(x, np.ndarray) and np.can_cast(x.dtype, self.dtype)
                and x.shape == self.shape and bool(np.all(x >= self.low))
                and bool(np.all(x <= self.high)))

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Box) and other.shape == self.shape and other.dtype == self.dtype
                and np.array_equal(other.low, self.low) and np.array_equal(other.high, self.high))

    def __repr__(self) -> str:
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype.name})"


class Dict:
    """Named spaces, as gymnasium.spaces.Dict: a member is a dict with exactly these keys, each
    value a member of its space."""

    def __init__(self, spaces: Mapping[str, Any], seed: int | None = None) -> None:
        self.spaces = dict(spaces)
        if seed is not None:
            self.seed(seed)

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def keys(self) -> Iterable[str]:
        """The names of the subspaces."""
        return self.spaces.keys()

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Seeds every subspace, each from its own draw of `seed`."""
        seeds = np.random.SeedSequence(seed).generate_state(len(self.spaces)) \
            if seed is not None else [None] * len(self.spaces)
        return [space.seed(None if s is None else int(s))
                for space, s in zip(self.spaces.values(), seeds)]

    def sample(self, mask: None = None) -> dict:
        """A member: a sample of every subspace."""
        if mask is not None:
            raise ValueError("this Dict is sampled without masks")
        return {key: space.sample() for key, space in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        """Whether `x` is a dict of exactly these keys, each value in its space."""
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            space.contains(x[key]) for key, space in self.spaces.items())

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dict) and other.spaces == self.spaces

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k!r}: {v!r}" for k, v in self.spaces.items()) + ")"


def discrete(n: int):
    """A Discrete space of n actions: gymnasium's when it is importable, else ours."""
    return _gymnasium_spaces.Discrete(n) if GYMNASIUM else Discrete(n)


def box(low: np.ndarray, high: np.ndarray, dtype: Any = np.float32):
    """A Box between the arrays low and high: gymnasium's when it is importable, else ours."""
    if GYMNASIUM:
        return _gymnasium_spaces.Box(low, high, low.shape, dtype)
    return Box(low, high, low.shape, dtype)


def dict_space(spaces: Mapping[str, Any]):
    """A Dict of named spaces: gymnasium's when it is importable, else ours."""
    return _gymnasium_spaces.Dict(dict(spaces)) if GYMNASIUM else Dict(spaces)


class Layout:
    """Named segments of an observation vector, in order: each has an offset, a size, what its
    entries mean and the bounds of its entries. `table()` lists them (docs/python.md prints
    them); `bounds()` gives the arrays of the observation space."""

    def __init__(self) -> None:
        self.segments: list[tuple[str, int, int, str]] = []
        self.size = 0
        self._at: dict[str, tuple[int, int]] = {}
        self._low: list[float] = []
        self._high: list[float] = []

    def add(self, name: str, size: int, meaning: str,
            high: float | Sequence[float] = 1.0, low: float | Sequence[float] = 0.0) -> None:
        """Appends a segment of `size` entries; `low` and `high` bound each entry (one number
        for all, or one per entry): flags by default, 0 or 1."""
        self._at[name] = (self.size, size)
        self.segments.append((name, self.size, size, meaning))
        self.size += size
        for bound, out in ((low, self._low), (high, self._high)):
            values = [float(bound)] * size if isinstance(bound, (int, float)) else \
                [float(b) for b in bound]
            if len(values) != size:
                raise ValueError(f"{name}: {len(values)} bounds for {size} entries")
            out.extend(values)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and the highest value of every entry, as float32 arrays."""
        return (np.array(self._low, dtype=np.float32), np.array(self._high, dtype=np.float32))

    def at(self, name: str) -> int:
        """The offset of a segment."""
        return self._at[name][0]

    def zeros(self) -> list[float]:
        """A vector to fill: a list (setting its items costs a tenth of a numpy array's);
        vector() makes the array."""
        return [0.0] * self.size

    def vector(self, vec: list[float]) -> np.ndarray:
        """The float32 array of a filled vector."""
        return np.array(vec, dtype=np.float32)

    def put(self, vec: list[float], name: str, value: float, index: int = 0) -> None:
        """Sets one entry of a segment."""
        offset, size = self._at[name]
        if not 0 <= index < size:
            raise IndexError(f"{name}[{index}] is beyond its {size} entries")
        vec[offset + index] = value

    def numbers(self, vec: list[float], name: str, values: Sequence[Any]) -> None:
        """Sets the segment's entries in order; True is 1, False and None are 0."""
        offset, size = self._at[name]
        if len(values) > size:
            raise IndexError(f"{len(values)} numbers for the {size} entries of {name}")
        for i, value in enumerate(values):
            vec[offset + i] = 0.0 if value is None else float(value)

    def flags(self, vec: list[float], name: str, indices: Iterable[int]) -> None:
        """Sets 1 at every index (repeated indices count up)."""
        offset, size = self._at[name]
        for i in indices:
            if not 0 <= i < size:
                raise IndexError(f"{name}[{i}] is beyond its {size} entries")
            vec[offset + i] += 1.0

    def seat(self, vec: list[float], name: str, seat: Any, viewer: int, players: int,
             base: int = 0) -> None:
        """Sets 1 at base + the seat's slot relative to the viewer; nothing for no seat (None,
        -1, "all")."""
        if isinstance(seat, int) and 0 <= seat < players:
            self.put(vec, name, 1.0, base + seat_slot(seat, viewer, players))

    def table(self) -> list[dict]:
        """The segments: name, offset, size, meaning, and the least and greatest bound."""
        low, high = self.bounds()
        return [
            {"segment": name, "offset": offset, "size": size, "meaning": meaning,
             "low": float(low[offset:offset + size].min()),
             "high": float(high[offset:offset + size].max())}
            for name, offset, size, meaning in self.segments
        ]


class Catalogue:
    """Every action text a game may offer a seat, each at a fixed index. A legal text that is
    not catalogued is an error (never silently left out of the mask)."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts = list(texts)
        self.index = {text: i for i, text in enumerate(self.texts)}
        if len(self.index) != len(self.texts):
            raise ValueError("an action text is catalogued twice")

    def __len__(self) -> int:
        return len(self.texts)

    def index_of(self, text: str) -> int:
        """The index of a canonical action text; KeyError naming it when it has none."""
        try:
            return self.index[text]
        except KeyError:
            raise KeyError(f"the action '{text}' has no index in this game's action space") from None


def seat_slot(seat: int, viewer: int, players: int) -> int:
    """Seats are encoded relative to the viewer: slot 0 is the viewer, 1 the next seat..."""
    return (seat - viewer) % players


def seat_slots(max_seats: int) -> Iterable[tuple[int, str]]:
    """(slot, how the docs name it) for every slot of a layout's per-seat blocks."""
    for k in range(max_seats):
        yield k, "the viewer" if k == 0 else f"the seat {k} after the viewer"
