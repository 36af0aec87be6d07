"""The worker's view as the page reads it: JSON objects whose fields read as attributes.

Plain Python (MicroPython and CPython).  The worker sends each view as JSON (`plain` there);
`wrap` turns its objects back into `Data`, so the renderer reads ``page.table.seats`` as it
would the worker's named tuples, and two views compare equal when their data do.
"""


class Data:
    """One object of the view: its fields as attributes (a missing one is an AttributeError)."""

    def __init__(self, fields: dict[str, object]) -> None:
        self._fields = fields

    def __getattr__(self, name: str) -> object:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Data) and self._fields == other._fields

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._fields)))

    def __repr__(self) -> str:
        return "Data(" + repr(self._fields) + ")"


def wrap(value: object) -> object:
    """JSON as the worker sent it, with every object a `Data`.

    >>> view = wrap({"seats": [{"name": "Left", "cards": 12}], "failure": None})
    >>> view.seats[0].name, view.failure, view == wrap({"seats": [{"name": "Left", "cards": 12}],
    ...                                                  "failure": None})
    ('Left', None, True)
    """
    if isinstance(value, dict):
        return Data({key: wrap(item) for key, item in value.items()})
    if isinstance(value, list):
        return [wrap(item) for item in value]
    return value
