/* hosted-player.c: another engine as a player of `verso-engine match` (hosted-player.h). Every
 * move sends the whole game so far, with the clock when there is one, so that an engine on its
 * clock budgets its time; a failure loses that game, and the engine is started afresh for the
 * next one. */
#include "hosted-player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "nboard-client.h"
#include "options.h"

/* Seconds past its flag the engine's move may come before it is killed: the game is lost on
 * time by then, and the margin only keeps a move that came in time from being cut off. */
#define HOSTED_FLAG_MARGIN 0.05

struct HostedPlayer {
  NboardClient *client;
  const char *spec;
  int depth;            /* `set depth` after each start; 0: the engine's own default */
  double start_limit, move_limit;
  char failure[768];    /* how it failed in the game being played; "" when it did not */
  bool lost_on_time;    /* the failure was its clock running out */
  int forfeits;
};

bool hosted_player_spec (const char *spec)
{
  return strncmp (spec, "nboard:", 7) == 0 || strstr (spec, ",nboard:") != NULL;
}

/* Starts the engine and tells it its depth. */
static bool hosted_start (HostedPlayer *hosted)
{
  NboardClientStatus status = nboard_client_start (hosted->client, hosted->start_limit);
  if (status == NBOARD_CLIENT_OK && hosted->depth > 0)
    status = nboard_client_set_depth (hosted->client, hosted->depth);
  if (status != NBOARD_CLIENT_OK) {
    cli_error ("match: player '%s': %s", hosted->spec, nboard_client_error (hosted->client));
    return false;
  }
  return true;
}

/* The match's record as a GGF game (notation.h), with the clock when the turn has one. */
static void turn_game (const MatchTurn *turn, Rules rules, NotationGame *game)
{
  memset (game, 0, sizeof *game);
  game->start = (Position) { turn->start,
                             turn->start_black_to_move ? POSITION_BLACK : POSITION_WHITE };
  game->rules = rules;
  game->n_moves = (size_t) turn->n_moves;
  memcpy (game->moves, turn->moves, sizeof turn->moves[0] * (size_t) turn->n_moves);
  if (turn->clock) {
    game->clock.known = true;
    for (int colour = 0; colour < 2; colour++) {
      game->clock.main[colour] = turn->clock->control.main_seconds;
      game->clock.increment[colour] = turn->clock->control.increment;
    }
    for (int i = 0; i < turn->n_moves; i++)
      game->clock.move_seconds[i] = turn->seconds[i];
  }
}

static int hosted_choose (const MatchPlayer *player, Search *search, const Board *board,
                          uint64_t seed, const MatchTurn *turn)
{
  HostedPlayer *hosted = player->user_data;
  NotationGame game;
  turn_game (turn, player->rules, &game);
  double limit = turn->clock
    ? time_clock_remaining (turn->clock, turn->colour, clock_seconds ()) + HOSTED_FLAG_MARGIN
    : hosted->move_limit;
  NboardMove move;
  NboardClientStatus status = nboard_client_go (hosted->client, &game, limit, &move);
  if (status != NBOARD_CLIENT_OK) {
    snprintf (hosted->failure, sizeof hosted->failure, "%s", nboard_client_error (hosted->client));
    hosted->lost_on_time = status == NBOARD_CLIENT_TIMEOUT && turn->clock;
    return -1;
  }
  return move.move;
}

HostedPlayer *hosted_player_new (const char *spec, Rules rules, double start_limit,
                                 double move_limit, MatchPlayer *player, int *exit_status)
{
  *exit_status = 2;
  /* The command is everything after the first `nboard:`; the settings are what comes before. */
  const char *settings_end = strncmp (spec, "nboard:", 7) == 0 ? spec : strstr (spec, ",nboard:");
  if (!settings_end)
    return NULL;
  const char *command = strstr (settings_end, "nboard:") + 7;
  size_t length = (size_t) (settings_end - spec);
  int depth = 0;
  /* The settings before `nboard:`: depth=N alone, which the engine is told. */
  char settings[256];
  snprintf (settings, sizeof settings, "%.*s", (int) length, spec);
  for (char *save = NULL, *item = strtok_r (settings, ",", &save); item;
       item = strtok_r (NULL, ",", &save)) {
    long long number;
    if (strncmp (item, "depth=", 6) == 0 && option_parse_number (item + 6, 1, 60, &number)) {
      depth = (int) number;
      continue;
    }
    cli_error ("match: player '%s': bad setting '%s' (only depth=1..60 may come before nboard:)",
               spec, item);
    return NULL;
  }
  if (!command[strspn (command, " \t")]) {
    cli_error ("match: player '%s': nboard: needs a command", spec);
    return NULL;
  }
  *exit_status = 1;
  HostedPlayer *hosted = calloc (1, sizeof *hosted);
  if (!hosted || !(hosted->client = nboard_client_new (command))) {
    free (hosted);
    cli_error ("match: out of memory");
    return NULL;
  }
  hosted->spec = spec;
  hosted->depth = depth;
  hosted->start_limit = start_limit;
  hosted->move_limit = move_limit;
  if (!hosted_start (hosted)) {
    hosted_player_free (hosted);
    return NULL;
  }
  *player = (MatchPlayer) { .name = spec, .rules = rules, .choose = hosted_choose,
                            .user_data = hosted };
  *exit_status = 0;
  return hosted;
}

void hosted_player_free (HostedPlayer *hosted)
{
  if (!hosted)
    return;
  nboard_client_free (hosted->client);
  free (hosted);
}

bool hosted_player_after_game (HostedPlayer *hosted, int game)
{
  if (hosted->failure[0]) {
    cli_error ("match: game %d: player '%s': %s; it loses the game%s", game + 1, hosted->spec,
               hosted->failure, hosted->lost_on_time ? " on time" : "");
    hosted->forfeits += !hosted->lost_on_time;
    hosted->failure[0] = '\0';
    hosted->lost_on_time = false;
  }
  return nboard_client_running (hosted->client) || hosted_start (hosted);
}

int hosted_player_forfeits (const HostedPlayer *hosted)
{
  return hosted->forfeits;
}

const char *hosted_player_engine_name (const HostedPlayer *hosted)
{
  return nboard_client_name (hosted->client);
}
