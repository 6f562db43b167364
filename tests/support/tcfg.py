"""A tiny C library written for the MSan tests (issue 39; not a real project): `tcfg_area` declares
a struct, lets `tcfg_parse` (another file, so the compiler cannot fold the read away) set one field
of it, and branches on the other, never set for a width-only setting. MemorySanitizer reports the
branch; ASan and UBSan see nothing. The fix a maintainer makes: initialise the struct."""

HEADER = ("struct tcfg { int width; int height; };\n"
          "int tcfg_parse(const char *s, struct tcfg *out);\n"
          "int tcfg_area(const char *s);\n")
PARSE = """#include <string.h>
#include "tcfg.h"

/* one "key=digit" setting; other keys are left as they were */
int tcfg_parse(const char *s, struct tcfg *out)
{
    if (strncmp(s, "w=", 2) == 0)
        out->width = s[2] - '0';
    else if (strncmp(s, "h=", 2) == 0)
        out->height = s[2] - '0';
    return 0;
}
"""
AREA = """#include <stdio.h>
#include "tcfg.h"

/* the area a one-setting string gives, -1 when it gives none */
int tcfg_area(const char *s)
{
    struct tcfg c;
    tcfg_parse(s, &c);
    if (c.width <= 0 || c.height <= 0) {
        fprintf(stderr, "tcfg: no area in '%s'\\n", s);
        return -1;
    }
    return c.width * c.height;
}
"""
TOOL = """#include <stdio.h>
#include "tcfg.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: tcfgarea SETTING\\n");
        return 2;
    }
    int area = tcfg_area(argv[1]);
    printf("%d\\n", area);
    return 0;
}
"""
MAKEFILE = ("CC = cc\nCFLAGS = -g\n\nall: tcfgarea\n\n"
            "libtcfg.a: tcfg.o parse.o\n\tar rcs $@ $^\n\n"
            "tcfgarea: tcfgarea.o libtcfg.a\n\t$(CC) $(CFLAGS) -o $@ tcfgarea.o libtcfg.a\n\n"
            "%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n")
FILES = {"tcfg.h": HEADER, "parse.c": PARSE, "tcfg.c": AREA, "tcfgarea.c": TOOL, "Makefile": MAKEFILE}

REPORT = """```
==4242==WARNING: MemorySanitizer: use-of-uninitialized-value
    #0 0x55d0c1a2b5a4 in tcfg_area /home/me/tcfg/tcfg.c:9:11
    #1 0x55d0c1a2b30f in main /home/me/tcfg/tcfgarea.c:10:16
    #2 0x7f3a2c829d8f in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x29d8f)

  Uninitialized value was created by an allocation of 'c' in the stack frame of function 'tcfg_area'
    #0 0x55d0c1a2b3b0 in tcfg_area /home/me/tcfg/tcfg.c:6

SUMMARY: MemorySanitizer: use-of-uninitialized-value /home/me/tcfg/tcfg.c:9:11 in tcfg_area
Exiting
```
"""
# the reporter ran the project's own tool
ISSUE_COMMAND = ("use-of-uninitialized-value in tcfg_area with a width-only setting\n\n"
                 "Built with clang -fsanitize=memory, then:\n\n```sh\n./tcfgarea w=3\n```\n\n" + REPORT)
# the reporter wrote a program against the library (untagged fence)
ISSUE_PROGRAM = ("tcfg_area reads an uninitialised height\n\nThis program (linked with libtcfg.a) shows it:\n\n"
                 "```\n#include <stdio.h>\n#include \"tcfg.h\"\n\nint main(void)\n{\n"
                 "    printf(\"%d\\n\", tcfg_area(\"w=3\"));\n    return 0;\n}\n```\n\n" + REPORT)
