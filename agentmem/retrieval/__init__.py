"""Reading: the reader's questions and hops, ranking, the semantic leg, the Memory Pack."""
