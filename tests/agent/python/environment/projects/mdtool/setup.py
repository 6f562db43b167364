import io
import os

from setuptools import find_packages, setup

HERE = os.path.abspath(os.path.dirname(__file__))


def read_requirements(name):
    with io.open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


setup(
    name="mdtool",
    version="0.4.1",
    description="Render Markdown documents with YAML front matter",
    packages=find_packages(exclude=["tests", "tests.*"]),
    install_requires=read_requirements("requirements.txt"),
    extras_require={"highlight": ["Pygments>=2.0"]},
    classifiers=[
        "Programming Language :: Python :: 2.7",
        "Programming Language :: Python :: 3.6",
        "Programming Language :: Python :: 3.7",
    ],
)
