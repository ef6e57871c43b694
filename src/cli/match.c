/* match.c: `verso-engine match`, two engine configurations played against each other from
 * the match starts (match.h), each start with both colours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clock.h"
#include "eval_pattern.h"
#include "eval_reverse.h"
#include "match.h"
#include "options.h"
#include "read-file.h"

#define MATCH_USAGE "match [--starts N] [--hash MB] [--clock MINUTES[+SECONDS]] [--reverse] " \
  "[--verbose] PLAYER PLAYER"

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
           "thinks on its own clock; the others play by their limits and may lose on time.\n\n"
           "PLAYER is a comma-separated list of settings, for example eval=pattern,time=0.05:\n"
           "  eval=pattern|simple   evaluation (default pattern)\n"
           "  eval=reverse|negated  under --reverse: the Reverse evaluation (default) or the\n"
           "                        standard pattern evaluation negated\n"
           "  weights=FILE          the pattern evaluation with weights from FILE\n"
           "  depth=N               midgame depth limit (default 60 with a time or on a clock,\n"
           "                        else 4)\n"
           "  time=SECONDS          time per move (default none)\n"
           "  exact=N               solve exactly from N empties (default 12; -1 never)\n"
           "  nodes=N               node limit per move (default none)\n"
           "Players are this engine's configurations; engines that speak NBoard are not\n"
           "hosted yet.\n",
           MATCH_STARTS, MATCH_STARTS);
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
  /* On a clock, a player told neither a time nor a depth nor a node count thinks on its clock.
   * (An engine hosted over NBoard, the nboard: players to come, would get its clock from the
   * protocol's own time messages instead.) */
  player->on_clock = clock && !depth_given && !nodes_given && player->limits.hard_time <= 0;
  if (!depth_given)
    player->limits.max_depth = player->limits.hard_time > 0 || player->on_clock ? 60 : 4;
  return true;
}

static void print_game (int game, int start, bool first_black, int difference, void *user_data)
{
  (void) user_data;
  printf ("game %3d  start %3d %-16s  first player %s  %+3d\n", game + 1, start + 1,
          match_start_moves (start), first_black ? "black" : "white", difference);
  fflush (stdout);
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
  const Option options[] = {
    { "--clock", OPTION_TEXT, &clock_text, 0, 0 },
    { "--help", OPTION_FLAG, &help, 0, 0 },
    { "--starts", OPTION_INT, &starts, 1, MATCH_STARTS },
    { "--hash", OPTION_INT, &hash_mb, 1, 65536 },
    { "--verbose", OPTION_FLAG, &verbose, 0, 0 },
    { "--reverse", OPTION_FLAG, &reverse, 0, 0 },
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
  MatchPlayer first, second;
  PlayerWeights own[2];
  memset (own, 0, sizeof own);
  if (!parse_player (specs[0], rules, clock_text, &first, &own[0])
      || !parse_player (specs[1], rules, clock_text, &second, &own[1])) {
    pattern_weights_free (own[0].weights);
    pattern_weights_free (own[1].weights);
    return 2;
  }
  const char *weights_error = eval_pattern_error ();
  if (weights_error)
    fprintf (stderr, "verso-engine: trained weights unavailable (%s): 'pattern' plays with the "
                     "simple evaluation\n", weights_error);

  int games = 2 * starts;
  int *differences = malloc (sizeof *differences * (size_t) games);
  double started = clock_seconds ();
  MatchTimes times;
  if (!differences
      || !match_run_on_clock (&first, &second, starts, (size_t) hash_mb << 20,
                              clock_text ? &control : NULL, differences, &times,
                              verbose ? print_game : NULL, NULL)) {
    free (differences);
    pattern_weights_free (own[0].weights);
    pattern_weights_free (own[1].weights);
    cli_error ("match: out of memory");
    return 1;
  }
  MatchStatistics s = match_statistics (differences, games);
  printf ("%s vs %s: %d games, %d wins, %d draws, %d losses, score %.1f%%, mean disc difference "
          "%+.2f, Elo",
          first.name, second.name, s.games, s.wins, s.draws, s.losses, 100 * s.score,
          s.mean_difference);
  print_elo (" ", s.elo);
  print_elo (" (95%: ", s.elo_low);
  print_elo (" .. ", s.elo_high);
  printf ("), %.1f s\n", clock_seconds () - started);
  if (clock_text) {
    char written[32];
    time_control_format (&control, written, sizeof written);
    printf ("clock %s:", written);
    const MatchPlayer *players[2] = { &first, &second };
    for (int k = 0; k < 2; k++)
      printf ("%s %s%s lost %d on time, used %.1f s in %d moves (longest %.2f s)", k ? ";" : "",
              players[k]->name, players[k]->on_clock ? " (on its clock)" : "",
              times.lost_on_time[k], times.seconds[k], times.moves[k], times.longest[k]);
    printf ("\n");
  }
  free (differences);
  pattern_weights_free (own[0].weights);
  pattern_weights_free (own[1].weights);
  return 0;
}
