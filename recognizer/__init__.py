"""The recognizer: finds the board in a screenshot and reads every cell and the game state."""
