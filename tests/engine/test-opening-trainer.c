/* test-opening-trainer.c: the opening trainer's rules (opening_trainer.h) on the compiled book
 * and database: the right moves are the book's best within a disc, a move off the book is wrong
 * and unscored, the replies keep to the book, follow the games' counts and are fixed by the
 * seed, and a line ends where it should. */
#include <string.h>

#include "check.h"
#include "notation.h"
#include "opening_trainer.h"
#include "random-game.h"

/* The position after a transcript from the start; its moves in moves, how many in *n_moves. */
static Position play_transcript (const char *transcript, int moves[NOTATION_MAX_MOVES], size_t *n_moves)
{
  Position position;
  position_init (&position);
  CHECK (!notation_parse_transcript (transcript, strlen (transcript), &position, moves,
                                     NOTATION_MAX_MOVES, n_moves).error);
  return position;
}

static Position after_transcript (const char *transcript)
{
  int moves[NOTATION_MAX_MOVES];
  size_t n_moves;
  return play_transcript (transcript, moves, &n_moves);
}

static void test_right_moves_are_the_books_best_within_a_disc (void)
{
  const Book *book = book_compiled ();
  CHECK (book != NULL);
  Position start;
  position_init (&start);
  BookMove right[BOARD_SQUARES];
  /* The four first moves are one move turned: all right, all equal. */
  CHECK_CMP_INT (trainer_right_moves (book, &start.board, right), ==, 4);
  CHECK_CMP_INT (right[0].score, ==, right[3].score);

  Position tiger = after_transcript ("f5d6c3d3c4");
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup_in (book, &tiger.board, moves);
  int n_right = trainer_right_moves (book, &tiger.board, right);
  CHECK (n_right >= 1 && n_right <= count);
  for (int i = 0; i < n_right; i++)
    CHECK_CMP_INT (moves[0].score - right[i].score, <=, TRAINER_RIGHT_LOSS);
  if (n_right < count)
    CHECK_CMP_INT (moves[0].score - moves[n_right].score, >, TRAINER_RIGHT_LOSS);

  TrainerVerdict verdict;
  CHECK (trainer_judge (book, &tiger.board, right[0].move, &verdict));
  CHECK (verdict.scored && verdict.score == right[0].score && verdict.n_right == n_right);
  /* A legal move the book does not know is wrong, without a score: down the book's best line,
   * the first position where the book leaves a legal move out. */
  Position position = tiger;
  uint64_t unknown = 0;
  for (int ply = 0; ply < 20 && !unknown; ply++) {
    count = book_lookup_in (book, &position.board, moves);
    uint64_t known = 0;
    for (int i = 0; i < count; i++)
      known |= board_bit (moves[i].move);
    unknown = board_legal_moves (&position.board) & ~known;
    if (!unknown)
      CHECK (count > 0 && position_play (&position, moves[0].move));
  }
  CHECK (unknown != 0);
  n_right = trainer_right_moves (book, &position.board, right);
  CHECK (!trainer_judge (book, &position.board, __builtin_ctzll (unknown), &verdict));
  CHECK (!verdict.scored && verdict.n_right == n_right && n_right > 0);
  CHECK_CMP_INT (verdict.right_moves[0].move, ==, right[0].move);
}

static void test_replies_follow_the_games_in_the_book (void)
{
  const Book *book = book_compiled ();
  const Database *database = database_compiled ();
  CHECK (book && database);
  /* After f5 White answers d6 (perpendicular), f6 (parallel) or f4 (diagonal): the database's
   * most played one is drawn most often, and every reply stays in the book. */
  Position position = after_transcript ("f5");
  DatabaseRow rows[BOARD_SQUARES];
  int count = database_moves (database, &position, rows);
  CHECK (count >= 2);
  int drawn[BOARD_SQUARES] = { 0 };
  uint64_t state = 43;
  for (int i = 0; i < 400; i++) {
    int move = trainer_reply (book, database, &position, &state);
    CHECK (move >= 0 && move < BOARD_SQUARES);
    Board after = board_after_move (&position.board, move);
    CHECK (book_find (book, &after) != NULL);
    drawn[move]++;
  }
  for (int square = 0; square < BOARD_SQUARES; square++)
    CHECK_CMP_INT (drawn[rows[0].move], >=, drawn[square]);

  /* The seed fixes the reply. */
  uint64_t a = 7, b = 7;
  Position tiger = after_transcript ("f5d6c3d3c4");
  for (int i = 0; i < 20; i++)
    CHECK_CMP_INT (trainer_reply (book, database, &tiger, &a), ==,
                   trainer_reply (book, database, &tiger, &b));

  /* Without the database, the book's best move that stays in it. */
  BookMove moves[BOARD_SQUARES];
  int n_book = book_lookup_in (book, &tiger.board, moves);
  int best = BOARD_NO_MOVE;
  for (int i = n_book - 1; i >= 0; i--)
    if (!moves[i].leaves_book)
      best = moves[i].move;
  CHECK (best != BOARD_NO_MOVE);
  CHECK_CMP_INT (trainer_reply (book, NULL, &tiger, &a), ==, best);

  /* Out of the book there is no reply. */
  Position far = after_transcript ("f5f6e6f4e3c5c4e7b5");
  if (!book_find (book, &far.board))
    CHECK_CMP_INT (trainer_reply (book, database, &far, &a), ==, BOARD_NO_MOVE);
}

/* The moves of a transcript from the start, how many returned. */
static size_t transcript_moves (const char *transcript, int moves[NOTATION_MAX_MOVES])
{
  size_t n_moves;
  play_transcript (transcript, moves, &n_moves);
  return n_moves;
}

/* A repertoire counts the opponents' moves of the person's games, a game turned by a symmetry
 * with its untouched twin, most played first; the replies follow those counts within the book,
 * and where the person's games never went, the database's. */
static void test_replies_from_the_persons_games (void)
{
  const Book *book = book_compiled ();
  const Database *database = database_compiled ();
  CHECK (book && database);
  static const char *const transcripts[] = { "f5d6c3d3c4", "f5d6c3", "f5f6e6f4", "f5d6", "f5f6" };
  int games[6][NOTATION_MAX_MOVES];
  const int *moves[6];
  size_t lengths[6];
  for (size_t i = 0; i < 5; i++) {
    lengths[i] = transcript_moves (transcripts[i], games[i]);
    moves[i] = games[i];
  }
  /* "f5d6" turned so that it begins at d3: the same opening, seen from another side. */
  int symmetry = 0;
  while (symmetry < 8 && board_square_symmetry (check_square ("f5"), symmetry) != check_square ("d3"))
    symmetry++;
  REQUIRE (symmetry < 8);
  lengths[5] = transcript_moves ("f5d6", games[5]);
  for (size_t i = 0; i < lengths[5]; i++)
    games[5][i] = board_square_symmetry (games[5][i], symmetry);
  moves[5] = games[5];

  Repertoire *black = repertoire_new (moves, lengths, 6, POSITION_BLACK);
  REQUIRE (black != NULL);
  CHECK_CMP_UINT (repertoire_games (black), ==, 6);
  Position position = after_transcript ("f5");
  int replies[BOARD_SQUARES];
  uint64_t counts[BOARD_SQUARES];
  CHECK_CMP_INT (repertoire_moves (black, &position.board, replies, counts), ==, 2);
  CHECK_CMP_INT (replies[0], ==, check_square ("d6"));
  CHECK_CMP_INT (counts[0], ==, 4);
  CHECK_CMP_INT (replies[1], ==, check_square ("f6"));
  CHECK_CMP_INT (counts[1], ==, 2);
  /* The person's own moves are not the opponents': at the start, Black's, nothing. */
  Position start;
  position_init (&start);
  CHECK_CMP_INT (repertoire_moves (black, &start.board, replies, counts), ==, 0);

  /* Drawn as often as played: d6 about twice as often as f6, nothing else. */
  uint64_t state = 11;
  int drawn[BOARD_SQUARES] = { 0 };
  for (int i = 0; i < 600; i++)
    drawn[trainer_reply_from_repertoire (book, black, database, &position, &state)]++;
  CHECK_CMP_INT (drawn[check_square ("d6")] + drawn[check_square ("f6")], ==, 600);
  CHECK (drawn[check_square ("d6")] > 300 && drawn[check_square ("d6")] < 500,
         "d6 drawn %d times in 600", drawn[check_square ("d6")]);

  /* Where the games never went, the database's reply (the same draw from the same seed). */
  Position tiger = after_transcript ("f5d6c3d3c4");
  uint64_t a = 5, b = 5;
  CHECK_CMP_INT (repertoire_moves (black, &tiger.board, replies, counts), ==, 0);
  CHECK_CMP_INT (trainer_reply_from_repertoire (book, black, database, &tiger, &a), ==,
                 trainer_reply (book, database, &tiger, &b));
  repertoire_free (black);

  /* As White the opponents' moves are Black's: at the start, whose four first moves are one
   * move turned, each of the six games played all four. */
  Repertoire *white = repertoire_new (moves, lengths, 6, POSITION_WHITE);
  REQUIRE (white != NULL);
  int n = repertoire_moves (white, &start.board, replies, counts);
  CHECK_CMP_INT (n, ==, 4);
  for (int i = 0; i < n; i++)
    CHECK (counts[i] == 6 && (board_legal_moves (&start.board) & board_bit (replies[i])),
           "%d played %d times", replies[i], (int) counts[i]);
  repertoire_free (white);
  Repertoire *none = repertoire_new (NULL, NULL, 0, POSITION_BLACK);
  REQUIRE (none != NULL);
  CHECK_CMP_INT (repertoire_moves (none, &position.board, replies, counts), ==, 0);
  repertoire_free (none);
}

static void test_a_line_ends_out_of_the_book_or_when_long_enough (void)
{
  const Book *book = book_compiled ();
  const Database *database = database_compiled ();
  Position position;
  position_init (&position);
  CHECK (trainer_line_goes_on (book, &position, 0));
  CHECK (!trainer_line_goes_on (book, &position, TRAINER_LINE_PLIES));

  /* A person who always plays the first right move and a trainer replying: every position on
   * the way is in the book, and the line ends within TRAINER_LINE_PLIES. */
  uint64_t state = 1;
  int plies = 0;
  while (trainer_line_goes_on (book, &position, plies)) {
    int move;
    if (plies % 2 == 0) {
      BookMove right[BOARD_SQUARES];
      CHECK (trainer_right_moves (book, &position.board, right) > 0);
      move = right[0].move;
    } else {
      move = trainer_reply (book, database, &position, &state);
      if (move == BOARD_NO_MOVE)
        break;
    }
    CHECK (position_play (&position, move));
    plies++;
  }
  CHECK (plies > 2 && plies <= TRAINER_LINE_PLIES);

  /* A finished game is no line. */
  Position over = position_from_discs (~0ULL, 0, POSITION_WHITE);
  CHECK (!trainer_line_goes_on (book, &over, 0));
}

int main (void)
{
  check_run ("right_moves_are_the_books_best_within_a_disc",
             test_right_moves_are_the_books_best_within_a_disc);
  check_run ("replies_follow_the_games_in_the_book", test_replies_follow_the_games_in_the_book);
  check_run ("replies_from_the_persons_games", test_replies_from_the_persons_games);
  check_run ("a_line_ends_out_of_the_book_or_when_long_enough",
             test_a_line_ends_out_of_the_book_or_when_long_enough);
  return check_finish ();
}
