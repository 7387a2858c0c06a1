"""Making the learned evaluation: self-play data (`jiangjun selfplay`) and training."""
