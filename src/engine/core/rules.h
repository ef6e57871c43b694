/* rules.h: the variants of the game. They share the board and the moves and differ only in who
 * wins: in standard Reversi the most discs, in Reverse (also called anti-Othello) the fewest. */
#pragma once

typedef enum Rules {
  RULES_STANDARD,
  RULES_REVERSE,
} Rules;

/* A final disc difference for the side to move under the rules, from the standard one (empty
 * squares already given to the winner of the standard count): Reverse is its negation, so the
 * empty squares go to the player with fewer discs. */
static inline int rules_final_score (Rules rules, int standard_score)
{
  return rules == RULES_REVERSE ? -standard_score : standard_score;
}
