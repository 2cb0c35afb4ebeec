"""New game: players by seat, dealer, rules, target, house rules."""
