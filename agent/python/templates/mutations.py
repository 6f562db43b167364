"""Small mutations: comparison / arithmetic operators, off-by-one, wrong variable, swapped arguments."""
from __future__ import annotations

import ast
import builtins
import difflib
import re

from agent.python.templates.common import attempt
from agent.python.templates.locate import Scope
from agent.python.templates.source import Edit, header_nodes, paren

CMP_SYM = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
           ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}
CMP_ALT = {ast.Lt: [(ast.LtE, 0), (ast.Gt, -4)], ast.LtE: [(ast.Lt, 0), (ast.GtE, -4)],
           ast.Gt: [(ast.GtE, 0), (ast.Lt, -4)], ast.GtE: [(ast.Gt, 0), (ast.LtE, -4)],
           ast.Eq: [(ast.NotEq, -1)], ast.NotEq: [(ast.Eq, -1)],
           ast.Is: [(ast.Eq, 0), (ast.IsNot, -1)], ast.IsNot: [(ast.NotEq, 0), (ast.Is, -1)],
           ast.In: [(ast.NotIn, -1)], ast.NotIn: [(ast.In, -1)]}
BIN_SYM = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
           ast.Pow: "**"}
BIN_ALT = {ast.Add: [(ast.Sub, 0)], ast.Sub: [(ast.Add, 0)], ast.Mult: [(ast.Div, 0), (ast.Add, -3)],
           ast.Div: [(ast.FloorDiv, 0), (ast.Mult, -0.5)], ast.FloorDiv: [(ast.Div, 0), (ast.Mod, -3)],
           ast.Mod: [(ast.FloorDiv, -2)], ast.Pow: [(ast.Mult, -2)]}
OP_RE = re.compile(r"is\s+not|not\s+in|is|in|and|or|\*\*=?|//=?|<<=?|>>=?|[<>=!]=|[-+*/%@&|^<>]=?")
NO_SWAP = {"print", "max", "min", "range", "isinstance", "issubclass", "getattr", "setattr", "hasattr", "super",
           "zip", "map", "filter", "sorted", "set", "dict", "list", "tuple", "join", "format", "append", "add",
           "update"}


def _op_token(sf, a_end: int, b_start: int):
    seg = sf.text[a_end:b_start]
    if "#" in seg:
        return None
    i = 0
    while i < len(seg) and seg[i] in " \t\r\n\\()":
        i += 1
    m = OP_RE.match(seg, i)
    if not m:
        return None
    return a_end + m.start(), a_end + m.end(), m.group(0)


def _is_str(node) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))


def _int_const(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _int_const(node.operand) is not None:
        return -_int_const(node.operand)
    return None


def plus_minus(sf, node) -> list[tuple[str, str]]:
    """Texts for `node` + 1 and `node` - 1, simplifying existing +-1."""
    v = _int_const(node)
    if v is not None:
        return [(str(v + 1), "+1"), (str(v - 1), "-1")]
    src = sf.src(node)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and _int_const(node.right) == 1:
        base = sf.src(node.left)
        if isinstance(node.op, ast.Add):
            return [(base, "-1"), (f"{base} + 2", "+1")]
        return [(base, "+1"), (f"{base} - 2", "-1")]
    p = paren(src, node) if not isinstance(node, (ast.BinOp,)) else src
    return [(f"{p} + 1", "+1"), (f"{p} - 1", "-1")]


def _nodes(scope: Scope):
    for st in scope.statements():
        for n in header_nodes(st):
            yield st, n


def _names_main(node) -> bool:
    """`__name__ == "__main__"` and its kin: flipping it stops the script from running at all, which
    clears any crash without fixing one."""
    return any(isinstance(x, ast.Name) and x.id == "__name__" for x in ast.walk(node))


def compare_op(em, scope: Scope) -> None:
    sf = scope.sf
    for st, n in _nodes(scope):
        if _names_main(n):
            continue
        if isinstance(n, ast.Compare):
            operands = [n.left] + list(n.comparators)
            for i, op in enumerate(n.ops):
                tok = _op_token(sf, sf.span(operands[i])[1], sf.span(operands[i + 1])[0])
                if tok is None:
                    continue
                s, e, text = tok
                for alt, ev in CMP_ALT.get(type(op), []):
                    if alt in (ast.Eq, ast.NotEq) and type(op) in (ast.Is, ast.IsNot) and \
                            isinstance(n.comparators[i], ast.Constant) and n.comparators[i].value is None:
                        continue
                    em.add(scope, n.lineno, [Edit(s, e, CMP_SYM[alt])], "compare_op",
                           f"comparison `{text}` -> `{CMP_SYM[alt]}` in `{sf.src(n)}`", ev)
        elif isinstance(n, ast.BoolOp):
            edits = []
            for a, b in zip(n.values, n.values[1:]):
                tok = _op_token(sf, sf.span(a)[1], sf.span(b)[0])
                if tok is None or tok[2] not in ("and", "or"):
                    edits = []
                    break
                edits.append(Edit(tok[0], tok[1], "or" if tok[2] == "and" else "and"))
            if edits:
                em.add(scope, n.lineno, edits, "compare_op", f"boolean operator flipped in `{sf.src(n)}`", -2.5)
    for st in scope.statements():
        if (isinstance(st, (ast.If, ast.While)) or isinstance(st, ast.Assert)) and not _names_main(st.test):
            t = st.test
            s, e = sf.span(t)
            if isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not):
                new = sf.src(t.operand)
            else:
                new = f"not {paren(sf.src(t), t) if not isinstance(t, (ast.Compare, ast.BoolOp)) else '(' + sf.src(t) + ')'}"
            if isinstance(st, ast.Assert):
                continue
            em.add(scope, st.lineno, [Edit(s, e, new)], "compare_op", f"negated condition `{sf.src(t)}`", -4.5)


def _division_hint(msg: str) -> dict:
    """`assert 3 == 2.5`: an integer where a fraction was expected hints at `//` for `/`, and the reverse."""
    m = re.match(r"assert (-?[\d.]+) == (-?[\d.]+)\s*$", (msg.splitlines() or [""])[0])
    if not m:
        return {}
    a, b = m.group(1), m.group(2)
    frac = lambda t: "." in t and float(t) != int(float(t))
    if "." not in a and frac(b):
        return {ast.FloorDiv: 3.0}
    if frac(a) and "." not in b:
        return {ast.Div: 3.0}
    return {}


def arith_op(em, scope: Scope) -> None:
    sf = scope.sf
    hint = _division_hint(em.ctx.message) if em.ctx.exc_type == "AssertionError" else {}
    for st, n in _nodes(scope):
        if isinstance(n, ast.BinOp) and type(n.op) in BIN_ALT:
            if _is_str(n.left) or _is_str(n.right):
                continue
            tok = _op_token(sf, sf.span(n.left)[1], sf.span(n.right)[0])
            if tok is None:
                continue
            s, e, text = tok
            for alt, ev in BIN_ALT[type(n.op)]:
                if {type(n.op), alt} == {ast.Div, ast.FloorDiv}:
                    ev += hint.get(type(n.op), 0.0)
                em.add(scope, n.lineno, [Edit(s, e, BIN_SYM[alt])], "arith_op",
                       f"arithmetic `{text}` -> `{BIN_SYM[alt]}` in `{sf.src(n)}`", ev)
            if isinstance(n.op, (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod)):
                ls, le = sf.span(n.left)
                rs, re_ = sf.span(n.right)
                em.add(scope, n.lineno, [Edit(ls, le, sf.src(n.right)), Edit(rs, re_, sf.src(n.left))], "swap_args",
                       f"swapped operands of `{sf.src(n)}`", -1.5)
    for st in scope.statements():
        if isinstance(st, ast.AugAssign) and type(st.op) in BIN_ALT and not _is_str(st.value):
            tok = _op_token(sf, sf.span(st.target)[1], sf.span(st.value)[0])
            if tok is None or not tok[2].endswith("="):
                continue
            s, e, text = tok
            for alt, ev in BIN_ALT[type(st.op)]:
                em.add(scope, st.lineno, [Edit(s, e, BIN_SYM[alt] + "=")], "arith_op",
                       f"arithmetic `{text}` -> `{BIN_SYM[alt]}=`", ev)


def off_by_one(em, scope: Scope) -> None:
    sf = scope.sf
    for st, n in _nodes(scope):
        targets: list[tuple[ast.AST, str, float]] = []
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "range":
            for i, a in enumerate(n.args[:2]):
                targets.append((a, f"range() bound `{sf.src(a)}`", 1.0 if i == len(n.args[:2]) - 1 else 0.0))
        elif isinstance(n, ast.Slice):
            for part, label in ((n.lower, "lower"), (n.upper, "upper")):
                if part is not None:
                    targets.append((part, f"slice {label} bound `{sf.src(part)}`", 0.5))
        elif isinstance(n, ast.Subscript) and not isinstance(n.slice, (ast.Slice, ast.Tuple)):
            if not _is_str(n.slice) and isinstance(n.ctx, (ast.Load, ast.Store)):
                if isinstance(n.slice, (ast.Name, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Call)):
                    if not (isinstance(n.slice, ast.Constant) and not isinstance(n.slice.value, int)):
                        targets.append((n.slice, f"index `{sf.src(n.slice)}`", 0.0))
        elif isinstance(n, ast.Compare):
            for o in [n.left] + list(n.comparators):
                if _int_const(o) is not None:
                    targets.append((o, f"comparison constant `{sf.src(o)}`", -0.5))
                elif isinstance(o, ast.Call) and isinstance(o.func, ast.Name) and o.func.id == "len":
                    targets.append((o, f"length bound `{sf.src(o)}`", -1.0))
        elif isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub)) and _int_const(n.right) == 1:
            s, e = sf.span(n)
            em.add(scope, n.lineno, [Edit(s, e, sf.src(n.left))], "off_by_one",
                   f"off-by-one: drop `{sf.src(n)[len(sf.src(n.left)):].strip()}` in `{sf.src(n)}`", -0.5)
        for node, what, ev in targets:
            s, e = sf.span(node)
            for text, sign in plus_minus(sf, node):
                em.add(scope, node.lineno, [Edit(s, e, text)], "off_by_one", f"off-by-one: {what} {sign}", ev)


# ------------------------------------------------------------------------------------ wrong variable
def _kind_of_repr(r: str | None) -> str | None:
    if r is None:
        return None
    r = r.strip()
    if re.fullmatch(r"-?\d+", r):
        return "int"
    if re.fullmatch(r"-?\d*\.\d+(e-?\d+)?|inf|nan", r):
        return "float"
    if r[:1] in "'\"" or r[:2] in ("b'", 'b"'):
        return "str"
    if r.startswith("["):
        return "list"
    if r.startswith("{"):
        return "dict"
    if r in ("True", "False"):
        return "bool"
    if r == "None":
        return "None"
    return None


def _kind_of_value(node) -> str | None:
    if isinstance(node, ast.Constant):
        return {int: "int", float: "float", str: "str", bool: "bool", type(None): "None"}.get(type(node.value))
    if isinstance(node, (ast.List, ast.ListComp)):
        return "list"
    if isinstance(node, (ast.Dict, ast.DictComp)):
        return "dict"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("len", "int", "sum"):
        return "int"
    return None


def local_names(scope: Scope) -> dict[str, tuple[int, str | None]]:
    """name -> (line first bound, kind guess) for parameters and locals of the scope's function."""
    func = scope.func
    out: dict[str, tuple[int, str | None]] = {}
    if func is None:
        return out
    args = func.args
    for a in args.posonlyargs + args.args + args.kwonlyargs + ([args.vararg] if args.vararg else []) + \
            ([args.kwarg] if args.kwarg else []):
        if a.arg in ("self", "cls"):
            continue
        kind = None
        if a.annotation is not None:
            kind = {"int": "int", "float": "float", "str": "str", "list": "list", "dict": "dict",
                    "bool": "bool"}.get(ast.unparse(a.annotation).split("[")[0])
        out[a.arg] = (func.lineno, kind)
    for st in scope.statements():
        bound = []
        if isinstance(st, ast.Assign):
            for t in st.targets:
                bound += [(n.id, _kind_of_value(st.value) if isinstance(t, ast.Name) else None)
                          for n in ast.walk(t) if isinstance(n, ast.Name)]
        elif isinstance(st, (ast.AugAssign, ast.AnnAssign)) and isinstance(st.target, ast.Name):
            bound.append((st.target.id, _kind_of_value(st.value) if st.value is not None else None))
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            bound += [(n.id, None) for n in ast.walk(st.target) if isinstance(n, ast.Name)]
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for it in st.items:
                if it.optional_vars is not None:
                    bound += [(n.id, None) for n in ast.walk(it.optional_vars) if isinstance(n, ast.Name)]
        for name, kind in bound:
            if name not in out:
                out[name] = (st.lineno, kind)
            elif out[name][1] is None and kind is not None:
                out[name] = (out[name][0], kind)
    return out


def _module_names(sf) -> set[str]:
    names = set()
    for st in sf.tree.body:
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(st.name)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            for a in st.names:
                names.add((a.asname or a.name).split(".")[0])
        elif isinstance(st, ast.Assign):
            names.update(n.id for t in st.targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


def wrong_var(em, scope: Scope) -> None:
    ctx, sf = em.ctx, scope.sf
    pool = local_names(scope)
    exc = ctx.exc_type.rsplit(".", 1)[-1]
    m = re.search(r"name '(\w+)' is not defined", ctx.message) if exc == "NameError" else None
    if m:
        missing = m.group(1)
        universe = set(pool) | _module_names(sf) | set(dir(builtins))
        close = difflib.get_close_matches(missing, sorted(universe), n=4, cutoff=0.6)
        hint = re.search(r"Did you mean:? '?(\w+)'?\??", ctx.message)
        if hint and hint.group(1) not in close:
            close.insert(0, hint.group(1))
        elif hint:
            close.remove(hint.group(1))
            close.insert(0, hint.group(1))
        for st, n in _nodes(scope):
            if isinstance(n, ast.Name) and n.id == missing:
                s, e = sf.span(n)
                for i, alt in enumerate(close):
                    em.add(scope, n.lineno, [Edit(s, e, alt)], "wrong_var",
                           f"undefined name `{missing}` -> `{alt}`", 8.0 - i)
        return
    if not pool:
        return
    kinds = {name: _kind_of_repr(ctx.values.get(name)) or k for name, (_, k) in pool.items()} \
        if scope.kind == "crash" else {name: k for name, (_, k) in pool.items()}
    unbound = re.search(r"local variable '(\w+)'", ctx.message) if exc == "UnboundLocalError" else None
    got = re.match(r"assert (.+?) == (.+?)\s*$", ctx.message.splitlines()[0] if ctx.message else "")
    actual, expected = (got.group(1).strip(), got.group(2).strip()) if got else (None, None)
    for st, n in _nodes(scope):
        if not isinstance(n, ast.Name) or not isinstance(n.ctx, ast.Load) or n.id not in pool:
            continue
        p = sf.parent(n)
        if isinstance(p, ast.Call) and p.func is n:
            continue
        here = n.lineno
        k0 = kinds.get(n.id)
        ranked = []
        siblings = _sibling_names(sf, n)
        guard_names = _guard_names(sf, n)
        for alt, (bound_at, _) in pool.items():
            if alt == n.id or (bound_at >= here and bound_at != getattr(scope.func, "lineno", -1)) or alt in siblings:
                continue
            k1 = kinds.get(alt)
            ev = 0.0
            if k0 and k1:
                ev += 2.0 if k0 == k1 else -3.0
            ev += difflib.SequenceMatcher(None, alt, n.id).ratio() * 1.5 - 0.1 * min(abs(here - bound_at), 20)
            if alt in guard_names and n.id not in guard_names:
                ev += 1.5     # `if x > high: return low` -- the tested variable is the one meant
            if actual is not None and scope.arg_values.get(n.id) == actual and scope.arg_values.get(alt) == expected:
                ev += 6.0     # the function returned one argument where the test expected another
            if unbound and n.id == unbound.group(1):
                ev += 6.0
            ranked.append((ev, alt))
        ranked.sort(reverse=True)
        s, e = sf.span(n)
        for ev, alt in ranked[:5]:
            em.add(scope, here, [Edit(s, e, alt)], "wrong_var", f"variable `{n.id}` -> `{alt}`", ev - 1.0)


def _class_attrs(sf, func) -> dict[str, str | None]:
    """Data attributes of the class that holds method `func`: name -> kind guess."""
    cls = next((a for a in sf.ancestors(func) if isinstance(a, ast.ClassDef)), None)
    if cls is None:
        return {}
    out: dict[str, str | None] = {}
    methods = {m.name for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for st in cls.body:
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            ann = ast.unparse(st.annotation)
            inner = re.fullmatch(r"(?:typing\.)?Optional\[(.+)\]", ann)
            ann = (inner.group(1) if inner else ann).split("[")[0].split(" | ")[0].rsplit(".", 1)[-1]
            out[st.target.id] = ann
        elif isinstance(st, ast.Assign):
            for t in st.targets:
                if isinstance(t, ast.Name):
                    out.setdefault(t.id, _kind_of_value(st.value))
    for n in ast.walk(cls):
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name) \
                and n.value.id == "self":
            p = sf.parent(n)
            kind = _kind_of_value(p.value) if isinstance(p, ast.Assign) else None
            if out.get(n.attr) is None:
                out[n.attr] = kind
    return {k: v for k, v in out.items() if k not in methods}


def _checked_before(sf, stmt, src: str) -> bool:
    """An earlier early-exit `if` in the same block tests `src` (`if self.last_run is None: return ...`)."""
    p = sf.parent(stmt)
    for field in ("body", "orelse"):
        block = getattr(p, field, None)
        if not isinstance(block, list) or not any(b is stmt for b in block):
            continue
        for b in block:
            if b is stmt:
                return False
            if isinstance(b, ast.If) and b.body and isinstance(b.body[-1], (ast.Return, ast.Raise, ast.Continue)) \
                    and any(sf.src(x) == src for x in ast.walk(b.test) if isinstance(x, (ast.Attribute, ast.Name))):
                return True
    return False


def attr_var(em, scope: Scope) -> None:
    """`self.created` where `self.last_run` was meant: another data attribute of the same class and type.

    A None check that exits early (`if self.last_run is None: return ...`) followed by code that never
    reads the checked attribute points at it."""
    sf, func = scope.sf, scope.func
    if func is None or not func.args.args or func.args.args[0].arg != "self":
        return
    attrs = _class_attrs(sf, func)
    if len(attrs) < 2:
        return
    for st, n in _nodes(scope):
        if not (isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name)
                and n.value.id == "self" and n.attr in attrs):
            continue
        p = sf.parent(n)
        if isinstance(p, ast.Call) and p.func is n:
            continue
        used = {x.attr for x in header_nodes(st) if isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name)
                and x.value.id == "self"}
        k0 = attrs[n.attr]
        ranked = []
        for alt, k1 in attrs.items():
            if alt == n.attr or alt in used:
                continue
            ev = 0.0
            if k0 and k1:
                ev += 2.0 if k0 == k1 else -3.0
            if _checked_before(sf, st, f"self.{alt}") and not _checked_before(sf, st, f"self.{n.attr}"):
                ev += 3.0
            ev += difflib.SequenceMatcher(None, alt, n.attr).ratio() * 1.5
            if ev >= 1.0:
                ranked.append((ev, alt))
        ranked.sort(reverse=True)
        _, e = sf.span(n)
        s = e - len(n.attr)
        if sf.text[s:e] != n.attr:
            continue
        for ev, alt in ranked[:3]:
            em.add(scope, n.lineno, [Edit(s, e, alt)], "wrong_var", f"attribute `self.{n.attr}` -> `self.{alt}`",
                   ev - 1.0)


def _range_bound(loop) -> ast.AST | None:
    it = loop.iter
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and not it.keywords:
        if len(it.args) == 1:
            return it.args[0]
        if len(it.args) == 2 and _int_const(it.args[0]) == 0:
            return it.args[1]
    return None


def _dim_sizes(value, depth: int):
    """The expression giving the length of dimension `depth` of a list built by `value`, if evident."""
    for _ in range(depth + 1):
        if value is None:
            return None
        size, elt = None, None
        if isinstance(value, ast.ListComp) and len(value.generators) == 1 and not value.generators[0].ifs:
            size, elt = _range_bound(value.generators[0]), value.elt
        elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult):
            if isinstance(value.left, ast.List) and len(value.left.elts) == 1:
                size, elt = value.right, value.left.elts[0]
            elif isinstance(value.right, ast.List) and len(value.right.elts) == 1:
                size, elt = value.left, value.right.elts[0]
        if depth == 0:
            return size
        depth -= 1
        value = elt
    return None


def size_mismatch(em, scope: Scope) -> None:
    """IndexError writing `out[j][i]` with `j in range(cols)` into a list built with `range(rows)`:
    the allocation (or the loop) uses the other dimension."""
    sf, func, stmt = scope.sf, scope.func, scope.stmt
    if scope.kind != "crash" or func is None or stmt is None:
        return
    allocs: dict[str, ast.AST] = {}
    for st in _own_statements(func):
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name) \
                and st.lineno < stmt.lineno:
            allocs[st.targets[0].id] = st.value
    loops: dict[str, ast.AST] = {}
    for a in sf.ancestors(stmt):
        if isinstance(a, (ast.For, ast.AsyncFor)) and isinstance(a.target, ast.Name):
            b = _range_bound(a)
            if b is not None:
                loops.setdefault(a.target.id, b)
    for n in header_nodes(stmt):
        if not isinstance(n, ast.Subscript) or isinstance(sf.parent(n), ast.Subscript) and sf.parent(n).value is n:
            continue
        chain = []
        base = n
        while isinstance(base, ast.Subscript):
            chain.append(base.slice)
            base = base.value
        if not isinstance(base, ast.Name) or base.id not in allocs:
            continue
        chain.reverse()
        for depth, idx in enumerate(chain):
            if not isinstance(idx, ast.Name) or idx.id not in loops:
                continue
            bound = loops[idx.id]
            size = _dim_sizes(allocs[base.id], depth)
            if size is None or sf.src(size) == sf.src(bound):
                continue
            s, e = sf.span(size)
            em.add(scope, size.lineno, [Edit(s, e, sf.src(bound))], "size_mismatch",
                   f"dimension {depth} of {base.id} sized by `{sf.src(size)}`, indexed up to `{sf.src(bound)}`", 11.5)
            bs, be = sf.span(bound)
            em.add(scope, bound.lineno, [Edit(bs, be, sf.src(size))], "size_mismatch",
                   f"loop over `{idx.id}` bounded by `{sf.src(size)}`, the size of {base.id}", 5.0)


def _own_statements(func) -> list[ast.stmt]:
    out = []
    stack = list(func.body)
    while stack:
        st = stack.pop()
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        out.append(st)
        for field in ("body", "orelse", "finalbody", "handlers"):
            stack.extend(x for x in getattr(st, field, []) or [] if isinstance(x, (ast.stmt, ast.ExceptHandler)))
    return [s for s in out if isinstance(s, ast.stmt)]


def _sibling_names(sf, n) -> set[str]:
    """Names on the other side of the same comparison / operation: replacing with them is degenerate."""
    p = sf.parent(n)
    if isinstance(p, ast.Compare):
        return {o.id for o in [p.left] + list(p.comparators) if isinstance(o, ast.Name)}
    if isinstance(p, ast.BinOp):
        return {o.id for o in (p.left, p.right) if isinstance(o, ast.Name)}
    return set()


def _guard_names(sf, n) -> set[str]:
    """Names in the condition of the innermost `if` whose body holds `n`."""
    child = n
    for a in sf.ancestors(n):
        if isinstance(a, (ast.If, ast.While)) and any(child is b for b in a.body):
            return {x.id for x in ast.walk(a.test) if isinstance(x, ast.Name)}
        if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return set()
        child = a
    return set()


def attr_typo(em, scope: Scope) -> None:
    """`obj.nmae` where the object has `name`: the closest attribute known in the file / the class."""
    ctx, sf = em.ctx, scope.sf
    m = re.search(r"object has no attribute '(\w+)'|module '[\w.]+' has no attribute '(\w+)'", ctx.message)
    if not m or "NoneType" in ctx.message or scope.kind != "crash":
        return
    missing = m.group(1) or m.group(2)
    known: set[str] = set()
    for n in ast.walk(sf.tree):
        if isinstance(n, ast.Attribute) and n.attr != missing:
            known.add(n.attr)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            known.add(n.name)
    cls = re.search(r"'(\w+)' object has no attribute", ctx.message)
    if cls:
        for sf2, f in em.repo_defs(cls.group(1)):
            known.update(x.attr for x in ast.walk(f) if isinstance(x, ast.Attribute))
            known.update(x.name for x in ast.walk(f) if isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef)))
    close = difflib.get_close_matches(missing, sorted(known), n=3, cutoff=0.6)
    hint = re.search(r"Did you mean:? '?(\w+)'?\??", ctx.message)
    if hint:
        close = [hint.group(1)] + [c for c in close if c != hint.group(1)]
    for st, n in _nodes(scope):
        if isinstance(n, ast.Attribute) and n.attr == missing:
            _, e = sf.span(n)
            s = e - len(missing)
            if sf.text[s:e] != missing:
                continue
            for i, alt in enumerate(close):
                em.add(scope, n.lineno, [Edit(s, e, alt)], "attr_typo", f"attribute `{missing}` -> `{alt}`",
                       (8.0 if hint and alt == hint.group(1) else 0.0) - i)


def arity(em, scope: Scope) -> None:
    """TypeError on a call's arguments: give the missing parameter a default, drop an unknown keyword."""
    ctx, sf = em.ctx, scope.sf
    if scope.kind != "crash" or scope.stmt is None or em.repo is None:
        return
    msg = ctx.message
    m = re.match(r"([\w.]+)\(\) missing \d+ required (?:positional|keyword-only) arguments?: (.+)$", msg)
    if m:
        fname = m.group(1).rsplit(".", 1)[-1]
        missing = re.findall(r"'(\w+)'", m.group(2))
        for dsf, f in em.repo.definitions(fname, sf.text):
            args = f.args
            all_args = args.posonlyargs + args.args
            edits = []
            for a in all_args + args.kwonlyargs:
                if a.arg in missing:
                    _, e = dsf.span(a)
                    edits.append(Edit(e, e, "=None" if a.annotation is None else " = None"))
            if not edits:
                continue
            # parameters after a defaulted one need defaults too
            first = min(i for i, a in enumerate(all_args) if a.arg in missing) if any(
                a.arg in missing for a in all_args) else len(all_args)
            n_defaults = len(args.defaults)
            for a in all_args[first:len(all_args) - n_defaults]:
                if a.arg not in missing:
                    edits = []
            if edits:
                target = Scope(dsf, f, None, 0, "callee", scope.func_weight, scope.func_weight)
                em.add(target, f.lineno, edits, "arity", f"parameters {', '.join(missing)} default to None", 4.0)
    m = re.search(r"([\w.]+)\(\) got an unexpected keyword argument '(\w+)'", msg)
    if m:
        fname, kw = m.group(1).rsplit(".", 1)[-1], m.group(2)
        for n in header_nodes(scope.stmt):
            if not isinstance(n, ast.Call) or not any(k.arg == kw for k in n.keywords):
                continue
            items = [(sf.span(a), a) for a in n.args] + [(sf.span(k), k) for k in n.keywords]
            items.sort(key=lambda t: t[0])
            for i, ((s, e), node) in enumerate(items):
                if isinstance(node, ast.keyword) and node.arg == kw:
                    if i > 0:
                        s = items[i - 1][0][1]          # drop ", kw=value" after the previous argument
                    elif len(items) > 1:
                        e = items[1][0][0]              # drop "kw=value, " before the next one
                    em.add(scope, n.lineno, [Edit(s, e, "")], "arity", f"drop unexpected keyword {kw}= in {fname}()", 2.0)


def swap_args(em, scope: Scope) -> None:
    sf = scope.sf
    for st, n in _nodes(scope):
        if not isinstance(n, ast.Call) or len(n.args) < 2 or any(isinstance(a, ast.Starred) for a in n.args):
            continue
        f = n.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name in NO_SWAP:
            continue
        args = n.args[:4]
        for i in range(len(args)):
            for j in range(i + 1, len(args)):
                a, b = args[i], args[j]
                sa, ea = sf.span(a)
                sb, eb = sf.span(b)
                em.add(scope, n.lineno, [Edit(sa, ea, sf.src(b)), Edit(sb, eb, sf.src(a))], "swap_args",
                       f"swapped arguments {i + 1} and {j + 1} of {name}()", -1.0 * (j - i - 1))


def run(em, scope: Scope) -> None:
    for template in (compare_op, arith_op, off_by_one, wrong_var, attr_var, swap_args, attr_typo):
        attempt(template, em, scope)
    if em.ctx.exc_type == "TypeError":
        attempt(arity, em, scope)
    if em.ctx.exc_type.rsplit(".", 1)[-1] == "IndexError":
        attempt(size_mismatch, em, scope)
