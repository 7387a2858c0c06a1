"""``jiangjun match``: a tournament runner for xiangqi, janggi, shogi and chess engines."""
