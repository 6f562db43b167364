"""A small INI-parser library written for issue 39's tests (not a real project): `LD = gcc`, an old
`-Wall -Werror`, a scan for '=' without a bound; the issue as a reporter writes it (the ASan report
as pasted, the program in an untagged fence, a prose recipe) and the fix."""

LIB = """#include <stdlib.h>
#include <string.h>
#include "tini.h"

/* the value after '=' on a line: scans for the line's end */
int tini_value(const char *buf, size_t len, char *out, size_t cap)
{
    size_t i = 0, n = 0;
    int unused;
    while (buf[i] != '=')
        i++;
    i++;
    while (i < len && buf[i] != '\\n' && n + 1 < cap)
        out[n++] = buf[i++];
    out[n] = '\\0';
    return 0;
}
"""
HEADER = "#include <stddef.h>\nint tini_value(const char *buf, size_t len, char *out, size_t cap);\n"
MAKEFILE = ("CC = gcc\nLD = gcc\nCFLAGS = -Wall -Werror -g\n\nall: libtini.a tinicat\n\n"
            "libtini.a: tini.o\n\tar rcs $@ $^\n\n"
            "tinicat: tinicat.o libtini.a\n\t$(LD) -o $@ tinicat.o libtini.a\n\n"
            "%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n")
TOOL = """#include <stdio.h>
#include <stdlib.h>
#include "tini.h"

int main(int argc, char **argv)
{
    char buf[256], out[64];
    FILE *f = fopen(argv[1], "rb");
    size_t len = fread(buf, 1, sizeof buf, f);
    char *copy = malloc(len);
    fclose(f);
    for (size_t i = 0; i < len; i++) copy[i] = buf[i];
    if (tini_value(copy, len, out, sizeof out) != 0) { free(copy); return 1; }
    puts(out);
    free(copy);
    return 0;
}
"""
FIX = """--- a/tini.c
+++ b/tini.c
@@ -7,8 +7,10 @@
 {
     size_t i = 0, n = 0;
     int unused;
-    while (buf[i] != '=')
+    while (i < len && buf[i] != '=')
         i++;
+    if (i == len)
+        return -1;
     i++;
     while (i < len && buf[i] != '\\n' && n + 1 < cap)
         out[n++] = buf[i++];
"""
ISSUE = """heap-buffer-overflow in tini_value on a file without '='

Build the library, then `dd if=/dev/zero of=poc.ini bs=1 count=1` and `./tinicat poc.ini`. The same with
this program (link it with libtini.a):

```
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "tini.h"

int main(void)
{
    char out[16];
    char *buf = malloc(3);
    memcpy(buf, "abc", 3);
    int rc = tini_value(buf, 3, out, sizeof out);
    free(buf);
    printf("rc=%d\\n", rc);
    return rc != 0;
}
```

```
=================================================================
==31337==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000013 at pc 0x5612 bp 0x7ffc sp 0x7ffc
READ of size 1 at 0x602000000013 thread T0
    #0 0x561234 in tini_value /home/me/tini/tini.c:10
    #1 0x561235 in main /home/me/tini/poc.c:11
    #2 0x7f0000 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x21b96)

0x602000000013 is located 0 bytes to the right of 3-byte region [0x602000000010,0x602000000013)
SUMMARY: AddressSanitizer: heap-buffer-overflow /home/me/tini/tini.c:10 in tini_value
```
"""
