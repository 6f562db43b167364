"""The job store and its queue: the `jobs` table is the truth, the queue carries ids."""
