"""The pieces of the environment's encodings: small stand-ins for gymnasium's Discrete and Box
spaces (gymnasium is not needed), the layout of an observation vector, and the catalogue of a
game's action texts that gives every action its fixed index."""

import numpy as np


class Discrete:
    """Actions 0 .. n-1, as gymnasium.spaces.Discrete."""

    def __init__(self, n, seed=None):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        """A uniform action; with `mask` (int8, 1 for the allowed ones), a uniform allowed one."""
        if mask is None:
            return int(self._rng.integers(self.n))
        allowed = np.flatnonzero(mask)
        if allowed.size == 0:
            raise ValueError("the mask allows no action")
        return int(allowed[self._rng.integers(allowed.size)])

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """Vectors of float32 of a fixed shape, as gymnasium.spaces.Box."""

    def __init__(self, low, high, shape, dtype=np.float32):
        self.low = low
        self.high = high
        self.shape = tuple(shape)
        self.dtype = dtype

    def contains(self, x):
        return isinstance(x, np.ndarray) and x.shape == self.shape and x.dtype == self.dtype

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {np.dtype(self.dtype).name})"


class Dict:
    """Named spaces, as gymnasium.spaces.Dict: an observation holds an entry for each (and may
    hold more: the environment adds the view itself, which has no fixed shape)."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def contains(self, x):
        return isinstance(x, dict) and all(
            key in x and space.contains(x[key]) for key, space in self.spaces.items())

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k}: {v!r}" for k, v in self.spaces.items()) + ")"


class Layout:
    """Named segments of an observation vector, in order: each has an offset, a size and what
    its entries mean. `table()` lists them (docs/python.md prints them)."""

    def __init__(self):
        self.segments = []
        self.size = 0
        self._at = {}

    def add(self, name, size, meaning):
        self._at[name] = (self.size, size)
        self.segments.append((name, self.size, size, meaning))
        self.size += size

    def at(self, name):
        return self._at[name][0]

    def zeros(self):
        """A vector to fill: a list (setting its items costs a tenth of a numpy array's);
        vector() makes the array."""
        return [0.0] * self.size

    def vector(self, vec):
        return np.array(vec, dtype=np.float32)

    def put(self, vec, name, value, index=0):
        offset, size = self._at[name]
        if not 0 <= index < size:
            raise IndexError(f"{name}[{index}] is beyond its {size} entries")
        vec[offset + index] = value

    def numbers(self, vec, name, values):
        """Sets the segment's entries in order; True is 1, False and None are 0."""
        offset, size = self._at[name]
        if len(values) > size:
            raise IndexError(f"{len(values)} numbers for the {size} entries of {name}")
        for i, value in enumerate(values):
            vec[offset + i] = 0.0 if value is None else float(value)

    def flags(self, vec, name, indices):
        """Sets 1 at every index (repeated indices count up)."""
        offset, size = self._at[name]
        for i in indices:
            if not 0 <= i < size:
                raise IndexError(f"{name}[{i}] is beyond its {size} entries")
            vec[offset + i] += 1.0

    def seat(self, vec, name, seat, viewer, players, base=0):
        """Sets 1 at base + the seat's slot relative to the viewer; nothing for no seat (None,
        -1, "all")."""
        if isinstance(seat, int) and 0 <= seat < players:
            self.put(vec, name, 1.0, base + seat_slot(seat, viewer, players))

    def table(self):
        return [
            {"segment": name, "offset": offset, "size": size, "meaning": meaning}
            for name, offset, size, meaning in self.segments
        ]


class Catalogue:
    """Every action text a game may offer a seat, each at a fixed index. A legal text that is
    not catalogued is an error (never silently left out of the mask)."""

    def __init__(self, texts):
        self.texts = list(texts)
        self.index = {text: i for i, text in enumerate(self.texts)}
        if len(self.index) != len(self.texts):
            raise ValueError("an action text is catalogued twice")

    def __len__(self):
        return len(self.texts)

    def index_of(self, text):
        try:
            return self.index[text]
        except KeyError:
            raise KeyError(f"the action '{text}' has no index in this game's action space") from None


def seat_slot(seat, viewer, players):
    """Seats are encoded relative to the viewer: slot 0 is the viewer, 1 the next seat..."""
    return (seat - viewer) % players


def seat_slots(max_seats):
    """(slot, how the docs name it) for every slot of a layout's per-seat blocks."""
    for k in range(max_seats):
        yield k, "the viewer" if k == 0 else f"the seat {k} after the viewer"
