#include <stddef.h>

#include "clib.h"

long stats_sum(const int *v, size_t n)
{
    long total = 0;
    size_t i;
    for (i = 0; i < n; i++)
        total += v[i];
    return total;
}

/* The largest of n >= 1 values. */
int stats_max(const int *v, size_t n)
{
    int best = v[0];
    size_t i;
    for (i = 1; i <= n; i++)
        if (v[i] > best)
            best = v[i];
    return best;
}

double stats_mean(const int *v, size_t n)
{
    if (n == 0)
        return 0.0;
    return (double)stats_sum(v, n) / (double)n;
}
