"""Round entry's card editor: the cards of one meld, lay-off, hand or pile, and the
joker exchange.
"""
