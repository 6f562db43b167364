"""Dev cases where the crashing line is not the line to change."""

CASES = []

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="etlsteps-decorator-drops-function",
    project="etlsteps",
    pkg="etlsteps",
    description="Register and run named data-cleaning steps",
    kind="TypeError-None",
    bug="The step() decorator registers the function but does not return it, so every decorated step "
        "name is bound to None and calling one raises TypeError far from the decorator.",
    fix_class="missing-return",
    files={
        "src/etlsteps/__init__.py": '''
            from .registry import REGISTRY, step
            from .runner import run_pipeline
            from . import builtin  # noqa: F401  (registers the built-in steps)

            __all__ = ["REGISTRY", "run_pipeline", "step"]
        ''',
        "src/etlsteps/registry.py": '''
            REGISTRY = {}


            def step(name):
                """Register a row -> row function under `name`."""
                def decorate(fn):
                    if name in REGISTRY:
                        raise ValueError(f"step {name!r} registered twice")
                    REGISTRY[name] = fn
                return decorate
        ''',
        "src/etlsteps/builtin.py": '''
            from .registry import step


            @step("strip")
            def strip_whitespace(row):
                return {k: v.strip() if isinstance(v, str) else v for k, v in row.items()}


            @step("lower-email")
            def lower_email(row):
                if "email" in row:
                    row = {**row, "email": row["email"].lower()}
                return row


            @step("clean-contact")
            def clean_contact(row):
                return lower_email(strip_whitespace(row))
        ''',
        "src/etlsteps/runner.py": '''
            from .registry import REGISTRY


            def run_pipeline(rows, names):
                unknown = [n for n in names if n not in REGISTRY]
                if unknown:
                    raise KeyError(f"unknown steps: {', '.join(unknown)}")
                out = []
                for row in rows:
                    for name in names:
                        row = REGISTRY[name](row)
                    out.append(row)
                return out
        ''',
        "tests/test_steps.py": '''
            import pytest

            from etlsteps import REGISTRY, run_pipeline

            ROWS = [{"name": "  Ada ", "email": " ADA@Example.org"}]


            def test_builtins_registered():
                assert {"strip", "lower-email", "clean-contact"} <= set(REGISTRY)


            def test_unknown_step():
                with pytest.raises(KeyError):
                    run_pipeline(ROWS, ["strip", "nope"])


            def test_two_steps():
                assert run_pipeline(ROWS, ["strip", "lower-email"]) == [{"name": "Ada", "email": "ada@example.org"}]


            def test_composite_step():
                assert run_pipeline(ROWS, ["clean-contact"]) == [{"name": "Ada", "email": "ada@example.org"}]
        ''',
    },
    fix=[("src/etlsteps/registry.py", '''
                    REGISTRY[name] = fn
                return decorate''', '''
                    REGISTRY[name] = fn
                    return fn
                return decorate''')],
    report=dict(
        user="trent", checkout="crm-import", cmd=["python", "import_contacts.py"], wrap="log",
        logger="crm.import", stamp="2026-11-02 10:01:22,413", snippet_name="import_contacts.py",
        show_snippet=False,
        snippet='''
            from etlsteps import run_pipeline

            rows = [{"name": " Grace Hopper ", "email": "GRACE@navy.example "}]
            for row in run_pipeline(rows, ["clean-contact"]):
                print(row)
        ''',
    ),
))

# ---------------------------------------------------------------------------
CASES.append(dict(
    name="gridtools-transpose-wrong-dimension",
    project="gridtools",
    pkg="gridtools",
    description="Small helpers for tables held as lists of rows",
    kind="IndexError",
    bug="transpose allocates the result with range(rows) rows instead of range(cols), so a table with "
        "more columns than rows raises IndexError when the extra columns are written.",
    fix_class="wrong-variable",
    files={
        "src/gridtools/__init__.py": '''
            from .grid import column, shape, transpose
            from .render import render_columns

            __all__ = ["column", "render_columns", "shape", "transpose"]
        ''',
        "src/gridtools/grid.py": '''
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
        ''',
        "src/gridtools/render.py": '''
            from .grid import transpose


            def render_columns(header, records):
                """Records given column-wise (one list per field) rendered as aligned text rows."""
                rows = [header] + transpose(records)
                widths = [max(len(str(r[j])) for r in rows) for j in range(len(header))]
                return "\\n".join("  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows)
        ''',
        "tests/test_grid.py": '''
            import pytest

            from gridtools import column, render_columns, shape, transpose


            def test_shape():
                assert shape([[1, 2, 3], [4, 5, 6]]) == (2, 3)
                with pytest.raises(ValueError):
                    shape([[1], [2, 3]])


            def test_transpose_square():
                assert transpose([[1, 2], [3, 4]]) == [[1, 3], [2, 4]]


            def test_transpose_tall():
                assert transpose([[1], [2], [3]]) == [[1, 2, 3]]


            def test_column():
                assert column([[1, 2], [3, 4]], 1) == [2, 4]


            def test_render_columns():
                text = render_columns(["name", "qty"], [["bolt", "nut", "washer"], [40, 120, 7]])
                assert text.splitlines() == ["name    qty", "bolt    40", "nut     120", "washer  7"]
        ''',
    },
    fix=[("src/gridtools/grid.py", "out = [[None] * rows for _ in range(rows)]",
          "out = [[None] * rows for _ in range(cols)]")],
    report=dict(user="walter", cmd=["python", "-m", "pytest", "-q", "tests/test_grid.py::test_render_columns"]),
))
