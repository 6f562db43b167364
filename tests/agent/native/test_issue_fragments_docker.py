"""Reproducers from C issues as written, in the C image (issue 39), on two small projects written for the
test and shaped like real ones: a JSON-ish library whose issue describes a NULL crash in words with a
two-statement fragment as its PoC, and a server that overflows a heap buffer on a request sent with `nc`."""
from __future__ import annotations

import pytest

from agent.candidates import Candidate
from agent.judge.validate import Validator
from agent.native.build import build, detect, sanitizers_for
from agent.native.reproduce import NO_BUILD, reproduce
from agent.pipeline import run_job
from agent.run import RunConfig
from bot.conversation.question import asks
from gitrepo import make_repo
from sandbox import open_sandbox

pytestmark = pytest.mark.docker

TJ_H = """#ifndef TJSON_H
#define TJSON_H
typedef struct tj_value { int type; char *string; } tj_value;
tj_value *tj_create_string(const char *s);
char *tj_set_string(tj_value *v, const char *s);
void tj_delete(tj_value *v);
#endif
"""
TJ_C = """#include <stdlib.h>
#include <string.h>
#include "tjson.h"

static char *tj_dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

tj_value *tj_create_string(const char *s)
{
    tj_value *v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->type = 1;
    v->string = tj_dup(s);
    return v;
}

char *tj_set_string(tj_value *v, const char *s)
{
    char *copy;
    if (v == NULL || v->string == NULL)
        return NULL;
    if (strlen(s) <= strlen(v->string)) {
        strcpy(v->string, s);
        return v->string;
    }
    copy = tj_dup(s);
    if (copy == NULL)
        return NULL;
    free(v->string);
    v->string = copy;
    return copy;
}

void tj_delete(tj_value *v)
{
    if (v)
        free(v->string);
    free(v);
}
"""
TJ_MAKE = """CC ?= cc
all: libtjson.a
libtjson.a: tjson.o
\tar rcs $@ tjson.o
tjson.o: tjson.c tjson.h
\t$(CC) $(CFLAGS) -c tjson.c -o tjson.o
"""
TJ_ISSUE = """# Segmentation fault in tj_set_string

Hi, a segmentation fault happens in `tj_set_string` when the new string is NULL:

```C
char *tj_set_string(tj_value *v, const char *s)
{
    ···
    if (strlen(s) <= strlen(v->string))   // null pointer dereference here
    {
```

The PoC is as follows:

```C
    tj_value *item = tj_create_string("apple");
    tj_set_string(item, NULL);
```
"""

SRV_C = """#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "proto.h"

int main(void)
{
    int s = socket(AF_INET, SOCK_STREAM, 0), one = 1, c;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(7707);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(s, (struct sockaddr *)&a, sizeof a) || listen(s, 1)) {
        perror("listen");
        return 1;
    }
    while ((c = accept(s, NULL, NULL)) >= 0) {
        unsigned char req[256];
        ssize_t n = read(c, req, sizeof req);
        if (n > 0)
            proto_reply(c, req, (size_t)n);
        close(c);
    }
    return 0;
}
"""
PROTO_H = "#include <stddef.h>\nint proto_reply(int fd, const unsigned char *req, size_t len);\n"
PROTO_C = """#include <stdlib.h>
#include <unistd.h>
#include "proto.h"

#define NREGS 4

int proto_reply(int fd, const unsigned char *req, size_t len)
{
    unsigned char *regs;
    size_t count, i;
    if (len < 2)
        return -1;
    count = req[1];
    regs = calloc(NREGS, 1);
    if (regs == NULL)
        return -1;
    for (i = 0; i < count && 2 + i < len; i++)
        regs[i] = req[2 + i];
    write(fd, regs, NREGS);
    free(regs);
    return 0;
}
"""
SRV_MAKE = """CC ?= cc
tinysrv: tinysrv.c proto.c proto.h
\t$(CC) $(CFLAGS) tinysrv.c proto.c -o tinysrv
"""
SRV_ISSUE = """# Heap buffer overflow in proto_reply

A request whose count is larger than the register block overflows it (heap-based buffer overflow in
`proto_reply`). Start the server, then send it one request:

```
./tinysrv
printf '\\x01\\x08AAAAAAAA' | nc 127.0.0.1 7707
```
"""
SRV_FIX = """--- a/proto.c
+++ b/proto.c
@@ -12,6 +12,8 @@ int proto_reply(int fd, const unsigned char *req, size_t len)
     if (len < 2)
         return -1;
     count = req[1];
+    if (count > NREGS)
+        return -1;
     regs = calloc(NREGS, 1);
     if (regs == NULL)
         return -1;
"""


def test_a_crash_described_in_words_reproduces_from_its_two_statement_fragment(c_image, tmp_path):
    repo = make_repo(tmp_path / "tjson", {"tjson.h": TJ_H, "tjson.c": TJ_C, "Makefile": TJ_MAKE})
    run = run_job(RunConfig(repo=str(repo), report_text=TJ_ISSUE, out=tmp_path / "out", strategy="templates",
                            sandbox="docker", image=c_image, tries=1, max_candidates=4))
    rep = run.reproduction
    assert run.error_kind != "bad_input", run.error          # it was "no crash report found in the given text"
    assert rep is not None and rep.reproduced and rep.how == "reproducer fragment", \
        (run.error, [(a.how, a.command, a.output_tail[-400:]) for a in (rep.attempts if rep else [])])
    # the sanitizer report the fragment printed stands for the words: a frame of the tree, in tj_set_string
    assert run.report.extra["described"] and run.report.guilty.function == "tj_set_string"
    assert run.sites and run.sites[0].path == "tjson.c" and run.sites[0].function == "tj_set_string"
    assert any("describes the crash in words" in n for n in run.notes)


def test_a_fragment_that_does_not_compile_is_named_in_the_question_never_a_crash(c_image, tmp_path):
    repo = make_repo(tmp_path / "tjson", {"tjson.h": TJ_H, "tjson.c": TJ_C, "Makefile": TJ_MAKE})
    broken = TJ_ISSUE.replace("tj_set_string(item, NULL);", "tj_set_string(itme, NULL);")
    run = run_job(RunConfig(repo=str(repo), report_text=broken, out=tmp_path / "out", strategy="templates",
                            sandbox="docker", image=c_image, tries=1))
    assert run.status == "not_reproduced" and not run.reproduction.reproduced, (run.status, run.error)
    (attempt,) = [a for a in run.reproduction.attempts if a.how == "reproducer fragment"]
    assert attempt.output_tail.startswith(NO_BUILD) and "itme" in attempt.output_tail
    first = asks(run.result, broken)[0]
    assert first.startswith("**A program that compiles**: the issue's C fragment, put in a `main`") \
        and "itme" in first and "error:" in first


def test_a_server_recipe_runs_the_clients_against_the_background_server_and_reads_its_report(c_image, docker_limits,
                                                                                              tmp_path):
    from agent.native.described import stands_for
    from agent.native.reproduce import described_crash
    files = {"tinysrv.c": SRV_C, "proto.c": PROTO_C, "proto.h": PROTO_H, "Makefile": SRV_MAKE}
    repo = make_repo(tmp_path / "srv", files)
    want = described_crash(SRV_ISSUE)
    assert want is not None and want.extra["named"] == ["proto_reply"]
    with open_sandbox("docker", repo, image=c_image, limits=docker_limits) as sb:
        plan = detect(sorted(files), sb.read, sanitizers=sanitizers_for(want))
        assert build(sb, plan, timeout=300).ok
        from agent.native.reproduce import resolve_bare
        # a program named bare, as the reporter runs an installed build: the tree's, when not on the PATH
        assert resolve_bare(sb, "tinysrv --port 7707") == "./tinysrv --port 7707"
        assert resolve_bare(sb, "ls -l") == "ls -l" and resolve_bare(sb, "nosuchprog x") == "nosuchprog x"
        found = reproduce(sb, want, plan, sorted(files), None, tries=1, timeout=60, text=SRV_ISSUE)
        rep = found.reproduction
        assert rep.reproduced and rep.how == "reproducer server", \
            [(a.how, a.command, a.output_tail[-600:]) for a in rep.attempts]
        assert rep.observed.type == "heap-buffer-overflow" and rep.observed.guilty.function == "proto_reply", \
            rep.attempts[-1].output_tail
        # a client by curl (the image has none: an HTTP/1.0 request over bash's /dev/tcp): "POST" overflows too
        by_curl = SRV_ISSUE.replace("printf '\\x01\\x08AAAAAAAA' | nc 127.0.0.1 7707", "curl -d AAAA http://127.0.0.1:7707/")
        again = reproduce(sb, described_crash(by_curl), plan, sorted(files), None, tries=1, timeout=60,
                          text=by_curl).reproduction
        assert again.reproduced and again.how == "reproducer server" and "curl -d AAAA" in again.command, \
            [(a.how, a.output_tail[-400:]) for a in again.attempts]
        # fixed, the server answers, serves on, and is stopped after the client: a clean run, not a signal
        report = stands_for(want, rep.observed)
        validator = Validator(sb, report, rep.command, None, None, tries=1, timeout=120, build_cmd=plan.rebuild)
        verdict = validator.check(Candidate(description="bound the count", diff=SRV_FIX, files=["proto.c"]))
        assert verdict.validated, (verdict.reason, verdict.log)
        assert "still serving after the client lines: stopped" in verdict.repro_after.get("output", "") \
            or verdict.repro_after["exit"] == 0


PROGRAM_ISSUE = """# Segmentation fault in tj_set_string

`tj_set_string` crashes (segmentation fault) on a NULL string:

```c
#include <stdio.h>

int main(void)
{
    tj_value *item = tj_create_string("apple");
    printf("%s\\n", tj_set_string(item, NULL));
    return 0;
}
```
"""


def test_a_program_without_the_libraries_include_gets_the_trees_header_that_declares_its_calls(c_image, docker_limits,
                                                                                              tmp_path):
    from agent.native.reproduce import described_crash
    files = {"tjson.h": TJ_H, "tjson.c": TJ_C, "Makefile": TJ_MAKE}
    repo = make_repo(tmp_path / "tjson", files)
    want = described_crash(PROGRAM_ISSUE)
    with open_sandbox("docker", repo, image=c_image, limits=docker_limits) as sb:
        plan = detect(sorted(files), sb.read, sanitizers=sanitizers_for(want))
        assert build(sb, plan, timeout=300).ok
        found = reproduce(sb, want, plan, sorted(files), None, tries=1, timeout=60, text=PROGRAM_ISSUE)
        rep = found.reproduction
        assert rep.reproduced and rep.how == "reproducer program", \
            [(a.how, a.output_tail[-400:]) for a in rep.attempts]
        first = rep.attempts[0]          # as written it did not compile: that is kept, then the header added
        assert first.output_tail.startswith(NO_BUILD) and "tj_value" in first.output_tail
        (source,) = found.scratch.values()
        assert source.index('tjson.h"') < source.index("#include <stdio.h>") < source.index("int main")
        assert rep.observed.guilty.function == "tj_set_string"
