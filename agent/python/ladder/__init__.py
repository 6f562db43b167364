"""The reproduction ladder: the issue's own code, the named test, the traceback's call sites, a seeded search."""
