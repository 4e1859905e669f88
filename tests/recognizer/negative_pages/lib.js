// Small helpers shared by the negative pages: build a grid of cells in a container.
// grid(container, rows, cols, make): make(r, c, cell) fills each cell (a div).
function grid(container, rows, cols, make) {
  const box = typeof container === "string" ? document.querySelector(container) : container;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      make(r, c, cell);
      box.appendChild(cell);
    }
  }
  return box;
}
// A repeatable pseudo-random sequence, so every render draws the same picture.
function rng(seed) {
  let s = seed >>> 0;
  return function () {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
