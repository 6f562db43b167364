"""Leaks on an error path (issue 39, yajl #250's shape), with the real gcc and LeakSanitizer: the
allocation followed through the report's frames to what holds it, released before the error return
with the project's own functions; the candidate must build and run clean with leak detection on."""
from __future__ import annotations

from agent.native.templates import generate

HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
ASAN_ONLY = ["-g", "-O0", "-fno-omit-frame-pointer", "-fsanitize=address"]

# A nested-list reader: '(' pushes a node on the context's stack, ')' pops it into its parent; an
# unbalanced input is an error, and the error return drops the context (the stack and the root).
STACK_LIB = """typedef struct node_s *node;
struct node_s { int kids; node *kid; };
typedef struct frame_s frame_t;
struct frame_s { char *label; node value; frame_t *next; };
typedef struct { frame_t *top; node root; } reader_t;

void node_free(node n)
{
    int i;
    if (n == NULL)
        return;
    for (i = 0; i < n->kids; i++)
        node_free(n->kid[i]);
    free(n->kid);
    free(n);
}

static int push(reader_t *r, node n, const char *label)
{
    frame_t *f = malloc(sizeof *f);
    if (f == NULL)
        return -1;
    f->label = strdup(label);
    f->value = n;
    f->next = r->top;
    r->top = f;
    return 0;
}

static node pop(reader_t *r)
{
    frame_t *f = r->top;
    node n = f->value;
    r->top = f->next;
    free(f);
    return n;
}

static int add(reader_t *r, node n)
{
    node parent;
    if (r->top == NULL) {
        r->root = n;
        return 0;
    }
    parent = r->top->value;
    parent->kid = realloc(parent->kid, (parent->kids + 1) * sizeof *parent->kid);
    parent->kid[parent->kids++] = n;
    return 0;
}

static int open_list(reader_t *r, const char *label)
{
    node n = calloc(1, sizeof *n);
    if (n == NULL)
        return -1;
    return push(r, n, label);
}

static int step(reader_t *r, char c)
{
    if (c == '(')
        return open_list(r, "list");
    if (c == ')') {
        if (r->top == NULL)
            return -1;
        return add(r, pop(r));
    }
    return -1;
}

node read_tree(const char *s)
{
    reader_t r = { NULL, NULL };
    for (; *s; s++) {
        if (step(&r, *s) != 0)
            return NULL;
    }
    if (r.top != NULL)
        return NULL;
    return r.root;
}
"""

STACK_MAIN = """typedef struct node_s *node;
node read_tree(const char *s);
void node_free(node n);
int main(void)
{
    return read_tree("((") == NULL ? 0 : 1;
}
"""

# A key=value line reader: the key is copied, and a line without '=' is an error that drops the copy.
LOCAL_LIB = """int key_of(const char *line, char *out, size_t cap)
{
    char *key = strdup(line);
    char *eq;
    if (key == NULL)
        return -1;
    eq = strchr(key, '=');
    if (eq == NULL)
        return -1;
    *eq = 0;
    snprintf(out, cap, "%s", key);
    free(key);
    return 0;
}
"""

LOCAL_MAIN = """int key_of(const char *line, char *out, size_t cap);
int main(void)
{
    char k[16];
    return key_of("novalue", k, sizeof k) == -1 ? 0 : 1;
}
"""


# the reader's context is a local: a stale copy of its pointers on the dead stack would hide the leak
# from LeakSanitizer's conservative scan now and then; frames on the heap (freed at return) do not
STACK_OFF = "detect_stack_use_after_return=1"


def leak_fixed(cprog, lib, main, family):
    prog = cprog(HEAD + lib, HEAD + main, cflags=ASAN_ONLY, asan_options=STACK_OFF)
    before = prog.run()
    assert before.built and "LeakSanitizer" in before.output, before.output
    ctx, report = prog.context(before.output)
    assert report.type == "direct-leak", report.type
    cands = generate(ctx)
    assert cands and all(c.template.startswith("c:release_") for c in cands), [c.template for c in cands]
    ours = [c for c in cands if c.template == f"c:{family}"]
    i, cand = prog.first_clean(ours, 1)
    assert cand is not None, "\n".join(f"{c.description}\n{c.diff}" for c in ours[:2])
    return cand


def test_a_context_stack_dropped_on_the_error_return_is_drained_with_the_projects_pop(cprog):
    """The leaked frame was pushed (push <- open_list <- step) onto a context that read_tree holds as a
    local: drained with the project's pop and node_free, the root released, and the label pop drops freed."""
    cand = leak_fixed(cprog, STACK_LIB, STACK_MAIN, "release_context")
    assert "+            while (r.top != NULL)\n+                node_free(pop(&r));" in cand.diff, cand.diff
    assert "+            if (r.root != NULL)\n+                node_free(r.root);" in cand.diff, cand.diff
    assert "+    free(f->label);\n     free(f);" in cand.diff, cand.diff
    assert cand.diff.count("return NULL;") >= 2         # both error returns after the parse


def test_a_local_dropped_on_an_error_return_is_released_as_the_success_path_does(cprog):
    cand = leak_fixed(cprog, LOCAL_LIB, LOCAL_MAIN, "release_local")
    assert "+        free(key);\n         return -1;" in cand.diff or "{ free(key); return -1; }" in cand.diff, cand.diff


GOTO_LIB = """int count_pairs(const char *text, int *count)
{
    char *copy = NULL;
    char *pair;

    if (text == NULL)
        goto fail;
    copy = strdup(text);
    if (copy == NULL)
        goto fail;
    *count = 0;
    pair = copy;
    while (pair != NULL) {
        char *next = strchr(pair, ';');
        if (next != NULL)
            *next++ = 0;
        if (strchr(pair, '=') == NULL)
            return -1;
        (*count)++;
        pair = next;
    }
    free(copy);
    return 0;
fail:
    return -1;
}
"""

GOTO_MAIN = """int count_pairs(const char *text, int *count);
int main(void)
{
    int n;
    return count_pairs("a=1;b", &n) == -1 ? 0 : 1;
}
"""


def test_a_local_is_released_at_every_error_exit_the_allocation_reaches_with_labels_kept(cprog):
    """The loop's `return -1;` leaks the copy; `fail:` is reached before the strdup too, where `copy`
    is still NULL (so freeing it there is safe): both exits release it, the label stays on the release."""
    cand = leak_fixed(cprog, GOTO_LIB, GOTO_MAIN, "release_local")
    prog_text = cand.diff
    assert "        if (strchr(pair, '=') == NULL) {\n+            free(copy);\n             return -1;" in prog_text, prog_text
    assert " fail:\n+    free(copy);\n     return -1;" in prog_text, prog_text


def test_no_release_at_a_label_a_goto_reaches_before_the_allocation_of_an_unset_local(cprog):
    """Without `= NULL`, `fail:` would free an unset pointer when the first goto is taken: that exit
    is left alone, the loop's is still released."""
    lib = GOTO_LIB.replace("char *copy = NULL;", "char *copy;")
    cand = leak_fixed(cprog, lib, GOTO_MAIN, "release_local")
    assert "free(copy);" in cand.diff and " fail:\n+" not in cand.diff, cand.diff


def test_an_error_return_before_the_local_is_handed_on_releases_it(cprog):
    """The copy is stored into the entry at the end; the validation's return before that drops it."""
    lib = ("typedef struct { char *name; } entry_t;\n"
           "int entry_set_name(entry_t *e, const char *text)\n{\n    char *name = strdup(text);\n"
           "    if (name == NULL)\n        return -1;\n    if (strchr(name, ' ') != NULL)\n        return -1;\n"
           "    free(e->name);\n    e->name = name;\n    return 0;\n}\n")
    main = ("typedef struct { char *name; } entry_t;\nint entry_set_name(entry_t *e, const char *text);\n"
            "int main(void)\n{\n    entry_t e = { NULL };\n    return entry_set_name(&e, \"a b\") == -1 ? 0 : 1;\n}\n")
    cand = leak_fixed(cprog, lib, main, "release_local")
    assert "+    if (strchr(name, ' ') != NULL) {\n+        free(name);\n         return -1;\n+    }" in cand.diff, cand.diff
    assert cand.diff.count("free(name);") == 1, cand.diff


def test_no_release_without_a_pop_function_for_the_leaked_field(cprog):
    """Without a pop function for the leaked field (this one takes an index too) nothing is proposed:
    releasing the root alone cannot fix the reported leak, and no other family fits a leak."""
    lib = STACK_LIB.replace("static node pop(reader_t *r)\n{\n    frame_t *f = r->top;", "static node pop(reader_t *r, int k)\n{\n    frame_t *f = r->top + k;") \
        .replace("add(r, pop(r))", "add(r, pop(r, 0))")
    main = STACK_MAIN
    prog = cprog(HEAD + lib, HEAD + main, cflags=ASAN_ONLY, asan_options=STACK_OFF)
    before = prog.run()
    assert "LeakSanitizer" in before.output, before.output
    ctx, _ = prog.context(before.output)
    assert [c.description for c in generate(ctx)] == []
