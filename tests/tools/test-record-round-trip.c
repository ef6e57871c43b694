/* test-record-round-trip.c: every game of a real tournament year (tests/data/WTH_2020.wtb, from
 * the WTHOR database) written as a GGF record and as a transcript and read back to the same
 * start and moves; the GGF result is the one the WTHOR reader computes, and every game is
 * named by the opening table. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "notation.h"
#include "opening.h"
#include "wthor.h"

static bool same_moves (const int *a, size_t n_a, const int *b, size_t n_b)
{
  return n_a == n_b && memcmp (a, b, n_a * sizeof *a) == 0;
}

/* The WTHOR game as notation writes games: from the standard start, its passes played. */
static void to_notation_game (const WthorGame *wthor, NotationGame *game)
{
  memset (game, 0, sizeof *game);
  position_init (&game->start);
  Position position = game->start;
  for (int k = 0; k < wthor->move_count; k++) {
    if (position_must_pass (&position)) {
      position_play (&position, BOARD_PASS);
      game->moves[game->n_moves++] = BOARD_PASS;
    }
    CHECK (position_play (&position, wthor->moves[k]));
    game->moves[game->n_moves++] = wthor->moves[k];
  }
  /* Names with the characters GGF escapes. */
  snprintf (game->black, sizeof game->black, "Black ]%d\\", wthor->record);
  snprintf (game->white, sizeof game->white, "White [%d]", wthor->record);
}

static size_t checked, with_passes, named;

static void check_game (const WthorGame *wthor, const OpeningTable *table)
{
  NotationGame game;
  to_notation_game (wthor, &game);
  Position end = notation_game_position (&game, game.n_moves);

  char record[2048];
  size_t length = notation_format_ggf (&game, "2020", record, sizeof record);
  CHECK (length < sizeof record);
  NotationGame again;
  NotationStatus status = notation_parse_ggf (record, length, &again, NULL);
  CHECK (status.error == NOTATION_OK);
  if (status.error) {
    fprintf (stderr, "  game %d: '%s': %s at %zu\n", wthor->record, record,
             notation_error_message (status.error), status.offset);
    return;
  }
  CHECK (board_equal (&again.start.board, &game.start.board)
         && again.start.side_to_move == game.start.side_to_move);
  CHECK (same_moves (again.moves, again.n_moves, game.moves, game.n_moves));
  CHECK (strcmp (again.black, game.black) == 0 && strcmp (again.white, game.white) == 0);
  /* RE: the game's result exactly when it reached its end. */
  char result[16];
  snprintf (result, sizeof result, wthor->final_score ? "RE[%+d]" : "RE[%d]", wthor->final_score);
  CHECK (wthor->finished ? strstr (record, result) != NULL : strstr (record, "RE[") == NULL);
  CHECK (wthor->finished == board_is_game_over (&end.board));

  /* Transcripts, with passes written and left out (a final pass cannot be left out). */
  for (int passes = 1; passes >= 0; passes--) {
    if (!passes && game.n_moves > 0 && game.moves[game.n_moves - 1] == BOARD_PASS)
      continue;
    char transcript[2 * NOTATION_MAX_MOVES + 1];
    length = notation_format_transcript (game.moves, game.n_moves, passes, transcript,
                                         sizeof transcript);
    CHECK (length < sizeof transcript);
    Position position;
    position_init (&position);
    int moves[NOTATION_MAX_MOVES];
    size_t n = 0;
    status = notation_parse_transcript (transcript, length, &position, moves, NOTATION_MAX_MOVES,
                                        &n);
    CHECK (status.error == NOTATION_OK && same_moves (moves, n, game.moves, game.n_moves));
    CHECK (board_equal (&position.board, &end.board) && position.side_to_move == end.side_to_move);
    if (status.error)
      fprintf (stderr, "  game %d: '%s': %s at %zu\n", wthor->record, transcript,
               notation_error_message (status.error), status.offset);
  }

  /* After two moves every game is a Perpendicular, Diagonal or Parallel opening, at least. */
  const char *name = opening_table_name (table, &game.start, game.moves, game.n_moves);
  CHECK (game.n_moves < 2 || name != NULL);
  named += name != NULL;
  checked++;
  for (size_t k = 0; k < game.n_moves; k++)
    if (game.moves[k] == BOARD_PASS) {
      with_passes++;
      break;
    }
}

static void test_a_year_of_games_round_trips (void)
{
  char path[4096], error[256];
  check_data_path ("WTH_2020.wtb", path, sizeof path);
  WthorFile file;
  REQUIRE (wthor_read (path, &file, stderr, error, sizeof error), "%s: %s", path, error);
  OpeningTable *table = opening_table_parse (opening_table_text, opening_table_text_length,
                                             NULL, NULL);
  CHECK (table != NULL);
  for (size_t k = 0; table && k < file.count; k++)
    check_game (&file.games[k], table);
  /* The whole year: 268 records, none of them damaged, some with passes. */
  CHECK (file.count == 268 && file.skipped == 0 && checked == file.count);
  CHECK (with_passes > 0);
  printf ("# %zu games of %d checked (%zu with passes, %zu with an opening name)\n", checked,
          file.year, with_passes, named);
  opening_table_free (table);
  wthor_file_clear (&file);
}

int main (void)
{
  check_run ("a_year_of_games_round_trips", test_a_year_of_games_round_trips);
  return check_finish ();
}
