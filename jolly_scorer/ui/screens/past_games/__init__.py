"""Past games and player statistics; export."""
