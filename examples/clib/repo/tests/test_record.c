#include <string.h>

#include "check.h"
#include "clib.h"

int main(void)
{
    record *r = record_parse("name=ann;age=7;;junk;city=");

    CHECK(r != NULL);
    CHECK(r->count == 3);
    CHECK(strcmp(record_get(r, "name", "-"), "ann") == 0);
    CHECK(strcmp(record_get(r, "age", "-"), "7") == 0);
    CHECK(strcmp(record_get(r, "city", "-"), "") == 0);
    CHECK(strcmp(record_get(r, "email", "-"), "-") == 0);
    CHECK(record_find(r, "email") == NULL);
    CHECK(record_value_len(r, "name") == 3);
    CHECK(record_value_len(r, "city") == 0);
    record_free(r);

    r = record_parse("");
    CHECK(r != NULL && r->count == 0);
    record_free(r);
    return DONE();
}
