"""Charts and a Markdown report for one ReactiveBench run directory.

Run it through ``scripts/plot RUN_DIR [--compare OTHER_RUN_DIR]``, which prepares the virtualenv; the
package itself is ``python -m plotting``. The input format is documented in docs/CSV.md.
"""
