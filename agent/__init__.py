"""The crash-repair agent: reports, analysis, repair strategies and validation."""
