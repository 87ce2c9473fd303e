"""What the command line and the build steps share: a project's settings,
which of its files to read, writing files safely, the copies of the
t-string runtime that output carries, and how messages word counts and
exceptions."""
