"""Guards at the crashing statement: None, missing keys, bad indices, zero divisors, empty sequences."""
from __future__ import annotations

import ast
import difflib
import re

from agent.python.templates.common import attempt, guard_variants
from agent.python.templates.locate import Scope
from agent.python.templates.source import Edit, header_nodes, paren

STR_METHODS = {"upper", "lower", "strip", "lstrip", "rstrip", "split", "startswith", "endswith", "replace",
               "format", "encode", "title", "splitlines", "casefold", "isdigit", "find", "partition"}
LIST_METHODS = {"append", "extend", "insert", "sort", "reverse", "index", "count", "pop", "remove"}
DICT_METHODS = {"items", "keys", "values", "get", "update", "setdefault"}
ITER_CALLS = {"list", "tuple", "set", "sorted", "sum", "max", "min", "len", "enumerate", "zip", "iter", "any",
              "all", "reversed", "dict", "frozenset", "map", "filter"}


def usage_default(sf, node: ast.AST) -> str | None:
    """A neutral value for `node` judged from how the surrounding code uses it."""
    p = sf.parent(node)
    if isinstance(p, ast.BinOp):
        other = p.right if p.left is node else p.left
        if isinstance(other, ast.Constant) and isinstance(other.value, str) or isinstance(other, ast.JoinedStr):
            return '""'
        if isinstance(other, (ast.List, ast.ListComp)):
            return "[]"
        return "0"
    if isinstance(p, ast.AugAssign):
        return "0"
    if isinstance(p, ast.UnaryOp) and isinstance(p.op, ast.USub):
        return "0"
    if isinstance(p, ast.Compare):
        others = [p.left] + list(p.comparators)
        for o in others:
            if o is not node and isinstance(o, ast.Constant):
                if isinstance(o.value, bool):
                    return "False"
                if isinstance(o.value, (int, float)):
                    return "0"
                if isinstance(o.value, str):
                    return '""'
        if any(isinstance(op, (ast.In, ast.NotIn)) for op in p.ops) and node in p.comparators:
            return "[]"
    if isinstance(p, (ast.For, ast.AsyncFor, ast.comprehension)) and p.iter is node:
        return "[]"
    if isinstance(p, ast.Call) and node in p.args and isinstance(p.func, ast.Name):
        if p.func.id in ("int", "float", "abs", "round", "range"):
            return "0"
        if p.func.id in ITER_CALLS:
            return "[]"
        if p.func.id == "str":
            return '""'
    if isinstance(p, ast.Attribute) and p.value is node:
        if p.attr in STR_METHODS:
            return '""'
        if p.attr in LIST_METHODS:
            return "[]"
        if p.attr in DICT_METHODS:
            return "{}"
    if isinstance(p, ast.FormattedValue):
        return '""'
    if isinstance(p, ast.Subscript) and p.value is node:
        return "{}" if not isinstance(p.slice, (ast.Constant,)) or isinstance(p.slice.value, str) else "[]"
    return None


def _stable(node: ast.AST) -> bool:
    """Cheap to evaluate twice, no side effects."""
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            if not (isinstance(n.func, ast.Name) and n.func.id in ("len", "abs")):
                return False
        if isinstance(n, (ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom, ast.Lambda)):
            return False
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return False
    return True


def _comp_bound(sf, node: ast.AST):
    """The comprehension generator that binds the root name of `node`, if any."""
    root = node
    while isinstance(root, (ast.Attribute, ast.Subscript)):
        root = root.value
    if not isinstance(root, ast.Name):
        return None
    for a in sf.ancestors(node):
        if isinstance(a, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            for g in a.generators:
                if any(isinstance(t, ast.Name) and t.id == root.id for t in ast.walk(g.target)):
                    return g
        if isinstance(a, ast.stmt):
            return None
    return None


def _crash_nodes(scope: Scope):
    stmt = scope.stmt
    if stmt is None:
        return []
    nodes = header_nodes(stmt)
    def covers(n):
        if isinstance(n, ast.comprehension):
            n = n.iter
        return hasattr(n, "lineno") and n.lineno <= scope.line <= (n.end_lineno or n.lineno)
    on_line = [n for n in nodes if covers(n)]
    return on_line or nodes


def _value_bonus(ctx, src: str, want: str) -> float:
    v = ctx.values.get(src)
    if v is None:
        return 0.0
    return 8.0 if v.strip() == want else -6.0


# ---------------------------------------------------------------------------------------------- None
def none_guard(em, scope: Scope) -> None:
    ctx, sf = em.ctx, scope.sf
    msg = ctx.message
    if "NoneType" not in msg and not any(v.strip() == "None" for v in ctx.values.values()):
        return
    stmt = scope.stmt
    if stmt is None:
        return
    nodes = _crash_nodes(scope)
    suspects: list[tuple[ast.AST, float, str | None]] = []   # (expr that is None, evidence, neutral value)
    m = re.search(r"has no attribute '(\w+)'", msg)
    for n in nodes:
        if isinstance(n, ast.Attribute) and m and n.attr == m.group(1):
            suspects.append((n.value, 4.0, None))
        elif isinstance(n, ast.Subscript) and "subscriptable" in msg:
            suspects.append((n.value, 4.0, None))
        elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)) and "iterable" in msg:
            suspects.append((n.iter, 4.0, "[]"))
        elif isinstance(n, ast.Call) and "not callable" in msg:
            # a module-level function name that is None was rebound (a decorator without `return`):
            # guarding the call hides that
            defined = isinstance(n.func, ast.Name) and any(
                isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and st.name == n.func.id
                for st in sf.tree.body)
            suspects.append((n.func, -3.0 if defined else 3.0, None))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ITER_CALLS and n.args \
                and ("len()" in msg or "iterable" in msg):
            suspects.append((n.args[0], 4.0, "[]"))
        elif isinstance(n, ast.Compare) and "iterable" in msg and any(isinstance(o, (ast.In, ast.NotIn)) for o in n.ops):
            suspects.append((n.comparators[0], 3.0, "[]"))
        elif isinstance(n, ast.BinOp) and "operand" in msg:
            mm = re.search(r"'(\w+)' and '(\w+)'", msg)
            if mm:
                if mm.group(1) == "NoneType":
                    suspects.append((n.left, 3.0, "0" if mm.group(2) in ("int", "float") else None))
                if mm.group(2) == "NoneType":
                    suspects.append((n.right, 3.0, "0" if mm.group(1) in ("int", "float") else None))
        elif isinstance(n, ast.Compare) and "not supported between" in msg:
            for o in [n.left] + list(n.comparators):
                suspects.append((o, 1.0, None))
    if isinstance(stmt, (ast.For, ast.AsyncFor)) and "iterable" in msg:
        suspects.append((stmt.iter, 4.0, "[]"))
    if isinstance(stmt, ast.AugAssign) and "operand" in msg:
        suspects.append((stmt.target, 2.0, "0"))
        suspects.append((stmt.value, 2.0, "0"))
    if isinstance(stmt, (ast.Assign,)) and "cannot unpack" in msg:
        suspects.append((stmt.value, 4.0, None))
    if not suspects and "NoneType" in msg:
        # a library call rejected None: suspect the plain arguments of calls on the line
        for n in nodes:
            if isinstance(n, ast.Call):
                for a in n.args:
                    if isinstance(a, (ast.Name, ast.Attribute, ast.Subscript)):
                        suspects.append((a, -2.0, None))
    for n in nodes:   # pdb saw a None here
        if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(getattr(n, "ctx", None), ast.Load):
            if ctx.values.get(sf.src(n), "").strip() == "None":
                suspects.append((n, 2.0, None))
    done: set[str] = set()
    for expr, ev, neutral in suspects:
        src = sf.src(expr)
        if src in done:
            continue
        done.add(src)
        ev += _value_bonus(ctx, src, "None")
        neutral = neutral or usage_default(sf, expr)
        what = f"guard None ({src})"
        if neutral is not None and (neutral in ("[]", '""', "0", "{}")):
            # `x or []` inline: keeps the statement, neutral value instead of None
            s, e = sf.span(expr)
            em.add(scope, scope.line, [Edit(s, e, f"({src} or {neutral})")], "none_guard",
                   f"{what}: use {neutral} when {src} is None", ev - 0.5)
        g = _comp_bound(sf, expr)
        if g is not None:
            anchor = g.ifs[-1] if g.ifs else g.iter
            _, e = sf.span(anchor)
            em.add(scope, scope.line, [Edit(e, e, f" if {src} is not None")], "none_guard",
                   f"{what}: skip None items in the comprehension", ev + 0.5)
            continue
        if not _stable(expr):
            continue
        guard_variants(em, scope, stmt, f"{src} is None", f"{src} is not None", "none_guard", what, ev,
                       hint=usage_default(sf, stmt.value) if isinstance(stmt, ast.Return) and stmt.value else None,
                       line=scope.line, none_first=True)


# ------------------------------------------------------------------------------------------ KeyError
def _strip_quotes(s: str) -> str:
    s = s.strip()
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"":
        return s[1:-1]
    return s


def key_get(em, scope: Scope) -> None:
    ctx, sf = em.ctx, scope.sf
    stmt = scope.stmt
    if stmt is None:
        return
    key_msg = _strip_quotes(ctx.message)
    for n in _crash_nodes(scope):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "pop" \
                and len(n.args) == 1 and not n.keywords:
            s, e = sf.span(n)
            a = n.args[0]
            _, ae = sf.span(a)
            em.add(scope, n.lineno, [Edit(ae, ae, ", None")], "key_get",
                   f"missing key: pop({sf.src(a)}, None)", 1.0)
        if not isinstance(n, ast.Subscript) or isinstance(n.slice, ast.Slice):
            continue
        if isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, int) and not isinstance(n.slice.value, bool):
            continue    # list index, not a key
        obj, key = sf.src(n.value), sf.src(n.slice)
        ev = 0.0
        if isinstance(n.slice, ast.Constant) and str(n.slice.value) == key_msg:
            ev += 8.0
        elif _strip_quotes(ctx.values.get(key, "\0")) == key_msg:
            ev += 8.0
        elif isinstance(n.slice, ast.Constant):
            ev -= 6.0
        what = f"missing key {key} in {obj}"
        p = sf.parent(n)
        s, e = sf.span(n)
        if isinstance(n.ctx, ast.Load):
            # d[k].append(x) -> d.setdefault(k, []).append(x)
            if isinstance(p, ast.Attribute) and p.value is n and p.attr in ("append", "extend", "add", "update", "insert"):
                empty = {"append": "[]", "extend": "[]", "insert": "[]", "add": "set()", "update": "{}"}[p.attr]
                em.add(scope, n.lineno, [Edit(s, e, f"{paren(obj, n.value)}.setdefault({key}, {empty})")],
                       "key_get", f"{what}: setdefault({key}, {empty})", ev + 2.0)
            elif isinstance(p, ast.Subscript) and p.value is n and isinstance(p.ctx, ast.Store):
                em.add(scope, n.lineno, [Edit(s, e, f"{paren(obj, n.value)}.setdefault({key}, {{}})")],
                       "key_get", f"{what}: setdefault({key}, {{}})", ev + 2.0)
            default = usage_default(sf, n)
            if default is not None and default != "None":
                em.add(scope, n.lineno, [Edit(s, e, f"{paren(obj, n.value)}.get({key}, {default})")],
                       "key_get", f"{what}: .get({key}, {default})", ev + 1.0)
            em.add(scope, n.lineno, [Edit(s, e, f"{paren(obj, n.value)}.get({key})")],
                   "key_get", f"{what}: .get({key})", ev)
        elif isinstance(n.ctx, ast.Store) and isinstance(p, ast.AugAssign) and p.target is n:
            v = p.value
            default = "0"
            if isinstance(v, ast.Constant) and isinstance(v.value, str) or isinstance(v, ast.JoinedStr):
                default = '""'
            elif isinstance(v, (ast.List, ast.ListComp)):
                default = "[]"
            elif isinstance(v, ast.Constant) and isinstance(v.value, float):
                default = "0.0"
            op = _binop_symbol(p.op)
            ps, pe = sf.span(p)
            em.add(scope, n.lineno,
                   [Edit(ps, pe, f"{sf.src(n)} = {paren(obj, n.value)}.get({key}, {default}) {op} {paren(sf.src(v), v)}")],
                   "key_get", f"{what}: start from {default}", ev + 2.0)
        elif isinstance(n.ctx, ast.Del) and isinstance(p, ast.Delete) and len(p.targets) == 1:
            ps, pe = sf.span(p)
            em.add(scope, n.lineno, [Edit(ps, pe, f"{paren(obj, n.value)}.pop({key}, None)")], "key_get",
                   f"{what}: pop instead of del", ev + 1.0)
        if _stable(n.slice) and _stable(n.value):
            guard_variants(em, scope, stmt, f"{key} not in {obj}", f"{key} in {obj}", "key_guard", what, ev,
                           line=scope.line)


def key_typo(em, scope: Scope) -> None:
    """KeyError on a literal key that is a near miss of a key the code uses elsewhere ("nmae" vs "name")."""
    ctx, sf = em.ctx, scope.sf
    missing = _strip_quotes(ctx.message)
    if not missing or scope.line is None:
        return
    known: set[str] = set()
    for n in ast.walk(sf.tree):
        if isinstance(n, ast.Dict):
            known.update(k.value for k in n.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
        elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str):
            known.add(n.slice.value)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("get", "pop", "setdefault") \
                and n.args and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
            known.add(n.args[0].value)
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "dict":
            known.update(k.arg for k in n.keywords if k.arg)
    known.discard(missing)
    close = difflib.get_close_matches(missing, sorted(known), n=3, cutoff=0.7)
    if not close:
        return
    stmt = scope.stmt
    for n in (header_nodes(stmt) if stmt is not None else []):
        if isinstance(n, ast.Constant) and n.value == missing and n.lineno <= scope.line <= n.end_lineno:
            s, e = sf.span(n)
            q = sf.text[s]
            if q not in "'\"" or sf.text[e - 1] != q or sf.text[s:s + 3] in ('"""', "'''"):
                continue
            for i, alt in enumerate(close):
                em.add(scope, n.lineno, [Edit(s, e, q + alt + q)], "key_typo", f"key {q}{missing}{q} -> {q}{alt}{q}",
                       10.0 - i)


def _binop_symbol(op) -> str:
    return {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
            ast.Pow: "**", ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^", ast.LShift: "<<",
            ast.RShift: ">>", ast.MatMult: "@"}[type(op)]


# ---------------------------------------------------------------------------------------- IndexError
def index_guard(em, scope: Scope) -> None:
    ctx, sf = em.ctx, scope.sf
    stmt = scope.stmt
    if stmt is None:
        return
    for n in _crash_nodes(scope):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "pop" \
                and "pop" in ctx.message and _stable(n.func.value):
            obj = sf.src(n.func.value)
            guard_variants(em, scope, stmt, f"not {obj}", obj, "empty_guard", f"empty {obj}", 2.0, line=scope.line)
        if not isinstance(n, ast.Subscript) or not isinstance(n.ctx, ast.Load) or isinstance(n.slice, ast.Slice):
            continue
        if isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str):
            continue
        obj, idx = sf.src(n.value), sf.src(n.slice)
        if not (_stable(n.value) and _stable(n.slice)):
            continue
        what = f"index {idx} out of range for {obj}"
        ev = 0.0
        # indexing a str yields a str: the neutral value past its end is ""
        elem = '""' if re.search(r"\bstring index\b", ctx.message) else None
        if isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, int) or (
                isinstance(n.slice, ast.UnaryOp) and isinstance(n.slice.operand, ast.Constant)):
            val = n.slice.value if isinstance(n.slice, ast.Constant) else -n.slice.operand.value
            if val in (0, -1):
                guard_variants(em, scope, stmt, f"not {obj}", obj, "index_guard", f"empty {obj}", ev + 1.0,
                               line=scope.line, hint=elem)
                _index_default(em, scope, n, obj, elem)
                continue
            cond, neg = f"len({obj}) <= {abs(val) if val >= 0 else abs(val) - 1}", f"len({obj}) > {val if val >= 0 else abs(val) - 1}"
        else:
            cond, neg = f"{paren(idx, n.slice)} >= len({obj})", f"{paren(idx, n.slice)} < len({obj})"
        guard_variants(em, scope, stmt, cond, neg, "index_guard", what, ev, line=scope.line, hint=elem)
        _index_default(em, scope, n, neg, elem)
        s, e = sf.span(n.slice)
        em.add(scope, n.lineno, [Edit(s, e, f"min({idx}, len({obj}) - 1)")], "index_guard",
               f"{what}: clamp the index", ev - 2.5)


STR_RESULT = {"strip", "lstrip", "rstrip", "lower", "upper", "title", "casefold", "replace", "format", "capitalize",
              "zfill", "center", "ljust", "rjust", "removeprefix", "removesuffix", "decode"}


def _index_default(em, scope: Scope, sub: ast.Subscript, ok: str, elem: str | None) -> None:
    """`row[3].strip()` -> `row[3].strip() if len(row) > 3 else ""`: an optional trailing field gets a default.

    The value the statement computes from the subscript is kept when the index exists and replaced by a
    neutral value of the same type otherwise (short CSV rows, optional path parts, peeking past the end)."""
    sf, stmt = scope.sf, scope.stmt
    if not isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Return)) or stmt.value is None:
        return
    root = sub
    while True:
        p = sf.parent(root)
        if p is None or p is stmt or isinstance(p, (ast.stmt, ast.comprehension, ast.Lambda, ast.IfExp)):
            break
        if isinstance(p, (ast.BoolOp, ast.Compare, ast.Tuple, ast.List, ast.Dict, ast.Set)):
            break       # only the value derived from the subscript, not its siblings
        if isinstance(p, ast.Call) and root is not p.func and not (isinstance(p.func, ast.Name) and
                                                                   p.func.id in ("int", "float", "str", "Decimal")):
            break
        root = p
    if sf.parent(root) is not stmt and root is not sub:
        # a nested value: only when the chain reaches the statement's own value
        if not (isinstance(sf.parent(root), (ast.Tuple, ast.List)) and sf.parent(sf.parent(root)) is stmt):
            return
    from agent.python.templates.common import kind_of
    defaults: list[str] = []
    if isinstance(root, ast.Call) and isinstance(root.func, ast.Attribute) and root.func.attr in STR_RESULT:
        defaults.append('""')
    elif root is sub and elem:
        defaults.append(elem)
    else:
        k = kind_of(root)
        if k and k != "None":
            defaults.append(k)
    evidence = 0.5 if defaults else -1.0
    defaults.append("None")
    src = sf.src(root)
    s, e = sf.span(root)
    body = paren(src, root) if not isinstance(root, (ast.BinOp, ast.UnaryOp)) else f"({src})"
    for i, d in enumerate(defaults[:2]):
        em.add(scope, scope.line, [Edit(s, e, f"{body} if {ok} else {d}")], "index_guard",
               f"index {sf.src(sub.slice)} out of range for {sf.src(sub.value)}: {d} unless {ok}",
               evidence - 1.2 * i)


# ------------------------------------------------------------------------------- None from the caller
def _none_params(ctx, crash_sf, func) -> list[str]:
    """Parameters of the crashing function that the evidence says were None at the crash."""
    params = [a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs]
    out = [p for p in params if ctx.values.get(p, "").strip() == "None"]
    msg = ctx.message
    m = re.search(r"'NoneType' object has no attribute '(\w+)'", msg)
    line = ctx.sites[0].line
    stmt = crash_sf.statement_at(line, func)
    if stmt is None:
        return out
    for n in header_nodes(stmt):
        if not (getattr(n, "lineno", 0) <= line <= (getattr(n, "end_lineno", 0) or 0)):
            continue
        base = None
        if m and isinstance(n, ast.Attribute) and n.attr == m.group(1):
            base = n.value
        elif isinstance(n, ast.Subscript) and "'NoneType' object is not subscriptable" in msg:
            base = n.value
        elif isinstance(n, (ast.For, ast.comprehension)) and "'NoneType' object is not iterable" in msg:
            base = n.iter
        if isinstance(base, ast.Name) and base.id in params and base.id not in out:
            out.append(base.id)
    if isinstance(stmt, (ast.For, ast.AsyncFor)) and "'NoneType' object is not iterable" in msg \
            and isinstance(stmt.iter, ast.Name) and stmt.iter.id in params and stmt.iter.id not in out:
        out.append(stmt.iter.id)
    return out


def none_from_caller(em, scope: Scope) -> None:
    """A None reached the crashing function through a parameter: guard where the caller passes it.

    `zone = lookup(code); price = price_for(zone, w)` crashes inside price_for on `zone.base`; the caller
    knows what a missing zone means (`if zone is None: return None`), the callee does not."""
    ctx, sf = em.ctx, scope.sf
    if scope.depth != 1 or scope.stmt is None or em.repo is None or not ctx.sites:
        return
    if "NoneType" not in ctx.message and not any(v.strip() == "None" for v in ctx.values.values()):
        return
    crash = ctx.sites[0]
    csf = em.repo.source(crash.path)
    func = csf.function_at(crash.line) if csf is not None else None
    if func is None or func.name != crash.function:
        return
    names = _none_params(ctx, csf, func)
    if not names:
        return
    params = [a.arg for a in func.args.posonlyargs + func.args.args]
    for call in header_nodes(scope.stmt):
        if not isinstance(call, ast.Call):
            continue
        f = call.func
        cname = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        if cname != func.name and not (func.name == "__init__" and cname and cname[:1].isupper()):
            continue
        pos = params
        if pos and pos[0] in ("self", "cls") and (isinstance(f, ast.Attribute) or func.name == "__init__"):
            pos = pos[1:]
        for name in names:
            arg = None
            if name in pos and pos.index(name) < len(call.args):
                arg = call.args[pos.index(name)]
            for k in call.keywords:
                if k.arg == name:
                    arg = k.value
            if arg is None or isinstance(arg, ast.Starred) or not isinstance(arg, (ast.Name, ast.Attribute)) \
                    or not _stable(arg):
                continue
            src = sf.src(arg)
            guard_variants(em, scope, scope.stmt, f"{src} is None", f"{src} is not None", "none_guard",
                           f"guard None ({src}) before passing it to {func.name}()", 3.0, line=scope.line,
                           none_first=True)


# ---------------------------------------------------------------------------------- ZeroDivisionError
def zero_guard(em, scope: Scope) -> None:
    ctx, sf = em.ctx, scope.sf
    stmt = scope.stmt
    if stmt is None:
        return
    divs = [n for n in _crash_nodes(scope) if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.FloorDiv, ast.Mod))]
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, (ast.Div, ast.FloorDiv, ast.Mod)):
        divs.append(stmt)
    for n in divs:
        d = n.right if isinstance(n, ast.BinOp) else n.value
        dsrc = sf.src(d)
        ev = _value_bonus(ctx, dsrc, "0")
        what = f"zero divisor {dsrc}"
        zero = "0.0" if isinstance(getattr(n, "op", None), ast.Div) else "0"
        if not _stable(d):
            continue
        # divisor is len(xs): guard on the sequence being empty
        if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "len" and len(d.args) == 1:
            seq = sf.src(d.args[0])
            cond, neg = f"not {seq}", seq
        else:
            cond, neg = f"{paren(dsrc, d)} == 0", f"{paren(dsrc, d)} != 0"
        guard_variants(em, scope, stmt, cond, neg, "zero_guard", what, ev, hint=zero, line=scope.line)
        if isinstance(n, ast.BinOp):
            s, e = sf.span(n)
            em.add(scope, n.lineno, [Edit(s, e, f"({sf.src(n)} if {dsrc} else {zero})")], "zero_guard",
                   f"{what}: {zero} when the divisor is zero", ev - 0.5)
            ds, de = sf.span(d)
            em.add(scope, n.lineno, [Edit(ds, de, f"max({dsrc}, 1)")], "zero_guard",
                   f"{what}: divide by at least 1", ev - 2.0)


# ------------------------------------------------------------------------------------- empty sequence
def empty_guard(em, scope: Scope) -> None:
    ctx, sf = em.ctx, scope.sf
    stmt = scope.stmt
    if stmt is None:
        return
    for n in _crash_nodes(scope):
        if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Name):
            continue
        fn = n.func.id
        if fn in ("max", "min") and len(n.args) == 1 and not any(k.arg == "default" for k in n.keywords) \
                and ("empty" in ctx.message or ctx.exc_type.endswith("ValueError")):
            _, e = sf.span(n.args[-1])
            ev = 4.0 if fn in ctx.message else 0.0
            for i, d in enumerate(("0", "None")):
                em.add(scope, n.lineno, [Edit(e, e, f", default={d}")], "empty_guard",
                       f"empty sequence: {fn}(..., default={d})", ev - i)
            arg = n.args[0]
            if _stable(arg):
                a = sf.src(arg)
                guard_variants(em, scope, stmt, f"not {a}", a, "empty_guard", f"empty {a}", ev, line=scope.line)
        elif fn == "next" and len(n.args) == 1 and ctx.exc_type.endswith("StopIteration"):
            _, e = sf.span(n.args[0])
            em.add(scope, n.lineno, [Edit(e, e, ", None")], "empty_guard", "exhausted iterator: next(..., None)", 4.0)
        elif fn in ("mean", "median", "mode", "stdev", "variance") and n.args and _stable(n.args[0]):
            a = sf.src(n.args[0])
            guard_variants(em, scope, stmt, f"not {a}", a, "empty_guard", f"empty {a}", 0.0, line=scope.line)


# ------------------------------------------------------------------------------------- type mismatch
def type_fix(em, scope: Scope) -> None:
    """Wrong-type values: dict used like an object, int iterated, str/int concatenation."""
    ctx, sf = em.ctx, scope.sf
    msg = ctx.message
    nodes = _crash_nodes(scope)
    m = re.search(r"'dict' object has no attribute '(\w+)'", msg)
    if m:
        for n in nodes:
            if isinstance(n, ast.Attribute) and n.attr == m.group(1) and isinstance(n.ctx, ast.Load):
                s, e = sf.span(n)
                obj = paren(sf.src(n.value), n.value)
                p = sf.parent(n)
                if isinstance(p, ast.Call) and p.func is n:
                    continue
                em.add(scope, n.lineno, [Edit(s, e, f'{obj}["{n.attr}"]')], "type_fix",
                       f"dict accessed as an object: {obj}[\"{n.attr}\"]", 2.0)
                em.add(scope, n.lineno, [Edit(s, e, f'{obj}.get("{n.attr}")')], "type_fix",
                       f"dict accessed as an object: {obj}.get(\"{n.attr}\")", 1.0)
    if re.search(r"'(int|float)' object is not iterable", msg):
        for n in nodes:
            it = n.iter if isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)) else None
            if it is not None and not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name)
                                       and it.func.id in ("range", "enumerate", "zip", "reversed", "sorted")):
                s, e = sf.span(it)
                em.add(scope, getattr(it, "lineno", scope.line), [Edit(s, e, f"range({sf.src(it)})")], "type_fix",
                       f"iterating over a number: range({sf.src(it)})", 2.0)
        if isinstance(scope.stmt, (ast.For, ast.AsyncFor)):
            it = scope.stmt.iter
            s, e = sf.span(it)
            em.add(scope, it.lineno, [Edit(s, e, f"range({sf.src(it)})")], "type_fix",
                   f"iterating over a number: range({sf.src(it)})", 2.0)
    concat = re.search(r'can only concatenate str \(not "(\w+)"\) to str', msg)
    operand = re.search(r"unsupported operand type\(s\) for [+\-*/]+=?: '(\w+)' and '(\w+)'", msg)
    if concat or operand:
        for n in nodes:
            if not isinstance(n, ast.BinOp) or not isinstance(n.op, ast.Add):
                continue
            for side in (n.left, n.right):
                if isinstance(side, ast.Constant) or isinstance(side, ast.JoinedStr):
                    continue
                s, e = sf.span(side)
                src = sf.src(side)
                if concat:
                    em.add(scope, n.lineno, [Edit(s, e, f"str({src})")], "type_fix", f"convert {src} with str()", 1.0)
                elif operand and "NoneType" not in operand.groups():
                    left_t, right_t = operand.groups()
                    my_t = left_t if side is n.left else right_t
                    other_t = right_t if side is n.left else left_t
                    if my_t == "str" and other_t in ("int", "float"):
                        em.add(scope, n.lineno, [Edit(s, e, f"{other_t}({src})")], "type_fix",
                               f"convert {src} with {other_t}()", 1.0)
                    elif other_t == "str":
                        em.add(scope, n.lineno, [Edit(s, e, f"str({src})")], "type_fix",
                               f"convert {src} with str()", 0.0)


def run(em, scope: Scope) -> None:
    exc = em.ctx.exc_type.rsplit(".", 1)[-1]
    if exc == "KeyError" and scope.kind in ("crash", "frame"):
        attempt(key_typo, em, scope)
    if scope.kind == "frame":
        attempt(none_from_caller, em, scope)
    if scope.kind != "crash":
        return
    attempt(none_guard, em, scope)
    if exc in ("TypeError", "AttributeError"):
        attempt(type_fix, em, scope)
    if exc == "KeyError":
        attempt(key_get, em, scope)
    if exc == "IndexError":
        attempt(index_guard, em, scope)
    if exc == "ZeroDivisionError":
        attempt(zero_guard, em, scope)
    if exc in ("ValueError", "StopIteration", "ZeroDivisionError", "StatisticsError", "IndexError"):
        attempt(empty_guard, em, scope)
