#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clib.h"

int main(void)
{
    char padded[] = "  hello world \t\n";
    char blank[] = "   ";
    char *joined;

    CHECK(strcmp(str_trim(padded), "hello world") == 0);
    CHECK(strcmp(str_trim(blank), "") == 0);
    CHECK(str_count("a,b,,c", ',') == 3);
    CHECK(str_count("", ',') == 0);

    joined = str_join("key", "=", "value");
    CHECK(joined != NULL && strcmp(joined, "key=value") == 0);
    free(joined);
    joined = str_join("", "", "");
    CHECK(joined != NULL && joined[0] == '\0');
    free(joined);
    return DONE();
}
