from setuptools import setup

setup(
    name="stock",
    version="1.2.0",
    packages=["stock"],
    python_requires=">=3.8",
    extras_require={"test": ["pytest"]},
    tests_require=["mock"],
)
