#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "strx.h"

static int failures;

static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok" : "FAIL", what);
    failures += !ok;
}

int main(void)
{
    char *up;
    check(strx_count("banana", 'a') == 3, "count");
    up = strx_upper("abc");
    check(strcmp(up, "ABC") == 0, "upper");
    free(up);
    return failures != 0;
}
