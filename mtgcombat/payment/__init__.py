"""payment."""
