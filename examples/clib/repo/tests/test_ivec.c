#include "check.h"
#include "clib.h"

int main(void)
{
    ivec *v = ivec_new(8);
    int x = -1;

    CHECK(v != NULL && v->count == 8);
    CHECK(ivec_get(v, 3, &x) == 0 && x == 0);
    CHECK(ivec_set(v, 3, 17) == 0);
    CHECK(ivec_get(v, 3, &x) == 0 && x == 17);
    CHECK(ivec_set(v, 8, 1) == -1);
    CHECK(ivec_get(v, -1, &x) == -1);
    ivec_free(v);
    CHECK(ivec_new(-1) == NULL);
    return DONE();
}
