class Graph:
    """A directed graph stored as an adjacency dict of source -> [targets]."""

    def __init__(self, edges=()):
        self._adj = {}
        self._nodes = set()
        for src, dst in edges:
            self.add_edge(src, dst)

    def add_edge(self, src, dst):
        self._adj.setdefault(src, []).append(dst)
        self._nodes.update((src, dst))

    def __contains__(self, node):
        return node in self._nodes

    def __len__(self):
        return len(self._nodes)

    def neighbours(self, node):
        return tuple(self._adj[node])

    @classmethod
    def parse(cls, text):
        edges = []
        for line in text.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                src, _, dst = line.partition("->")
                edges.append((src.strip(), dst.strip()))
        return cls(edges)
