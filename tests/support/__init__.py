"""Helpers the tests share: interpreters, paths, standard libraries, the
command line, generated cases, CPython's own suites, wheels and real
builds.  Test modules import from here, never from one another."""
