"""Results: a whole plan estimated (sized configuration, cost ledger, figures, checks, chart specs).

Sits above the core (which computes) and below the report model and the faces (which present).
"""
