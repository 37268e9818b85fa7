"""Language-server tests (a package, so that module names do not collide with other test folders)."""
