from setuptools import setup

setup(
    name="columns",
    version="0.3.0",
    packages=["columns"],
    install_requires=["click"],
    classifiers=[
        "Programming Language :: Python :: 3.7",
        "Programming Language :: Python :: 3.8",
    ],
)
