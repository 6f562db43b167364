#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "strx.h"

char *strx_upper(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(n);
    size_t i;
    for (i = 0; i < n; i++)
        out[i] = (char)toupper((unsigned char)s[i]);
    out[n] = '\0';
    return out;
}

int strx_count(const char *s, char c)
{
    int k = 0;
    for (; *s; s++)
        k += *s == c;
    return k;
}
