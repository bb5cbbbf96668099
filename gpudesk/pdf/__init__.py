"""The PDF face: proposals and comparisons painted with Qt (QPdfWriter) for the CLI and the window."""
