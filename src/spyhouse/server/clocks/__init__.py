"""Table clocks, one package: the arithmetic on a stored clock (:mod:`.arithmetic`), which
seats' clocks run after a commit (:mod:`.settling`), firing expired deadlines
(:mod:`.firing`) and the host's controls (:mod:`.controls`).

Where "now" comes from is :mod:`spyhouse.now`: the settings carry it, and they sit below
the server.
"""
