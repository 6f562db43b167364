"""The native (C/C++) path: build with the sanitizers, reproduce, probe with gdb, validate by rebuild."""
