"""What the simulator plays on: the in-process game engine (:mod:`.engine`) and the screen
that draws it as the effector would show it (:mod:`.simulated_screen`), and the garbage
collector's pace for a process that plays many games (:mod:`.collector`).

Product, not practice: ``sweeper simulate`` (:mod:`sweeper.coordinator.simulate`) runs the
bot's own play loop on them. The coordinator's ``__init__`` names them for other packages.
"""
