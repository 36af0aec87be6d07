"""The statistics panel's buttons, decided: export the statistics, and import an export, which
replaces the player's statistics only once they say yes.

Plain Python (no ``js``): part of `update`.
"""

from __future__ import annotations

from collections.abc import Callable

from lukfu.stats import Statistics, StatisticsError
from lukfu.web import saving
from lukfu.web.effects import ChooseFile, Download, Effect, Store
from lukfu.web.model import Model, StatsNote


def export_stats(model: Model, fx: list[Effect]) -> Model:
    fx.append(Download(saving.STATS_FILE, model.player.stats.to_json()))
    return model


def choose_import(model: Model, fx: list[Effect]) -> Model:
    fx.append(ChooseFile())
    return model


def file_read(model: Model, fx: list[Effect], size: int, content: str | None) -> Model:
    """An export read back: replace the statistics only once the player says yes."""
    player = model.player._replace(importing=None)
    if size > saving.MAX_IMPORT_BYTES or content is None:
        return model._replace(player=player._replace(stats_note=StatsNote("too-large")))
    try:
        imported = Statistics.from_json(content)
    except StatisticsError as error:
        note = StatsNote("refused", tuple(error.rejections))
        return model._replace(player=player._replace(stats_note=note))
    player = player._replace(importing=imported)
    mine = player.stats.total().deals
    if mine == 0:
        return replace_stats(model._replace(player=player), fx)
    note = StatsNote("confirm", mine=mine, theirs=imported.total().deals)
    return model._replace(player=player._replace(stats_note=note))


def replace_stats(model: Model, fx: list[Effect]) -> Model:
    stats = model.player.importing
    if stats is None:
        return model
    fx.append(Store(saving.STATS_KEY, stats.to_json()))
    player = model.player._replace(stats=stats, importing=None, stats_note=StatsNote("replaced"))
    return model._replace(player=player)


def keep_stats(model: Model, fx: list[Effect]) -> Model:
    return model._replace(player=model.player._replace(importing=None, stats_note=StatsNote("kept")))


STATS_BUTTONS: dict[str, Callable[[Model, list[Effect]], Model]] = {
    "export-stats": export_stats, "import-stats": choose_import,
    "import-replace": replace_stats, "import-keep": keep_stats,
}
