def shape(table):
    rows = len(table)
    cols = len(table[0]) if rows else 0
    if any(len(r) != cols for r in table):
        raise ValueError("ragged table")
    return rows, cols


def transpose(table):
    rows, cols = shape(table)
    out = [[None] * rows for _ in range(rows)]
    for i in range(rows):
        for j in range(cols):
            out[j][i] = table[i][j]
    return out


def column(table, j):
    return [row[j] for row in table]
