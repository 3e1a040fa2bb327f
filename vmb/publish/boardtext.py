"""The board's three texts (``vmb board``): board.csv, board.md and index.html, from the rows' cells.

Every cell is text from a bundle: it goes through its medium's escaper (``vmb.escape``): ``csv`` (control
characters escaped; a cell opening like a formula, ``= + - @``, a tab, kept as text behind a leading quote),
``markdown`` (one plain cell: a ``|`` cannot split the row) and ``html`` in the page; an empty cell stays empty.
"""

from __future__ import annotations

import csv
import io

from vmb import escape


def csv_text(heads: list[str], tables: list[dict[str, str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([escape.csv(h) for h in heads])
    writer.writerows([[escape.csv(t[h]) for h in heads] for t in tables])
    return buffer.getvalue()


def markdown_text(heads: list[str], tables: list[dict[str, str]]) -> str:
    lines = ["| " + " | ".join(escape.markdown(h) for h in heads) + " |", "|" + "---|" * len(heads)]
    lines += ["| " + " | ".join(escape.markdown(t[h]) for h in heads) + " |" for t in tables]
    return "\n".join(lines) + "\n"


def page_text(heads: list[str], tables: list[dict[str, str]], links: list[tuple[str | None, str | None]]) -> str:
    """The page; ``links``: per row, the slug of its view and of its card (None where it has none)."""
    head = "".join(f'<th data-column="{i}">{escape.html(h)}</th>' for i, h in enumerate(heads))
    body = []
    for cells, (view, card) in zip(tables, links):
        tds = []
        for name in heads:
            text = escape.html(cells[name])
            if name == "run":
                text += (f' <a href="view/{escape.html(view)}/index.html">queries</a>' if view else "") + \
                        (f' <a href="cards/{escape.html(card)}.md">card</a>' if card else "")
            tds.append(f"<td>{text}</td>")
        body.append("<tr>" + "".join(tds) + "</tr>")
    return (PAGE.replace("{head}", head).replace("{body}", "\n".join(body))
            .replace("{count}", str(len(tables))))


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>vmb board</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:3px 6px;text-align:left}th{cursor:pointer;background:#f3f3f3}</style></head>
<body><h1>VehicleMemBench board</h1>
<p id="count">{count} run(s): valid complete runs ranked by ESM, then valid partial runs ranked among
themselves, then invalid runs, never ranked. Click a column to sort. "vs next": the paired ESM difference
with the row below in its section, its 95% interval and the exact McNemar p-value (as vmb compare).</p>
<table id="board"><thead><tr>{head}</tr></thead><tbody>
{body}
</tbody></table>
<script>
document.querySelectorAll('#board th').forEach(function (th) {
  th.addEventListener('click', function () {
    var column = Number(th.dataset.column), body = document.querySelector('#board tbody');
    var down = th.dataset.down !== '1'; th.dataset.down = down ? '1' : '0';
    var rows = Array.from(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[column].textContent, y = b.cells[column].textContent;
      var nx = parseFloat(x.replace(/^[A-Z]{3} /, '')), ny = parseFloat(y.replace(/^[A-Z]{3} /, ''));
      var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return down ? -order : order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  });
});
document.body.dataset.ready = '1';
</script></body></html>
"""
