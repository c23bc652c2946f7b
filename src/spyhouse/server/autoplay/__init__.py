"""Bot seats: a task per table that plays its bots beside the requests (:mod:`.tasks`),
thinking off the event loop in a process pool (:mod:`.thinking`), the sweep that wakes
bots left to act after a crash (:mod:`.resume`), and the strongest level a table's clock
allows (:mod:`.levels`)."""
