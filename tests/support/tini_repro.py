"""Issue 39's rung 5 on the tini test library (tests/support/tini.py): the crash described in words with
nothing to run, and the C programs a model might write for it (one that does not compile, one that
does not crash, one that crashes in its own code, one that crashes in tini_value as described)."""

PROSE = """tini_value crashes with SEGV when a line has no '='

Calling `tini_value()` on a buffer that holds no '=' (a line like "abc") reads past the end of the buffer.
It scans for '=' without looking at the length:

```c
    while (buf[i] != '=')
        i++;
```
"""

NO_COMPILE = '#include "tini.h"\nint main(void) { char out[8]; return tini_value("a=b", 3, out, 8) }\n'
NO_CRASH = '#include "tini.h"\nint main(void) { char out[8]; return tini_value("a=b", 3, out, 8); }\n'
ELSEWHERE = ('#include <stdlib.h>\n#include "tini.h"\nint main(void) {\n    char out[8];\n'
             '    int *p = (int *)(size_t)atoi("0");\n    tini_value("a=b", 3, out, 8);\n    return *p;\n}\n')
GOOD = ('#include <stdlib.h>\n#include <string.h>\n#include "tini.h"\nint main(void) {\n    char out[16];\n'
        '    char *buf = malloc(3);\n    memcpy(buf, "abc", 3);\n    tini_value(buf, 3, out, sizeof out);\n'
        '    free(buf);\n    return 0;\n}\n')

# the ASan report as tini.py's ISSUE pastes it, with a fragment that parses but does not compile
# (`buf` is never declared): what the model is handed as its starting point
FRAGMENT_ISSUE = """heap-buffer-overflow in tini_value on a line without '='

```
char out[16];
tini_value(buf, 3, out, sizeof out);
```

```
=================================================================
==31337==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000013 at pc 0x5612 bp 0x7ffc sp 0x7ffc
READ of size 1 at 0x602000000013 thread T0
    #0 0x561234 in tini_value /home/me/tini/tini.c:10
    #1 0x561235 in main /home/me/tini/poc.c:11

SUMMARY: AddressSanitizer: heap-buffer-overflow /home/me/tini/tini.c:10 in tini_value
```
"""
