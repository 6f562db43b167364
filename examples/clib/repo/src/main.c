/* clibtool: the library from the command line.
 *   clibtool max N...            the largest number
 *   clibtool mean N...           the mean
 *   clibtool get RECORD KEY      a record's value ("-" when missing)
 *   clibtool len RECORD KEY      the length of a record's value
 *   clibtool join A SEP B        A, SEP and B joined
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clib.h"

static int *numbers(int argc, char **argv, size_t *n)
{
    int *v = malloc((size_t)argc * sizeof *v);
    int i;
    if (v == NULL)
        return NULL;
    for (i = 0; i < argc; i++)
        v[i] = atoi(argv[i]);
    *n = (size_t)argc;
    return v;
}

static int usage(void)
{
    fputs("usage: clibtool max|mean N... | get|len RECORD KEY | join A SEP B\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if ((strcmp(argv[1], "max") == 0 || strcmp(argv[1], "mean") == 0) && argc > 2) {
        size_t n;
        int *v = numbers(argc - 2, argv + 2, &n);
        if (v == NULL)
            return 1;
        if (argv[1][1] == 'a')
            printf("%d\n", stats_max(v, n));
        else
            printf("%.2f\n", stats_mean(v, n));
        free(v);
        return 0;
    }
    if ((strcmp(argv[1], "get") == 0 || strcmp(argv[1], "len") == 0) && argc == 4) {
        record *r = record_parse(argv[2]);
        if (r == NULL)
            return 1;
        if (argv[1][0] == 'g')
            printf("%s\n", record_get(r, argv[3], "-"));
        else
            printf("%zu\n", record_value_len(r, argv[3]));
        record_free(r);
        return 0;
    }
    if (strcmp(argv[1], "join") == 0 && argc == 5) {
        char *s = str_join(argv[2], argv[3], argv[4]);
        if (s == NULL)
            return 1;
        printf("%s\n", s);
        free(s);
        return 0;
    }
    return usage();
}
