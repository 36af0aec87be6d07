"""The worker's view as the page reads it: JSON objects whose fields read as attributes.

Plain Python (MicroPython and CPython).  The worker sends each view as JSON (`plain` there);
`wrap` gives the page the parsed JSON as `Data`, read in place: ``page.table.seats`` reads as
it would on the worker's named tuples (each object met on the way wrapped as it is read, once),
and two views compare equal when their data do.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:  # (for mypy only: MicroPython has no typing module)
    from typing import Any


class Data:
    """One object of the view: its fields as attributes (a missing one is an AttributeError)."""

    def __init__(self, fields: dict[str, object]) -> None:
        self._fields = fields
        self._read: dict[str, object] = {}  # fields read so far, wrapped

    def __getattr__(self, name: str) -> object:
        try:
            return self._read[name]
        except KeyError:
            pass
        try:
            value = wrap(self._fields[name])
        except KeyError:
            raise AttributeError(name) from None
        self._read[name] = value
        return value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Data) and self._fields == other._fields

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._fields)))

    def __repr__(self) -> str:
        return "Data(" + repr(self._fields) + ")"


def wrap(value: object) -> "Any":
    """JSON as the worker sent it, its objects read as `Data` (a list's items as they are read).
    Typed Any: the page reads it as the worker's named tuples it stands for (the renderer's
    annotations name them: `lukfu.web.page.PageView`…), so mypy checks each field read.

    >>> view = wrap({"seats": [{"name": "Left", "cards": 12}], "failure": None})
    >>> view.seats[0].name, view.failure, view == wrap({"seats": [{"name": "Left", "cards": 12}],
    ...                                                  "failure": None})
    ('Left', None, True)
    """
    if isinstance(value, dict):
        return Data(value)
    if isinstance(value, list):
        return [wrap(item) for item in value]
    return value
