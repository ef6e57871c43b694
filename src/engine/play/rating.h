/* rating.h: strength on one Elo scale. The levels' ratings are fitted from games between them
 * (maximum likelihood, one player held at zero); a person's rating is an estimate with its
 * uncertainty, moved game by game against rated opponents (Glicko's update). */
#pragma once

#include <stdbool.h>

/* A rating and its uncertainty: the standard deviation of the estimate, in rating points (a
 * 95 % interval is value ± 1.96 deviation). */
typedef struct Rating {
  double value;
  double deviation;
} Rating;

/* A new player's uncertainty: nothing is known yet (level_ratings_new_player gives the value). */
#define RATING_NEW_DEVIATION 350.0

/* The expected score (0 .. 1) of a player rated a against one rated b. */
double rating_expected (double a, double b);
/* The rating difference that an expected score gives; ±INFINITY at 0 and 1. */
double rating_difference_of_score (double score);

/* A person's rating after one game against an opponent: score 1 for a win, 0.5 for a draw, 0 for
 * a loss. The opponent's deviation widens the step's uncertainty (a vaguely rated opponent
 * teaches less). */
Rating rating_after_game (Rating player, Rating opponent, double score);
/* The uncertainty grows while a person does not play: by `growth` rating points after one day
 * (growing as the square root of the days), never beyond RATING_NEW_DEVIATION. */
#define RATING_DAILY_GROWTH 15.0
Rating rating_after_idle (Rating player, double days);

/* The results of a pairing: players a and b (indices), the points a scored, the games. */
typedef struct RatingResults {
  int a, b;
  double points;
  int games;
} RatingResults;

/* Fits the ratings of players 0 .. players - 1 from the pairings' results by maximum likelihood,
 * with player `anchor` held at 0. Each pairing counts one more drawn game (a weak prior, so that
 * a clean sweep gives a finite difference). ratings[i].deviation is the standard error of
 * ratings[i].value relative to the anchor (0 for the anchor). Returns false when some player is
 * not joined to the anchor by the pairings, or an argument is out of range. */
bool rating_fit (int players, const RatingResults *results, int count, int anchor, Rating *ratings);
