/* human_errors.h: how people lose discs, the model the levels err by. A table of disc losses per
 * move (the best move's score minus the played move's, as a referee search scores them) counted
 * by the phase of the game and by how hard the position is (how many moves lose at most 2
 * discs), measured on tournament games by `verso-engine errors --wthor` and compiled in from
 * data/human-errors.txt. The text, one cell a line (blank lines and '#' comments skipped):
 *
 *   PHASE GOOD MOVES LOSS_TOTAL N0 N1 N2 N3 N4 N5 N6 N7
 *
 * PHASE opening, middle or endgame; GOOD 1, 2-3 or 4+ (the moves within 2 discs of the best);
 * MOVES the moves counted, LOSS_TOTAL their losses summed (discs), then how many moves fell in
 * each loss bucket (0, 1-2, 3-4, 5-6, 7-10, 11-16, 17-24, 25 or more discs), which sum to
 * MOVES. Every one of the nine cells once. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HUMAN_PHASES 3       /* opening (empties 41-60), middle (21-40), endgame (0-20) */
#define HUMAN_DIFFICULTIES 3 /* one good move, 2-3, 4 or more */
#define HUMAN_BUCKETS 8
/* A move is good when it loses at most this many discs. */
#define HUMAN_GOOD_LOSS 2

typedef struct HumanCell {
  long moves;                  /* moves counted */
  long loss_total;             /* their disc losses summed */
  long counts[HUMAN_BUCKETS];  /* moves per loss bucket */
} HumanCell;

typedef struct HumanErrors {
  HumanCell cells[HUMAN_PHASES][HUMAN_DIFFICULTIES];
} HumanErrors;

/* The phase of a move played with `empties` empty squares: 0 opening (plies 1-20), 1 middle
 * game (21-40), 2 endgame (41-60). */
int human_phase (int empties);
/* The difficulty of a position with `good` moves losing at most HUMAN_GOOD_LOSS (at least 1). */
int human_difficulty (int good);
/* The bucket of a loss in discs (>= 0), and the losses a bucket holds, low..high. */
int human_bucket (int loss);
int human_bucket_low (int bucket);
int human_bucket_high (int bucket);
/* Names as the text and the tables write them: "opening", "middle", "endgame"; "1", "2-3", "4+";
 * "0", "1-2", ..., "25+". */
const char *human_phase_name (int phase);
const char *human_difficulty_name (int difficulty);
const char *human_bucket_name (int bucket);

/* Counts one move that lost `loss` discs. */
void human_errors_add (HumanErrors *errors, int phase, int difficulty, int loss);
/* Adds every count of the cell `more` to cell, and of the table `more` to errors. */
void human_cell_merge (HumanCell *cell, const HumanCell *more);
void human_errors_merge (HumanErrors *errors, const HumanErrors *more);
/* The cells of one phase summed: its row over every difficulty. */
HumanCell human_errors_phase (const HumanErrors *errors, int phase);

/* Reads the text above into *errors. False with "line N: what" in error when it is malformed. */
bool human_errors_parse (const char *text, size_t length, HumanErrors *errors, char *error,
                         size_t error_size);
/* Writes the cells as the text above, after `comment` (lines already starting with '#'; may be
 * NULL). False when the stream fails. */
bool human_errors_write (FILE *out, const HumanErrors *errors, const char *comment);

/* The table compiled in from data/human-errors.txt, read at the first call (once, whatever the
 * thread). NULL when the text does not read: the level test then fails, and the levels play
 * their search's best move. */
const HumanErrors *human_errors_compiled (void);

/* Draws a loss bucket for a move in (phase, difficulty): the people's distribution with the
 * odds of erring (any bucket but 0) multiplied by `factor`, the shape of the errors kept. A
 * cell with no move counted gives bucket 0. */
int human_errors_draw (const HumanErrors *errors, int phase, int difficulty, double factor,
                       uint64_t *state);
/* The probability that human_errors_draw gives `bucket`. */
double human_errors_probability (const HumanErrors *errors, int phase, int difficulty,
                                 double factor, int bucket);
