from .job import Job
from .scheduler import Scheduler

__all__ = ["Job", "Scheduler"]
