/* Scoring only: a string item whose valuestring is NULL. */
#include <stdio.h>
#include <stdlib.h>
#include "cJSON.h"
int main(void) {
    cJSON *s = cJSON_CreateString("x");
    cJSON_free(s->valuestring);
    s->valuestring = NULL;
    printf("set: %s\n", cJSON_SetValuestring(s, "abc") ? "value" : "NULL");
    cJSON_Delete(s);
    return 0;
}
