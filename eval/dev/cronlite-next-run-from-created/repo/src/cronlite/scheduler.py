class Scheduler:
    def __init__(self, jobs=()):
        self.jobs = {job.name: job for job in jobs}

    def due(self, now):
        return sorted(name for name, job in self.jobs.items() if job.next_run() <= now)

    def tick(self, now, run):
        """Run every due job once; returns the names that ran."""
        ran = []
        for name in self.due(now):
            run(name)
            self.jobs[name].mark_ran(now)
            ran.append(name)
        return ran
