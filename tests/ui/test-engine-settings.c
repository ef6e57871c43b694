/* test-engine-settings.c: the engines added in Preferences and New Game's choices among them
 * (verso-engine-settings.h): which key holds the choice for each colour in each mode, the engine
 * a colour gets, Verso's levels for a name no longer added, and a removed engine's choices going
 * back to Verso. On the settings' memory backend, without a display. */
#include <gio/gio.h>

#include "check-glib.h"
#include "engine-settings-test.h"

/* The engine settings give color: its name, command and depth, or NULL when Verso plays it. */
typedef struct {
  gboolean found;
  char *name, *command;
  int depth;
} Chosen;

static Chosen chosen_for (GSettings *settings, VersoColor color)
{
  Chosen chosen = { 0 };

  chosen.found = verso_engine_settings_for (settings, color, &chosen.name, &chosen.command, &chosen.depth);
  return chosen;
}

static void chosen_clear (Chosen *chosen)
{
  g_free (chosen->name);
  g_free (chosen->command);
}

#define CHECK_CHOSEN(settings, color, expected_name, expected_command, expected_depth)               \
  do {                                                                                              \
    Chosen check_chosen = chosen_for (settings, color);                                            \
    CHECK (check_chosen.found);                                                                     \
    CHECK_CMP_STR (check_chosen.name, ==, expected_name);                                           \
    CHECK_CMP_STR (check_chosen.command, ==, expected_command);                                     \
    CHECK_CMP_INT (check_chosen.depth, ==, expected_depth);                                         \
    chosen_clear (&check_chosen);                                                                   \
  } while (0)

#define CHECK_VERSO(settings, color)                                                                \
  do {                                                                                              \
    Chosen check_chosen = chosen_for (settings, color);                                            \
    CHECK (!check_chosen.found);                                                                    \
    CHECK (check_chosen.name == NULL && check_chosen.command == NULL);                              \
    chosen_clear (&check_chosen);                                                                   \
  } while (0)

/* Against a person one key holds the computer's player, whatever its colour; when the computer
 * plays itself, each colour has its own. */
static void test_keys (void)
{
  CHECK_CMP_STR (verso_engine_settings_key (VERSO_MODE_VERSUS_COMPUTER, VERSO_COLOR_BLACK), ==, "opponent");
  CHECK_CMP_STR (verso_engine_settings_key (VERSO_MODE_VERSUS_COMPUTER, VERSO_COLOR_WHITE), ==, "opponent");
  CHECK_CMP_STR (verso_engine_settings_key (VERSO_MODE_TWO_PLAYERS, VERSO_COLOR_WHITE), ==, "opponent");
  CHECK_CMP_STR (verso_engine_settings_key (VERSO_MODE_COMPUTER_ONLY, VERSO_COLOR_BLACK), ==, "black-engine");
  CHECK_CMP_STR (verso_engine_settings_key (VERSO_MODE_COMPUTER_ONLY, VERSO_COLOR_WHITE), ==, "white-engine");
}

/* The computer against itself: an engine for Black, Verso for White, and the opponent chosen
 * against a person plays neither; then one engine against the other. */
static void test_each_colour_when_the_computer_plays_itself (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();
  g_autofree char *opponent = NULL;

  check_engine_settings_add (settings, "Edax", "edax -n 1", 4);
  check_engine_settings_add (settings, "NTest", "cd /opt/ntest && ./ntest", 12);
  g_settings_set_string (settings, "game-mode", "computer-only");
  g_settings_set_string (settings, "opponent", "NTest");
  g_settings_set_string (settings, "black-engine", "Edax");
  CHECK_CHOSEN (settings, VERSO_COLOR_BLACK, "Edax", "edax -n 1", 4);
  CHECK_VERSO (settings, VERSO_COLOR_WHITE);

  g_settings_set_string (settings, "white-engine", "NTest");
  CHECK_CHOSEN (settings, VERSO_COLOR_BLACK, "Edax", "edax -n 1", 4);
  CHECK_CHOSEN (settings, VERSO_COLOR_WHITE, "NTest", "cd /opt/ntest && ./ntest", 12);
  /* The same engine may play both colours. */
  g_settings_set_string (settings, "white-engine", "Edax");
  CHECK_CHOSEN (settings, VERSO_COLOR_WHITE, "Edax", "edax -n 1", 4);
  /* Each colour's choice is kept apart from the opponent's. */
  g_settings_set_string (settings, "black-engine", "");
  CHECK_VERSO (settings, VERSO_COLOR_BLACK);
  opponent = g_settings_get_string (settings, "opponent");
  CHECK_CMP_STR (opponent, ==, "NTest");
}

/* Against a person the opponent is asked for, and the colours' own choices are not. */
static void test_opponent_against_a_person (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();

  check_engine_settings_add (settings, "Edax", "edax", 4);
  g_settings_set_string (settings, "game-mode", "versus-computer");
  g_settings_set_string (settings, "black-engine", "Edax");
  g_settings_set_string (settings, "white-engine", "Edax");
  CHECK_VERSO (settings, VERSO_COLOR_WHITE);
  g_settings_set_string (settings, "opponent", "Edax");
  CHECK_CHOSEN (settings, VERSO_COLOR_WHITE, "Edax", "edax", 4);
  CHECK_CHOSEN (settings, VERSO_COLOR_BLACK, "Edax", "edax", 4);
  g_settings_set_string (settings, "opponent", "");
  CHECK_VERSO (settings, VERSO_COLOR_BLACK);
}

/* A name that is no engine's (removed, or written by hand) is Verso; a depth written by hand
 * outside 1..60 is brought into it. */
static void test_unknown_names_and_depths (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();

  g_settings_set_value (settings, "engines", g_variant_new_parsed ("[('Deep', 'deep', 99), ('Flat', 'flat', -3)]"));
  g_settings_set_string (settings, "game-mode", "computer-only");
  g_settings_set_string (settings, "black-engine", "Gone");
  g_settings_set_string (settings, "white-engine", "deep");  /* names are matched exactly */
  CHECK_VERSO (settings, VERSO_COLOR_BLACK);
  CHECK_VERSO (settings, VERSO_COLOR_WHITE);
  g_settings_set_string (settings, "black-engine", "Deep");
  g_settings_set_string (settings, "white-engine", "Flat");
  CHECK_CHOSEN (settings, VERSO_COLOR_BLACK, "Deep", "deep", VERSO_ENGINE_DEPTH_MAX);
  CHECK_CHOSEN (settings, VERSO_COLOR_WHITE, "Flat", "flat", VERSO_ENGINE_DEPTH_MIN);
  /* Each out pointer may be NULL. */
  CHECK (verso_engine_settings_for (settings, VERSO_COLOR_BLACK, NULL, NULL, NULL));
}

/* Removing an engine gives every choice of it (New Game's and the hints') back to Verso, and
 * leaves the others. */
static void test_removed_engine_leaves_the_choices (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();
  g_auto (GStrv) names = NULL;
  g_autofree char *opponent = NULL, *black = NULL, *white = NULL, *hints = NULL;

  check_engine_settings_add (settings, "Edax", "edax", 4);
  check_engine_settings_add (settings, "NTest", "ntest", 12);
  g_settings_set_string (settings, "opponent", "Edax");
  g_settings_set_string (settings, "black-engine", "Edax");
  g_settings_set_string (settings, "white-engine", "NTest");
  g_settings_set_string (settings, "hint-engine", "Edax");
  verso_engine_settings_remove (settings, "Edax");
  names = verso_engine_settings_dup_names (settings);
  REQUIRE (names != NULL);
  CHECK_CMP_UINT (g_strv_length (names), ==, 1);
  CHECK_CMP_STR (names[0], ==, "NTest");
  opponent = g_settings_get_string (settings, "opponent");
  black = g_settings_get_string (settings, "black-engine");
  white = g_settings_get_string (settings, "white-engine");
  hints = g_settings_get_string (settings, "hint-engine");
  CHECK_CMP_STR (opponent, ==, "");
  CHECK_CMP_STR (black, ==, "");
  CHECK_CMP_STR (white, ==, "NTest");
  CHECK_CMP_STR (hints, ==, "");
  check_settings_write_through (settings);
  g_settings_set_string (settings, "game-mode", "computer-only");
  CHECK_VERSO (settings, VERSO_COLOR_BLACK);
  CHECK_CHOSEN (settings, VERSO_COLOR_WHITE, "NTest", "ntest", 12);
}

int main (void)
{
  check_glib_init ();
  check_run ("/engine-settings/keys", test_keys);
  check_run ("/engine-settings/computer-against-itself", test_each_colour_when_the_computer_plays_itself);
  check_run ("/engine-settings/opponent", test_opponent_against_a_person);
  check_run ("/engine-settings/unknown-names-and-depths", test_unknown_names_and_depths);
  check_run ("/engine-settings/removed-engine", test_removed_engine_leaves_the_choices);
  return check_finish ();
}
