/* wthor.h: reading WTHOR game databases (.wtb) and replaying their games. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"

#define WTHOR_HEADER 16
#define WTHOR_RECORD 68

typedef struct WthorGame {
  int record;            /* position of the record in its file, from 0 */
  int tournament;        /* the numbers of the tournament and of the players, indexes into the */
  int black_player;      /* WTHOR.TRN and WTHOR.JOU files (wthor_read_names) */
  int white_player;
  int black_discs;       /* black's final disc count as recorded */
  int theoretical;       /* black's discs with perfect play from `depth` empties on */
  int move_count;        /* moves played (passes are not recorded) */
  uint8_t moves[60];     /* squares 0..63 */
  int final_score;       /* black's final disc difference: from the replay when the game
                          * reached its end (empties to the winner), else as recorded */
  bool finished;         /* the recorded moves reach the end of the game */
} WthorGame;

typedef struct WthorFile {
  int year;
  int depth;             /* empties at which the theoretical score starts */
  WthorGame *games;
  size_t count;          /* games kept */
  size_t skipped;        /* damaged or illegal records left out */
} WthorFile;

/* Reads every game of a .wtb file, replaying each one: a damaged or illegal record is skipped
 * with a warning on `warnings` (when not NULL) naming the file and the record. Returns false
 * with a message in error when the file cannot be read or its header is damaged. */
bool wthor_read (const char *path, WthorFile *file, FILE *warnings, char *error,
                 size_t error_size);
void wthor_file_clear (WthorFile *file);

/* Reads every .wtb file of a directory in name order (so that what is made from them does not
 * depend on the file system), calling visit with each file read; a file that cannot be read is
 * skipped with a message on `warnings` (when not NULL), like its damaged records. Returns false
 * with a message in error when the directory cannot be read or holds no .wtb file. */
typedef void (*WthorFileVisit) (const WthorFile *file, void *user_data);
/* The names of the .wtb files of a directory, sorted: a malloc'ed array of *count malloc'ed names
 * (free with wthor_names_free), or NULL with a message in error when the directory cannot be read,
 * holds no .wtb file or memory is short. */
char **wthor_list_directory (const char *directory, size_t *count, char *error, size_t error_size);
void wthor_names_free (char **names, size_t count);
bool wthor_read_directory (const char *directory, WthorFileVisit visit, void *user_data,
                           FILE *warnings, char *error, size_t error_size);

/* The names of a WTHOR.JOU (players) or WTHOR.TRN (tournaments) file: a 16-byte header, then
 * one name a record, NUL-padded in ISO 8859-1, returned in UTF-8. A malloc'ed array of *count
 * malloc'ed names (free with wthor_names_free), or NULL with a message in error naming the file. */
char **wthor_read_names (const char *path, size_t record_size, size_t *count, char *error,
                         size_t error_size);
#define WTHOR_PLAYER_RECORD 20
#define WTHOR_TOURNAMENT_RECORD 26

/* Checks and decodes one 68-byte record into game (record number left to the caller).
 * Returns false with the reason in why when it is damaged or a move is illegal. */
bool wthor_decode_record (const uint8_t *record, WthorGame *game, char *why, size_t why_size);

/* Replays a decoded game: calls visit with the position before every move (the side to move
 * is the one about to play; passes happen in between) and black's colour flag. */
typedef void (*WthorVisit) (const Board *board, bool black_to_move, int move, void *user_data);
void wthor_replay (const WthorGame *game, WthorVisit visit, void *user_data);
