from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Optional


@dataclass
class Job:
    name: str
    every: timedelta
    created: datetime
    last_run: Optional[datetime] = None
    runs: int = field(default=0)

    def next_run(self):
        if self.last_run is None:
            return self.created
        return self.created + self.every

    def mark_ran(self, when):
        self.last_run = when
        self.runs += 1
