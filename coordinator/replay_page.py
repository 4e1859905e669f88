"""The annotated replay: a self-contained HTML page that steps through a recorded game.

Each step shows the screenshot the bot saw with its decision drawn over the board:
green squares on cells proved safe, red crosses on proved mines, a yellow ring on a
guess with its mine probability, and (toggle) every unopened cell's probability.
"""

from __future__ import annotations

import html
import json
from typing import Any

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>sweeper replay: __TITLE__</title>
<style>
 body { font: 14px system-ui, sans-serif; margin: 16px; background: #f4f4f4; }
 #bar { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; }
 #info { white-space: pre; font-family: monospace; margin-top: 8px; }
 canvas { image-rendering: pixelated; border: 1px solid #999; background: #fff; }
 .legend span { display: inline-block; margin-right: 14px; }
</style></head><body>
<h2>__TITLE__</h2>
<div class="legend"><span style="color:#0a0">&#9632; proved safe</span>
<span style="color:#d00">&#10005; proved mine</span>
<span style="color:#c90">&#9711; guess (mine probability)</span></div>
<div id="bar"><button id="prev">&#9664;</button><button id="play">play</button>
<button id="next">&#9654;</button><input id="slider" type="range" min="0" value="0">
<span id="pos"></span><label><input id="heat" type="checkbox"> probabilities</label></div>
<canvas id="view"></canvas><div id="info"></div>
<script>
const steps = __STEPS__;
const summary = __SUMMARY__;
const view = document.getElementById("view"), ctx = view.getContext("2d");
const slider = document.getElementById("slider");
slider.max = Math.max(0, steps.length - 1);
let current = 0, timer = null;
const images = steps.map(s => { const im = new Image();
  im.src = "step-" + String(s.index).padStart(4, "0") + ".png"; return im; });
function cellBox(s, r, c) {
  const [left, top, w, h] = s.board_rect, pw = w / s.cols, ph = h / s.rows;
  return [left + c * pw, top + r * ph, pw, ph];
}
function drawHeat(s) {
  if (!document.getElementById("heat").checked || !s.probabilities) return;
  ctx.font = "bold 9px monospace"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
  s.probabilities.forEach((row, r) => row.forEach((p, c) => {
    if (p === null) return;
    const [x, y, w, h] = cellBox(s, r, c);
    ctx.fillStyle = `rgba(255,0,0,${0.55 * p})`; ctx.fillRect(x, y, w, h);
    ctx.fillStyle = "#000"; ctx.fillText(Math.round(100 * p), x + w / 2, y + h / 2);
  }));
}
function drawDecision(s) {
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#0a0";
  for (const [r, c] of s.safe) { const [x, y, w, h] = cellBox(s, r, c);
    ctx.strokeRect(x + 2, y + 2, w - 4, h - 4); }
  ctx.strokeStyle = "#d00";
  for (const [r, c] of s.mines) { const [x, y, w, h] = cellBox(s, r, c);
    ctx.beginPath(); ctx.moveTo(x + 3, y + 3); ctx.lineTo(x + w - 3, y + h - 3);
    ctx.moveTo(x + w - 3, y + 3); ctx.lineTo(x + 3, y + h - 3); ctx.stroke(); }
  const m = s.move;
  if (m && m.p_mine > 0) { const [x, y, w, h] = cellBox(s, m.row, m.col);
    ctx.strokeStyle = "#c90"; ctx.lineWidth = 3; ctx.beginPath();
    ctx.arc(x + w / 2, y + h / 2, Math.max(w, h) * 0.7, 0, 2 * Math.PI); ctx.stroke();
    ctx.font = "bold 13px sans-serif"; ctx.fillStyle = "#c90";
    ctx.fillText((100 * m.p_mine).toFixed(1) + "%", x + w / 2, y - 8); }
}
function show(i) {
  current = Math.max(0, Math.min(steps.length - 1, i));
  const s = steps[current], im = images[current];
  const paint = () => {
    view.width = im.naturalWidth; view.height = im.naturalHeight;
    ctx.drawImage(im, 0, 0); drawHeat(s); drawDecision(s);
  };
  im.complete ? paint() : (im.onload = paint);
  slider.value = current;
  document.getElementById("pos").textContent = `step ${current + 1} / ${steps.length}`;
  const m = s.move ? `move (${s.move.row}, ${s.move.col}) p_mine=${s.move.p_mine.toFixed(4)}` +
    ` — ${s.move.reason}` : "no move";
  document.getElementById("info").textContent =
    `status: ${s.status}   safe: ${s.safe.length}   mines: ${s.mines.length}\\n${m}\\n` +
    `timings (ms): ${JSON.stringify(s.timings_ms)}\\n\\ngame: ${JSON.stringify(summary)}`;
}
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


def render_replay_page(steps: list[dict[str, Any]], summary: dict[str, Any]) -> str:
    """The replay page's HTML for a game's step records (as dicts) and its summary."""
    title = html.escape(f"{summary.get('result', 'game')} in {len(steps)} steps")
    return (
        _PAGE.replace("__TITLE__", title)
        .replace("__STEPS__", _script_json(steps))
        .replace("__SUMMARY__", _script_json(summary))
    )


def _script_json(value: Any) -> str:
    """JSON that is safe to embed inside a <script> element."""
    return json.dumps(value).replace("</", "<\\/")
