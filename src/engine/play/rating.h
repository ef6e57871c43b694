/* rating.h: strength on one Elo scale. The levels' ratings are fitted from games between them
 * (maximum likelihood, one player held at zero); a person's rating is an estimate with its
 * uncertainty, made again after each game from all their games against rated opponents. */
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

/* Games against a rated opponent: the player's score (1 a win, 0.5 a draw, 0 a loss; or the
 * share of the points over several games), and how much they count (the number of games, or
 * less for a person's game that has faded: rating_fading). */
typedef struct RatingGame {
  Rating opponent;
  double score;
  double weight;
} RatingGame;

/* How a person's past fades: a game counts half as much 100 games later, and half as much 180
 * days later (both apply), so that the estimate follows a person who gets better. The weight of
 * a game with later_games played after it, days before the estimate's time. */
#define RATING_MEMORY_GAMES 100.0
#define RATING_MEMORY_DAYS 180.0
double rating_fading (int later_games, double days);

/* The most likely rating given the games (each as much as it weighs) and the prior (a new
 * person's rating; a deviation of INFINITY for none), found by Newton's method; the deviation is
 * that of the estimate. An opponent's deviation flattens its games' expectation (a vaguely rated
 * opponent teaches less). A person's rating is made again after each game from all of them, so
 * every game is weighed at the rating it supports, not at the estimate of the day it was played:
 * a strong newcomer's early wins count as they should once the later games show how strong. */
Rating rating_estimate (Rating prior, const RatingGame *games, int count);

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
