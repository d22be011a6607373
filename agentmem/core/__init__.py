"""The memory itself: the model, the validator, the secret guard and the one writer."""
