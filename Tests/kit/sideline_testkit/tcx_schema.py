"""Garmin's TrainingCenterDatabase v2 schema, the independent judge of every TCX Sideline exports.
deploy/scripts/tcx-schema.sh (run by deploy/scripts/venv.sh) puts it in .venv: no PyPI package
ships the XSD, Debian's pytrainer package does, and only that file is unpacked from it, checked
against a pinned checksum."""
import functools

import pytest
from lxml import etree

from sideline_testkit.paths import ROOT

PATH = ROOT / ".venv/share/garmin/TrainingCenterDatabasev2.xsd"


@functools.cache
def schema():
    if not PATH.exists():
        pytest.fail(f"Garmin's TCX schema is missing at {PATH}: run deploy/scripts/venv.sh (it runs deploy/scripts/tcx-schema.sh)")
    return etree.XMLSchema(etree.parse(str(PATH)))


def problems(path_or_tree):
    """The schema's complaints about a TCX file (or a parsed tree); [] when it is valid."""
    tree = path_or_tree if isinstance(path_or_tree, etree._ElementTree) else etree.parse(str(path_or_tree))
    checker = schema()
    return [] if checker.validate(tree) else [f"line {e.line}: {e.message}" for e in checker.error_log]
