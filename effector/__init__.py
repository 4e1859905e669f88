"""The effector: screenshots and mouse over HTTP. It knows nothing about Minesweeper."""
