"""Helpers the tests share: interpreters, paths, standard libraries, the
command line, generated cases.  Test modules import from here, never from
one another."""
