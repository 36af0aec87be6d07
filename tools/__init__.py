"""Build, serve and test tools: scripts to run, and modules the tests and benchmarks share."""
