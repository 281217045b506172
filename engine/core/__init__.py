"""Parts both games share: coordinates, errors, Betza movement notation and the ruleset
loader with its game registry.  Imports no game."""
