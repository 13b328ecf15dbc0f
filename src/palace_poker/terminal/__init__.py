"""Playing Palace Poker in a terminal against bots (``palace-poker play``).

The package is split by concern, and every screen is built from the human
player's own view only (:meth:`Hand.observe` and :meth:`Hand.events_for` for
their seat), so no hidden card of another player can be printed:

* :mod:`~palace_poker.terminal.menu`: the numbered menu of legal choices, and
  the parsing of what the player types into an :class:`~palace_poker.Action`;
* :mod:`~palace_poker.terminal.log`: events as log lines (pure text);
* :mod:`~palace_poker.terminal.render`: the table, the menu and the log as
  ``rich`` renderables, with suit symbols and colours;
* :mod:`~palace_poker.terminal.session`: the game loop, with injectable input,
  output and clock for tests;
* :mod:`~palace_poker.terminal.command`: the ``play`` subcommand;
* :mod:`~palace_poker.terminal.demo`: the bots' game told so a person can
  follow it, and :mod:`~palace_poker.terminal.demo_command`: the ``demo``
  subcommand (its parser and run);
* :mod:`~palace_poker.terminal.viewer`: the ``show`` subcommand, a saved hand
  step by step; :mod:`~palace_poker.terminal.rules_text`: the one-screen rules
  and the ``rules`` subcommand; :mod:`~palace_poker.terminal.replay_command`: the
  ``replay`` subcommand (records replayed and checked);
* :mod:`~palace_poker.terminal.fit`: names and paths shortened to fit a line
  (every screen's, ``play``, ``show`` and ``demo``);
* :mod:`~palace_poker.terminal.charset`: whether an output can print the suit
  symbols and the table's signs (one answer for every command), and cards as
  letters when it cannot;
* :mod:`~palace_poker.terminal.extras`: the refusal of a command whose extra is
  not installed.

Only :mod:`~palace_poker.terminal.render` and
:mod:`~palace_poker.terminal.session` need ``rich`` (the ``cli`` extra); the
command imports them when it runs, so the rest of the command line works
without it.
"""
