"""Qt side of the proposal: PDF rendering, print preview, the proposal dialog and the comparison view."""
