#include <stdlib.h>
#include <string.h>

#include "clib.h"

list *list_new(void)
{
    return calloc(1, sizeof(list));
}

int list_push(list *l, const char *text)
{
    node *n = malloc(sizeof *n);
    size_t len = strlen(text);
    if (n == NULL)
        return -1;
    n->text = malloc(len + 1);
    if (n->text == NULL) {
        free(n);
        return -1;
    }
    memcpy(n->text, text, len + 1);
    n->next = l->head;
    l->head = n;
    l->len++;
    return 0;
}

int list_contains(const list *l, const char *text)
{
    const node *n;
    for (n = l->head; n != NULL; n = n->next)
        if (strcmp(n->text, text) == 0)
            return 1;
    return 0;
}

/* Remove every node holding `text`; returns how many were removed. */
int list_remove(list *l, const char *text)
{
    node **link = &l->head;
    int removed = 0;
    while (*link != NULL) {
        node *n = *link;
        if (strcmp(n->text, text) == 0) {
            free(n->text);
            free(n);
            *link = n->next;
            l->len--;
            removed++;
        } else {
            link = &n->next;
        }
    }
    return removed;
}

void list_free(list *l)
{
    node *n, *next;
    if (l == NULL)
        return;
    for (n = l->head; n != NULL; n = next) {
        next = n->next;
        free(n->text);
        free(n);
    }
    free(l);
}
