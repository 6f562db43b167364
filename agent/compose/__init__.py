"""The words of a run, composed once: `outcomes.py` (how a run ends, the one table), `findings.py`
(the typed sections of what a run found), `compose.py` (a Result into those sections). The bot frames
them for GitHub; report.md, the dashboard and `simulate --html` show the same words."""
