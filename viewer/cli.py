def main(argv=None):
    raise SystemExit("daqi: viewer not built yet")
