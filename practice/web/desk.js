/*
 * The busy desktop around the bundled game (desk.html): fills the widgets, keeps the
 * clock and the equaliser moving, sizes the game's frame to its canvas and, with
 * tooltip=1, draws the cell under the pointer next to it as some canvas games do.
 */
"use strict";

(function () {
  const DESK_PARAMS = ["tooltip", "game"];
  const params = new URLSearchParams(location.search);
  const gameParams = new URLSearchParams();
  for (const [key, value] of params) {
    if (!DESK_PARAMS.includes(key)) gameParams.append(key, value);
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function fillIcons() {
    const icons = [["Computer", "#5b8fd6"], ["Documents", "#e8c35a"], ["Mail", "#d65b5b"],
      ["Music", "#8f5bd6"], ["Photos", "#5bd68f"], ["Recycle Bin", "#a0a0a0"]];
    const holder = document.getElementById("icons");
    for (const [name, colour] of icons) {
      const icon = element("div", undefined, "icon");
      const picture = element("div");
      picture.style.background = colour;
      icon.append(picture, name);
      holder.append(icon);
    }
  }

  function fillButtons(holderId, rows) {
    const holder = document.getElementById(holderId);
    for (const row of rows) {
      const line = holderId === "keyboard" ? element("div") : holder;
      for (const label of row) line.append(element("button", label));
      if (line !== holder) holder.append(line);
    }
  }

  function fillCalendar() {
    const table = document.getElementById("month");
    const head = element("tr");
    for (const day of ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]) head.append(element("th", day));
    table.append(head);
    const first = new Date(2026, 10, 1);
    let weekday = (first.getDay() + 6) % 7;
    let row = element("tr");
    for (let blank = 0; blank < weekday; blank++) row.append(element("td"));
    for (let day = 1; day <= 30; day++) {
      const cell = element("td", String(day), weekday >= 5 ? "weekend" : "");
      if (day === 26) cell.className = "today";
      row.append(cell);
      weekday = (weekday + 1) % 7;
      if (weekday === 0) {
        table.append(row);
        row = element("tr");
      }
    }
    if (row.children.length > 0) table.append(row);
  }

  function fillSheet() {
    const table = document.getElementById("sheet");
    const columns = ["", "A", "B", "C", "D", "E", "F"];
    for (let r = 0; r < 14; r++) {
      const row = element("tr");
      for (let c = 0; c < columns.length; c++) {
        let text = r === 0 ? columns[c] : c === 0 ? String(r) : String(((r * 37 + c * 91) % 900) + 10);
        row.append(element("td", text));
      }
      table.append(row);
    }
  }

  function startEqualiser() {
    const holder = document.getElementById("equaliser");
    const bands = [];
    for (let b = 0; b < 16; b++) {
      const band = element("div", undefined, "band");
      const segments = [];
      for (let s = 0; s < 18; s++) {
        const segment = element("i", undefined, s >= 15 ? "peak" : s >= 11 ? "hot" : "");
        segments.push(segment);
        band.append(segment);
      }
      bands.push(segments);
      holder.append(band);
    }
    let tick = 0;
    setInterval(() => {
      tick++;
      bands.forEach((segments, b) => {
        const level = Math.round(9 + 8 * Math.sin(tick / 3 + b * 0.7) * Math.cos(tick / 7 + b));
        segments.forEach((segment, s) => segment.classList.toggle("lit", s < level));
      });
    }, 90);
  }

  function startClock() {
    const clock = document.getElementById("clock");
    const show = () => { clock.textContent = new Date().toLocaleTimeString("en-GB"); };
    show();
    setInterval(show, 1000);
  }

  /** Size the frame to the game's canvas once the game is up, then offer its state. */
  function showGame() {
    const frame = document.getElementById("game");
    if (params.get("game") === "none") {
      document.getElementById("mines-window").remove();
      window.__state = () => ({ game: null });
      return;
    }
    frame.addEventListener("load", () => {
      const inner = frame.contentWindow;
      const ready = () => {
        if (typeof inner.__state !== "function") return setTimeout(ready, 20);
        const canvas = inner.document.getElementById("game").getBoundingClientRect();
        frame.style.width = `${canvas.width}px`;
        frame.style.height = `${canvas.height}px`;
        if (params.get("tooltip") === "1") followPointer(frame);
        window.__state = () => inner.__state();
      };
      ready();
    });
    frame.src = `index.html?${gameParams}`;
  }

  /** A tooltip naming the cell under the pointer, drawn beside it over the game. */
  function followPointer(frame) {
    const tooltip = document.getElementById("tooltip");
    const inner = frame.contentWindow;
    inner.document.addEventListener("mousemove", (event) => {
      const state = inner.__state();
      const cell = state.cell;
      const col = Math.floor((event.clientX - state.layout.cellsLeft) / cell);
      const row = Math.floor((event.clientY - state.layout.cellsTop) / cell);
      if (row < 0 || col < 0 || row >= state.height || col >= state.width) {
        tooltip.hidden = true;
        return;
      }
      const box = frame.getBoundingClientRect();
      tooltip.textContent = `r${row} c${col}`;
      tooltip.style.left = `${box.left + event.clientX + 8}px`;
      tooltip.style.top = `${box.top + event.clientY + 10}px`;
      tooltip.hidden = false;
    });
    inner.document.addEventListener("mouseleave", () => { tooltip.hidden = true; });
  }

  fillIcons();
  fillButtons("toolbar", [["\u{1F4C4}", "\u{1F4BE}", "\u2702", "\u{1F4CB}", "\u21B6", "\u21B7", "?", "\u2699"]]);
  fillButtons("keypad", [["C", "\u00B1", "%", "/"], ["7", "8", "9", "*"], ["4", "5", "6", "-"],
    ["1", "2", "3", "+"], ["0", "00", ".", "="]]);
  fillButtons("keyboard", [["Q", "W", "E", "R", "T", "Y", "U", "I", "O", "P"],
    ["A", "S", "D", "F", "G", "H", "J", "K", "L", ";"], ["Z", "X", "C", "V", "B", "N", "M", ",", ".", "/"]]);
  fillCalendar();
  fillSheet();
  startEqualiser();
  startClock();
  showGame();
})();
