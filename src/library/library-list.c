/* library-list.c: the games kept by a filter, sorted, a page at a time; the SQL is built from
 * the filter's fields, every value bound, never pasted. */
#include <stdio.h>
#include <string.h>

#include "library-private.h"

typedef struct ListQuery {
  char sql[2048];
  size_t length;
  const char *texts[8];  /* bound in order as ?1, ?2 ...; the position's key is ?8 */
  int n_texts;
} ListQuery;

static void query_add (ListQuery *query, const char *sql)
{
  int n = snprintf (query->sql + query->length, sizeof query->sql - query->length, "%s", sql);
  if (n > 0)
    query->length += (size_t) n;
}

/* " AND (sql)", each '?' of sql the next parameter, bound to text. */
static void query_where (ListQuery *query, const char *sql, const char *text)
{
  char index[16];
  snprintf (index, sizeof index, "?%d", query->n_texts + 1);
  query_add (query, " AND (");
  for (const char *c = sql; *c; c++) {
    char one[2] = { *c, '\0' };
    query_add (query, *c == '?' ? index : one);
  }
  query_add (query, ")");
  query->texts[query->n_texts++] = text;
}

static bool has_text (const char *text)
{
  return text && *text;
}

static int64_t library_list_key (Library *library, const LibraryFilter *filter, bool by_key,
                                 int64_t key, LibraryVisit visit, void *user_data)
{
  static const LibraryFilter none = LIBRARY_FILTER_INIT;
  if (!filter)
    filter = &none;
  ListQuery query = { .length = 0 };
  query_add (&query, "SELECT id, black, white, black_level, white_level, rules, start, date,"
                     " disc_difference, ending, opening, moves, source,"
                     " (SELECT group_concat (tag, ', ') FROM"
                     "  (SELECT tag FROM tags WHERE game = games.id ORDER BY tag))"
                     " FROM games WHERE 1");
  /* LIKE patterns: the user's text between '%', its own % _ and \ escaped. */
  char patterns[4][LIBRARY_TEXT_SIZE * 2 + 3];
  const char *likes[4] = { filter->player, filter->opening, filter->source, filter->text };
  for (int i = 0; i < 4; i++) {
    char *out = patterns[i];
    *out++ = '%';
    for (const char *c = likes[i]; c && *c && out < patterns[i] + sizeof patterns[i] - 3; c++) {
      if (*c == '%' || *c == '_' || *c == '\\')
        *out++ = '\\';
      *out++ = *c;
    }
    *out++ = '%';
    *out = '\0';
  }
  if (has_text (filter->player))
    query_where (&query, "black LIKE ? ESCAPE '\\' OR white LIKE ? ESCAPE '\\'", patterns[0]);
  if (has_text (filter->opening))
    query_where (&query, "opening LIKE ? ESCAPE '\\'", patterns[1]);
  if (has_text (filter->source))
    query_where (&query, "source LIKE ? ESCAPE '\\'", patterns[2]);
  if (has_text (filter->text))
    query_where (&query, "black LIKE ? ESCAPE '\\' OR white LIKE ? ESCAPE '\\'"
                         " OR opening LIKE ? ESCAPE '\\'", patterns[3]);
  if (has_text (filter->date_from))
    query_where (&query, "date >= ?", filter->date_from);
  if (has_text (filter->date_to))
    query_where (&query, "date < ?", filter->date_to);
  if (has_text (filter->tag))
    query_where (&query, "id IN (SELECT game FROM tags WHERE tag = ?)", filter->tag);
  static const char *const results[] = { "", " AND disc_difference > 0 AND ending < 3",
                                         " AND disc_difference < 0 AND ending < 3",
                                         " AND disc_difference = 0 AND ending = 0" };
  if (filter->result >= 1 && filter->result <= 3)
    query_add (&query, results[filter->result]);
  if (filter->origin == LIBRARY_ORIGIN_PLAYED)
    query_add (&query, " AND source = 'played'");
  else if (filter->origin == LIBRARY_ORIGIN_IMPORTED)
    query_add (&query, " AND source <> 'played'");
  char number[64];
  if (filter->rules >= 0) {
    snprintf (number, sizeof number, " AND rules = %d", filter->rules);
    query_add (&query, number);
  }
  if (by_key)
    query_add (&query, " AND id IN (SELECT game FROM positions WHERE key = ?8)");
  static const char *const orders[] = { "date", "black COLLATE NOCASE, white COLLATE NOCASE",
                                        "opening", "disc_difference" };
  int sort = filter->sort >= LIBRARY_SORT_DATE && filter->sort <= LIBRARY_SORT_RESULT
           ? (int) filter->sort : 0;
  query_add (&query, " ORDER BY ");
  query_add (&query, orders[sort]);
  query_add (&query, filter->descending ? " DESC, id DESC" : ", id");
  snprintf (number, sizeof number, " LIMIT %d OFFSET %d", filter->limit > 0 ? filter->limit : -1,
            filter->offset > 0 ? filter->offset : 0);
  query_add (&query, number);

  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, query.sql, -1, &statement, NULL) != SQLITE_OK)
    return -1;
  for (int i = 0; i < query.n_texts; i++)
    sqlite3_bind_text (statement, i + 1, query.texts[i], -1, SQLITE_STATIC);
  if (by_key)
    sqlite3_bind_int64 (statement, 8, key);
  int64_t count = 0;
  int status;
  LibraryGame game;
  while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
    memset (&game, 0, sizeof game);
    game.id = sqlite3_column_int64 (statement, 0);
    char *texts[] = { game.black, game.white, game.black_level, game.white_level };
    for (int i = 0; i < 4; i++)
      snprintf (texts[i], LIBRARY_TEXT_SIZE, "%s",
                (const char *) sqlite3_column_text (statement, 1 + i));
    game.rules = (Rules) sqlite3_column_int (statement, 5);
    const char *start = (const char *) sqlite3_column_text (statement, 6);
    if (notation_parse_board (start, strlen (start), &game.start).error != NOTATION_OK)
      position_init (&game.start);
    snprintf (game.date, sizeof game.date, "%s", (const char *) sqlite3_column_text (statement, 7));
    game.disc_difference = sqlite3_column_int (statement, 8);
    game.ending = (LibraryEnding) sqlite3_column_int (statement, 9);
    snprintf (game.opening, sizeof game.opening, "%s",
              (const char *) sqlite3_column_text (statement, 10));
    const char *moves = (const char *) sqlite3_column_text (statement, 11);
    Position position = game.start;
    notation_parse_transcript (moves, strlen (moves), &position, game.moves, NOTATION_MAX_MOVES,
                               &game.n_moves);
    snprintf (game.source, sizeof game.source, "%s",
              (const char *) sqlite3_column_text (statement, 12));
    const char *tags = (const char *) sqlite3_column_text (statement, 13);  /* NULL: none */
    snprintf (game.tags, sizeof game.tags, "%s", tags ? tags : "");
    count++;
    if (visit && !visit (&game, user_data))
      break;
  }
  sqlite3_finalize (statement);
  return status == SQLITE_ROW || status == SQLITE_DONE ? count : -1;
}

int64_t library_list (Library *library, const LibraryFilter *filter, LibraryVisit visit,
                      void *user_data)
{
  return library_list_key (library, filter, false, 0, visit, user_data);
}

int64_t library_list_position (Library *library, const Position *position,
                               const LibraryFilter *filter, LibraryVisit visit, void *user_data)
{
  return library_list_key (library, filter, true, library_position_key (position), visit,
                           user_data);
}
