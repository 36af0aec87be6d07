"""The statistics panel's buttons, decided: export the statistics, and import an export, which
replaces the player's statistics only once they say yes.

Plain Python (no ``js``): part of `update`.
"""

from __future__ import annotations

from collections.abc import Callable

from lukfu.stats import Statistics, StatisticsError
from lukfu.web import saving
from lukfu.web.messages import Effect, store
from lukfu.web.model import Model, StatsNote


def export_stats(model: Model, fx: list[Effect]) -> Model:
    fx.append(("download", saving.STATS_FILE, model.stats.to_json()))
    return model


def choose_import(model: Model, fx: list[Effect]) -> Model:
    fx.append(("choose-file",))
    return model


def file_read(model: Model, fx: list[Effect], size: int, content: str | None) -> Model:
    """An export read back: replace the statistics only once the player says yes."""
    model = model._replace(importing=None)
    if size > saving.MAX_IMPORT_BYTES or content is None:
        return model._replace(stats_note=StatsNote("too-large"))
    try:
        imported = Statistics.from_json(content)
    except StatisticsError as error:
        return model._replace(stats_note=StatsNote("refused", tuple(error.rejections)))
    mine = model.stats.total().deals
    if mine == 0:
        return replace_stats(model._replace(importing=imported), fx)
    return model._replace(importing=imported,
                          stats_note=StatsNote("confirm", mine=mine, theirs=imported.total().deals))


def replace_stats(model: Model, fx: list[Effect]) -> Model:
    if model.importing is None:
        return model
    stats = model.importing
    fx.append(store(saving.STATS_KEY, stats.to_json()))
    return model._replace(stats=stats, importing=None, stats_note=StatsNote("replaced"))


def keep_stats(model: Model, fx: list[Effect]) -> Model:
    return model._replace(importing=None, stats_note=StatsNote("kept"))


STATS_BUTTONS: dict[str, Callable[[Model, list[Effect]], Model]] = {
    "export-stats": export_stats, "import-stats": choose_import,
    "import-replace": replace_stats, "import-keep": keep_stats,
}
