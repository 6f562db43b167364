# the realistic projects the environment's Docker tests set up are not crashfix's own tests
collect_ignore = ["projects"]
