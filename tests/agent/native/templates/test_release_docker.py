"""A real-shaped leak issue in the C image (issue 39, yajl #250's shape): a small nested-list parser
whose error return drops its reader (the stack of open lists and the root), the LeakSanitizer report
as pasted and a shell recipe; `crashfix run --strategy templates` releases the reader before the
error returns with the project's own pop and nest_free, and the leak check passes."""
from __future__ import annotations

import json

import pytest

from bot.cli.main import main as cli
from gitrepo import make_repo

pytestmark = pytest.mark.docker

HEADER = r'''#ifndef NEST_H
#define NEST_H

typedef struct nest_node_s *nest_node;

/* Parse a nested list such as "(()(()))"; NULL on an unbalanced input (errbuf says why). */
nest_node nest_parse(const char *text, char *errbuf, int errlen);
int nest_count(nest_node n);
void nest_free(nest_node n);

#endif
'''

LIB = r'''#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nest.h"

struct nest_node_s {
    int kids;
    nest_node *kid;
};

typedef struct frame_s frame_t;
struct frame_s {
    nest_node value;
    frame_t *next;
};

typedef struct {
    frame_t *top;
    nest_node root;
    char *errbuf;
    int errlen;
} reader_t;

void nest_free(nest_node n)
{
    int i;

    if (n == NULL)
        return;
    for (i = 0; i < n->kids; i++)
        nest_free(n->kid[i]);
    free(n->kid);
    free(n);
}

int nest_count(nest_node n)
{
    int i, total = 1;

    for (i = 0; i < n->kids; i++)
        total += nest_count(n->kid[i]);
    return total;
}

static int push(reader_t *r, nest_node n)
{
    frame_t *f = malloc(sizeof *f);

    if (f == NULL)
        return -1;
    f->value = n;
    f->next = r->top;
    r->top = f;
    return 0;
}

static nest_node pop(reader_t *r)
{
    frame_t *f = r->top;
    nest_node n = f->value;

    r->top = f->next;
    free(f);
    return n;
}

static int add(reader_t *r, nest_node n)
{
    nest_node parent;
    nest_node *kids;

    if (r->top == NULL) {
        r->root = n;
        return 0;
    }
    parent = r->top->value;
    kids = realloc(parent->kid, (parent->kids + 1) * sizeof *kids);
    if (kids == NULL)
        return -1;
    parent->kid = kids;
    parent->kid[parent->kids++] = n;
    return 0;
}

static int open_list(reader_t *r)
{
    nest_node n = calloc(1, sizeof *n);

    if (n == NULL)
        return -1;
    return push(r, n);
}

static int step(reader_t *r, char c)
{
    switch (c) {
    case '(':
        return open_list(r);
    case ')':
        if (r->top == NULL) {
            snprintf(r->errbuf, r->errlen, "unexpected ')'");
            return -1;
        }
        return add(r, pop(r));
    case ' ':
    case '\n':
        return 0;
    default:
        snprintf(r->errbuf, r->errlen, "unexpected '%c'", c);
        return -1;
    }
}

nest_node nest_parse(const char *text, char *errbuf, int errlen)
{
    reader_t r = { NULL, NULL, errbuf, errlen };

    for (; *text; text++) {
        if (step(&r, *text) != 0)
            return NULL;
    }
    if (r.top != NULL) {
        snprintf(errbuf, errlen, "a list is not closed");
        return NULL;
    }
    return r.root;
}
'''

TOOL = r'''#include <stdio.h>
#include "nest.h"

int main(void)
{
    char text[4096], err[128];
    size_t n = fread(text, 1, sizeof text - 1, stdin);
    nest_node tree;

    text[n] = 0;
    tree = nest_parse(text, err, sizeof err);
    if (tree == NULL) {
        fprintf(stderr, "nestcat: %s\n", err);
        return 1;
    }
    printf("%d lists\n", nest_count(tree));
    nest_free(tree);
    return 0;
}
'''

MAKEFILE = r'''CC ?= cc
CFLAGS ?= -O2 -Wall

all: libnest.a nestcat

libnest.a: nest.o
	ar rcs $@ $^

nestcat: nestcat.o libnest.a
	$(CC) $(CFLAGS) -o $@ nestcat.o libnest.a

check: nestcat
	@echo '(()(()))' | ./nestcat | grep -q '^4 lists$$' && echo 'PASS: balanced' || (echo 'FAIL: balanced'; exit 1)

clean:
	rm -f *.o libnest.a nestcat
'''

ISSUE = r'''# nest_parse leaks when a list is not closed

Built with `-fsanitize=address`, an unbalanced input makes nestcat report a leak:

```sh
$ echo '(()(' | ./nestcat
nestcat: a list is not closed
```

```
==4711==ERROR: LeakSanitizer: detected memory leaks

Direct leak of 16 byte(s) in 1 object(s) allocated from:
    #0 0x7f1173f2b9cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
    #1 0x562fd94bd926 in push /home/dev/nest/nest.c:47
    #2 0x562fd94bd926 in open_list /home/dev/nest/nest.c:91
    #3 0x562fd94bd926 in step /home/dev/nest/nest.c:98
    #4 0x562fd94bd926 in nest_parse /home/dev/nest/nest.c:119
    #5 0x562fd94bd38d in main /home/dev/nest/nestcat.c:11
    #6 0x7f1173cb8249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58

Indirect leak of 48 byte(s) in 3 object(s) allocated from:
    #0 0x7f1173f2b3b7 in __interceptor_calloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:77
    #1 0x562fd94bd910 in open_list /home/dev/nest/nest.c:87
    #2 0x562fd94bd910 in step /home/dev/nest/nest.c:98
    #3 0x562fd94bd910 in nest_parse /home/dev/nest/nest.c:119
    #4 0x562fd94bd38d in main /home/dev/nest/nestcat.c:11
    #5 0x7f1173cb8249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58

SUMMARY: AddressSanitizer: 88 byte(s) leaked in 6 allocation(s).
```
'''


def test_a_leak_on_the_error_return_is_fixed_with_the_projects_own_release_functions(c_image, tmp_path):
    repo = make_repo(tmp_path / "nest", {"nest.h": HEADER, "nest.c": LIB, "nestcat.c": TOOL, "Makefile": MAKEFILE})
    (tmp_path / "issue.md").write_text(ISSUE)
    out = tmp_path / "out"
    code = cli(["run", "--repo", str(repo), "--report", str(tmp_path / "issue.md"), "--out", str(out),
                "--strategy", "templates", "--max-candidates", "3"])
    result = json.loads((out / "result.json").read_text())
    assert result["reproduction"]["reproduced"], result["reproduction"]["attempts"]
    assert result["status"] == "fixed", (code, result["status"], result["error"],
                                         [(c["description"], c.get("reason")) for c in result["candidates"]])
    fix = result["fix"]
    assert fix["template"] == "c:release_context" and fix["files"] == ["nest.c"], fix
    for line in ("while (r.top != NULL)", "nest_free(pop(&r));", "if (r.root != NULL)", "nest_free(r.root);"):
        assert line in fix["diff"], fix["diff"]
    assert fix["diff"].count("nest_free(pop(&r));") == 2          # both error returns after the parse
    assert result["tests"]["after"]["passed"] == 1                 # `make check` still passes
