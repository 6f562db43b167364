from setuptools import setup

setup(
    name="slugkit",
    version="1.2.0",
    description="URL slugs from titles",
    packages=["slugkit"],
    install_requires=["six"],
    tests_require=["pytest"],
)
