#include "check.h"
#include "clib.h"

int main(void)
{
    list *l = list_new();

    CHECK(l != NULL);
    CHECK(list_push(l, "alpha") == 0);
    CHECK(list_push(l, "beta") == 0);
    CHECK(list_push(l, "gamma") == 0);
    CHECK(l->len == 3);
    CHECK(list_contains(l, "beta"));
    CHECK(!list_contains(l, "delta"));
    CHECK(list_remove(l, "delta") == 0);
    CHECK(l->len == 3);
    list_free(l);
    return DONE();
}
