#ifndef STRX_H
#define STRX_H
char *strx_upper(const char *s);
int strx_count(const char *s, char c);
#endif
