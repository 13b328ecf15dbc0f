"""The designer's lab: bots play one or more variants, and the lab measures what each
does (the advantage of each position, how hands end and how long they are, how
battles are decided, whether skill matters, what each mechanic is worth) and writes
a report a designer reads without the code (``palace-poker lab``, docs/lab.md)."""
