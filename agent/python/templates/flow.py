"""Control flow: missing / misplaced return, recursion base cases, exception handlers."""
from __future__ import annotations

import ast
import builtins
import importlib
import re
import sys

from agent.python.templates.common import (
    FUNCS,
    attempt,
    LOOPS,
    enclosing_loop,
    insert_before,
    is_generator,
    return_defaults,
)
from agent.python.templates.locate import Scope
from agent.python.templates.mutations import _int_const, _op_token, plus_minus
from agent.python.templates.source import Edit, header_nodes

TERMINAL = (ast.Return, ast.Raise)


def _falls_through(body: list[ast.stmt]) -> bool:
    if not body:
        return True
    last = body[-1]
    if isinstance(last, TERMINAL):
        return False
    if isinstance(last, ast.If):
        return _falls_through(last.body) or _falls_through(last.orelse)
    if isinstance(last, ast.Try):
        return _falls_through(last.body + last.orelse) if not last.finalbody else _falls_through(last.finalbody)
    if isinstance(last, (ast.With, ast.AsyncWith)):
        return _falls_through(last.body)
    if isinstance(last, ast.While) and isinstance(last.test, ast.Constant) and last.test.value:
        return False
    return True


def _own_nodes(func):
    stack = list(ast.iter_child_nodes(func))
    while stack:
        n = stack.pop()
        yield n
        if not isinstance(n, FUNCS + (ast.ClassDef,)):
            stack.extend(ast.iter_child_nodes(n))


def _assigned_names(func) -> list[str]:
    """Names worth returning: accumulated ones first, then other locals (latest first), loop variables, params."""
    stores: list[tuple[int, str]] = []
    loop_vars: set[str] = set()
    accumulated: list[str] = []
    for n in _own_nodes(func):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            stores.append((n.lineno, n.id))
        if isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
            loop_vars.update(x.id for x in ast.walk(n.target) if isinstance(x, ast.Name))
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
            accumulated.append(n.target.id)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) \
                and n.func.attr in ("append", "extend", "update", "add", "insert", "setdefault", "sort"):
            accumulated.append(n.func.value.id)
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name):
            accumulated.append(n.value.id)
    params = [a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs
              if a.arg not in ("self", "cls")]
    local = []
    for _, name in sorted(stores, reverse=True):
        if name not in local and name != "_" and name not in loop_vars:
            local.append(name)
    order: list[str] = []
    for name in [a for a in accumulated if a in local or a in params] + local + sorted(loop_vars) + params:
        if name not in order:
            order.append(name)
    if "self" in [a.arg for a in func.args.args]:
        order.append("self")
    return order


def missing_return(em, scope: Scope) -> None:
    func, sf = scope.func, scope.sf
    if func is None or is_generator(func) or func.name in ("__init__", "__post_init__", "setUp", "tearDown"):
        return
    body_indent = sf.indent_of(func.body[0].lineno)
    returns = [n for n in _own_nodes(func) if isinstance(n, ast.Return)]
    valued = [r for r in returns if r.value is not None]
    ev_base = 0.0
    if scope.kind == "crash":
        ev_base -= 6.0     # the crash is inside this function, its result is not what failed
    elif scope.kind == "callee" and not valued and returns == []:
        msg = em.ctx.message
        if "NoneType" in msg:
            ev_base += 25.0    # its result is used, it never returns a value, and a None broke the caller
        elif em.ctx.exc_type == "AssertionError" and re.search(r"\bNone\b", msg):
            ev_base += 12.0
    names = _assigned_names(func)
    last = func.body[-1]
    if _falls_through(func.body):
        # the last expression statement was meant to be returned
        if isinstance(last, ast.Expr) and not isinstance(last.value, (ast.Constant,)) and \
                not (isinstance(last.value, ast.Call) and isinstance(last.value.func, ast.Attribute)
                     and last.value.func.attr in ("append", "extend", "update", "write", "sort", "add", "insert")):
            s, _ = sf.span(last)
            em.add(scope, last.lineno, [Edit(s, s, "return ")], "missing_return",
                   "missing return: return the last expression", ev_base + 3.0)
        end = last.end_lineno
        pos = sf.line_start(end) + len(sf.line_text(end))
        nl = "" if sf.text[:pos].endswith("\n") else "\n"
        for i, name in enumerate(names[:4]):
            em.add(scope, end, [Edit(pos, pos, f"{nl}{body_indent}return {name}\n")], "missing_return",
                   f"missing return: return {name} at the end", ev_base + 2.0 - 0.8 * i + (1.0 if valued else 0.0))
    for r in returns:
        if r.value is None and names:
            s, e = sf.span(r)
            for i, name in enumerate(names[:2]):
                em.add(scope, r.lineno, [Edit(s, e, f"return {name}")], "missing_return",
                       f"bare return -> return {name}", ev_base - 0.8 * i)


def return_in_loop(em, scope: Scope) -> None:
    """A return at the end of a loop body that belongs after the loop."""
    func, sf = scope.func, scope.sf
    if func is None:
        return
    for loop in _own_nodes(func):
        if not isinstance(loop, LOOPS) or not loop.body:
            continue
        last = loop.body[-1]
        candidates = []
        if isinstance(last, ast.Return):
            candidates.append(last)
        for r in candidates:
            if r.lineno == loop.lineno or len(loop.body) < 2 or not sf.starts_line(r):
                continue
            if sf.line_text(loop.end_lineno).rstrip().endswith("\\"):
                continue
            start = sf.line_start(r.lineno)
            stop = sf.line_start(r.end_lineno) + len(sf.line_text(r.end_lineno))
            block = sf.text[start:stop]
            loop_indent = sf.indent_of(loop.lineno)
            r_indent = sf.indent_of(r.lineno)
            lines = block.splitlines(keepends=True)
            moved = "".join(loop_indent + ln[len(r_indent):] if ln.startswith(r_indent) else ln for ln in lines)
            if not moved.endswith("\n"):
                moved += "\n"
            end = loop.end_lineno
            if loop.orelse:
                continue
            after = sf.line_start(end) + len(sf.line_text(end))
            if end == r.end_lineno:
                # the return is the last line of the loop: re-insert at the same place, dedented
                edits = [Edit(start, stop, moved)]
            else:
                nl = "" if sf.text[:after].endswith("\n") else "\n"
                edits = [Edit(start, stop, ""), Edit(after, after, nl + moved)]
            em.add(scope, r.lineno, edits, "return_in_loop", "return moved after the loop", 2.0)


# ----------------------------------------------------------------------------------------- recursion
def _calls_itself(func) -> list[ast.Call]:
    out = []
    for n in _own_nodes(func):
        if isinstance(n, ast.Call):
            f = n.func
            if (isinstance(f, ast.Name) and f.id == func.name) or (isinstance(f, ast.Attribute) and f.attr == func.name):
                out.append(n)
    return out


def recursion_base(em, scope: Scope) -> None:
    func, sf = scope.func, scope.sf
    if func is None:
        return
    rec = _calls_itself(func)
    if not rec:
        return
    first_rec = min(c.lineno for c in rec)
    unit = sf.indent_unit(func)
    base_ifs = []
    for n in _own_nodes(func):
        if isinstance(n, ast.If) and n.lineno <= first_rec and any(isinstance(b, TERMINAL) for b in n.body):
            base_ifs.append(n)
    for iff in base_ifs:
        for c in ast.walk(iff.test):
            if not isinstance(c, ast.Compare):
                continue
            operands = [c.left] + list(c.comparators)
            for i, op in enumerate(c.ops):
                tok = _op_token(sf, sf.span(operands[i])[1], sf.span(operands[i + 1])[0])
                if tok is None:
                    continue
                s, e, text = tok
                alts = {ast.Eq: ["<=", ">="], ast.Lt: ["<="], ast.Gt: [">="], ast.LtE: ["<"], ast.GtE: [">"]}.get(type(op), [])
                # `n == 0` -> `n <= 0` when the other operand is the smaller constant
                if isinstance(op, ast.Eq) and _int_const(operands[i + 1]) is not None:
                    alts = ["<=", ">="]
                elif isinstance(op, ast.Eq) and _int_const(operands[i]) is not None:
                    alts = [">=", "<="]
                for k, alt in enumerate(alts):
                    em.add(scope, c.lineno, [Edit(s, e, alt)], "recursion_base",
                           f"recursion base case `{sf.src(c)}`: `{text}` -> `{alt}`", 4.0 - k)
            for o in operands:
                if _int_const(o) is not None:
                    s, e = sf.span(o)
                    for text, sign in plus_minus(sf, o):
                        em.add(scope, c.lineno, [Edit(s, e, text)], "recursion_base",
                               f"recursion base case constant {sf.src(o)} {sign}", 2.0)
    # the recursive call does not make progress: f(n) -> f(n - 1)
    params = [a.arg for a in func.args.args if a.arg not in ("self", "cls")]
    for c in rec:
        for a in c.args:
            if isinstance(a, ast.Name) and a.id in params:
                s, e = sf.span(a)
                em.add(scope, c.lineno, [Edit(s, e, f"{a.id} - 1")], "recursion_base",
                       f"recursive call makes progress: {a.id} -> {a.id} - 1", 1.0)
    # missing base case
    if not base_ifs and params:
        p = _shrinking_param(func, rec, params)
        if p is None:
            return
        name, numeric = p
        first = func.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str) \
                and len(func.body) > 1:
            first = func.body[1]
        defaults = return_defaults(func, "0" if numeric else "[]")
        if numeric:
            conds = [f"{name} <= 0", f"{name} <= 1"]
        else:
            conds = [f"not {name}", f"len({name}) <= 1"]
        for ci, cond in enumerate(conds):
            rets = defaults + (["return " + name] if ci == 1 else [])
            for ri, ret in enumerate(rets[:3]):
                e = insert_before(sf, first, [f"if {cond}:", ret], unit)
                if e:
                    em.add(scope, first.lineno, [e], "recursion_base", f"missing recursion base case: {cond} -> {ret}",
                           1.0 - ci - 0.5 * ri)


def _shrinking_param(func, rec, params):
    for c in rec:
        for i, a in enumerate(c.args):
            if isinstance(a, ast.BinOp) and isinstance(a.left, ast.Name) and a.left.id in params:
                return a.left.id, True
            if isinstance(a, ast.Subscript) and isinstance(a.slice, ast.Slice) and isinstance(a.value, ast.Name) \
                    and a.value.id in params:
                return a.value.id, False
    return None


# ------------------------------------------------------------------------------------ decorators
def _def_name(node) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _nested_defs(func) -> dict:
    return {n.name: n for n in func.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _returned_def(func):
    """The nested function `func` returns (`def deco(fn): def wrapper(...): ...; return wrapper`)."""
    inner = _nested_defs(func)
    for r in _own_nodes(func):
        if isinstance(r, ast.Return) and isinstance(r.value, ast.Name) and r.value.id in inner:
            return inner[r.value.id]
    return None


def _append_return(em, scope: Scope, func, value: str, what: str, evidence: float) -> None:
    sf = scope.sf
    last = func.body[-1]
    indent = sf.indent_of(func.body[0].lineno)
    pos = sf.line_start(last.end_lineno) + len(sf.line_text(last.end_lineno))
    nl = "" if sf.text[:pos].endswith("\n") else "\n"
    em.add(scope, last.end_lineno, [Edit(pos, pos, f"{nl}{indent}return {value}\n")], "decorator_return",
           what, evidence)


def decorator_return(em, scope: Scope) -> None:
    """A decorator that forgets a `return` turns the functions it decorates into None.

    `def register(fn): REGISTRY[...] = fn` (no `return fn`) binds every decorated name to None, so calling
    one raises "'NoneType' object is not callable" far from the decorator; a wrapper that calls the wrapped
    function without returning its result makes every call return None. The fix is in the decorator."""
    ctx, sf = em.ctx, scope.sf
    if em.repo is None or scope.stmt is None or "NoneType" not in ctx.message:
        return
    not_callable = "not callable" in ctx.message
    calls = [n for n in header_nodes(scope.stmt) if isinstance(n, ast.Call)]
    names: list[str] = []
    for c in calls:
        name = _def_name(c.func)
        if name and name not in names:
            names.append(name)
    seen: set = set()
    for name in names[:6]:
        for dsf, fdef in em.repo.definitions(name, sf.text):
            for dec in fdef.decorator_list:
                dname = _def_name(dec)
                if not dname or dname in ("staticmethod", "classmethod", "property", "wraps", "dataclass"):
                    continue
                for psf, deco in em.repo.definitions(dname, dsf.text, limit=2):
                    if (psf.path, deco.lineno) in seen or is_generator(deco):
                        continue
                    seen.add((psf.path, deco.lineno))
                    weight = scope.line_weight
                    proper = deco
                    if isinstance(dec, ast.Call):
                        # a decorator factory: the decorator is the nested function it returns
                        proper = _returned_def(deco)
                        inner = _nested_defs(deco)
                        if proper is None:
                            if len(inner) == 1 and _falls_through(deco.body):
                                target = Scope(psf, deco, None, 0, "callee", weight, weight)
                                only = next(iter(inner))
                                _append_return(em, target, deco, only,
                                               f"decorator factory {dname}() returns its decorator {only}", 4.0 if not_callable else 0.0)
                            continue
                    params = [a.arg for a in proper.args.posonlyargs + proper.args.args]
                    if not params:
                        continue
                    fn = params[0]
                    target = Scope(psf, proper, None, 0, "callee", weight, weight)
                    valued = [r for r in _own_nodes(proper) if isinstance(r, ast.Return) and r.value is not None]
                    if not valued and _falls_through(proper.body):
                        wrappers = [w for w in _nested_defs(proper).values()
                                    if any(isinstance(n, ast.Name) and n.id == fn for n in ast.walk(w))]
                        for i, value in enumerate([w.name for w in wrappers][:1] + [fn]):
                            _append_return(em, target, proper, value,
                                           f"decorator {dname} returns {value}",
                                           (4.0 if not_callable else 0.0) - 0.8 * i)
                        continue
                    wrapper = _returned_def(proper)
                    if wrapper is None or not_callable:
                        continue
                    # the wrapper calls the wrapped function but drops its result
                    for st in wrapper.body:
                        if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and \
                                isinstance(st.value.func, ast.Name) and st.value.func.id == fn:
                            if any(isinstance(r, ast.Return) and r.value is not None for r in _own_nodes(wrapper)):
                                break
                            wscope = Scope(psf, wrapper, None, 0, "callee", weight, weight)
                            s0, _ = psf.span(st)
                            if st is wrapper.body[-1]:
                                em.add(wscope, st.lineno, [Edit(s0, s0, "return ")], "decorator_return",
                                       f"wrapper of decorator {dname} returns the result of {fn}()", 4.0)
                            else:
                                last = wrapper.body[-1]
                                indent = psf.indent_of(st.lineno)
                                pos = psf.line_start(last.end_lineno) + len(psf.line_text(last.end_lineno))
                                em.add(wscope, st.lineno, [Edit(s0, s0, "result = "),
                                                           Edit(pos, pos, f"{indent}return result\n")],
                                       "decorator_return",
                                       f"wrapper of decorator {dname} returns the result of {fn}()", 3.0)
                            break


# ----------------------------------------------------------------------------- strings are iterable
ITERABLE_ABCS = {"Iterable", "Sequence", "Collection", "Container", "Reversible", "Iterator"}


def str_is_iterable(em, scope: Scope) -> None:
    """Recursion over nested containers that treats every iterable as a container never ends on a str:
    iterating "a" yields "a" again. Exclude str/bytes where the code tests for an iterable."""
    func, sf = scope.func, scope.sf
    if func is None or not _calls_itself(func):
        return
    for n in _own_nodes(func):
        if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Name) or len(n.args) != 2:
            continue
        subject, kind = n.args
        if n.func.id == "isinstance":
            kinds = [_def_name(k) for k in (kind.elts if isinstance(kind, ast.Tuple) else [kind])]
            if not any(k in ITERABLE_ABCS for k in kinds) or any(k in ("str", "bytes") for k in kinds):
                continue
        elif n.func.id == "hasattr":
            if not (isinstance(kind, ast.Constant) and kind.value in ("__iter__", "__getitem__")):
                continue
        else:
            continue
        subj = sf.src(subject)
        p = sf.parent(n)
        if isinstance(p, ast.UnaryOp) and isinstance(p.op, ast.Not):
            node, new = p, f"({sf.src(p)} or isinstance({subj}, (str, bytes)))"
            # the base case already excludes another type (`or isinstance(x, Mapping)`): extend that tuple
            q = sf.parent(p)
            if isinstance(q, ast.BoolOp) and isinstance(q.op, ast.Or):
                for other in q.values:
                    if isinstance(other, ast.Call) and isinstance(other.func, ast.Name) and \
                            other.func.id == "isinstance" and len(other.args) == 2 and \
                            sf.src(other.args[0]) == subj:
                        k = other.args[1]
                        ks, ke = sf.span(k)
                        inner = sf.src(k)[1:-1].rstrip().rstrip(",") if isinstance(k, ast.Tuple) and \
                            sf.src(k).startswith("(") else sf.src(k)
                        em.add(scope, other.lineno, [Edit(ks, ke, f"({inner}, str, bytes)")], "recursion_base",
                               "strings are iterable: the base case also takes str/bytes", 5.0)
        else:
            node, new = n, f"({sf.src(n)} and not isinstance({subj}, (str, bytes)))"
        s, e = sf.span(node)
        em.add(scope, node.lineno, [Edit(s, e, new)], "recursion_base",
               f"strings are iterable: {subj} as a str/bytes is a leaf", 4.5)


# ------------------------------------------------------------------------------------ exception types
def _exc_class(exc: str):
    """The exception class for a builtin or standard-library exception name, else None."""
    short = exc.rsplit(".", 1)[-1]
    cls = getattr(builtins, short, None)
    if isinstance(cls, type) and issubclass(cls, BaseException):
        return cls
    if "." in exc:
        mod, _, name = exc.rpartition(".")
        top = mod.split(".")[0]
        if top in getattr(sys, "stdlib_module_names", ()) and top not in ("antigravity", "this", "idlelib", "tkinter", "turtle"):
            try:
                module = importlib.import_module(mod)
            except Exception:
                return None
            cls = getattr(module, name, None)
            if isinstance(cls, type) and issubclass(cls, BaseException):
                return cls
    return None


def _caught_by(handler: ast.ExceptHandler, exc: str) -> bool:
    if handler.type is None:
        return True
    names = []
    for n in ast.walk(handler.type):
        if isinstance(n, ast.Name):
            names.append(n.id)
        elif isinstance(n, ast.Attribute):
            names.append(n.attr)
    short = exc.rsplit(".", 1)[-1]
    cls = _exc_class(exc)
    bases = {c.__name__ for c in cls.__mro__} - {"object"} if cls is not None else set()
    return short in names or bool(bases & set(names))


def _exc_refs(sf, exc: str) -> list[str]:
    """Ways to name the exception class in this file: itself if reachable, then its nearest builtin base."""
    out: list[str] = []
    short = exc.rsplit(".", 1)[-1]
    if isinstance(getattr(builtins, short, None), type):
        return [short]
    for st in ast.walk(sf.tree):
        if isinstance(st, ast.ImportFrom) and any((a.asname or a.name) == short for a in st.names):
            out.append(short)
        if isinstance(st, (ast.ClassDef,)) and st.name == short:
            out.append(short)
    if "." in exc:
        mod = exc.rsplit(".", 1)[0]
        imported = {a.name: a.asname for st in ast.walk(sf.tree) if isinstance(st, ast.Import) for a in st.names}
        if mod in imported:
            out.append(f"{imported[mod] or mod}.{short}")
        top = mod.split(".")[0]
        cls = _exc_class(exc)
        if top in imported and cls is not None:
            module = sys.modules.get(top)
            if module is not None and getattr(module, short, None) is cls:
                out.append(f"{imported[top] or top}.{short}")
    cls = _exc_class(exc)
    if cls is not None:
        for base in cls.__mro__[1:]:
            if getattr(builtins, base.__name__, None) is base and base not in (BaseException, Exception, object):
                out.append(base.__name__)
                break
    seen: list[str] = []
    for r in out:
        if r not in seen:
            seen.append(r)
    return seen


def _exc_ref(sf, exc: str) -> str | None:
    refs = _exc_refs(sf, exc)
    return refs[0] if refs else None


def widen_except(em, scope: Scope) -> None:
    sf, ctx = scope.sf, em.ctx
    if scope.line is None or scope.stmt is None:
        return
    exc = ctx.exc_type
    if exc in ("AssertionError", "RecursionError", "SystemExit", "KeyboardInterrupt", "SyntaxError"):
        return
    refs = _exc_refs(sf, exc)
    root = scope.func if scope.func is not None else sf.tree
    for t in ast.walk(root):
        if not isinstance(t, (ast.Try, getattr(ast, "TryStar", ast.Try))) or not t.body:
            continue
        if not (t.body[0].lineno <= scope.line <= t.body[-1].end_lineno):
            continue
        if any(_caught_by(h, exc) for h in t.handlers):
            continue
        for k, h in enumerate(t.handlers):
            if h.type is None:
                continue
            s, e = sf.span(h.type)
            src = sf.src(h.type)
            for j, ref in enumerate(refs[:2]):
                if isinstance(h.type, ast.Tuple):
                    inner = src.strip()
                    inner = inner[1:-1] if inner.startswith("(") else inner
                    new = f"({inner.rstrip().rstrip(',')}, {ref})"
                else:
                    new = f"({src}, {ref})"
                em.add(scope, scope.line, [Edit(s, e, new)], "widen_except",
                       f"exception handler too narrow: also catch {ref}", 6.0 - k - j)
            em.add(scope, scope.line, [Edit(s, e, "Exception")], "widen_except",
                   f"exception handler too narrow: catch Exception instead of {src}", 2.0 - k)


def catch(em, scope: Scope) -> None:
    """No handler at all: catch the reported exception around the crashing statement."""
    sf, ctx = scope.sf, em.ctx
    stmt = scope.stmt
    if scope.kind != "crash" or stmt is None or scope.func is None:
        return
    exc = ctx.exc_type
    if exc in ("AssertionError", "RecursionError", "NameError", "UnboundLocalError", "SyntaxError",
               "AttributeError", "SystemExit", "KeyboardInterrupt"):
        return
    if exc == "TypeError" and re.search(r"argument|\(\) takes", ctx.message):
        return      # a call with the wrong arguments: catching it hides the bug
    ref = _exc_ref(sf, exc)
    if ref is None:
        return
    from agent.python.templates.common import can_insert_before
    if not can_insert_before(sf, stmt) or isinstance(stmt, (ast.If, ast.For, ast.While, ast.Try, ast.With)):
        return
    for n in ast.walk(stmt):
        if isinstance(n, ast.Constant) and isinstance(n.value, (str, bytes)) and n.lineno != n.end_lineno:
            return
    unit = sf.indent_unit(scope.func)
    indent = sf.indent_of(stmt.lineno)
    start = sf.line_start(stmt.lineno)
    stop = sf.line_start(stmt.end_lineno) + len(sf.line_text(stmt.end_lineno))
    body = "".join(unit + ln if ln.strip() else ln for ln in sf.text[start:stop].splitlines(keepends=True))
    if not body.endswith("\n"):
        body += "\n"
    exits = []
    if enclosing_loop(sf, stmt) is not None:
        exits.append("continue")
    exits += return_defaults(scope.func)
    if not isinstance(stmt, ast.Return):
        exits.append("pass")
    for i, ex in enumerate(exits[:3]):
        text = f"{indent}try:\n{body}{indent}except {ref}:\n{indent}{unit}{ex}\n"
        em.add(scope, stmt.lineno, [Edit(start, stop, text)], "catch",
               f"catch {ref} around the crashing statement and {ex}", -0.7 * i)


def init_var(em, scope: Scope) -> None:
    """UnboundLocalError: the variable is only assigned on some paths; initialise it at the top."""
    func, sf = scope.func, scope.sf
    m = re.search(r"local variable '(\w+)'", em.ctx.message)
    if func is None or not m or scope.kind != "crash":
        return
    name = m.group(1)
    from agent.python.templates.common import kind_of
    from agent.python.templates.guards import usage_default
    kinds = []
    for n in _own_nodes(func):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets):
            kinds.append(kind_of(n.value))
        elif isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load):
            kinds.append(usage_default(sf, n))
    order = []
    for k in kinds + ["None"]:
        if k and k not in order:
            order.append(k)
    first = func.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str) \
            and len(func.body) > 1:
        first = func.body[1]
    for i, k in enumerate(order[:3]):
        e = insert_before(sf, first, [f"{name} = {k}"], sf.indent_unit(func))
        if e:
            em.add(scope, first.lineno, [e], "init_var", f"initialise {name} = {k} before use", 2.0 - i)


def run(em, scope: Scope) -> None:
    exc = em.ctx.exc_type.rsplit(".", 1)[-1]
    attempt(missing_return, em, scope)
    attempt(return_in_loop, em, scope)
    if exc == "UnboundLocalError":
        attempt(init_var, em, scope)
    if exc == "RecursionError" or scope.kind == "callee":
        attempt(recursion_base, em, scope)
    if exc == "RecursionError":
        attempt(str_is_iterable, em, scope)
    if scope.kind in ("crash", "frame"):
        attempt(decorator_return, em, scope)
        attempt(widen_except, em, scope)
        attempt(catch, em, scope)
