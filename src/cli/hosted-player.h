/* hosted-player.h: a player of `verso-engine match` that is another engine hosted over NBoard
 * (src/host/nboard-client.h), written `nboard:COMMAND` or `depth=N,nboard:COMMAND`. */
#pragma once

#include <stdbool.h>

#include "match.h"

typedef struct HostedPlayer HostedPlayer;

/* Whether spec names a hosted engine: it starts with `nboard:` or has `,nboard:`. */
bool hosted_player_spec (const char *spec);

/* Reads spec (the settings before `nboard:`, then the command, which takes the rest of the
 * string and may hold commas), fills *player (name, rules, choose) and starts the engine:
 * start_limit seconds for it to answer at start, move_limit for a move without a clock. On
 * an error, says so on stderr, sets *exit_status (2: a bad setting; 1: the engine did not
 * start, or memory was short) and returns NULL. spec must outlive the player. */
HostedPlayer *hosted_player_new (const char *spec, Rules rules, double start_limit,
                                 double move_limit, MatchPlayer *player, int *exit_status);
void hosted_player_free (HostedPlayer *hosted);

/* After a game: prints how the engine failed in it, if it did ("game 3: ..."), on stderr, and
 * makes sure it runs for the next game. False when it cannot be started again: the match ends. */
bool hosted_player_after_game (HostedPlayer *hosted, int game);
/* Games the engine forfeited by failing (lost on time excepted: the clock counts those). */
int hosted_player_forfeits (const HostedPlayer *hosted);
/* The engine's own name (its `set myname`). */
const char *hosted_player_engine_name (const HostedPlayer *hosted);
