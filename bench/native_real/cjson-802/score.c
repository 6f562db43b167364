/* Scoring only: a NULL newitem inserted before an existing element. */
#include <stdio.h>
#include "cJSON.h"
int main(void) {
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber(1));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(2));
    printf("insert: %d\n", (int)cJSON_InsertItemInArray(a, 1, NULL));
    cJSON_Delete(a);
    return 0;
}
