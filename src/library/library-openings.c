/* library-openings.c: how the person does with each opening: their games against the computer
 * (played here, under the standard rules, played to an end), per opening and the colour they
 * played, with their results, mean disc difference and the coach's mean loss a graded move. */
#include <stdio.h>
#include <string.h>

#include "library-private.h"

/* The person played the colour whose level is "" against one whose is not (a computer's). A
 * game lost on time or by resignation counts by its recorded difference's sign, as listed. */
static const char opening_query[] =
  "SELECT opening, colour, count(*), sum(diff > 0), sum(diff = 0), sum(diff < 0), avg(diff),"
  " sum(graded), sum(lost) FROM ("
  "  SELECT opening, 0 AS colour, disc_difference AS diff, black_graded AS graded,"
  "   black_lost AS lost FROM games WHERE source = 'played' AND rules = ?1 AND ending != ?2"
  "   AND black_level = '' AND white_level != ''"
  "  UNION ALL"
  "  SELECT opening, 1, -disc_difference, white_graded, white_lost FROM games"
  "   WHERE source = 'played' AND rules = ?1 AND ending != ?2 AND white_level = ''"
  "   AND black_level != '')"
  " GROUP BY opening, colour"
  " ORDER BY sum(diff < 0) - sum(diff > 0) DESC, sum(diff < 0) DESC, count(*) DESC, opening, colour";

int64_t library_opening_stats (Library *library, LibraryOpeningVisit visit, void *user_data)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, opening_query, -1, &statement, NULL) != SQLITE_OK)
    return -1;
  sqlite3_bind_int (statement, 1, RULES_STANDARD);
  sqlite3_bind_int (statement, 2, LIBRARY_ENDING_UNFINISHED);
  int64_t count = 0;
  int status;
  while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
    LibraryOpeningStats stats;
    memset (&stats, 0, sizeof stats);
    snprintf (stats.opening, sizeof stats.opening, "%s",
              (const char *) sqlite3_column_text (statement, 0));
    stats.colour = sqlite3_column_int (statement, 1);
    stats.games = sqlite3_column_int (statement, 2);
    stats.wins = sqlite3_column_int (statement, 3);
    stats.draws = sqlite3_column_int (statement, 4);
    stats.losses = sqlite3_column_int (statement, 5);
    stats.mean_difference = sqlite3_column_double (statement, 6);
    stats.graded = sqlite3_column_int (statement, 7);
    int lost = sqlite3_column_int (statement, 8);
    stats.mean_loss = stats.graded > 0 ? (double) lost / stats.graded : -1;
    count++;
    if (!visit (&stats, user_data)) {
      status = SQLITE_DONE;
      break;
    }
  }
  sqlite3_finalize (statement);
  return status == SQLITE_DONE ? count : -1;
}
