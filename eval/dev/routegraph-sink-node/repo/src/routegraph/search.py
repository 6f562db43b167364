from collections import deque


def shortest_path(graph, start, goal):
    """Fewest-hops path from start to goal, or None when goal is unreachable."""
    if start not in graph or goal not in graph:
        raise ValueError(f"unknown node: {start if start not in graph else goal}")
    previous = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = previous[node]
            return path[::-1]
        for nxt in graph.neighbours(node):
            if nxt not in previous:
                previous[nxt] = node
                queue.append(nxt)
    return None


def reachable(graph, start):
    seen = {start}
    stack = [start]
    while stack:
        for nxt in graph.neighbours(stack.pop()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
