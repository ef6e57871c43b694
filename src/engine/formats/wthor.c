/* wthor.c: WTHOR databases: a 16-byte header, then 68-byte game records (little-endian). */
#include "wthor.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"

bool wthor_decode_record (const uint8_t *record, WthorGame *game, char *why, size_t why_size)
{
  memset (game, 0, sizeof *game);
  game->tournament = (int) bytes_read_u16 (record);
  game->black_player = (int) bytes_read_u16 (record + 2);
  game->white_player = (int) bytes_read_u16 (record + 4);
  game->black_discs = record[6];
  game->theoretical = record[7];
  if (game->black_discs > 64) {
    snprintf (why, why_size, "black's disc count %d is over 64", game->black_discs);
    return false;
  }
  if (game->theoretical > 64) {
    snprintf (why, why_size, "theoretical score %d is over 64", game->theoretical);
    return false;
  }
  const uint8_t *moves = record + 8;
  int count = 0;
  while (count < 60 && moves[count] != 0)
    count++;
  for (int i = count; i < 60; i++)
    if (moves[i] != 0) {
      snprintf (why, why_size, "move %d follows the end of the moves", i + 1);
      return false;
    }

  Board board;
  board_init (&board);
  bool black = true;
  for (int i = 0; i < count; i++) {
    int row = moves[i] / 10, column = moves[i] % 10;
    if (row < 1 || row > 8 || column < 1 || column > 8) {
      snprintf (why, why_size, "move %d is not a square (%d)", i + 1, moves[i]);
      return false;
    }
    int square = board_square (column - 1, row - 1);
    if (!board_legal_moves (&board)) {
      board_pass (&board);
      black = !black;
    }
    if (!board_play (&board, square)) {
      snprintf (why, why_size, "move %d (%c%d) is illegal for %s", i + 1, 'a' + column - 1, row,
                black ? "black" : "white");
      return false;
    }
    black = !black;
    game->moves[i] = (uint8_t) square;
  }
  game->move_count = count;
  game->finished = board_is_game_over (&board);
  if (game->finished) {
    int score = board_final_score (&board);
    game->final_score = black ? score : -score;
  } else {
    game->final_score = 2 * game->black_discs - 64;
  }
  return true;
}

void wthor_replay (const WthorGame *game, WthorVisit visit, void *user_data)
{
  Board board;
  board_init (&board);
  bool black = true;
  for (int i = 0; i < game->move_count; i++) {
    if (!board_legal_moves (&board)) {
      board_pass (&board);
      black = !black;
    }
    visit (&board, black, game->moves[i], user_data);
    board_play (&board, game->moves[i]);
    black = !black;
  }
}

/* path opened and its header read; NULL with the reason in error (cut_short says what a file
 * shorter than a header is). The games' files and the names' files share the header. */
static FILE *open_with_header (const char *path, uint8_t header[WTHOR_HEADER], const char *cut_short,
                               char *error, size_t error_size)
{
  FILE *in = fopen (path, "rb");
  if (!in) {
    snprintf (error, error_size, "%s: %s", path, strerror (errno));
    return NULL;
  }
  if (fread (header, 1, WTHOR_HEADER, in) != WTHOR_HEADER) {
    snprintf (error, error_size, "%s: %s", path, cut_short);
    fclose (in);
    return NULL;
  }
  return in;
}

bool wthor_read (const char *path, WthorFile *file, FILE *warnings, char *error,
                 size_t error_size)
{
  memset (file, 0, sizeof *file);
  uint8_t header[WTHOR_HEADER];
  FILE *in = open_with_header (path, header, "shorter than a WTHOR header", error, error_size);
  if (!in)
    return false;
  uint32_t declared = bytes_read_u32 (header + 4);
  file->year = (int) bytes_read_u16 (header + 10);
  file->depth = header[14];
  if ((header[12] != 0 && header[12] != 8) || file->depth > 60) {
    snprintf (error, error_size, "%s: not an 8x8 WTHOR game file (board size %d, depth %d)", path,
              header[12], file->depth);
    fclose (in);
    return false;
  }
  if (fseek (in, 0, SEEK_END) != 0) {
    snprintf (error, error_size, "%s: %s", path, strerror (errno));
    fclose (in);
    return false;
  }
  long size = ftell (in);
  fseek (in, WTHOR_HEADER, SEEK_SET);
  size_t present = size > WTHOR_HEADER ? (size_t) (size - WTHOR_HEADER) / WTHOR_RECORD : 0;
  if (warnings && (present != declared || (size - WTHOR_HEADER) % WTHOR_RECORD != 0))
    fprintf (warnings, "%s: header declares %u games, the file holds %zu whole records: reading %zu\n",
             path, declared, present, present < declared ? present : (size_t) declared);
  size_t records = present < declared ? present : declared;
  file->games = records ? calloc (records, sizeof *file->games) : NULL;
  if (records && !file->games) {
    snprintf (error, error_size, "%s: out of memory for %zu games", path, records);
    fclose (in);
    return false;
  }
  for (size_t i = 0; i < records; i++) {
    uint8_t record[WTHOR_RECORD];
    char why[120];
    if (fread (record, 1, sizeof record, in) != sizeof record) {
      snprintf (error, error_size, "%s: read error at record %zu", path, i + 1);
      wthor_file_clear (file);
      fclose (in);
      return false;
    }
    WthorGame *game = &file->games[file->count];
    if (!wthor_decode_record (record, game, why, sizeof why)) {
      if (warnings)
        fprintf (warnings, "%s: record %zu skipped: %s\n", path, i + 1, why);
      file->skipped++;
      continue;
    }
    game->record = (int) i;
    file->count++;
  }
  fclose (in);
  return true;
}

void wthor_file_clear (WthorFile *file)
{
  free (file->games);
  memset (file, 0, sizeof *file);
}

static int compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **wthor_list_directory (const char *directory, size_t *count, char *error, size_t error_size)
{
  *count = 0;
  DIR *dir = opendir (directory);
  if (!dir) {
    snprintf (error, error_size, "%s: %s", directory, strerror (errno));
    return NULL;
  }
  char **names = NULL;
  bool ok = true;
  struct dirent *entry;
  while (ok && (entry = readdir (dir))) {
    size_t length = strlen (entry->d_name);
    if (length < 5 || strcmp (entry->d_name + length - 4, ".wtb") != 0)
      continue;
    char **grown = realloc (names, (*count + 1) * sizeof *names);
    if (!grown || !(grown[*count] = strdup (entry->d_name))) {
      names = grown ? grown : names;
      snprintf (error, error_size, "%s: out of memory", directory);
      ok = false;
      break;
    }
    names = grown;
    (*count)++;
  }
  closedir (dir);
  if (ok && *count == 0) {
    snprintf (error, error_size, "%s: no .wtb files", directory);
    ok = false;
  }
  if (!ok) {
    wthor_names_free (names, *count);
    *count = 0;
    return NULL;
  }
  qsort (names, *count, sizeof *names, compare_names);
  return names;
}

void wthor_names_free (char **names, size_t count)
{
  for (size_t i = 0; i < count; i++)
    free (names[i]);
  free (names);
}

bool wthor_read_directory (const char *directory, WthorFileVisit visit, void *user_data,
                           FILE *warnings, char *error, size_t error_size)
{
  size_t count;
  char **names = wthor_list_directory (directory, &count, error, error_size);
  if (!names)
    return false;
  for (size_t i = 0; i < count; i++) {
    char path[4096], why[512];
    snprintf (path, sizeof path, "%s/%s", directory, names[i]);
    WthorFile file;
    if (!wthor_read (path, &file, warnings, why, sizeof why)) {
      if (warnings)
        fprintf (warnings, "%s (file skipped)\n", why);
      continue;
    }
    visit (&file, user_data);
    wthor_file_clear (&file);
  }
  wthor_names_free (names, count);
  return true;
}

char **wthor_read_names (const char *path, size_t record_size, size_t *count, char *error,
                         size_t error_size)
{
  uint8_t header[WTHOR_HEADER];
  FILE *file = open_with_header (path, header, "the header is cut short", error, error_size);
  if (!file)
    return NULL;
  size_t capacity = bytes_read_u16 (header + 8); /* the names files count their records here */
  char **names = calloc (capacity ? capacity : 1, sizeof *names);
  uint8_t record[64];
  size_t n = 0;
  while (names && n < capacity && record_size <= sizeof record
         && fread (record, 1, record_size, file) == record_size) {
    /* ISO 8859-1 to UTF-8: at most two bytes a character. */
    char *name = malloc (2 * record_size + 1), *out = name;
    if (!name)
      break;
    for (size_t i = 0; i < record_size && record[i]; i++) {
      if (record[i] < 0x80) {
        *out++ = (char) record[i];
      } else {
        *out++ = (char) (0xC0 | (record[i] >> 6));
        *out++ = (char) (0x80 | (record[i] & 0x3F));
      }
    }
    while (out > name && out[-1] == ' ')
      out--;
    *out = '\0';
    names[n++] = name;
  }
  fclose (file);
  if (!names || n < capacity) {
    snprintf (error, error_size, "%s: %s", path,
              names ? "fewer names than the header says" : "out of memory");
    wthor_names_free (names, n);
    return NULL;
  }
  *count = n;
  return names;
}
