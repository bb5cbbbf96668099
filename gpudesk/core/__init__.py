"""The estimation core: numpy only, never Qt. Every figure explains itself."""
