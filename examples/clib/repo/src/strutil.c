#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "clib.h"

char *str_dup(const char *s)
{
    size_t n = strlen(s);
    char *copy = malloc(n);
    if (copy == NULL)
        return NULL;
    strcpy(copy, s);
    return copy;
}

char *str_trim(char *s)
{
    char *end;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0')
        return s;
    end = s + strlen(s) - 1;
    while (end > s && isspace((unsigned char)*end))
        end--;
    end[1] = '\0';
    return s;
}

size_t str_count(const char *s, char c)
{
    size_t n = 0;
    for (; *s; s++)
        if (*s == c)
            n++;
    return n;
}

char *str_join(const char *a, const char *sep, const char *b)
{
    size_t la = strlen(a), ls = strlen(sep), lb = strlen(b);
    char *out = malloc(la + ls + lb + 1);
    if (out == NULL)
        return NULL;
    memcpy(out, a, la);
    memcpy(out + la, sep, ls);
    memcpy(out + la + ls, b, lb + 1);
    return out;
}
