#include "check.h"
#include "clib.h"

int main(void)
{
    int v[] = {4, -2, 9, 3};

    CHECK(stats_sum(v, 4) == 14);
    CHECK(stats_sum(v, 0) == 0);
    CHECK(stats_mean(v, 4) == 3.5);
    CHECK(stats_mean(v, 0) == 0.0);
    return DONE();
}
