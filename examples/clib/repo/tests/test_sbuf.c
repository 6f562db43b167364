#include <string.h>

#include "check.h"
#include "clib.h"

int main(void)
{
    sbuf *b = sbuf_new();
    int i;

    CHECK(b != NULL);
    CHECK(strcmp(sbuf_str(b), "") == 0);
    CHECK(sbuf_append(b, "total: ") == 0);
    CHECK(sbuf_appendf_int(b, -42) == 0);
    CHECK(strcmp(sbuf_str(b), "total: -42") == 0);
    for (i = 0; i < 100; i++)
        CHECK(sbuf_append(b, "x") == 0);
    CHECK(b->len == 110);
    CHECK(b->cap >= 111);
    sbuf_free(b);
    return DONE();
}
