"""damage."""
