"""Build the optional C extension of the hand evaluator; the rest is in pyproject.toml.

The extension is optional: when it does not compile, the package still installs
and ``palace_poker.evaluator`` runs its pure-Python evaluator instead.
"""

import sys

from setuptools import Extension, setup

COMPILE_ARGS = [] if sys.platform == "win32" else ["-O3", "-std=c11"]

setup(
    ext_modules=[
        Extension(
            "palace_poker._evalc",
            sources=["src/palace_poker/_evalc.c"],
            extra_compile_args=COMPILE_ARGS,
            optional=True,
        )
    ]
)
