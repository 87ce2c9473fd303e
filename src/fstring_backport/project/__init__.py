"""What the command line and the build steps share: a project's settings,
which of its files to read, and writing files safely."""
