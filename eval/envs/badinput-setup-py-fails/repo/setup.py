import sys

from setuptools import setup

if not sys.platform.startswith("sunos"):
    sys.exit("error: legacy-metrics builds only on Solaris (it links libkstat)")

setup(name="legacy-metrics", version="0.1", packages=["legacy"])
