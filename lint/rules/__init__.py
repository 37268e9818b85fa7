"""Rule metadata and the registry that maps codes to rules."""
