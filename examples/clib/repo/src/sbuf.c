#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clib.h"

sbuf *sbuf_new(void)
{
    return calloc(1, sizeof(sbuf));
}

static int reserve(sbuf *b, size_t extra)
{
    size_t want = b->len + extra + 1;
    size_t cap = b->cap ? b->cap : 16;
    char *grown;
    if (want <= b->cap)
        return 0;
    while (cap < want)
        cap *= 2;
    grown = realloc(b->data, cap);
    if (grown == NULL)
        return -1;
    b->data = grown;
    b->cap = cap;
    return 0;
}

int sbuf_append(sbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (reserve(b, n) != 0)
        return -1;
    memcpy(b->data + b->len, s, n + 1);
    b->len += n;
    return 0;
}

int sbuf_appendf_int(sbuf *b, long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%ld", v);
    return sbuf_append(b, tmp);
}

const char *sbuf_str(const sbuf *b)
{
    return b->data ? b->data : "";
}

/* Drop the contents and give the memory back; the buffer stays usable. */
void sbuf_reset(sbuf *b)
{
    free(b->data);
    b->len = 0;
    b->cap = 0;
}

void sbuf_free(sbuf *b)
{
    if (b == NULL)
        return;
    free(b->data);
    free(b);
}
