/* Scoring only (not given to crashfix): the fuzz target with a main that reads the input file. */
#include <stdio.h>
#include <stdlib.h>
#include "cJSON.h"
int main(int argc, char **argv) {
    static char buf[4096];
    FILE *f = fopen(argv[1], "rb");
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    char *data = malloc(n);
    for (size_t i = 0; i < n; i++) data[i] = buf[i];
    cJSON *json = cJSON_ParseWithLength(data, n);
    printf("parsed: %s\n", json ? "yes" : "no");
    cJSON_Delete(json);
    free(data);
    return 0;
}
