import csv
import io
from dataclasses import dataclass
from typing import Optional


@dataclass
class Person:
    id: str
    name: str
    title: str
    manager_id: Optional[str] = None


class Directory:
    def __init__(self, people=()):
        self._by_id = {p.id: p for p in people}

    @classmethod
    def from_csv(cls, text):
        rows = csv.DictReader(io.StringIO(text))
        return cls(Person(r["id"], r["name"], r["title"], r["manager_id"] or None) for r in rows)

    def get(self, person_id):
        return self._by_id.get(person_id)

    def reports_of(self, person_id):
        return sorted(p.name for p in self._by_id.values() if p.manager_id == person_id)

    def chain_of_command(self, person_id):
        """Names from the person's manager up to the top of the organisation."""
        chain = []
        person = self._by_id[person_id]
        while person.manager_id:
            person = self._by_id.get(person.manager_id)
            chain.append(person.name)
        return chain
