/* clib: small string, record, list, buffer and statistics helpers. */
#ifndef CLIB_H
#define CLIB_H

#include <stddef.h>

/* strutil.c */
char *str_dup(const char *s);
char *str_trim(char *s);
size_t str_count(const char *s, char c);
char *str_join(const char *a, const char *sep, const char *b);

/* record.c: "key=value;key=value" records */
typedef struct field {
    char *key;
    char *value;
    size_t vlen;
} field;

typedef struct record {
    field *fields;
    size_t count;
} record;

record *record_parse(const char *text);
const field *record_find(const record *r, const char *key);
const char *record_get(const record *r, const char *key, const char *fallback);
size_t record_value_len(const record *r, const char *key);
void record_free(record *r);

/* list.c: singly linked list of strings */
typedef struct node {
    char *text;
    struct node *next;
} node;

typedef struct list {
    node *head;
    size_t len;
} list;

list *list_new(void);
int list_push(list *l, const char *text);
int list_contains(const list *l, const char *text);
int list_remove(list *l, const char *text);
void list_free(list *l);

/* sbuf.c: growable string buffer */
typedef struct sbuf {
    char *data;
    size_t len;
    size_t cap;
} sbuf;

sbuf *sbuf_new(void);
int sbuf_append(sbuf *b, const char *s);
int sbuf_appendf_int(sbuf *b, long v);
const char *sbuf_str(const sbuf *b);
void sbuf_reset(sbuf *b);
void sbuf_free(sbuf *b);

/* stats.c */
long stats_sum(const int *v, size_t n);
int stats_max(const int *v, size_t n);
double stats_mean(const int *v, size_t n);

/* ivec.c: fixed-size integer vectors */
typedef struct ivec {
    int *items;
    int count;
} ivec;

ivec *ivec_new(int count);
int ivec_set(ivec *v, int i, int value);
int ivec_get(const ivec *v, int i, int *out);
void ivec_free(ivec *v);

#endif
