"""What the bot writes on an issue: one status comment edited in place for the issue's whole life
(status.py), the run's checklist and outcome in it (checklist.py), and a new comment only when a
person must act: the one question to the reporter of a crash that did not reproduce (question.py).
Failures are put in plain words by bot/conversation/failures.py."""
