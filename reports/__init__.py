"""Everything a user reads: the commands (``commands``, which parse what the user types
and hand it to the library), text tables and CSV (``analysis_text`` and the other
``*_text`` and ``*_report`` modules), charts (``charts``), the study page and progress
bars.  The formatting modules take results and return text or figures; none of this
package calls the kernels itself.
"""
