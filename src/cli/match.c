/* match.c: `verso-engine match`, two engine configurations played against each other from
 * the match starts (match.h), each start with both colours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clock.h"
#include "eval_pattern.h"
#include "eval_reverse.h"
#include "hosted-player.h"
#include "match.h"
#include "options.h"
#include "read-file.h"

#define MATCH_USAGE "match [--starts N] [--hash MB] [--clock MINUTES[+SECONDS]] [--reverse] " \
  "[--start-limit SECONDS] [--move-limit SECONDS] [--verbose] PLAYER PLAYER"

/* How long an engine hosted over NBoard may take to answer at start (loading its tables), and
 * a move without a clock: generous, since they only catch an engine that hangs. */
#define MATCH_START_LIMIT 20.0
#define MATCH_MOVE_LIMIT 60.0

static void match_help (FILE *out)
{
  fprintf (out,
           "Usage: verso-engine " MATCH_USAGE "\n\n"
           "Plays N starts (default %d, at most %d) twice, swapping colours, and reports the\n"
           "first player's wins, draws, losses, mean disc difference and Elo difference with\n"
           "its 95%% interval. With --reverse the games are Reverse (the fewest discs win).\n\n"
           "With --clock MINUTES[+SECONDS] (e.g. 1, 0.5+1) each side has a clock of that many\n"
           "minutes, the seconds added after each of its moves; a side whose time runs out\n"
           "loses the game (by 64 discs), and the report adds the games each player lost on\n"
           "time and the time it used. A player with none of time=, depth= and nodes= then\n"
           "thinks on its own clock, no deeper than its depth= when it has one; a player with\n"
           "time= or nodes= plays by its limits and may lose on time.\n\n"
           "PLAYER is a comma-separated list of settings, for example eval=pattern,time=0.05:\n"
           "  eval=pattern|simple   evaluation (default pattern)\n"
           "  eval=reverse|negated  under --reverse: the Reverse evaluation (default) or the\n"
           "                        standard pattern evaluation negated\n"
           "  weights=FILE          the pattern evaluation with weights from FILE\n"
           "  depth=N               midgame depth limit (default 60 with a time or on a clock,\n"
           "                        else 4)\n"
           "  time=SECONDS          time per move (default none)\n"
           "  exact=N               solve exactly from N empties (default 12; -1 never)\n"
           "  nodes=N               node limit per move (default none)\n\n"
           "or another engine that speaks NBoard: nboard:COMMAND, or depth=N,nboard:COMMAND,\n"
           "the command run by /bin/sh -c and taking the rest of the argument (commas too),\n"
           "e.g. 'depth=12,nboard:cd ../ntest && ./ntest'. It is told `set depth N` when depth=\n"
           "is given, else it plays at its own default (NTest has none: it needs depth=), and\n"
           "is sent the whole game before each move, with the clock under --clock. It must\n"
           "answer at start within --start-limit seconds (default %g) and, without a clock,\n"
           "each move within --move-limit (default %g); on a clock it is stopped when its time\n"
           "runs out and loses on time. An engine that exits, hangs, writes something that is\n"
           "not a move or plays an illegal one loses that game (by 64 discs), the reason is\n"
           "printed, and it is started afresh for the next game;\n"
           "when it cannot be, the match ends there with the games played so far.\n\n"
           "Exit status: 0 after the whole match, 1 when an engine could not be started (or\n"
           "memory was short), 2 for bad arguments.\n",
           MATCH_STARTS, MATCH_STARTS, MATCH_START_LIMIT, MATCH_MOVE_LIMIT);
}

/* A player's own weights and its evaluation with them. */
typedef struct PlayerWeights {
  PatternWeights *weights;
  Evaluation evaluation;
} PlayerWeights;

static bool load_weights (const char *name, const char *path, PlayerWeights *own)
{
  char error[160];
  size_t size;
  /* No weight file comes near 64 MB. */
  uint8_t *bytes = read_file_whole (path, (size_t) 64 << 20, &size, error, sizeof error);
  own->weights = bytes ? pattern_weights_decode (bytes, size, error, sizeof error) : NULL;
  free (bytes);
  if (!own->weights) {
    cli_error ("player '%s': %s: %s", name, path, error);
    return false;
  }
  own->evaluation = pattern_evaluation (own->weights);
  return true;
}

/* The evaluation a player names: pattern or simple, or under Reverse reverse or negated (the
 * standard pattern evaluation negated); NULL for another name. */
static const Evaluation *named_evaluation (const char *name, bool reverse)
{
  if (reverse)
    return strcmp (name, "reverse") == 0 ? eval_reverse ()
         : strcmp (name, "negated") == 0 ? eval_reverse_naive () : NULL;
  return strcmp (name, "pattern") == 0 ? eval_pattern ()
       : strcmp (name, "simple") == 0 ? eval_simple () : NULL;
}

/* Fills player from a specification such as "eval=simple,depth=6,exact=14". The name points
 * into spec, which must outlive the player; so must own, which holds weights from a file. */
static bool parse_player (char *spec, Rules rules, bool clock, MatchPlayer *player,
                          PlayerWeights *own)
{
  const char *name = spec;
  bool reverse = rules == RULES_REVERSE;
  *player = (MatchPlayer) { .name = name, .rules = rules,
                            .evaluation = reverse ? eval_reverse () : eval_pattern () };
  player->limits = search_limits_default ();
  player->limits.exact_empties = 12;
  bool depth_given = false, nodes_given = false;
  char copy[256];
  snprintf (copy, sizeof copy, "%s", spec);
  for (char *save = NULL, *item = strtok_r (copy, ",", &save); item;
       item = strtok_r (NULL, ",", &save)) {
    char *value = strchr (item, '=');
    long long number = 0;
    if (!value) {
      cli_error ("player '%s': setting '%s' has no value", name, item);
      return false;
    }
    *value++ = '\0';
    if (strcmp (item, "eval") == 0) {
      player->evaluation = named_evaluation (value, reverse);
      if (!player->evaluation) {
        cli_error ("player '%s': unknown %sevaluation '%s' (%s)", name, reverse ? "Reverse " : "",
                   value, reverse ? "reverse or negated" : "pattern or simple");
        return false;
      }
    } else if (strcmp (item, "weights") == 0 && reverse) {
      cli_error ("player '%s': weights=FILE is for the standard game, not --reverse", name);
      return false;
    } else if (strcmp (item, "weights") == 0) {
      if (own->weights || !load_weights (name, value, own))
        return false;
      player->evaluation = &own->evaluation;
    } else if (strcmp (item, "depth") == 0 && option_parse_number (value, 1, 60, &number)) {
      player->limits.max_depth = (int) number;
      depth_given = true;
    } else if (strcmp (item, "exact") == 0 && option_parse_number (value, -1, 60, &number)) {
      player->limits.exact_empties = (int) number;
    } else if (strcmp (item, "nodes") == 0 && option_parse_number (value, 1, 1LL << 40, &number)) {
      player->limits.max_nodes = (uint64_t) number;
      nodes_given = true;
    } else if (strcmp (item, "time") == 0) {
      char *end;
      double seconds = strtod (value, &end);
      if (end == value || *end || !(seconds > 0 && seconds <= 3600)) {
        cli_error ("player '%s': bad time '%s' (seconds per move)", name, value);
        return false;
      }
      /* No new iteration after half the time; abort at the time. */
      player->limits.soft_time = seconds / 2;
      player->limits.hard_time = seconds;
    } else {
      cli_error ("player '%s': bad setting '%s=%s'", name, item, value);
      return false;
    }
  }
  /* On a clock, a player told neither a time nor a node count thinks on its clock, never deeper
   * than a depth it was given (as `verso-engine nboard` does): a fixed depth that ignored the
   * clock would lose on time in any game long enough to matter. */
  player->on_clock = clock && !nodes_given && player->limits.hard_time <= 0;
  if (!depth_given)
    player->limits.max_depth = player->limits.hard_time > 0 || player->on_clock ? 60 : 4;
  return true;
}

/* What the progress callback knows: whether to print each game, and the hosted engines. */
typedef struct MatchProgressState {
  bool verbose;
  HostedPlayer *hosted[2];
  bool ended;         /* an engine could not be started again: the match ended early */
} MatchProgressState;

static bool after_game (int game, int start, bool first_black, int difference, void *user_data)
{
  MatchProgressState *state = user_data;
  if (state->verbose) {
    printf ("game %3d  start %3d %-16s  first player %s  %+3d\n", game + 1, start + 1,
            match_start_moves (start), first_black ? "black" : "white", difference);
    fflush (stdout);
  }
  for (int k = 0; k < 2; k++)
    if (state->hosted[k] && !hosted_player_after_game (state->hosted[k], game))
      state->ended = true;
  return !state->ended;
}

static void print_elo (const char *label, double elo)
{
  if (elo > -0.5 && elo < 0.5)
    elo = 0; /* no "-0" */
  if (elo == elo && elo > -1e9 && elo < 1e9)
    printf ("%s%+.0f", label, elo);
  else
    printf ("%s%sinf", label, elo > 0 ? "+" : "-");
}

int cli_match (int argc, char **argv)
{
  int starts = MATCH_STARTS, hash_mb = 16;
  bool verbose = false, reverse = false, help = false;
  char *specs[2];
  const char *clock_text = NULL;
  double start_limit = MATCH_START_LIMIT, move_limit = MATCH_MOVE_LIMIT;
  const Option options[] = {
    { "--clock", OPTION_TEXT, &clock_text, 0, 0 },
    { "--help", OPTION_FLAG, &help, 0, 0 },
    { "--starts", OPTION_INT, &starts, 1, MATCH_STARTS },
    { "--hash", OPTION_INT, &hash_mb, 1, 65536 },
    { "--verbose", OPTION_FLAG, &verbose, 0, 0 },
    { "--reverse", OPTION_FLAG, &reverse, 0, 0 },
    { "--start-limit", OPTION_DOUBLE, &start_limit, 0.01, 3600 },
    { "--move-limit", OPTION_DOUBLE, &move_limit, 0.01, 86400 },
  };
  OptionParser parser = { .program = "verso-engine: match", .usage = MATCH_USAGE,
                          .options = options, .n_options = OPTION_COUNT (options),
                          .operands = specs, .max_operands = 2 };
  if (!options_parse (&parser, argc, argv))
    return 2;
  if (help) {
    match_help (stdout);
    return 0;
  }
  if (parser.n_operands != 2) {
    cli_error ("match: two players are needed (try match --help)");
    return 2;
  }
  TimeControl control;
  if (clock_text) {
    size_t offset = 0;
    TimeControlError error = time_control_parse (clock_text, strlen (clock_text), &control,
                                                 &offset);
    if (error) {
      cli_error ("match: --clock '%s', at character %zu: %s", clock_text, offset + 1,
                 time_control_error_message (error));
      return 2;
    }
  }
  Rules rules = reverse ? RULES_REVERSE : RULES_STANDARD;
  MatchPlayer players[2];
  PlayerWeights own[2];
  memset (own, 0, sizeof own);
  MatchProgressState state = { .verbose = verbose };
  int status = 0;
  for (int k = 0; k < 2 && !status; k++) {
    if (!hosted_player_spec (specs[k]))
      status = parse_player (specs[k], rules, clock_text, &players[k], &own[k]) ? 0 : 2;
    else
      state.hosted[k] = hosted_player_new (specs[k], rules, start_limit, move_limit,
                                           &players[k], &status);
  }
  if (status)
    goto done;
  const char *weights_error = eval_pattern_error ();
  if (weights_error)
    fprintf (stderr, "verso-engine: trained weights unavailable (%s): 'pattern' plays with the "
                     "simple evaluation\n", weights_error);

  int games = 2 * starts;
  int *differences = malloc (sizeof *differences * (size_t) games);
  double started = clock_seconds ();
  MatchTimes times;
  int played = differences
    ? match_run_on_clock (&players[0], &players[1], starts, (size_t) hash_mb << 20,
                          clock_text ? &control : NULL, differences, &times, after_game, &state)
    : -1;
  if (played < 0) {
    free (differences);
    cli_error ("match: out of memory");
    status = 1;
    goto done;
  }
  MatchStatistics s = match_statistics (differences, played);
  printf ("%s vs %s: %d games, %d wins, %d draws, %d losses, score %.1f%%, mean disc difference "
          "%+.2f, Elo",
          players[0].name, players[1].name, s.games, s.wins, s.draws, s.losses, 100 * s.score,
          s.mean_difference);
  print_elo (" ", s.elo);
  print_elo (" (95%: ", s.elo_low);
  print_elo (" .. ", s.elo_high);
  printf ("), %.1f s\n", clock_seconds () - started);
  if (clock_text) {
    char written[32];
    time_control_format (&control, written, sizeof written);
    printf ("clock %s:", written);
    for (int k = 0; k < 2; k++)
      printf ("%s %s%s lost %d on time, used %.1f s in %d moves (longest %.2f s)", k ? ";" : "",
              players[k].name, players[k].on_clock ? " (on its clock)" : "",
              times.lost_on_time[k], times.seconds[k], times.moves[k], times.longest[k]);
    printf ("\n");
  }
  for (int k = 0; k < 2; k++)
    if (state.hosted[k])
      printf ("nboard: %s is '%s', forfeited %d games by failing (losses on time apart)\n",
              players[k].name, hosted_player_engine_name (state.hosted[k]),
              hosted_player_forfeits (state.hosted[k]));
  if (state.ended) {
    cli_error ("match: ended after %d of %d games: an engine could not be started again",
               played, games);
    status = 1;
  }
  free (differences);
done:
  for (int k = 0; k < 2; k++) {
    hosted_player_free (state.hosted[k]);
    pattern_weights_free (own[k].weights);
  }
  return status;
}
