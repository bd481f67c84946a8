"""A person's charts, drawn on the server by pygal as SVG images.

The SVG is served as an image (`<img>`), where a browser runs no script; pygal's own script
(its tooltips' configuration) is taken out all the same, so the file holds none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from xml.etree import ElementTree

import pygal
from babel.dates import format_date
from babel.numbers import format_percent
from pygal.style import Style

_SVG = "{http://www.w3.org/2000/svg}"

# Sized for a phone: the image is shown at the page's width, so 480 px of drawing at 390 px
# of screen keeps its text at about 80 % of the font sizes below.
_STYLE = Style(
    background="transparent",
    plot_background="#2a2622",
    foreground="#f3efe7",
    foreground_strong="#f3efe7",
    foreground_subtle="#8c857a",
    colors=("#e0a526", "#3d9a5b", "#5b8fd6", "#c2412d", "#b07cc6", "#d9eadf"),
    font_family="system-ui, sans-serif",
    label_font_size=14,
    major_label_font_size=14,
    legend_font_size=15,
    title_font_size=17,
    value_font_size=13,
)
_SIZE = {"width": 480, "height": 320}


def scores_over_time(
    title: str, series: Mapping[str, Sequence[tuple[datetime, int]]], locale: str = "en"
) -> str:
    """Returns a line per game of the person's scores by the date each game ended, its days
    written in the locale's words."""
    chart = pygal.DateTimeLine(
        title=title,
        x_value_formatter=lambda moment: format_date(moment, "d MMM", locale=locale),
        x_label_rotation=30,
        legend_at_bottom=True,
        truncate_legend=24,
        **_common(),
    )
    for name, points in series.items():
        chart.add(name, list(points))
    return _svg(chart)


def win_rates(title: str, rates: Mapping[str, float], locale: str = "en") -> str:
    """Returns a bar per game of the share of its games the person won, in per cent as the
    locale writes it."""
    chart = pygal.HorizontalBar(
        title=title,
        range=(0, 100),
        y_labels=[0, 25, 50, 75, 100],
        show_legend=False,
        print_values=True,
        value_formatter=lambda share: format_percent(share / 100, locale=locale),
        **_common(),
    )
    chart.x_labels = list(rates)
    chart.add(title, list(rates.values()))
    return _svg(chart)


def _common() -> dict[str, object]:
    return {
        "style": _STYLE,
        "js": [],  # no script files
        "disable_xml_declaration": True,
        "no_data_text": "",
        **_SIZE,
    }


def _svg(chart: Any) -> str:
    """Returns the chart's SVG with no script element in it."""
    root = chart.render_tree()
    for parent in root.iter():
        for child in list(parent):
            if child.tag in ("script", f"{_SVG}script"):
                parent.remove(child)
    return ElementTree.tostring(root, encoding="unicode")
