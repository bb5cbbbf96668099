"""The English of the refusals about reading and writing files: a value a typed file holds, described (the "got …"
of a type mismatch), a file that cannot be opened, read or saved, an autosave, a command-line flag and a logo, and
JSON from outside (:mod:`gpudesk.untrusted_json`). Declared once in :data:`gpudesk.refusals.ENGLISH`."""

FILE_REFUSALS: dict[str, str] = {
    # -- a value in a plan file, described (the "got …" of a type mismatch) ---------------------------------------
    "value.null": "null",
    "value.bool": "a boolean ({text})",
    "value.number": "the number {text}",
    "value.text": "the text {text}",
    "value.list": "a list of {count} items",
    "value.list_one": "a list of 1 item",
    "value.object": "an object with {count} keys",
    "value.object_one": "an object with 1 key",
    "value.other": "a {text}",
    # -- reading the file ------------------------------------------------------------------------------------------
    "file.missing": "{path} does not exist",
    "file.cannot_open": "cannot open {path}: {why}",
    "file.cannot_read": "cannot read {path}: {why}",
    "file.cannot_save": "cannot save {path}: {why}",
    "file.not_regular": "{path} is not a regular file",
    "file.too_large": "{path} is too large ({size:,} bytes; a plan file is at most {limit:,} bytes)",
    "file.grew_too_large": "{path} is too large (over {limit:,} bytes)",
    "file.changed": "{path} was changed by another program or window since it was opened; nothing was saved. "
                    "Reload it, or save under another name to keep both versions",
    "file.deleted": "{path} was deleted or cannot be read since it was opened; nothing was saved. "
                    "Reload it, or save under another name to keep both versions",
    "file.not_autosave": "{path} is not a gpudesk autosave",
    "file.autosave_without_plan": "{path} holds no plan",
    "file.autosave_locked": "cannot lock the autosave session in {path}",
    "file.autosave_closed": "the autosave session is closed",
    "file.cannot_autosave": "cannot autosave to {path}: {why}",
    "file.cannot_update_recent": "cannot update the recent-files list {path}: {why}",
    "file.save_too_large": "the plan is too large to save ({size:,} bytes; the limit is {limit:,})",
    "os.error": "{text}",
    "cli.flag_too_long": "{flag} is {length:,} characters long; the limit is {limit:,} (a line of the cover and header)",
    "cli.no_such_phase": "--phase {phase}: the plan has {count} phases (numbered from 0)",
    "cli.no_such_phase_one": "--phase {phase}: the plan has 1 phase (numbered from 0)",
    "cli.no_such_figure": "no figure {figure!r}; see `gpudesk estimate PLAN --json` for the keys",
    "logo.missing": "logo {path} does not exist",
    "logo.unreadable": "logo {path} cannot be read as an image ({why}); choose a PNG or JPEG file",
    # -- JSON from outside (gpudesk/untrusted_json.py) --------------------------------------------------------------
    "json.not_utf8": "{name} is not UTF-8 text: invalid byte 0x{byte} at byte offset {offset} ({why})",
    "json.empty": "{name} is empty: it holds no text at all",
    "json.syntax": "{name} is not valid JSON: {what} at line {line}, column {column}",
    "json.unacceptable": "{name} is not acceptable JSON: {why}",
    "json.too_deep": "{name} is nested too deeply ({depth} levels; the limit is {limit})",
    "json.holds": "{name} holds {what}",
    "json.too_many_items": "a list or object of {count:,} entries (the most any field allows is {limit:,})",
    "json.not_finite": "{text} is not allowed; numbers must be finite",
    "json.duplicate_key": "duplicate key {text} in one object",
    "json.long_number": "a number has more than {limit:,} digits",
    "json.parser": "{text}",
}
