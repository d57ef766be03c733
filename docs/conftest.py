"""pytest settings for the docs: doctest the .rst pages, not the built HTML."""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build/*"]
