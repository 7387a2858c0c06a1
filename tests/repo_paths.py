"""Paths the tests share, wherever a test module sits below tests/ (this folder is on sys.path
for every test, as conftest.py's folder)."""
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
DATA = TESTS / "data"
