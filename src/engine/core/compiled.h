/* compiled.h: data compiled into the program (the book, the database, the weights and the tables
 * that embed-bytes turns into arrays), decoded the first time any thread asks and kept for the
 * program's life. A file declares one Compiled with COMPILED_INIT (the bytes, their size, its
 * decoder, and what to say when nothing was compiled in), then compiled_get () gives the decoded
 * value, or NULL with compiled_error () saying why. */
#pragma once

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/* Decodes size bytes into a value of the caller's, or returns NULL after writing why in error
 * (error_size bytes, always terminated). */
typedef void *CompiledDecode (const void *bytes, size_t size, char *error, size_t error_size);

typedef struct Compiled {
  const void *bytes;
  const size_t *size;      /* a pointer: the generated size is a variable, not a constant */
  CompiledDecode *decode;
  const char *missing;     /* the error when *size is 0, or NULL to let decode judge empty data */
  /* Below: filled once, by the first caller. */
  pthread_mutex_t lock;
  atomic_bool done;
  void *value;
  char error[200];
} Compiled;

#define COMPILED_INIT(bytes_, size_, decode_, missing_)                                  \
  { .bytes = (bytes_), .size = (size_), .decode = (decode_), .missing = (missing_),     \
    .lock = PTHREAD_MUTEX_INITIALIZER }

/* The decoded value, decoding it on the first call; NULL when it could not be decoded. */
void *compiled_get (Compiled *compiled);

/* Why compiled_get gives NULL, or NULL when it gives a value. */
const char *compiled_error (Compiled *compiled);
