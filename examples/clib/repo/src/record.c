#include <stdlib.h>
#include <string.h>

#include "clib.h"

static char *copy_range(const char *start, size_t n)
{
    char *s = malloc(n + 1);
    if (s == NULL)
        return NULL;
    memcpy(s, start, n);
    s[n] = '\0';
    return s;
}

static int add_field(record *r, const char *item, size_t n)
{
    const char *eq = memchr(item, '=', n);
    field *grown;
    field *f;
    if (eq == NULL || eq == item)
        return 0;               /* not a key=value item: skipped */
    grown = realloc(r->fields, (r->count + 1) * sizeof *r->fields);
    if (grown == NULL)
        return -1;
    r->fields = grown;
    f = &r->fields[r->count];
    f->key = copy_range(item, (size_t)(eq - item));
    f->vlen = n - (size_t)(eq - item) - 1;
    f->value = copy_range(eq + 1, f->vlen);
    if (f->key == NULL || f->value == NULL) {
        free(f->key);
        free(f->value);
        return -1;
    }
    r->count++;
    return 0;
}

record *record_parse(const char *text)
{
    record *r = calloc(1, sizeof *r);
    const char *p = text;
    if (r == NULL)
        return NULL;
    while (*p) {
        const char *end = strchr(p, ';');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (add_field(r, p, n) != 0) {
            record_free(r);
            return NULL;
        }
        p += n;
        if (*p == ';')
            p++;
    }
    return r;
}

const field *record_find(const record *r, const char *key)
{
    size_t i;
    for (i = 0; i < r->count; i++)
        if (strcmp(r->fields[i].key, key) == 0)
            return &r->fields[i];
    return NULL;
}

const char *record_get(const record *r, const char *key, const char *fallback)
{
    const field *f = record_find(r, key);
    return f ? f->value : fallback;
}

size_t record_value_len(const record *r, const char *key)
{
    const field *f = record_find(r, key);
    return f->vlen;
}

void record_free(record *r)
{
    size_t i;
    if (r == NULL)
        return;
    for (i = 0; i < r->count; i++) {
        free(r->fields[i].key);
        free(r->fields[i].value);
    }
    free(r->fields);
    free(r);
}
