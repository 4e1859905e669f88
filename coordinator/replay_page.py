"""The annotated replay: one self-contained HTML page that steps through a recorded game.

Each step shows the screenshot the bot saw with its decision drawn over the board:
green squares on cells proved safe, red crosses on proved mines, a yellow ring on a
guess with its mine probability, and (toggle) every unopened cell's mine probability as
a shade of red, with its percentage where the cells are big enough to hold it. The
screenshots are inlined as PNG data URIs (reduced to a palette when they have few
colours, as game screens do), so the page is one file that can be sent to anyone.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

PROBABILITY_DIGITS = 3  # what the page shows of a probability (0.1 % steps)
MIN_DRAWN_PITCH = 28  # screenshots with smaller cells are drawn enlarged, to fit the labels

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sweeper replay: __TITLE__</title>
<style>
 body { font: 14px system-ui, sans-serif; margin: 16px; background: #f4f4f4; }
 #bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
 #info, #cell { font-family: monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
 #info { margin-top: 8px; }
 #cell { min-height: 1.3em; }
 canvas { image-rendering: pixelated; border: 1px solid #999; background: #fff;
          max-width: 100%; height: auto; display: block; }
 .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; }
 #scale { display: inline-block; width: 120px; height: 12px; border: 1px solid #999;
          vertical-align: middle; background: linear-gradient(to right,
          rgba(255,0,0,__SHADE_LOW__), rgba(255,0,0,__SHADE_HIGH__)), #c0c0c0; }
 #end { font-weight: bold; }
</style></head><body>
<h2>__TITLE__</h2>
<div class="legend"><span style="color:#0a0">&#9632; proved safe</span>
<span style="color:#d00">&#10005; proved mine</span>
<span style="color:#c90">&#9711; guess (mine probability)</span>
<span>mine probability: 0% <span id="scale"></span> 100%</span></div>
<div id="bar"><button id="prev">&#9664;</button><button id="play">play</button>
<button id="next">&#9654;</button><input id="slider" type="range" min="0" value="0">
<span id="pos"></span><label><input id="heat" type="checkbox"> probabilities</label>
<span id="end"></span></div>
<canvas id="view"></canvas><div id="cell"></div><div id="info"></div>
<script>
const steps = __STEPS__;
const pictures = __PICTURES__;
const summary = __SUMMARY__;
const SHADE_LOW = __SHADE_LOW__, SHADE_HIGH = __SHADE_HIGH__, MIN_PITCH = __MIN_PITCH__;
const view = document.getElementById("view"), ctx = view.getContext("2d");
const slider = document.getElementById("slider");
slider.max = Math.max(0, steps.length - 1);
let current = 0, timer = null, zoom = 1, labelsShown = false;
const images = pictures.map(uri => { const im = new Image(); im.src = uri; return im; });
function pitch(s) { const [, , w, h] = s.board_rect; return Math.min(w / s.cols, h / s.rows); }
function cellBox(s, r, c) {
  const [left, top, w, h] = s.board_rect, pw = w / s.cols, ph = h / s.rows;
  return [(left + c * pw) * zoom, (top + r * ph) * zoom, pw * zoom, ph * zoom];
}
function shade(p) { return `rgba(255,0,0,${SHADE_LOW + (SHADE_HIGH - SHADE_LOW) * p})`; }
function drawHeat(s) {
  labelsShown = false;
  if (!document.getElementById("heat").checked || !s.probabilities) return;
  const [, , cw, ch] = cellBox(s, 0, 0), size = Math.max(6, Math.floor(ch * 0.45));
  ctx.font = `bold ${size}px monospace`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  labelsShown = ctx.measureText("100").width <= cw - 4;
  s.probabilities.forEach((row, r) => row.forEach((p, c) => {
    if (p === null) return;
    const [x, y, w, h] = cellBox(s, r, c);
    ctx.fillStyle = shade(p); ctx.fillRect(x, y, w, h);
    if (labelsShown) { ctx.fillStyle = "#000";
      ctx.fillText(Math.round(100 * p), x + w / 2, y + h / 2); }
  }));
}
function drawDecision(s) {
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#0a0";
  const m = s.move;  // a first click is safe by the rules alone
  const safe = s.safe.length || !m || m.p_mine > 0 ? s.safe : [[m.row, m.col]];
  for (const [r, c] of safe) { const [x, y, w, h] = cellBox(s, r, c);
    ctx.strokeRect(x + 2, y + 2, w - 4, h - 4); }
  ctx.strokeStyle = "#d00";
  for (const [r, c] of s.mines) { const [x, y, w, h] = cellBox(s, r, c);
    ctx.beginPath(); ctx.moveTo(x + 3, y + 3); ctx.lineTo(x + w - 3, y + h - 3);
    ctx.moveTo(x + w - 3, y + 3); ctx.lineTo(x + 3, y + h - 3); ctx.stroke(); }
  if (m && m.p_mine > 0) { const [x, y, w, h] = cellBox(s, m.row, m.col);
    ctx.strokeStyle = "#c90"; ctx.lineWidth = 3; ctx.beginPath();
    ctx.arc(x + w / 2, y + h / 2, Math.max(w, h) * 0.7, 0, 2 * Math.PI); ctx.stroke();
    ctx.font = "bold 13px sans-serif"; ctx.fillStyle = "#c90"; ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText((100 * m.p_mine).toFixed(1) + "%", x + w / 2, Math.max(8, y - 8)); }
}
function paint(s, im) {
  zoom = Math.max(1, Math.ceil(MIN_PITCH / pitch(s)));
  view.width = im.naturalWidth * zoom; view.height = im.naturalHeight * zoom;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(im, 0, 0, view.width, view.height); drawHeat(s); drawDecision(s);
}
function describe(s) {
  if (s.status !== "playing") return `the game ended: ${s.status}`;
  const m = s.move;
  const move = m ? `move (${m.row}, ${m.col}) p_mine=${m.p_mine.toFixed(4)} — ${m.reason}`
    : "no move";
  return `status: ${s.status}   safe: ${s.safe.length}   mines: ${s.mines.length}\\n${move}\\n` +
    `timings (ms): ${JSON.stringify(s.timings_ms)}`;
}
function show(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  const s = steps[current], im = images[current];
  im.complete ? paint(s, im) : (im.onload = () => current === steps.indexOf(s) && paint(s, im));
  slider.value = current;
  document.getElementById("pos").textContent = `step ${current + 1} / ${steps.length}`;
  document.getElementById("end").textContent = s.status === "playing" ? "" : s.status;
  document.getElementById("info").textContent =
    `${describe(s)}\\n\\ngame: ${JSON.stringify(summary)}`;
}
view.onmousemove = e => {
  const s = steps[current], rect = view.getBoundingClientRect();
  const x = (e.clientX - rect.left) * view.width / rect.width / zoom;
  const y = (e.clientY - rect.top) * view.height / rect.height / zoom;
  const [left, top, w, h] = s.board_rect;
  const r = Math.floor((y - top) / (h / s.rows)), c = Math.floor((x - left) / (w / s.cols));
  const p = s.probabilities && s.probabilities[r] ? s.probabilities[r][c] : undefined;
  document.getElementById("cell").textContent = r >= 0 && c >= 0 && r < s.rows && c < s.cols
    ? `cell (${r}, ${c})` + (p === null || p === undefined ? "" : `: ${(100 * p).toFixed(1)}% mine`)
    : "";
};
document.getElementById("prev").onclick = () => show(current - 1);
document.getElementById("next").onclick = () => show(current + 1);
document.getElementById("heat").onchange = () => show(current);
slider.oninput = () => show(Number(slider.value));
document.getElementById("play").onclick = () => {
  if (timer) { clearInterval(timer); timer = null; return; }
  timer = setInterval(() => current + 1 < steps.length ? show(current + 1)
    : (clearInterval(timer), timer = null), 400);
};
document.onkeydown = e => { if (e.key === "ArrowLeft") show(current - 1);
  if (e.key === "ArrowRight") show(current + 1); };
if (steps.length) show(0);
</script></body></html>
"""

SHADE_LOW, SHADE_HIGH = 0.08, 0.75  # opacity of the red over a cell of probability 0 and 1


def render_replay_page(
    steps: list[dict[str, Any]], screenshots: list[Path], summary: dict[str, Any]
) -> str:
    """The replay page's HTML for a game's step records (as dicts), the screenshot of
    each step, and the game's summary."""
    title = html.escape(f"{summary.get('result', 'game')} in {summary.get('steps', len(steps))}"
                        " steps")
    return (
        _PAGE.replace("__TITLE__", title)
        .replace("__SHADE_LOW__", str(SHADE_LOW))
        .replace("__SHADE_HIGH__", str(SHADE_HIGH))
        .replace("__MIN_PITCH__", str(MIN_DRAWN_PITCH))
        .replace("__STEPS__", _script_json([_page_step(step) for step in steps]))
        .replace("__PICTURES__", _script_json([png_data_uri(path) for path in screenshots]))
        .replace("__SUMMARY__", _script_json(summary))
    )


def png_data_uri(path: Path) -> str:
    """The screenshot at ``path`` as a ``data:`` URI of a PNG with a palette when that
    loses nothing; an empty string if it cannot be read (the page then shows no picture)."""
    try:
        with Image.open(path) as picture:
            picture.load()
            compact = _as_palette(picture.convert("RGB"))
    except OSError:
        return ""
    buffer = io.BytesIO()
    compact.save(buffer, format="PNG")  # optimize=True: 12 % smaller, twice as slow
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _as_palette(picture: Image.Image) -> Image.Image:
    """The picture with a palette if that keeps every pixel (a game screen has a dozen
    colours), else unchanged."""
    if picture.getcolors(256) is None:
        return picture
    reduced = picture.quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                               dither=Image.Dither.NONE)
    exact = np.array_equal(np.asarray(reduced.convert("RGB")), np.asarray(picture))
    return reduced if exact else picture


def _page_step(step: dict[str, Any]) -> dict[str, Any]:
    """What the page needs of a step, with probabilities shortened to what it shows."""
    probabilities = step.get("probabilities")
    if probabilities:
        step = step | {"probabilities": [
            [None if p is None else round(p, PROBABILITY_DIGITS) for p in row]
            for row in probabilities]}
    return step


def _script_json(value: Any) -> str:
    """JSON that is safe to embed inside a <script> element."""
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")
