#include <stdlib.h>
#include <string.h>

#include "clib.h"

ivec *ivec_new(int count)
{
    ivec *v;
    int bytes;
    if (count < 0)
        return NULL;
    bytes = count * (int)sizeof(int);
    v = malloc(sizeof *v);
    if (v == NULL)
        return NULL;
    v->items = malloc((size_t)bytes);
    if (v->items == NULL && bytes > 0) {
        free(v);
        return NULL;
    }
    if (bytes > 0)
        memset(v->items, 0, (size_t)bytes);
    v->count = count;
    return v;
}

int ivec_set(ivec *v, int i, int value)
{
    if (i < 0 || i >= v->count)
        return -1;
    v->items[i] = value;
    return 0;
}

int ivec_get(const ivec *v, int i, int *out)
{
    if (i < 0 || i >= v->count)
        return -1;
    *out = v->items[i];
    return 0;
}

void ivec_free(ivec *v)
{
    if (v == NULL)
        return;
    free(v->items);
    free(v);
}
