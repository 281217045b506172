#!/bin/sh
# Re-render the demo video and stills of docs/demo (headless, deterministic), from the repository root:
#   sh docs/demo/make_demo.sh [.venv/bin/python]
set -e
PY=${1:-.venv/bin/python}
D=docs/demo
$PY -m viewer.app.record_cli record --demo --out $D/demo.mp4 --crf 33 --preset slow --fps 20 --transition 0.7 --quiet
$PY -m viewer.app.record_cli snapshot --demo --turn 3 --out $D/hyperjump-turn3.png
$PY -m viewer.app.record_cli snapshot --demo --turn 5 --out $D/overview-turn5.png --view overview --size 1280x720
$PY -m viewer.app.record_cli snapshot --demo --turn 9 --out $D/stack-turn9.png
$PY -m viewer.app.record_cli snapshot --demo --out $D/final-top.png --view top
$PY -m viewer.app.record_cli record --spirit-demo --out $D/spirit-demo.mp4 --quiet
$PY -m viewer.app.record_cli snapshot --spirit-demo --out $D/spirit-final.png
