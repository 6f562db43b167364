"""The `crashfix` command line: one module per subcommand family."""
