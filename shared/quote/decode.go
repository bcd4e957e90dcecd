package quote
