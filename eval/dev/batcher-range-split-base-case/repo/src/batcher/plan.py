from dataclasses import dataclass

from .ranges import split_range


@dataclass(frozen=True)
class Plan:
    table: str
    batches: tuple

    def describe(self):
        return f"{self.table}: {len(self.batches)} batches"


def make_plan(table, first_id, last_id, batch_size=1000):
    """Batches covering first_id..last_id inclusive."""
    return Plan(table, tuple(split_range(first_id, last_id + 1, batch_size)))
