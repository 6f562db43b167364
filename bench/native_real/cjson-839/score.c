/* Scoring only: the two lines in a main. */
#include <stdio.h>
#include "cJSON.h"
int main(void) {
    cJSON *item = cJSON_CreateString("apple");
    printf("set: %s\n", cJSON_SetValuestring(item, NULL) ? "value" : "NULL");
    cJSON_Delete(item);
    return 0;
}
