/* library-import.c: games from files into the library, through the engine's readers only: WTHOR
 * (wthor.h), GGF and transcripts (notation.h). A bad record is named and skipped, the others
 * imported; each file is one transaction (a few thousand games, committed every
 * LIBRARY_IMPORT_BATCH), so a cut-short import keeps every file finished before it. */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "library-private.h"
#include "wthor.h"

#define LIBRARY_IMPORT_BATCH 5000
/* A bulk import of more games than this (and than the library holds) drops the position index
 * and makes it again after: sorting the keys once beats updating the index game by game. */
#ifndef LIBRARY_BULK_GAMES
#define LIBRARY_BULK_GAMES 20000
#endif

typedef struct Importer {
  Library *library;
  LibraryImport *import;
  int64_t done, total;
  int64_t since_commit;
  bool failed;
} Importer;

static void import_say (Importer *importer, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

static void import_say (Importer *importer, const char *format, ...)
{
  if (!importer->import->message)
    return;
  char text[1024];
  va_list args;
  va_start (args, format);
  vsnprintf (text, sizeof text, format, args);
  va_end (args);
  importer->import->message (text, importer->import->user_data);
}

static bool import_cancelled (const Importer *importer)
{
  return importer->import->cancel && atomic_load (importer->import->cancel);
}

/* Adds one game in the file's transaction, committing every LIBRARY_IMPORT_BATCH games. */
static bool import_add (Importer *importer, LibraryGame *game)
{
  int result = library_add (importer->library, game, NULL);
  if (result < 0) {
    import_say (importer, "%s: %s", importer->library->path, library_error (importer->library));
    importer->failed = true;
    return false;
  }
  if (result > 0)
    importer->import->added++;
  else
    importer->import->duplicates++;
  importer->done++;
  if (++importer->since_commit >= LIBRARY_IMPORT_BATCH) {
    importer->since_commit = 0;
    if (!library_commit (importer->library) || !library_begin (importer->library)) {
      importer->failed = true;
      return false;
    }
  }
  if (importer->import->progress && importer->done % 500 == 0)
    importer->import->progress (importer->done, importer->total, importer->import->user_data);
  return true;
}

/* Every line of text that warnings (a memory stream) received, said one at a time. */
static void import_say_lines (Importer *importer, char *text)
{
  for (char *line = text; line && *line;) {
    char *end = strchr (line, '\n');
    if (end)
      *end = '\0';
    if (*line)
      import_say (importer, "%s", line);
    line = end ? end + 1 : NULL;
  }
}

/* The players' names of the WTHOR.JOU beside path, or NULL. */
static char **import_wthor_players (const char *path, size_t *count)
{
  char folder[4096];
  snprintf (folder, sizeof folder, "%s", path);
  char *slash = strrchr (folder, '/');
  char jou[4200];
  if (slash) {
    *slash = '\0';
    snprintf (jou, sizeof jou, "%s/WTHOR.JOU", folder);
  } else {
    snprintf (jou, sizeof jou, "WTHOR.JOU");
  }
  char error[256];
  return wthor_read_names (jou, WTHOR_PLAYER_RECORD, count, error, sizeof error);
}

static void import_wthor (Importer *importer, const char *path, char **players, size_t n_players)
{
  WthorFile file;
  char error[512];
  char *warnings_text = NULL;
  size_t warnings_size = 0;
  FILE *warnings = open_memstream (&warnings_text, &warnings_size);
  bool read = wthor_read (path, &file, warnings, error, sizeof error);
  if (warnings)
    fclose (warnings);
  import_say_lines (importer, warnings_text);
  free (warnings_text);
  if (!read) {
    import_say (importer, "%s", error);
    importer->import->bad++;
    return;
  }
  importer->import->bad += (int64_t) file.skipped;
  LibraryGame game;
  for (size_t i = 0; i < file.count && !import_cancelled (importer) && !importer->failed; i++) {
    const WthorGame *w = &file.games[i];
    memset (&game, 0, sizeof game);
    position_init (&game.start);
    Position position = game.start;
    /* WTHOR leaves the passes out: they are put back where the side to move has no move. */
    for (int m = 0; m < w->move_count && game.n_moves < NOTATION_MAX_MOVES; m++) {
      if (position_must_pass (&position)) {
        position_play (&position, BOARD_PASS);
        game.moves[game.n_moves++] = BOARD_PASS;
      }
      position_play (&position, w->moves[m]);
      game.moves[game.n_moves++] = w->moves[m];
    }
    int numbers[2] = { w->black_player, w->white_player };
    char *names[2] = { game.black, game.white };
    for (int side = 0; side < 2; side++) {
      if (players && (size_t) numbers[side] < n_players)
        snprintf (names[side], LIBRARY_TEXT_SIZE, "%s", players[numbers[side]]);
      else
        snprintf (names[side], LIBRARY_TEXT_SIZE, "WTHOR player %d", numbers[side]);
    }
    snprintf (game.date, sizeof game.date, "%d", file.year);
    game.disc_difference = w->final_score;
    game.ending = LIBRARY_ENDING_NORMAL;
    snprintf (game.source, sizeof game.source, "%s", path);
    if (!import_add (importer, &game))
      break;
  }
  wthor_file_clear (&file);
}

/* A whole file read into memory, NUL-terminated; NULL after naming what failed. */
static char *import_read_text (Importer *importer, const char *path, size_t *length)
{
  FILE *file = fopen (path, "rb");
  char *text = NULL;
  if (file && fseek (file, 0, SEEK_END) == 0) {
    long size = ftell (file);
    if (size >= 0 && fseek (file, 0, SEEK_SET) == 0 && (text = malloc ((size_t) size + 1))) {
      *length = fread (text, 1, (size_t) size, file);
      text[*length] = '\0';
    }
  }
  if (!text)
    import_say (importer, "%s: cannot be read: %s", path, strerror (errno));
  if (file)
    fclose (file);
  return text;
}

/* GGS's DT, "2003.01.02_10:00:00.UTC", as ISO 8601, "2003-01-02 10:00:00", so that GGF games
 * sort and filter by date with the others; any other date is kept as written. */
static void import_ggf_date (const char *date, char *out, size_t size)
{
  int year, month, day, hour, minute, second, used = 0;
  if (sscanf (date, "%4d.%2d.%2d_%2d:%2d:%2d%n", &year, &month, &day, &hour, &minute, &second,
              &used) == 6 && used > 0)
    snprintf (out, size, "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute,
              second);
  else if (sscanf (date, "%4d.%2d.%2d%n", &year, &month, &day, &used) == 3 && used == 10)
    snprintf (out, size, "%04d-%02d-%02d", year, month, day);
  else
    snprintf (out, size, "%s", date);
}

/* Whether the moves reach the end at `end`: then the game ended there, with Black's disc
 * difference on the board; else it is unfinished. */
static bool import_reaches_end (LibraryGame *game, const Position *end)
{
  if (!board_is_game_over (&end->board)) {
    game->ending = LIBRARY_ENDING_UNFINISHED;
    return false;
  }
  int score = board_final_score (&end->board);
  game->disc_difference = end->side_to_move == POSITION_BLACK ? score : -score;
  game->ending = LIBRARY_ENDING_NORMAL;
  return true;
}

/* Black's disc difference and how the game ended, from GGF's RE ("+12.000", "-64:r", "0:t")
 * unless the moves reach the end. */
static void import_ggf_result (const NotationGame *ggf, LibraryGame *game)
{
  Position end = notation_game_position (ggf, ggf->n_moves);
  if (import_reaches_end (game, &end) || !ggf->result[0])
    return;
  game->disc_difference = (int) strtod (ggf->result, NULL);
  const char *colon = strchr (ggf->result, ':');
  game->ending = !colon ? LIBRARY_ENDING_NORMAL
               : colon[1] == 'r' ? LIBRARY_ENDING_RESIGN
               : colon[1] == 't' ? LIBRARY_ENDING_TIME : LIBRARY_ENDING_NORMAL;
}

NotationStatus library_game_from_ggf (const char *text, size_t length, NotationGame *ggf,
                                     LibraryGame *game, size_t *end)
{
  NotationStatus status = notation_parse_ggf (text, length, ggf, end);
  if (status.error != NOTATION_OK)
    return status;
  game->start = ggf->start;
  game->rules = ggf->rules;
  game->n_moves = ggf->n_moves;
  memcpy (game->moves, ggf->moves, ggf->n_moves * sizeof ggf->moves[0]);
  snprintf (game->black, sizeof game->black, "%s", ggf->black);
  snprintf (game->white, sizeof game->white, "%s", ggf->white);
  import_ggf_date (ggf->date, game->date, sizeof game->date);
  import_ggf_result (ggf, game);
  return status;
}

static void import_ggf (Importer *importer, const char *path)
{
  size_t length;
  char *text = import_read_text (importer, path, &length);
  if (!text)
    return;
  NotationGame *ggf = malloc (sizeof *ggf);
  LibraryGame *game = malloc (sizeof *game);
  size_t offset = 0;
  for (int number = 1; ggf && game && !import_cancelled (importer) && !importer->failed;
       number++) {
    char *open = strstr (text + offset, "(;");
    if (!open)
      break;
    offset = (size_t) (open - text);
    size_t end = 0;
    memset (game, 0, sizeof *game);
    NotationStatus status = library_game_from_ggf (text + offset, length - offset, ggf, game,
                                                   &end);
    if (status.error != NOTATION_OK) {
      import_say (importer, "%s: game %d (byte %zu): %s", path, number,
                  offset + status.offset + 1, notation_error_message (status.error));
      importer->import->bad++;
      offset += 2;
      continue;
    }
    snprintf (game->source, sizeof game->source, "%s", path);
    /* The record as written, the one place its other properties (ratings, clock) are kept. */
    char *record = strndup (text + offset, end);
    game->record = record;
    bool added = import_add (importer, game);
    free (record);
    offset += end;
    if (!added)
      break;
  }
  free (game);
  free (ggf);
  free (text);
}

static void import_transcripts (Importer *importer, const char *path)
{
  size_t length;
  char *text = import_read_text (importer, path, &length);
  if (!text)
    return;
  LibraryGame *game = malloc (sizeof *game);
  char *line = text;
  for (int number = 1; game && line && *line && !import_cancelled (importer)
       && !importer->failed; number++) {
    char *newline = strchr (line, '\n');
    size_t size = newline ? (size_t) (newline - line) : strlen (line);
    size_t blank = strspn (line, " \t\r");
    if (blank < size && line[blank] != '#' && line[blank] != '%') {
      memset (game, 0, sizeof *game);
      position_init (&game->start);
      Position position = game->start;
      NotationStatus status = notation_parse_transcript (line, size, &position, game->moves,
                                                         NOTATION_MAX_MOVES, &game->n_moves);
      if (status.error != NOTATION_OK) {
        import_say (importer, "%s:%d:%zu: %s", path, number, status.offset + 1,
                    notation_error_message (status.error));
        importer->import->bad++;
      } else {
        import_reaches_end (game, &position);
        snprintf (game->source, sizeof game->source, "%s", path);
        if (!import_add (importer, game))
          break;
      }
    }
    line = newline ? newline + 1 : NULL;
  }
  free (game);
  free (text);
}

static bool has_suffix (const char *name, const char *suffix)
{
  size_t n = strlen (name), s = strlen (suffix);
  return n >= s && strcasecmp (name + n - s, suffix) == 0;
}

/* One file in one transaction (committed every LIBRARY_IMPORT_BATCH games). */
static void import_file (Importer *importer, const char *path, char **players, size_t n_players)
{
  if (has_suffix (path, ".sgf")) {
    import_say (importer, "%s: SGF files are imported by the window, not verso-engine", path);
    return;
  }
  if (!library_begin (importer->library)) {
    import_say (importer, "%s: %s", importer->library->path, library_error (importer->library));
    importer->failed = true;
    return;
  }
  importer->since_commit = 0;
  if (has_suffix (path, ".wtb"))
    import_wthor (importer, path, players, n_players);
  else if (has_suffix (path, ".ggf"))
    import_ggf (importer, path);
  else
    import_transcripts (importer, path);
  if (importer->failed) {
    library_rollback (importer->library);
  } else if (!library_commit (importer->library)) {
    import_say (importer, "%s: %s", importer->library->path, library_error (importer->library));
    importer->failed = true;
  }
}

static int compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The files of a folder a library imports (.wtb, .ggf, .txt), sorted, as full paths. */
static char **import_list_folder (const char *folder, size_t *count)
{
  DIR *dir = opendir (folder);
  if (!dir)
    return NULL;
  char **paths = NULL;
  size_t n = 0, capacity = 0;
  struct dirent *entry;
  while ((entry = readdir (dir))) {
    const char *name = entry->d_name;
    if (!has_suffix (name, ".wtb") && !has_suffix (name, ".ggf") && !has_suffix (name, ".txt"))
      continue;
    if (n == capacity) {
      capacity = capacity ? 2 * capacity : 64;
      char **grown = realloc (paths, capacity * sizeof *paths);
      if (!grown)
        break;
      paths = grown;
    }
    size_t size = strlen (folder) + strlen (name) + 2;
    if (!(paths[n] = malloc (size)))
      break;
    snprintf (paths[n++], size, "%s/%s", folder, name);
  }
  closedir (dir);
  if (paths)
    qsort (paths, n, sizeof *paths, compare_names);
  *count = n;
  return paths ? paths : calloc (1, sizeof *paths);
}

/* About how many games the files hold, from their sizes (a WTHOR record is 68 bytes). */
static int64_t import_estimate (char **paths, size_t count)
{
  int64_t games = 0;
  struct stat info;
  for (size_t i = 0; i < count; i++)
    if (stat (paths[i], &info) == 0)
      games += has_suffix (paths[i], ".wtb") ? (info.st_size - WTHOR_HEADER) / WTHOR_RECORD
                                             : info.st_size / 200;
  return games;
}

bool library_import_path (Library *library, const char *path, LibraryImport *import)
{
  Importer importer = { .library = library, .import = import };
  struct stat info;
  if (stat (path, &info) != 0) {
    import_say (&importer, "%s: %s", path, strerror (errno));
    return false;
  }
  char **paths;
  size_t count = 1;
  char *single[1] = { (char *) path };
  bool folder = S_ISDIR (info.st_mode);
  if (folder) {
    paths = import_list_folder (path, &count);
    if (!paths) {
      import_say (&importer, "%s: %s", path, strerror (errno));
      return false;
    }
    if (count == 0) {
      import_say (&importer, "%s: no .wtb, .ggf or .txt file in this folder", path);
      free (paths);
      return false;
    }
  } else {
    paths = single;
  }
  bool any_wthor = false;
  for (size_t i = 0; i < count; i++)
    any_wthor |= has_suffix (paths[i], ".wtb");
  size_t n_players = 0;
  char **players = any_wthor ? import_wthor_players (paths[0], &n_players) : NULL;
  int64_t estimate = import_estimate (paths, count);
  size_t n_wthor = 0;
  for (size_t i = 0; i < count; i++)
    n_wthor += has_suffix (paths[i], ".wtb");
  importer.total = n_wthor == count ? estimate : 0;
  bool bulk = estimate > LIBRARY_BULK_GAMES && estimate > library_count (library);
  if (bulk)
    library_drop_position_index (library);
  for (size_t i = 0; i < count && !importer.failed && !import_cancelled (&importer); i++)
    import_file (&importer, paths[i], players, n_players);
  if (bulk && !library_make_position_index (library)) {
    import_say (&importer, "%s: %s", library->path, library_error (library));
    importer.failed = true;
  }
  if (import->progress)
    import->progress (importer.done, importer.total, import->user_data);
  wthor_names_free (players, n_players);
  if (folder) {
    for (size_t i = 0; i < count; i++)
      free (paths[i]);
    free (paths);
  }
  return !importer.failed;
}
