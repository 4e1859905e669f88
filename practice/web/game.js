/*
 * A classic-looking Minesweeper for the sweeper project's practice target.
 *
 * Everything is drawn on one <canvas> at exact device pixels: bevels, digits, flags,
 * mines and the LED counters are pixel shapes (bitmaps or per-row spans), so the look
 * does not depend on installed fonts and tile edges are never blurred.
 *
 * URL parameters: width, height, mines, seed, rules (safe|opening), cell (px).
 *
 * Mine placement (same seed + same first click -> same game):
 *   rng = mulberry32((seed XOR imul(firstIndex + 1, 0x9E3779B1)) >>> 0)
 *   where firstIndex = row * width + col of the first opened cell;
 *   candidates = every cell index in row-major order except the first cell
 *                (rules=opening: except the first cell and its neighbours);
 *   for i in 0 .. mines-1: j = i + floor(rng() * (candidates.length - i));
 *                          swap candidates[i], candidates[j]; candidates[i] is a mine.
 *
 * window.__state() is for tests only; the bot reads the screen, never this.
 */
"use strict";

(function () {
  // ---------------------------------------------------------------- parameters

  const DEFAULTS = { width: 30, height: 16, mines: 99, rules: "safe", cell: 24 };
  const LIMITS = { width: [1, 100], height: [1, 100], cell: [8, 64] };
  const KNOWN_PARAMS = ["width", "height", "mines", "seed", "rules", "cell"];

  /** Parse and validate the URL parameters; throws an Error naming what is wrong. */
  function readConfig(search) {
    const params = new URLSearchParams(search);
    const problems = [];
    for (const key of params.keys()) {
      if (!KNOWN_PARAMS.includes(key)) {
        problems.push(`unknown parameter '${key}' (known: ${KNOWN_PARAMS.join(", ")})`);
      }
    }
    const integer = (name, fallback, low, high) => {
      const text = params.get(name);
      if (text === null || text === "") return fallback;
      if (!/^[0-9]+$/.test(text)) {
        problems.push(`${name}='${text}' is not a whole number`);
        return fallback;
      }
      const value = Number(text);
      if (value < low || value > high) {
        problems.push(`${name}=${value} is out of range (${low}..${high})`);
        return fallback;
      }
      return value;
    };
    const width = integer("width", DEFAULTS.width, ...LIMITS.width);
    const height = integer("height", DEFAULTS.height, ...LIMITS.height);
    const cell = integer("cell", DEFAULTS.cell, ...LIMITS.cell);
    const rules = params.get("rules") || DEFAULTS.rules;
    if (rules !== "safe" && rules !== "opening") {
      problems.push(`rules='${rules}' must be 'safe' or 'opening'`);
    }
    const reserved = rules === "opening" ? Math.min(3, width) * Math.min(3, height) : 1;
    const maxMines = Math.max(0, width * height - reserved);
    const mines = integer("mines", Math.min(DEFAULTS.mines, maxMines), 0, 0xffffffff);
    if (mines > maxMines) {
      problems.push(
        `mines=${mines} is too many for a ${width}x${height} board with rules=${rules}` +
          ` (at most ${maxMines})`
      );
    }
    const seedText = params.get("seed");
    const seed = seedText === null || seedText === "" ? null : integer("seed", 0, 0, 0xffffffff);
    if (problems.length > 0) throw new Error(problems.join("\n"));
    return { width, height, mines, rules, cell, seed };
  }

  // ---------------------------------------------------------------- randomness

  /** mulberry32: a small, well-known 32-bit PRNG returning floats in [0, 1). */
  function mulberry32(state) {
    return function next() {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function randomSeed() {
    const word = new Uint32Array(1);
    window.crypto.getRandomValues(word);
    return word[0];
  }

  /** The mine layout (array of booleans, row-major) for a first click at index `first`. */
  function placeMines(config, seed, first) {
    const { width, height, mines, rules } = config;
    const excluded = new Set([first]);
    if (rules === "opening") {
      for (const index of neighbours(width, height, first)) excluded.add(index);
    }
    const candidates = [];
    for (let index = 0; index < width * height; index++) {
      if (!excluded.has(index)) candidates.push(index);
    }
    const rng = mulberry32((seed ^ Math.imul(first + 1, 0x9e3779b1)) >>> 0);
    const isMine = new Array(width * height).fill(false);
    for (let i = 0; i < mines; i++) {
      const j = i + Math.floor(rng() * (candidates.length - i));
      [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
      isMine[candidates[i]] = true;
    }
    return isMine;
  }

  function neighbours(width, height, index) {
    const row = Math.floor(index / width);
    const col = index % width;
    const result = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const r = row + dr;
        const c = col + dc;
        if ((dr || dc) && r >= 0 && r < height && c >= 0 && c < width) result.push(r * width + c);
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- game model

  const HIDDEN = 0;
  const OPEN = 1;
  const FLAGGED = 2;

  class Game {
    constructor(config, seed) {
      this.config = config;
      this.seed = seed;
      const size = config.width * config.height;
      this.cover = new Array(size).fill(HIDDEN);
      this.isMine = null; // placed on the first click
      this.counts = null;
      this.exploded = new Set();
      this.status = "playing";
      this.startedAt = null;
      this.endedAt = null;
      this.openedSafe = 0;
    }

    get size() {
      return this.config.width * this.config.height;
    }

    get over() {
      return this.status !== "playing";
    }

    flagsPlaced() {
      return this.cover.filter((state) => state === FLAGGED).length;
    }

    elapsedSeconds(now) {
      if (this.startedAt === null) return 0;
      const end = this.endedAt === null ? now : this.endedAt;
      return Math.min(999, 1 + Math.floor((end - this.startedAt) / 1000));
    }

    /** Open one cell (left click). Returns true if anything changed. */
    open(index, now) {
      if (this.over || this.cover[index] !== HIDDEN) return false;
      if (this.isMine === null) this.start(index, now);
      this.reveal([index], now);
      return true;
    }

    /** Open every unflagged neighbour of a number whose flags are complete. */
    chord(index, now) {
      if (this.over || this.cover[index] !== OPEN || this.counts[index] === 0) return false;
      const around = neighbours(this.config.width, this.config.height, index);
      const flags = around.filter((n) => this.cover[n] === FLAGGED).length;
      if (flags !== this.counts[index]) return false;
      const targets = around.filter((n) => this.cover[n] === HIDDEN);
      if (targets.length === 0) return false;
      this.reveal(targets, now);
      return true;
    }

    toggleFlag(index) {
      if (this.over || this.cover[index] === OPEN) return false;
      this.cover[index] = this.cover[index] === FLAGGED ? HIDDEN : FLAGGED;
      return true;
    }

    start(first, now) {
      this.isMine = placeMines(this.config, this.seed, first);
      const { width, height } = this.config;
      this.counts = this.isMine.map((_, index) =>
        neighbours(width, height, index).filter((n) => this.isMine[n]).length
      );
      this.startedAt = now;
    }

    /** Open the given hidden cells, cascading through zeros; then check win/loss. */
    reveal(indices, now) {
      const { width, height } = this.config;
      const queue = [...indices];
      while (queue.length > 0) {
        const index = queue.pop();
        if (this.cover[index] !== HIDDEN) continue;
        this.cover[index] = OPEN;
        if (this.isMine[index]) {
          this.exploded.add(index);
          continue;
        }
        this.openedSafe++;
        if (this.counts[index] === 0) queue.push(...neighbours(width, height, index));
      }
      if (this.exploded.size > 0) this.finish("lost", now);
      else if (this.openedSafe === this.size - this.config.mines) this.finish("won", now);
    }

    finish(status, now) {
      this.status = status;
      this.endedAt = now;
      if (status === "won") {
        for (let index = 0; index < this.size; index++) {
          if (this.isMine[index]) this.cover[index] = FLAGGED;
        }
      }
    }

    /** What one cell shows: "hidden", "flag", "wrongflag", "mine", "exploded" or 0..8. */
    shown(index) {
      const cover = this.cover[index];
      const lost = this.status === "lost";
      if (this.exploded.has(index)) return "exploded";
      if (cover === FLAGGED) return lost && !this.isMine[index] ? "wrongflag" : "flag";
      if (cover === OPEN) return this.counts[index];
      if (lost && this.isMine[index]) return "mine";
      return "hidden";
    }

    /** Board text of what the page shows (a wrong flag still reads as F). */
    boardText() {
      const chars = { hidden: ".", flag: "F", wrongflag: "F", mine: "*", exploded: "*" };
      return this.rowsText((index) => {
        const shown = this.shown(index);
        return typeof shown === "number" ? String(shown) : chars[shown];
      });
    }

    /** Board text of the true layout (every cell revealed), or null before the first click. */
    minesText() {
      if (this.isMine === null) return null;
      return this.rowsText((index) => (this.isMine[index] ? "*" : String(this.counts[index])));
    }

    rowsText(charAt) {
      const { width, height } = this.config;
      const rows = [];
      for (let row = 0; row < height; row++) {
        let line = "";
        for (let col = 0; col < width; col++) line += charAt(row * width + col);
        rows.push(line);
      }
      return rows.join("\n") + "\n";
    }
  }

  // ---------------------------------------------------------------- colours and sprites

  const GREY = "#c0c0c0";
  const DARK = "#808080";
  const WHITE = "#ffffff";
  const BLACK = "#000000";
  const RED = "#ff0000";
  const YELLOW = "#ffff00";
  const LED_ON = "#ff0000";
  const LED_OFF = "#400000";
  const NUMBER_COLOURS = [
    null, "#0000ff", "#008000", "#ff0000", "#000080", "#800000", "#008080", "#000000", "#808080",
  ];

  // Bitmaps in "tile units" (a tile is 16 units). '#' = the sprite's colour, 'w' = white,
  // 'r' = red, 'k' = black. Each sprite is drawn at its offset inside the 16x16 tile.
  const DIGITS = {
    1: ["....###...", "...####...", "..#####...", ".######...", "....###...", "....###...",
        "....###...", "....###...", "....###...", "....###...", ".########.", ".########."],
    2: [".#######..", "#########.", "###...###.", "......###.", ".....####.", "...#####..",
        ".#####....", "####......", "###.......", "###.......", "#########.", "#########."],
    3: ["########..", "#########.", "......###.", "......###.", "......###.", "..######..",
        "..######..", "......###.", "......###.", "......###.", "#########.", "########.."],
    4: ["...###....", "...###....", "..###.....", "..###.....", ".###..###.", ".###..###.",
        "###...###.", "##########", "##########", "......###.", "......###.", "......###."],
    5: ["#########.", "#########.", "###.......", "###.......", "########..", "#########.",
        "......###.", "......###.", "......###.", "......###.", "#########.", "########.."],
    6: [".########.", "#########.", "###.......", "###.......", "########..", "#########.",
        "###...###.", "###...###.", "###...###.", "###...###.", "#########.", ".#######.."],
    7: ["##########", "##########", ".......###", "......###.", "......###.", ".....###..",
        ".....###..", "....###...", "....###...", "...###....", "...###....", "...###...."],
    8: [".#######..", "#########.", "###...###.", "###...###.", "###...###.", ".#######..",
        ".#######..", "###...###.", "###...###.", "###...###.", "#########.", ".#######.."],
  };
  const DIGIT_OFFSET = [3, 2];

  const MINE = [
    "......k......",
    "......k......",
    "..k.kkkkk.k..",
    "...kkkkkkk...",
    "..kkwwkkkkk..",
    "..kkwwkkkkk..",
    "kkkkkkkkkkkkk",
    "..kkkkkkkkk..",
    "..kkkkkkkkk..",
    "...kkkkkkk...",
    "..k.kkkkk.k..",
    "......k......",
    "......k......",
  ];
  const MINE_OFFSET = [2, 2];

  const FLAG = [
    ".....rrr....",
    "...rrrrr....",
    ".rrrrrrr....",
    "...rrrrr....",
    ".....rrr....",
    ".......k....",
    ".......k....",
    ".......k....",
    ".....kkkk...",
    "...kkkkkkkk.",
    "...kkkkkkkk.",
  ];
  const FLAG_OFFSET = [2, 3];

  const CROSS = [
    "rr.........rr",
    "rrr.......rrr",
    ".rrr.....rrr.",
    "..rrr...rrr..",
    "...rrr.rrr...",
    "....rrrrr....",
    ".....rrr.....",
    "....rrrrr....",
    "...rrr.rrr...",
    "..rrr...rrr..",
    ".rrr.....rrr.",
    "rrr.......rrr",
    "rr.........rr",
  ];

  const SPRITE_COLOURS = { w: WHITE, r: RED, k: BLACK };

  // ---------------------------------------------------------------- drawing helpers

  class Painter {
    constructor(context) {
      this.ctx = context;
    }

    rect(colour, x, y, w, h) {
      if (w <= 0 || h <= 0) return;
      this.ctx.fillStyle = colour;
      this.ctx.fillRect(x, y, w, h);
    }

    /** A bevel of width b: `light` on the top/left, `dark` on the bottom/right. */
    bevel(x, y, w, h, b, light, dark) {
      for (let i = 0; i < b; i++) {
        this.rect(light, x, y + i, w - 1 - i, 1);
        this.rect(dark, x + w - 1 - i, y + i, i + 1, 1);
        this.rect(light, x, y + h - 1 - i, i + 1, 1);
        this.rect(dark, x + i + 1, y + h - 1 - i, w - i - 1, 1);
        this.rect(light, x + i, y + b, 1, h - 2 * b);
        this.rect(dark, x + w - 1 - i, y + b, 1, h - 2 * b);
      }
    }

    raised(x, y, w, h, b) {
      this.bevel(x, y, w, h, b, WHITE, DARK);
    }

    sunken(x, y, w, h, b) {
      this.bevel(x, y, w, h, b, DARK, WHITE);
    }

    /**
     * Draw a bitmap whose unit is `unit` px, top-left at (x, y). Unit edges are rounded
     * to whole pixels so scaled sprites stay crisp.
     */
    bitmap(rows, x, y, unit, colourOf) {
      const edge = (origin, k) => origin + Math.round(k * unit);
      rows.forEach((line, r) => {
        let c = 0;
        while (c < line.length) {
          const colour = colourOf(line[c]);
          let end = c + 1;
          while (end < line.length && line[end] === line[c]) end++;
          if (colour) {
            const x0 = edge(x, c);
            const y0 = edge(y, r);
            this.rect(colour, x0, y0, edge(x, end) - x0, edge(y, r + 1) - y0);
          }
          c = end;
        }
      });
    }

    /** Fill the pixels of box (x, y, w, h) for which shade(u, v) gives a colour. */
    shaded(x, y, w, h, shade) {
      for (let py = 0; py < h; py++) {
        let start = 0;
        let current = shade(0.5, py + 0.5);
        for (let px = 1; px <= w; px++) {
          const colour = px < w ? shade(px + 0.5, py + 0.5) : undefined;
          if (colour !== current) {
            if (current) this.rect(current, x + start, y + py, px - start, 1);
            start = px;
            current = colour;
          }
        }
      }
    }
  }

  // ---------------------------------------------------------------- layout

  /** Pixel geometry of the whole game for a configuration (all integers). */
  function computeLayout(config) {
    const { width, height, cell } = config;
    const s = cell / 16;
    const px = (units) => Math.max(1, Math.round(units * s));
    const outer = px(3);
    const gap = px(6);
    const headerBevel = px(2);
    const fieldBevel = px(3);
    const headerInner = px(33);
    const ledDigitW = px(13);
    const ledDigitH = px(23);
    const ledBorder = px(1);
    const ledInset = px(5);
    const face = px(26);
    const ledW = 3 * ledDigitW + 2 * ledBorder;
    const ledH = ledDigitH + 2 * ledBorder;
    const minHeader = 2 * (ledInset + ledW) + face + 2 * px(6) + 2 * headerBevel;
    const fieldW = width * cell + 2 * fieldBevel;
    const innerW = Math.max(fieldW, minHeader);
    const headerH = headerInner + 2 * headerBevel;
    const canvasW = innerW + 2 * (outer + gap);
    const headerTop = outer + gap;
    const fieldTop = headerTop + headerH + gap;
    const canvasH = fieldTop + height * cell + 2 * fieldBevel + gap + outer;
    const fieldLeft = outer + gap + Math.floor((innerW - fieldW) / 2);
    const headerInnerTop = headerTop + headerBevel;
    const ledTop = headerInnerTop + Math.floor((headerInner - ledH) / 2);
    return {
      s, cell, outer, gap, canvasW, canvasH, headerBevel, fieldBevel, ledDigitW, ledDigitH,
      ledBorder,
      header: { x: outer + gap, y: headerTop, w: innerW, h: headerH },
      field: { x: fieldLeft, y: fieldTop, w: fieldW, h: height * cell + 2 * fieldBevel },
      cells: { x: fieldLeft + fieldBevel, y: fieldTop + fieldBevel },
      counter: { x: outer + gap + headerBevel + ledInset, y: ledTop, w: ledW, h: ledH },
      timer: {
        x: outer + gap + innerW - headerBevel - ledInset - ledW, y: ledTop, w: ledW, h: ledH,
      },
      face: {
        x: outer + gap + Math.floor((innerW - face) / 2),
        y: headerInnerTop + Math.floor((headerInner - face) / 2),
        w: face,
        h: face,
      },
    };
  }

  // ---------------------------------------------------------------- renderer

  class Renderer {
    constructor(canvas, config) {
      this.canvas = canvas;
      this.config = config;
      this.layout = computeLayout(config);
      const ratio = window.devicePixelRatio || 1;
      canvas.width = this.layout.canvasW;
      canvas.height = this.layout.canvasH;
      canvas.style.width = `${this.layout.canvasW / ratio}px`;
      canvas.style.height = `${this.layout.canvasH / ratio}px`;
      this.paint = new Painter(canvas.getContext("2d", { alpha: false }));
      this.paint.ctx.imageSmoothingEnabled = false;
    }

    /** Redraw everything: frame, header, and every cell. */
    drawAll(game, view) {
      const L = this.layout;
      const p = this.paint;
      p.rect(GREY, 0, 0, L.canvasW, L.canvasH);
      p.raised(0, 0, L.canvasW, L.canvasH, L.outer);
      const { header, field } = L;
      p.sunken(header.x, header.y, header.w, header.h, L.headerBevel);
      p.sunken(field.x, field.y, field.w, field.h, L.fieldBevel);
      this.drawHeader(game, view);
      for (let index = 0; index < game.size; index++) this.drawCell(game, index, view);
    }

    drawHeader(game, view) {
      this.drawLed(this.layout.counter, game.config.mines - game.flagsPlaced());
      this.drawLed(this.layout.timer, game.elapsedSeconds(view.now));
      this.drawFace(game, view);
    }

    cellBox(index) {
      const { width } = this.config;
      const cell = this.layout.cell;
      const x = this.layout.cells.x + (index % width) * cell;
      const y = this.layout.cells.y + Math.floor(index / width) * cell;
      return { x, y };
    }

    drawCell(game, index, view) {
      const p = this.paint;
      const cell = this.layout.cell;
      const unit = cell / 16;
      const { x, y } = this.cellBox(index);
      const shown = game.shown(index);
      const pressed = shown === "hidden" && view.pressed.has(index);
      if (shown === "hidden" || shown === "flag") {
        if (pressed) {
          this.flatTile(x, y, GREY);
          return;
        }
        p.rect(GREY, x, y, cell, cell);
        p.raised(x, y, cell, cell, Math.max(1, Math.round(cell / 8)));
        if (shown === "flag") this.sprite(FLAG, FLAG_OFFSET, x, y, unit);
        return;
      }
      this.flatTile(x, y, shown === "exploded" ? RED : GREY);
      if (typeof shown === "number") {
        if (shown > 0) {
          const colour = NUMBER_COLOURS[shown];
          p.bitmap(DIGITS[shown], x + Math.round(DIGIT_OFFSET[0] * unit),
            y + Math.round(DIGIT_OFFSET[1] * unit), unit, (ch) => (ch === "#" ? colour : null));
        }
        return;
      }
      this.sprite(MINE, MINE_OFFSET, x, y, unit);
      if (shown === "wrongflag") this.sprite(CROSS, MINE_OFFSET, x, y, unit);
    }

    /** An opened tile: flat fill with a 1 px grey grid line on its top and left. */
    flatTile(x, y, fill) {
      const cell = this.layout.cell;
      this.paint.rect(DARK, x, y, cell, cell);
      this.paint.rect(fill, x + 1, y + 1, cell - 1, cell - 1);
    }

    sprite(rows, offset, x, y, unit) {
      this.paint.bitmap(rows, x + Math.round(offset[0] * unit), y + Math.round(offset[1] * unit),
        unit, (ch) => SPRITE_COLOURS[ch] || null);
    }

    /** A three-digit 7-segment LED display (negative values show a leading minus). */
    drawLed(box, value) {
      const p = this.paint;
      const L = this.layout;
      p.sunken(box.x, box.y, box.w, box.h, L.ledBorder);
      p.rect(BLACK, box.x + L.ledBorder, box.y + L.ledBorder, box.w - 2 * L.ledBorder,
        box.h - 2 * L.ledBorder);
      const clamped = Math.max(-99, Math.min(999, value));
      const text = clamped < 0
        ? "-" + String(-clamped).padStart(2, "0")
        : String(clamped).padStart(3, "0");
      for (let i = 0; i < 3; i++) {
        this.drawLedDigit(box.x + L.ledBorder + i * L.ledDigitW, box.y + L.ledBorder, text[i]);
      }
    }

    drawLedDigit(x, y, char) {
      const SEGMENTS = {
        0: "abcdef", 1: "bc", 2: "abged", 3: "abgcd", 4: "fgbc", 5: "afgcd", 6: "afgedc",
        7: "abc", 8: "abcdefg", 9: "abcdfg", "-": "g",
      };
      const lit = SEGMENTS[char] || "";
      const L = this.layout;
      const w = L.ledDigitW;
      const h = L.ledDigitH;
      const m = Math.max(1, Math.round(L.s));
      const t = Math.max(2, Math.round(2 * L.s));
      const midY = Math.floor((h - t) / 2);
      const colour = (seg) => (lit.includes(seg) ? LED_ON : LED_OFF);
      const left = x + m;
      const right = x + w - m - t;
      const spanW = w - 2 * m;
      const upperH = midY - m + Math.ceil(t / 2);
      const lowerTop = y + midY + Math.floor(t / 2);
      const lowerH = h - m - midY - Math.floor(t / 2);
      this.hSegment(colour("a"), left, y + m, spanW, t, "down");
      this.hSegment(colour("g"), left, y + midY, spanW, t, "both");
      this.hSegment(colour("d"), left, y + h - m - t, spanW, t, "up");
      this.vSegment(colour("f"), left, y + m, upperH, t, "right");
      this.vSegment(colour("b"), right, y + m, upperH, t, "left");
      this.vSegment(colour("e"), left, lowerTop, lowerH, t, "right");
      this.vSegment(colour("c"), right, lowerTop, lowerH, t, "left");
    }

    /** A horizontal segment whose ends are tapered towards `towards`, one row at a time. */
    /** Extra px between the mitred ends of neighbouring segments (none at the smallest size). */
    get ledGap() {
      return Math.max(0, Math.round(this.layout.s) - 1);
    }

    hSegment(colour, x, y, w, t, towards) {
      for (let k = 0; k < t; k++) {
        let inset;
        if (towards === "down") inset = k;
        else if (towards === "up") inset = t - 1 - k;
        else inset = Math.abs(2 * k - (t - 1)) >> 1;
        inset += 1 + this.ledGap;
        this.paint.rect(colour, x + inset, y + k, w - 2 * inset, 1);
      }
    }

    vSegment(colour, x, y, h, t, towards) {
      for (let k = 0; k < t; k++) {
        const inset = (towards === "right" ? k : t - 1 - k) + 1 + this.ledGap;
        this.paint.rect(colour, x + k, y + inset, 1, h - 2 * inset);
      }
    }

    /** The smiley button: "smile", "oh" (mouse down on a cell), "cool" (won), "dead" (lost). */
    drawFace(game, view) {
      const p = this.paint;
      const box = this.layout.face;
      const s = box.w / 26;
      const b = Math.max(2, Math.round(2 * s));
      p.rect(DARK, box.x, box.y, box.w, box.h);
      const inner = { x: box.x + 1, y: box.y + 1, w: box.w - 2, h: box.h - 2 };
      p.rect(GREY, inner.x, inner.y, inner.w, inner.h);
      let shift = 0;
      if (view.facePressed) {
        p.rect(DARK, inner.x, inner.y, inner.w, 1);
        p.rect(DARK, inner.x, inner.y, 1, inner.h);
        shift = 1;
      } else {
        p.raised(inner.x, inner.y, inner.w, inner.h, b);
      }
      let mood = "smile";
      if (game.status === "won") mood = "cool";
      else if (game.status === "lost") mood = "dead";
      else if (view.pressed.size > 0) mood = "oh";
      p.shaded(box.x + shift, box.y + shift, box.w, box.h, (u, v) => faceShade(u / s, v / s, mood));
    }
  }

  /** Colour of the face at (u, v) in a 26-unit box, or null where the button shows. */
  function faceShade(u, v, mood) {
    const cx = 13;
    const cy = 13;
    const dx = u - cx;
    const dy = v - cy;
    const r = Math.hypot(dx, dy);
    if (r > 8.6) return null;
    if (r > 7.6) return BLACK;
    const feature = faceFeature(dx, dy, mood);
    return feature || YELLOW;
  }

  function faceFeature(dx, dy, mood) {
    const inBox = (x0, y0, x1, y1) => dx >= x0 && dx < x1 && dy >= y0 && dy < y1;
    if (mood === "cool") {
      if (inBox(-6, -4, -1, -1.5) || inBox(1, -4, 6, -1.5) || inBox(-1, -4, 1, -3)) return BLACK;
      if (inBox(-7, -4, 7, -3)) return BLACK;
    } else if (mood === "dead") {
      for (const ex of [-3.5, 3.5]) {
        const ux = dx - ex;
        const uy = dy + 3;
        if (Math.abs(ux) <= 2 && Math.abs(uy) <= 2 && Math.abs(Math.abs(ux) - Math.abs(uy)) < 0.8) {
          return BLACK;
        }
      }
    } else if (mood === "oh") {
      if (Math.hypot(dx + 3, dy + 3) < 1.6 || Math.hypot(dx - 3, dy + 3) < 1.6) return BLACK;
    } else if (inBox(-4, -4, -2, -2) || inBox(2, -4, 4, -2)) {
      return BLACK;
    }
    const mouth = Math.hypot(dx, dy - (mood === "dead" ? 6.5 : 0));
    if (mood === "oh") return Math.abs(Math.hypot(dx, dy - 3.5) - 1.8) < 0.7 ? BLACK : null;
    if (mood === "dead") return dy >= 2 && dy < 4.5 && Math.abs(mouth - 4.2) < 0.6 ? BLACK : null;
    return dy > 1.5 && Math.abs(mouth - 4.7) < 0.65 ? BLACK : null;
  }

  // ---------------------------------------------------------------- input

  class Controller {
    constructor(canvas, config) {
      this.canvas = canvas;
      this.config = config;
      this.renderer = new Renderer(canvas, config);
      this.view = { pressed: new Set(), facePressed: false, now: performance.now() };
      this.mode = null; // null | "open" | "chord" | "face"
      this.cellUnder = null;
      this.newGame();
      canvas.addEventListener("mousedown", (event) => this.onDown(event));
      window.addEventListener("mousemove", (event) => this.onMove(event));
      window.addEventListener("mouseup", (event) => this.onUp(event));
      canvas.addEventListener("contextmenu", (event) => event.preventDefault());
      window.addEventListener("keydown", (event) => this.onKey(event));
      window.setInterval(() => this.tick(), 200);
    }

    newGame() {
      const seed = this.config.seed === null ? randomSeed() : this.config.seed;
      this.game = new Game(this.config, seed);
      this.mode = null;
      this.view.pressed.clear();
      this.view.facePressed = false;
      this.redraw();
    }

    /** Draw the current state at the next animation frame (once, however many events). */
    redraw() {
      if (this.frameRequested) return;
      this.frameRequested = true;
      requestAnimationFrame(() => {
        this.frameRequested = false;
        this.view.now = performance.now();
        this.renderer.drawAll(this.game, this.view);
      });
    }

    tick() {
      if (this.game.startedAt !== null && !this.game.over) {
        this.view.now = performance.now();
        this.renderer.drawHeader(this.game, this.view);
      }
    }

    /** Canvas pixel position of a mouse event. */
    point(event) {
      const box = this.canvas.getBoundingClientRect();
      const scaleX = this.canvas.width / box.width;
      const scaleY = this.canvas.height / box.height;
      return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
    }

    cellAt(point) {
      const L = this.renderer.layout;
      const col = Math.floor((point.x - L.cells.x) / L.cell);
      const row = Math.floor((point.y - L.cells.y) / L.cell);
      if (col < 0 || row < 0 || col >= this.config.width || row >= this.config.height) return null;
      return row * this.config.width + col;
    }

    onFace(point) {
      const f = this.renderer.layout.face;
      return point.x >= f.x && point.x < f.x + f.w && point.y >= f.y && point.y < f.y + f.h;
    }

    onDown(event) {
      event.preventDefault();
      const point = this.point(event);
      if (event.button === 0 && this.onFace(point)) {
        this.mode = "face";
        this.view.facePressed = true;
        this.redraw();
        return;
      }
      if (this.game.over) return;
      const cell = this.cellAt(point);
      const bothButtons = (event.buttons & 3) === 3;
      if (event.button === 2 && !bothButtons) {
        if (cell !== null && this.game.toggleFlag(cell)) this.redraw();
        return;
      }
      if (event.button === 1 || bothButtons) this.mode = "chord";
      else if (event.button === 0) this.mode = "open";
      else return;
      this.cellUnder = cell;
      this.updatePressed();
    }

    onMove(event) {
      if (this.mode === null) return;
      const point = this.point(event);
      if (this.mode === "face") {
        const inside = this.onFace(point);
        if (inside !== this.view.facePressed) {
          this.view.facePressed = inside;
          this.redraw();
        }
        return;
      }
      const cell = this.cellAt(point);
      if (cell !== this.cellUnder) {
        this.cellUnder = cell;
        this.updatePressed();
      }
    }

    onUp(event) {
      if (this.mode === null) return;
      const point = this.point(event);
      const mode = this.mode;
      if (mode === "face") {
        this.mode = null;
        this.view.facePressed = false;
        if (this.onFace(point)) this.newGame();
        else this.redraw();
        return;
      }
      // A chord ends when the last button of the chord is released.
      if (mode === "chord" && (event.buttons & 7) !== 0) return;
      this.mode = null;
      this.view.pressed.clear();
      const cell = this.cellAt(point);
      const now = performance.now();
      if (cell !== null && !this.game.over) {
        if (mode === "chord" || this.game.cover[cell] === OPEN) this.game.chord(cell, now);
        else this.game.open(cell, now);
      }
      this.redraw();
    }

    onKey(event) {
      if (event.key === "F2") {
        event.preventDefault();
        this.newGame();
      }
    }

    /** Show the cells under a held button as pressed (one cell, or 3x3 when chording). */
    updatePressed() {
      const pressed = this.view.pressed;
      pressed.clear();
      const cell = this.cellUnder;
      if (cell !== null && !this.game.over) {
        pressed.add(cell);
        if (this.mode === "chord") {
          for (const n of neighbours(this.config.width, this.config.height, cell)) pressed.add(n);
        }
      }
      this.redraw();
    }

    state() {
      const game = this.game;
      const L = this.renderer.layout;
      return {
        board: game.boardText(),
        status: game.status,
        mines: game.minesText(),
        width: this.config.width,
        height: this.config.height,
        mineCount: this.config.mines,
        rules: this.config.rules,
        seed: game.seed,
        cell: this.config.cell,
        error: null,
        layout: {
          canvasWidth: L.canvasW, canvasHeight: L.canvasH, cellsLeft: L.cells.x,
          cellsTop: L.cells.y, face: { ...L.face },
        },
      };
    }
  }

  // ---------------------------------------------------------------- start

  function showError(message) {
    const box = document.getElementById("error");
    box.textContent = `This game cannot start:\n${message}`;
    box.hidden = false;
    document.getElementById("game").hidden = true;
    document.title = "Minesweeper: bad parameters";
  }

  function main() {
    let controller = null;
    let error = null;
    try {
      const config = readConfig(window.location.search);
      controller = new Controller(document.getElementById("game"), config);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      showError(error);
    }
    const state = () => (controller ? controller.state() : { status: "error", error });
    Object.defineProperty(window, "__state", { value: Object.freeze(state), writable: false });
  }

  main();
})();
